"""Chinesische Mauer (Reiner Knizia, Kosmos 2006): the rules engine.

`ENGINE` is the `games.core.Engine` for it; the move values are in
`actions`, the state in `state`. Rules and decisions as implemented:
docs/chinesische-mauer.md.
"""

from __future__ import annotations

import games
from games.chinesische_mauer.actions import Action
from games.chinesische_mauer.actions import DragonOn
from games.chinesische_mauer.actions import Draw
from games.chinesische_mauer.actions import PlaceTile
from games.chinesische_mauer.actions import PlayCards
from games.chinesische_mauer.actions import TakeTile
from games.chinesische_mauer.engine import ChineseWallEngine
from games.chinesische_mauer.state import Site
from games.chinesische_mauer.state import State

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
