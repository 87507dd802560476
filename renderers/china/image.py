"""China: the board image of one view.

Top to bottom: a red banner with whose turn it is and what they do now (the
prompt's gist), the last round and the board side; the map of the nine
provinces with its pieces (`renderers.china.board`); the open cards, the
deck with how often it has run out, and the discard pile; the players with
points, cards in hand and supply (at the end, the final scoring), the start
player's emperor beside their name; and in a seat's own view, that seat's
hand. Pieces show their owner by colour *and* letter, the letter beside each
name in the table of players. Every word comes from the catalogue; the
board's positions from `renderers.china.map`.

Laid out for a phone, which shows the 1200 px wide image 390 px wide: every
text at least `BODY` px (capitals 8 px tall there), the figures players
compare and the places moves name larger; no view is taller than 2.2 times
its width.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from functools import lru_cache
from functools import partial
from typing import Any

from PIL import Image

from games.china.data import BOARD_VERSIONS
from games.china.data import COLOURS
from games.china.data import HAND_SIZE
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCE_NAMES
from games.china.data import PROVINCES
from renderers import common
from renderers import kit
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import fit
from renderers.canvas import text_width
from renderers.china.board import draw_map
from renderers.china.board import house
from renderers.china.board import piece_icon
from renderers.china.map import PROVINCE_INK
from renderers.china.map import PROVINCE_STRONG
from renderers.china.map import WIDTH
from renderers.china.map import geometry
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import runs
from renderers.layout import runs_width
from renderers.legibility import FIGURE

__all__ = ["BODY", "GAME_ID", "render"]

GAME_ID = "china"

#: The smallest text on the image: its capitals 8 px tall where a phone shows the image 390 px wide.
BODY = 34
#: The figures players compare (points, cards, pieces left, the deck, the discard pile).
FIGURE_SIZE = 38
HEADING = 36
TITLE = 48
NAME = 36

MARGIN = kit.MARGIN
GAP = 14
PANEL_RADIUS = 16
BANNER = kit.Banner(title=TITLE, title_y=44, status=BODY + 4)
ROWS = kit.Rows(marker=36, crown=44, arrow=34, rank=BODY)
CARD_W, CARD_H = 150, 160
CARD_GAP = 14
#: A seat's house beside its name: the letter on it at least 6 px on a phone.
BADGE = 60


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it."""
    players = int(view["players"])
    ctx = kit.Context(view, locale, common.seat_names(view, players, locale))
    sections = [_header(ctx), _map(ctx), _cards(ctx), _players(ctx)]
    if view.get("viewer") is not None and "hand" in view:
        sections.append(_hand(ctx))
    return kit.page(WIDTH, sections, _EXACT, gap=GAP, bottom=MARGIN)


# ---------------------------------------------------------------- small pieces


# China's lines are spaced a little wider than the shared default.
_runs = partial(runs, gap=10)
_runs_width = partial(runs_width, gap=10)
#: China's panels have rounder corners than the kit's, and no shadows.
_panel = partial(kit.panel, radius=PANEL_RADIUS, shadow=False)


def _wrap(text: str, font_face: Face, max_width: int) -> list[str]:
    """Words in lines no wider than `max_width` (a word too long on its own is cut)."""
    words: list[str] = []
    for word in text.split():
        # A word too wide on its own breaks where it allows (a soft hyphen), with a hyphen shown.
        parts = word.split("\u00ad")
        if len(parts) > 1 and text_width(word, font_face) > max_width:
            words += [part + "-" for part in parts[:-1]] + [parts[-1]]
        else:
            words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and text_width(f"{lines[-1]} {word}", font_face) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(ellipsize(word, font_face, max_width))
    return lines or [""]


# ---------------------------------------------------------------- header


def _gist(ctx: kit.Context) -> str:
    """What the seat on turn does now, in a few words (the prompt's gist)."""
    view = ctx.view
    step = view.get("step")
    this_turn = view.get("this_turn") or {}
    if step == "refill":
        seat = view["seats"][int(view["turn"])]
        need = max(1, HAND_SIZE - int(seat.get("hand", 0)))
        return ctx.t("china.board.gist.refill", need=need)
    province = this_turn.get("province")
    if int(this_turn.get("pieces") or 0) > 0 and province in PROVINCES:
        return ctx.t("china.board.gist.more", province=PROVINCE_NAMES[PROVINCES.index(province)])
    return ctx.t("china.board.gist.place")


def _notes(ctx: kit.Context) -> list[str]:
    """The notes on the banner: the board side, the variant, and an earlier board."""
    view = ctx.view
    notes = [ctx.t("china.board.side", side=str(view.get("side", "")))]
    if view.get("fortresses"):
        notes.append(ctx.t("china.option.fortresses.on"))
    board = str(view.get("board", BOARD_VERSIONS[0]))
    if board != BOARD_VERSIONS[0] and board in BOARD_VERSIONS:
        # A game begun on an earlier board goes on on it.
        notes.append(ctx.t(f"china.option.board.{board}"))
    return notes


def _header(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    over = view.get("step") == "over" or view.get("turn") is None
    status_face = BANNER.status_face()
    gist_face = face(BODY)
    note_face = face(BODY - 2, Weight.BOLD)
    inner = WIDTH - 2 * MARGIN
    gist_lines = [] if over else _wrap(_gist(ctx), gist_face, inner)
    notes = _notes(ctx)
    # The notes stand right of the title, in as many lines as they need.
    title_w = text_width(ctx.t("china.board.title"), face(TITLE, Weight.BOLD)) + 30
    shown = [ellipsize(note, note_face, inner - 2 * _NOTE_PAD) for note in notes]
    note_lines = _flow([title_w, *(kit.pill_width(note, note_face, _NOTE_PAD) for note in shown)], inner)
    top = 106 + 56 * (len(note_lines) - 1)
    band = top + 46 + 48 * len(gist_lines)

    def draw(canvas: Canvas, y: int) -> None:
        BANNER.draw_band(canvas, y, band)
        BANNER.heading(canvas, y, ctx.t("china.board.title"))
        for number, placed in enumerate(note_lines):
            x = WIDTH - MARGIN
            for index in reversed(placed):
                if index:
                    style = (common.RED_DARK, common.GOLD_LIGHT)
                    note_y = y + 44 + 56 * number
                    x -= (
                        _note(canvas, x, note_y, shown[index - 1], note_face, *style, outline=common.GOLD)
                        + 12
                    )
        cy = y + top
        if over:
            outcome = view.get("outcome") or {}
            winners = list(outcome.get("winners") or [])
            line: list[Run] = [ctx.t("board.game_over")]
            if winners:
                line += ["·", ctx.t("board.winners" if len(winners) > 1 else "board.winner")]
                for seat in winners:
                    line += [common.crown(40), house(seat, BADGE), ctx.names[seat]]
            _runs(canvas, MARGIN, cy, line, status_face, common.CREAM, room=inner)
            return
        seat = int(view["turn"])
        line = [
            common.turn_arrow(34, common.GOLD_LIGHT),
            ctx.t("board.turn"),
            house(seat, BADGE),
            ctx.names[seat],
        ]
        last = ctx.t("china.board.last_round") if view.get("last_round") else ""
        last_w = kit.pill_width(last, note_face, _NOTE_PAD) if last else 0
        _runs(canvas, MARGIN, cy, line, status_face, common.CREAM, room=inner - last_w - 20)
        if last:
            style = (common.GOLD_LIGHT, common.RED_DARK)
            _note(canvas, WIDTH - MARGIN, cy, last, note_face, *style, outline=common.GOLD_DARK)
        for number, gist in enumerate(gist_lines):
            canvas.text(MARGIN, cy + 52 + 48 * number, gist, gist_face, common.GOLD_LIGHT, anchor="lm")

    return kit.Section(BANNER.height(band), draw, space_after=0)


#: A note on the banner: a bordered plate with round ends, ending at the x given.
_NOTE_PAD = 14
_note = partial(kit.pill, pad=_NOTE_PAD, half=24, border=2, right=True)


# ---------------------------------------------------------------- map


def _map(ctx: kit.Context) -> kit.Section:
    return kit.Section(geometry().height, lambda canvas, y: draw_map(canvas, ctx.view, y))


# ---------------------------------------------------------------- cards


def _provinces_of(colour: int) -> list[str]:
    return [PROVINCE_NAMES[p] for p, c in enumerate(PROVINCE_COLOUR) if c == colour]


@lru_cache(maxsize=64)
def _card(colour_name: str, locale: str | None) -> Image.Image:
    """A province card: its colour, the colour's name and the provinces it is for."""
    colour = COLOURS.index(colour_name) if colour_name in COLOURS else 0
    fill = PROVINCE_STRONG[colour]
    card = Canvas(CARD_W + 4, CARD_H + 5, None)
    card.box(3, 5, CARD_W + 3, CARD_H + 5, common.blend(common.STONE_DARK, common.PARCHMENT, 0.2), radius=14)
    card.box(0, 0, CARD_W, CARD_H, fill, common.INK, 3, radius=14)
    card.box(10, 50, CARD_W - 10, CARD_H - 10, common.CREAM, None, 0, radius=10)
    word = common.label(f"china.colour.{colour_name}", locale)
    word_face = fit(word, BODY + 2, BODY - 4, Weight.CONDENSED, CARD_W - 16) or face(
        BODY - 4, Weight.CONDENSED
    )
    shown = ellipsize(word, word_face, CARD_W - 16)
    card.text(CARD_W // 2, 27, shown, word_face, common.on_colour(fill), anchor="mm")
    names = _provinces_of(colour)
    name_face = face(NAME, Weight.BOLD)
    middle = 50 + (CARD_H - 60) // 2
    for k, name in enumerate(names):
        cy = middle + (k - (len(names) - 1) / 2) * 44
        card.text(CARD_W // 2, round(cy), name, name_face, PROVINCE_INK[colour], anchor="mm")
    return card.image


@lru_cache(maxsize=8)
def _deck_back() -> Image.Image:
    card = Canvas(CARD_W + 4, CARD_H + 5, None)
    card.box(3, 5, CARD_W + 3, CARD_H + 5, common.blend(common.STONE_DARK, common.PARCHMENT, 0.2), radius=14)
    card.box(0, 0, CARD_W, CARD_H, common.IMPERIAL_RED, common.INK, 3, radius=14)
    card.box(10, 10, CARD_W - 10, CARD_H - 10, None, common.GOLD, 3, radius=10)
    card.box(18, 18, CARD_W - 18, CARD_H - 18, None, common.GOLD_DARK, 2, radius=8)
    return card.image


_LINE = 58
#: Where the open cards end (the deck's heading may reach back to there).
_OPEN_END = MARGIN + 20 + 4 * (CARD_W + CARD_GAP) + 20
_CHIP_H = 48


def _discard_chips(ctx: kit.Context, text_face: Face) -> list[tuple[int, str]]:
    """The discard pile, face up: per colour in it, the colour and how many."""
    discard: Sequence[str] = ctx.view.get("discard") or []
    counts = [sum(1 for c in discard if c == name) for name in COLOURS]
    return [
        (colour, f"{count} × {ctx.t(f'china.colour.{COLOURS[colour]}')}")
        for colour, count in enumerate(counts)
        if count
    ]


def _chip_width(text: str, text_face: Face) -> int:
    return text_width(text, text_face) + 56


def _flow(widths: Sequence[int], room: int) -> list[list[int]]:
    """Things this wide (their indices) in lines no wider than `room`, 12 px apart."""
    lines: list[list[int]] = [[]]
    x = 0
    for index, width in enumerate(widths):
        if lines[-1] and x + width > room:
            lines.append([])
            x = 0
        lines[-1].append(index)
        x += width + 12
    return lines


def _cards(ctx: kit.Context) -> kit.Section:
    """The open cards and the deck; below them the discard pile, face up (how many of each
    colour), and how often the deck has run out, in as few lines as they fit."""
    view = ctx.view
    open_cards: Sequence[str] = view.get("open") or []
    discard: Sequence[str] = view.get("discard") or []
    exhausted = int(view.get("exhausted", 0))
    text_face = face(FIGURE_SIZE - 2, Weight.BOLD)
    head_h = 58
    row_h = CARD_H + 16
    left = MARGIN + 20
    room = WIDTH - MARGIN - 20 - left
    chips = _discard_chips(ctx, text_face)
    discard_head = ctx.t("china.board.discard_count", count=len(discard))
    used = ellipsize(ctx.t("china.board.exhausted", count=exhausted), text_face, room)
    # The heading, the chips, then the deck's sentence.
    widths = [text_width(discard_head, text_face), *(_chip_width(text, text_face) for _, text in chips)]
    widths.append(text_width(used, text_face))
    lines = _flow(widths, room)
    height = head_h + row_h + _LINE * len(lines) + 8

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, common.STONE)
        head_face = face(HEADING, Weight.BOLD)
        canvas.text(left, y + head_h // 2 + 6, ctx.t("china.board.open"), head_face, common.INK, anchor="lm")
        top = y + head_h
        for k in range(4):
            x = left + k * (CARD_W + CARD_GAP)
            if k < len(open_cards):
                canvas.paste(_card(str(open_cards[k]), ctx.locale), x, top)
            else:
                canvas.box(x, top, x + CARD_W, top + CARD_H, None, common.STONE_DARK, 2, radius=14)
        _deck(canvas, ctx, y + head_h // 2 + 6, top, head_face)
        for number, line in enumerate(lines):
            x, cy = left, top + row_h + _LINE // 2 + number * _LINE
            for index in line:
                if index == 0:
                    canvas.text(x, cy, discard_head, text_face, common.INK, anchor="lm", role=FIGURE)
                elif index <= len(chips):
                    _discard_chip(canvas, x, cy, *chips[index - 1], text_face)
                else:
                    ink = common.IMPERIAL_RED if exhausted else common.INK
                    canvas.text(x, cy, used, text_face, ink, anchor="lm", role=FIGURE)
                x += widths[index] + 12

    return kit.Section(height, draw)


def _discard_chip(canvas: Canvas, x: int, cy: int, colour: int, text: str, text_face: Face) -> None:
    """How many cards of a colour the discard pile holds: its swatch and the count with its name."""
    width = _chip_width(text, text_face)
    canvas.box(
        x, cy - _CHIP_H // 2, x + width, cy + _CHIP_H // 2, common.CREAM, common.STONE_DARK, 2, radius=12
    )
    canvas.box(x + 8, cy - 14, x + 36, cy + 14, PROVINCE_STRONG[colour], common.INK, 2, radius=6)
    canvas.text(x + 44, cy + 1, text, text_face, common.INK, anchor="lm", role=FIGURE)


def _deck(canvas: Canvas, ctx: kit.Context, head_y: int, top: int, head_face: Face) -> None:
    """The deck: a card back with the number of cards left, and two marks for how often it has
    run out, filled when used up."""
    deck_x = WIDTH - MARGIN - 20 - CARD_W - 84
    # The heading starts over the deck, or ends at the panel's edge when longer.
    right = WIDTH - MARGIN - 20
    heading = ellipsize(ctx.t("china.board.deck"), head_face, right - _OPEN_END)
    x = min(deck_x, right - text_width(heading, head_face))
    canvas.text(x, head_y, heading, head_face, common.INK, anchor="lm")
    deck = int(ctx.view.get("deck", 0))
    if deck > 0:
        canvas.paste(_deck_back(), deck_x, top)
    else:
        canvas.box(deck_x, top, deck_x + CARD_W, top + CARD_H, None, common.STONE_DARK, 2, radius=14)
    colour = common.GOLD_LIGHT if deck > 0 else common.MUTED
    middle = top + CARD_H // 2
    canvas.text(
        deck_x + CARD_W // 2, middle, str(deck), face(64, Weight.BOLD), colour, anchor="mm", role=FIGURE
    )
    exhausted = int(ctx.view.get("exhausted", 0))
    mx = deck_x + CARD_W + 20
    for k in range(2):
        cy = top + 44 + k * 72
        used = k < exhausted
        fill = common.IMPERIAL_RED if used else common.CREAM
        canvas.box(mx, cy - 30, mx + 60, cy + 30, fill, common.RED_DARK, 3, radius=30)
        ink = common.CREAM if used else common.MUTED
        canvas.text(mx + 30, cy + 1, str(k + 1), face(BODY, Weight.BOLD), ink, anchor="mm")


# ---------------------------------------------------------------- players


_HEAD_MAX = 190
_HEAD_SIZE = BODY - 2
_NAME_X = MARGIN + 64


def _heading(text: str) -> tuple[list[str], int]:
    """A column heading in the condensed face, in as many lines as it needs, and its column's width."""
    head = face(_HEAD_SIZE, Weight.CONDENSED)
    lines = _wrap(text, head, _HEAD_MAX)
    if len(lines) > 2:
        lines = [lines[0], ellipsize(" ".join(lines[1:]), head, _HEAD_MAX)]
    return lines, max(100, *(text_width(line, head) for line in lines)) + 22


#: A column of the table: its heading (words, or the piece it counts), and its value per seat.
Column = tuple[str | Image.Image, Callable[[int], str]]
_ICON = 52
_ICON_COLUMN = 112


def _columns(ctx: kit.Context) -> list[Column]:
    """The table's columns while the game runs; the supply columns (from the third) are headed
    by their pieces: the words would crowd the players' names out."""
    view = ctx.view
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    columns: list[Column] = [
        (ctx.t("board.col.points"), lambda s: str(seats[s].get("points", 0))),
        (ctx.t("china.board.col.cards"), lambda s: str(seats[s].get("hand", 0))),
        (piece_icon("house", _ICON), lambda s: str(seats[s].get("houses", 0))),
        (piece_icon("emissary", _ICON), lambda s: str(seats[s].get("emissaries", 0))),
    ]
    if view.get("fortresses"):
        columns.append((piece_icon("fortress", _ICON), lambda s: str(seats[s].get("fortresses", 0))))
    return columns


_SUPPLY_FROM = 2


def _players(ctx: kit.Context) -> kit.Section:
    """The players: points, cards in hand and supply while the game runs; the final scoring
    once it is over."""
    view = ctx.view
    if view.get("step") == "over" and view.get("final") is not None:
        return _final(ctx)
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    standing = kit.Standing.of(view, False)
    start = view.get("start")
    viewer = view.get("viewer")
    columns = _columns(ctx)
    supply_from = _SUPPLY_FROM
    headings = [
        ([], _ICON_COLUMN) if isinstance(head, Image.Image) else _heading(head) for head, _ in columns
    ]
    widths = [width for _, width in headings]
    right = WIDTH - MARGIN - 12
    lefts = kit.column_lefts(widths, right)
    line_h = 36
    lines_most = max(len(lines) for lines, _ in headings)
    group_h = 44
    head_h = 22 + group_h + max(line_h * lines_most, _ICON + 8)
    row_h = 64
    height = head_h + row_h * len(seats) + 14

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height)
        head_face = face(_HEAD_SIZE, Weight.CONDENSED)
        base = y + head_h - line_h // 2 - 2
        canvas.text(_NAME_X, base, ctx.t("board.col.player"), head_face, common.MUTED, anchor="lm")
        # One heading over the supply columns.
        x0, x1 = lefts[supply_from] + 6, right - 6
        gy = y + 16 + group_h // 2
        canvas.rect(x0, gy, x1, gy + 2, common.STONE_DARK)
        caption = ctx.t("china.board.supply")
        width = text_width(caption, head_face) + 20
        cx = (x0 + x1) // 2
        canvas.rect(cx - width // 2, gy - 20, cx + width // 2, gy + 22, common.CREAM)
        canvas.text(cx, gy, caption, head_face, common.MUTED, anchor="mm")
        if start is not None:
            # What the crown beside a name means, on the left of the same line.
            legend: list[Run] = [_emperor(40), ctx.t("china.board.emperor")]
            room = x0 - _NAME_X - 16
            _runs(canvas, _NAME_X, gy, legend, face(_HEAD_SIZE), common.MUTED, room=room)
        for number, ((head, _), (lines, _)) in enumerate(zip(columns, headings, strict=True)):
            cx = lefts[number] + widths[number] // 2
            if isinstance(head, Image.Image):
                canvas.paste_centred(head, cx, y + head_h - 4 - _ICON // 2)
            for k, line in enumerate(lines):
                cy = base - line_h * (len(lines) - 1 - k)
                canvas.text(cx, cy, line, head_face, common.MUTED, anchor="mm")
        name_face = face(NAME, Weight.BOLD)
        value_face = face(FIGURE_SIZE + 2, Weight.BOLD)
        for seat in range(len(seats)):
            cy = kit.seat_row(canvas, seat, y + head_h + 4 + seat * row_h, row_h, standing, ROWS)
            name: list[Run] = [house(seat, BADGE), ctx.names[seat]]
            if seat == start:
                name.append(_emperor(48))
            room = lefts[0] - _NAME_X - 8
            if seat == viewer and _runs_width([*name, ctx.t("board.you")], name_face) <= room:
                # "(you)" only where it fits whole: a name is worth more than the marker, and
                # the hand panel below already shows the viewer's house.
                name.append(ctx.t("board.you"))
            _runs(canvas, _NAME_X, cy, name, name_face, common.INK, room=room)
            for number, (_, value) in enumerate(columns):
                cx = lefts[number] + widths[number] // 2
                canvas.text(cx, cy, value(seat), value_face, common.INK, anchor="mm", role=FIGURE)

    return kit.Section(height, draw)


_FINAL_ROWS = (
    ("china.board.col.play", "houses"),
    ("china.board.col.final", "provinces"),
    ("china.board.col.alliances", "alliances"),
    ("china.board.col.chains", "chains"),
)
_LABEL_W = 360
#: The band behind every other row of the final scoring.
_STRIPE = common.blend(common.CREAM, common.STONE, 0.45)
_FINAL_ROW = 60


def _of(values: Sequence[Any], seat: int) -> str:
    return str(values[seat]) if seat < len(values) else "–"


def _final_part(final: Sequence[Mapping[str, Any]], field: str, seat: int) -> str:
    return str(final[seat].get(field, 0))


def _final(ctx: kit.Context) -> kit.Section:
    """The final scoring, a column per player (the words of each row in full at its left):
    over the column the winner's crown or the rank, the seat's house and name; below, what
    each scoring brought, the total and the pieces left."""
    view = ctx.view
    final: Sequence[Mapping[str, Any]] = view["final"]
    outcome = view.get("outcome") or {}
    scores = list(outcome.get("scores") or [])
    left = list(outcome.get("pieces_left") or [])
    standing = kit.Standing.of(view, True)
    seats = len(view["seats"])
    rows = [(ctx.t(key), partial(_final_part, final, field)) for key, field in _FINAL_ROWS]
    rows.append((ctx.t("china.board.col.total"), partial(_of, scores)))
    rows.append((ctx.t("china.board.col.left"), partial(_of, left)))
    x0 = MARGIN + 20 + _LABEL_W
    column_w = (WIDTH - MARGIN - 12 - x0) // max(1, seats)
    head_h = 150
    height = head_h + _FINAL_ROW * len(rows) + 16

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height)
        label_face = face(_HEAD_SIZE, Weight.CONDENSED)
        name_face = face(BODY - 2, Weight.BOLD)
        value_face = face(FIGURE_SIZE + 2, Weight.BOLD)
        top = y + head_h
        for number in range(0, len(rows), 2):
            row_top = top + number * _FINAL_ROW
            canvas.rect(MARGIN + 12, row_top + 4, WIDTH - MARGIN - 12, row_top + _FINAL_ROW - 4, _STRIPE)
        for seat in range(seats):
            cx = x0 + seat * column_w + column_w // 2
            if standing.highlighted(seat):
                box = (cx - column_w // 2 + 4, y + 10, cx + column_w // 2 - 4, y + height - 10)
                canvas.box(*box, common.GOLD_LIGHT, common.GOLD_DARK, 2, radius=12)
            kit.marker(canvas, cx - BADGE // 2 - 30, y + 50, seat, standing, ROWS)
            canvas.paste_centred(house(seat, BADGE), cx, y + 50)
            name = ellipsize(ctx.names[seat], name_face, column_w - 12)
            canvas.text(cx, y + 112, name, name_face, common.INK, anchor="mm")
        for number, (label, value) in enumerate(rows):
            cy = top + number * _FINAL_ROW + _FINAL_ROW // 2
            shown = fit(label, _HEAD_SIZE, BODY - 6, Weight.CONDENSED, _LABEL_W - 16) or label_face
            canvas.text(
                MARGIN + 20, cy, ellipsize(label, shown, _LABEL_W - 16), shown, common.MUTED, anchor="lm"
            )
            for seat in range(seats):
                cx = x0 + seat * column_w + column_w // 2
                canvas.text(cx, cy, value(seat), value_face, common.INK, anchor="mm", role=FIGURE)

    return kit.Section(height, draw)


def _emperor(size: int) -> Image.Image:
    """The emperor figure beside the start player: a red crown."""
    return common.crown(size, common.IMPERIAL_RED, common.RED_DARK)


# ---------------------------------------------------------------- the viewer's hand


def _hand(ctx: kit.Context) -> kit.Section:
    """The viewer's cards, beside a heading with the viewer's house."""
    view = ctx.view
    viewer = int(view["viewer"])
    hand = sorted(
        (str(c) for c in view.get("hand") or []), key=lambda c: COLOURS.index(c) if c in COLOURS else 9
    )
    head_face = face(HEADING, Weight.BOLD)
    heading: list[Run] = [house(viewer, BADGE), ctx.t("china.board.your_hand")]
    # The heading takes what a full hand leaves.
    room = WIDTH - 2 * MARGIN - 64 - HAND_SIZE * (CARD_W + CARD_GAP)
    head_w = min(_runs_width(heading, head_face), room)
    cards_x = MARGIN + 20 + head_w + 24
    per_line = kit.per_row(WIDTH - MARGIN - 20 - cards_x, CARD_W, CARD_GAP)
    lines = max(1, -(-len(hand) // per_line))
    height = lines * (CARD_H + 14) + 24

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, kit.HAND, common.GOLD_DARK, width=4)
        _runs(canvas, MARGIN + 20, y + height // 2, heading, head_face, common.INK, room=head_w)
        cards = [_card(colour, ctx.locale) for colour in hand]
        empty = (ctx.t("china.board.empty_hand"), face(BODY))
        step = (CARD_W + CARD_GAP, CARD_H + 14)
        kit.in_rows(canvas, cards, cards_x, y + 14, per_line, step, empty)

    return kit.Section(height, draw)


#: Flat colours kept exact in the PNG's palette.
_EXACT: tuple[RGB, ...] = (*common.THEME_COLOURS, *PROVINCE_STRONG, *PROVINCE_INK)
