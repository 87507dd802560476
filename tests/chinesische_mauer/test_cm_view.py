"""The view: its format, and that it shows nothing a viewer may not see."""

from __future__ import annotations

import json

import pytest
from cm_builders import act
from cm_builders import position

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.state import State

TOP_KEYS = {
    "game",
    "players",
    "viewer",
    "turn",
    "turn_number",
    "to_act",
    "phase",
    "actions_left",
    "free_horsemen",
    "pending_scoring",
    "last_round",
    "supply",
    "removed",
    "sites",
    "seats",
    "outcome",
}


def table(hands: list[str], decks: list[str], won: list[list[int]], supply: list[int]) -> State:
    return position(
        players=3,
        sites=["5 3@3 | 0:wall 1:gate^2:dragon 0:warrior 1:warrior", "4 2 | 2:noble", "closed"],
        turn=1,
        hands=hands,
        decks=decks,
        won=won,
        supply=supply,
        pending=(),
        actions_done=1,
    )


def test_spectator_view_format() -> None:
    state = table(["wall gate", "tower", "wall"], ["wall", "gate gate", ""], [[7], [], [1]], [8, 3, 5, 4])
    view = ENGINE.view(state, None)
    assert set(view) == TOP_KEYS
    assert view["game"] == "chinesische-mauer"
    assert (view["players"], view["viewer"], view["turn"], view["to_act"]) == (3, None, 1, [1])
    assert view["turn_number"] == 0
    assert (view["phase"], view["actions_left"], view["free_horsemen"]) == ("actions", 1, True)
    assert (view["pending_scoring"], view["last_round"], view["supply"], view["removed"]) == ([], None, 4, [])
    assert view["outcome"] is None
    site = view["sites"][0]
    assert site["open"] is True
    assert site["tiles"] == [{"value": 5, "on": None}, {"value": 3, "on": 2}]
    assert site["cards"] == [
        {"stack": [{"owner": 0, "kind": "wall"}], "value": 1, "tile": None},
        {"stack": [{"owner": 1, "kind": "gate"}, {"owner": 2, "kind": "dragon"}], "value": 1, "tile": None},
        {"stack": [{"owner": 0, "kind": "warrior"}], "value": 1, "tile": 3},
        {"stack": [{"owner": 1, "kind": "warrior"}], "value": 1, "tile": None},
    ]
    assert site["totals"] == [1 + 1 - 3, 1, 1]
    assert view["sites"][1]["totals"] == [None, None, 1]
    assert view["sites"][2] == {"open": False, "tiles": [], "cards": [], "totals": [None, None, None]}
    assert view["seats"] == [
        {"hand": 2, "deck": 1, "tiles": 1, "points": None},
        {"hand": 1, "deck": 2, "tiles": 0, "points": None},
        {"hand": 1, "deck": 0, "tiles": 1, "points": None},
    ]
    assert "hand" not in view
    assert json.loads(json.dumps(view)) == view


def test_seat_view_adds_only_its_own_hand_and_points() -> None:
    state = table(["warrior wall gate wall", "tower", "wall"], ["", "", ""], [[7, 2], [], [1]], [8, 3, 5, 4])
    view = ENGINE.view(state, 0)
    assert set(view) == TOP_KEYS | {"hand"}
    assert view["viewer"] == 0
    assert view["hand"] == ["wall", "wall", "gate", "warrior"]
    assert [seat["points"] for seat in view["seats"]] == [9, None, None]
    spectator = ENGINE.view(state, None)
    del view["hand"]
    view["viewer"] = None
    view["seats"][0]["points"] = None
    assert view == spectator


def test_hidden_information_does_not_change_the_spectator_view() -> None:
    one = table(["wall gate", "tower", "wall"], ["wall", "gate gate", ""], [[7], [], [1]], [8, 3, 5, 4])
    two = table(["noble horseman", "gate", "gate"], ["tower", "wall wall", ""], [[1], [], [8]], [4, 5, 3, 8])
    assert one != two
    assert ENGINE.view(one, None) == ENGINE.view(two, None)
    text = json.dumps(ENGINE.view(one, None))
    assert "horseman" not in json.dumps(ENGINE.view(two, None))
    assert '"points": 7' not in text


def test_a_seat_does_not_see_another_seats_secrets() -> None:
    one = table(["wall gate", "tower", "wall"], ["wall", "gate gate", ""], [[7], [], [1]], [8, 3, 5, 4])
    two = table(["noble horseman", "tower", "wall"], ["tower", "gate gate", ""], [[2], [], [1]], [8, 3, 5, 4])
    assert ENGINE.view(one, 1) == ENGINE.view(two, 1)
    assert ENGINE.view(one, 0) != ENGINE.view(two, 0)


def test_points_of_everyone_once_the_game_is_over() -> None:
    state = position(players=2, sites=["closed", "closed"], won=[[8, 1], [5]], over=True)
    view = ENGINE.view(state, None)
    assert [seat["points"] for seat in view["seats"]] == [9, 5]
    assert view["outcome"] == {"scores": [9, 5], "tiles": [2, 1], "ranks": [1, 2], "winners": [0]}
    assert (view["turn"], view["to_act"], view["phase"], view["actions_left"]) == (None, [], "over", 0)


def test_scoring_phase_and_pending_sites_in_the_view() -> None:
    state = position(players=2, sites=["5 3 | 0:gate", "4 2 | 0:wall"], hands=["wall", ""])
    view = ENGINE.view(state, 1)
    assert (view["phase"], view["pending_scoring"], view["free_horsemen"], view["actions_left"]) == (
        "scoring",
        [0, 1],
        False,
        2,
    )
    view = ENGINE.view(act(state, 0, "tile 5 on 1.1"), None)
    assert view["pending_scoring"] == [1]


def test_free_horsemen_flag_does_not_depend_on_the_hand() -> None:
    with_horseman = position(players=2, sites=["5 3 |", "4 2 |"], hands=["horseman", ""], decks=["wall", ""])
    without = position(players=2, sites=["5 3 |", "4 2 |"], hands=["wall", ""], decks=["horseman", ""])
    assert ENGINE.view(with_horseman, None) == ENGINE.view(without, None)


def test_removed_pairs_are_public() -> None:
    state = position(players=2, sites=["5 4 |", "2 1 |"], removed=[(3, 3)])
    assert ENGINE.view(state, None)["removed"] == [[3, 3]]


@pytest.mark.parametrize("seat", [-1, 3, "0"])
def test_view_of_a_seat_that_does_not_exist(seat: object) -> None:
    state = ENGINE.setup(3, 1)
    with pytest.raises(ValueError, match="no seat"):
        ENGINE.view(state, seat)  # type: ignore[arg-type]
