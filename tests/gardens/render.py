"""Gardens: the board image of one view (Pillow; a view in, PNG bytes out).

Top to bottom: a banner with the title, who must act and the die; the
garden with column letters and row numbers, each flower drawn as its seat's
symbol (colour *and* shape, so it reads without colour vision); a storm
marks its cell and tints the cells it threatens; the last storm's losses
are crossed out. Below, one line per seat, and in a seat's own view its
answer to the raging storm. 800 pixels wide, so that a phone shows it
without zooming. Words come from the game's own texts (not the bot's
catalogue), so a worker process draws it without registering anything.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from renderers import common
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.kit import Rows
from renderers.kit import Standing
from renderers.kit import marker
from renderers.kit import name_cell

from .rules import GAME_ID
from .rules import LOCALES
from .rules import TEXTS

__all__ = ["render"]

WIDTH = 800
MARGIN = 20
GUTTER = 28
HEADER_H = 104
SEAT_H = 44
GAP = 16

GRASS: RGB = (206, 226, 176)
GRASS_LINE: RGB = (150, 178, 118)
DANGER: RGB = (238, 196, 178)
BANNER: RGB = (58, 96, 52)
_EXACT = (*common.THEME_COLOURS, GRASS, GRASS_LINE, DANGER, BANNER)
#: The marker beside a seat's symbol: an arrow while it must act, a crown once it has won.
_MARKER = Rows(marker=18, crown=22, arrow=20)


def _t(locale: str | None, key: str, **params: str | int) -> str:
    """A label in the viewer's language, English where a translation is missing."""
    language = (locale or "en").split("-")[0].split("_")[0].lower()
    translated: Mapping[str, str] = LOCALES.get(language) or {}
    template = translated.get(key) or TEXTS.get(key, key)
    return string.Formatter().vformat(template, (), params)


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the garden as `view` shows it; ValueError for a view that is not one of Gardens."""
    if view.get("game") != GAME_ID:
        raise ValueError(f"not a Gardens view: {view.get('game')!r}")
    try:
        players = int(view["players"])
        width = int(view["width"])
        board: Sequence[Sequence[int | None]] = view["board"]
        seats: Sequence[Mapping[str, Any]] = view["seats"]
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a Gardens view: {error}") from None
    names = common.seat_names(view, players, locale)
    cell = (WIDTH - 2 * MARGIN - GUTTER) // width
    board_px = cell * width
    board_x = (WIDTH - board_px + GUTTER) // 2
    board_y = HEADER_H + GAP + GUTTER
    own = view.get("shelter")
    notes = _notes(view, locale)
    seats_y = board_y + board_px + GAP
    notes_y = seats_y + players * SEAT_H + (GAP // 2)
    height = notes_y + len(notes) * 28 + (1 if own else 0) * 32 + MARGIN
    canvas = Canvas(WIDTH, height, common.PARCHMENT)
    _header(canvas, view, names, locale)
    _garden(canvas, view, board, width, cell, board_x, board_y)
    _seats(canvas, view, seats, names, locale, seats_y)
    y = notes_y
    body = face(17)
    for note in notes:
        canvas.text(MARGIN, y + 14, ellipsize(note, body, WIDTH - 2 * MARGIN), body, common.INK, anchor="lm")
        y += 28
    if own:
        mine = own.get("cell")
        text = _t(locale, "gardens.board.your_pass")
        if own.get("answer") == "shelter":
            text = _t(locale, "gardens.board.your_shelter", cell=str(mine))
        bold = face(18, Weight.BOLD)
        canvas.box(
            MARGIN,
            y + 2,
            MARGIN + text_width(text, bold) + 24,
            y + 30,
            common.GOLD,
            common.GOLD_DARK,
            2,
            radius=8,
        )
        canvas.text(MARGIN + 12, y + 16, text, bold, common.INK, anchor="lm")
    return canvas.png(_EXACT)


def _header(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], locale: str | None) -> None:
    canvas.box(MARGIN, MARGIN, WIDTH - MARGIN, HEADER_H, BANNER, radius=14)
    title = face(28, Weight.BOLD)
    canvas.text(MARGIN + 16, MARGIN + 24, _t(locale, "gardens.board.title"), title, common.WHITE, anchor="lm")
    small = face(16)
    facts = [_t(locale, f"gardens.board.weather.{view.get('weather', 'calm')}")]
    if view.get("phase") != "over":
        number = int(view.get("turn_number", 0)) + 1
        facts.append(_t(locale, "gardens.board.turn", number=number, total=int(view.get("turns", number))))
    if view.get("last_roll") is not None:
        facts.append(_t(locale, "gardens.board.roll", roll=int(view["last_roll"])))
    canvas.text(WIDTH - MARGIN - 16, MARGIN + 24, "  ·  ".join(facts), small, common.CREAM, anchor="rm")
    status = face(20, Weight.BOLD)
    cy = MARGIN + 60
    x = MARGIN + 16
    phase = view.get("phase")
    if phase == "over":
        winners = list((view.get("outcome") or {}).get("winners") or [])
        text = _t(locale, "gardens.board.over")
        if winners:
            text += " · " + _t(locale, "gardens.board.won", names=", ".join(names[s] for s in winners))
        canvas.text(
            x, cy, ellipsize(text, status, WIDTH - 2 * MARGIN - 32), status, common.WHITE, anchor="lm"
        )
        return
    storm = view.get("storm")
    if phase == "storm" and storm:
        text = _t(locale, "gardens.board.storm", cell=str(storm["cell"]))
        x += canvas.text(x, cy, text, status, common.GOLD, anchor="lm") + 12
        waiting = ", ".join(names[s] for s in storm.get("waiting", []))
        rest = _t(locale, "gardens.board.waiting", names=waiting)
        canvas.text(
            x, cy, ellipsize(rest, status, WIDTH - MARGIN - 16 - x), status, common.WHITE, anchor="lm"
        )
        return
    seat = view.get("turn")
    if isinstance(seat, int):
        canvas.paste(common.seat_symbol(seat, 26, outline=common.WHITE), x, cy - 13)
        x += 34
        text = _t(locale, "gardens.board.plants", name=names[seat])
        canvas.text(
            x, cy, ellipsize(text, status, WIDTH - MARGIN - 16 - x), status, common.WHITE, anchor="lm"
        )


def _garden(
    canvas: Canvas,
    view: Mapping[str, Any],
    board: Sequence[Sequence[int | None]],
    width: int,
    cell: int,
    x0: int,
    y0: int,
) -> None:
    size = cell * width
    canvas.rect(x0, y0, x0 + size, y0 + size, GRASS)
    storm = view.get("storm")
    danger: set[tuple[int, int]] = set()
    if storm:
        row, column = int(storm["row"]), int(storm["column"])
        danger = {(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)}
        for r, c in danger:
            if 0 <= r < width and 0 <= c < width:
                canvas.rect(x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell, DANGER)
    for k in range(width + 1):
        line = 2 if k in (0, width) else 1
        canvas.rect(x0 + k * cell, y0, x0 + k * cell + line, y0 + size + line, GRASS_LINE)
        canvas.rect(x0, y0 + k * cell, x0 + size + line, y0 + k * cell + line, GRASS_LINE)
    labels = face(15 if cell < 40 else 18, Weight.BOLD)
    columns = str(view.get("columns", ""))
    for k in range(width):
        letter = columns[k] if k < len(columns) else "?"
        canvas.text(x0 + k * cell + cell // 2, y0 - GUTTER // 2, letter, labels, common.INK, anchor="mm")
        canvas.text(x0 - 6, y0 + k * cell + cell // 2, str(k + 1), labels, common.INK, anchor="rm")
    symbol = max(8, cell * 3 // 4)
    for r, row_cells in enumerate(board):
        for c, owner in enumerate(row_cells):
            if owner is not None:
                canvas.paste_centred(
                    common.seat_symbol(int(owner), symbol),
                    x0 + c * cell + cell // 2 + 1,
                    y0 + r * cell + cell // 2 + 1,
                )
    last = view.get("last_storm")
    if last:
        for lost in last.get("lost", []):
            r, c = int(lost["row"]), int(lost["column"])
            if board[r][c] is None:
                _cross(canvas, x0 + c * cell, y0 + r * cell, cell)
    own = view.get("shelter")
    if own and own.get("answer") == "shelter":
        _ring(canvas, x0 + int(own["column"]) * cell, y0 + int(own["row"]) * cell, cell, common.GOLD_DARK)
    if storm:
        _ring(
            canvas, x0 + int(storm["column"]) * cell, y0 + int(storm["row"]) * cell, cell, common.IMPERIAL_RED
        )


def _ring(canvas: Canvas, x: int, y: int, cell: int, colour: RGB) -> None:
    width = max(3, cell // 10)
    canvas.box(x - 1, y - 1, x + cell + 3, y + cell + 3, None, colour, width, radius=max(2, cell // 6))


def _cross(canvas: Canvas, x: int, y: int, cell: int) -> None:
    inset = cell // 4
    ink = common.blend(common.MUTED, common.PARCHMENT, 0.2)
    width = max(2, cell // 12)
    canvas.draw.line((x + inset, y + inset, x + cell - inset, y + cell - inset), fill=ink, width=width)
    canvas.draw.line((x + cell - inset, y + inset, x + inset, y + cell - inset), fill=ink, width=width)


def _seats(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    locale: str | None,
    y: int,
) -> None:
    standing = Standing.of(view, view.get("phase") == "over")
    storm = view.get("storm") or {}
    answered = set(storm.get("answered") or [])
    name_face = face(19, Weight.BOLD)
    stats_face = face(16)
    rounds = int(view.get("rounds", 0))
    for seat, figures in enumerate(seats):
        cy = y + seat * SEAT_H + SEAT_H // 2
        if seat % 2 == 0:
            canvas.box(MARGIN, cy - SEAT_H // 2, WIDTH - MARGIN, cy + SEAT_H // 2, common.CREAM, radius=8)
        marker(canvas, MARGIN + _MARKER.marker, cy, seat, standing, _MARKER)
        # The name gets 250 pixels after the symbol (30) and its gap (10).
        name_cell(canvas, MARGIN + 36, cy, seat, names[seat], name_face, 290, symbol=30)
        x = MARGIN + 336
        stats = _t(
            locale,
            "gardens.board.seat",
            flowers=int(figures.get("flowers", 0)),
            group=int(figures.get("group", 0)),
            planted=int(figures.get("planted", 0)),
            rounds=rounds,
        )
        if seat in answered:
            stats += " · " + _t(locale, "gardens.board.answered")
        canvas.text(
            x, cy, ellipsize(stats, stats_face, WIDTH - MARGIN - 8 - x), stats_face, common.MUTED, anchor="lm"
        )


def _notes(view: Mapping[str, Any], locale: str | None) -> list[str]:
    last = view.get("last_storm")
    if not last:
        return []
    return [_t(locale, "gardens.board.lost", cell=str(last["cell"]), count=len(last.get("lost", [])))]
