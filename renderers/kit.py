"""The drawing kit: the parts every game's board image is built of.

An image is a column of `Section`s (panels of known height, drawn once the
image's height is known) that `page` stacks and encodes; `panel` is the
rounded box most of them sit on, `pill` a short label on a rounded plate.
Most images open with a `Banner`: a band across the top with the game's
title, a note at its right (the turn's number) and the status lines.

Every image has a table of the seats. `Standing` says whom it marks (the
seats to act while the game runs, the winners and ranks once it is over),
`seat_row` draws a row's band and marker, `name_cell` the seat's symbol and
its name cut to the room, `column_lefts` and `column_heads` lay out the
columns of numbers. Names come from `common.seat_names`, which keeps only
what the fonts can draw, so a name in any script (or none) still reads.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.common import CREAM
from renderers.common import GOLD_DARK
from renderers.common import GOLD_LIGHT
from renderers.common import IMPERIAL_RED
from renderers.common import INK
from renderers.common import MUTED
from renderers.common import PARCHMENT
from renderers.common import RED_DARK
from renderers.common import STONE
from renderers.common import STONE_DARK
from renderers.common import blend
from renderers.common import crown
from renderers.common import label
from renderers.common import seat_symbol
from renderers.common import turn_arrow
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import runs

__all__ = [
    "HAND",
    "MARGIN",
    "RADIUS",
    "Band",
    "Banner",
    "Context",
    "Rows",
    "Section",
    "Standing",
    "column_heads",
    "column_lefts",
    "in_rows",
    "marker",
    "name_cell",
    "page",
    "panel",
    "per_row",
    "pill",
    "pill_width",
    "seat_row",
]

#: A panel's distance from the image's sides, and its corners' radius.
MARGIN = 24
RADIUS = 14
#: The fill of the panel that shows the viewer's own cards.
HAND: RGB = blend(GOLD_LIGHT, CREAM, 0.4)
#: The band behind every other row of a table.
_STRIPE: RGB = blend(CREAM, STONE, 0.45)


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
    """A panel: its height, how to draw it at a given top, and the room below it (None: the page's gap)."""

    height: int
    draw: Callable[[Canvas, int], None]
    space_after: int | None = None


def page_height(sections: Sequence[Section], *, gap: int, bottom: int) -> int:
    """How tall `page` draws these sections."""
    spaces = [gap if section.space_after is None else section.space_after for section in sections]
    return sum(section.height for section in sections) + sum(spaces[:-1]) + bottom


def page(width: int, sections: Sequence[Section], exact: Sequence[RGB], *, gap: int, bottom: int) -> bytes:
    """The sections one below the other on parchment, `gap` pixels apart and `bottom` below the
    last; the PNG, with the `exact` colours kept exact."""
    spaces = [gap if section.space_after is None else section.space_after for section in sections]
    height = page_height(sections, gap=gap, bottom=bottom)
    canvas = Canvas(width, height, PARCHMENT)
    y = 0
    for section, space in zip(sections, spaces, strict=True):
        section.draw(canvas, y)
        y += section.height + space
    return canvas.png(exact)


def panel(
    canvas: Canvas,
    y: int,
    height: int,
    fill: RGB = CREAM,
    border: RGB = STONE_DARK,
    *,
    width: int = 3,
    margin: int = MARGIN,
    radius: int = RADIUS,
    shadow: bool = True,
) -> None:
    """A rounded panel across the image, `margin` pixels from its sides, with a soft shadow."""
    if shadow:
        soft = blend(STONE_DARK, PARCHMENT, 0.45)
        canvas.box(margin + 3, y + 4, canvas.width - margin + 3, y + height + 4, soft, radius=radius)
    canvas.box(margin, y, canvas.width - margin, y + height, fill, border, width, radius=radius)


def pill_width(text: str, font_face: Face, pad: int) -> int:
    return text_width(text, font_face) + 2 * pad


def pill(
    canvas: Canvas,
    x: int,
    cy: int,
    text: str,
    font_face: Face,
    fill: RGB,
    ink: RGB,
    *,
    pad: int,
    half: int,
    outline: RGB | None = None,
    border: int = 0,
    right: bool = False,
) -> int:
    """`text` on a plate with round ends, `half` pixels above and below `cy`, starting at `x`
    (ending there when `right`); its width."""
    width = pill_width(text, font_face, pad)
    left = x - width if right else x
    canvas.box(left, cy - half, left + width, cy + half, fill, outline, border, radius=half)
    canvas.text(x - width // 2 if right else x + width // 2, cy, text, font_face, ink, anchor="mm")
    return width


def per_row(room: int, width: int, gap: int) -> int:
    """How many things `width` pixels wide fit side by side into `room`, `gap` pixels apart."""
    return (room + gap) // (width + gap)


def in_rows(
    canvas: Canvas,
    images: Sequence[Image.Image],
    x: int,
    top: int,
    columns: int,
    step: tuple[int, int],
    empty: tuple[str, Face],
) -> None:
    """Pictures (the viewer's cards) in rows of `columns` from (x, top), `step` apart (across,
    down); when there are none, the `empty` text in its face, in muted ink."""
    if not images:
        text, font_face = empty
        canvas.text(x, top + 20, text, font_face, MUTED, anchor="lm")
        return
    for index, image in enumerate(images):
        row, column = divmod(index, columns)
        canvas.paste(image, x + column * step[0], top + row * step[1])


# ---------------------------------------------------------------- the banner


@dataclass(frozen=True)
class Band:
    """A banner's band: its colour, the darker edge along its bottom, and the battlements
    below it (a merlon's width and height; none when None)."""

    fill: RGB = IMPERIAL_RED
    edge: RGB = RED_DARK
    edge_width: int = 4
    battlements: tuple[int, int] | None = (40, 14)


@dataclass(frozen=True)
class Banner:
    """The band across the top of an image and what stands on it.

    The title (`title`: its size, bold) is centred on the line `title_y`,
    a note (the turn's number; `note`: its size, bold) at that line's right.
    The status lines (`status`: their size, bold) stand as `spacing` says:
    the first one's centre, the distance from one to the next, and the room
    below the last one's centre. The `band` says how the band looks; a
    line's parts stand `gap` pixels apart, and a line too wide is shortened
    `step` pixels at a time.
    """

    title: int
    title_y: int
    status: int
    note: int = 0
    spacing: tuple[int, int, int] = (88, 44, 40)
    band: Band = Band()
    gap: int = 8
    step: int = 40
    margin: int = MARGIN

    def band_height(self, lines: int) -> int:
        """The band's height with that many status lines."""
        first, apart, below = self.spacing
        return first + apart * (lines - 1) + below

    def height(self, band_height: int) -> int:
        """The section's height: the band and the battlements below it."""
        battlements = self.band.battlements
        return band_height + (battlements[1] if battlements else 0)

    def draw_band(self, canvas: Canvas, y: int, band_height: int) -> None:
        """The band, a darker edge along its bottom and the battlements below it."""
        look, bottom = self.band, y + band_height
        canvas.rect(0, y, canvas.width, bottom, look.fill)
        if look.battlements:
            step, merlon = look.battlements
            for x in range(0, canvas.width, 2 * step):
                canvas.rect(x + step // 2, bottom, x + step // 2 + step, bottom + merlon, look.fill)
        canvas.rect(0, bottom - look.edge_width, canvas.width, bottom, look.edge)

    def heading(self, canvas: Canvas, y: int, title: str, note: str = "") -> None:
        """The title at the left of the title line, and the note at its right."""
        title_face = face(self.title, Weight.BOLD)
        canvas.text(self.margin, y + self.title_y, title, title_face, GOLD_LIGHT, anchor="lm")
        if note:
            right = canvas.width - self.margin
            note_face = face(self.note, Weight.BOLD)
            canvas.text(right, y + self.title_y + 2, note, note_face, GOLD_LIGHT, anchor="rm")

    def status_face(self) -> Face:
        return face(self.status, Weight.BOLD)

    def lines(self, canvas: Canvas, y: int, lines: Sequence[Sequence[Run]], gap: int | None = None) -> None:
        """The status lines in cream; without a `gap` of their own, each is shortened to fit."""
        room = None if gap is not None else canvas.width - 2 * self.margin
        first, apart, _ = self.spacing
        for number, items in enumerate(lines):
            cy = y + first + apart * number
            gaps = self.gap if gap is None else gap
            runs(canvas, self.margin, cy, items, self.status_face(), CREAM, gaps, room=room, step=self.step)

    def section(self, title: str, note: str, lines: Sequence[Sequence[Run]]) -> Section:
        """A whole banner: title, note and status lines."""
        band_height = self.band_height(len(lines))

        def draw(canvas: Canvas, y: int) -> None:
            self.draw_band(canvas, y, band_height)
            self.heading(canvas, y, title, note)
            self.lines(canvas, y, lines)

        return Section(self.height(band_height), draw)


# ---------------------------------------------------------------- the table of seats


@dataclass(frozen=True)
class Standing:
    """Whom a table of seats marks: the seats to act while the game runs; once it is over,
    the winners and every seat's rank."""

    over: bool
    acting: frozenset[int]
    winners: frozenset[int]
    ranks: tuple[int, ...]

    @classmethod
    def of(cls, view: Mapping[str, Any], over: bool) -> Standing:
        outcome = view.get("outcome") or {}
        return cls(
            over,
            frozenset(int(seat) for seat in view.get("to_act") or []),
            frozenset(int(seat) for seat in outcome.get("winners") or []),
            tuple(int(rank) for rank in outcome.get("ranks") or []),
        )

    def highlighted(self, seat: int) -> bool:
        return seat in self.winners if self.over else seat in self.acting


@dataclass(frozen=True)
class Rows:
    """How a table's rows look: the band's distance from the panel's sides and its corners'
    radius, the marker's centre (from the panel's left side), the sizes of the crown and
    the arrow, and of the rank (bold; no ranks when None)."""

    marker: int
    crown: int
    arrow: int
    rank: int | None = None
    inset: int = 8
    radius: int = 12


def marker(canvas: Canvas, cx: int, cy: int, seat: int, standing: Standing, look: Rows) -> None:
    """A crown for a winner, the rank of any other seat once the game is over, an arrow for a
    seat that must act."""
    if standing.over and seat in standing.winners:
        canvas.paste_centred(crown(look.crown), cx, cy)
    elif standing.over and look.rank is not None and seat < len(standing.ranks):
        rank = f"{standing.ranks[seat]}."
        canvas.text(cx, cy, rank, face(look.rank, Weight.BOLD), MUTED, anchor="mm")
    elif not standing.over and seat in standing.acting:
        canvas.paste_centred(turn_arrow(look.arrow), cx, cy)


def seat_row(
    canvas: Canvas,
    seat: int,
    top: int,
    height: int,
    standing: Standing,
    look: Rows,
    *,
    left: int = MARGIN,
) -> int:
    """A seat's row across a panel `left` pixels from the image's sides: a gold band for a
    seat the table marks, a light one behind every other row, and the marker. The row's
    middle line."""
    cy = top + height // 2
    box = (left + look.inset, top + 3, canvas.width - left - look.inset, top + height - 3)
    if standing.highlighted(seat):
        canvas.box(*box, GOLD_LIGHT, GOLD_DARK, 2, radius=look.radius)
    elif seat % 2 == 1:
        canvas.box(*box, _STRIPE, radius=look.radius)
    marker(canvas, left + look.marker, cy, seat, standing, look)
    return cy


def name_cell(
    canvas: Canvas,
    x: int,
    cy: int,
    seat: int,
    name: str,
    font_face: Face,
    room: int,
    *,
    symbol: int,
    you: str = "",
    you_gap: int = 8,
) -> None:
    """The seat's symbol and name in `room` pixels from `x`: the name cut with an ellipsis
    where it is too long, and `you` (the viewer's own seat) after it in the regular face."""
    you_face = face(font_face.size)
    you_w = text_width(you, you_face) + you_gap if you else 0
    mark = seat_symbol(seat, symbol)
    shown = ellipsize(name, font_face, room - mark.width - 10 - you_w)
    end = runs(canvas, x, cy, [mark, shown], font_face, INK, 10)
    if you:
        canvas.text(end + you_gap, cy, you, you_face, MUTED, anchor="lm")


def column_lefts(widths: Sequence[int], right: int) -> list[int]:
    """The left sides of columns this wide, side by side and ending at `right`."""
    return [right - sum(widths[k:]) for k in range(len(widths))]


def column_heads(
    canvas: Canvas, cy: int, player: tuple[int, str], heads: Sequence[tuple[int, str]], font_face: Face
) -> None:
    """A table's headings in muted ink: the name column's (x, text) from its left, each
    (centre x, text) of the others centred."""
    canvas.text(player[0], cy, player[1], font_face, MUTED, anchor="lm")
    for cx, text in heads:
        canvas.text(cx, cy, text, font_face, MUTED, anchor="mm")
