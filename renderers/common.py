"""What every board image shares: the theme, the seat colours and symbols, names, labels.

Seats are told apart by colour *and* shape, so the images read without
colour vision: the colours are the Okabe–Ito palette (distinguishable with
every common colour-vision deficiency), and each seat also has its own
symbol, drawn as a polygon rather than taken from a font.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from enum import Enum
from typing import Any

from PIL import Image
from PIL import ImageDraw

import texts
from games.core import Message
from renderers.canvas import RGB
from renderers.canvas import sprite
from renderers.fonts import PLACEHOLDER
from renderers.fonts import Weight
from renderers.fonts import readable

__all__ = [
    "CREAM",
    "GOLD",
    "GOLD_DARK",
    "GOLD_LIGHT",
    "IMPERIAL_RED",
    "INK",
    "MUTED",
    "PARCHMENT",
    "RED_DARK",
    "SEAT_COLOURS",
    "STONE",
    "STONE_DARK",
    "THEME_COLOURS",
    "WHITE",
    "Shape",
    "blend",
    "crown",
    "label",
    "on_colour",
    "palette",
    "seat_colour",
    "seat_names",
    "seat_shape",
    "seat_symbol",
    "turn_arrow",
]

# The warm theme, a family of colours a line: sand and stone of the wall,
# ink, imperial red and gold.
PARCHMENT, CREAM, STONE, STONE_DARK = (240, 228, 202), (252, 246, 232), (226, 212, 184), (150, 128, 98)
INK, MUTED, WHITE = (43, 32, 22), (112, 94, 72), (255, 255, 255)
IMPERIAL_RED, RED_DARK = (150, 27, 27), (104, 16, 16)
GOLD, GOLD_LIGHT, GOLD_DARK = (222, 172, 56), (246, 216, 128), (128, 90, 14)

#: Okabe–Ito: vermillion, blue, bluish green, orange, reddish purple, sky blue.
SEAT_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (0, 158, 115),
    (230, 159, 0),
    (204, 121, 167),
    (86, 180, 233),
)


#: Colours drawn in flat areas, kept exact in the PNG's palette.
THEME_COLOURS: tuple[RGB, ...] = (
    PARCHMENT,
    CREAM,
    STONE,
    STONE_DARK,
    INK,
    MUTED,
    IMPERIAL_RED,
    RED_DARK,
    GOLD,
    GOLD_LIGHT,
    GOLD_DARK,
    WHITE,
    *SEAT_COLOURS,
)


class Shape(Enum):
    """One symbol per seat, in seat order."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"
    DIAMOND = "diamond"
    STAR = "star"
    HEXAGON = "hexagon"


_SHAPES = tuple(Shape)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> Shape:
    return _SHAPES[seat % len(_SHAPES)]


def palette(**colours: str) -> dict[str, RGB]:
    """Named colours, each given as "#rrggbb" (a game's own colours, a line each)."""
    return {
        name: (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)) for name, code in colours.items()
    }


def blend(colour: RGB, other: RGB, amount: float) -> RGB:
    """`colour` moved `amount` (0..1) of the way towards `other`."""
    r, g, b = (round(a + (b - a) * amount) for a, b in zip(colour, other, strict=True))
    return (r, g, b)


def _luminance(colour: RGB) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: RGB, b: RGB) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def on_colour(background: RGB) -> RGB:
    """White or ink, whichever reads better on `background`."""
    return WHITE if _contrast(WHITE, background) >= _contrast(INK, background) else INK


def _regular(sides: int, radius: float, turn: float, cx: float, cy: float) -> list[tuple[float, float]]:
    return [
        (
            cx + radius * math.cos(turn + 2 * math.pi * k / sides),
            cy + radius * math.sin(turn + 2 * math.pi * k / sides),
        )
        for k in range(sides)
    ]


def _outline_points(shape: Shape, w: int, h: int) -> list[tuple[float, float]]:
    """The polygon of `shape` filling a w×h box (circles are drawn as ellipses)."""
    cx, cy, r = w / 2, h / 2, min(w, h) / 2
    if shape is Shape.TRIANGLE:
        # Lowered a little so that its visual centre sits in the middle.
        return _regular(3, r * 1.08, -math.pi / 2, cx, cy + r * 0.14)
    if shape is Shape.SQUARE:
        side = r * 0.84
        return [
            (cx - side, cy - side),
            (cx + side, cy - side),
            (cx + side, cy + side),
            (cx - side, cy + side),
        ]
    if shape is Shape.DIAMOND:
        return _regular(4, r, -math.pi / 2, cx, cy)
    if shape is Shape.STAR:
        points = []
        for k in range(10):
            radius = r * (1.0 if k % 2 == 0 else 0.45)
            angle = -math.pi / 2 + math.pi * k / 5
            points.append((cx + radius * math.cos(angle), cy + 0.06 * r + radius * math.sin(angle)))
        return points
    if shape is Shape.HEXAGON:
        return _regular(6, r, 0.0, cx, cy)
    raise ValueError(shape)


def _scaled(
    points: list[tuple[float, float]], cx: float, cy: float, factor: float
) -> list[tuple[float, float]]:
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in points]


def _painter(shape: Shape) -> Any:
    def paint(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
        fill, outline = colours
        border = max(1.0, min(w, h) * 0.09)
        if shape is Shape.CIRCLE:
            inset = min(w, h) * 0.04
            draw.ellipse((inset, inset, w - 1 - inset, h - 1 - inset), fill=outline)
            draw.ellipse(
                (inset + border, inset + border, w - 1 - inset - border, h - 1 - inset - border), fill=fill
            )
            return
        points = _outline_points(shape, w, h)
        draw.polygon(points, fill=outline)
        # The fill is the same polygon shrunk towards its centre by about the border width.
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        extent = max(max(xs) - min(xs), max(ys) - min(ys)) / 2
        factor = 1 - border * (2.2 if shape in (Shape.TRIANGLE, Shape.STAR) else 1.45) / extent
        draw.polygon(_scaled(points, cx, cy, factor), fill=fill)

    return paint


_PAINTERS = {shape: _painter(shape) for shape in Shape}


def seat_symbol(seat: int, size: int, fill: RGB | None = None, outline: RGB = INK) -> Image.Image:
    """The seat's symbol as a smooth sprite, in its colour unless `fill` is given."""
    colour = seat_colour(seat) if fill is None else fill
    return sprite(_PAINTERS[seat_shape(seat)], size, size, (colour, outline))


def _paint_crown(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    points = [
        (0.06, 0.30), (0.30, 0.52), (0.50, 0.12), (0.70, 0.52), (0.94, 0.30),
        (0.84, 0.86), (0.16, 0.86),
    ]  # fmt: skip
    draw.polygon([(x * w, y * h) for x, y in points], fill=fill, outline=outline, width=max(1, w // 14))
    for x, y in ((0.06, 0.30), (0.50, 0.12), (0.94, 0.30)):
        r = w * 0.07
        draw.ellipse((x * w - r, y * h - r, x * w + r, y * h + r), fill=outline)


def crown(size: int, fill: RGB = GOLD, outline: RGB = GOLD_DARK) -> Image.Image:
    """A small crown: who leads a site, who won."""
    return sprite(_paint_crown, size, size, (fill, outline))


def _paint_arrow(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    (fill,) = colours
    draw.polygon([(w * 0.12, h * 0.1), (w * 0.92, h * 0.5), (w * 0.12, h * 0.9)], fill=fill)


def turn_arrow(size: int, fill: RGB = IMPERIAL_RED) -> Image.Image:
    """The marker beside whoever must act."""
    return sprite(_paint_arrow, size, size, (fill,))


def label(key: str, locale: str | None, **params: str | int) -> str:
    """A word or phrase drawn on an image, from the text catalogue."""
    return texts.render(Message(key, params), locale)


def seat_names(view: Mapping[str, Any], seats: int, locale: str | None) -> list[str]:
    """Display names per seat as typed, in any script and with emoji (`fonts.readable`);
    'Player N' where there is none.

    A name with nothing any font can draw (a script none of them has) is
    replaced by the default name too, so every seat stays identifiable.
    """
    given: Sequence[Any] = view.get("names") or ()
    names = []
    for seat in range(seats):
        raw = given[seat] if seat < len(given) and given[seat] is not None else ""
        name = readable(str(raw), Weight.BOLD)
        if not name.replace(PLACEHOLDER, "").strip():
            name = label("common.seat", locale, number=seat + 1)
        names.append(name)
    return names
