"""Chinesische Mauer: the board image of one view.

Drawn for a phone first: the image is 780 px wide, twice a phone screen's
390, and every label a move names (a site's number, a card's position such
as 3.2) and every figure a player compares (totals, card values, tile values,
hand and deck sizes) is at least 8 px tall on that screen: each is drawn with
its role (`renderers.legibility`), and the tests measure them.

Top to bottom: a red banner with whose turn it is and what they must do;
notices for the last round and removed tiles; one stone panel per
construction site (`sites`: its number, free fame tiles and each player's
total, a strip when a Noble levels it, then its cards in rows, each labelled
with the position to type); the players with hand, deck and tiles; and in a
seat's own view, that seat's hand, whose cards print the rulebook's names
whole beside the silhouettes the sites show. What changed since the previous
post (`since`) is ringed. Every word comes from the catalogue.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from renderers import common
from renderers import kit
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.chinesische_mauer import sites
from renderers.chinesische_mauer.icons import kind_icon
from renderers.chinesische_mauer.parts import GAP
from renderers.chinesische_mauer.parts import HEADING
from renderers.chinesische_mauer.parts import LABEL
from renderers.chinesische_mauer.parts import MARGIN
from renderers.chinesische_mauer.parts import PAD
from renderers.chinesische_mauer.parts import PHONE_WIDTH
from renderers.chinesische_mauer.parts import SYMBOL
from renderers.chinesische_mauer.parts import TILE
from renderers.chinesische_mauer.parts import WIDTH
from renderers.chinesische_mauer.parts import bold as _bold
from renderers.chinesische_mauer.parts import panel as _panel
from renderers.chinesische_mauer.parts import tile as _tile
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import run_width
from renderers.layout import runs
from renderers.layout import runs_width
from renderers.legibility import FIGURE

__all__ = ["GAME_ID", "PHONE_WIDTH", "WIDTH", "render"]

GAME_ID = "chinesische-mauer"

NAME = 26  # condensed, ink 19: card names
TITLE = 40
VALUE = 46

# Cards in hand: a coloured band (owner symbol, kind silhouette), the kind's name, the value.
BAND_H = 36
NAME_H = 34
CARD_H = BAND_H + NAME_H + 54
CARD_GAP = 8
#: Narrowest card: the band's symbol and silhouette side by side.
CARD_MIN_W = 80
NAME_PAD = 8
CARD_RADIUS = 9

# Battlements along the banner's lower edge: the wall the players are building.
_BAND = kit.Band(edge_width=3, battlements=(26, 10))
BANNER = kit.Banner(title=TITLE, title_y=34, status=30, spacing=(84, 40, 34), band=_BAND, margin=MARGIN)
ROWS = kit.Rows(marker=24, crown=28, arrow=24, rank=LABEL, inset=6, radius=10)


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
    marks = sites.changes(view, view.get("since"))
    sections.extend(
        sites.site(ctx, index, site, marks=mark)
        for index, (site, mark) in enumerate(zip(view["sites"], marks, strict=True))
    )
    sections.append(_players(ctx))
    if "hand" in view:
        sections.append(_hand(ctx))
    return kit.page(WIDTH, sections, common.THEME_COLOURS, gap=GAP, bottom=MARGIN)


# ---------------------------------------------------------------- small pieces


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


# ---------------------------------------------------------------- cards in hand


_CARD_AREA = WIDTH - 2 * MARGIN - 2 * PAD


def _name_face() -> Face:
    return face(NAME, Weight.CONDENSED)


@lru_cache(maxsize=256)
def _kind_width(kind: str, locale: str | None) -> int:
    """The width of a card of that kind: its whole name fits (within the row)."""
    name = text_width(common.label(f"cm.card.{kind}", locale), _name_face())
    return min(_CARD_AREA, max(CARD_MIN_W, name + 2 * NAME_PAD))


@lru_cache(maxsize=1024)
def _card_face(owner: int, kind: str, locale: str | None, width: int) -> Image.Image:
    """A card in hand without its value, shadow included: a band in the owner's colour
    (symbol, silhouette) and the kind's name. Cached: a hand repeats few faces."""
    band = common.seat_colour(owner)
    paper = common.CREAM
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
    sprite.text(width // 2, BAND_H + NAME_H // 2 + 1, name, _name_face(), common.INK, anchor="mm")
    return sprite.image


def _card(
    canvas: Canvas, ctx: kit.Context, x: int, y: int, owner: int, kind: str, value: str, width: int
) -> None:
    """One card in hand with its value."""
    canvas.paste(_card_face(owner, kind, ctx.locale, width), x, y)
    value_y = y + BAND_H + NAME_H + (CARD_H - BAND_H - NAME_H) // 2 - 2
    canvas.text(x + width // 2, value_y, value, _bold(VALUE), common.INK, anchor="mm", role=FIGURE)


# ---------------------------------------------------------------- players


_COLUMN_KEYS = ("board.col.hand", "board.col.deck", "board.col.tiles", "board.col.points")


def _players(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    row_h = 40
    head_h = 38
    height = head_h + row_h * len(seats) + 10
    standing = kit.Standing.of(view, view.get("phase") == "over")
    viewer = view.get("viewer")
    font_face = _bold()
    # Won tiles stay secret until the end: a column of "–" for everyone tells nothing, so
    # points are shown once someone's are known (the end, or the viewer's own).
    shown = len(_COLUMN_KEYS) if any(info.get("points") is not None for info in seats) else 3
    headers = [ctx.t(key) for key in _COLUMN_KEYS[:shown]]
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
            values = [info.get("hand"), info.get("deck"), info.get("tiles"), info.get("points")][:shown]
            for cx, value in zip(centres, values, strict=True):
                text = ctx.t("board.unknown") if value is None else str(value)
                ink = common.INK if value is not None else common.MUTED
                canvas.text(cx, cy, text, font_face, ink, anchor="mm", role=FIGURE)

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
            canvas.text(left, head_cy + 42, text, _bold(), common.INK, anchor="lm", role=FIGURE)
        else:
            canvas.text(WIDTH - MARGIN - PAD, head_cy, summary, _bold(), common.INK, anchor="rm", role=FIGURE)
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
        canvas.paste(_card_face(owner, kind, ctx.locale, width), x + k * _STACK_STEP, y)
    _card(canvas, ctx, x, y, owner, kind, value, width)
    if count > 1:
        badge = ctx.t("board.count", count=count)
        badge_w = max(48, text_width(badge, _bold()) + 16)
        bx = x + width + _STACK_STEP * edges - badge_w + 8
        by = y + CARD_H - 26
        canvas.box(bx, by, bx + badge_w, by + 38, common.INK, common.CREAM, 2, radius=19)
        canvas.text(bx + badge_w // 2, by + 19, badge, _bold(), common.CREAM, anchor="mm", role=FIGURE)
