"""A greedy Chinesische Mauer player: the baseline the levels are measured against.

At every step it makes the move after which its score *as it stands* is
highest: the tiles it has won, the tiles lying on its cards (paid to it when
their site is cleared), and at every site it leads the best free tile there
(what scoring the site would bring it if its turn began now). So it takes
every tile it can, lays its tile where it keeps most, and plays cards to take
the lead at the richest sites; it never plans further than the move itself.
Moves that change none of that (a draw, a card at a site it cannot win) tie,
and ties are broken by a seeded random choice. It reads only the board and
its own hand and points, never a hidden card.
"""

from __future__ import annotations

from typing import Any

import games.chinesische_mauer
from ai.common import only_move
from ai.common import pick
from games.chinesische_mauer.state import FREE
from games.chinesische_mauer.state import State
from games.core import Action

__all__ = ["choose", "standing_score"]


def standing_score(state: State, seat: int) -> int:
    """The seat's won points, the tiles on its cards, and the best free tile of each site it leads."""
    score = sum(state.won[seat])
    for site in state.sites:
        if not site.open:
            continue
        free = [value for value, on in site.tiles if on == FREE]
        score += sum(value for value, on in site.tiles if on != FREE and site.cards[on][-1][0] == seat)
        if site.leader == seat and free:
            score += max(free)
    return score


def choose(state: Any, seat: int, seed: int) -> Action:
    """The move that leaves the seat's standing score highest; ties at random (seeded)."""
    engine = games.chinesische_mauer.ENGINE
    legal = engine.legal_actions(state, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    scores = [standing_score(engine.apply(state, seat, action), seat) for action in legal]
    best_score = max(scores)
    return pick([action for action, score in zip(legal, scores, strict=True) if score == best_score], seed)
