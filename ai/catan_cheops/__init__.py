"""The Catan: Cheops AI: `player` decides (goals valued in points on the
seat's public state), `evaluation` holds the public state and the values,
`greedy` is the baseline it is measured against."""

from __future__ import annotations

import ai
from ai.catan_cheops import greedy
from ai.catan_cheops.player import ENGINE_ID
from ai.catan_cheops.player import Goal
from ai.catan_cheops.player import Mind
from ai.catan_cheops.player import choose

__all__ = ["Goal", "Mind", "choose"]

ai.register(ENGINE_ID, choose, greedy=greedy.choose)
