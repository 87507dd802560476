"""The China AI: `player` decides (a look-ahead over the rest of the turn on
the seat's public state), `evaluation` values positions and hands, `greedy`
is the baseline it is measured against. `easy` and `hard` are the other
levels (Normal with a beginner's mistakes; Normal's ideas played out two
rounds ahead, near the end to the end, in sampled worlds), `hints` the best
moves with one line of why."""

from __future__ import annotations

import ai
from ai.china import easy
from ai.china import greedy
from ai.china import hard
from ai.china import hints
from ai.china.player import ENGINE_ID
from ai.china.player import Decision
from ai.china.player import choose
from ai.china.player import decide

__all__ = ["Decision", "choose", "decide"]

ai.register(ENGINE_ID, choose, greedy=greedy.choose, easy=easy.choose, hard=hard.choose, hint=hints.hint)
