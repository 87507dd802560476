"""The Chinesische Mauer AI: `player` decides (on the seat's view and the
notation of its legal moves), `model` is the position it plans on and
`evaluation` what it values. `easy` and `hard` are its other levels (`seat`
what every level starts from), `hints` names the best moves with why, and
`greedy` is the baseline the levels are measured against (with random
players)."""

from __future__ import annotations

import ai
from ai.chinesische_mauer import easy
from ai.chinesische_mauer import greedy
from ai.chinesische_mauer import hard
from ai.chinesische_mauer import hints
from ai.chinesische_mauer.player import ENGINE_ID
from ai.chinesische_mauer.player import choose
from ai.chinesische_mauer.player import choose_move

__all__ = ["choose", "choose_move"]

ai.register(ENGINE_ID, choose, greedy=greedy.choose, easy=easy.choose, hard=hard.choose, hint=hints.hint)
