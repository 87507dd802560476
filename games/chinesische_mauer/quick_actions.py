"""Which legal moves deserve a button (the contract's `quick_actions`).

Scoring comes first (takes, then tiles to lay), then drawing, then playing a
single card, then a single free horseman; plays of several cards and dragon
covers fill what room is left, and stay available through the notation.
"""

from __future__ import annotations

from games.chinesische_mauer.actions import Action
from games.chinesische_mauer.actions import DragonOn
from games.chinesische_mauer.actions import Draw
from games.chinesische_mauer.actions import PlaceTile
from games.chinesische_mauer.actions import PlayCards
from games.chinesische_mauer.actions import TakeTile
from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.rules import legal_actions
from games.chinesische_mauer.state import State
from games.core import MAX_QUICK_ACTIONS

__all__ = ["quick_actions", "rank"]

_KIND_INDEX = {name: index for index, name in enumerate(KINDS)}


def quick_actions(state: State, seat: int) -> list[Action]:
    return sorted(legal_actions(state, seat), key=rank)[:MAX_QUICK_ACTIONS]


def rank(action: Action) -> tuple[int, ...]:
    """Sort key: lower is more useful. The first item is the group, the rest orders within it."""
    if type(action) is TakeTile:
        return (0, 0, action.site)
    if type(action) is PlaceTile:
        return (0, 1, action.site, action.value, action.position)
    if type(action) is Draw:
        return (1,)
    if type(action) is PlayCards:
        kind = _KIND_INDEX[action.kind]
        if action.count == 1:
            return (3 if action.free else 2, kind, action.site)
        return (4, 1 if action.free else 0, kind, action.count, action.site)
    if type(action) is DragonOn:
        return (4, 2, action.site, action.position)
    raise TypeError(f"not a move of Chinesische Mauer: {action!r}")
