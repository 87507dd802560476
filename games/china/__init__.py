"""China (Michael Schacht, Abacus 2005): the rules engine.

`ENGINE` is the `games.core.Engine` for it; the move values are in
`actions`, the state in `state`, the board (a reconstruction) in
`board.json`, read by `data`. Rules, decisions, notation and the view
format: docs/china.md.
"""

from __future__ import annotations

import games
from games.china.actions import Action
from games.china.actions import End
from games.china.actions import Pass
from games.china.actions import Place
from games.china.actions import Swap
from games.china.actions import Take
from games.china.engine import ChinaEngine
from games.china.state import State

__all__ = ["ENGINE", "Action", "ChinaEngine", "End", "Pass", "Place", "State", "Swap", "Take"]

ENGINE = ChinaEngine()
games.register(ENGINE)
