"""Lines of text and small pictures, shared by the board images that are built of panels.

A *run* is a line's part: a text or a sprite (a piece, an icon, a die).
`runs` draws a line of them centred on a height (shortening the longest
texts, players' names mostly, until the line fits when given the room),
`runs_width` measures one and `shorten_runs` shortens one. The panels
themselves are in `renderers.kit`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.fonts import Face
from renderers.shaping import clusters

__all__ = ["Run", "run_width", "runs", "runs_width", "shorten_runs"]

#: A part of a line: a text or a picture.
Run = str | Image.Image
#: Texts shorter than this (in grapheme clusters) are never shortened: "…" alone would say nothing.
SHORTEST = 3


def runs(
    canvas: Canvas,
    x: int,
    cy: int,
    items: Sequence[Run],
    font_face: Face,
    fill: RGB,
    gap: int = 8,
    *,
    room: int | None = None,
    step: int = 40,
) -> int:
    """Text and sprites side by side, centred on the line `cy`; the x after them.

    Given the `room`, the longest texts are shortened first, `step` pixels at a
    time, until the line fits it.
    """
    if room is not None:
        items = shorten_runs(items, font_face, room, gap, step)
    for item in items:
        if isinstance(item, str):
            if item:
                x += canvas.text(x, cy, item, font_face, fill, anchor="lm") + gap
        else:
            canvas.paste(item, x, cy - item.height // 2)
            x += item.width + gap
    return x - gap


def run_width(item: Run, font_face: Face) -> int:
    return text_width(item, font_face) if isinstance(item, str) else item.width


def runs_width(items: Sequence[Run], font_face: Face, gap: int = 8) -> int:
    widths = [run_width(r, font_face) for r in items if r != ""]
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
            if isinstance(r, str) and len(clusters(r)) >= SHORTEST
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
