"""Mauerbauer (Leo Colovini, Hans im Glück 2006): the rules engine.

`ENGINE` is the `games.core.Engine` for it; the move values are in
`actions`, the state in `state`, the board and cards (a reconstruction) in
`board.json` and `cards.json`. Rules, decisions, notation, view and save
format: docs/mauerbauer.md.
"""

from __future__ import annotations

import games
from games.mauerbauer.actions import (
    Action,
    BuildWall,
    Discard,
    Done,
    Merge,
    Pass,
    PlaceHouses,
    PlaceTowers,
    Play,
    Swap,
)
from games.mauerbauer.data import geometry
from games.mauerbauer.engine import MauerbauerEngine
from games.mauerbauer.state import City, State

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
