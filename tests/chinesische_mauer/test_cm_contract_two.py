"""The contract, part two: prompts, quick actions, summaries, turn numbers, locales."""

from __future__ import annotations

import itertools
import json
from functools import partial
from pathlib import Path
from typing import Any

import game_support
import pytest
from cm_builders import act
from cm_builders import cards_closing
from cm_builders import position
from game_support import template_fields

import texts
from games.chinesische_mauer import ENGINE
from games.chinesische_mauer import DragonOn
from games.chinesische_mauer import Draw
from games.chinesische_mauer import PlaceTile
from games.chinesische_mauer import PlayCards
from games.chinesische_mauer import TakeTile
from games.chinesische_mauer.data import LOCALES
from games.chinesische_mauer.data import TEXTS
from games.chinesische_mauer.state import State
from games.core import MAX_QUICK_ACTIONS
from games.core import Player

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "chinesische_mauer"


said = partial(game_support.said, ENGINE)
random_states = partial(game_support.random_states, ENGINE)


# -- prompt -------------------------------------------------------------------------------------


def actions_position(**changes: Any) -> State:
    """Seat 0 to make its two actions, in a 2-player game; `changes` replace the defaults."""
    fields: dict[str, Any] = {
        "players": 2,
        "sites": ["5 3 | 1:wall", "4 2 |"],
        "turn": 0,
        "hands": ["wall gate", "gate"],
        # Cards a built position leaves out count as played: keep the horsemen in the deck.
        "decks": ["wall horseman horseman", "wall"],
        "pending": (),
    }
    fields.update(changes)
    return position(**fields)


def test_prompt_two_actions_then_one() -> None:
    state = actions_position()
    assert said(ENGINE.prompt(state, 0)) == (
        "Your turn: two actions — play cards or draw a card. Horsemen may also be played for free."
    )
    state = act(state, 0, "draw")
    assert said(ENGINE.prompt(state, 0)) == (
        "Your turn: one action left — play cards or draw a card. Horsemen may also be played for free."
    )


def test_prompt_says_when_the_deck_or_the_hand_is_empty() -> None:
    no_deck = actions_position(hands=["wall horseman", "gate"], decks=["", "wall"])
    assert said(ENGINE.prompt(no_deck, 0)).startswith(
        "Your turn: two actions — play cards (your deck is empty)."
    )
    no_hand = actions_position(hands=["", "gate"])
    # An empty hand holds no horseman: no word about them.
    assert said(ENGINE.prompt(no_hand, 0)) == "Your turn: two actions — draw a card (your hand is empty)."


def test_prompt_leaves_out_free_horsemen_once_both_are_played() -> None:
    played = actions_position(sites=["5 3 | 1:wall 0:horseman", "4 2 | 0:horseman"], decks=["wall", "wall"])
    assert said(ENGINE.prompt(played, 0)) == "Your turn: two actions — play cards or draw a card."
    # One played, one still somewhere (hand or deck, nobody else knows): the note stays.
    one = actions_position(sites=["5 3 | 1:wall 0:horseman", "4 2 |"], decks=["wall horseman", "wall"])
    assert "Horsemen may also be played for free." in said(ENGINE.prompt(one, 0))
    # A horseman under a dragon was played too, and so was one that left with a cleared site.
    covered = actions_position(sites=["5 3 | 1:wall 0:horseman^1:dragon", "4 2 |"], decks=["wall", "wall"])
    assert covered.discarded[0][5] == 1
    assert "Horsemen" not in said(ENGINE.prompt(covered, 0))


def test_prompt_does_not_depend_on_the_cards_in_hand() -> None:
    """A prompt may be posted in the thread: it says nothing the board does not show."""
    one = actions_position(hands=["wall horseman", "gate"], decks=["wall horseman", "wall"])
    other = actions_position(hands=["wall gate", "gate"], decks=["horseman horseman", "wall"])
    assert ENGINE.prompt(one, 0) == ENGINE.prompt(other, 0)


def test_prompt_score_one_site_first_lay_a_tile() -> None:
    state = position(players=2, sites=["5 3 | 0:gate 1:wall", "4 2 | 1:gate"], hands=["wall", "wall"])
    assert state.pending == (0,)
    assert said(ENGINE.prompt(state, 0)) == (
        "Your turn: score site 1 first — lay fame tile 5 or 3 on one of your cards there."
    )


def test_prompt_score_one_site_with_equal_tiles() -> None:
    state = position(players=3, sites=["4 4 | 0:gate", "5 2 |", "3 2 |"], hands=["wall", "wall", "wall"])
    assert said(ENGINE.prompt(state, 0)) == (
        "Your turn: score site 1 first — lay one of its fame tiles 4 on one of your cards there."
    )


def test_prompt_score_one_site_take_the_tile() -> None:
    state = position(players=2, sites=["5 3@1 | 0:tower", "4 2 |"], hands=["wall", "wall"])
    assert state.pending == (0,)
    assert said(ENGINE.prompt(state, 0)) == "Your turn: score site 1 first — take its free fame tile 5."


def test_prompt_score_several_sites_in_any_order() -> None:
    state = position(players=2, sites=["5 3 | 0:gate", "4 2@1 | 0:tower"], hands=["wall", "wall"])
    assert state.pending == (0, 1)
    assert said(ENGINE.prompt(state, 0)) == "Your turn: score sites 1 and 2 first, in any order."
    # The numbers are joined in the reader's language.
    assert texts.render(ENGINE.prompt(state, 0), "de") == (
        "Du bist am Zug: Werte zuerst die Bauabschnitte 1 und 2, in beliebiger Reihenfolge."
    )
    state = act(state, 0, "take 2")
    assert said(ENGINE.prompt(state, 0)).startswith("Your turn: score site 1 first — lay fame tile 5 or 3")


def test_prompt_in_the_last_round_with_cards_closed_is_scoring_only() -> None:
    state = position(
        players=2,
        sites=["5 3@1 | 0:tower", "4 2 | 0:gate"],
        hands=["wall", ""],
        decks=["", ""],
        last_round=1,
        cards_closed=True,
    )
    assert said(ENGINE.prompt(state, 0)) == (
        "Your turn in the last round, scoring only: score sites 1 and 2, in any order."
    )
    state = act(state, 0, "take 1")
    assert said(ENGINE.prompt(state, 0)) == (
        "Your turn in the last round, scoring only: score site 2 — "
        "lay fame tile 4 or 2 on one of your cards there."
    )


def test_prompt_in_the_last_round_before_cards_close_says_it_is_the_last_turn_with_cards() -> None:
    state = actions_position(hands=["wall gate", ""], decks=["wall horseman horseman", ""], last_round=1)
    assert said(ENGINE.prompt(state, 0)) == (
        "Your turn: two actions — play cards or draw a card. Horsemen may also be played for free. "
        "The last round has begun: this is your last turn with cards."
    )
    scoring = position(
        players=2, sites=["5 3 | 0:gate", "4 2 |"], hands=["wall", ""], decks=["", ""], last_round=1
    )
    assert said(ENGINE.prompt(scoring, 0)) == (
        "Your turn: score site 1 first — lay fame tile 5 or 3 on one of your cards there. "
        "The last round has begun: this is your last turn with cards."
    )


def test_prompt_for_a_seat_not_to_act_and_after_the_end() -> None:
    state = actions_position()
    waiting = ENGINE.prompt(state, 1)
    assert said(waiting) == "It is Player 1's turn."
    assert waiting.params["player"] == Player(0)
    over = position(players=2, sites=["closed", "closed"], won=[[5], [3]], over=True)
    assert said(ENGINE.prompt(over, 0)) == "The game is over."
    with pytest.raises(ValueError):
        ENGINE.prompt(state, 2)


def test_prompt_translates() -> None:
    state = position(players=2, sites=["5 3@1 | 0:tower", "4 2 |"], hands=["wall", "wall"])
    message = ENGINE.prompt(state, 0)
    assert texts.render(message, "de") == (
        "Du bist am Zug: Werte zuerst Bauabschnitt 1 — nimm das freie Ruhmeskärtchen 5."
    )
    assert texts.render(message, "nl") == (
        "Je bent aan de beurt: waardeer eerst bouwplaats 1 — neem de vrije roemfiche 5."
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_prompt_of_random_games_has_its_words_in_three_languages(players: int) -> None:
    for seed in range(3):
        for state in random_states(players, seed):
            for seat in ENGINE.to_act(state):
                assert said(ENGINE.prompt(state, seat)).startswith("Your turn")


# -- quick actions ------------------------------------------------------------------------------


def test_quick_actions_rank_draw_then_single_cards_then_free_horsemen_then_the_rest() -> None:
    state = actions_position(hands=["wall wall horseman dragon", "gate"], decks=["wall", "wall"])
    quick = ENGINE.quick_actions(state, 0)
    assert quick == [
        Draw(),
        PlayCards("wall", 1, 0),
        PlayCards("wall", 1, 1),
        PlayCards("horseman", 1, 0),
        PlayCards("horseman", 1, 1),
        PlayCards("dragon", 1, 0),
        PlayCards("dragon", 1, 1),
        PlayCards("horseman", 1, 0, free=True),
        PlayCards("horseman", 1, 1, free=True),
        PlayCards("wall", 2, 0),
        PlayCards("wall", 2, 1),
        DragonOn(0, 0),
    ]
    assert sorted(map(repr, quick)) == sorted(map(repr, ENGINE.legal_actions(state, 0)))


def test_quick_actions_put_scoring_first_takes_before_tiles() -> None:
    state = position(players=2, sites=["5 3 | 0:gate 0:wall", "4 2@1 | 0:tower"], hands=["wall", "wall"])
    assert ENGINE.quick_actions(state, 0) == [
        TakeTile(1),
        PlaceTile(0, 3, 0),
        PlaceTile(0, 3, 1),
        PlaceTile(0, 5, 0),
        PlaceTile(0, 5, 1),
    ]


def test_quick_actions_keep_at_most_twenty_and_cut_the_least_useful() -> None:
    state = actions_position(
        hands=["wall wall wall gate gate warrior warrior horseman horseman", "gate"], decks=["wall", "wall"]
    )
    legal = ENGINE.legal_actions(state, 0)
    quick = ENGINE.quick_actions(state, 0)
    assert len(legal) > MAX_QUICK_ACTIONS == len(quick)
    assert quick[0] == Draw()
    singles = [a for a in legal if type(a) is PlayCards and a.count == 1 and not a.free]
    assert quick[1 : 1 + len(singles)] == sorted(singles, key=lambda a: (KIND_ORDER.index(a.kind), a.site))
    rest = quick[1 + len(singles) :]
    assert rest[:2] == [PlayCards("horseman", 1, 0, free=True), PlayCards("horseman", 1, 1, free=True)]
    # Then plays of several cards, as many as fit; free plays of both horsemen do not.
    assert all(type(a) is PlayCards and a.count > 1 and not a.free for a in rest[2:])


KIND_ORDER = ["wall", "gate", "tower", "noble", "warrior", "horseman", "dragon"]


def test_quick_actions_of_a_seat_not_to_act_or_a_finished_game_are_none() -> None:
    assert ENGINE.quick_actions(actions_position(), 1) == []
    over = position(players=2, sites=["closed", "closed"], won=[[5], [3]], over=True)
    assert ENGINE.quick_actions(over, 0) == []


@pytest.mark.parametrize("players", [2, 5])
def test_quick_actions_of_random_games_are_legal_distinct_and_few(players: int) -> None:
    for seed in range(3):
        for state in random_states(players, seed):
            for seat in range(players):
                quick = ENGINE.quick_actions(state, seat)
                legal = ENGINE.legal_actions(state, seat)
                assert len(quick) <= MAX_QUICK_ACTIONS
                assert len(set(quick)) == len(quick)
                assert set(quick) <= set(legal)
                if len(legal) <= MAX_QUICK_ACTIONS:
                    assert set(quick) == set(legal)
                if state.pending and seat == state.turn:
                    assert all(type(a) in (TakeTile, PlaceTile) for a in quick)
                elif Draw() in legal:
                    assert quick[0] == Draw()


# -- summaries ----------------------------------------------------------------------------------


def summary_position() -> State:
    return position(
        players=3,
        sites=["5 3 | 1:wall", "4 2 |", "3 2 |"],
        turn=0,
        hands=["dragon wall gate wall", "", "tower"],
        decks=["wall gate", "wall", ""],
        won=[[7, 2], [], [1]],
        pending=(),
    )


def test_private_summary_lists_the_hand_in_kind_order_with_deck_and_won_tiles() -> None:
    message = ENGINE.private_summary(summary_position(), 0)
    assert message is not None
    assert said(message) == (
        "**Your hand:** 2 × Wall, 1 × Gate, 1 × Dragon\nCards in your deck: 2 · Fame tiles won: 2 (9 points)"
    )
    assert texts.render(message, "de") == (
        "**Deine Hand:** 2 × Mauer, 1 × Tor, 1 × Drache\n"
        "Karten im Nachziehstapel: 2 · Gewonnene Ruhmeskärtchen: 2 (9 Punkte)"
    )


def test_private_summary_of_an_empty_hand() -> None:
    message = ENGINE.private_summary(summary_position(), 1)
    assert message is not None
    assert said(message) == "**Your hand:** no cards\nCards in your deck: 1 · Fame tiles won: 0 (0 points)"


def test_seat_summary_is_public_figures_only() -> None:
    state = summary_position()
    message = ENGINE.seat_summary(state, 0)
    assert message is not None
    assert said(message) == "hand 4 · deck 2 · tiles 2"
    # The values of won tiles are secret while the game runs.
    assert set(message.params) == {"hand", "deck", "tiles"}
    other = ENGINE.seat_summary(state, 2)
    assert other is not None
    assert said(other) == "hand 1 · deck 0 · tiles 1"
    with pytest.raises(ValueError):
        ENGINE.seat_summary(state, 3)
    with pytest.raises(ValueError):
        ENGINE.private_summary(state, -1)


# -- turn number --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_turn_number_changes_exactly_when_the_seat_to_move_changes(players: int) -> None:
    for seed in range(10):
        states = list(random_states(players, seed))
        assert ENGINE.turn_number(states[0]) == 0
        for before, after in itertools.pairwise(states):
            if ENGINE.current_turn(after) is None:
                assert ENGINE.turn_number(after) == ENGINE.turn_number(before)
                continue
            changed = ENGINE.current_turn(after) != ENGINE.current_turn(before)
            assert ENGINE.turn_number(after) == ENGINE.turn_number(before) + changed
        assert states[-1].over
        assert ENGINE.view(states[-1], None)["turn_number"] == ENGINE.turn_number(states[-1]) > 0


def test_a_seat_that_moves_again_after_everyone_else_is_passed_over_keeps_the_turn_number() -> None:
    state = cards_closing(turns=7)
    state = act(state, 1, "play wall 2")
    # Seat 0 is passed over (cards closed, nothing to score): seat 1 moves again, same turn.
    assert (state.turn, state.pending, ENGINE.turn_number(state)) == (1, (1,), 7)
    state = act(state, 1, "tile 4 on 2.1")
    assert (state.turn, ENGINE.turn_number(state)) == (1, 7)
    state = act(state, 1, "take 2")
    assert state.over
    assert ENGINE.turn_number(state) == 7


def test_turn_number_counts_turns_passing_seat_to_seat() -> None:
    state = actions_position(turns=3)
    state = act(state, 0, "draw")
    assert ENGINE.turn_number(state) == 3
    state = act(state, 0, "play wall 2")
    assert (state.turn, ENGINE.turn_number(state)) == (1, 4)


# -- locales ------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_english_key_has_a_translation_with_the_same_fields(language: str) -> None:
    translated = LOCALES[language]
    assert set(translated) == set(TEXTS)
    for key, template in translated.items():
        assert template.strip(), key
        assert template_fields(template) == template_fields(TEXTS[key]), key


def test_the_engine_exposes_its_texts_and_locales_from_the_package_files() -> None:
    assert ENGINE.texts is TEXTS
    assert ENGINE.locales is LOCALES
    assert set(LOCALES) == {"de", "nl"}
    for language in ("de", "nl"):
        on_disk = json.loads((PACKAGE / "locales" / f"{language}.json").read_text(encoding="utf-8"))
        assert dict(LOCALES[language]) == on_disk


def test_the_catalogue_takes_the_game_words_in_every_language() -> None:
    assert texts.t("board.cm.supply", "de") == "Vorrat"
    assert texts.t("hand.cm.empty", "nl") == "geen kaarten"
    assert texts.t("cm.card.dragon", "de") == "Drache"
    for language, move in (("en", "tile 5 on 3.2"), ("de", "kärtchen 5 auf 3.2"), ("nl", "fiche 5 op 3.2")):
        rules = texts.t("chinesische-mauer.rules", language)
        assert rules.startswith("**Chinesische Mauer**")
        assert f"`{move}`" in rules
