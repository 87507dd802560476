"""What a board's labels measure on a phone: each renderer reports what it draws.

Discord shows an image 390 px wide on a phone when it is wider, and at its
own size otherwise. A move names places on the board (`road E34`, `wall
45`), so the text by which a legal move names its place, and every figure a
player compares (points, cards in hand, pieces left), must be readable at
that size: at least `LEAST_LABEL` px tall, capital or digit height. The
letters and shapes that tell pieces apart besides their colour must be at
least `LEAST_MARK` px.

A renderer says what each text is when it draws it (`Canvas.text` and
`Pen.text` take a `role`: `PLACE`, `FIGURE` or `MARK`); while `recording`,
each such text is noted with its capital height in the finished image's
pixels. `report` draws a view that way and says how large each label shows
on a phone; the render tests check every game's boards with it.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache

from PIL import Image

from renderers.fonts import Face

__all__ = [
    "FIGURE",
    "LEAST_LABEL",
    "LEAST_MARK",
    "MARK",
    "PHONE_WIDTH",
    "PLACE",
    "Drawn",
    "Report",
    "cap_height",
    "note",
    "recording",
    "report",
]

#: How wide Discord shows an image on a phone (when the image is wider).
PHONE_WIDTH = 390
#: The least capital height, in px on the phone, of a place's name and of a figure.
LEAST_LABEL = 8.0
#: The least size, in px on the phone, of a letter or shape that tells pieces apart.
LEAST_MARK = 6.0

#: The text by which a move names its place: intersection, edge, hex, wall line, tower
#: spot, field, province, house space, site.
PLACE = "place"
#: A figure a player compares: points, cards in hand, pieces left.
FIGURE = "figure"
#: A letter or symbol on a piece that tells it apart besides its colour.
MARK = "mark"

_LEAST = {PLACE: LEAST_LABEL, FIGURE: LEAST_LABEL, MARK: LEAST_MARK}


@dataclass(frozen=True)
class Drawn:
    """A text a renderer drew: what it is (`PLACE`, `FIGURE`, `MARK`), the text, and how tall
    its capitals are in the finished image's pixels."""

    role: str
    text: str
    cap: float


_RECORDING: ContextVar[list[Drawn] | None] = ContextVar("legibility_recording", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Note every text drawn with a role inside the block; the list fills as it is drawn."""
    drawn: list[Drawn] = []
    token = _RECORDING.set(drawn)
    try:
        yield drawn
    finally:
        _RECORDING.reset(token)


@cache
def cap_height(font_face: Face) -> float:
    """How tall that face's capitals and digits are, in its own pixels."""
    top, bottom = font_face.font.getbbox("H0")[1::2]
    return float(bottom - top)


def note(role: str | None, text: str, font_face: Face, scale: float = 1.0) -> None:
    """Note a text drawn in `font_face` on a surface `scale` times the finished image's size
    (a pen that draws twice as large: 2), when a report is being made."""
    drawn = _RECORDING.get()
    if drawn is not None and role is not None and text.strip():
        drawn.append(Drawn(role, text, cap_height(font_face) / scale))


@dataclass(frozen=True)
class Report:
    """A board as a phone shows it: its size and every text drawn with a role."""

    width: int
    height: int
    drawn: tuple[Drawn, ...]

    @property
    def phone_scale(self) -> float:
        """How much smaller a phone shows the image (1: at its own size)."""
        return min(1.0, PHONE_WIDTH / self.width)

    def on_phone(self, label: Drawn) -> float:
        """The label's capital height on a phone, in px."""
        return label.cap * self.phone_scale

    def too_small(self) -> list[tuple[str, str, float]]:
        """Every label below its least size on a phone: (role, text, its height there)."""
        return [
            (label.role, label.text, round(self.on_phone(label), 2))
            for label in self.drawn
            if self.on_phone(label) < _LEAST[label.role]
        ]

    def roles(self) -> set[str]:
        return {label.role for label in self.drawn}


def report(draw: Callable[[], bytes]) -> Report:
    """Draw a board (`draw()`: PNG bytes, e.g. a game's renderer on a view) and report its labels."""
    with recording() as drawn:
        png = draw()
    with Image.open(io.BytesIO(png)) as image:
        return Report(image.width, image.height, tuple(drawn))
