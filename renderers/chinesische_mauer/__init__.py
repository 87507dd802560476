"""Chinesische Mauer's board image: `image` draws a view (banner, sites, players, the
viewer's hand), `sites` the construction sites, `closeup` a decision's sites enlarged,
`parts` what they share, `icons` the card kinds' silhouettes, `kinds.json` what a card
in hand shows."""

from __future__ import annotations

import renderers
from renderers.chinesische_mauer.closeup import closeup
from renderers.chinesische_mauer.image import GAME_ID
from renderers.chinesische_mauer.image import render

__all__ = ["GAME_ID", "closeup", "render"]

renderers.register(GAME_ID, render, closeup=closeup)
