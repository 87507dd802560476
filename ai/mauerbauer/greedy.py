"""A greedy Mauerbauer player: the baseline the AI is measured against.

At every decision it takes the move that scores most at once for itself:

* in a scoring round or the final round, the play of 1 or 2 cards that
  scores most now (fewer cards at equal points); when nothing scores, a
  discard of its least valuable card (a pass in the final round);
* a wall, a tower or house placement, a merge: the one after which its best
  play would score most on the city it closes (a wall is valued with the
  pieces already on the board, as the dice are not rolled yet); moves that
  close nothing score 0;
* in the catch-up exchange it keeps its hand.

Ties are broken by a seeded random choice. It reads the public board and
its own hand only (`ai.mauerbauer.model.public_state`).
"""

from __future__ import annotations

from typing import Any

from ai.common import only_move
from ai.common import pick
from ai.mauerbauer.model import after_placements
from ai.mauerbauer.model import best_play_points
from ai.mauerbauer.model import closes
from ai.mauerbauer.model import merge_options
from ai.mauerbauer.model import public_state
from games.core import Action
from games.mauerbauer import rules
from games.mauerbauer.actions import DONE
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Pass
from games.mauerbauer.actions import Play
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import FINAL
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State

__all__ = ["choose"]


def choose(state: Any, seat: int, seed: int) -> Action:
    """The move that scores most at once for `seat`; ties by a seeded random choice."""
    legal = rules.legal_actions(state, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    public = public_state(state, seat)
    hand = public.hands[seat]
    phase = public.phase
    scores: list[float]
    if phase == EXCHANGE:
        return DONE
    if phase in (SCORING, FINAL):
        scores = [_play_points(public, action) for action in legal]
        if max(scores) <= 0:
            values = public.values if phase == SCORING else card_values(public, None)
            scores = [_fallback(action, values) for action in legal]
    elif phase == WALL:
        scores = [_wall_points(public, seat, action) for action in legal]
    else:
        scores = [_settled_points(rules.apply(public, seat, action), seat, hand) for action in legal]
    best = max(scores)
    top = [action for action, score in zip(legal, scores, strict=True) if score == best]
    return pick(top, seed)


def _play_points(state: State, action: Action) -> float:
    if not isinstance(action, Play):
        return -1.0
    if state.phase == SCORING:
        values = state.values
    else:
        city = next(
            (c for c in state.cities if action.city is not None and c.fields >> action.city & 1), None
        )
        values = card_values(state, city)
    # Fewer cards first at equal points.
    return sum(values[card] for card in action.cards) - 0.01 * len(action.cards)


def _fallback(action: Action, values: tuple[int, ...]) -> float:
    """When no play scores: discard the card worth least now, or pass."""
    if isinstance(action, Discard):
        return -values[action.card]
    return 0.5 if isinstance(action, Pass) else -99.0


def _settled_points(state: State, seat: int, hand: tuple[int, ...]) -> float:
    """The best play's points in the scoring round this position leads to (0 without one)."""
    if state.phase == MERGE:
        return max(_settled_points(option, seat, hand) for option in merge_options(state))
    if state.phase != SCORING:
        return 0.0
    return float(best_play_points(state.values, hand))


def _wall_points(state: State, seat: int, action: Action) -> float:
    assert isinstance(action, BuildWall)
    if not closes(state.walls, action.line):
        return 0.0
    return _settled_points(after_placements(state, action.line, (), ()), seat, state.hands[seat])
