"""Chinesische Mauer: one small silhouette per card kind.

Each painter draws in a unit box scaled to the sprite; holes (brick joints,
the gate's arch, the tower's window) are cut with transparent paint. The
shapes tell the kinds apart without colour, beside the printed name.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image
from PIL import ImageDraw

from renderers.canvas import RGB
from renderers.canvas import Painter
from renderers.canvas import sprite

__all__ = ["kind_icon"]

_HOLE = (0, 0, 0, 0)
_Box = tuple[float, float, float, float]


class _Pen:
    """Unit-box drawing on a supersampled sprite surface."""

    def __init__(self, draw: ImageDraw.ImageDraw, w: int, h: int, colour: RGB) -> None:
        self.draw, self.w, self.h, self.colour = draw, w, h, colour

    def _box(self, box: _Box) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return (x0 * self.w, y0 * self.h, x1 * self.w, y1 * self.h)

    def rect(self, box: _Box, hole: bool = False) -> None:
        self.draw.rectangle(self._box(box), fill=_HOLE if hole else self.colour)

    def oval(self, box: _Box, hole: bool = False) -> None:
        self.draw.ellipse(self._box(box), fill=_HOLE if hole else self.colour)

    def poly(self, points: list[tuple[float, float]], hole: bool = False) -> None:
        self.draw.polygon([(x * self.w, y * self.h) for x, y in points], fill=_HOLE if hole else self.colour)

    def line(self, points: list[tuple[float, float]], width: float, hole: bool = False) -> None:
        self.draw.line(
            [(x * self.w, y * self.h) for x, y in points],
            fill=_HOLE if hole else self.colour,
            width=max(1, round(width * self.w)),
            joint="curve",
        )

    def merlons(self, x0: float, x1: float, y0: float, y1: float, count: int) -> None:
        """Battlements: `count` teeth with gaps of the same width between them."""
        step = (x1 - x0) / (2 * count - 1)
        for k in range(count):
            self.rect((x0 + 2 * k * step, y0, x0 + (2 * k + 1) * step, y1))


def _wall(pen: _Pen) -> None:
    pen.rect((0.06, 0.36, 0.94, 0.92))
    pen.merlons(0.06, 0.94, 0.16, 0.37, 3)
    joint = 0.045
    for y in (0.54, 0.73):
        pen.rect((0.06, y, 0.94, y + joint), hole=True)
    for y0, y1, xs in ((0.36, 0.54, (0.5,)), (0.585, 0.73, (0.28, 0.72)), (0.775, 0.92, (0.5,))):
        for x in xs:
            pen.rect((x - joint / 2, y0, x + joint / 2, y1), hole=True)


def _gate(pen: _Pen) -> None:
    pen.rect((0.04, 0.32, 0.96, 0.94))
    pen.merlons(0.04, 0.96, 0.12, 0.33, 4)
    pen.rect((0.32, 0.62, 0.68, 0.95), hole=True)
    pen.oval((0.32, 0.44, 0.68, 0.80), hole=True)


def _tower(pen: _Pen) -> None:
    pen.rect((0.30, 0.34, 0.70, 0.96))
    pen.rect((0.20, 0.24, 0.80, 0.36))
    pen.merlons(0.20, 0.80, 0.06, 0.25, 3)
    pen.rect((0.44, 0.48, 0.56, 0.66), hole=True)


def _noble(pen: _Pen) -> None:
    pen.oval((0.44, 0.02, 0.56, 0.14))
    pen.rect((0.16, 0.13, 0.84, 0.22))
    pen.oval((0.36, 0.20, 0.64, 0.46))
    pen.poly([(0.34, 0.50), (0.66, 0.50), (0.86, 0.96), (0.14, 0.96)])
    pen.rect((0.47, 0.56, 0.53, 0.96), hole=True)


def _warrior(pen: _Pen) -> None:
    pen.poly([(0.5, 0.03), (0.59, 0.2), (0.59, 0.66), (0.41, 0.66), (0.41, 0.2)])
    pen.rect((0.22, 0.64, 0.78, 0.74))
    pen.rect((0.45, 0.74, 0.55, 0.88))
    pen.oval((0.42, 0.86, 0.58, 0.99))
    pen.rect((0.485, 0.16, 0.515, 0.6), hole=True)


def _horseman(pen: _Pen) -> None:
    # A horseshoe: an arch with two legs, nail holes cut out.
    pen.oval((0.12, 0.06, 0.88, 0.82))
    pen.oval((0.30, 0.24, 0.70, 0.64), hole=True)
    pen.rect((0.12, 0.44, 0.30, 0.90))
    pen.rect((0.70, 0.44, 0.88, 0.90))
    pen.rect((0.30, 0.44, 0.70, 0.95), hole=True)
    pen.rect((0.06, 0.84, 0.34, 0.96))
    pen.rect((0.66, 0.84, 0.94, 0.96))
    for x, y in ((0.21, 0.56), (0.79, 0.56), (0.27, 0.30), (0.73, 0.30), (0.21, 0.74), (0.79, 0.74)):
        pen.oval((x - 0.03, y - 0.03, x + 0.03, y + 0.03), hole=True)


def _dragon(pen: _Pen) -> None:
    # A winding body ending in a horned head.
    body = [(0.04, 0.80), (0.16, 0.62), (0.30, 0.60), (0.42, 0.76), (0.56, 0.80), (0.66, 0.62), (0.70, 0.44)]
    pen.line(body, 0.13)
    pen.oval((0.58, 0.18, 0.90, 0.50))
    pen.poly([(0.80, 0.30), (0.99, 0.40), (0.82, 0.46)])
    pen.poly([(0.62, 0.24), (0.56, 0.02), (0.72, 0.20)])
    pen.poly([(0.76, 0.20), (0.86, 0.02), (0.86, 0.22)])
    pen.oval((0.72, 0.27, 0.79, 0.34), hole=True)
    for x, y in ((0.20, 0.58), (0.48, 0.73)):
        pen.poly([(x - 0.05, y), (x, y - 0.12), (x + 0.05, y)])


def _painter(shape: Callable[[_Pen], None]) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
        shape(_Pen(draw, w, h, colours[0]))

    return paint


_PAINTERS: dict[str, Painter] = {
    "wall": _painter(_wall),
    "gate": _painter(_gate),
    "tower": _painter(_tower),
    "noble": _painter(_noble),
    "warrior": _painter(_warrior),
    "horseman": _painter(_horseman),
    "dragon": _painter(_dragon),
}


def kind_icon(kind: str, size: int, colour: RGB) -> Image.Image | None:
    """The silhouette of that card kind as a smooth sprite; None for an unknown kind."""
    painter = _PAINTERS.get(kind)
    return None if painter is None else sprite(painter, size, size, (colour,))
