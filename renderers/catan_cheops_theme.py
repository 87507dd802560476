"""Catan: Cheops: what the parts of its board image share — sizes, colours, words.

The image is `WIDTH` pixels wide; no text on it is smaller than `SMALL`
pixels, and what a player must find at a glance is at least `BODY`. Terrain
colours are muted so that the saturated seat colours of the pieces stand
out; every terrain also has its own drawn icon (`catan_cheops_icons`), so
nothing is told by colour alone. Every word comes from the game's catalogue
(`catan-cheops.board.*`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import texts
from games.catan_cheops import ENGINE
from renderers.canvas import RGB
from renderers.common import SEAT_COLOURS, on_colour
from renderers.common import label as catalogue_label

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


def _language(locale: str | None) -> str:
    return str(locale or texts.DEFAULT_LOCALE).split("-")[0].split("_")[0].lower()


def label(key: str, locale: str | None, **params: str | int) -> str:
    """A word drawn on the image, from the text catalogue.

    Until the game is registered its words are not in the shared catalogue
    yet, so they are then read from the engine's own texts (the same files).
    """
    if key in texts.catalogue(texts.DEFAULT_LOCALE):
        return catalogue_label(key, locale, **params)
    template = ENGINE.locales.get(_language(locale), {}).get(key) or ENGINE.texts.get(key, key)
    return template.format(**params)
