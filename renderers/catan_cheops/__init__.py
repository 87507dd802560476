"""Catan: Cheops's board image: `image` puts a view's parts together, `theme` holds
their sizes, colours and words, `geometry` and `map` the hex map, `icons` the drawn
pieces and icons, `labels` the names of places, `changes` what changed since the
previous post, `panels` the banner, offer and bank, `players` the pyramid, the players
and the viewer's hand, and `closeup` the close-up of a decision."""

from __future__ import annotations

import renderers
from renderers.catan_cheops.closeup import closeup
from renderers.catan_cheops.image import GAME_ID
from renderers.catan_cheops.image import WIDTH
from renderers.catan_cheops.image import render

__all__ = ["GAME_ID", "WIDTH", "closeup", "render"]

renderers.register(GAME_ID, render, closeup=closeup)
