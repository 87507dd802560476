"""Catan: Cheops: the players' parts of the board image.

The pyramid (its layers of 16, 8, 4 and 1 places, each block in its
builder's colour with the seat's symbol and number, the pharaoh's blocks in
black) with blessing, curse, bank and deck; every player's public numbers
(points, cards, gold, knights, blocks, pieces left, largest army, blessing,
curse, harbours, discards owed); and a seat's own hand.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from renderers.canvas import Canvas, ellipsize, text_width
from renderers.catan_cheops.icons import block, boat, card, city, curse, house, knight, resource, road, sun
from renderers.catan_cheops.panels import (
    MARGIN,
    PAD,
    Context,
    Run,
    Section,
    counts,
    fit_runs,
    panel,
    runs,
    runs_width,
    text,
    who,
)
from renderers.catan_cheops.theme import BLACK_BLOCK, BODY, HEADING, RESOURCES, SMALL, WIDTH, seat_ink
from renderers.common import (
    CREAM,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    MUTED,
    RED_DARK,
    STONE,
    STONE_DARK,
    blend,
    crown,
    seat_colour,
    seat_symbol,
    turn_arrow,
)
from renderers.fonts import Weight, face

__all__ = ["hand", "players", "pyramid"]


# ---------------------------------------------------------------- the pyramid, bank and deck

_CELL_W = 50
_CELL_H = 38


@lru_cache(maxsize=16)
def _cell(owner: str) -> Image.Image:
    """A place of the pyramid: empty, a black block of the pharaoh, or a seat's block with its number."""
    w, h = _CELL_W - 4, _CELL_H - 4
    cell = Canvas(w, h, None)
    if owner == "":
        cell.box(0, 0, w, h, blend(STONE, CREAM, 0.5), STONE_DARK, 2, radius=4)
    elif owner == "black":
        cell.box(0, 0, w, h, BLACK_BLOCK, INK, 2, radius=4)
        cell.rect(6, 6, w - 6, 9, (90, 86, 80))
    else:
        seat = int(owner)
        colour = seat_colour(seat)
        cell.box(0, 0, w, h, colour, INK, 2, radius=4)
        cell.paste(seat_symbol(seat, 18, fill=CREAM), 4, h // 2 - 9)
        number = face(SMALL + 4, Weight.BOLD)
        cell.text(33, h // 2 + 1, str(seat + 1), number, seat_ink(seat), anchor="mm")
    return cell.image


def pyramid(ctx: Context) -> Section:
    view = ctx.view
    data = view.get("pyramid") or {}
    layers = [int(n) for n in data.get("layers") or [16, 8, 4, 1]]
    blocks = list(data.get("blocks") or [])
    total = int(data.get("places", sum(layers)))
    head_h = 52
    pyramid_h = len(layers) * _CELL_H
    height = max(head_h + pyramid_h + PAD, 226)
    left_w = layers[0] * _CELL_W + 2 * PAD
    body = face(BODY - 2, Weight.BOLD)

    def draw(canvas: Canvas, y: int) -> None:
        panel(canvas, y, height)
        heading = face(HEADING, Weight.BOLD)
        title = ctx.t("catan-cheops.board.pyramid")
        end = runs(canvas, MARGIN + PAD, y + 30, [block(32), title], heading, INK, gap=10)
        built = sum(1 for b in blocks if b is not None)
        text(
            canvas,
            end + 16,
            y + 31,
            ctx.t("catan-cheops.board.places", count=built, total=total),
            body,
            MUTED,
            anchor="lm",
        )
        bottom = y + head_h + pyramid_h + 4
        place = 0
        for row, size in enumerate(layers):
            x0 = MARGIN + PAD + (layers[0] - size) * _CELL_W // 2
            top = bottom - (row + 1) * _CELL_H
            for k in range(size):
                owner = blocks[place] if place < len(blocks) else None
                canvas.paste(_cell("" if owner is None else str(owner)), x0 + k * _CELL_W, top)
                place += 1
        x = MARGIN + left_w + 10
        room = WIDTH - MARGIN - PAD - x
        line_y = y + 30
        blessing = view.get("blessing")
        blessed: list[Run] = [ctx.t("catan-cheops.board.nobody")]
        if blessing is not None:
            # A long name is shortened before the words are.
            symbol, name = who(ctx, int(blessing), 26)
            blessed = [symbol, ellipsize(str(name), body, 150)]
        fit_runs(
            canvas,
            x,
            line_y,
            [sun(30), ctx.t("catan-cheops.board.blessing") + ":", *blessed],
            body,
            INK,
            room,
        )
        seats = [int(seat) for seat in view.get("cursed") or []]
        cursed: list[Run] = [run for seat in seats for run in who(ctx, seat, 26)]
        line: list[Run] = [curse(30), ctx.t("catan-cheops.board.curse") + ":"]
        if not seats:
            cursed = [ctx.t("catan-cheops.board.nobody")]
        elif runs_width([*line, *cursed], body) > room:
            # Several cursed seats: their symbols and numbers (the table names them).
            cursed = [run for seat in seats for run in (seat_symbol(seat, 26), str(seat + 1))]
        fit_runs(canvas, x, line_y + 40, [*line, *cursed], body, INK, room)
        black = ctx.t(
            "catan-cheops.board.black",
            count=int(data.get("black", 0)),
            total=int(data.get("black", 0)) + int(data.get("black_left", 0)),
        )
        fit_runs(canvas, x, line_y + 80, [block(30, BLACK_BLOCK), black], body, INK, room)
        bank: list[Run] = [ctx.t("catan-cheops.board.bank") + ":"]
        for kind in RESOURCES:
            bank += [resource(kind, 28), str(int((view.get("bank") or {}).get(kind, 0))) + " "]
        fit_runs(canvas, x, line_y + 124, bank, body, INK, room)
        deck = ctx.t("catan-cheops.board.deck", count=int(view.get("deck", 0)))
        fit_runs(canvas, x, line_y + 164, [card(30, development=True), deck], body, INK, room)

    return Section(height, draw)


# ---------------------------------------------------------------- the players

_ROW_H = 78
_LEFT_ICON = 26
_SLOT = 70


def _columns(ctx: Context) -> tuple[list[tuple[str, int, int]], int, int]:
    """(key, centre x, width) of the number columns, the x of the pieces left, the name column's right end."""
    head = face(SMALL, Weight.CONDENSED)
    keys = [
        "catan-cheops.board.col.points",
        "catan-cheops.board.col.resources",
        "catan-cheops.board.col.development",
        "catan-cheops.board.col.gold",
        "catan-cheops.board.col.knights",
        "catan-cheops.board.col.blocks",
    ]
    widths = [max(84, text_width(ctx.t(key), head) + 12) for key in keys]
    left_w = 5 * _SLOT
    x = WIDTH - MARGIN - PAD - left_w
    left_x = x
    columns: list[tuple[str, int, int]] = []
    for key, width in reversed(list(zip(keys, widths, strict=True))):
        x -= width
        columns.append((key, x + width // 2, width))
    columns.reverse()
    return columns, left_x, x - 8


@lru_cache(maxsize=16)
def _harbour_chip(kind: str) -> Image.Image:
    """A harbour a seat has, as the map's harbour sign in small: "3:1 ?" or "2:1" and the resource."""
    small = face(SMALL, Weight.BOLD)
    rate = "3:1 ?" if kind not in RESOURCES else "2:1"
    w = text_width(rate, small) + (30 if kind in RESOURCES else 0) + 14
    chip = Canvas(w, 26, None)
    chip.box(0, 0, w, 26, CREAM, INK, 2, radius=6)
    chip.text(7, 13, rate, small, INK, anchor="lm")
    if kind in RESOURCES:
        chip.paste_centred(resource(kind, 20), w - 18, 13)
    return chip.image


def _pieces_left(seat: int) -> list[Image.Image]:
    return [
        house(seat, _LEFT_ICON, numbered=False),
        city(seat, _LEFT_ICON + 6, numbered=False),
        road(seat, 60, _LEFT_ICON + 4, 10, numbered=False),
        boat(seat, _LEFT_ICON + 2, numbered=False),
        block(_LEFT_ICON, seat_colour(seat)),
    ]


def players(ctx: Context) -> Section:
    view = ctx.view
    seats = list(view.get("seats") or [])
    acting = {int(s) for s in view.get("to_act") or []}
    over = view.get("phase") == "over"
    outcome = view.get("outcome") or {}
    winners = {int(s) for s in outcome.get("winners") or []}
    viewer = view.get("viewer")
    discards = list(view.get("discards") or [])
    head_h = 44
    height = head_h + len(seats) * _ROW_H + 10
    columns, left_x, name_end = _columns(ctx)

    def draw(canvas: Canvas, y: int) -> None:
        panel(canvas, y, height)
        head = face(SMALL, Weight.CONDENSED)
        hy = y + head_h // 2 + 4
        text(canvas, MARGIN + 64, hy, ctx.t("catan-cheops.board.col.player"), head, MUTED, anchor="lm")
        for key, cx, _ in columns:
            text(canvas, cx, hy, ctx.t(key), head, MUTED, anchor="mm")
        left_head = ctx.t("catan-cheops.board.col.left")
        text(canvas, left_x + 5 * _SLOT // 2, hy, left_head, head, MUTED, anchor="mm")
        value = face(BODY + 2, Weight.BOLD)
        small = face(SMALL + 1, Weight.BOLD)
        for seat, info in enumerate(seats):
            top = y + head_h + seat * _ROW_H
            highlight = (seat in winners) if over else (seat in acting)
            fill = GOLD_LIGHT if highlight else (blend(CREAM, STONE, 0.45) if seat % 2 else None)
            if fill is not None:
                canvas.box(
                    MARGIN + 8,
                    top + 3,
                    WIDTH - MARGIN - 8,
                    top + _ROW_H - 3,
                    fill,
                    GOLD_DARK if highlight else None,
                    2 if highlight else 0,
                    radius=12,
                )
            cy = top + 26
            if over and seat in winners:
                canvas.paste_centred(crown(32), MARGIN + 36, top + _ROW_H // 2)
            elif seat in acting and not over:
                canvas.paste_centred(turn_arrow(28), MARGIN + 36, top + _ROW_H // 2)
            # Name line, then the badges: largest army, blessing, curse, discards, harbours.
            you = ctx.t("catan-cheops.board.you") if viewer is not None and int(viewer) == seat else ""
            name_items: list[Run] = [*who(ctx, seat, 30)]
            if you:
                name_items.append(you)
            fit_runs(
                canvas, MARGIN + 64, cy, name_items, face(BODY, Weight.BOLD), INK, name_end - MARGIN - 64
            )
            badges: list[Run] = []
            if view.get("army") is not None and int(view["army"]) == seat:
                badges += [knight(22, GOLD_DARK), ctx.t("catan-cheops.board.army") + "  "]
            if view.get("blessing") is not None and int(view["blessing"]) == seat:
                badges += [sun(22), ctx.t("catan-cheops.board.blessed") + "  "]
            if seat in {int(s) for s in view.get("cursed") or []}:
                badges += [curse(22), ctx.t("catan-cheops.board.cursed") + "  "]
            owed = int(discards[seat]) if seat < len(discards) else 0
            if owed:
                badges += [ctx.t("catan-cheops.board.discards", count=owed) + "  "]
            badges += [_harbour_chip(str(kind)) for kind in info.get("harbours") or []]
            if badges:
                fit_runs(
                    canvas,
                    MARGIN + 64,
                    top + 58,
                    badges,
                    small,
                    RED_DARK if owed else INK,
                    name_end - MARGIN - 64,
                    gap=6,
                )
            numbers: list[tuple[Image.Image | None, int]] = [
                (None, int(info.get("points", 0))),
                (card(26), int(info.get("resources", 0))),
                (card(26, development=True), int(info.get("cards", 0))),
                (resource("gold", 24), int(info.get("gold", 0))),
                (knight(24), int(info.get("knights", 0))),
                (block(24, seat_colour(seat)), int(info.get("blocks", 0))),
            ]
            vy = top + _ROW_H // 2
            for (_, cx, _), (icon, number) in zip(columns, numbers, strict=True):
                if icon is None:
                    text(canvas, cx, vy, str(number), face(HEADING + 4, Weight.BOLD), INK, anchor="mm")
                    continue
                shown = str(number)
                w = icon.width + 6 + text_width(shown, value)
                runs(canvas, cx - w // 2, vy, [icon, shown], value, INK, gap=6)
            left = info.get("left") or {}
            counts = [int(left.get(k, 0)) for k in ("settlements", "cities", "roads", "ships", "blocks")]
            for index, (icon, count) in enumerate(zip(_pieces_left(seat), counts, strict=True)):
                x = left_x + index * _SLOT
                runs(canvas, x, vy, [icon, str(count)], small, INK, gap=4)

    return Section(height, draw)


# ---------------------------------------------------------------- the viewer's hand


def hand(ctx: Context) -> Section:
    view = ctx.view
    viewer = int(view["viewer"])
    mine = view["hand"]
    height = 52 + 3 * 48 + PAD
    body = face(BODY, Weight.BOLD)

    def draw(canvas: Canvas, y: int) -> None:
        panel(canvas, y, height, blend(GOLD_LIGHT, CREAM, 0.4), GOLD_DARK)
        title = [ctx.t("catan-cheops.board.your_hand") + ":", *who(ctx, viewer, 30)]
        room = WIDTH - 2 * (MARGIN + PAD)
        fit_runs(canvas, MARGIN + PAD, y + 32, title, face(HEADING, Weight.BOLD), INK, room, gap=10)
        resources = mine.get("resources") or {}
        line: list[Run] = []
        for kind in RESOURCES:
            line += [
                resource(kind, 34),
                f"{ctx.t(f'catan-cheops.resource.{kind}')} {int(resources.get(kind, 0))}   ",
            ]
        fit_runs(canvas, MARGIN + PAD, y + 52 + 24, line, body, INK, room)
        cards = mine.get("cards") or {}
        fresh = mine.get("new_cards") or {}
        items: list[Run] = [card(32, development=True), ctx.t("catan-cheops.board.development") + ":"]
        held = [(k, n) for k, n in counts(cards)]
        for kind, count in held:
            words = f"{ctx.t(f'catan-cheops.card.{kind}')} {count}"
            new = int(fresh.get(kind, 0))
            if new:
                words += f" ({ctx.t('catan-cheops.board.new_cards', count=new)})"
            items.append(words + " ·" if (kind, count) != held[-1] else words)
        if not held:
            items.append(ctx.t("catan-cheops.board.no_development"))
        fit_runs(canvas, MARGIN + PAD, y + 52 + 72, items, body, INK, room)
        points = ctx.t("catan-cheops.board.your_points", points=int(mine.get("points", 0)))
        fit_runs(canvas, MARGIN + PAD, y + 52 + 120, [points], body, INK, room)

    return Section(height, draw)
