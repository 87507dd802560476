"""Chinesische Mauer: the construction sites, as the board and the close-up draw them.

A site is a stone panel: its number, which a move names (`play 2 wall 3`, `take 3`), its
free fame tiles, each present player's total, a strip when a Noble levels it; then its
cards in rows, each labelled with its position, which a move names too (`dragon on 3.2`,
`tile 5 on 3.2`). Every card at a site is as wide as the next — a band in its owner's
colour with the owner's symbol and the kind's silhouette, and its value below — so that
eleven fit a row and a 5-player board stays within 2.2 times its width through a whole
game (the hand panel prints the kinds' names beside the same silhouettes). Cards covered
by a dragon peek out above it with their band. What changed since the previous post is
ringed in red, and its position is printed white on red.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from renderers import common
from renderers import kit
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.chinesische_mauer.icons import kind_icon
from renderers.chinesische_mauer.parts import HEADING
from renderers.chinesische_mauer.parts import MARGIN
from renderers.chinesische_mauer.parts import PAD
from renderers.chinesische_mauer.parts import TILE
from renderers.chinesische_mauer.parts import WIDTH
from renderers.chinesische_mauer.parts import bold
from renderers.chinesische_mauer.parts import panel
from renderers.chinesische_mauer.parts import tile
from renderers.legibility import FIGURE
from renderers.legibility import PLACE

__all__ = ["CARD_GAP", "CARD_W", "PEEK", "Look", "Marks", "changes", "site", "site_title"]

CARD_W = 60
CARD_GAP = 8
BAND_H = 30
CARD_H = BAND_H + 42
#: How much of a covered card shows above the card lying on it: its band.
PEEK = BAND_H
BAND_SYMBOL = 20
ICON = 28
VALUE = 40
ON_CARD_TILE = 34
POSITION = 26
ROW_GAP = 2
RADIUS = 7

SITE_HEAD = 52
CHIP_H = 40
CHIP_SYMBOL = 22
LEVELLED = 24
LEVELLED_H = 34
#: How far the ring around a changed card stands out from it, and how thick it is.
RING_OUT = 1
RING = 4


@dataclass(frozen=True)
class Look:
    """How large a site is drawn: the board's (the default) or the close-up's, whose labels are larger."""

    width: int = WIDTH
    title: int = HEADING
    position: int = POSITION
    card_w: int = CARD_W
    #: The ring around the cards of `Marks.ringed`.
    ring: RGB = common.IMPERIAL_RED

    @property
    def area(self) -> int:
        return self.width - 2 * MARGIN - 2 * PAD

    @property
    def position_h(self) -> int:
        return self.position + self.position // 8

    def per_row(self) -> int:
        return max(1, (self.area + CARD_GAP) // (self.card_w + CARD_GAP))


@dataclass(frozen=True)
class Marks:
    """What stands out at one site: the positions ringed (changed since the previous post, or
    legal in a close-up), its free tiles turned up since the previous post (by index in the
    site's tiles), and the positions labelled (None: all)."""

    ringed: frozenset[int] = frozenset()
    new_tiles: frozenset[int] = frozenset()
    labelled: frozenset[int] | None = None
    #: Whether a legal move names the site itself (a close-up prints its number white on red).
    named: bool = False


def changes(view: Mapping[str, Any], since: Mapping[str, Any] | None) -> list[Marks]:
    """Each site's marks for what changed between `since` (the previous post's view) and `view`:
    the cards played, covered by a dragon or given a tile, and the tiles turned up."""
    sites: Sequence[Mapping[str, Any]] = view["sites"]
    if since is None:
        return [Marks() for _ in sites]
    before: Sequence[Mapping[str, Any]] = since.get("sites") or []
    return [
        _site_changes(now, before[index] if index < len(before) else None) for index, now in enumerate(sites)
    ]


def _site_changes(now: Mapping[str, Any], before: Mapping[str, Any] | None) -> Marks:
    cards: Sequence[Mapping[str, Any]] = now.get("cards") or []
    old_cards: Sequence[Mapping[str, Any]] = [] if before is None else before.get("cards") or []
    tile_values = sorted(int(t["value"]) for t in now.get("tiles") or [])
    old_values = sorted(int(t["value"]) for t in (before or {}).get("tiles") or [])
    # A take clears the site and turns up a new pair: everything there is new.
    cleared = before is None or len(cards) < len(old_cards) or tile_values != old_values
    if cleared:
        old_cards = []
    ringed = frozenset(
        position
        for position, card in enumerate(cards)
        if position >= len(old_cards) or _shown(card) != _shown(old_cards[position])
    )
    new_tiles = frozenset(
        number for number, shown in enumerate(now.get("tiles") or []) if cleared and shown.get("on") is None
    )
    return Marks(ringed, new_tiles)


def _shown(card: Mapping[str, Any]) -> tuple[Any, ...]:
    """What a position shows but its value (which a Noble played elsewhere at the site changes)."""
    return tuple((c["owner"], c["kind"]) for c in card["stack"]), card.get("tile")


def site_title(ctx: kit.Context, index: int) -> str:
    return ctx.t("board.cm.site", number=index + 1)


# ---------------------------------------------------------------- the site's panel


def _rows(count: int, per_row: int) -> list[range]:
    return [range(start, min(count, start + per_row)) for start in range(0, count, per_row)]


def _row_height(cards: Sequence[Mapping[str, Any]], row: range, look: Look, marks: Marks) -> int:
    depth = max((len(cards[i]["stack"]) for i in row), default=1)
    # A close-up that labels no position here keeps no room for labels.
    labels = look.position_h if marks.labelled is None or marks.labelled else 6
    return (depth - 1) * PEEK + CARD_H + labels


def _leaders(totals: Sequence[int | None]) -> set[int]:
    present = [(t, seat) for seat, t in enumerate(totals) if t is not None]
    if not present:
        return set()
    best = max(t for t, _ in present)
    leaders = {seat for t, seat in present if t == best}
    # Only a strict majority scores: a tie at the top means nobody leads.
    return leaders if len(leaders) == 1 else set()


@dataclass(frozen=True)
class _Chip:
    """A present player's total at a site; the leader's with a crown."""

    seat: int
    total: str
    leads: bool

    @property
    def width(self) -> int:
        return 20 + CHIP_SYMBOL + 6 + text_width(self.total, bold()) + (30 if self.leads else 0)


def _chips(totals: Sequence[int | None]) -> list[_Chip]:
    leaders = _leaders(totals)
    return [
        _Chip(seat, str(total), seat in leaders) for seat, total in enumerate(totals) if total is not None
    ]


def _chips_width(chips: Sequence[_Chip]) -> int:
    return sum(chip.width for chip in chips) + 6 * max(0, len(chips) - 1)


def _totals(canvas: Canvas, right: int, cy: int, chips: Sequence[_Chip]) -> None:
    """Each present player's points at the site, right-aligned; the leader on gold with a crown."""
    x = right - _chips_width(chips)
    for chip in chips:
        canvas.box(
            x,
            cy - CHIP_H // 2,
            x + chip.width,
            cy + CHIP_H // 2,
            common.GOLD_LIGHT if chip.leads else common.CREAM,
            common.GOLD_DARK if chip.leads else common.STONE_DARK,
            3 if chip.leads else 2,
            radius=10,
        )
        symbol = common.seat_symbol(chip.seat, CHIP_SYMBOL)
        canvas.paste(symbol, x + 10, cy - symbol.height // 2)
        end = x + 10 + CHIP_SYMBOL + 6
        end += canvas.text(end, cy, chip.total, bold(), common.INK, anchor="lm", role=FIGURE)
        if chip.leads:
            canvas.paste_centred(common.crown(24), end + 16, cy)
        x += chip.width + 6


def site(
    ctx: kit.Context, index: int, shown: Mapping[str, Any], look: Look = Look(), marks: Marks = Marks()
) -> kit.Section:
    """One site's panel."""
    title = site_title(ctx, index)
    if not shown.get("open", True):
        return _closed_site(ctx, title, look)
    cards: Sequence[Mapping[str, Any]] = shown.get("cards") or []
    rows = _rows(len(cards), look.per_row())
    free_tiles = [
        (number, int(t["value"])) for number, t in enumerate(shown.get("tiles") or []) if t.get("on") is None
    ]
    pending = index in (ctx.view.get("pending_scoring") or []) and ctx.view.get("phase") == "scoring"
    scoring = ctx.t("board.cm.scoring") if pending else ""
    empty = "" if cards else ctx.t("board.cm.no_cards")
    chips = _chips(shown.get("totals") or [])
    head_used = (
        text_width(title, bold(look.title))
        + len(free_tiles) * (TILE + 8)
        + (text_width(scoring, bold()) + 40 if scoring else 0)
        + (text_width(empty, bold()) + 16 if empty else 0)
        + 16
    )
    # The totals share the heading's line when they fit beside it, else they get their own.
    chips_row = bool(chips) and head_used + _chips_width(chips) > look.area
    levelled = bool(shown.get("levelled"))
    body = sum(_row_height(cards, row, look, marks) for row in rows) + ROW_GAP * max(0, len(rows) - 1)
    head = max(SITE_HEAD, look.title * 6 // 5 + 8)
    height = head + (CHIP_H + 6 if chips_row else 0) + (LEVELLED_H + 4 if levelled else 0) + body + PAD

    def draw(canvas: Canvas, y: int) -> None:
        border = common.IMPERIAL_RED if pending else common.STONE_DARK
        panel(canvas, y, height, common.STONE, border, width=5 if pending else 3, shadow=True)
        left = MARGIN + PAD
        right = look.width - MARGIN - PAD
        head_cy = y + head // 2 + 2
        x = left + _title(canvas, left, head_cy, title, look, marks.named) + 14
        for number, value in free_tiles:
            if number in marks.new_tiles:
                _ring(canvas, (x, head_cy - TILE // 2, x + TILE, head_cy + TILE // 2), look.ring)
            tile(canvas, x, head_cy - TILE // 2, TILE, value)
            x += TILE + 8
        if scoring:
            x += 6 + kit.pill(
                canvas, x + 6, head_cy, scoring, bold(), common.IMPERIAL_RED, common.CREAM, pad=12, half=20
            )
        if empty:
            canvas.text(x + 8, head_cy, empty, bold(), common.MUTED, anchor="lm")
        top = y + head
        if chips_row:
            _totals(canvas, right, top + CHIP_H // 2, chips)
            top += CHIP_H + 6
        elif chips:
            _totals(canvas, right, head_cy, chips)
        if levelled:
            _levelled(canvas, ctx, left, top, right)
            top += LEVELLED_H + 4
        for row in rows:
            depth = max(len(cards[i]["stack"]) for i in row)
            card_y = top + (depth - 1) * PEEK
            for column, position in enumerate(row):
                x = left + column * (look.card_w + CARD_GAP)
                _position(canvas, x, card_y, index, position, cards[position], look, marks)
            top += _row_height(cards, row, look, marks) + ROW_GAP

    return kit.Section(height, draw)


def _title(canvas: Canvas, x: int, cy: int, title: str, look: Look, named: bool) -> int:
    """The site's number (what a move names); white on red when a legal move names it."""
    font_face = bold(look.title)
    if not named:
        return canvas.text(x, cy, title, font_face, common.INK, anchor="lm", role=PLACE)
    half = look.title * 3 // 5
    width = text_width(title, font_face) + half
    canvas.box(x, cy - half, x + width, cy + half, look.ring, radius=half)
    canvas.text(x + width // 2, cy, title, font_face, common.WHITE, anchor="mm", role=PLACE)
    return width


def _position(
    canvas: Canvas,
    x: int,
    y: int,
    index: int,
    position: int,
    card: Mapping[str, Any],
    look: Look,
    marks: Marks,
) -> None:
    """A position: its stack, ringed when it stands out, and its label below (what a move types)."""
    ringed = position in marks.ringed
    if ringed:
        top = y - (len(card["stack"]) - 1) * PEEK
        _ring(canvas, (x, top, x + look.card_w, y + CARD_H), look.ring)
    _placed_card(canvas, x, y, look.card_w, card)
    if marks.labelled is not None and position not in marks.labelled:
        return
    label = f"{index + 1}.{position + 1}"
    font_face = bold(look.position)
    cx, cy = x + look.card_w // 2, y + CARD_H + look.position_h // 2 + 1
    if ringed:
        half = look.position_h // 2 - 1
        width = max(look.card_w, text_width(label, font_face) + 8)
        canvas.box(cx - width // 2, cy - half, cx + width - width // 2, cy + half, look.ring, radius=half)
        canvas.text(cx, cy, label, font_face, common.WHITE, anchor="mm", role=PLACE)
    else:
        canvas.text(cx, cy, label, font_face, common.INK, anchor="mm", role=PLACE)


def _ring(canvas: Canvas, box: tuple[int, int, int, int], colour: RGB) -> None:
    x0, y0, x1, y1 = box
    out = RING_OUT + RING
    canvas.box(x0 - out, y0 - out, x1 + out, y1 + out, None, colour, RING, radius=RADIUS + out)


def _levelled(canvas: Canvas, ctx: kit.Context, left: int, top: int, right: int) -> None:
    """The strip of a site where a visible Noble makes every card count 1."""
    canvas.box(left, top, right, top + LEVELLED_H, common.GOLD_LIGHT, common.GOLD_DARK, 2, radius=10)
    icon = kind_icon("noble", 28, common.INK)
    x = left + 10
    if icon is not None:
        canvas.paste(icon, x, top + (LEVELLED_H - icon.height) // 2)
        x += icon.width + 10
    text = ellipsize(ctx.t("board.cm.levelled"), bold(LEVELLED), right - x - 10)
    canvas.text(x, top + LEVELLED_H // 2, text, bold(LEVELLED), common.INK, anchor="lm")


def _closed_site(ctx: kit.Context, title: str, look: Look) -> kit.Section:
    """A site closed for good: its number (muted) and why, on one line when they fit."""
    closed = ctx.t("board.cm.closed")
    font_face = bold()
    title_w = text_width(title, bold(look.title))
    below = title_w + 16 + text_width(closed, font_face) > look.area
    head = max(SITE_HEAD, look.title * 6 // 5 + 8)
    height = head + (38 if below else 0)

    def draw(canvas: Canvas, y: int) -> None:
        fill = common.blend(common.STONE, common.PARCHMENT, 0.5)
        panel(canvas, y, height, fill, width=2)
        x = MARGIN + PAD
        cy = y + head // 2 + 2
        x += canvas.text(x, cy, title, bold(look.title), common.MUTED, anchor="lm") + 16
        if below:
            x, cy = MARGIN + PAD, cy + 38
        canvas.text(x, cy, ellipsize(closed, font_face, look.area), font_face, common.MUTED, anchor="lm")

    return kit.Section(height, draw)


# ---------------------------------------------------------------- cards


@lru_cache(maxsize=256)
def _card_face(owner: int, kind: str, width: int, covered: bool) -> Image.Image:
    """A card at a site without its value, shadow included: a band in the owner's colour with
    the owner's symbol and the kind's silhouette over cream. Cached: a board repeats few faces."""
    colour = common.seat_colour(owner)
    band = common.blend(colour, common.STONE, 0.55) if covered else colour
    paper = common.blend(common.CREAM, common.STONE, 0.6) if covered else common.CREAM
    sprite = Canvas(width + 3, CARD_H + 4, None)
    shadow = common.blend(common.STONE_DARK, common.STONE, 0.3)
    sprite.box(2, 3, width + 2, CARD_H + 3, shadow, radius=RADIUS)
    sprite.box(0, 0, width, CARD_H, band, radius=RADIUS)
    sprite.box(3, BAND_H, width - 3, CARD_H - 3, paper, radius=RADIUS - 3)
    sprite.paste(common.seat_symbol(owner, BAND_SYMBOL, fill=paper), 5, (BAND_H - BAND_SYMBOL) // 2)
    icon = kind_icon(kind, ICON, common.on_colour(band))
    if icon is not None:
        sprite.paste(icon, width - 4 - icon.width, (BAND_H - icon.height) // 2)
    return sprite.image


def _placed_card(canvas: Canvas, x: int, y: int, width: int, card: Mapping[str, Any]) -> None:
    """A position's stack: the cards a dragon covers peek out above it; a fame tile may lie on it."""
    stack = card["stack"]
    for depth, covered in enumerate(stack[:-1]):
        cover_y = y - (len(stack) - 1 - depth) * PEEK
        canvas.paste(_card_face(int(covered["owner"]), str(covered["kind"]), width, True), x, cover_y)
    top = stack[-1]
    canvas.paste(_card_face(int(top["owner"]), str(top["kind"]), width, False), x, y)
    on_card = card.get("tile")
    tile_x = x + width - ON_CARD_TILE + 5
    # With a tile in the corner, the value moves left so that both stay readable.
    value_x = x + width // 2 if on_card is None else x + (tile_x - x) // 2 + 1
    value_y = y + BAND_H + (CARD_H - BAND_H) // 2 - 1
    canvas.text(
        value_x, value_y, str(card.get("value", "")), bold(VALUE), common.INK, anchor="mm", role=FIGURE
    )
    if on_card is not None:
        tile(canvas, tile_x, y + CARD_H - ON_CARD_TILE + 5, ON_CARD_TILE, int(on_card))
