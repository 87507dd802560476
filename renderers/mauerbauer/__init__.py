"""Mauerbauer's board image: `image` draws a view (banner, dice, board, supply, players,
the viewer's cards), `board` the triangle board, `changes` what is new since the previous
post, `cards` the guild cards, `pieces` the towers, houses, palaces and coats of arms, and
`closeup` the enlarged part of the board a decision picks its place in."""

from __future__ import annotations

import renderers
from renderers.mauerbauer import closeup
from renderers.mauerbauer.image import GAME_ID
from renderers.mauerbauer.image import hand
from renderers.mauerbauer.image import render

__all__ = ["GAME_ID", "hand", "render"]

renderers.register(GAME_ID, render, closeup=closeup.closeup, hand=hand)
