"""Catan: Cheops: the players' parts of the board image.

The pyramid (its layers of 16, 8, 4 and 1 places, each block in its
builder's colour with the seat's number, the pharaoh's blocks in black),
laid into the map's empty south-east corner; every player's public numbers
(points; resource cards, development cards, gold, knights and blocks; the
pieces left; largest army, blessing, curse, harbours, discards owed), two
lines a player; and a seat's own hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image

from renderers import common
from renderers import kit
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.catan_cheops.changes import Changes
from renderers.catan_cheops.geometry import BOARD
from renderers.catan_cheops.icons import block
from renderers.catan_cheops.icons import boat
from renderers.catan_cheops.icons import card
from renderers.catan_cheops.icons import city
from renderers.catan_cheops.icons import curse
from renderers.catan_cheops.icons import house
from renderers.catan_cheops.icons import knight
from renderers.catan_cheops.icons import resource
from renderers.catan_cheops.icons import road
from renderers.catan_cheops.icons import sun
from renderers.catan_cheops.panels import MARGIN
from renderers.catan_cheops.panels import PAD
from renderers.catan_cheops.panels import counts
from renderers.catan_cheops.panels import figure
from renderers.catan_cheops.panels import fit_runs
from renderers.catan_cheops.panels import who
from renderers.catan_cheops.theme import BLACK_BLOCK
from renderers.catan_cheops.theme import BODY
from renderers.catan_cheops.theme import FIGURE_SIZE
from renderers.catan_cheops.theme import HEADING
from renderers.catan_cheops.theme import NEW
from renderers.catan_cheops.theme import RESOURCES
from renderers.catan_cheops.theme import SMALL
from renderers.catan_cheops.theme import WIDTH
from renderers.catan_cheops.theme import seat_ink
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.legibility import FIGURE
from renderers.legibility import MARK

__all__ = ["hand", "players", "pyramid"]


# ---------------------------------------------------------------- the pyramid, in the map's corner

_CELL_W = 15
_CELL_H = 22


@lru_cache(maxsize=16)
def _cell(owner: str, new: bool) -> Image.Image:
    """A place of the pyramid: empty, a black block of the pharaoh, or a seat's block with its
    number; ringed when it was built since the previous post."""
    w, h = _CELL_W - 1, _CELL_H - 1
    cell = Canvas(w, h, None)
    if owner == "":
        cell.box(0, 0, w, h, common.blend(common.STONE, common.CREAM, 0.5), common.STONE_DARK, 1, radius=2)
    elif owner == "black":
        cell.box(0, 0, w, h, BLACK_BLOCK, common.INK, 1, radius=2)
    else:
        seat = int(owner)
        cell.box(0, 0, w, h, common.seat_colour(seat), common.INK, 1, radius=2)
        cell.text(
            w // 2, h // 2, str(seat + 1), face(18, Weight.BOLD), seat_ink(seat), anchor="mm", role=MARK
        )
    if new:
        cell.box(0, 0, w, h, None, NEW, 3, radius=2)
    return cell.image


def pyramid(canvas: Canvas, ctx: kit.Context, top: int, changed: Changes) -> None:
    """The pyramid by layers with who built each block, how many places are built and the
    pharaoh's black blocks, in the map's empty south-east corner."""
    view = ctx.view
    data = view.get("pyramid") or {}
    layers = [int(n) for n in data.get("layers") or [16, 8, 4, 1]]
    blocks = list(data.get("blocks") or [])
    total = int(data.get("places", sum(layers)))
    x0, y0 = BOARD.at(11.9, 23.4)
    left, y = round(x0), round(y0) + top
    width = layers[0] * _CELL_W
    height = 44 + len(layers) * _CELL_H + 34
    canvas.box(left - 6, y, left + width + 6, y + height, common.CREAM, common.STONE_DARK, 2, radius=10)
    body = face(FIGURE_SIZE, Weight.BOLD)
    built = sum(1 for b in blocks if b is not None)
    places = f"{built}/{total}"
    shown = canvas.text(left + width, y + 20, places, body, common.INK, anchor="rm", role=FIGURE)
    title: list[Run] = [block(22), ctx.t("catan-cheops.board.pyramid")]
    fit_runs(canvas, left, y + 20, title, body, common.INK, gap=6, room=width - shown - 8)
    bottom = y + 40 + len(layers) * _CELL_H
    place = 0
    for row, size in enumerate(layers):
        x = left + (layers[0] - size) * _CELL_W // 2
        cell_top = bottom - (row + 1) * _CELL_H
        for k in range(size):
            owner = blocks[place] if place < len(blocks) else None
            canvas.paste(
                _cell("" if owner is None else str(owner), place in changed.blocks), x + k * _CELL_W, cell_top
            )
            place += 1
    # The pharaoh's black blocks: how many stand, of how many he has.
    black = int(data.get("black", 0))
    canvas.paste(block(22, BLACK_BLOCK), left, bottom + 7)
    count = f"{black}/{black + int(data.get('black_left', 0))}"
    canvas.text(left + 28, bottom + 18, count, body, common.INK, anchor="lm", role=FIGURE)


# ---------------------------------------------------------------- the players

_ROW_H = 78
_ICON = 24
#: The distance between the pieces left: an icon and two digits.
_LEFT_STEP = 68
_ROWS = kit.Rows(marker=16, crown=24, arrow=20, inset=4, radius=8)
#: Where a row's lines stand, from its top, and where its text starts.
_LINE_1, _LINE_2, _TEXT_X = 22, 56, MARGIN + 30


@lru_cache(maxsize=16)
def _harbour_chip(kind: str) -> Image.Image:
    """A harbour a seat has, as the map's harbour sign in small: "3:1" or "2:1" and the resource."""
    small = face(SMALL, Weight.BOLD)
    rate = "3:1" if kind not in RESOURCES else "2:1"
    w = text_width(rate, small) + (24 if kind in RESOURCES else 0) + 10
    chip = Canvas(w, 24, None)
    chip.box(0, 0, w, 24, common.CREAM, common.INK, 2, radius=5)
    chip.text(5, 12, rate, small, common.INK, anchor="lm")
    if kind in RESOURCES:
        chip.paste_centred(resource(kind, 18), w - 13, 12)
    return chip.image


def _pieces_left(seat: int) -> list[Image.Image]:
    return [
        house(seat, _ICON, numbered=False),
        city(seat, _ICON + 4, numbered=False),
        road(seat, 60, _ICON + 2, 9, numbered=False),
        boat(seat, _ICON, numbered=False),
        block(_ICON, common.seat_colour(seat)),
    ]


def _badges(ctx: kit.Context, seat: int, info: Mapping[str, Any]) -> tuple[list[Run], bool]:
    """What marks a seat beside its name: largest army, blessing, curse, discards owed (and
    whether it owes any), its harbours."""
    view = ctx.view
    discards = list(view.get("discards") or [])
    badges: list[Run] = []
    if view.get("army") is not None and int(view["army"]) == seat:
        badges += [knight(20, common.GOLD_DARK), "+2"]
    if view.get("blessing") is not None and int(view["blessing"]) == seat:
        badges += [sun(20), "+3"]
    if seat in {int(s) for s in view.get("cursed") or []}:
        badges += [curse(20), "−2"]
    owed = int(discards[seat]) if seat < len(discards) else 0
    if owed:
        badges.append(ctx.t("catan-cheops.board.discards", count=owed))
    badges += [_harbour_chip(str(kind)) for kind in info.get("harbours") or []]
    return badges, bool(owed)


def players(ctx: kit.Context) -> kit.Section:
    """Every player: name, badges and points on one line, the numbers under it."""
    view = ctx.view
    seats = list(view.get("seats") or [])
    standing = kit.Standing.of(view, view.get("phase") == "over")
    viewer = view.get("viewer")
    head_h = 30
    height = head_h + len(seats) * _ROW_H + 6
    points_x = WIDTH - MARGIN - PAD - 6
    left_x = WIDTH - MARGIN - PAD - 4 * _LEFT_STEP - 62

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height, margin=MARGIN)
        head = face(SMALL, Weight.BOLD)
        cy = y + head_h // 2 + 3
        canvas.text(_TEXT_X, cy, ctx.t("catan-cheops.board.col.player"), head, common.MUTED, anchor="lm")
        canvas.text(points_x, cy, ctx.t("catan-cheops.board.col.points"), head, common.MUTED, anchor="rm")
        name_face = face(BODY, Weight.BOLD)
        for seat, info in enumerate(seats):
            top = y + head_h + seat * _ROW_H
            kit.seat_row(canvas, seat, top, _ROW_H, standing, _ROWS, left=MARGIN)
            points = canvas.text(
                points_x,
                top + _LINE_1 + 6,
                str(int(info.get("points", 0))),
                face(34, Weight.BOLD),
                common.INK,
                anchor="rm",
                role=FIGURE,
            )
            room = points_x - points - 12 - _TEXT_X
            you = ctx.t("catan-cheops.board.you") if viewer is not None and int(viewer) == seat else ""
            name: list[Run] = [*who(ctx, seat), *([you] if you else [])]
            badges, owes = _badges(ctx, seat, info)
            end = fit_runs(canvas, _TEXT_X, top + _LINE_1, name, name_face, common.INK, room=min(room, 300))
            if badges:
                colour = common.RED_DARK if owes else common.INK
                fit_runs(
                    canvas,
                    end + 12,
                    top + _LINE_1,
                    badges,
                    name_face,
                    colour,
                    gap=5,
                    room=_TEXT_X + room - end - 12,
                )
            numbers: list[tuple[Image.Image, int]] = [
                (card(_ICON), int(info.get("resources", 0))),
                (card(_ICON, development=True), int(info.get("cards", 0))),
                (resource("gold", _ICON), int(info.get("gold", 0))),
                (knight(_ICON), int(info.get("knights", 0))),
                (block(_ICON, common.seat_colour(seat)), int(info.get("blocks", 0))),
            ]
            line = top + _LINE_2
            for index, (icon, number) in enumerate(numbers):
                figure(canvas, _TEXT_X + index * 64, line, icon, number)
            left = info.get("left") or {}
            counts = [int(left.get(k, 0)) for k in ("settlements", "cities", "roads", "ships", "blocks")]
            canvas.rect(left_x - 14, line - 14, left_x - 12, line + 14, common.STONE_DARK)
            for index, (icon, count) in enumerate(zip(_pieces_left(seat), counts, strict=True)):
                figure(canvas, left_x + index * _LEFT_STEP, line, icon, count)

    return kit.Section(height, draw)


# ---------------------------------------------------------------- the viewer's hand


def hand(ctx: kit.Context) -> kit.Section:
    """The viewer's own cards: resources, development cards (those bought this turn said), points."""
    view = ctx.view
    viewer = int(view["viewer"])
    mine = view["hand"]
    height = 4 * 36 + 8
    body = face(BODY, Weight.BOLD)
    room = WIDTH - 2 * (MARGIN + PAD)

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height, kit.HAND, common.GOLD_DARK, margin=MARGIN)
        x = MARGIN + PAD
        title = [ctx.t("catan-cheops.board.your_hand") + ":", *who(ctx, viewer)]
        fit_runs(canvas, x, y + 22, title, face(HEADING, Weight.BOLD), common.INK, gap=8, room=room)
        resources = mine.get("resources") or {}
        at = x
        for kind in RESOURCES:
            at = figure(canvas, at, y + 58, resource(kind, 30), int(resources.get(kind, 0))) + 26
        cards = mine.get("cards") or {}
        fresh = mine.get("new_cards") or {}
        items: list[Run] = [card(28, development=True)]
        held = counts(cards)
        for kind, count in held:
            words = f"{ctx.t(f'catan-cheops.card.{kind}')} {count}"
            new = int(fresh.get(kind, 0))
            if new:
                words += f" ({ctx.t('catan-cheops.board.new_cards', count=new)})"
            items.append(words + " ·" if (kind, count) != held[-1] else words)
        if not held:
            items.append(ctx.t("catan-cheops.board.no_development"))
        fit_runs(canvas, x, y + 94, items, body, common.INK, room=room)
        points = ctx.t("catan-cheops.board.your_points", points=int(mine.get("points", 0)))
        canvas.text(x, y + 128, ellipsize(points, body, room), body, common.INK, anchor="lm", role=FIGURE)

    return kit.Section(height, draw)
