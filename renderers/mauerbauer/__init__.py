"""Mauerbauer's board image: `image` draws a view (banner, dice, board, supply, players,
the viewer's cards), `board` the triangle board, `cards` the guild cards and `pieces` the
towers, houses, palaces and coats of arms."""

from __future__ import annotations

import renderers
from renderers.mauerbauer.image import GAME_ID
from renderers.mauerbauer.image import render

__all__ = ["GAME_ID", "render"]

renderers.register(GAME_ID, render)
