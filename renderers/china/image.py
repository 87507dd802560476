"""China: the board image of one view.

Top to bottom: a red banner with whose turn it is and what they do now (the
prompt's gist), the last round and the board side; the map of the nine
provinces (each in its colour, with its name as players type it, numbered
house spaces joined by roads, the dragon field in the middle with the
emissaries by player, the alliance numbers on the borders, a gold name
plate once a province is scored); the open cards, the deck with how often
it has run out, and the discard pile; the players with points, cards in
hand and supply (at the end, the final scoring); and in a seat's own view,
that seat's hand. Pieces show their owner by colour *and* symbol. Every word
comes from the catalogue; the board's positions from `renderers.china.map`.

Every label a player needs is at least `MIN_TEXT` pixels high on a
`WIDTH`-pixel image: 9 pixels when the image is shown 390 pixels wide.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from functools import lru_cache
from functools import partial
from typing import Any

from PIL import Image
from PIL import ImageDraw

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
from renderers.canvas import sprite
from renderers.canvas import text_width
from renderers.china.map import DRAGON_R
from renderers.china.map import PROVINCE_INK
from renderers.china.map import PROVINCE_STRONG
from renderers.china.map import SPACE_R
from renderers.china.map import WIDTH
from renderers.china.map import base_map
from renderers.china.map import geometry
from renderers.china.map import space_disc
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import runs
from renderers.layout import runs_width

__all__ = ["GAME_ID", "MIN_TEXT", "render"]

GAME_ID = "china"

#: The smallest text on the image: 9 px when the image is shown 390 px wide.
MIN_TEXT = math.ceil(9 * WIDTH / 390)
BODY = MIN_TEXT
HEADING = 34
TITLE = 46
NAME = 36

MARGIN = kit.MARGIN
GAP = 18
PANEL_RADIUS = 16
BANNER = kit.Banner(title=TITLE, title_y=44, status=BODY + 2)
ROWS = kit.Rows(marker=38, crown=36, arrow=30, rank=BODY)
CARD_W, CARD_H = 150, 196
CARD_GAP = 16


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


def _paint_check(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, mark = colours
    draw.ellipse((0, 0, w - 1, h - 1), fill=fill)
    points = [(0.24, 0.52), (0.42, 0.70), (0.76, 0.32)]
    draw.line([(x * w, y * h) for x, y in points], fill=mark, width=max(2, w // 7), joint="curve")


def _check(size: int) -> Image.Image:
    """The mark of a scored province."""
    return sprite(_paint_check, size, size, (common.GOLD_DARK, common.WHITE))


def _paint_house(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    border = max(2, w // 14)
    body = [(0.14, 0.44), (0.50, 0.06), (0.86, 0.44), (0.86, 0.94), (0.14, 0.94)]
    draw.polygon([(x * w, y * h) for x, y in body], fill=outline)
    inset = border / w
    inner = [
        (0.14 + inset, 0.44 + inset * 0.4),
        (0.50, 0.06 + inset * 1.5),
        (0.86 - inset, 0.44 + inset * 0.4),
        (0.86 - inset, 0.94 - inset),
        (0.14 + inset, 0.94 - inset),
    ]
    draw.polygon([(x * w, y * h) for x, y in inner], fill=fill)


@lru_cache(maxsize=64)
def _house(seat: int, size: int) -> Image.Image:
    """A house of the seat: its colour, with its symbol in cream on the front."""
    colour = common.seat_colour(seat)
    token = sprite(_paint_house, size, size, (colour, common.INK)).copy()
    symbol = common.seat_symbol(seat, size * 9 // 20, fill=common.CREAM, outline=common.INK)
    token.alpha_composite(symbol, ((size - symbol.width) // 2, size * 88 // 100 - symbol.height))
    return token


def _paint_fortress(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    tooth = w / 7
    top = h * 0.16
    points = [(0.0, top)]
    for k in range(7):
        x0, x1 = k * tooth, (k + 1) * tooth
        if k % 2 == 0:
            points += [(x0, 0.0), (x1, 0.0), (x1, top)]
        else:
            points += [(x1, top)]
    points += [(w, h), (0.0, h)]
    draw.polygon(points, fill=outline)
    b = max(2, w // 22)
    inner = [
        (x if x not in (0.0, w) else (b if x == 0.0 else w - b), y + b if y == 0.0 else y) for x, y in points
    ]
    inner[-2] = (w - b, h - b)
    inner[-1] = (b, h - b)
    draw.polygon(inner, fill=fill)


def _fortress(size: int) -> Image.Image:
    """A fortress: a grey stone square with battlements, drawn under its space."""
    return sprite(_paint_fortress, size, size, ((168, 160, 150), (70, 64, 58)))


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


def _header(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    over = view.get("step") == "over" or view.get("turn") is None
    status_face = BANNER.status_face()
    gist_face = face(BODY + 2)
    inner = WIDTH - 2 * MARGIN
    gist_lines = [] if over else _wrap(_gist(ctx), gist_face, inner)
    band = 150 + 40 * len(gist_lines)

    def draw(canvas: Canvas, y: int) -> None:
        BANNER.draw_band(canvas, y, band)
        BANNER.heading(canvas, y, ctx.t("china.board.title"))
        # The board side (and the variant) at the right of the title line.
        notes = [ctx.t("china.board.side", side=str(view.get("side", "")))]
        if view.get("fortresses"):
            notes.append(ctx.t("china.option.fortresses.on"))
        board = str(view.get("board", BOARD_VERSIONS[0]))
        if board != BOARD_VERSIONS[0] and board in BOARD_VERSIONS:
            # A game begun on an earlier board goes on on it.
            notes.append(ctx.t(f"china.option.board.{board}"))
        note_face = face(BODY, Weight.BOLD)
        x = WIDTH - MARGIN
        for note in reversed(notes):
            x -= (
                _note(
                    canvas,
                    x,
                    y + 44,
                    note,
                    note_face,
                    common.RED_DARK,
                    common.GOLD_LIGHT,
                    outline=common.GOLD,
                )
                + 10
            )
        cy = y + 106
        if over:
            outcome = view.get("outcome") or {}
            winners = list(outcome.get("winners") or [])
            line: list[Run] = [ctx.t("board.game_over")]
            if winners:
                line += ["·", ctx.t("board.winners" if len(winners) > 1 else "board.winner")]
                for seat in winners:
                    line += [common.crown(34), common.seat_symbol(seat, 32), ctx.names[seat]]
            _runs(canvas, MARGIN, cy, line, status_face, common.CREAM, room=inner)
            return
        seat = int(view["turn"])
        line = [
            common.turn_arrow(30, common.GOLD_LIGHT),
            ctx.t("board.turn"),
            common.seat_symbol(seat, 34),
            ctx.names[seat],
        ]
        last = ctx.t("china.board.last_round") if view.get("last_round") else ""
        last_w = kit.pill_width(last, note_face, _NOTE_PAD) if last else 0
        _runs(canvas, MARGIN, cy, line, status_face, common.CREAM, room=inner - last_w - 20)
        if last:
            _note(
                canvas,
                WIDTH - MARGIN,
                cy,
                last,
                note_face,
                common.GOLD_LIGHT,
                common.RED_DARK,
                outline=common.GOLD_DARK,
            )
        for number, gist in enumerate(gist_lines):
            canvas.text(MARGIN, cy + 46 + 40 * number, gist, gist_face, common.GOLD_LIGHT, anchor="lm")

    return kit.Section(BANNER.height(band), draw, space_after=0)


#: A note on the banner: a bordered plate with round ends, ending at the x given.
_NOTE_PAD = 14
_note = partial(kit.pill, pad=_NOTE_PAD, half=22, border=2, right=True)


# ---------------------------------------------------------------- map


def _map(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    geo = geometry()

    def draw(canvas: Canvas, y: int) -> None:
        canvas.image.paste(
            base_map(str(view.get("side", "A")), str(view.get("board", BOARD_VERSIONS[0]))), (0, y)
        )
        provinces: Sequence[Mapping[str, Any]] = view.get("provinces") or []
        for p, province in enumerate(provinces[: len(PROVINCES)]):
            for s, space in enumerate((province.get("spaces") or [])[: len(geo.spaces[p])]):
                x, sy = geo.spaces[p][s]
                sy += y
                if space.get("fortress"):
                    canvas.paste_centred(_fortress(2 * SPACE_R + 18), x, sy)
                    if space.get("house") is None:
                        space_disc(canvas, x, sy, s + 1)
                owner = space.get("house")
                if owner is not None:
                    canvas.paste_centred(_house(int(owner), 2 * SPACE_R + 12), x, sy - 4)
            dx, dy = geo.dragons[p]
            _emissaries(canvas, p, dx, dy + y, list(province.get("emissaries") or []))
            nx, ny = geo.names[p]
            _name_plate(
                canvas, nx, ny + y, PROVINCE_NAMES[p], PROVINCE_COLOUR[p], bool(province.get("scored"))
            )

    return kit.Section(geo.height, draw)


def _name_plate(canvas: Canvas, cx: int, cy: int, name: str, colour: int, scored: bool) -> None:
    name_face = face(NAME, Weight.BOLD)
    check = 36 if scored else 0
    width = text_width(name, name_face) + 30 + (check + 8 if scored else 0)
    x0, y0 = cx - width // 2, cy - 25
    canvas.box(
        x0 + 2,
        y0 + 4,
        x0 + width + 2,
        y0 + 54,
        common.blend(common.STONE_DARK, common.PARCHMENT, 0.3),
        radius=25,
    )
    fill = common.GOLD_LIGHT if scored else common.CREAM
    canvas.box(x0, y0, x0 + width, y0 + 50, fill, PROVINCE_INK[colour], 4, radius=25)
    x = x0 + 15
    if scored:
        canvas.paste(_check(check), x - 4, cy - check // 2)
        x += check + 4
    canvas.text(x, cy + 1, name, name_face, PROVINCE_INK[colour], anchor="lm")


_CHIP_W, _CHIP_H, _CHIP_GAP, _PLAQUE_PAD = 64, 40, 4, 6


def _plaque_size(chips: int, columns: int) -> tuple[int, int]:
    rows = -(-chips // columns)
    width = columns * _CHIP_W + (columns - 1) * _CHIP_GAP + 2 * _PLAQUE_PAD
    height = rows * _CHIP_H + (rows - 1) * _CHIP_GAP + 2 * _PLAQUE_PAD
    return width, height


@lru_cache(maxsize=64)
def _plaque_columns(province: int, chips: int) -> int:
    """How many columns of emissary chips keep the plaque clearest of the province's house spaces."""
    geo = geometry()
    cx, cy = geo.dragons[province]
    best: tuple[float, int] | None = None
    for columns in range(1, min(chips, 3) + 1):
        width, height = _plaque_size(chips, columns)
        room = min(
            (
                math.hypot(max(abs(x - cx) - width / 2, 0.0), max(abs(y - cy) - height / 2, 0.0)) - SPACE_R
                for x, y in geo.spaces[province]
            ),
            default=1e9,
        )
        if best is None or min(room, 8.0) > best[0]:
            best = (min(room, 8.0), columns)
    assert best is not None
    return best[1]


def _emissaries(canvas: Canvas, province: int, cx: int, cy: int, counts: Sequence[int]) -> None:
    """The emissaries on a dragon field: per seat its symbol and how many, on a gold plaque."""
    chips = [(seat, int(n)) for seat, n in enumerate(counts) if int(n) > 0]
    if not chips:
        return
    chip_face = face(BODY + 2, Weight.BOLD)
    columns = _plaque_columns(province, len(chips))
    rows = -(-len(chips) // columns)
    width, height = _plaque_size(len(chips), columns)
    # The plaque covers the dragon field it stands on.
    width, height = max(width, 2 * DRAGON_R + 4), max(height, 2 * DRAGON_R + 4)
    x0, y0 = cx - width // 2, cy - height // 2
    canvas.box(
        x0 + 2,
        y0 + 4,
        x0 + width + 2,
        y0 + height + 4,
        common.blend(common.STONE_DARK, common.PARCHMENT, 0.3),
        radius=16,
    )
    canvas.box(x0, y0, x0 + width, y0 + height, common.GOLD_LIGHT, common.IMPERIAL_RED, 4, radius=16)
    for k, (seat, count) in enumerate(chips):
        row, col = divmod(k, columns)
        in_row = min(columns, len(chips) - row * columns)
        left = cx - (in_row * _CHIP_W + (in_row - 1) * _CHIP_GAP) // 2
        x = left + col * (_CHIP_W + _CHIP_GAP)
        top = cy - (rows * _CHIP_H + (rows - 1) * _CHIP_GAP) // 2 + row * (_CHIP_H + _CHIP_GAP)
        canvas.box(x, top, x + _CHIP_W, top + _CHIP_H, common.CREAM, common.GOLD_DARK, 2, radius=10)
        canvas.paste_centred(common.seat_symbol(seat, 30), x + 20, top + _CHIP_H // 2)
        canvas.text(x + 48, top + _CHIP_H // 2 + 1, str(count), chip_face, common.INK, anchor="mm")


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
    word_face = fit(word, BODY + 2, BODY, Weight.CONDENSED, CARD_W - 16) or face(BODY, Weight.CONDENSED)
    card.text(
        CARD_W // 2,
        27,
        ellipsize(word, word_face, CARD_W - 16),
        word_face,
        common.on_colour(fill),
        anchor="mm",
    )
    names = _provinces_of(colour)
    name_face = face(NAME, Weight.BOLD)
    middle = 50 + (CARD_H - 60) // 2
    for k, name in enumerate(names):
        cy = middle + (k - (len(names) - 1) / 2) * 48
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


def _cards(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    open_cards: Sequence[str] = view.get("open") or []
    discard: Sequence[str] = view.get("discard") or []
    head_h = 56
    row_h = CARD_H + 12
    discard_h = 64
    height = head_h + row_h + 40 + discard_h + 56

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, common.STONE)
        head_face = face(HEADING - 2, Weight.BOLD)
        left = MARGIN + 20
        canvas.text(left, y + head_h // 2 + 6, ctx.t("china.board.open"), head_face, common.INK, anchor="lm")
        top = y + head_h
        for k in range(4):
            x = left + k * (CARD_W + CARD_GAP)
            if k < len(open_cards):
                canvas.paste(_card(str(open_cards[k]), ctx.locale), x, top)
            else:
                canvas.box(x, top, x + CARD_W, top + CARD_H, None, common.STONE_DARK, 2, radius=14)
        # The deck: a card back with the number of cards left.
        deck_x = WIDTH - MARGIN - 20 - CARD_W - 150
        canvas.text(
            deck_x, y + head_h // 2 + 6, ctx.t("china.board.deck"), head_face, common.INK, anchor="lm"
        )
        deck = int(view.get("deck", 0))
        if deck > 0:
            canvas.paste(_deck_back(), deck_x, top)
        else:
            canvas.box(deck_x, top, deck_x + CARD_W, top + CARD_H, None, common.STONE_DARK, 2, radius=14)
        canvas.text(
            deck_x + CARD_W // 2,
            top + CARD_H // 2,
            str(deck),
            face(60, Weight.BOLD),
            common.GOLD_LIGHT if deck > 0 else common.MUTED,
            anchor="mm",
        )
        # How often the deck has run out: two marks, filled when used up.
        exhausted = int(view.get("exhausted", 0))
        mx = deck_x + CARD_W + 24
        for k in range(2):
            cy = top + 40 + k * 64
            used = k < exhausted
            canvas.box(
                mx,
                cy - 26,
                mx + 52,
                cy + 26,
                common.IMPERIAL_RED if used else common.CREAM,
                common.RED_DARK,
                3,
                radius=26,
            )
            canvas.text(
                mx + 26,
                cy + 1,
                str(k + 1),
                face(BODY, Weight.BOLD),
                common.CREAM if used else common.MUTED,
                anchor="mm",
            )
        line_y = top + row_h + 18
        used_text = ctx.t("china.board.exhausted", count=exhausted)
        text_face = face(BODY, Weight.BOLD)
        canvas.text(
            left,
            y + height - 34,
            ellipsize(used_text, text_face, WIDTH - 2 * MARGIN - 40),
            text_face,
            common.IMPERIAL_RED if exhausted else common.INK,
            anchor="lm",
        )
        canvas.text(
            left,
            line_y,
            ctx.t("china.board.discard_count", count=len(discard)),
            text_face,
            common.INK,
            anchor="lm",
        )
        # The discard pile, face up: how many of each colour.
        counts = [sum(1 for c in discard if c == name) for name in COLOURS]
        x = left
        chip_y = line_y + 28
        for colour, count in enumerate(counts):
            if not count:
                continue
            word = ctx.t(f"china.colour.{COLOURS[colour]}")
            text = f"{count} × {word}"
            width = text_width(text, text_face) + 50
            if x + width > WIDTH - MARGIN - 20:
                break
            canvas.box(x, chip_y, x + width, chip_y + 44, common.CREAM, common.STONE_DARK, 2, radius=12)
            canvas.box(
                x + 8, chip_y + 8, x + 32, chip_y + 36, PROVINCE_STRONG[colour], common.INK, 2, radius=6
            )
            canvas.text(x + 40, chip_y + 23, text, text_face, common.INK, anchor="lm")
            x += width + 10

    return kit.Section(height, draw)


# ---------------------------------------------------------------- players


_HEAD_MAX = 176


def _heading(text: str) -> tuple[list[str], int]:
    """A column heading in the condensed face, in as many lines as it needs, and its column's width."""
    head = face(BODY, Weight.CONDENSED)
    lines = _wrap(text, head, _HEAD_MAX)
    if len(lines) > 2:
        lines = [lines[0], ellipsize(" ".join(lines[1:]), head, _HEAD_MAX)]
    return lines, max(96, *(text_width(line, head) for line in lines)) + 22


def _players(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    over = view.get("step") == "over" and view.get("final") is not None
    outcome = view.get("outcome") or {}
    standing = kit.Standing.of(view, over)
    start = view.get("start")
    viewer = view.get("viewer")
    columns: list[tuple[str, Callable[[int], str]]]
    supply_from = None
    if over:
        final: Sequence[Mapping[str, Any]] = view["final"]
        scores = list(outcome.get("scores") or [])
        left = list(outcome.get("pieces_left") or [])
        columns = [
            ("china.board.col.play", lambda s: str(final[s].get("houses", 0))),
            ("china.board.col.final", lambda s: str(final[s].get("provinces", 0))),
            ("china.board.col.alliances", lambda s: str(final[s].get("alliances", 0))),
            ("china.board.col.chains", lambda s: str(final[s].get("chains", 0))),
            ("china.board.col.total", lambda s: str(scores[s]) if s < len(scores) else "–"),
            ("china.board.col.left", lambda s: str(left[s]) if s < len(left) else "–"),
        ]
    else:
        columns = [
            ("board.col.points", lambda s: str(seats[s].get("points", 0))),
            ("china.board.col.cards", lambda s: str(seats[s].get("hand", 0))),
            ("china.pieces.house", lambda s: str(seats[s].get("houses", 0))),
            ("china.pieces.emissary", lambda s: str(seats[s].get("emissaries", 0))),
        ]
        if view.get("fortresses"):
            columns.append(("china.piece.fortress", lambda s: str(seats[s].get("fortresses", 0))))
        supply_from = 2
    headings = [_heading(ctx.t(key)) for key, _ in columns]
    widths = [width for _, width in headings]
    right = WIDTH - MARGIN - 12
    lefts = kit.column_lefts(widths, right)
    line_h = 32
    lines_most = max(len(lines) for lines, _ in headings)
    group_h = 42 if supply_from is not None else 0
    head_h = 22 + group_h + line_h * lines_most
    row_h = 58
    legend_h = 52 if start is not None else 0
    height = head_h + row_h * len(seats) + 14 + legend_h

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height)
        head_face = face(BODY, Weight.CONDENSED)
        base = y + head_h - line_h // 2 - 2
        canvas.text(MARGIN + 64, base, ctx.t("board.col.player"), head_face, common.MUTED, anchor="lm")
        if supply_from is not None:
            # One heading over the supply columns.
            x0, x1 = lefts[supply_from] + 6, right - 6
            gy = y + 16 + group_h // 2
            canvas.rect(x0, gy, x1, gy + 2, common.STONE_DARK)
            caption = ctx.t("china.board.supply")
            width = text_width(caption, head_face) + 20
            cx = (x0 + x1) // 2
            canvas.rect(cx - width // 2, gy - 18, cx + width // 2, gy + 20, common.CREAM)
            canvas.text(cx, gy, caption, head_face, common.MUTED, anchor="mm")
        for number, (lines, _) in enumerate(headings):
            cx = lefts[number] + widths[number] // 2
            for k, line in enumerate(lines):
                cy = base - line_h * (len(lines) - 1 - k)
                canvas.text(cx, cy, line, head_face, common.MUTED, anchor="mm")
        for seat in range(len(seats)):
            cy = kit.seat_row(canvas, seat, y + head_h + 4 + seat * row_h, row_h, standing, ROWS)
            name_face = face(BODY, Weight.BOLD)
            name: list[Run] = [common.seat_symbol(seat, 34), ctx.names[seat]]
            if seat == start:
                name.append(_emperor(34))
            room = lefts[0] - (MARGIN + 64) - 8
            if seat == viewer and _runs_width([*name, ctx.t("board.you")], name_face) <= room:
                # "(you)" only where it fits whole: a name is worth more than the marker, and
                # the hand panel below already shows the viewer's symbol.
                name.append(ctx.t("board.you"))
            _runs(canvas, MARGIN + 64, cy, name, name_face, common.INK, room=room)
            value_face = face(BODY + 2, Weight.BOLD)
            for number, (_, value) in enumerate(columns):
                cx = lefts[number] + widths[number] // 2
                canvas.text(cx, cy, value(seat), value_face, common.INK, anchor="mm")
        if legend_h:
            ly = y + height - legend_h // 2 - 8
            _runs(
                canvas,
                MARGIN + 64,
                ly,
                [_emperor(34), ctx.t("china.board.emperor")],
                face(BODY),
                common.MUTED,
            )

    return kit.Section(height, draw)


def _emperor(size: int) -> Image.Image:
    """The emperor figure beside the start player: a red crown."""
    return common.crown(size, common.IMPERIAL_RED, common.RED_DARK)


# ---------------------------------------------------------------- the viewer's hand


def _hand(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    viewer = int(view["viewer"])
    hand = sorted(
        (str(c) for c in view.get("hand") or []), key=lambda c: COLOURS.index(c) if c in COLOURS else 9
    )
    head_h = 64
    per_line = kit.per_row(WIDTH - 2 * MARGIN - 40, CARD_W, CARD_GAP)
    lines = -(-len(hand) // per_line)
    height = head_h + (lines * (CARD_H + 14) if lines else 48) + 14

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, kit.HAND, common.GOLD_DARK, width=4)
        head_face = face(HEADING - 2, Weight.BOLD)
        heading: list[Run] = [common.seat_symbol(viewer, 34), ctx.t("china.board.your_hand")]
        _runs(canvas, MARGIN + 20, y + head_h // 2 + 4, heading, head_face, common.INK, gap=12)
        cards = [_card(colour, ctx.locale) for colour in hand]
        empty = (ctx.t("china.board.empty_hand"), face(BODY))
        kit.in_rows(canvas, cards, MARGIN + 20, y + head_h, per_line, (CARD_W + CARD_GAP, CARD_H + 14), empty)

    return kit.Section(height, draw)


#: Flat colours kept exact in the PNG's palette.
_EXACT: tuple[RGB, ...] = (*common.THEME_COLOURS, *PROVINCE_STRONG, *PROVINCE_INK)
