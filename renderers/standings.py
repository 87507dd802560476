"""A league's standings as an image made to read on a phone, in the look of the boards.

The banner carries the league's title; below it, a panel with one row a
player: place, name, points, games, and the tie-breaks, the leader crowned,
players who dropped out greyed. Cells come as text (the service formats the
numbers), so the picture and the text table always agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.common import CREAM
from renderers.common import GOLD_DARK
from renderers.common import GOLD_LIGHT
from renderers.common import INK
from renderers.common import MUTED
from renderers.common import STONE
from renderers.common import STONE_DARK
from renderers.common import blend
from renderers.common import crown
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.fonts import readable
from renderers.kit import MARGIN
from renderers.kit import Banner
from renderers.kit import Section
from renderers.kit import page
from renderers.kit import panel

__all__ = ["WIDTH", "render_standings"]

WIDTH = 720
_ROW = 44
_HEAD = 40
_PAD = 14
_BANNER = Banner(title=34, title_y=44, status=22, spacing=(92, 36, 30))
#: The name column takes what the other columns leave.
_NAME = 1


def render_standings(title: str, note: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> bytes:
    """The PNG of the standings: the league's `title` and a `note` below it (after which
    round); `headers` name the columns, each row holds the cells of one player (the name
    second; the last cell, "dropped" in words or empty, is shown by the row's colour and
    beside the name)."""
    body_face = face(22, Weight.REGULAR)
    bold = face(22, Weight.BOLD)
    head_face = face(17, Weight.BOLD)
    headers = headers[:-1]
    rows = [
        [*row[:_NAME], f"{row[_NAME]} ({row[-1]})" if row[-1] else row[_NAME], *row[_NAME + 1 : -1], row[-1]]
        for row in rows
    ]
    columns = len(headers)
    widths = []
    for index in range(columns):
        if index == _NAME:
            widths.append(0)
            continue
        cells = [str(row[index]) for row in rows] + [headers[index]]
        widest = max(
            max(text_width(readable(cell), body_face), text_width(cell, head_face)) for cell in cells
        )
        widths.append(widest + 2 * _PAD)
    inner = WIDTH - 2 * MARGIN
    room = inner - sum(width for i, width in enumerate(widths) if i != _NAME)
    widths[_NAME] = max(200, room)
    total = sum(widths)
    if total > inner:
        # Too many columns for a phone: each shrinks in proportion.
        widths = [max(40, width * inner // total) for width in widths]
    lefts = [MARGIN + sum(widths[:i]) for i in range(columns)]
    leader = next((i for i, row in enumerate(rows) if not row[-1]), None)

    def draw_table(canvas: Canvas, y: int) -> None:
        height = _HEAD + _ROW * max(1, len(rows)) + 8
        panel(canvas, y, height)
        cy = y + _HEAD // 2 + 4
        for index, header in enumerate(headers):
            text = ellipsize(header, head_face, widths[index] - _PAD)
            canvas.text(lefts[index] + _PAD, cy, text, head_face, GOLD_DARK, anchor="lm")
        canvas.rect(MARGIN + 8, y + _HEAD, WIDTH - MARGIN - 8, y + _HEAD + 2, STONE_DARK)
        for number, row in enumerate(rows):
            top = y + _HEAD + 4 + number * _ROW
            if number % 2:
                canvas.rect(MARGIN + 6, top, WIDTH - MARGIN - 6, top + _ROW, blend(CREAM, STONE, 0.45))
            if number == leader:
                canvas.box(
                    MARGIN + 6,
                    top + 2,
                    WIDTH - MARGIN - 6,
                    top + _ROW - 2,
                    blend(GOLD_LIGHT, CREAM, 0.5),
                    radius=10,
                )
            dropped = bool(row[-1])
            colour = MUTED if dropped else INK
            middle = top + _ROW // 2
            for index, cell in enumerate(row[:columns]):
                font = bold if index == _NAME and not dropped else body_face
                x = lefts[index] + _PAD
                if index == _NAME and number == leader:
                    canvas.paste_centred(crown(24), x + 12, middle)
                    x += 30
                text = ellipsize(readable(str(cell)), font, lefts[index] + widths[index] - x - 4)
                canvas.text(x, middle, text, font, colour, anchor="lm")

    table = Section(_HEAD + _ROW * max(1, len(rows)) + 8, draw_table)
    heading = ellipsize(readable(title, Weight.BOLD), face(_BANNER.title, Weight.BOLD), WIDTH - 2 * MARGIN)
    banner = _BANNER.section(heading, "", [[readable(note, Weight.BOLD)]])
    return page(WIDTH, [banner, table], (), gap=20, bottom=24)
