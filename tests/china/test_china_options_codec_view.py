"""Options, saves and views: what each viewer sees, and nothing more."""

from __future__ import annotations

import json
import random

import pytest
from china_support import position
from china_support import random_states
from china_support import resample_hidden
from game_support import check_impossible_saves
from game_support import check_refused

from games.china import ENGINE
from games.china.data import PROVINCES
from games.china.view import cards_of
from games.core import IllegalAction


def test_options_by_player_count() -> None:
    board = {"board": "6"}
    assert ENGINE.check_options(3, {}) == {"side": "B", "fortresses": "off", **board}
    assert ENGINE.check_options(4, {}) == {"side": "A", "fortresses": "off", **board}
    assert ENGINE.check_options(4, {"side": "B"}) == {"side": "B", "fortresses": "off", **board}
    assert ENGINE.check_options(5, {"fortresses": "on"}) == {"side": "A", "fortresses": "on", **board}
    with pytest.raises(IllegalAction) as refused:
        ENGINE.check_options(3, {"side": "A"})
    assert str(refused.value) == "Side A of the board is for 4 or 5 players."
    assert refused.value.key == "china.error.side_a"
    with pytest.raises(IllegalAction, match=r"Side B of the board is for 3 or 4 players\."):
        ENGINE.check_options(5, {"side": "B"})
    with pytest.raises(IllegalAction):
        ENGINE.check_options(4, {"side": "C"})
    with pytest.raises(ValueError):
        ENGINE.setup(3, 1, {"side": "A"})
    for key in ("side", "side.A", "side.B", "fortresses", "fortresses.on", "fortresses.off"):
        assert f"china.option.{key}" in ENGINE.texts
    for key in ("board", "board.6", "board.5"):
        assert f"china.option.{key}" in ENGINE.texts


def test_the_board_version_is_kept_from_the_start() -> None:
    """New games are played on the board with 6 spaces in Ch'in; games stored before it
    existed (no `board` in their options) go on with 5; the host does not choose it."""
    (board,) = [option for option in ENGINE.options if option.name == "board"]
    assert (board.choices, board.default, board.before, board.offered) == (("6", "5"), "6", "5", False)
    assert ENGINE.stored_options(4, {"side": "A", "fortresses": "off"})["board"] == "5"
    assert ENGINE.stored_options(4, {"side": "A", "fortresses": "off", "board": "6"})["board"] == "6"
    qin = PROVINCES.index("QIN")
    for players in (3, 4, 5):
        new = ENGINE.setup(players, 2)
        assert len(new.board[qin]) == 6 and ENGINE.view(new, None)["board"] == "6"
        old = ENGINE.setup(players, 2, {**ENGINE.check_options(players, {}), "board": "5"})
        assert len(old.board[qin]) == 5 and ENGINE.view(old, None)["board"] == "5"
        # Only Ch'in differs.
        assert [len(row) for p, row in enumerate(old.board) if p != qin] == [
            len(row) for p, row in enumerate(new.board) if p != qin
        ]
        assert len(ENGINE.view(old, None)["provinces"][qin]["spaces"]) == 5


def test_setup_deals_and_removes_cards() -> None:
    for players, total in ((3, 47), (4, 52), (5, 57)):
        state = ENGINE.setup(players, 5)
        assert all(sum(hand) == 3 for hand in state.hands)
        assert sum(state.open) == 4
        assert sum(map(sum, state.hands)) + sum(state.open) + len(state.deck) == total
        assert state.turn == state.start and state.houses_left == (20,) * players
    assert {ENGINE.setup(4, seed).start for seed in range(20)} == {0, 1, 2, 3}


def test_saves_round_trip_and_refuse_damage() -> None:
    for state in list(random_states(4, 11, {"fortresses": "on"}))[::7]:
        text = ENGINE.dumps(state)
        assert ENGINE.loads(text) == state
        assert ENGINE.dumps(ENGINE.loads(text)) == text
    data = json.loads(ENGINE.dumps(position(houses={"WEI1": 0})))
    bad = []
    bad.append({**data, "version": 2})
    bad.append({**data, "hands": [["red", "red", "red", "red"], [], [], []]})
    bad.append({**data, "deck": data["deck"][1:]})
    bad.append(
        {**data, "provinces": [{**data["provinces"][0], "emissaries": [1, 0, 0, 0]}, *data["provinces"][1:]]}
    )
    bad.append({**data, "fortresses_left": [1, 0, 0, 0]})
    bad.append({**data, "side": "B", "players": 5})
    bad.append({**data, "step": "refill"})
    check_refused(ENGINE, damaged=bad, texts=("", "[]", "null", "{}", ENGINE.dumps(position())[:-1]))


def test_views_hide_hands_and_the_deck() -> None:
    rng = random.Random(3)
    for state in list(random_states(5, 21))[::9]:
        spectator = ENGINE.view(state, None)
        assert "hand" not in spectator
        json.dumps(spectator)
        for seat in range(5):
            own = ENGINE.view(state, seat)
            assert own["hand"] == cards_of(state.hands[seat])
        for viewer in (None, 0, 3):
            other = resample_hidden(state, viewer, rng)
            assert ENGINE.view(other, viewer) == ENGINE.view(state, viewer)
            for seat in range(5):
                assert ENGINE.seat_summary(other, seat) == ENGINE.seat_summary(state, seat)
            if viewer is not None:
                assert ENGINE.private_summary(other, viewer) == ENGINE.private_summary(state, viewer)


def test_the_view_has_what_a_renderer_needs() -> None:
    state = position(fortresses=True, houses={"WEI1": 2}, forts=["WEI2"], envoys={"WEI": (0, 0, 1, 0)})
    view = ENGINE.view(state, 0)
    assert set(view) >= {
        "game", "players", "viewer", "side", "fortresses", "start", "turn", "turn_number", "to_act", "step",
        "this_turn", "provinces", "open", "deck", "discard", "exhausted", "last_round", "seats", "final",
        "outcome", "hand",
    }  # fmt: skip
    wei = view["provinces"][1]
    assert wei["id"] == "WEI" and wei["colour"] == "red" and wei["emissary_limit"] == 1
    assert wei["spaces"][0] == {"number": 1, "house": 2, "fortress": False}
    assert wei["spaces"][1] == {"number": 2, "house": None, "fortress": True}
    assert wei["houses"] == [0, 0, 1, 0] and wei["emissaries"] == [0, 0, 1, 0] and not wei["scored"]
    assert view["seats"][0] == {"hand": 3, "houses": 20, "emissaries": 8, "fortresses": 0, "points": 0}
    assert view["step"] == "place" and view["this_turn"] == {"province": None, "pieces": 0, "cards": 0}


def test_reveals() -> None:
    state = position(houses={"WEI1": 1}, hands=["red red green", "", "", ""])
    place = ENGINE.parse_action(state, 0, "house wei 2")
    assert ENGINE.reveals(state, 0, place) is False
    state = ENGINE.apply(state, 0, place)
    assert ENGINE.reveals(state, 0, ENGINE.parse_action(state, 0, "end")) is False
    state = ENGINE.apply(state, 0, ENGINE.parse_action(state, 0, "end"))
    assert ENGINE.reveals(state, 0, ENGINE.parse_action(state, 0, "take deck")) is True
    # The last card taken: the open row is refilled from the deck.
    assert ENGINE.reveals(state, 0, ENGINE.parse_action(state, 0, "take red")) is True
    swap = position()
    assert ENGINE.reveals(swap, 0, ENGINE.parse_action(swap, 0, "swap red for green")) is True


def test_states_the_rules_cannot_produce_are_refused() -> None:
    states = [state for players in (3, 5) for state in random_states(players, players)]
    check_impossible_saves(
        ENGINE,
        states,
        {
            "an open card missing while the deck lasts": r"the open row is refilled while the deck lasts",
            "a province chosen before any piece is placed": r"a turn without pieces placed has no province",
            "a game over while someone can still place": r"the game ended while it should go on",
        },
    )


#: A position written from docs/china.md alone ("Saves"): 3 players on side B, seat 1 to place.
#: Lu is full (scored during play), Wei holds two houses of seat 0 and an emissary of seat 2,
#: Shu a house of seat 2.
WRITTEN_BY_HAND = """
{"format": "china", "version": 1, "players": 3, "side": "B", "fortresses": false,
 "rng": 42, "start": 0, "turn": 1, "turns": 7,
 "step": "place", "province": null, "placed": 0, "cards_used": 0,
 "hands": [["red", "green", "green"], ["purple", "yellow", "orange"], ["red", "red", "yellow"]],
 "deck": ["purple", "purple", "purple", "purple", "red", "red", "red", "red", "red",
          "green", "green", "green", "green", "green", "yellow", "yellow", "yellow", "yellow",
          "orange", "orange", "orange", "orange", "orange", "purple", "green", "yellow"],
 "open": ["purple", "red", "yellow", "orange"],
 "discard": ["purple", "red", "red", "green", "green", "yellow", "orange", "orange"],
 "exhausted": 0,
 "provinces": [
   {"id": "CHU", "houses": [null, null, null, null, null, null, null, null], "fortresses": [],
    "emissaries": [0, 0, 0]},
   {"id": "WEI", "houses": [0, 0, null, null, null, null, null], "fortresses": [], "emissaries": [0, 0, 1]},
   {"id": "SHU", "houses": [null, 2, null, null, null], "fortresses": [], "emissaries": [0, 0, 0]},
   {"id": "HAN", "houses": [null, null, null, null, null, null], "fortresses": [], "emissaries": [0, 0, 0]},
   {"id": "YAN", "houses": [null, null, null, null, null], "fortresses": [], "emissaries": [0, 0, 0]},
   {"id": "QI", "houses": [null, null, null, null, null], "fortresses": [], "emissaries": [0, 0, 0]},
   {"id": "QIN", "houses": [null, null, null, null, null, null], "fortresses": [], "emissaries": [0, 0, 0]},
   {"id": "ZHAO", "houses": [null, null, null, null, null, null], "fortresses": [], "emissaries": [0, 0, 0]},
   {"id": "LU", "houses": [0, 1, 1, 2], "fortresses": [], "emissaries": [0, 0, 0]}],
 "fortresses_left": [0, 0, 0]}
"""


def test_a_position_written_from_the_docs_loads() -> None:
    state = ENGINE.loads(WRITTEN_BY_HAND)
    assert ENGINE.to_act(state) == {1}
    assert ENGINE.turn_number(state) == 7
    # Lu, full, was scored: seat 1 first with its 2 houses scores 4, seats 0 and 2 share second: 2.
    assert [seat["points"] for seat in ENGINE.view(state, None)["seats"]] == [2, 4, 2]
    assert cards_of(state.hands[1]) == ["purple", "yellow", "orange"]
    # Swapping for the deck takes its top card, the last one listed.
    swapped = ENGINE.apply(state, 1, ENGINE.parse_action(state, 1, "swap purple for deck"))
    assert cards_of(swapped.hands[1]) == ["yellow", "yellow", "orange"]
