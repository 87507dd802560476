"""Catan: Cheops: the drawn icons and pieces of its board image.

Every icon is a polygon drawing, smoothed by supersampling and cached
(`renderers.canvas.sprite`): the five resources and gold (on the terrain, on
harbours, in the panels), cards, knights, pyramid blocks, the pieces
(settlement: a house; city: a larger building of two levels; road: a bar;
ship: a boat — each in the seat's colour with the seat's number), the
robber, dice, the blessing (a sun) and the curse (a lightning bolt).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image
from PIL import ImageDraw

from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import sprite
from renderers.catan_cheops.theme import seat_ink
from renderers.common import CREAM
from renderers.common import GOLD
from renderers.common import GOLD_DARK
from renderers.common import INK
from renderers.common import WHITE
from renderers.common import blend
from renderers.common import seat_colour
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import MARK

__all__ = [
    "block",
    "boat",
    "card",
    "city",
    "curse",
    "die",
    "house",
    "knight",
    "resource",
    "road",
    "robber",
    "sun",
]

_Draw = ImageDraw.ImageDraw
_Points = list[tuple[float, float]]


def _scaled(points: _Points, w: int, h: int) -> _Points:
    return [(x * w, y * h) for x, y in points]


def _outline(w: int) -> int:
    return max(2, round(w * 0.06))


# ---------------------------------------------------------------- resources


def _paint_brick(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    fill, mortar, line = (178, 84, 52), (240, 222, 200), (92, 40, 24)
    rows = 3
    top, bottom = 0.16 * h, 0.86 * h
    row_h = (bottom - top) / rows
    draw.rectangle((0.04 * w, top, 0.96 * w, bottom), fill=mortar, outline=line, width=_outline(w))
    gap = max(2.0, w * 0.035)
    for row in range(rows):
        y0, y1 = top + row * row_h + gap, top + (row + 1) * row_h - gap
        offset = 0.0 if row % 2 == 0 else 0.22
        starts = [0.04 + offset + k * 0.44 for k in range(-1, 3)]
        for start in starts:
            x0, x1 = max(0.04, start) * w + gap, min(0.96, start + 0.44) * w - gap
            if x1 - x0 > gap * 2:
                draw.rectangle((x0, y0, x1, y1), fill=fill)


def _paint_lumber(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    leaf, dark, trunk = (46, 118, 58), (18, 58, 26), (112, 70, 34)
    draw.rectangle((0.42 * w, 0.72 * h, 0.58 * w, 0.98 * h), fill=trunk, outline=dark, width=_outline(w) // 2)
    for top, bottom, half in ((0.02, 0.42, 0.26), (0.18, 0.6, 0.36), (0.36, 0.8, 0.46)):
        draw.polygon(
            _scaled([(0.5, top), (0.5 + half, bottom), (0.5 - half, bottom)], w, h),
            fill=leaf,
            outline=dark,
            width=_outline(w),
        )


def _paint_wool(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    fleece, dark = (250, 250, 244), (60, 56, 52)
    for x in (0.3, 0.62):
        draw.rectangle((x * w, 0.62 * h, (x + 0.08) * w, 0.94 * h), fill=dark)
    blobs = ((0.3, 0.42), (0.48, 0.34), (0.66, 0.42), (0.36, 0.6), (0.6, 0.6))
    r = 0.2 * w
    for x, y in blobs:
        draw.ellipse((x * w - r, y * h - r, x * w + r, y * h + r), fill=dark)
    r_in = r - _outline(w)
    for x, y in blobs:
        draw.ellipse((x * w - r_in, y * h - r_in, x * w + r_in, y * h + r_in), fill=fleece)
    draw.ellipse((0.7 * w, 0.26 * h, 0.98 * w, 0.52 * h), fill=dark)
    draw.ellipse((0.82 * w, 0.32 * h, 0.88 * w, 0.38 * h), fill=fleece)


def _paint_grain(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    ear, dark = (236, 178, 40), (120, 78, 10)
    draw.line((0.5 * w, 0.28 * h, 0.5 * w, 0.98 * h), fill=dark, width=max(2, round(w * 0.07)))
    kx, ky = 0.13 * w, 0.085 * h
    for row in range(4):
        y = (0.3 + row * 0.14) * h
        for side in (-1, 1):
            cx = 0.5 * w + side * 0.12 * w
            draw.ellipse(
                (cx - kx, y - ky, cx + kx, y + ky), fill=ear, outline=dark, width=_outline(w) // 2 + 1
            )
    draw.ellipse((0.4 * w, 0.04 * h, 0.6 * w, 0.28 * h), fill=ear, outline=dark, width=_outline(w) // 2 + 1)


def _paint_ore(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    rock, light, dark = (112, 114, 126), (186, 188, 200), (36, 38, 48)
    outer = [(0.02, 0.94), (0.26, 0.38), (0.42, 0.52), (0.6, 0.1), (0.98, 0.94)]
    draw.polygon(_scaled(outer, w, h), fill=rock, outline=dark, width=_outline(w))
    draw.polygon(_scaled([(0.6, 0.1), (0.7, 0.94), (0.98, 0.94)], w, h), fill=light)
    draw.polygon(_scaled([(0.26, 0.38), (0.32, 0.94), (0.42, 0.52)], w, h), fill=light)
    draw.line(_scaled([*outer, outer[0]], w, h), fill=dark, width=_outline(w), joint="curve")


def _paint_coin(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    r = min(w, h) / 2 - 1
    cx, cy = w / 2, h / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD_DARK)
    r2 = r - _outline(w)
    draw.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=GOLD)
    r3 = r2 * 0.62
    draw.ellipse((cx - r3, cy - r3, cx + r3, cy + r3), outline=GOLD_DARK, width=_outline(w) // 2 + 1)
    draw.polygon(
        [(cx, cy - r3 * 0.7), (cx + r3 * 0.45, cy), (cx, cy + r3 * 0.7), (cx - r3 * 0.45, cy)],
        fill=(250, 228, 150),
    )


def _paint_desert(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    dune, dark = (214, 176, 104), (150, 112, 50)
    draw.pieslice((0.0, 0.45 * h, 0.7 * w, 1.35 * h), 180, 360, fill=dune, outline=dark, width=_outline(w))
    draw.pieslice((0.35 * w, 0.3 * h, w, 1.35 * h), 180, 360, fill=dune, outline=dark, width=_outline(w))
    r = 0.13 * w
    draw.ellipse((0.78 * w - r, 0.2 * h - r, 0.78 * w + r, 0.2 * h + r), fill=(240, 150, 40))


_RESOURCE_PAINTERS = {
    "brick": _paint_brick,
    "lumber": _paint_lumber,
    "wool": _paint_wool,
    "grain": _paint_grain,
    "ore": _paint_ore,
    "gold": _paint_coin,
    "desert": _paint_desert,
}


def resource(kind: str, size: int) -> Image.Image:
    """The icon of a resource, of gold (a coin) or of the desert (dunes)."""
    return sprite(_RESOURCE_PAINTERS[kind], size, size, ())


# ---------------------------------------------------------------- cards, knights, blocks


def _paint_card(draw: _Draw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, mark = colours
    line = _outline(w)
    draw.rounded_rectangle(
        (0.16 * w, 0.04 * h, 0.84 * w, 0.96 * h), 0.1 * w, fill=fill, outline=INK, width=line
    )
    r = 0.14 * w
    draw.ellipse((0.5 * w - r, 0.5 * h - r, 0.5 * w + r, 0.5 * h + r), fill=mark)


def card(size: int, development: bool = False) -> Image.Image:
    """A card: cream for resource cards, purple with a gold dot for development cards."""
    colours = ((120, 82, 150), GOLD) if development else (CREAM, (170, 150, 120))
    return sprite(_paint_card, size, size, colours)


def _paint_shield(draw: _Draw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    (fill,) = colours
    outline = [(0.12, 0.08), (0.88, 0.08), (0.88, 0.46), (0.5, 0.96), (0.12, 0.46)]
    draw.polygon(_scaled(outline, w, h), fill=fill, outline=INK, width=_outline(w))
    line = max(2, round(w * 0.08))
    draw.line((0.5 * w, 0.18 * h, 0.5 * w, 0.78 * h), fill=CREAM, width=line)
    draw.line((0.26 * w, 0.36 * h, 0.74 * w, 0.36 * h), fill=CREAM, width=line)


def knight(size: int, fill: RGB = (88, 88, 110)) -> Image.Image:
    """A knight's shield (played knights; gold-rimmed for the largest army)."""
    return sprite(_paint_shield, size, size, (fill,))


def _paint_block(draw: _Draw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, top = colours
    line = _outline(w)
    draw.rectangle((0.08 * w, 0.3 * h, 0.92 * w, 0.92 * h), fill=fill, outline=INK, width=line)
    draw.polygon(_scaled([(0.08, 0.3), (0.24, 0.1), (0.92, 0.1), (0.92, 0.3)], w, h), fill=top, outline=INK)
    draw.line(_scaled([(0.08, 0.3), (0.24, 0.1), (0.92, 0.1), (0.92, 0.92)], w, h), fill=INK, width=line)


def block(size: int, fill: RGB = (214, 182, 118)) -> Image.Image:
    """A pyramid block."""
    return sprite(_paint_block, size, size, (fill, blend(fill, WHITE, 0.35)))


# ---------------------------------------------------------------- the pieces


def _paint_house(draw: _Draw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    points = [(0.5, 0.04), (0.96, 0.42), (0.96, 0.96), (0.04, 0.96), (0.04, 0.42)]
    draw.polygon(_scaled(points, w, h), fill=outline)
    inner = [(0.5, 0.14), (0.86, 0.45), (0.86, 0.87), (0.14, 0.87), (0.14, 0.45)]
    draw.polygon(_scaled(inner, w, h), fill=fill)


def _paint_city(draw: _Draw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    # A tall house on the left, a lower hall on the right: two levels.
    points = [
        (0.28, 0.02), (0.54, 0.24), (0.54, 0.42), (0.98, 0.42), (0.98, 0.97),
        (0.02, 0.97), (0.02, 0.24),
    ]  # fmt: skip
    draw.polygon(_scaled(points, w, h), fill=outline)
    inner = [
        (0.28, 0.1), (0.46, 0.27), (0.46, 0.5), (0.91, 0.5), (0.91, 0.9),
        (0.09, 0.9), (0.09, 0.27),
    ]  # fmt: skip
    draw.polygon(_scaled(inner, w, h), fill=fill)
    draw.line(_scaled([(0.09, 0.52), (0.46, 0.52)], w, h), fill=outline, width=_outline(w) // 2 + 1)


#: The least size of the seat's number on a piece: 6 px tall on a phone, on the board's 780 px.
_LEAST_MARK = 18


def _numbered(painted: Image.Image, number: str, ink: RGB, size: int, at: float) -> Image.Image:
    piece = Canvas(painted.width, painted.height, None)
    piece.paste(painted, 0, 0)
    piece.text(
        painted.width // 2,
        round(painted.height * at),
        number,
        face(max(_LEAST_MARK, size), Weight.BOLD),
        ink,
        anchor="mm",
        role=MARK,
    )
    return piece.image


@lru_cache(maxsize=64)
def house(seat: int, size: int, numbered: bool = True) -> Image.Image:
    """A settlement: a house in the seat's colour with the seat's number."""
    painted = sprite(_paint_house, size, size, (seat_colour(seat), INK))
    if not numbered:
        return painted
    return _numbered(painted, str(seat + 1), seat_ink(seat), round(size * 0.56), 0.64)


@lru_cache(maxsize=64)
def city(seat: int, width: int, numbered: bool = True) -> Image.Image:
    """A city: a larger building of two levels in the seat's colour with the seat's number."""
    painted = sprite(_paint_city, width, round(width * 0.86), (seat_colour(seat), INK))
    if not numbered:
        return painted
    return _numbered(painted, str(seat + 1), seat_ink(seat), round(width * 0.5), 0.7)


@lru_cache(maxsize=64)
def road(seat: int, angle: int, length: int, thick: int, numbered: bool = True) -> Image.Image:
    """A road along an edge at `angle` degrees (0: upright, clockwise), with the seat's number."""
    box = length + 4
    fill = seat_colour(seat)

    def paint(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
        scale = w / box
        a = math.radians(angle - 90)
        cx, cy = w / 2, h / 2
        along, across = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))

        def bar(half_length: float, half_thick: float) -> _Points:
            return [
                (cx + sx * half_length * along[0] + sy * half_thick * across[0],
                 cy + sx * half_length * along[1] + sy * half_thick * across[1])
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]  # fmt: skip

        border = 2.2 * scale
        draw.polygon(bar(length * scale / 2, thick * scale / 2), fill=INK)
        draw.polygon(bar(length * scale / 2 - border, thick * scale / 2 - border), fill=fill)

    painted = sprite(paint, box, box, ())
    if not numbered:
        return painted
    return _numbered(painted, str(seat + 1), seat_ink(seat), round(thick * 0.95), 0.5)


def _paint_boat(draw: _Draw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, sail = colours
    line = _outline(w)
    hull = [(0.0, 0.5), (1.0, 0.5), (0.84, 0.98), (0.16, 0.98)]
    draw.polygon(_scaled(hull, w, h), fill=fill, outline=INK, width=line)
    draw.line((0.5 * w, 0.02 * h, 0.5 * w, 0.52 * h), fill=INK, width=line)
    mast = [(0.56, 0.04), (0.9, 0.44), (0.56, 0.44)]
    draw.polygon(_scaled(mast, w, h), fill=sail, outline=INK, width=line)
    jib = [(0.44, 0.1), (0.44, 0.44), (0.16, 0.44)]
    draw.polygon(_scaled(jib, w, h), fill=sail, outline=INK, width=line)


@lru_cache(maxsize=64)
def boat(seat: int, size: int, numbered: bool = True) -> Image.Image:
    """A ship: a boat with its hull in the seat's colour and the seat's number on it."""
    painted = sprite(_paint_boat, size, size, (seat_colour(seat), CREAM))
    if not numbered:
        return painted
    return _numbered(painted, str(seat + 1), seat_ink(seat), round(size * 0.42), 0.74)


def _paint_robber(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    body, rim = (34, 32, 36), (236, 232, 220)
    line = _outline(w)
    draw.ellipse((0.08 * w, 0.8 * h, 0.92 * w, 0.99 * h), fill=rim)
    draw.ellipse((0.08 * w + line, 0.8 * h + line, 0.92 * w - line, 0.99 * h - line), fill=body)
    draw.polygon(_scaled([(0.5, 0.22), (0.86, 0.9), (0.14, 0.9)], w, h), fill=rim)
    draw.polygon(
        [
            (0.5 * w, 0.22 * h + line),
            (0.86 * w - line, 0.9 * h - line / 2),
            (0.14 * w + line, 0.9 * h - line / 2),
        ],
        fill=body,
    )
    r = 0.24 * w
    cx, cy = 0.5 * w, 0.24 * h
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=rim)
    draw.ellipse((cx - r + line, cy - r + line, cx + r - line, cy + r - line), fill=body)


def robber(width: int) -> Image.Image:
    """The robber: a dark pawn with a light rim (it reads on every terrain)."""
    return sprite(_paint_robber, width, round(width * 1.7), ())


# ---------------------------------------------------------------- dice, blessing, curse

_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=32)
def die(value: int, size: int, red: bool = False) -> Image.Image:
    """One die showing `value` (the red die of a pair is red with white pips)."""
    fill, pip = ((196, 40, 36), WHITE) if red else (CREAM, INK)

    def paint(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
        draw.rounded_rectangle((1, 1, w - 2, h - 2), 0.18 * w, fill=fill, outline=INK, width=_outline(w))
        r = 0.09 * w
        for x, y in _PIPS.get(value, ()):
            draw.ellipse((x * w - r, y * h - r, x * w + r, y * h + r), fill=pip)

    return sprite(paint, size, size, ())


def _paint_sun(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    cx, cy = w / 2, h / 2
    for k in range(12):
        a = math.pi * k / 6
        r0, r1, half = 0.3 * w, 0.49 * w, math.pi / 18
        draw.polygon(
            [
                (cx + r0 * math.cos(a - half), cy + r0 * math.sin(a - half)),
                (cx + r1 * math.cos(a), cy + r1 * math.sin(a)),
                (cx + r0 * math.cos(a + half), cy + r0 * math.sin(a + half)),
            ],
            fill=GOLD_DARK,
        )
    r = 0.3 * w
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD_DARK)
    r -= _outline(w)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD)


def sun(size: int) -> Image.Image:
    """The blessing of the pharaoh."""
    return sprite(_paint_sun, size, size, ())


def _paint_bolt(draw: _Draw, w: int, h: int, _: tuple[RGB, ...]) -> None:
    draw.ellipse((1, 1, w - 2, h - 2), fill=(70, 40, 90))
    bolt = [(0.58, 0.1), (0.28, 0.56), (0.48, 0.56), (0.4, 0.92), (0.74, 0.42), (0.54, 0.42), (0.66, 0.1)]
    draw.polygon(_scaled(bolt, w, h), fill=(250, 220, 90))


def curse(size: int) -> Image.Image:
    """The curse of the pharaoh."""
    return sprite(_paint_bolt, size, size, ())
