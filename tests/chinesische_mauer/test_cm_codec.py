"""The state as JSON: lossless round trips, and damaged text refused with ValueError."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from cm_builders import position
from game_support import check_impossible_saves
from game_support import random_states

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.state import State


def played(players: int, seed: int, steps: int) -> State:
    rng = random.Random(seed)
    state = ENGINE.setup(players, seed)
    for _ in range(steps):
        seat = ENGINE.current_turn(state)
        if seat is None:
            break
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_trip_through_a_whole_game(players: int) -> None:
    rng = random.Random(players)
    state = ENGINE.setup(players, players)
    while True:
        text = ENGINE.dumps(state)
        loaded = ENGINE.loads(text)
        assert loaded == state
        assert ENGINE.dumps(loaded) == text
        seat = ENGINE.current_turn(state)
        if seat is None:
            break
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert ENGINE.outcome(ENGINE.loads(ENGINE.dumps(state))) == ENGINE.outcome(state)


def test_format_and_version_are_in_the_json() -> None:
    data = json.loads(ENGINE.dumps(ENGINE.setup(3, 1)))
    assert (data["format"], data["version"]) == ("chinesische-mauer", 2)
    assert data["turns"] == 0
    assert all(data["hands"][seat] == sorted(data["hands"][seat], key=KIND_ORDER.index) for seat in range(3))


KIND_ORDER = ["wall", "gate", "tower", "noble", "warrior", "horseman", "dragon"]


def test_built_positions_round_trip() -> None:
    state = position(
        players=3,
        sites=["5 3@3 | 0:wall 1:gate^2:dragon^0:dragon 0:warrior", "4 2 | 2:noble", "closed"],
        turn=1,
        hands=["wall gate", "tower", ""],
        decks=["wall", "gate gate", ""],
        won=[[7], [], [1]],
        pending=(),
        actions_done=1,
        last_round=2,
    )
    assert ENGINE.loads(ENGINE.dumps(state)) == state


Damage = Callable[[dict[str, Any]], None]


def _set(path: tuple[Any, ...], value: Any) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return damage


def _drop(key: str) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        del data[key]

    return damage


def _lose_a_card(data: dict[str, Any]) -> None:
    data["decks"][0].pop()


def _extra_card(data: dict[str, Any]) -> None:
    data["hands"][0].append("wall")


def _swap_card(data: dict[str, Any]) -> None:
    data["decks"][0][0] = "tower" if data["decks"][0][0] != "tower" else "wall"


def _lose_a_tile(data: dict[str, Any]) -> None:
    data["supply"].pop()
    data["supply"].pop()


def _change_a_tile(data: dict[str, Any]) -> None:
    data["supply"][0] = 8 if data["supply"][0] != 8 else 1


def _card_at_a_site(data: dict[str, Any]) -> None:
    card = data["decks"][0].pop()
    data["sites"][0]["cards"].append([{"owner": 7, "kind": card}])


def _card_on_a_card(data: dict[str, Any]) -> None:
    bottom = data["decks"][0].pop()
    top = next(kind for kind in data["decks"][1] if kind != "dragon")
    data["decks"][1].remove(top)
    data["sites"][0]["cards"].append([{"owner": 0, "kind": bottom}, {"owner": 1, "kind": top}])


def _tile_on_nothing(data: dict[str, Any]) -> None:
    data["sites"][0]["tiles"][0]["on"] = 3


@pytest.mark.parametrize(
    "damage",
    [
        _set(("format",), "china"),
        _set(("version",), 1),
        _set(("version",), 3),
        _set(("version",), True),
        _set(("turns",), -1),
        _set(("turns",), True),
        _set(("turns",), "4"),
        _set(("turns",), 1 << 40),
        _drop("turns"),
        _set(("players",), 6),
        _set(("players",), "3"),
        _set(("turn",), 3),
        _set(("turn",), -1),
        _set(("turn",), True),
        _set(("rng",), -5),
        _set(("actions_done",), 2),
        _set(("pending",), [0]),
        _set(("pending",), [9]),
        _set(("over",), "no"),
        _set(("last_round",), {"started_by": 0}),
        _set(("last_round",), {"started_by": 0, "cards_closed": False}),
        _set(("sites",), []),
        _set(("sites", 0, "open"), False),
        _set(("sites", 0, "tiles"), []),
        _set(("removed",), [[3, 3]]),
        _set(("extra",), 1),
        _drop("won"),
        _drop("supply"),
        _lose_a_card,
        _extra_card,
        _swap_card,
        _lose_a_tile,
        _change_a_tile,
        _card_at_a_site,
        _card_on_a_card,
        _tile_on_nothing,
    ],
)
def test_damaged_states_are_refused(damage: Damage) -> None:
    data = json.loads(ENGINE.dumps(ENGINE.setup(3, 4)))
    damage(data)
    with pytest.raises(ValueError, match="not a valid Chinesische Mauer state"):
        ENGINE.loads(json.dumps(data))


def test_a_version_1_state_is_refused_so_the_move_log_is_replayed() -> None:
    """Version 1 kept no turn count, which no position can tell: such a state is not loaded."""
    data = json.loads(ENGINE.dumps(played(3, 5, 20)))
    del data["turns"]
    data["version"] = 1
    with pytest.raises(ValueError, match=r"version 1 .*replay the move log"):
        ENGINE.loads(json.dumps(data))


def test_the_turn_count_round_trips() -> None:
    state = played(4, 3, 40)
    assert state.turns > 0
    data = json.loads(ENGINE.dumps(state))
    assert data["turns"] == state.turns
    assert ENGINE.turn_number(ENGINE.loads(ENGINE.dumps(state))) == state.turns


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", '"state"', "{}"])
def test_not_a_state_at_all(text: str) -> None:
    with pytest.raises(ValueError):
        ENGINE.loads(text)


def test_truncated_text_is_refused() -> None:
    text = ENGINE.dumps(played(4, 2, 60))
    for cut in (1, len(text) // 3, len(text) - 1):
        with pytest.raises(ValueError):
            ENGINE.loads(text[:cut])


def test_a_position_where_the_player_to_move_cannot_move_is_refused() -> None:
    # Seat 0 has no cards and nothing to score: the turn flow would have passed over it.
    state = position(
        players=2, sites=["5 3 |", "4 2 |"], hands=["", "wall"], decks=["", "gate"], last_round=0
    )
    with pytest.raises(ValueError, match="no move"):
        ENGINE.loads(ENGINE.dumps(state))


def test_last_round_must_be_started_by_a_seat_without_cards() -> None:
    state = position(players=2, sites=["5 3 |", "4 2 |"], hands=["wall", "wall"], last_round=1)
    with pytest.raises(ValueError, match="no cards"):
        ENGINE.loads(ENGINE.dumps(state))


def test_two_player_removed_pairs_round_trip() -> None:
    for seed in range(100):
        state = ENGINE.setup(2, seed)
        if state.removed:
            assert ENGINE.loads(ENGINE.dumps(state)).removed == state.removed
            return
    pytest.fail("no 2-player setup removed a pair")


def test_states_the_rules_cannot_produce_are_refused() -> None:
    states = [state for players in (2, 5) for state in random_states(ENGINE, players, players)]
    check_impossible_saves(
        ENGINE,
        states,
        {
            "the last round begun by a seat that still has cards": r"the last round starts with a seat",
            "a finished game with a scoring or an action still to come": r"a finished game has nothing",
            "a fame tile won straight from the supply": r"tiles leave the supply in pairs",
        },
    )


#: A position written from docs/chinesische-mauer.md alone ("Saved state"): 2 players, seat 1 to
#: move; at site 0 seat 0's wall carries the 2 and its dragon covers seat 1's warrior.
WRITTEN_BY_HAND = """
{"format": "chinesische-mauer", "version": 2, "players": 2, "rng": 5, "turn": 1, "turns": 3,
 "pending": [], "actions_done": 0,
 "hands": [["wall", "wall", "gate", "warrior", "horseman"],
           ["wall", "tower", "warrior", "warrior", "dragon"]],
 "decks": [["wall", "gate", "wall", "tower", "noble", "warrior", "warrior", "wall", "gate", "horseman",
            "warrior", "warrior", "wall"],
           ["noble", "wall", "wall", "gate", "wall", "warrior", "gate", "wall", "horseman", "gate",
            "wall", "warrior", "horseman", "wall"]],
 "discarded": [[], []],
 "sites": [
   {"open": true, "tiles": [{"value": 5, "on": null}, {"value": 2, "on": 0}],
    "cards": [[{"owner": 0, "kind": "wall"}],
              [{"owner": 1, "kind": "warrior"}, {"owner": 0, "kind": "dragon"}]]},
   {"open": true, "tiles": [{"value": 3, "on": null}, {"value": 3, "on": null}], "cards": []}],
 "supply": [7, 1, 5, 2, 3, 8, 4, 5, 2, 3, 4, 7, 5, 1, 2, 3, 4, 5, 7, 8, 5, 2, 3, 4, 5, 7, 2, 3, 4, 5],
 "removed": [[4, 4]], "won": [[], []],
 "last_round": null, "over": false}
"""


def test_a_position_written_from_the_docs_loads() -> None:
    state = ENGINE.loads(WRITTEN_BY_HAND)
    assert ENGINE.to_act(state) == {1}
    assert ENGINE.turn_number(state) == 3
    # Seat 0: wall 1 + dragon 1 - the tile 2 on its wall; seat 1 is present with its warrior covered.
    assert ENGINE.view(state, None)["sites"][0]["totals"] == [0, 0]
    drawn = ENGINE.apply(state, 1, ENGINE.parse_action(state, 1, "draw"))
    assert ENGINE.view(drawn, 1)["hand"].count("noble") == 1  # the top card is listed first
