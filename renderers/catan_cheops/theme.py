"""Catan: Cheops: what the parts of its board image share — sizes, colours, words.

The image is `WIDTH` pixels wide; no text on it is smaller than `SMALL`
pixels, and what a player must find at a glance is at least `BODY`. Terrain
colours are muted so that the saturated seat colours of the pieces stand
out; every terrain also has its own drawn icon (`icons`), so
nothing is told by colour alone. Every word comes from the game's catalogue
(`catan-cheops.board.*`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderers.canvas import RGB
from renderers.common import SEAT_COLOURS
from renderers.common import label
from renderers.common import on_colour

__all__ = [
    "BLACK_BLOCK",
    "BODY",
    "HEADING",
    "RESOURCES",
    "SMALL",
    "TERRAIN",
    "TERRAIN_COLOURS",
    "WIDTH",
    "label",
    "seat_ink",
    "seat_of",
]

WIDTH = 1500
#: The smallest text on the image (hex ids, intersection numbers).
SMALL = 16
#: Ordinary text: values, names, the status.
BODY = 22
HEADING = 26

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")

#: Fill colours of the terrains; the two waters differ in lightness as well as hue.
TERRAIN: Mapping[str, RGB] = {
    "sea": (46, 98, 158),
    "nile": (118, 196, 206),
    "desert": (236, 214, 160),
    "brick": (190, 112, 80),
    "lumber": (70, 128, 70),
    "wool": (162, 206, 120),
    "grain": (232, 196, 92),
    "ore": (150, 150, 160),
    "gold": (240, 178, 48),
}
TERRAIN_COLOURS: tuple[RGB, ...] = tuple(TERRAIN.values())

BLACK_BLOCK: RGB = (28, 26, 24)


def seat_ink(seat: int) -> RGB:
    """The colour that reads on the seat's colour (its number on its pieces)."""
    return on_colour(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def seat_of(piece: Mapping[str, Any]) -> int:
    return int(piece["seat"])
