"""Chinesische Mauer: the board image of one view.

Top to bottom: a red banner with whose turn it is and what they must do;
a strip for the last round; one stone panel per construction site, laid out
as on the table (fame tiles at the left, cards in a row to the right, wrapped
onto more lines when a site grows long); the players with hand, deck and
tiles; and in a seat's own view, that seat's hand. Covered cards peek out
above the dragon that covers them. Every word comes from the catalogue.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

import renderers
from renderers.canvas import RGB, Canvas, ellipsize, fit, text_width
from renderers.chinesische_mauer_icons import kind_icon
from renderers.common import (
    CREAM,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    IMPERIAL_RED,
    INK,
    MUTED,
    PARCHMENT,
    RED_DARK,
    STONE,
    STONE_DARK,
    THEME_COLOURS,
    blend,
    crown,
    label,
    on_colour,
    seat_colour,
    seat_names,
    seat_symbol,
    turn_arrow,
)
from renderers.fonts import Face, Weight, face

__all__ = ["GAME_ID", "render"]

GAME_ID = "chinesische-mauer"

WIDTH = 1200
MARGIN = 24
GAP = 18

# Cards: a coloured band (owner symbol, kind silhouette), the kind's name, the value.
CARD_W, CARD_H = 100, 146
CARD_GAP = 12
BAND_H = 36
NAME_H = 34
#: How much of a covered card shows above the card lying on it: band and name.
PEEK = BAND_H + NAME_H
POSITION_H = 34
LINE_GAP = 10

TILE = 62
CARD_TILE = 46

SITE_PAD = 16
SITE_HEAD = 56
TILE_COLUMN = TILE + 8

BODY = 28
HEADING = 32
TITLE = 44
VALUE = 54

PANEL_RADIUS = 16
CARD_RADIUS = 10

_Run = str | Image.Image


@dataclass(frozen=True)
class _Kind:
    kind: str
    value: int | None


@cache
def _kinds() -> tuple[_Kind, ...]:
    data = json.loads((Path(__file__).with_suffix(".json")).read_text(encoding="utf-8"))
    return tuple(_Kind(entry["kind"], entry["value"]) for entry in data["kinds"])


def _kind_order(kind: str) -> int:
    order = [k.kind for k in _kinds()]
    return order.index(kind) if kind in order else len(order)


def _hand_value(kind: str, locale: str | None) -> str:
    for entry in _kinds():
        if entry.kind == kind and entry.value is not None:
            return str(entry.value)
    return label(f"board.cm.value.{kind}", locale)


@dataclass(frozen=True)
class _Context:
    """What every part of the image needs besides the view itself."""

    view: Mapping[str, Any]
    locale: str | None
    names: Sequence[str]
    #: Width of the cards at the sites (the same on the whole board).
    card_w: int

    def t(self, key: str, **params: str | int) -> str:
        return label(key, self.locale, **params)


@dataclass(frozen=True)
class _Section:
    height: int
    draw: Callable[[Canvas, int], None]


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it."""
    players = int(view["players"])
    ctx = _Context(view, locale, seat_names(view, players, locale), _board_card_width(view))
    sections = [_header(ctx)]
    if (view.get("last_round") and view.get("phase") != "over") or view.get("removed"):
        sections.append(_notices(ctx))
    sections.extend(_site(ctx, index, site) for index, site in enumerate(view["sites"]))
    sections.append(_players(ctx))
    if "hand" in view:
        sections.append(_hand(ctx))
    height = sum(s.height for s in sections) + GAP * (len(sections) - 1) + MARGIN
    canvas = Canvas(WIDTH, height, PARCHMENT)
    y = 0
    for section in sections:
        section.draw(canvas, y)
        y += section.height + GAP
    return canvas.png(THEME_COLOURS)


# ---------------------------------------------------------------- small pieces


def _runs(
    canvas: Canvas, x: int, cy: int, runs: Sequence[_Run], font_face: Face, fill: RGB, gap: int = 8
) -> int:
    """Draw text and sprites side by side, centred on the line `cy`; return the x after them."""
    for run in runs:
        if isinstance(run, str):
            if run:
                x += canvas.text(x, cy, run, font_face, fill, anchor="lm") + gap
        else:
            canvas.paste(run, x, cy - run.height // 2)
            x += run.width + gap
    return x - gap


def _runs_width(runs: Sequence[_Run], font_face: Face, gap: int = 8) -> int:
    widths = [text_width(r, font_face) if isinstance(r, str) else r.width for r in runs if r != ""]
    return sum(widths) + gap * max(0, len(widths) - 1)


def _player_runs(ctx: _Context, seat: int, size: int, name_face: Face, max_width: int) -> list[_Run]:
    symbol = seat_symbol(seat, size)
    name = ellipsize(ctx.names[seat], name_face, max_width - size - 8)
    return [symbol, name]


def _tile(canvas: Canvas, x: int, y: int, size: int, value: int) -> None:
    """A fame tile: a gold square with its value."""
    canvas.box(x + 2, y + 3, x + size + 2, y + size + 3, blend(GOLD_DARK, INK, 0.3), radius=size // 6)
    canvas.box(x, y, x + size, y + size, GOLD, GOLD_DARK, 3, radius=size // 6)
    canvas.box(x + 6, y + 6, x + size - 6, y + size - 6, None, GOLD_LIGHT, 2, radius=size // 8)
    text = str(value)
    digits = face(size * (11 if len(text) == 1 else 9) // 20, Weight.BOLD)
    canvas.text(x + size // 2, y + size // 2 + 1, text, digits, INK, anchor="mm")


def _pill(canvas: Canvas, x: int, cy: int, text: str, fill: RGB, ink: RGB) -> int:
    pill_face = face(BODY, Weight.BOLD)
    width = text_width(text, pill_face) + 28
    canvas.box(x, cy - 22, x + width, cy + 22, fill, radius=22)
    canvas.text(x + width // 2, cy, text, pill_face, ink, anchor="mm")
    return width


# ---------------------------------------------------------------- header


def _status_runs(ctx: _Context) -> list[_Run]:
    view = ctx.view
    if view.get("phase") == "over" or view.get("turn") is None:
        outcome = view.get("outcome") or {}
        winners = list(outcome.get("winners") or [])
        runs: list[_Run] = [ctx.t("board.game_over")]
        if winners:
            runs.append("·")
            runs.append(ctx.t("board.winners" if len(winners) > 1 else "board.winner"))
            for seat in winners:
                runs.extend([seat_symbol(seat, 30), ctx.names[seat]])
        return runs
    seat = int(view["turn"])
    runs = [ctx.t("board.turn"), seat_symbol(seat, 30), ctx.names[seat], "·"]
    if view.get("phase") == "scoring" and view.get("pending_scoring"):
        sites = ", ".join(str(index + 1) for index in view["pending_scoring"])
        runs.append(ctx.t("board.cm.status.scoring", sites=sites))
    else:
        runs.append(ctx.t("board.cm.status.actions", count=int(view.get("actions_left", 0))))
        if view.get("free_horsemen"):
            runs.extend(["·", ctx.t("board.cm.status.free_horsemen")])
    return runs


def _header(ctx: _Context) -> _Section:
    band = 140
    merlon = 14

    def draw(canvas: Canvas, y: int) -> None:
        canvas.rect(0, y, WIDTH, y + band, IMPERIAL_RED)
        # Battlements along the lower edge: the wall the players are building.
        step = 40
        for x in range(0, WIDTH, 2 * step):
            canvas.rect(x + step // 2, y + band, x + step // 2 + step, y + band + merlon, IMPERIAL_RED)
        canvas.rect(0, y + band - 4, WIDTH, y + band, RED_DARK)
        title_face = face(TITLE, Weight.BOLD)
        canvas.text(MARGIN, y + 42, ctx.t("board.cm.title"), title_face, GOLD_LIGHT, anchor="lm")
        # Supply: a tile with the count, at the right of the title line.
        supply = int(ctx.view.get("supply", 0))
        supply_face = face(BODY, Weight.BOLD)
        caption = ctx.t("board.cm.supply")
        x = WIDTH - MARGIN - 50
        _tile(canvas, x, y + 14, 50, supply)
        canvas.text(x - 12, y + 40, caption, supply_face, GOLD_LIGHT, anchor="rm")
        status_face = face(BODY + 2, Weight.BOLD)
        runs = _status_runs(ctx)
        _fit_runs(canvas, MARGIN, y + 100, runs, status_face, CREAM, WIDTH - 2 * MARGIN)

    return _Section(band + merlon, draw)


def _fit_runs(
    canvas: Canvas, x: int, cy: int, runs: list[_Run], font_face: Face, fill: RGB, max_width: int
) -> None:
    """Draw runs, shortening the longest text ones (names) until the line fits."""
    runs = list(runs)
    while _runs_width(runs, font_face) > max_width:
        texts = [
            (text_width(r, font_face), i) for i, r in enumerate(runs) if isinstance(r, str) and len(r) > 2
        ]
        if not texts:
            break
        width, index = max(texts)
        text = runs[index]
        assert isinstance(text, str)
        runs[index] = ellipsize(text, font_face, max(40, width - 40))
        if runs[index] == text:
            break
    _runs(canvas, x, cy, runs, font_face, fill)


# ---------------------------------------------------------------- notices


def _notices(ctx: _Context) -> _Section:
    view = ctx.view
    lines: list[list[_Run]] = []
    last_round = view.get("last_round")
    if last_round and view.get("phase") != "over":
        starter = int(last_round["started_by"])
        lines.append([ctx.t("board.cm.last_round"), seat_symbol(starter, 28), ctx.names[starter]])
        if last_round.get("cards_closed"):
            lines.append([ctx.t("board.cm.cards_closed")])
    removed = view.get("removed") or []
    if removed:
        pairs = ", ".join("+".join(str(v) for v in pair) for pair in removed)
        lines.append([ctx.t("board.cm.removed", pairs=pairs)])
    line_h = 44
    height = 20 + line_h * len(lines)

    def draw(canvas: Canvas, y: int) -> None:
        canvas.box(MARGIN, y, WIDTH - MARGIN, y + height, GOLD_LIGHT, GOLD_DARK, 3, radius=PANEL_RADIUS)
        for number, runs in enumerate(lines):
            cy = y + 10 + line_h * number + line_h // 2
            _fit_runs(canvas, MARGIN + 20, cy, runs, face(BODY, Weight.BOLD), INK, WIDTH - 2 * MARGIN - 40)

    return _Section(height, draw)


# ---------------------------------------------------------------- sites


def _card_lines(count: int, per_line: int) -> list[range]:
    return [range(start, min(count, start + per_line)) for start in range(0, count, per_line)] or [range(0)]


_CARD_AREA = WIDTH - 2 * MARGIN - 2 * SITE_PAD - TILE_COLUMN - SITE_PAD
#: Card widths to try, widest first: a site a little too long for one line
#: gets narrower cards on the whole board rather than a lonely second line.
_CARD_WIDTHS = (CARD_W, 92)


def _per_line(card_w: int) -> int:
    return max(1, (_CARD_AREA + CARD_GAP) // (card_w + CARD_GAP))


def _board_card_width(view: Mapping[str, Any]) -> int:
    """The widest card size with which every site that can fit on one line does.

    Sites too long for any size wrap anyway and do not make the cards smaller.
    """
    most = _per_line(_CARD_WIDTHS[-1])
    lengths = [len(site.get("cards") or []) for site in view["sites"]]
    longest = max((n for n in lengths if n <= most), default=0)
    for width in _CARD_WIDTHS:
        if longest <= _per_line(width):
            return width
    return CARD_W


def _line_height(cards: Sequence[Mapping[str, Any]], line: range) -> int:
    depth = max((len(cards[i]["stack"]) for i in line), default=1)
    return (depth - 1) * PEEK + CARD_H + POSITION_H


def _leaders(totals: Sequence[int | None]) -> set[int]:
    present = [(t, seat) for seat, t in enumerate(totals) if t is not None]
    if not present:
        return set()
    best = max(t for t, _ in present)
    leaders = {seat for t, seat in present if t == best}
    # Only a strict majority scores: a tie at the top means nobody leads.
    return leaders if len(leaders) == 1 else set()


def _site(ctx: _Context, index: int, site: Mapping[str, Any]) -> _Section:
    title = ctx.t("board.cm.site", number=index + 1)
    if not site.get("open", True):
        return _closed_site(ctx, title)
    cards: Sequence[Mapping[str, Any]] = site.get("cards") or []
    lines = _card_lines(len(cards), _per_line(ctx.card_w))
    body = sum(_line_height(cards, line) for line in lines) + LINE_GAP * (len(lines) - 1)
    free_tiles = [tile for tile in site.get("tiles") or [] if tile.get("on") is None]
    # An empty site shows its tiles side by side and keeps no room for cards.
    body = max(body, len(free_tiles) * (TILE + 10) + 4) if cards else TILE + 8
    height = SITE_HEAD + body + SITE_PAD
    pending = index in (ctx.view.get("pending_scoring") or []) and ctx.view.get("phase") == "scoring"

    def draw(canvas: Canvas, y: int) -> None:
        border = IMPERIAL_RED if pending else STONE_DARK
        canvas.box(
            MARGIN + 3,
            y + 4,
            WIDTH - MARGIN + 3,
            y + height + 4,
            blend(STONE_DARK, PARCHMENT, 0.45),
            radius=PANEL_RADIUS,
        )
        canvas.box(
            MARGIN, y, WIDTH - MARGIN, y + height, STONE, border, 5 if pending else 3, radius=PANEL_RADIUS
        )
        head_cy = y + SITE_HEAD // 2 + 4
        x = MARGIN + SITE_PAD
        x += canvas.text(x, head_cy, title, face(HEADING, Weight.BOLD), INK, anchor="lm") + 16
        if pending:
            _pill(canvas, x, head_cy, ctx.t("board.cm.scoring"), IMPERIAL_RED, CREAM)
        _totals(canvas, WIDTH - MARGIN - SITE_PAD, head_cy, site.get("totals") or [])
        top = y + SITE_HEAD
        tile_x = MARGIN + SITE_PAD
        if not cards:
            for number, tile in enumerate(free_tiles):
                _tile(canvas, tile_x + number * (TILE + 12), top, TILE, int(tile["value"]))
            text_x = tile_x + len(free_tiles) * (TILE + 12) + SITE_PAD
            canvas.text(text_x, top + TILE // 2, ctx.t("board.cm.no_cards"), face(BODY), MUTED, anchor="lm")
            return
        for number, tile in enumerate(free_tiles):
            _tile(canvas, tile_x, top + number * (TILE + 10), TILE, int(tile["value"]))
        line_y = top
        for line in lines:
            depth = max(len(cards[i]["stack"]) for i in line)
            card_y = line_y + (depth - 1) * PEEK
            for slot, position in enumerate(line):
                card_x = tile_x + TILE_COLUMN + SITE_PAD + slot * (ctx.card_w + CARD_GAP)
                _placed_card(canvas, ctx, card_x, card_y, ctx.card_w, cards[position])
                canvas.text(
                    card_x + ctx.card_w // 2,
                    card_y + CARD_H + 4,
                    str(position + 1),
                    face(BODY),
                    MUTED,
                    anchor="mt",
                )
            line_y += _line_height(cards, line) + LINE_GAP

    return _Section(height, draw)


def _closed_site(ctx: _Context, title: str) -> _Section:
    height = 64

    def draw(canvas: Canvas, y: int) -> None:
        canvas.box(
            MARGIN,
            y,
            WIDTH - MARGIN,
            y + height,
            blend(STONE, PARCHMENT, 0.5),
            STONE_DARK,
            2,
            radius=PANEL_RADIUS,
        )
        x = MARGIN + SITE_PAD
        x += canvas.text(x, y + height // 2, title, face(HEADING, Weight.BOLD), MUTED, anchor="lm") + 16
        canvas.text(x, y + height // 2, ctx.t("board.cm.closed"), face(BODY), MUTED, anchor="lm")

    return _Section(height, draw)


def _totals(canvas: Canvas, right: int, cy: int, totals: Sequence[int | None]) -> None:
    """Each present player's points at the site, right-aligned; the leader on gold with a crown."""
    leaders = _leaders(totals)
    chip_face = face(BODY, Weight.BOLD)
    chips = []
    for seat, total in enumerate(totals):
        if total is None:
            continue
        runs: list[_Run] = [seat_symbol(seat, 28), str(total)]
        if seat in leaders:
            runs.append(crown(30))
        chips.append((seat, runs, _runs_width(runs, chip_face) + 28))
    x = right - sum(w for _, _, w in chips) - 10 * max(0, len(chips) - 1)
    for seat, runs, width in chips:
        lead = seat in leaders
        canvas.box(
            x,
            cy - 22,
            x + width,
            cy + 22,
            GOLD_LIGHT if lead else CREAM,
            GOLD_DARK if lead else STONE_DARK,
            3 if lead else 2,
            radius=12,
        )
        _runs(canvas, x + 14, cy, runs, chip_face, INK)
        x += width + 10


# ---------------------------------------------------------------- cards


def _kind_name(kind: str, locale: str | None, max_width: int) -> tuple[str, Face]:
    """The card's name in the largest face that fits; the short name when the full one cannot."""
    text = ""
    for key in (f"cm.card.{kind}", f"board.cm.short.{kind}"):
        text = label(key, locale)
        chosen = fit(text, 26, 19, Weight.CONDENSED, max_width)
        if chosen is not None:
            return text, chosen
    font_face = face(19, Weight.CONDENSED)
    return ellipsize(text, font_face, max_width), font_face


@lru_cache(maxsize=1024)
def _card_face(owner: int, kind: str, locale: str | None, width: int, covered: bool) -> Image.Image:
    """A card without its value, shadow included: a band in the owner's colour
    (symbol, silhouette) and the kind's name. Cached: a board repeats few faces."""
    colour = seat_colour(owner)
    band = blend(colour, STONE, 0.55) if covered else colour
    paper = blend(CREAM, STONE, 0.6) if covered else CREAM
    sprite = Canvas(width + 3, CARD_H + 4, None)
    sprite.box(2, 3, width + 2, CARD_H + 3, blend(STONE_DARK, STONE, 0.3), radius=CARD_RADIUS)
    sprite.box(0, 0, width, CARD_H, band, radius=CARD_RADIUS)
    sprite.rect(4, BAND_H, width - 4, CARD_H - 4 - CARD_RADIUS, paper)
    sprite.box(4, CARD_H - 4 - CARD_RADIUS * 2, width - 4, CARD_H - 4, paper, radius=CARD_RADIUS - 4)
    sprite.paste(seat_symbol(owner, 28, fill=paper), 6, (BAND_H - 28) // 2)
    icon = kind_icon(kind, 28, on_colour(band))
    if icon is not None:
        sprite.paste(icon, width - 7 - 28, (BAND_H - 28) // 2)
    name, name_face = _kind_name(kind, locale, width - 8)
    sprite.text(width // 2, BAND_H + NAME_H // 2 + 1, name, name_face, MUTED if covered else INK, anchor="mm")
    return sprite.image


def _card(
    canvas: Canvas,
    ctx: _Context,
    x: int,
    y: int,
    owner: int,
    kind: str,
    value: str | None,
    width: int = CARD_W,
    covered: bool = False,
    value_x: int | None = None,
) -> None:
    """One card with its value (covered cards show none: they count nothing)."""
    canvas.paste(_card_face(owner, kind, ctx.locale, width, covered), x, y)
    if value is not None:
        centre = x + width // 2 if value_x is None else value_x
        value_y = y + BAND_H + NAME_H + (CARD_H - BAND_H - NAME_H) // 2 - 2
        canvas.text(centre, value_y, value, face(VALUE, Weight.BOLD), INK, anchor="mm")


def _placed_card(canvas: Canvas, ctx: _Context, x: int, y: int, width: int, card: Mapping[str, Any]) -> None:
    """A card at a site: the cards it covers peek out above it; a fame tile may lie on it."""
    stack = card["stack"]
    for depth, covered in enumerate(stack[:-1]):
        cover_y = y - (len(stack) - 1 - depth) * PEEK
        _card(canvas, ctx, x, cover_y, int(covered["owner"]), str(covered["kind"]), None, width, covered=True)
    top = stack[-1]
    tile = card.get("tile")
    tile_x = x + width - CARD_TILE + 8
    # With a tile in the corner, the value moves left so that both stay readable.
    value_x = None if tile is None else x + (tile_x - x) // 2 + 2
    _card(
        canvas,
        ctx,
        x,
        y,
        int(top["owner"]),
        str(top["kind"]),
        str(card.get("value", "")),
        width,
        value_x=value_x,
    )
    if tile is not None:
        _tile(canvas, tile_x, y + CARD_H - CARD_TILE + 6, CARD_TILE, int(tile))


# ---------------------------------------------------------------- players


_COLUMNS = (
    ("board.col.hand", 690),
    ("board.col.deck", 820),
    ("board.col.tiles", 950),
    ("board.col.points", 1090),
)


def _players(ctx: _Context) -> _Section:
    view = ctx.view
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    row_h = 54
    head_h = 46
    height = head_h + row_h * len(seats) + 14
    acting = set(view.get("to_act") or [])
    over = view.get("phase") == "over"
    outcome = view.get("outcome") or {}
    winners = set(outcome.get("winners") or [])
    ranks = list(outcome.get("ranks") or [])
    viewer = view.get("viewer")

    def draw(canvas: Canvas, y: int) -> None:
        canvas.box(MARGIN, y, WIDTH - MARGIN, y + height, CREAM, STONE_DARK, 3, radius=PANEL_RADIUS)
        head_face = face(BODY, Weight.BOLD)
        canvas.text(
            MARGIN + 64, y + head_h // 2 + 6, ctx.t("board.col.player"), head_face, MUTED, anchor="lm"
        )
        for key, cx in _COLUMNS:
            canvas.text(cx, y + head_h // 2 + 6, ctx.t(key), head_face, MUTED, anchor="mm")
        for seat, info in enumerate(seats):
            top = y + head_h + seat * row_h
            cy = top + row_h // 2
            highlight = (seat in winners) if over else (seat in acting)
            if highlight:
                canvas.box(
                    MARGIN + 8,
                    top + 3,
                    WIDTH - MARGIN - 8,
                    top + row_h - 3,
                    GOLD_LIGHT,
                    GOLD_DARK,
                    2,
                    radius=12,
                )
            elif seat % 2 == 1:
                canvas.box(
                    MARGIN + 8,
                    top + 3,
                    WIDTH - MARGIN - 8,
                    top + row_h - 3,
                    blend(CREAM, STONE, 0.45),
                    radius=12,
                )
            if over and seat in winners:
                canvas.paste_centred(crown(34), MARGIN + 36, cy)
            elif over and seat < len(ranks):
                canvas.text(MARGIN + 36, cy, f"{ranks[seat]}.", face(BODY, Weight.BOLD), MUTED, anchor="mm")
            elif seat in acting:
                canvas.paste_centred(turn_arrow(30), MARGIN + 36, cy)
            name_face = face(BODY, Weight.BOLD)
            you = ctx.t("board.you") if seat == viewer else ""
            you_w = text_width(you, face(BODY)) + 10 if you else 0
            runs = _player_runs(ctx, seat, 30, name_face, 560 - (MARGIN + 64) - you_w)
            end = _runs(canvas, MARGIN + 64, cy, runs, name_face, INK, gap=12)
            if you:
                canvas.text(end + 10, cy, you, face(BODY), MUTED, anchor="lm")
            points = info.get("points")
            values = [info.get("hand"), info.get("deck"), info.get("tiles"), points]
            for (_, cx), value in zip(_COLUMNS, values, strict=True):
                text = ctx.t("board.unknown") if value is None else str(value)
                canvas.text(
                    cx, cy, text, face(BODY, Weight.BOLD), INK if value is not None else MUTED, anchor="mm"
                )

    return _Section(height, draw)


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


def _group_width(count: int, stacked: bool) -> int:
    if stacked:
        return CARD_W + _STACK_STEP * (min(count, _STACK_EDGES + 1) - 1)
    return count * CARD_W + (count - 1) * CARD_GAP


def _hand_lines(
    groups: Sequence[tuple[str, int]], stacked: bool, area: int, gap: int
) -> list[list[tuple[str, int]]]:
    lines: list[list[tuple[str, int]]] = []
    used = 0
    for group in groups:
        width = _group_width(group[1], stacked)
        if lines and used + gap + width <= area:
            lines[-1].append(group)
            used += gap + width
        else:
            lines.append([group])
            used = width
    return lines


def _hand(ctx: _Context) -> _Section:
    """The viewer's own cards: side by side when they fit, else one stack per kind with its count."""
    view = ctx.view
    viewer = int(view["viewer"])
    groups = _hand_groups(view.get("hand") or [])
    area = WIDTH - 2 * MARGIN - 2 * SITE_PAD
    gap = 24
    stacked = len(_hand_lines(groups, False, area, gap)) > 1
    lines = _hand_lines(groups, stacked, area, gap)
    head_h = 64
    line_h = CARD_H + 18
    height = head_h + (line_h * len(lines) if lines else 48) + SITE_PAD - 8

    def draw(canvas: Canvas, y: int) -> None:
        canvas.box(
            MARGIN,
            y,
            WIDTH - MARGIN,
            y + height,
            blend(GOLD_LIGHT, CREAM, 0.4),
            GOLD_DARK,
            4,
            radius=PANEL_RADIUS,
        )
        head_cy = y + head_h // 2 + 4
        runs: list[_Run] = [seat_symbol(viewer, 32), ctx.t("board.cm.your_hand")]
        _runs(canvas, MARGIN + SITE_PAD, head_cy, runs, face(HEADING, Weight.BOLD), INK, gap=12)
        seat = view["seats"][viewer]
        points = seat.get("points")
        summary = ctx.t(
            "board.cm.your_tiles",
            count=int(seat.get("tiles", 0)),
            points=ctx.t("board.unknown") if points is None else int(points),
        )
        canvas.text(WIDTH - MARGIN - SITE_PAD, head_cy, summary, face(BODY, Weight.BOLD), INK, anchor="rm")
        if not groups:
            canvas.text(
                MARGIN + SITE_PAD,
                y + head_h + 16,
                ctx.t("board.cm.empty_hand"),
                face(BODY),
                MUTED,
                anchor="lm",
            )
            return
        for number, line in enumerate(lines):
            x = MARGIN + SITE_PAD
            top = y + head_h + number * line_h
            for kind, count in line:
                value = _hand_value(kind, ctx.locale)
                if stacked:
                    _card_stack(canvas, ctx, x, top, viewer, kind, value, count)
                else:
                    for k in range(count):
                        _card(canvas, ctx, x + k * (CARD_W + CARD_GAP), top, viewer, kind, value)
                x += _group_width(count, stacked) + gap

    return _Section(height, draw)


def _card_stack(
    canvas: Canvas, ctx: _Context, x: int, y: int, owner: int, kind: str, value: str, count: int
) -> None:
    """Identical cards as a small pile (a few edges show) with a badge that says how many."""
    edges = min(count, _STACK_EDGES + 1) - 1
    for k in range(edges, 0, -1):
        canvas.paste(_card_face(owner, kind, ctx.locale, CARD_W, False), x + k * _STACK_STEP, y)
    _card(canvas, ctx, x, y, owner, kind, value)
    if count > 1:
        badge = ctx.t("board.count", count=count)
        badge_face = face(BODY - 4, Weight.BOLD)
        width = max(44, text_width(badge, badge_face) + 18)
        bx = x + CARD_W + _STACK_STEP * edges - width + 10
        by = y + CARD_H - 22
        canvas.box(bx, by, bx + width, by + 36, INK, CREAM, 2, radius=18)
        canvas.text(bx + width // 2, by + 18, badge, badge_face, CREAM, anchor="mm")


renderers.register(GAME_ID, render)
