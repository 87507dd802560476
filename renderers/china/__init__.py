"""China's board image: `image` draws a view (banner, map with pieces, cards, players,
the viewer's hand) on the map's geometry and unchanging picture from `map`."""

from __future__ import annotations

import renderers
from renderers.china.image import GAME_ID
from renderers.china.image import render

__all__ = ["GAME_ID", "render"]

renderers.register(GAME_ID, render)
