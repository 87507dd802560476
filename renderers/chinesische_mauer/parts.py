"""Chinesische Mauer: what the board's panels and the close-up share — the image's width,
its spacing and type sizes, the fame tile, the panel."""

from __future__ import annotations

from functools import partial

from renderers import common
from renderers import kit
from renderers.canvas import Canvas
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import FIGURE
from renderers.legibility import PHONE_WIDTH

__all__ = [
    "GAP",
    "HEADING",
    "LABEL",
    "MARGIN",
    "PAD",
    "PHONE_WIDTH",
    "SYMBOL",
    "TILE",
    "WIDTH",
    "bold",
    "panel",
    "tile",
]

#: The image's own width: twice a phone screen's 390, so a phone shows it at half size.
WIDTH = 2 * PHONE_WIDTH

MARGIN = 10
GAP = 10
PAD = 10

# Font sizes (DejaVu Bold: digits and capitals are about 0.73 of the size tall, so 28 shows
# 10 px tall on a phone).
LABEL = 28
HEADING = 34
SYMBOL = 26
TILE = 46


def bold(size: int = LABEL) -> Face:
    return face(size, Weight.BOLD)


#: Panels stand closer to the image's sides than the kit's, without shadows (but the sites').
panel = partial(kit.panel, margin=MARGIN, shadow=False)


def tile(canvas: Canvas, x: int, y: int, size: int, value: int) -> None:
    """A fame tile: a gold square with its value (points: a figure players compare)."""
    canvas.box(
        x + 2,
        y + 3,
        x + size + 2,
        y + size + 3,
        common.blend(common.GOLD_DARK, common.INK, 0.3),
        radius=size // 6,
    )
    canvas.box(x, y, x + size, y + size, common.GOLD, common.GOLD_DARK, 3, radius=size // 6)
    canvas.box(x + 5, y + 5, x + size - 5, y + size - 5, None, common.GOLD_LIGHT, 2, radius=size // 8)
    canvas.text(x + size // 2, y + size // 2 + 1, str(value), bold(), common.INK, anchor="mm", role=FIGURE)
