"""The Catan: Cheops AI: `player` decides (goals valued in points on the
seat's public state), `evaluation` holds the public state and the values,
`greedy` is the baseline it is measured against. Its levels: `easy` (Normal
with a beginner's mistakes), `player` (Normal), `hard` (Normal with its founding
played out and a determinized look-ahead of a round, `sampling`); `hints` names the best moves and why."""

from __future__ import annotations

import ai
from ai.catan_cheops import easy
from ai.catan_cheops import greedy
from ai.catan_cheops import hard
from ai.catan_cheops import hints
from ai.catan_cheops.player import ENGINE_ID
from ai.catan_cheops.player import Goal
from ai.catan_cheops.player import Mind
from ai.catan_cheops.player import choose

__all__ = ["Goal", "Mind", "choose"]

ai.register(ENGINE_ID, choose, greedy=greedy.choose, easy=easy.choose, hard=hard.choose, hint=hints.hint)
