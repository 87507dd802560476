"""Chinesische Mauer: the board image of one view.

Drawn for a phone first: the image is 780 px wide, twice a phone screen's
390, and every label a player reads (card names, positions such as 3.2,
totals, tile values, table headers) is at least 9 px tall on that screen,
so at least `MIN_INK` px here. Text sizes are chosen from the ink of digits
and capitals (about 0.73 of the font size), and there are few labels, each
large, rather than many small ones.

Top to bottom: a red banner with whose turn it is and what they must do;
notices for the last round and removed tiles; one stone panel per
construction site (its number and free fame tiles, each player's total, a
banner when a Noble levels the site, then the cards in rows, each card
labelled with the position to type, e.g. 3.2); the players with hand, deck
and tiles; and in a seat's own view, that seat's hand. A card is as wide as
its name needs, so the rulebook's names are printed whole. Covered cards peek
out above the dragon that covers them. Every word comes from the catalogue.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from functools import lru_cache
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

from renderers import common
from renderers import kit
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.chinesische_mauer.icons import kind_icon
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import run_width
from renderers.layout import runs
from renderers.layout import runs_width

__all__ = ["GAME_ID", "MIN_INK", "PHONE_WIDTH", "WIDTH", "render"]

GAME_ID = "chinesische-mauer"

#: The width a phone shows the image at, and the image's own width (twice that).
PHONE_WIDTH = 390
WIDTH = 2 * PHONE_WIDTH
#: The smallest ink height of a label in the image: 9 px on the phone.
MIN_INK = 9 * WIDTH // PHONE_WIDTH

MARGIN = 14
GAP = 14
PAD = 12

# Font sizes (DejaVu: digits and capitals are about 0.73 of the size tall).
LABEL = 28  # ink 20: totals, positions, table, notices
NAME = 26  # condensed, ink 19: card names
HEADING = 34
TITLE = 40
VALUE = 46

# Cards: a coloured band (owner symbol, kind silhouette), the kind's name, the value.
BAND_H = 36
NAME_H = 34
CARD_H = BAND_H + NAME_H + 54
CARD_GAP = 8
SYMBOL = 26
#: Narrowest card: the band's symbol and silhouette side by side.
CARD_MIN_W = 80
#: Narrowest card carrying a fame tile: the value and the tile side by side.
CARD_TILE_MIN_W = 96
NAME_PAD = 8
#: How much of a covered card shows above the card lying on it: band and name.
PEEK = BAND_H + NAME_H
POSITION_H = 34
ROW_GAP = 8

TILE = 52
CARD_TILE = 46

SITE_HEAD = 64
CHIP_H = 44
LEVELLED_H = 48

CARD_RADIUS = 9

# Battlements along the banner's lower edge: the wall the players are building.
_BAND = kit.Band(edge_width=3, battlements=(26, 10))
BANNER = kit.Banner(title=TITLE, title_y=34, status=30, spacing=(84, 40, 34), band=_BAND, margin=MARGIN)
ROWS = kit.Rows(marker=26, crown=30, arrow=26, rank=LABEL, inset=6, radius=10)


@dataclass(frozen=True)
class _Kind:
    kind: str
    value: int | None


@cache
def _kinds() -> tuple[_Kind, ...]:
    data = json.loads(Path(__file__).with_name("kinds.json").read_text(encoding="utf-8"))
    return tuple(_Kind(entry["kind"], entry["value"]) for entry in data["kinds"])


def _kind_order(kind: str) -> int:
    order = [k.kind for k in _kinds()]
    return order.index(kind) if kind in order else len(order)


def _hand_value(kind: str, locale: str | None) -> str:
    for entry in _kinds():
        if entry.kind == kind and entry.value is not None:
            return str(entry.value)
    return common.label(f"board.cm.value.{kind}", locale)


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it."""
    players = int(view["players"])
    ctx = kit.Context(view, locale, common.seat_names(view, players, locale))
    sections = [_header(ctx)]
    if (view.get("last_round") and view.get("phase") != "over") or view.get("removed"):
        sections.append(_notices(ctx))
    sections.extend(_site(ctx, index, site) for index, site in enumerate(view["sites"]))
    sections.append(_players(ctx))
    if "hand" in view:
        sections.append(_hand(ctx))
    return kit.page(WIDTH, sections, common.THEME_COLOURS, gap=GAP, bottom=MARGIN)


# ---------------------------------------------------------------- small pieces


def _bold(size: int = LABEL) -> Face:
    return face(size, Weight.BOLD)


#: Panels stand closer to the image's sides than the kit's, without shadows (but the sites').
_panel = partial(kit.panel, margin=MARGIN, shadow=False)


def _words(text: str) -> list[Run]:
    return list(text.split())


def _wrap(tokens: Sequence[Run], font_face: Face, max_width: int, gap: int) -> list[list[Run]]:
    """Tokens (words, names, sprites) on as few lines as fit `max_width`; a token too wide is cut.

    A separator "·" never starts a line.
    """
    lines: list[list[Run]] = []
    used = 0
    for token in tokens:
        if isinstance(token, str) and run_width(token, font_face) > max_width:
            token = ellipsize(token, font_face, max_width)
        width = run_width(token, font_face)
        if lines and used + gap + width <= max_width:
            lines[-1].append(token)
            used += gap + width
        elif token == "·":
            continue
        else:
            lines.append([token])
            used = width
    # A separator left at the end of a line separates nothing.
    trimmed = [line[:-1] if len(line) > 1 and line[-1] == "·" else line for line in lines] or [[]]
    return [_joined(line) for line in trimmed]


def _joined(line: Sequence[Run]) -> list[Run]:
    """Neighbouring words as one text: a line reads (and is measured) as a phrase, not word by word."""
    out: list[Run] = []
    for run in line:
        if isinstance(run, str) and out and isinstance(out[-1], str):
            out[-1] = f"{out[-1]} {run}"
        else:
            out.append(run)
    return out


def _tile(canvas: Canvas, x: int, y: int, size: int, value: int) -> None:
    """A fame tile: a gold square with its value."""
    canvas.box(
        x + 2,
        y + 3,
        x + size + 2,
        y + size + 3,
        common.blend(common.GOLD_DARK, common.INK, 0.3),
        radius=size // 6,
    )
    canvas.box(x, y, x + size, y + size, common.GOLD, common.GOLD_DARK, 3, radius=size // 6)
    canvas.box(x + 5, y + 5, x + size - 5, y + size - 5, None, common.GOLD_LIGHT, 2, radius=size // 8)
    canvas.text(x + size // 2, y + size // 2 + 1, str(value), _bold(), common.INK, anchor="mm")


# ---------------------------------------------------------------- header


def _status_tokens(ctx: kit.Context) -> list[Run]:
    view = ctx.view
    if view.get("phase") == "over" or view.get("turn") is None:
        outcome = view.get("outcome") or {}
        winners = list(outcome.get("winners") or [])
        tokens: list[Run] = _words(ctx.t("board.game_over"))
        if winners:
            tokens.append("·")
            tokens.extend(_words(ctx.t("board.winners" if len(winners) > 1 else "board.winner")))
            for seat in winners:
                tokens.extend([common.seat_symbol(seat, SYMBOL + 2), ctx.names[seat]])
        return tokens
    seat = int(view["turn"])
    tokens = [*_words(ctx.t("board.turn")), common.seat_symbol(seat, SYMBOL + 2), ctx.names[seat], "·"]
    if view.get("phase") == "scoring" and view.get("pending_scoring"):
        sites = ", ".join(str(index + 1) for index in view["pending_scoring"])
        tokens.extend(_words(ctx.t("board.cm.status.scoring", sites=sites)))
    else:
        tokens.extend(_words(ctx.t("board.cm.status.actions", count=int(view.get("actions_left", 0)))))
        if view.get("free_horsemen"):
            tokens.extend(["·", *_words(ctx.t("board.cm.status.free_horsemen"))])
    return tokens


def _header(ctx: kit.Context) -> kit.Section:
    status_face = BANNER.status_face()
    gap = text_width("a b", status_face) - text_width("ab", status_face)
    lines = _wrap(_status_tokens(ctx), status_face, WIDTH - 2 * MARGIN, gap)
    band = BANNER.band_height(len(lines))

    def draw(canvas: Canvas, y: int) -> None:
        BANNER.draw_band(canvas, y, band)
        # Supply: a tile with the count, at the right of the title line.
        supply = int(ctx.view.get("supply", 0))
        x = WIDTH - MARGIN - TILE
        _tile(canvas, x, y + 8, TILE, supply)
        caption = ctx.t("board.cm.supply")
        caption_x = x - 10 - text_width(caption, _bold())
        canvas.text(x - 10, y + 8 + TILE // 2, caption, _bold(), common.GOLD_LIGHT, anchor="rm")
        BANNER.heading(canvas, y, ellipsize(ctx.t("board.cm.title"), _bold(TITLE), caption_x - 16 - MARGIN))
        # The lines are wrapped to fit already.
        BANNER.lines(canvas, y, lines, gap)

    return kit.Section(BANNER.height(band), draw)


# ---------------------------------------------------------------- notices


def _notices(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    paragraphs: list[list[Run]] = []
    last_round = view.get("last_round")
    if last_round and view.get("phase") != "over":
        starter = int(last_round["started_by"])
        paragraphs.append(
            [*_words(ctx.t("board.cm.last_round")), common.seat_symbol(starter, SYMBOL), ctx.names[starter]]
        )
        if last_round.get("cards_closed"):
            paragraphs.append(_words(ctx.t("board.cm.cards_closed")))
    removed = view.get("removed") or []
    if removed:
        pairs = ", ".join("+".join(str(v) for v in pair) for pair in removed)
        paragraphs.append(_words(ctx.t("board.cm.removed", pairs=pairs)))
    font_face = _bold()
    gap = text_width("a b", font_face) - text_width("ab", font_face)
    lines = [
        line for tokens in paragraphs for line in _wrap(tokens, font_face, WIDTH - 2 * MARGIN - 2 * PAD, gap)
    ]
    line_h = 38
    height = 2 * PAD + line_h * len(lines)

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, common.GOLD_LIGHT, common.GOLD_DARK)
        for number, line in enumerate(lines):
            cy = y + PAD + line_h * number + line_h // 2
            runs(canvas, MARGIN + PAD, cy, line, font_face, common.INK, gap=gap)

    return kit.Section(height, draw)


# ---------------------------------------------------------------- sites


_CARD_AREA = WIDTH - 2 * MARGIN - 2 * PAD


def _name_face() -> Face:
    return face(NAME, Weight.CONDENSED)


@lru_cache(maxsize=256)
def _kind_width(kind: str, locale: str | None) -> int:
    """The width of a card of that kind: its whole name fits (within the row)."""
    name = text_width(common.label(f"cm.card.{kind}", locale), _name_face())
    return min(_CARD_AREA, max(CARD_MIN_W, name + 2 * NAME_PAD))


def _position_width(card: Mapping[str, Any], locale: str | None) -> int:
    """A position is as wide as the widest card in its stack (covered cards peek out whole)."""
    width = max(_kind_width(str(c["kind"]), locale) for c in card["stack"])
    return max(width, CARD_TILE_MIN_W) if card.get("tile") is not None else width


def _rows(widths: Sequence[int], area: int, gap: int) -> list[range]:
    """Consecutive positions on as few rows as fit `area`."""
    rows: list[range] = []
    start, used = 0, 0
    for index, width in enumerate(widths):
        if index > start and used + gap + width > area:
            rows.append(range(start, index))
            start, used = index, width
        else:
            used = width if index == start else used + gap + width
    if widths:
        rows.append(range(start, len(widths)))
    return rows


def _row_height(cards: Sequence[Mapping[str, Any]], row: range) -> int:
    depth = max((len(cards[i]["stack"]) for i in row), default=1)
    return (depth - 1) * PEEK + CARD_H + POSITION_H


def _leaders(totals: Sequence[int | None]) -> set[int]:
    present = [(t, seat) for seat, t in enumerate(totals) if t is not None]
    if not present:
        return set()
    best = max(t for t, _ in present)
    leaders = {seat for t, seat in present if t == best}
    # Only a strict majority scores: a tie at the top means nobody leads.
    return leaders if len(leaders) == 1 else set()


def _chips(totals: Sequence[int | None]) -> list[tuple[int, list[Run], int]]:
    """(seat, runs, width) of each present player's total; the leader gets a crown."""
    leaders = _leaders(totals)
    chips = []
    for seat, total in enumerate(totals):
        if total is None:
            continue
        parts: list[Run] = [common.seat_symbol(seat, SYMBOL), str(total)]
        if seat in leaders:
            parts.append(common.crown(28))
        chips.append((seat, parts, runs_width(parts, _bold(), gap=6) + 20))
    return chips


def _chips_width(chips: Sequence[tuple[int, list[Run], int]]) -> int:
    return sum(w for _, _, w in chips) + 8 * max(0, len(chips) - 1)


def _site(ctx: kit.Context, index: int, site: Mapping[str, Any]) -> kit.Section:
    title = ctx.t("board.cm.site", number=index + 1)
    if not site.get("open", True):
        return _closed_site(ctx, title)
    cards: Sequence[Mapping[str, Any]] = site.get("cards") or []
    widths = [_position_width(card, ctx.locale) for card in cards]
    rows = _rows(widths, _CARD_AREA, CARD_GAP)
    free_tiles = [int(tile["value"]) for tile in site.get("tiles") or [] if tile.get("on") is None]
    pending = index in (ctx.view.get("pending_scoring") or []) and ctx.view.get("phase") == "scoring"
    scoring = ctx.t("board.cm.scoring") if pending else ""
    chips = _chips(site.get("totals") or [])
    head_used = (
        text_width(title, _bold(HEADING))
        + len(free_tiles) * (TILE + 10)
        + (text_width(scoring, _bold()) + 40 if scoring else 0)
        + 16
    )
    # The totals share the heading's line when they fit beside it, else they get their own.
    chips_row = bool(chips) and head_used + _chips_width(chips) > WIDTH - 2 * MARGIN - 2 * PAD
    levelled = bool(site.get("levelled"))
    body = sum(_row_height(cards, row) for row in rows) + ROW_GAP * (len(rows) - 1) if cards else 40
    height = SITE_HEAD + (CHIP_H + 8 if chips_row else 0) + (LEVELLED_H + 8 if levelled else 0) + body + PAD

    def draw(canvas: Canvas, y: int) -> None:
        border = common.IMPERIAL_RED if pending else common.STONE_DARK
        _panel(canvas, y, height, common.STONE, border, width=5 if pending else 3, shadow=True)
        left = MARGIN + PAD
        right = WIDTH - MARGIN - PAD
        head_cy = y + SITE_HEAD // 2 + 2
        x = left + canvas.text(left, head_cy, title, _bold(HEADING), common.INK, anchor="lm") + 14
        for value in free_tiles:
            _tile(canvas, x, head_cy - TILE // 2, TILE, value)
            x += TILE + 10
        if scoring:
            kit.pill(
                canvas, x + 6, head_cy, scoring, _bold(), common.IMPERIAL_RED, common.CREAM, pad=12, half=21
            )
        top = y + SITE_HEAD
        if chips_row:
            _totals(canvas, right, top + CHIP_H // 2, chips)
            top += CHIP_H + 8
        elif chips:
            _totals(canvas, right, head_cy, chips)
        if levelled:
            _levelled(canvas, ctx, left, top, right)
            top += LEVELLED_H + 8
        if not cards:
            canvas.text(left, top + 20, ctx.t("board.cm.no_cards"), _bold(), common.MUTED, anchor="lm")
            return
        for row in rows:
            depth = max(len(cards[i]["stack"]) for i in row)
            card_y = top + (depth - 1) * PEEK
            x = left
            for position in row:
                width = widths[position]
                _placed_card(canvas, ctx, x, card_y, width, cards[position])
                canvas.text(
                    x + width // 2,
                    card_y + CARD_H + POSITION_H // 2 + 2,
                    f"{index + 1}.{position + 1}",
                    _bold(),
                    common.MUTED,
                    anchor="mm",
                )
                x += width + CARD_GAP
            top += _row_height(cards, row) + ROW_GAP

    return kit.Section(height, draw)


def _levelled(canvas: Canvas, ctx: kit.Context, left: int, top: int, right: int) -> None:
    """The banner of a site where a visible Noble makes every card count 1."""
    canvas.box(left, top, right, top + LEVELLED_H, common.GOLD_LIGHT, common.GOLD_DARK, 2, radius=10)
    icon = kind_icon("noble", 32, common.INK)
    line: list[Run] = [] if icon is None else [icon]
    text = ctx.t("board.cm.levelled")
    room = right - left - 24 - (0 if icon is None else icon.width + 10)
    line.append(ellipsize(text, _bold(), room))
    runs(canvas, left + 12, top + LEVELLED_H // 2, line, _bold(), common.INK, gap=10)


def _closed_site(ctx: kit.Context, title: str) -> kit.Section:
    closed = ctx.t("board.cm.closed")
    font_face = _bold()
    title_w = text_width(title, _bold(HEADING))
    room = WIDTH - 2 * MARGIN - 2 * PAD
    # The reason follows the title on its line when it fits, else it goes below.
    below = title_w + 16 + text_width(closed, font_face) > room
    height = SITE_HEAD + (40 if below else 0)

    def draw(canvas: Canvas, y: int) -> None:
        fill = common.blend(common.STONE, common.PARCHMENT, 0.5)
        _panel(canvas, y, height, fill, width=2)
        x = MARGIN + PAD
        cy = y + SITE_HEAD // 2 + 2
        x += canvas.text(x, cy, title, _bold(HEADING), common.MUTED, anchor="lm") + 16
        if below:
            x, cy = MARGIN + PAD, cy + 40
        canvas.text(x, cy, ellipsize(closed, font_face, room), font_face, common.MUTED, anchor="lm")

    return kit.Section(height, draw)


def _totals(canvas: Canvas, right: int, cy: int, chips: Sequence[tuple[int, list[Run], int]]) -> None:
    """Each present player's points at the site, right-aligned; the leader on gold with a crown."""
    leaders = {seat for seat, parts, _ in chips if len(parts) > 2}
    x = right - _chips_width(chips)
    for seat, parts, width in chips:
        lead = seat in leaders
        canvas.box(
            x,
            cy - CHIP_H // 2,
            x + width,
            cy + CHIP_H // 2,
            common.GOLD_LIGHT if lead else common.CREAM,
            common.GOLD_DARK if lead else common.STONE_DARK,
            3 if lead else 2,
            radius=10,
        )
        runs(canvas, x + 10, cy, parts, _bold(), common.INK, gap=6)
        x += width + 8


# ---------------------------------------------------------------- cards


@lru_cache(maxsize=1024)
def _card_face(owner: int, kind: str, locale: str | None, width: int, covered: bool) -> Image.Image:
    """A card without its value, shadow included: a band in the owner's colour
    (symbol, silhouette) and the kind's name. Cached: a board repeats few faces."""
    colour = common.seat_colour(owner)
    band = common.blend(colour, common.STONE, 0.55) if covered else colour
    paper = common.blend(common.CREAM, common.STONE, 0.6) if covered else common.CREAM
    sprite = Canvas(width + 3, CARD_H + 4, None)
    sprite.box(
        2, 3, width + 2, CARD_H + 3, common.blend(common.STONE_DARK, common.STONE, 0.3), radius=CARD_RADIUS
    )
    sprite.box(0, 0, width, CARD_H, band, radius=CARD_RADIUS)
    sprite.rect(4, BAND_H, width - 4, CARD_H - 4 - CARD_RADIUS, paper)
    sprite.box(4, CARD_H - 4 - CARD_RADIUS * 2, width - 4, CARD_H - 4, paper, radius=CARD_RADIUS - 4)
    sprite.paste(common.seat_symbol(owner, SYMBOL, fill=paper), 7, (BAND_H - SYMBOL) // 2)
    icon = kind_icon(kind, SYMBOL + 2, common.on_colour(band))
    if icon is not None:
        sprite.paste(icon, width - 7 - icon.width, (BAND_H - icon.height) // 2)
    name = ellipsize(common.label(f"cm.card.{kind}", locale), _name_face(), width - 2 * NAME_PAD + 4)
    cy = BAND_H + NAME_H // 2 + 1
    sprite.text(width // 2, cy, name, _name_face(), common.MUTED if covered else common.INK, anchor="mm")
    return sprite.image


def _card(
    canvas: Canvas,
    ctx: kit.Context,
    x: int,
    y: int,
    owner: int,
    kind: str,
    value: str | None,
    width: int,
    covered: bool = False,
    value_x: int | None = None,
) -> None:
    """One card with its value (covered cards show none: they count nothing)."""
    canvas.paste(_card_face(owner, kind, ctx.locale, width, covered), x, y)
    if value is not None:
        centre = x + width // 2 if value_x is None else value_x
        value_y = y + BAND_H + NAME_H + (CARD_H - BAND_H - NAME_H) // 2 - 2
        canvas.text(centre, value_y, value, _bold(VALUE), common.INK, anchor="mm")


def _placed_card(
    canvas: Canvas, ctx: kit.Context, x: int, y: int, width: int, card: Mapping[str, Any]
) -> None:
    """A card at a site: the cards it covers peek out above it; a fame tile may lie on it."""
    stack = card["stack"]
    for depth, covered in enumerate(stack[:-1]):
        cover_y = y - (len(stack) - 1 - depth) * PEEK
        _card(canvas, ctx, x, cover_y, int(covered["owner"]), str(covered["kind"]), None, width, covered=True)
    top = stack[-1]
    tile = card.get("tile")
    tile_x = x + width - CARD_TILE + 6
    # With a tile in the corner, the value moves left so that both stay readable.
    value_x = None if tile is None else x + (tile_x - x) // 2 + 2
    value = str(card.get("value", ""))
    _card(canvas, ctx, x, y, int(top["owner"]), str(top["kind"]), value, width, value_x=value_x)
    if tile is not None:
        _tile(canvas, tile_x, y + CARD_H - CARD_TILE + 4, CARD_TILE, int(tile))


# ---------------------------------------------------------------- players


_COLUMN_KEYS = ("board.col.hand", "board.col.deck", "board.col.tiles", "board.col.points")


def _players(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    row_h = 50
    head_h = 46
    height = head_h + row_h * len(seats) + 10
    standing = kit.Standing.of(view, view.get("phase") == "over")
    viewer = view.get("viewer")
    font_face = _bold()
    headers = [ctx.t(key) for key in _COLUMN_KEYS]
    # Each column as wide as its header (numbers are narrower), so that names keep the most room.
    widths = [max(64, text_width(h, font_face) + 14) for h in headers]
    right = WIDTH - MARGIN - PAD
    centres = [x + width // 2 for x, width in zip(kit.column_lefts(widths, right), widths, strict=True)]
    name_x = MARGIN + 48
    name_room = right - sum(widths) - name_x - 8

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height)
        player = ellipsize(ctx.t("board.col.player"), font_face, name_room)
        kit.column_heads(
            canvas, y + head_h // 2 + 4, (name_x, player), list(zip(centres, headers, strict=True)), font_face
        )
        for seat, info in enumerate(seats):
            cy = kit.seat_row(canvas, seat, y + head_h + seat * row_h, row_h, standing, ROWS, left=MARGIN)
            you = ctx.t("board.you") if seat == viewer else ""
            kit.name_cell(
                canvas, name_x, cy, seat, ctx.names[seat], font_face, name_room, symbol=SYMBOL + 2, you=you
            )
            values = [info.get("hand"), info.get("deck"), info.get("tiles"), info.get("points")]
            for cx, value in zip(centres, values, strict=True):
                text = ctx.t("board.unknown") if value is None else str(value)
                canvas.text(
                    cx, cy, text, font_face, common.INK if value is not None else common.MUTED, anchor="mm"
                )

    return kit.Section(height, draw)


# ---------------------------------------------------------------- the viewer's hand


_STACK_STEP = 7
_STACK_EDGES = 4


def _hand_groups(hand: Sequence[str]) -> list[tuple[str, int]]:
    """(kind, count) in kind order."""
    groups: list[tuple[str, int]] = []
    for kind in sorted(hand, key=_kind_order):
        if groups and groups[-1][0] == kind:
            groups[-1] = (kind, groups[-1][1] + 1)
        else:
            groups.append((kind, 1))
    return groups


def _group_width(kind: str, count: int, stacked: bool, locale: str | None) -> int:
    width = _kind_width(kind, locale)
    if stacked:
        return width + _STACK_STEP * (min(count, _STACK_EDGES + 1) - 1)
    return count * width + (count - 1) * CARD_GAP


def _hand_lines(
    groups: Sequence[tuple[str, int]], stacked: bool, area: int, gap: int, locale: str | None
) -> list[list[tuple[str, int]]]:
    lines: list[list[tuple[str, int]]] = []
    used = 0
    for group in groups:
        width = _group_width(*group, stacked, locale)
        if lines and used + gap + width <= area:
            lines[-1].append(group)
            used += gap + width
        else:
            lines.append([group])
            used = width
    return lines


def _hand(ctx: kit.Context) -> kit.Section:
    """The viewer's own cards: side by side when they fit two rows, else one stack per kind with its count."""
    view = ctx.view
    viewer = int(view["viewer"])
    groups = _hand_groups(view.get("hand") or [])
    area = _CARD_AREA
    gap = 16
    stacked = len(_hand_lines(groups, False, area, gap, ctx.locale)) > 2
    lines = _hand_lines(groups, stacked, area, gap, ctx.locale)
    seat = view["seats"][viewer]
    points = seat.get("points")
    summary = ctx.t(
        "board.cm.your_tiles",
        count=int(seat.get("tiles", 0)),
        points=ctx.t("board.unknown") if points is None else int(points),
    )
    heading: list[Run] = [common.seat_symbol(viewer, SYMBOL + 4), ctx.t("board.cm.your_hand")]
    heading_w = runs_width(heading, _bold(HEADING), gap=10)
    # The tiles and points share the heading's line when they fit beside it.
    summary_below = heading_w + 20 + text_width(summary, _bold()) > area
    head_h = 60 + (40 if summary_below else 0)
    line_h = CARD_H + 14
    height = head_h + (line_h * len(lines) if groups else 44) + PAD

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, kit.HAND, common.GOLD_DARK, width=4)
        left = MARGIN + PAD
        head_cy = y + 32
        runs(canvas, left, head_cy, heading, _bold(HEADING), common.INK, gap=10)
        if summary_below:
            text = ellipsize(summary, _bold(), area)
            canvas.text(left, head_cy + 42, text, _bold(), common.INK, anchor="lm")
        else:
            canvas.text(WIDTH - MARGIN - PAD, head_cy, summary, _bold(), common.INK, anchor="rm")
        if not groups:
            canvas.text(
                left, y + head_h + 20, ctx.t("board.cm.empty_hand"), _bold(), common.MUTED, anchor="lm"
            )
            return
        for number, line in enumerate(lines):
            x = left
            top = y + head_h + number * line_h
            for kind, count in line:
                value = _hand_value(kind, ctx.locale)
                width = _kind_width(kind, ctx.locale)
                if stacked:
                    _card_stack(canvas, ctx, x, top, viewer, kind, value, count)
                else:
                    for k in range(count):
                        _card(canvas, ctx, x + k * (width + CARD_GAP), top, viewer, kind, value, width)
                x += _group_width(kind, count, stacked, ctx.locale) + gap

    return kit.Section(height, draw)


def _card_stack(
    canvas: Canvas, ctx: kit.Context, x: int, y: int, owner: int, kind: str, value: str, count: int
) -> None:
    """Identical cards as a small pile (a few edges show) with a badge that says how many."""
    width = _kind_width(kind, ctx.locale)
    edges = min(count, _STACK_EDGES + 1) - 1
    for k in range(edges, 0, -1):
        canvas.paste(_card_face(owner, kind, ctx.locale, width, False), x + k * _STACK_STEP, y)
    _card(canvas, ctx, x, y, owner, kind, value, width)
    if count > 1:
        badge = ctx.t("board.count", count=count)
        badge_w = max(48, text_width(badge, _bold()) + 16)
        bx = x + width + _STACK_STEP * edges - badge_w + 8
        by = y + CARD_H - 26
        canvas.box(bx, by, bx + badge_w, by + 38, common.INK, common.CREAM, 2, radius=19)
        canvas.text(bx + badge_w // 2, by + 19, badge, _bold(), common.CREAM, anchor="mm")
