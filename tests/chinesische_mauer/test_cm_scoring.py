"""Scoring at the start of a turn: who is eligible, laying the first tile, taking the second."""

from __future__ import annotations

import pytest
from cm_builders import act
from cm_builders import notations
from cm_builders import position

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer import PlaceTile
from games.chinesische_mauer.state import FREE
from games.core import IllegalAction


def test_a_leading_player_must_score_before_anything_else() -> None:
    state = position(players=2, sites=["5 3 | 0:gate 1:wall", "4 2 | 1:gate"], turn=0, hands=["wall", "wall"])
    assert state.pending == (0,)
    assert ENGINE.view(state, None)["phase"] == "scoring"
    assert notations(state, 0) == ["tile 5 on 1.1", "tile 3 on 1.1"]
    with pytest.raises(IllegalAction, match=r"^You must resolve your scoring at site 1 first\.$"):
        act(state, 0, "play wall 2")
    with pytest.raises(IllegalAction, match="resolve your scoring at site 1"):
        act(state, 0, "draw")
    with pytest.raises(IllegalAction, match="resolve your scoring at site 1"):
        act(state, 0, "free horseman 2")


def test_no_scoring_on_a_tie_or_where_another_player_leads() -> None:
    state = position(
        players=3, sites=["5 3 | 0:gate 1:gate", "4 2 | 1:tower 0:gate", "3 2 |"], hands=["wall"] * 3
    )
    assert state.pending == ()
    with pytest.raises(IllegalAction, match=r"^You have no scoring to resolve at site 2\.$"):
        act(state, 0, "tile 4 on 2.2")


def test_first_tile_choice_of_tile_and_of_own_card() -> None:
    state = position(players=2, sites=["5 3 | 0:gate 1:wall 0:tower", "4 2 |"], hands=["wall", "wall"])
    assert sorted(notations(state, 0)) == ["tile 3 on 1.1", "tile 3 on 1.3", "tile 5 on 1.1", "tile 5 on 1.3"]
    state = act(state, 0, "tile 3 on 1.3")
    assert state.sites[0].tiles == ((5, FREE), (3, 2))
    view = ENGINE.view(state, None)
    assert view["sites"][0]["cards"][2]["tile"] == 3
    assert view["sites"][0]["tiles"] == [{"value": 5, "on": None}, {"value": 3, "on": 2}]
    # The tile's value now counts against its card's owner: 2 + 3 - 3.
    assert view["sites"][0]["totals"] == [2, 1]
    assert view["phase"] == "actions"
    assert state.won == ((), ())


def test_tile_must_go_on_one_of_your_own_visible_cards() -> None:
    state = position(
        players=2, sites=["5 3 | 0:gate 1:wall 1:gate^0:dragon", "4 2 |"], hands=["wall", "wall"]
    )
    with pytest.raises(IllegalAction, match=r"^The card at site 1, position 2 is not yours"):
        act(state, 0, "tile 5 on 1.2")
    with pytest.raises(IllegalAction, match=r"^Site 1 has no card at position 9\.$"):
        act(state, 0, "tile 5 on 1.9")
    with pytest.raises(IllegalAction, match=r"^There is no free fame tile of value 4 at site 1\.$"):
        act(state, 0, "tile 4 on 1.1")
    # A dragon covering another player's card is the dragon owner's card.
    assert "tile 5 on 1.3" in notations(state, 0)


def test_two_free_tiles_of_equal_value_give_one_choice_per_card() -> None:
    state = position(players=3, sites=["4 4 | 0:gate 0:wall 1:wall", "5 3 |", "3 2 |"], hands=["wall"] * 3)
    assert notations(state, 0) == ["tile 4 on 1.1", "tile 4 on 1.2"]
    state = act(state, 0, "tile 4 on 1.2")
    assert state.sites[0].tiles == ((4, 1), (4, FREE))


def test_take_the_second_tile_card_tile_to_its_owner_site_cleared_and_refilled() -> None:
    state = position(
        players=2,
        sites=["4 5@1 | 0:gate 1:tower 1:wall^0:dragon", "3 2 |"],
        turn=1,
        hands=["wall", "wall"],
        supply=[7, 2, 8, 1],
    )
    # Seat 0: gate 2 + dragon 1 - 5 = -2; seat 1: watchtower 3.
    assert state.pending == (0,)
    assert notations(state, 1) == ["take 1"]
    with pytest.raises(
        IllegalAction, match=r"^Only one fame tile is still free at site 1: take it \(take 1\)\.$"
    ):
        act(state, 1, "tile 4 on 1.2")
    after = act(state, 1, "take 1")
    assert after.won == ((5,), (4,))
    assert after.sites[0].cards == ()
    assert after.sites[0].tiles == ((7, FREE), (2, FREE))
    assert after.supply == (8, 1)
    # The cards that were at the site left the game: seat 0 a gate and a dragon, seat 1 a tower and a wall.
    assert after.discarded[0][1] == state.discarded[0][1] + 1
    assert after.discarded[0][6] == state.discarded[0][6] + 1
    assert after.discarded[1][2] == state.discarded[1][2] + 1
    assert ENGINE.view(after, None)["phase"] == "actions"


def test_take_when_both_tiles_are_free_is_refused() -> None:
    state = position(players=2, sites=["5 3 | 0:gate", "4 2 |"], hands=["wall", "wall"])
    with pytest.raises(IllegalAction, match=r"^Both fame tiles at site 1 are still free"):
        act(state, 0, "take 1")


def test_second_tile_with_a_negative_balance_when_nobody_else_is_present() -> None:
    """The rulebook's "Opmerking": red wins the second tile despite a negative balance."""
    state = position(
        players=2,
        sites=["5 3 | 0:wall", "4 2 | 1:wall"],
        turn=0,
        hands=["wall", "gate"],
        decks=["wall wall", "wall"],
    )
    state = act(state, 0, "tile 5 on 1.1", "play wall 2", "draw")
    assert ENGINE.view(state, None)["sites"][0]["totals"] == [-4, None]
    assert state.turn == 1
    state = act(state, 1, "play gate 2", "draw")
    assert state.turn == 0
    assert state.pending == (0,)
    state = act(state, 0, "take 1")
    assert sorted(state.won[0]) == [3, 5]


def test_a_negative_total_does_not_win_the_second_tile_against_a_covered_player() -> None:
    """Seat 0's only card lies under seat 1's dragon: present at 0, ahead of seat 1's -2."""
    state = position(
        players=2,
        sites=["3 5@2 | 0:wall^1:dragon 1:gate", "4 2 |"],
        turn=1,
        hands=["wall", "wall"],
        decks=["wall", "wall"],
    )
    assert state.pending == ()
    assert ENGINE.view(state, None)["sites"][0]["totals"] == [0, -2]
    state = act(state, 1, "play wall 2", "draw")
    assert (state.turn, state.pending) == (0, (0,))
    assert notations(state, 0) == ["take 1"]
    state = act(state, 0, "take 1")
    assert (state.won[0], state.won[1]) == ((3,), (5,))


def test_a_covered_player_at_zero_and_a_player_at_zero_tie_and_nobody_scores() -> None:
    state = position(
        players=2,
        sites=["5 3@2 | 0:wall^1:dragon 1:gate", "4 2 |"],
        turn=0,
        hands=["wall", "wall"],
        decks=["wall", "wall"],
    )
    assert state.pending == ()
    state = act(state, 0, "play wall 2", "draw")
    assert (state.turn, state.pending) == (1, ())


def test_eligibility_is_fixed_at_turn_start_and_sites_resolve_in_any_order() -> None:
    state = position(
        players=3,
        sites=["5 3 | 0:gate", "4 2 | 1:gate", "3 2@1 | 0:tower 2:wall 0:wall"],
        turn=0,
        hands=["wall gate", "wall", "wall"],
        decks=["wall", "", ""],
    )
    assert state.pending == (0, 2)
    state = act(state, 0, "take 3")
    assert state.pending == (0,)
    assert sorted(state.won[0]) == [2, 3]
    state = act(state, 0, "tile 3 on 1.1")
    assert state.pending == ()
    # Taking the lead during the turn gives no scoring in the same turn.
    state = act(state, 0, "play gate 2", "play wall 2")
    assert state.turn == 1
    assert state.pending == ()


def test_scoring_uses_only_the_current_players_leads() -> None:
    state = position(players=2, sites=["5 3 | 1:gate", "4 2 | 0:wall"], turn=0, hands=["wall", "wall"])
    assert state.pending == (1,)
    assert all(
        isinstance(action, PlaceTile) and action.site == 1 for action in ENGINE.legal_actions(state, 0)
    )


def test_refill_in_a_two_player_game_removes_equal_pairs() -> None:
    state = position(
        players=2,
        sites=["4 5@1 | 0:gate 1:tower", "3 2 |"],
        turn=1,
        hands=["wall", "wall"],
        supply=[3, 3, 8, 8, 7, 1],
    )
    after = act(state, 1, "take 1")
    assert after.removed == ((3, 3), (8, 8))
    assert after.sites[0].tiles == ((7, FREE), (1, FREE))
    assert ENGINE.view(after, None)["removed"] == [[3, 3], [8, 8]]


def test_refill_with_three_players_keeps_equal_pairs() -> None:
    state = position(
        players=3,
        sites=["4 5@1 | 0:gate 1:tower", "3 2 |", "2 1 |"],
        turn=1,
        hands=["wall"] * 3,
        supply=[3, 3, 8, 8],
    )
    after = act(state, 1, "take 1")
    assert after.removed == ()
    assert after.sites[0].tiles == ((3, FREE), (3, FREE))


def test_a_site_closes_when_the_supply_is_empty_and_play_goes_on() -> None:
    state = position(
        players=3,
        sites=["4 5@1 | 0:gate 1:tower", "3 2 | 2:wall", "2 1 |"],
        turn=1,
        hands=["wall", "wall gate", "wall"],
        supply=[],
    )
    after = act(state, 1, "take 1")
    assert not after.over
    view = ENGINE.view(after, None)
    assert view["sites"][0] == {"open": False, "tiles": [], "cards": [], "totals": [None, None, None]}
    assert view["supply"] == 0
    assert not any(text.startswith(("play", "free")) and text.endswith(" 1") for text in notations(after, 1))
    with pytest.raises(IllegalAction, match=r"^Site 1 is closed\.$"):
        act(after, 1, "play wall 1")
    after = act(after, 1, "play wall 2")
    assert after.sites[1].cards[-1] == ((1, 0),)


def test_end_condition_a_the_last_tile_ends_the_game_at_once() -> None:
    state = position(
        players=3,
        sites=["closed", "4 5@1 | 0:gate 1:tower", "closed"],
        turn=1,
        hands=["wall", "wall gate", "wall"],
        decks=["wall", "wall", "wall"],
        won=[[8, 7], [1], [2, 2]],
        supply=[],
    )
    after = act(state, 1, "take 2")
    assert after.over
    assert ENGINE.to_act(after) == frozenset()
    assert ENGINE.current_turn(after) is None
    assert ENGINE.legal_actions(after, 1) == []
    result = ENGINE.outcome(after)
    assert result is not None
    assert result.scores == (20, 5, 4)
    assert result.winners == frozenset({0})
    view = ENGINE.view(after, None)
    assert view["phase"] == "over"
    assert view["turn"] is None
    assert view["outcome"] == {"scores": [20, 5, 4], "tiles": [3, 2, 2], "ranks": [1, 2, 3], "winners": [0]}
    with pytest.raises(IllegalAction, match=r"^The game is over\.$"):
        act(after, 1, "play wall 2")
