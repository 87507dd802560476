"""A greedy China player: the baseline the AI is measured against.

At every step it makes the move after which its score *as it stands* is
highest: the points it has scored, plus what the final scoring would give it
if the game ended right then (provinces not yet scored, alliances, chains).
That includes every point a move scores at once (a province filled), and it
also counts majorities, alliances and chains the moment they stand, which
makes it a stronger baseline than counting house scorings alone (those come
rarely, so such a player would move at random almost always). Moves that
change nothing (taking a card, most swaps) tie, and ties are broken by a
seeded random choice. It reads only the public board, never a hidden card.
"""

from __future__ import annotations

from typing import Any

import games.china
from ai.common import pick
from games.china.scoring import final_scoring
from games.china.state import State
from games.core import Action

__all__ = ["choose", "standing_score"]


def standing_score(state: State, seat: int) -> int:
    """The seat's points so far plus its final scoring if the game ended now."""
    final = final_scoring(state)
    return state.points[seat] + final.provinces[seat] + final.alliances[seat] + final.chains[seat]


def choose(state: Any, seat: int, seed: int) -> Action:
    """The move that leaves the seat's standing score highest; ties at random (seeded)."""
    engine = games.china.ENGINE
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no move to make")
    best: list[Action] = []
    best_score = -1
    for action in legal:
        score = standing_score(engine.apply(state, seat, action), seat) if _changes_board(action) else -1
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    if best_score == -1:
        best = list(legal)
    else:
        # A move that changes nothing scores what the position scores now.
        standing = standing_score(state, seat)
        if standing > best_score:
            best = [a for a in legal if not _changes_board(a)]
        elif standing == best_score:
            best += [a for a in legal if not _changes_board(a)]
    return pick(best, seed)


def _changes_board(action: Action) -> bool:
    return isinstance(action, games.china.Place)
