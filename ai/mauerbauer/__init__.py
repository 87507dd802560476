"""The Mauerbauer AI: `player` decides (one step ahead with the engine's own
steps), `model` is what a seat may know and the positions it tries,
`evaluation` values them, `greedy` is the baseline it is measured against."""

from __future__ import annotations

import ai
from ai.mauerbauer import greedy
from ai.mauerbauer.player import ENGINE_ID
from ai.mauerbauer.player import Decision
from ai.mauerbauer.player import choose
from ai.mauerbauer.player import decide

__all__ = ["Decision", "choose", "decide"]

ai.register(ENGINE_ID, choose, greedy=greedy.choose)
