"""Chinesische Mauer (Reiner Knizia, Kosmos 2006): the rules engine.

`ENGINE` is the `games.core.Engine` for it; the move values are in
`actions`, the state in `state`. Rules and decisions as implemented:
docs/chinesische-mauer.md.
"""

from __future__ import annotations

import games
from games.chinesische_mauer.actions import Action, DragonOn, Draw, PlaceTile, PlayCards, TakeTile
from games.chinesische_mauer.engine import ChineseWallEngine
from games.chinesische_mauer.state import Site, State

__all__ = [
    "ENGINE",
    "Action",
    "ChineseWallEngine",
    "DragonOn",
    "Draw",
    "PlaceTile",
    "PlayCards",
    "Site",
    "State",
    "TakeTile",
]

ENGINE = ChineseWallEngine()
games.register(ENGINE)
