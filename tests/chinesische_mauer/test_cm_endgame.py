"""The end of the game: the last round (end condition b), final scoring and tie-breaks."""

from __future__ import annotations

import pytest
from cm_builders import act
from cm_builders import cards_closing
from cm_builders import notations
from cm_builders import position

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.state import State
from games.core import IllegalAction


def last_card_position() -> State:
    """Seat 0 is about to play its very last card; seat 1 still has cards."""
    return position(
        players=2,
        sites=["5 3 | 0:tower", "4 2 | 1:wall"],
        turn=0,
        hands=["wall", "gate"],
        decks=["", "wall"],
        pending=(),
        actions_done=1,
    )


def test_end_condition_b_last_round_then_scoring_only_turns() -> None:
    state = act(last_card_position(), 0, "play wall 2")
    # Seat 0 has no cards left: the last round starts, seat 1 has one more turn.
    assert state.last_round == 0
    assert not state.cards_closed
    assert state.turn == 1
    assert ENGINE.view(state, None)["last_round"] == {"started_by": 0, "cards_closed": False}
    state = act(state, 1, "play gate 2", "draw")
    # Seat 0 is to move again: cards are closed, turns are scoring only.
    assert state.cards_closed
    assert state.turn == 0
    assert state.pending == (0,)
    view = ENGINE.view(state, None)
    assert view["last_round"] == {"started_by": 0, "cards_closed": True}
    assert view["actions_left"] == 0
    assert view["free_horsemen"] is False
    state = act(state, 0, "tile 5 on 1.1")
    # Scoring done and no actions: the turn passes to seat 1, who leads site 2 (3 against 1).
    assert (state.turn, state.pending) == (1, (1,))
    with pytest.raises(IllegalAction, match=r"^No more cards may be played in the last round\.$"):
        act(state, 1, "play wall 1")
    with pytest.raises(IllegalAction, match=r"^No more cards may be drawn in the last round\.$"):
        act(state, 1, "draw")
    assert notations(state, 1) == ["tile 4 on 2.1", "tile 4 on 2.3", "tile 2 on 2.1", "tile 2 on 2.3"]
    state = act(state, 1, "tile 2 on 2.3")
    # Seat 0 (alone at site 1 with 3 - 5 = -2) wins the second tile there.
    assert (state.turn, state.pending) == (0, (0,))
    state = act(state, 0, "take 1")
    # Nobody can score any more (site 2 is tied 1 against 1, site 1 is empty): the game is over.
    assert state.over
    result = ENGINE.outcome(state)
    assert result is not None
    assert result.scores == (8, 0)
    # The tile lying on seat 1's card at the deadlocked site counts for nobody.
    assert state.sites[1].tiles == ((4, -1), (2, 2))
    assert result.details == ({"tiles": 2, "points": 8}, {"tiles": 0, "points": 0})


def test_every_other_player_gets_exactly_one_more_turn() -> None:
    state = position(
        players=3,
        sites=["5 3 |", "4 2 |", "3 2 |"],
        turn=1,
        hands=["wall", "wall", "wall gate"],
        decks=["wall wall", "", "wall wall"],
        actions_done=1,
    )
    state = act(state, 1, "play wall 1")
    assert (state.last_round, state.turn) == (1, 2)
    state = act(state, 2, "play wall 2", "draw")
    assert (state.turn, state.cards_closed) == (0, False)
    state = act(state, 0, "play wall 3", "draw")
    # Back at seat 1: cards close. Seat 1 leads site 1 (1 against nobody).
    assert (state.turn, state.cards_closed, state.pending) == (1, True, (0,))


def test_players_without_cards_or_scoring_are_passed_over_in_the_last_round() -> None:
    state = position(
        players=4,
        sites=["5 3 | 0:gate 1:gate", "4 2 |", "3 2 |", "2 1 |"],
        turn=0,
        hands=["wall", "", "gate", ""],
        decks=["", "", "wall", ""],
        last_round=3,
        actions_done=1,
    )
    state = act(state, 0, "play wall 2")
    # Seat 1 has no cards and nothing to score: seat 2 is next.
    assert (state.turn, state.cards_closed) == (2, False)
    state = act(state, 2, "play gate 3", "draw")
    # Seat 3 closes the cards but has nothing to score; seat 0 leads site 2 and must score.
    assert (state.turn, state.cards_closed, state.pending) == (0, True, (1,))


def test_game_ends_when_nobody_can_score_after_cards_close() -> None:
    state = cards_closing()
    state = act(state, 1, "play wall 2")
    # Cards close at seat 0, who has nothing to score; seat 1 leads site 2 (2 against nobody).
    assert (state.turn, state.pending, state.cards_closed) == (1, (1,), True)
    state = act(state, 1, "tile 4 on 2.1")
    # Seat 1 still leads site 2 alone (1 + 1 - 4 = -2), so it takes the second tile next turn.
    assert (state.turn, state.pending) == (1, (1,))
    state = act(state, 1, "take 2")
    assert state.over
    assert ENGINE.view(state, None)["phase"] == "over"
    assert ENGINE.to_act(state) == frozenset()
    # The end post says why: the cards ran out and nothing can be scored (a site stays open).
    result = ENGINE.outcome(state)
    assert result is not None and result.ending is not None
    assert result.ending.key == "cm.ending.cards"


def scores(won: list[list[int]]) -> tuple[tuple[int, ...], frozenset[int], tuple[int, ...]]:
    state = position(players=len(won), sites=["closed"] * {2: 2, 3: 3}.get(len(won), 4), won=won, over=True)
    result = ENGINE.outcome(state)
    assert result is not None
    return result.ranks, result.winners, result.scores


def test_most_points_wins() -> None:
    assert scores([[8, 7], [5, 5, 4]]) == ((1, 2), frozenset({0}), (15, 14))


def test_tie_on_points_is_broken_by_more_tiles() -> None:
    assert scores([[8], [5, 3], [4, 2, 1, 1]]) == ((3, 2, 1), frozenset({2}), (8, 8, 8))


def test_full_tie_shares_the_win() -> None:
    assert scores([[8, 1], [5, 4], [7]]) == ((1, 1, 3), frozenset({0, 1}), (9, 9, 7))


def test_outcome_is_none_while_the_game_runs() -> None:
    assert ENGINE.outcome(ENGINE.setup(3, 1)) is None
