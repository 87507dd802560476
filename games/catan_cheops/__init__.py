"""Catan: Cheops (Klaus Teuber, Kosmos 1997): the rules engine.

`ENGINE` is the `games.core.Engine` for it; the move values are in
`actions`, the state in `state`, the board (a design inspired by the
printed scenario) in `board.json`, read by `data`. Rules, decisions,
notation, view and save format: docs/catan-cheops.md.
"""

from __future__ import annotations

import games
from games.catan_cheops.actions import Move
from games.catan_cheops.engine import CatanCheopsEngine
from games.catan_cheops.state import State

__all__ = ["ENGINE", "CatanCheopsEngine", "Move", "State"]

ENGINE = CatanCheopsEngine()
games.register(ENGINE)
