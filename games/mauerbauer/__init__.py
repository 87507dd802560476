"""Mauerbauer (Leo Colovini, Hans im Glück 2006): the rules engine.

`ENGINE` is the `games.core.Engine` for it; the move values are in
`actions`, the state in `state`, the board and cards (a reconstruction) in
`board.json` and `cards.json`. Rules, decisions, notation, view and save
format: docs/mauerbauer.md.
"""

from __future__ import annotations

import games
from games.mauerbauer.actions import Action
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Done
from games.mauerbauer.actions import Merge
from games.mauerbauer.actions import Pass
from games.mauerbauer.actions import PlaceHouses
from games.mauerbauer.actions import PlaceTowers
from games.mauerbauer.actions import Play
from games.mauerbauer.actions import Swap
from games.mauerbauer.data import geometry
from games.mauerbauer.engine import MauerbauerEngine
from games.mauerbauer.state import City
from games.mauerbauer.state import State

__all__ = [
    "ENGINE",
    "Action",
    "BuildWall",
    "City",
    "Discard",
    "Done",
    "MauerbauerEngine",
    "Merge",
    "Pass",
    "PlaceHouses",
    "PlaceTowers",
    "Play",
    "State",
    "Swap",
    "geometry",
]

ENGINE = MauerbauerEngine()
games.register(ENGINE)
