"""The Mauerbauer AI: `player` decides (one step ahead with the engine's own
steps), `model` is what a seat may know and the positions it tries,
`evaluation` values them, `greedy` is the baseline it is measured against.
`player` is the Normal level; `easy` and `hard` are the other levels and
`hints` names the best moves for a seat with a line of why."""

from __future__ import annotations

import ai
from ai.mauerbauer import easy
from ai.mauerbauer import greedy
from ai.mauerbauer import hard
from ai.mauerbauer import hints
from ai.mauerbauer.player import ENGINE_ID
from ai.mauerbauer.player import Decision
from ai.mauerbauer.player import choose
from ai.mauerbauer.player import decide

__all__ = ["Decision", "choose", "decide"]

ai.register(ENGINE_ID, choose, greedy=greedy.choose, easy=easy.choose, hard=hard.choose, hint=hints.hint)
