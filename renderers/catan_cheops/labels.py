"""Catan: Cheops: the names of places on the map, laid where they do not cover each other.

The map is dense at phone size: two intersections are a label's width apart,
and the two free edges at a road's end closer still. So each name is a
`Tag` on a plate, put at its place when there is room and otherwise moved a
little away from it along a ring of tries, with a thin line back to its
place; a tag never covers another, and avoids covering pieces where it
can. Tags are laid in the order given: the most important first.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from renderers import legibility
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import text_width
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import PLACE

__all__ = ["Box", "Look", "Tag", "lay", "plate"]

#: A rectangle (x0, y0, x1, y1) in pixels.
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Look:
    """How a tag is drawn: its plate's fill and border, its ink, and its text's size (bold,
    condensed)."""

    fill: RGB
    border: RGB
    ink: RGB
    size: int


@dataclass(frozen=True)
class Tag:
    """A place's name to lay at (x, y); `clear`: how far from it the tag must stand at least
    (a piece's name beside the piece, not over it)."""

    text: str
    x: float
    y: float
    look: Look
    clear: float = 0.0


@lru_cache(maxsize=2048)
def plate(text: str, look: Look) -> Image.Image:
    """The tag's picture: its text on a rounded plate."""
    font_face = face(look.size, Weight.CONDENSED)
    pad = max(3, look.size // 6)
    w = text_width(text, font_face) + 2 * pad + 2
    h = round(look.size * 1.15)
    out = Canvas(w, h, None)
    out.box(0, 0, w, h, look.fill, look.border, 2, radius=min(8, h // 3))
    out.text(w // 2, h // 2, text, font_face, look.ink, anchor="mm")
    return out.image


def _overlaps(box: Box, others: Iterable[Box]) -> bool:
    x0, y0, x1, y1 = box
    return any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in others)


def _inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


#: The directions a tag is moved in, in order: up, down, the sides, the diagonals.
_DIRECTIONS = tuple(
    (math.sin(math.radians(a)), -math.cos(math.radians(a))) for a in (0, 180, 90, 270, 45, 315, 135, 225)
)


def _tries(tag: Tag, w: int, h: int) -> list[tuple[float, float]]:
    """Where the tag's centre may go, nearest first."""
    out: list[tuple[float, float]] = [] if tag.clear else [(tag.x, tag.y)]
    step = h * 0.75
    first = max(1, math.ceil(tag.clear / step))
    for ring in range(first, first + 4):
        for dx, dy in _DIRECTIONS:
            # Across, a tag moves by half its width more: it is wider than tall.
            out.append(
                (tag.x + dx * (ring * step + (w / 2 if dx and not dy else 0)), tag.y + dy * ring * step)
            )
    return out


def lay(
    canvas: Canvas,
    tags: Sequence[Tag],
    avoid: Sequence[Box] = (),
    bounds: Box | None = None,
) -> list[Box]:
    """Draw the tags where none covers another (and none a box of `avoid` where it can), each
    inside `bounds` (the canvas by default); the boxes they took."""
    limits = bounds or (0, 0, canvas.width, canvas.height)
    taken: list[Box] = []
    for tag in tags:
        image = plate(tag.text, tag.look)
        w, h = image.width, image.height
        # Only what lies within the farthest try can be in the way.
        reach = tag.clear + 5 * h + w
        near = [b for b in avoid if abs(b[0] - tag.x) < reach and abs(b[1] - tag.y) < reach]
        close = [b for b in taken if abs(b[0] - tag.x) < reach and abs(b[1] - tag.y) < reach]
        spot: tuple[float, float] | None = None
        fallback: tuple[float, float] | None = None
        for cx, cy in _tries(tag, w, h):
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if not _inside(box, limits) or _overlaps(box, close):
                continue
            if not _overlaps(box, near):
                spot = (cx, cy)
                break
            fallback = fallback or (cx, cy)
        cx, cy = spot or fallback or (tag.x, tag.y)
        if math.hypot(cx - tag.x, cy - tag.y) > h * 0.6:
            canvas.draw.line((tag.x, tag.y, cx, cy), fill=tag.look.border, width=2)
        x0, y0 = round(cx - w / 2), round(cy - h / 2)
        canvas.paste(image, x0, y0)
        # Noted here, where it is laid: the plate itself is drawn once and kept.
        legibility.note(PLACE, tag.text, face(tag.look.size, Weight.CONDENSED))
        taken.append((x0, y0, x0 + w, y0 + h))
    return taken
