"""Lines of text and small pictures, shared by the board images that are built of panels.

A *run* is a line's part: a text or a sprite (a piece, an icon, a die).
`runs` draws a line of them centred on a height, `runs_width` measures one,
`shorten_runs` shortens the longest texts (players' names, mostly) until a
line fits a width, and `fit_runs` does both. `Context` is what a renderer's
panels read (the view, the language, the seat names) and `Section` a panel
of known height drawn later, once the image's height is known.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from renderers.canvas import RGB, Canvas, ellipsize, text_width
from renderers.common import CREAM, PARCHMENT, STONE_DARK, blend, label
from renderers.fonts import Face

__all__ = ["Context", "Run", "Section", "Write", "fit_runs", "panel", "runs", "runs_width", "shorten_runs"]

#: A panel's distance from the image's sides, and its corners' radius.
MARGIN = 24
RADIUS = 14

#: A part of a line: a text or a picture.
Run = str | Image.Image
#: Draws a text at (x, centre y) and gives its width (`Canvas.text` with anchor "lm" by default).
Write = Callable[[Canvas, int, int, str, Face, RGB], int]
#: Texts shorter than this are never shortened: "…" alone would say nothing.
SHORTEST = 3


@dataclass(frozen=True)
class Context:
    """What a renderer's panels read: the view, the language and the players' names."""

    view: Mapping[str, Any]
    locale: str | None
    names: Sequence[str]

    def t(self, key: str, **params: str | int) -> str:
        return label(key, self.locale, **params)


@dataclass(frozen=True)
class Section:
    """A panel: its height, and how to draw it at a given top."""

    height: int
    draw: Callable[[Canvas, int], None]


def _canvas_text(canvas: Canvas, x: int, cy: int, text: str, font_face: Face, fill: RGB) -> int:
    return canvas.text(x, cy, text, font_face, fill, anchor="lm")


def runs(
    canvas: Canvas,
    x: int,
    cy: int,
    items: Sequence[Run],
    font_face: Face,
    fill: RGB,
    gap: int = 8,
    write: Write = _canvas_text,
) -> int:
    """Text and sprites side by side, centred on the line `cy`; the x after them."""
    for item in items:
        if isinstance(item, str):
            if item:
                x += write(canvas, x, cy, item, font_face, fill) + gap
        else:
            canvas.paste(item, x, cy - item.height // 2)
            x += item.width + gap
    return x - gap


def runs_width(items: Sequence[Run], font_face: Face, gap: int = 8) -> int:
    widths = [text_width(r, font_face) if isinstance(r, str) else r.width for r in items if r != ""]
    return sum(widths) + gap * max(0, len(widths) - 1)


def shorten_runs(
    items: Sequence[Run], font_face: Face, max_width: int, gap: int = 8, step: int = 40
) -> list[Run]:
    """The runs with their longest texts shortened, `step` pixels at a time, until they fit."""
    out = list(items)
    while runs_width(out, font_face, gap) > max_width:
        candidates = [
            (text_width(r, font_face), i)
            for i, r in enumerate(out)
            if isinstance(r, str) and len(r) >= SHORTEST
        ]
        if not candidates:
            break
        width, index = max(candidates)
        text = out[index]
        assert isinstance(text, str)
        shorter = ellipsize(text, font_face, max(step, width - step))
        if shorter == text:
            break
        out[index] = shorter
    return out


def fit_runs(
    canvas: Canvas,
    x: int,
    cy: int,
    items: Sequence[Run],
    font_face: Face,
    fill: RGB,
    max_width: int,
    gap: int = 8,
    step: int = 40,
    write: Write = _canvas_text,
) -> int:
    """Draw runs, shortening the longest texts until the line fits; the x after them."""
    fitting = shorten_runs(items, font_face, max_width, gap, step)
    return runs(canvas, x, cy, fitting, font_face, fill, gap, write)


def panel(
    canvas: Canvas, width: int, y: int, height: int, fill: RGB = CREAM, border: RGB = STONE_DARK
) -> None:
    """A rounded panel across an image `width` pixels wide, with a soft shadow."""
    shadow = blend(STONE_DARK, PARCHMENT, 0.45)
    canvas.box(MARGIN + 3, y + 4, width - MARGIN + 3, y + height + 4, shadow, radius=RADIUS)
    canvas.box(MARGIN, y, width - MARGIN, y + height, fill, border, 3, radius=RADIUS)
