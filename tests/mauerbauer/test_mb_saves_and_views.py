"""Saves (versioned, validated JSON) and views (everything public, nothing hidden)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from game_support import check_impossible_saves
from game_support import check_refused
from mb_builders import ENGINE
from mb_builders import cards
from mb_builders import city
from mb_builders import fresh
from mb_builders import resample_hidden

from games.mauerbauer import rules
from games.mauerbauer.board import make_city
from games.mauerbauer.data import KINDS
from games.mauerbauer.state import OVER
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State


def game_states(players: int, seed: int) -> list[State]:
    chooser = random.Random(seed)
    state = ENGINE.setup(players, seed)
    found = [state]
    while state.phase != OVER:
        (seat,) = ENGINE.to_act(state)
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
        found.append(state)
    return found


def test_saves_round_trip_along_games() -> None:
    for players in (2, 4):
        for state in game_states(players, 3)[::2]:
            text = ENGINE.dumps(state)
            again = ENGINE.loads(text)
            assert again == state
            assert ENGINE.dumps(again) == text
            assert json.loads(text)["format"] == "mauerbauer" and json.loads(text)["version"] == 1


def damaged(data: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for key in data:
        out.append({k: v for k, v in data.items() if k != key})
        out.append({**data, key: "☃"})
    out.append({**data, "version": 2})
    out.append({**data, "walls": [*data["walls"], data["walls"][0]] if data["walls"] else [99]})
    out.append({**data, "scores": [s + 1 for s in data["scores"]]})
    out.append({**data, "deck": data["deck"][1:]})
    out.append({**data, "hands": [["walls"] * 7 for _ in data["hands"]]})
    supply = dict(data["supply"])
    supply["walls"] += 1
    out.append({**data, "supply": supply})
    return out


def test_damaged_saves_are_refused() -> None:
    states = game_states(3, 5)
    for state in (states[0], states[len(states) // 2], states[-1]):
        check_refused(ENGINE, damaged=damaged(json.loads(ENGINE.dumps(state))))
    old = json.dumps({"format": "chinesische-mauer", "version": 1})
    check_refused(ENGINE, texts=("", "[]", "{}", "not json", old))


def test_a_city_left_open_or_with_a_wall_inside_is_refused() -> None:
    state = fresh(2, 0, cities=(city("B2"),))
    data = json.loads(ENGINE.dumps(state._replace(wall_supply=33)))
    with pytest.raises(ValueError, match="boundary lacks a wall"):
        ENGINE.loads(json.dumps(data))


def test_views_hide_hands_and_the_deck_order() -> None:
    rng = random.Random(1)
    for state in game_states(4, 8)[::5]:
        for viewer in (None, 0, 1, 2, 3):
            seen = ENGINE.view(state, viewer)
            assert json.loads(json.dumps(seen)) == seen
            other = resample_hidden(state, viewer, rng)
            assert ENGINE.view(other, viewer) == seen
            if viewer is None:
                assert "hand" not in seen
            else:
                assert seen["hand"] == [KINDS[card] for card in state.hands[viewer]]
                mine = ENGINE.private_summary(state, viewer)
                assert mine is not None and ENGINE.private_summary(other, viewer) == mine
            for seat in range(4):
                assert ENGINE.seat_summary(other, seat) == ENGINE.seat_summary(state, seat)


def test_the_view_holds_what_a_renderer_needs() -> None:
    hands = (cards("city-7", "water"), cards("walls"))
    state = rules._start_scoring(fresh(2, 0, active=0, cities=(city("B2"),), city=0, hands=hands))
    state = rules.apply(state, 0, rules.play(cards("water")))
    seen = ENGINE.view(state, 1)
    for key in (
        "walls",
        "towers",
        "water",
        "houses",
        "cities",
        "new_city",
        "regions",
        "supply",
        "deck",
        "discard",
        "scores",
        "hands",
        "earned",
        "last_wall",
        "dice",
        "plays",
        "decision",
        "to_act",
        "turn",
        "turn_number",
        "phase",
        "hand",
        "outcome",
    ):
        assert key in seen, key
    assert seen["phase"] == "scoring" and seen["to_act"] == [1]
    assert seen["decision"] == {"kind": "scoring", "seat": 1, "waiting": [1]}
    assert seen["plays"] == [{"seat": 0, "what": "play", "cards": ["water"], "city": "B2", "points": 0}]
    assert seen["new_city"] == "B2" and seen["cities"][0]["fields"] == ["B2"]
    assert seen["discard"] == ["water"] and seen["hands"] == [1, 1]
    assert set(seen["regions"]) == {"west", "middle", "east"}
    assert seen["supply"]["towers"] == {"white": 10, "grey": 10, "black": 10}


def test_outcome_details_break_the_score_down() -> None:
    final = game_states(3, 12)[-1]
    result = ENGINE.outcome(final)
    assert result is not None
    for seat, detail in enumerate(result.details):
        assert set(detail) == {"city_cards", "outside_cards", "cities_cards", "hand_cards"}
        assert (
            1 + detail["city_cards"] + detail["outside_cards"] + detail["cities_cards"] == result.scores[seat]
        )
        assert detail["hand_cards"] == result.tiebreak[seat]


def test_states_the_rules_cannot_produce_are_refused() -> None:
    """What building always leaves on the board: every walled-in region is a city (or the one the
    last wall closes, named in `closing`), houses stand only beside walls, and while the supplies
    last every wall has its towers and every city a building."""
    states = [state for seed in range(4) for state in game_states(2 + seed % 3, seed)]
    check_impossible_saves(
        ENGINE,
        states,
        {
            "a walled-in region that is no city": r"the walls enclose [A-C]\d+(, [A-C]\d+)*, which is no",
            "closing empty while the last wall walls in a region": r"closing must name the fields the last",
            "a house on a field with no wall beside it": r"[A-C]\d+ has 1 house and 0 walls beside it",
            "a wall without a tower at an end while the towers last": r"wall \d+ lacks a tower at an end",
            "a city without buildings while the houses last": r"the city on .* has no building while",
        },
    )


def test_a_city_of_two_walled_in_regions_is_refused() -> None:
    """Two cities apart on the board saved as one: each is walled in, but they are no one city."""
    state = next(
        state
        for seed in range(20)
        for state in game_states(3, seed)
        if state.phase == WALL
        and len(state.cities) >= 2
        and not state.cities[0].boundary & state.cities[1].boundary
        and max(a + b for a, b in zip(state.cities[0].houses, state.cities[1].houses, strict=True)) < 2
    )
    first, second = state.cities[:2]
    houses = tuple(a + b for a, b in zip(first.houses, second.houses, strict=True))
    palaces = tuple(a + b for a, b in zip(first.palaces, second.palaces, strict=True))
    joined = make_city(first.fields | second.fields, houses, palaces)
    text = ENGINE.dumps(state._replace(cities=(joined, *state.cities[2:])))
    with pytest.raises(ValueError, match="is not one walled-in region"):
        ENGINE.loads(text)


#: A position written from docs/mauerbauer.md alone ("Saved state"): two players, the city A1
#: closed and scored (seat 0 played city-1 for 6, seat 1 discarded walls), seat 1 then built
#: wall 32 beside B1, and seat 0 is to build.
WRITTEN_BY_HAND = """
{"format": "mauerbauer", "version": 1, "players": 2, "rng": 987654321,
 "phase": "wall", "active": 0, "turns": 4,
 "walls": [32, 8, 24, 9],
 "towers": ["white", null, null, null, null, null, null, null, "grey", "white", null, null, null, null,
            null, null, null, "black", null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null],
 "houses": {"B1": [1, 0, 0, 1, 0], "A2": [0, 1, 0, 0, 0]},
 "cities": [{"fields": ["A1"], "houses": [0, 0, 1, 0, 1], "palaces": [0, 0, 0, 0, 0]}],
 "supply": {"walls": 29, "towers": [8, 9, 9], "houses": [11, 11, 11, 11, 11], "palaces": [3, 3, 3, 3, 3]},
 "deck": ["water", "city-7", "city-7", "city-2", "city-colours", "city-white", "city-white",
          "city-grey", "city-grey", "city-black", "city-black", "city-palaces", "city-palaces",
          "city-yellow", "city-yellow", "city-green", "city-green", "city-blue", "city-blue",
          "city-pink", "city-pink", "city-red", "city-red", "city-towers", "city-towers", "yellow",
          "green", "blue", "blue", "pink", "pink", "red", "west", "middle", "middle", "east", "towers",
          "white", "white", "grey", "grey", "black", "black", "cities", "city-3"],
 "discard": ["city-1", "walls"],
 "hands": [["city-2", "city-colours", "yellow", "west", "towers", "cities"],
           ["city-1", "city-3", "green", "red", "east", "water", "walls"]],
 "scores": [7, 1], "earned": [[6, 0, 0], [0, 0, 0]],
 "last_wall": 32, "dice": {"tower": "black", "houses": ["pink", "any"]},
 "closing": [], "city": null, "queue": [], "draws": [0, 0],
 "plays": [{"seat": 0, "what": "play", "cards": ["city-1"], "city": ["A1"], "points": 6},
           {"seat": 1, "what": "discard", "cards": ["walls"], "city": [], "points": 0}],
 "swaps": 0, "ending": false}
"""


def test_a_position_written_from_the_docs_loads() -> None:
    state = ENGINE.loads(WRITTEN_BY_HAND)
    assert ENGINE.to_act(state) == {0}
    assert ENGINE.turn_number(state) == 4
    assert state.scores == (7, 1) and state.earned[0] == (6, 0, 0)
    assert state.cities[0].houses == (0, 0, 1, 0, 1)  # yellow, green, blue, pink, red
    assert state.tower_supply == (8, 9, 9)  # white, grey, black
    assert KINDS[state.deck[0]] == "water"  # the top card, drawn next, is listed first
    assert ENGINE.legal_actions(state, 0) and not ENGINE.legal_actions(state, 1)
