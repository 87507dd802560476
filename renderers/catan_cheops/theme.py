"""Catan: Cheops: what the parts of its board image share — sizes, colours, words.

The image is `WIDTH` pixels wide, laid out for a phone held upright, which
shows it at half its size (390 px): the map fills the width, the panels
stand below it. No text on it is smaller than `SMALL` pixels; a place's
name is at least `PLACE_SIZE` (bold condensed) and a figure a player
compares at least `FIGURE_SIZE` (bold), both 8 px tall or more on a phone. Terrain
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
    "FIGURE_SIZE",
    "HEADING",
    "NEW",
    "NEW_DARK",
    "PLACE_SIZE",
    "RESOURCES",
    "SMALL",
    "TERRAIN",
    "TERRAIN_COLOURS",
    "WIDTH",
    "label",
    "seat_ink",
    "seat_of",
]

WIDTH = 780
#: The smallest text on the image (column heads).
SMALL = 18
#: Ordinary text: values, names, the status.
BODY = 22
HEADING = 26
#: A place's name (bold condensed: 17 px capitals, 8.5 on a phone).
PLACE_SIZE = 21
#: A figure a player compares (bold: 17 px digits, 8.5 on a phone).
FIGURE_SIZE = 23
#: What changed since the previous post: its ring and its name's plate, and their border.
NEW: RGB = (214, 0, 120)
NEW_DARK: RGB = (110, 0, 60)

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
