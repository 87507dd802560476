"""Catan: Cheops's board image: `image` puts a view's parts together, `theme` holds
their sizes, colours and words, `geometry` and `map` the hex map, `icons` the drawn
pieces and icons, `panels` the banner, offer and key and `players` the pyramid, the
players and the viewer's hand."""

from __future__ import annotations

import renderers
from renderers.catan_cheops.image import GAME_ID
from renderers.catan_cheops.image import WIDTH
from renderers.catan_cheops.image import render

__all__ = ["GAME_ID", "WIDTH", "render"]

renderers.register(GAME_ID, render)
