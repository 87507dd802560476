"""China's board image: `image` draws a view (banner, map with pieces, cards, players,
the viewer's hand), `board` the map with its pieces on the map's geometry and unchanging
picture from `map`, and `closeup` the part of the map where a seat's legal moves place a
piece, enlarged."""

from __future__ import annotations

import renderers
from renderers.china import closeup
from renderers.china.image import GAME_ID
from renderers.china.image import render

__all__ = ["GAME_ID", "render"]

renderers.register(GAME_ID, render, closeup=closeup.closeup)
