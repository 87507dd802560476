"""Move notation, refusals of unreadable moves, prompts, suggestions and quick actions."""

from __future__ import annotations

import random

import pytest
from game_support import parse_refusal
from mb_builders import ENGINE
from mb_builders import cards
from mb_builders import city
from mb_builders import field
from mb_builders import fresh

from games.core import MAX_QUICK_ACTIONS
from games.core import IllegalAction
from games.mauerbauer import rules
from games.mauerbauer.actions import DONE
from games.mauerbauer.actions import PASS
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Merge
from games.mauerbauer.actions import PlaceHouses
from games.mauerbauer.actions import PlaceTowers
from games.mauerbauer.actions import Play
from games.mauerbauer.actions import Swap
from games.mauerbauer.data import KIND_INDEX
from games.mauerbauer.state import OVER
from games.mauerbauer.state import State


def positions(players: int, seed: int, every: int = 1) -> list[State]:
    chooser = random.Random(seed)
    state = ENGINE.setup(players, seed)
    found = []
    step = 0
    while state.phase != OVER:
        if step % every == 0:
            found.append(state)
        (seat,) = ENGINE.to_act(state)
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
        step += 1
    return found


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (BuildWall(22), "wall 23"),
        (PlaceTowers(((4, 2), (5, 1))), "towers T5 black T6 grey"),
        (PlaceTowers(((4, 0),)), "tower T5 white"),
        (PlaceHouses(((2, 4), (3, 1))), "houses A3 red A4 green"),
        (PlaceHouses(((0, 3),)), "house A1 pink"),
        (Merge(None), "no merge"),
        (Merge(21), "merge B7"),
        (Play((KIND_INDEX["city-7"], KIND_INDEX["water"])), "play city-7 water"),
        (Play((KIND_INDEX["city-7"],), 21), "play city-7 for B7"),
        (Discard(KIND_INDEX["walls"]), "discard walls"),
        (Swap(KIND_INDEX["walls"]), "swap walls"),
        (DONE, "done"),
        (PASS, "pass"),
    ],
)
def test_notation_of_every_kind_of_move(action: object, text: str) -> None:
    state = fresh(2, 0, cities=(city("B7"),))
    assert ENGINE.format_action(state, action) == text
    assert ENGINE.parse_action(state, 0, text) == action
    assert ENGINE.parse_action(state, 0, f"  {text.upper()}  ") == action


def test_friendly_variants() -> None:
    state = fresh(2, 0, cities=(city("B7", "B8"),))
    assert ENGINE.parse_action(state, 0, "wall #23") == BuildWall(22)
    assert ENGINE.parse_action(state, 0, "towers T6 gray T5 black") == PlaceTowers(((4, 2), (5, 1)))
    assert ENGINE.parse_action(state, 0, "house A3 red A4 green") == PlaceHouses(((2, 4), (3, 1)))
    assert ENGINE.parse_action(state, 0, "merge B8") == Merge(field("B7"))
    assert ENGINE.parse_action(state, 0, "play water city-7") == Play(cards("city-7", "water"))


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("wall 79", "There is no wall line 79: the lines are numbered 1 to 78."),
        ("wall 0", "There is no wall line 0: the lines are numbered 1 to 78."),
        ("tower T35 black", "There is no tower field “t35”: they are T1 to T34."),
        (
            "houses A3 purple A4 red",
            ENGINE.texts["mauerbauer.error.unknown_colour"].format(name="purple"),
        ),
        ("houses D1 red", "There is no field “d1”: the fields are A1–A15, B1–B15 and C1–C15."),
        (
            "play city-8",
            ENGINE.texts["mauerbauer.error.unknown_card"].format(name="city-8"),
        ),
        ("play walls red blue", "Play at most 2 cards."),
        (
            "build a castle",
            ENGINE.texts["mauerbauer.error.notation"].format(text="build a castle"),
        ),
    ],
)
def test_unreadable_moves_are_refused_with_a_sentence(text: str, sentence: str) -> None:
    assert str(parse_refusal(ENGINE, fresh(2, 0), 0, text)) == sentence


def test_round_trip_and_distinct_strings_along_games() -> None:
    for players in (2, 3, 4):
        for state in positions(players, players, every=3):
            (seat,) = ENGINE.to_act(state)
            legal = ENGINE.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            texts = [ENGINE.format_action(state, action) for action in legal]
            assert len(set(texts)) == len(texts)
            for action, text in zip(legal, texts, strict=True):
                assert ENGINE.parse_action(state, seat, text) == action


def test_suggestions_narrow_by_kind_then_target() -> None:
    state = fresh(2, 0, active=0)
    first = ENGINE.suggest(state, 0, "", 25)
    assert len(first) == 25 and all(text.startswith("wall ") for text in first)
    assert ENGINE.suggest(state, 0, "wall 7", 25) == [
        "wall 7",
        "wall 70",
        "wall 71",
        "wall 72",
        "wall 73",
        "wall 74",
        "wall 75",
        "wall 76",
        "wall 77",
        "wall 78",
    ]
    assert ENGINE.suggest(state, 0, "7", 3) == ["wall 7", "wall 70", "wall 71"]
    assert ENGINE.suggest(state, 1, "", 25) == []
    hands = (cards("city-7", "water", "walls", "red"), cards("cities"))
    scoring = rules._start_scoring(fresh(2, 0, active=0, cities=(city("B2"),), city=0, hands=hands))
    found = ENGINE.suggest(scoring, 0, "", 25)
    assert {text.split()[0] for text in found[:2]} == {"play", "discard"}
    assert all(text.startswith("discard") for text in ENGINE.suggest(scoring, 0, "disc", 25))
    assert ENGINE.suggest(scoring, 0, "play city-7 w", 25) == [
        "play city-7 water",
        "play city-7 walls",
    ] or set(ENGINE.suggest(scoring, 0, "play city-7 w", 25)) == {"play city-7 water", "play city-7 walls"}
    assert ENGINE.suggest(scoring, 0, "play walls", 25)[0] == "play walls"


def test_quick_actions_are_few_legal_and_best_first() -> None:
    for state in positions(4, 9, every=2):
        (seat,) = ENGINE.to_act(state)
        quick = ENGINE.quick_actions(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        assert 0 < len(quick) <= MAX_QUICK_ACTIONS
        assert len(set(quick)) == len(quick) and set(quick) <= set(legal)
    hands = (cards("city-1", "cities", "walls", "red"), cards("water"))
    scoring = rules._start_scoring(fresh(2, 0, active=0, cities=(city("B2"),), city=0, hands=hands))
    quick = ENGINE.quick_actions(scoring, 0)
    # 6 + 1 points first; at equal points the play of fewer cards (a kept card breaks ties).
    assert quick[:3] == [Play(cards("city-1", "cities")), Play(cards("city-1")), Play(cards("city-1", "red"))]


def test_prompts_say_what_to_decide() -> None:
    state = fresh(2, 0, active=0)
    assert ENGINE.prompt(state, 0).default == (
        "Your turn: build a wall on a free line (`wall 23`); the dice are rolled for you afterwards."
    )
    assert ENGINE.prompt(state, 1).default == "Nothing to decide now: Player 1 decides."
    scoring = rules._start_scoring(
        fresh(2, 0, active=0, cities=(city("B1", "B2", "B3", "B4", "B5", "B6", "B7"),), city=0)
    )
    assert ENGINE.prompt(scoring, 0).default == (
        "Play 1 or 2 cards for the new city at B1 (7 fields), or discard 1 (`play …`, `discard …`)."
    )
    # Named as `play … for` names it: the wall that closed it may have been someone else's.
    single = rules._start_scoring(fresh(2, 0, active=0, cities=(city("C8"),), city=0))
    assert ENGINE.prompt(single, 0).default == (
        "Play 1 or 2 cards for the new city at C8 (1 field), or discard 1 (`play …`, `discard …`)."
    )


def test_describe_says_only_what_the_move_shows() -> None:
    state = fresh(2, 0, active=0)
    assert ENGINE.describe(state, 0, BuildWall(22)).default == "Player 1 builds a wall on line 23."
    towers = ENGINE.describe(state, 0, PlaceTowers(((4, 2), (5, 1)))).default
    assert towers == "Player 1 places a black tower on T5 and a grey tower on T6."
    with pytest.raises(IllegalAction):
        ENGINE.describe(state, 0, "nonsense")
