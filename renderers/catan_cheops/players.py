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

from renderers import common
from renderers import kit
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
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
from renderers.catan_cheops.panels import PAD
from renderers.catan_cheops.panels import counts
from renderers.catan_cheops.panels import fit_runs
from renderers.catan_cheops.panels import who
from renderers.catan_cheops.theme import BLACK_BLOCK
from renderers.catan_cheops.theme import BODY
from renderers.catan_cheops.theme import HEADING
from renderers.catan_cheops.theme import RESOURCES
from renderers.catan_cheops.theme import SMALL
from renderers.catan_cheops.theme import WIDTH
from renderers.catan_cheops.theme import seat_ink
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import runs
from renderers.layout import runs_width

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
        cell.box(0, 0, w, h, common.blend(common.STONE, common.CREAM, 0.5), common.STONE_DARK, 2, radius=4)
    elif owner == "black":
        cell.box(0, 0, w, h, BLACK_BLOCK, common.INK, 2, radius=4)
        cell.rect(6, 6, w - 6, 9, (90, 86, 80))
    else:
        seat = int(owner)
        colour = common.seat_colour(seat)
        cell.box(0, 0, w, h, colour, common.INK, 2, radius=4)
        cell.paste(common.seat_symbol(seat, 18, fill=common.CREAM), 4, h // 2 - 9)
        number = face(SMALL + 4, Weight.BOLD)
        cell.text(33, h // 2 + 1, str(seat + 1), number, seat_ink(seat), anchor="mm")
    return cell.image


def pyramid(ctx: kit.Context) -> kit.Section:
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
        kit.panel(canvas, y, height)
        heading = face(HEADING, Weight.BOLD)
        title = ctx.t("catan-cheops.board.pyramid")
        end = runs(canvas, kit.MARGIN + PAD, y + 30, [block(32), title], heading, common.INK, gap=10)
        built = sum(1 for b in blocks if b is not None)
        canvas.text(
            end + 16,
            y + 31,
            ctx.t("catan-cheops.board.places", count=built, total=total),
            body,
            common.MUTED,
            anchor="lm",
        )
        bottom = y + head_h + pyramid_h + 4
        place = 0
        for row, size in enumerate(layers):
            x0 = kit.MARGIN + PAD + (layers[0] - size) * _CELL_W // 2
            top = bottom - (row + 1) * _CELL_H
            for k in range(size):
                owner = blocks[place] if place < len(blocks) else None
                canvas.paste(_cell("" if owner is None else str(owner)), x0 + k * _CELL_W, top)
                place += 1
        x = kit.MARGIN + left_w + 10
        room = WIDTH - kit.MARGIN - PAD - x
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
            common.INK,
            room=room,
        )
        seats = [int(seat) for seat in view.get("cursed") or []]
        cursed: list[Run] = [run for seat in seats for run in who(ctx, seat, 26)]
        line: list[Run] = [curse(30), ctx.t("catan-cheops.board.curse") + ":"]
        if not seats:
            cursed = [ctx.t("catan-cheops.board.nobody")]
        elif runs_width([*line, *cursed], body) > room:
            # Several cursed seats: their symbols and numbers (the table names them).
            cursed = [run for seat in seats for run in (common.seat_symbol(seat, 26), str(seat + 1))]
        fit_runs(canvas, x, line_y + 40, [*line, *cursed], body, common.INK, room=room)
        black = ctx.t(
            "catan-cheops.board.black",
            count=int(data.get("black", 0)),
            total=int(data.get("black", 0)) + int(data.get("black_left", 0)),
        )
        fit_runs(canvas, x, line_y + 80, [block(30, BLACK_BLOCK), black], body, common.INK, room=room)
        bank: list[Run] = [ctx.t("catan-cheops.board.bank") + ":"]
        for kind in RESOURCES:
            bank += [resource(kind, 28), str(int((view.get("bank") or {}).get(kind, 0))) + " "]
        fit_runs(canvas, x, line_y + 124, bank, body, common.INK, room=room)
        deck = ctx.t("catan-cheops.board.deck", count=int(view.get("deck", 0)))
        fit_runs(canvas, x, line_y + 164, [card(30, development=True), deck], body, common.INK, room=room)

    return kit.Section(height, draw)


# ---------------------------------------------------------------- the players

_ROW_H = 78
_LEFT_ICON = 26
_SLOT = 70
_ROWS = kit.Rows(marker=36, crown=32, arrow=28)


def _columns(ctx: kit.Context) -> tuple[list[tuple[str, int, int]], int, int]:
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
    left_x = WIDTH - kit.MARGIN - PAD - 5 * _SLOT
    lefts = kit.column_lefts(widths, left_x)
    columns = [(key, x + width // 2, width) for key, x, width in zip(keys, lefts, widths, strict=True)]
    return columns, left_x, lefts[0] - 8


@lru_cache(maxsize=16)
def _harbour_chip(kind: str) -> Image.Image:
    """A harbour a seat has, as the map's harbour sign in small: "3:1 ?" or "2:1" and the resource."""
    small = face(SMALL, Weight.BOLD)
    rate = "3:1 ?" if kind not in RESOURCES else "2:1"
    w = text_width(rate, small) + (30 if kind in RESOURCES else 0) + 14
    chip = Canvas(w, 26, None)
    chip.box(0, 0, w, 26, common.CREAM, common.INK, 2, radius=6)
    chip.text(7, 13, rate, small, common.INK, anchor="lm")
    if kind in RESOURCES:
        chip.paste_centred(resource(kind, 20), w - 18, 13)
    return chip.image


def _pieces_left(seat: int) -> list[Image.Image]:
    return [
        house(seat, _LEFT_ICON, numbered=False),
        city(seat, _LEFT_ICON + 6, numbered=False),
        road(seat, 60, _LEFT_ICON + 4, 10, numbered=False),
        boat(seat, _LEFT_ICON + 2, numbered=False),
        block(_LEFT_ICON, common.seat_colour(seat)),
    ]


def players(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    seats = list(view.get("seats") or [])
    standing = kit.Standing.of(view, view.get("phase") == "over")
    viewer = view.get("viewer")
    discards = list(view.get("discards") or [])
    head_h = 44
    height = head_h + len(seats) * _ROW_H + 10
    columns, left_x, name_end = _columns(ctx)

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height)
        head = face(SMALL, Weight.CONDENSED)
        heads = [(cx, ctx.t(key)) for key, cx, _ in columns]
        heads.append((left_x + 5 * _SLOT // 2, ctx.t("catan-cheops.board.col.left")))
        player = (kit.MARGIN + 64, ctx.t("catan-cheops.board.col.player"))
        kit.column_heads(canvas, y + head_h // 2 + 4, player, heads, head)
        value = face(BODY + 2, Weight.BOLD)
        small = face(SMALL + 1, Weight.BOLD)
        for seat, info in enumerate(seats):
            top = y + head_h + seat * _ROW_H
            vy = kit.seat_row(canvas, seat, top, _ROW_H, standing, _ROWS)
            cy = top + 26
            # Name line, then the badges: largest army, blessing, curse, discards, harbours.
            you = ctx.t("catan-cheops.board.you") if viewer is not None and int(viewer) == seat else ""
            name_items: list[Run] = [*who(ctx, seat, 30)]
            if you:
                name_items.append(you)
            name_face = face(BODY, Weight.BOLD)
            fit_runs(
                canvas,
                kit.MARGIN + 64,
                cy,
                name_items,
                name_face,
                common.INK,
                room=name_end - kit.MARGIN - 64,
            )
            badges: list[Run] = []
            if view.get("army") is not None and int(view["army"]) == seat:
                badges += [knight(22, common.GOLD_DARK), ctx.t("catan-cheops.board.army") + "  "]
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
                    kit.MARGIN + 64,
                    top + 58,
                    badges,
                    small,
                    common.RED_DARK if owed else common.INK,
                    gap=6,
                    room=name_end - kit.MARGIN - 64,
                )
            numbers: list[tuple[Image.Image | None, int]] = [
                (None, int(info.get("points", 0))),
                (card(26), int(info.get("resources", 0))),
                (card(26, development=True), int(info.get("cards", 0))),
                (resource("gold", 24), int(info.get("gold", 0))),
                (knight(24), int(info.get("knights", 0))),
                (block(24, common.seat_colour(seat)), int(info.get("blocks", 0))),
            ]
            for (_, cx, _), (icon, number) in zip(columns, numbers, strict=True):
                if icon is None:
                    canvas.text(cx, vy, str(number), face(HEADING + 4, Weight.BOLD), common.INK, anchor="mm")
                    continue
                shown = str(number)
                w = icon.width + 6 + text_width(shown, value)
                runs(canvas, cx - w // 2, vy, [icon, shown], value, common.INK, gap=6)
            left = info.get("left") or {}
            counts = [int(left.get(k, 0)) for k in ("settlements", "cities", "roads", "ships", "blocks")]
            for index, (icon, count) in enumerate(zip(_pieces_left(seat), counts, strict=True)):
                x = left_x + index * _SLOT
                runs(canvas, x, vy, [icon, str(count)], small, common.INK, gap=4)

    return kit.Section(height, draw)


# ---------------------------------------------------------------- the viewer's hand


def hand(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    viewer = int(view["viewer"])
    mine = view["hand"]
    height = 52 + 3 * 48 + PAD
    body = face(BODY, Weight.BOLD)

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height, kit.HAND, common.GOLD_DARK)
        title = [ctx.t("catan-cheops.board.your_hand") + ":", *who(ctx, viewer, 30)]
        room = WIDTH - 2 * (kit.MARGIN + PAD)
        fit_runs(
            canvas, kit.MARGIN + PAD, y + 32, title, face(HEADING, Weight.BOLD), common.INK, gap=10, room=room
        )
        resources = mine.get("resources") or {}
        line: list[Run] = []
        for kind in RESOURCES:
            line += [
                resource(kind, 34),
                f"{ctx.t(f'catan-cheops.resource.{kind}')} {int(resources.get(kind, 0))}   ",
            ]
        fit_runs(canvas, kit.MARGIN + PAD, y + 52 + 24, line, body, common.INK, room=room)
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
        fit_runs(canvas, kit.MARGIN + PAD, y + 52 + 72, items, body, common.INK, room=room)
        points = ctx.t("catan-cheops.board.your_points", points=int(mine.get("points", 0)))
        fit_runs(canvas, kit.MARGIN + PAD, y + 52 + 120, [points], body, common.INK, room=room)

    return kit.Section(height, draw)
