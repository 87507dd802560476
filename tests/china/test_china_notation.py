"""The move notation, autocomplete, buttons, prompts and summaries."""

from __future__ import annotations

import itertools
from functools import partial

import game_support
import pytest
from china_support import act
from china_support import position
from china_support import random_states

from games.china import ENGINE
from games.china import Place
from games.china import Swap
from games.china import Take
from games.core import MAX_QUICK_ACTIONS

said = partial(game_support.said, ENGINE)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_round_trip_and_distinct_notations_along_games(players: int) -> None:
    options = {"fortresses": "on"}
    for number, state in enumerate(random_states(players, players * 7, options)):
        seat = ENGINE.current_turn(state)
        if seat is None or number % 3:
            continue
        legal = ENGINE.legal_actions(state, seat)
        texts = [ENGINE.format_action(state, action) for action in legal]
        assert len(set(texts)) == len(texts) == len(set(legal))
        for action, text in zip(legal, texts, strict=True):
            assert ENGINE.parse_action(state, seat, text) == action


def test_the_forms_of_the_notation() -> None:
    state = position()
    parse = ENGINE.parse_action
    assert parse(state, 0, "house wei 3") == Place(0, 1, 2, -1)
    assert parse(state, 0, "House  WEI 3 joker Green") == Place(0, 1, 2, 2)
    assert parse(state, 0, "emissary ch'in") == Place(1, 6, -1, -1)
    assert parse(state, 0, "gesandter qin joker rot") == Place(1, 6, -1, 1)
    assert parse(state, 0, "afgezant chin") == Place(1, 6, -1, -1)
    assert parse(state, 0, "haus chu 8") == parse(state, 0, "huis chu 8") == Place(0, 0, 7, -1)
    assert parse(state, 0, "festung lu 4") == Place(2, 8, 3, -1)
    # Ch'in's sixth space (added to the board later) reads and writes like the others.
    assert parse(state, 0, "house qin 6") == parse(state, 0, "haus ch'in 6") == Place(0, 6, 5, -1)
    assert ENGINE.format_action(state, Place(0, 6, 5, 3)) == "house qin 6 joker yellow"
    assert parse(state, 0, "take stapel") == parse(state, 0, "take deck") == Take(-1)
    assert parse(state, 0, "take groen") == Take(2)
    assert parse(state, 0, "swap lila for deck") == Swap(0, -1)
    assert ENGINE.format_action(state, Place(1, 6, -1, 3)) == "emissary qin joker yellow"


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("house peking 3", "There is no province called “peking”."),
        ("house wei", "Say which house space, for example `house wei 1`."),
        ("house wei 9", "Wei has no house space 9."),
        ("house qin 7", "Ch'in has no house space 7."),
        ("house wei 987654321", "Say which house space"),
        ("take blue", "I cannot read “take blue”."),
        ("", "I cannot read “”."),
    ],
)
def test_unreadable_moves_are_refused_with_a_sentence(text: str, sentence: str) -> None:
    refused = game_support.parse_refusal(ENGINE, position(), 0, text)
    assert str(refused).startswith(sentence)
    said(refused.message)


def test_suggestions_narrow_by_kind_then_province_then_space() -> None:
    state = position(houses={"WEI1": 1, "QIN1": 2}, hands=["red red yellow", "", "", ""])
    first = ENGINE.suggest(state, 0, "", 25)
    assert {text.split()[0] for text in first[:3]} == {"house", "emissary", "swap"}
    houses = ENGINE.suggest(state, 0, "house ", 25)
    assert len({text.split()[1] for text in houses[:5]}) == 5, houses
    wei = ENGINE.suggest(state, 0, "house wei", 25)
    assert all(text.startswith("house wei ") for text in wei)
    assert "house wei 2" in wei and "house wei 7" in wei
    assert ENGINE.suggest(state, 0, "em", 25)[0].startswith("emissary")
    assert ENGINE.suggest(state, 0, "haus wei 3", 25)[0] == "house wei 3"
    assert ENGINE.suggest(state, 0, "zzz", 25) == []
    legal = set(ENGINE.legal_actions(state, 0))
    for typed in ("", "h", "house q", "swap", "e"):
        for text in ENGINE.suggest(state, 0, typed, 10):
            assert ENGINE.parse_action(state, 0, text) in legal
    assert ENGINE.suggest(state, 1, "", 25) == []


def test_quick_actions_offer_the_likely_steps() -> None:
    state = position(houses={"WEI1": 0, "QIN1": 2}, hands=["red red yellow", "", "", ""])
    quick = [ENGINE.format_action(state, action) for action in ENGINE.quick_actions(state, 0)]
    assert len(quick) <= MAX_QUICK_ACTIONS
    # WEI2 lies on a road next to the seat's own house on WEI1.
    assert quick[0] == "house wei 2"
    assert "emissary wei" in quick and any(text.startswith("swap") for text in quick)
    state = act(state, 0, "house wei 2")
    quick = [ENGINE.format_action(state, action) for action in ENGINE.quick_actions(state, 0)]
    assert "end" in quick and all(
        text == "end" or text.startswith(("house wei", "emissary wei")) for text in quick
    )
    state = act(state, 0, "end")
    quick = [ENGINE.format_action(state, action) for action in ENGINE.quick_actions(state, 0)]
    assert quick == ["take purple", "take red", "take green", "take yellow", "take deck"]


def test_prompts_say_which_step() -> None:
    state = position(houses={"WEI1": 1}, hands=["red red yellow", "", "", ""])
    assert said(ENGINE.prompt(state, 0)).startswith("Your turn: place 1 or 2 pieces in one province")
    assert said(ENGINE.prompt(state, 1)) == "It is Player 1's turn."
    state = act(state, 0, "house wei 2")
    assert said(ENGINE.prompt(state, 0)) == "Place one more piece in Wei, or end placing (`end`)."
    state = act(state, 0, "end")
    assert said(ENGINE.prompt(state, 0)) == "Take a card: one of the open cards or the deck (1 to take)."


def test_turn_numbers_count_turns() -> None:
    numbers = [ENGINE.turn_number(state) for state in random_states(4, 3)]
    assert numbers[0] == 0
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(numbers))


def test_summaries() -> None:
    state = position(hands=["red red yellow", "", "", ""], fortresses=True)
    assert said(ENGINE.private_summary(state, 0)) == (  # type: ignore[arg-type]
        "Your hand: 2 × red, 1 × yellow. 0 points, 3 cards in hand, 20 houses, "
        "8 emissaries and 1 fortress in supply."
    )
    assert said(ENGINE.seat_summary(state, 1)) == (  # type: ignore[arg-type]
        "0 points, 0 cards in hand, 20 houses, 8 emissaries and 1 fortress in supply."
    )


def test_describe_names_the_payment() -> None:
    state = position(houses={"WEI1": 1}, hands=["red green green", "", "", ""])
    move = ENGINE.parse_action(state, 0, "house wei 2 joker green")
    assert said(ENGINE.describe(state, 0, move)) == (
        "Player 1 builds a house on space 2 of Wei, paying two green cards as a joker."
    )
    assert said(ENGINE.describe(state, 0, Take(-1))) == "Player 1 draws a card from the deck."
