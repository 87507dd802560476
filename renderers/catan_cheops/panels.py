"""Catan: Cheops: the parts of the board image around the map.

The banner (turn, who acts and what), the open offer, the last roll (laid
into the map's empty south-west corner) and the bank and deck under the
map; and what every part shares: the seats as symbol, number and name, and
lines of text and icons shortened to fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image

from renderers import common
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.catan_cheops.geometry import BOARD
from renderers.catan_cheops.icons import card
from renderers.catan_cheops.icons import die
from renderers.catan_cheops.icons import resource
from renderers.catan_cheops.theme import BODY
from renderers.catan_cheops.theme import FIGURE_SIZE
from renderers.catan_cheops.theme import HEADING
from renderers.catan_cheops.theme import RESOURCES
from renderers.catan_cheops.theme import SMALL
from renderers.catan_cheops.theme import WIDTH
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.kit import Band
from renderers.kit import Banner
from renderers.kit import Context
from renderers.kit import Section
from renderers.kit import panel
from renderers.layout import Run
from renderers.layout import runs
from renderers.layout import runs_width
from renderers.legibility import FIGURE

__all__ = ["GAP", "MARGIN", "PAD", "bank", "counts", "dice", "figure", "fit_runs", "header", "offer", "who"]

GAP = 10
PAD = 12
#: A panel's distance from the image's sides: narrow, for the room a phone's width leaves.
MARGIN = 10
#: A 7 makes whoever holds more cards than this discard half (the rules' hand limit, which a
#: view does not carry: a renderer knows the game only through its views).
HAND_LIMIT = 7
NILE_BLUE: RGB = (26, 84, 120)
ACCEPT: RGB = (0, 110, 60)
_NILE = Band(NILE_BLUE, common.GOLD_DARK, edge_width=6, battlements=None)
BANNER = Banner(
    title=30,
    title_y=26,
    status=BODY,
    note=HEADING,
    spacing=(66, 34, 24),
    band=_NILE,
    gap=8,
    step=30,
    margin=14,
)

#: A line shortened to its room (keyword `room`) 30 pixels at a time: this image's texts are short.
fit_runs = partial(runs, step=30)


def who(ctx: Context, seat: int, size: int = 24) -> list[Run]:
    """A seat's symbol, number and name."""
    return [common.seat_symbol(seat, size), f"{seat + 1} {ctx.names[seat]}"]


def figure(
    canvas: Canvas, x: int, cy: int, icon: Image.Image | None, number: int, size: int = FIGURE_SIZE
) -> int:
    """A figure a player compares (points, cards, pieces left), after its icon; the x after it."""
    if icon is not None:
        canvas.paste(icon, x, cy - icon.height // 2)
        x += icon.width + 3
    return x + canvas.text(x, cy, str(number), face(size, Weight.BOLD), common.INK, anchor="lm", role=FIGURE)


def counts(mapping: Mapping[str, Any] | None) -> list[tuple[str, int]]:
    return [(str(k), int(v)) for k, v in (mapping or {}).items() if int(v)]


# ---------------------------------------------------------------- banner


def _status(ctx: Context) -> list[list[Run]]:
    view = ctx.view
    phase = str(view.get("phase") or "")
    if phase == "over" or view.get("turn") is None:
        outcome = view.get("outcome") or {}
        winners = [int(s) for s in outcome.get("winners") or []]
        line: list[Run] = [ctx.t("catan-cheops.board.over")]
        if winners:
            names = ", ".join(f"{s + 1} {ctx.names[s]}" for s in winners)
            line += ["·", common.crown(26), ctx.t("catan-cheops.board.won", names=names)]
        ended = view.get("ended")
        lines = [line]
        if ended in ("points", "black", "pyramid"):
            lines.append([ctx.t(f"catan-cheops.board.ended.{ended}")])
        return lines
    turn = int(view["turn"])
    me: list[Run] = [common.turn_arrow(22, common.GOLD_LIGHT), *who(ctx, turn)]
    if phase == "founding":
        founding = view.get("founding") or {}
        step = {"step": int(founding.get("step", 0)) + 1, "steps": int(founding.get("steps", 0))}
        if founding.get("place") == "road_or_ship":
            node = str(founding.get("next_to") or "")
            what = ctx.t("catan-cheops.board.status.founding_road", node=node, **step)
        elif founding.get("harvest"):
            what = ctx.t("catan-cheops.board.status.founding_third", **step)
        else:
            what = ctx.t("catan-cheops.board.status.founding", **step)
        return [me, [what]]
    if phase == "discard":
        owed: list[Run] = []
        for seat, count in enumerate(view.get("discards") or []):
            if int(count):
                owed += [*who(ctx, seat), ctx.t("catan-cheops.board.discards", count=int(count)) + "  "]
        return [[ctx.t("catan-cheops.board.status.discard", limit=HAND_LIMIT) + ":"], owed]
    if phase == "free_roads":
        return [[*me, ctx.t("catan-cheops.board.status.free_roads", count=int(view.get("free_roads") or 0))]]
    key = {
        "roll": "catan-cheops.board.status.roll",
        "main": "catan-cheops.board.status.main",
        "robber": "catan-cheops.board.status.robber",
        "offer": "catan-cheops.board.status.offer",
    }.get(phase)
    return [[*me, ctx.t(key)]] if key else [me]


def header(ctx: Context) -> Section:
    lines = _status(ctx)
    # Two lines of status join into one when they fit.
    room = WIDTH - 2 * MARGIN
    if len(lines) == 2 and runs_width([*lines[0], "·", *lines[1]], BANNER.status_face(), 10) <= room:
        lines = [[*lines[0], "·", *lines[1]]]
    turn = ctx.t("catan-cheops.board.turn", number=int(ctx.view.get("turn_number", 0)) + 1)
    title = ctx.t("catan-cheops.board.title")
    return BANNER.section(title, turn, lines)


# ---------------------------------------------------------------- the offer


def _goods(ctx: Context, goods: Mapping[str, Any] | None) -> list[Run]:
    out: list[Run] = []
    for kind, count in counts(goods):
        out += [resource(kind, 26), f"{count} {ctx.t(f'catan-cheops.resource.{kind}')}"]
    return out


def offer(ctx: Context) -> Section:
    """The open offer: who offers what for what, then every other seat's answer."""
    view = ctx.view
    open_offer = view.get("offer") or {}
    proposer = int(open_offer.get("from", view.get("turn") or 0))
    answers = list(open_offer.get("answers") or [])
    body = face(BODY, Weight.BOLD)
    height = 84
    room = WIDTH - 2 * (MARGIN + PAD)

    def draw(canvas: Canvas, y: int) -> None:
        panel(
            canvas,
            y,
            height,
            common.blend(common.GOLD_LIGHT, common.CREAM, 0.5),
            common.GOLD_DARK,
            margin=MARGIN,
        )
        line: list[Run] = [
            common.seat_symbol(proposer, 24),
            ctx.t("catan-cheops.board.offer", player=f"{proposer + 1} {ctx.names[proposer]}") + ":",
            *_goods(ctx, open_offer.get("give")),
            ctx.t("catan-cheops.board.offer_for"),
            *_goods(ctx, open_offer.get("get")),
        ]
        fit_runs(canvas, MARGIN + PAD, y + 24, line, body, common.INK, room=room)
        answered: list[Run] = []
        for seat, answer in enumerate(answers):
            if seat == proposer or answer not in ("waiting", "answered", "accepted", "declined"):
                continue
            mark = {"accepted": "✓", "declined": "✗"}.get(str(answer), "…")
            answered += [
                common.seat_symbol(seat, 22),
                f"{seat + 1} {mark} {ctx.t(f'catan-cheops.board.answer.{answer}')}  ",
            ]
        fit_runs(canvas, MARGIN + PAD, y + 60, answered, body, common.INK, room=room)

    return Section(height, draw)


# ---------------------------------------------------------------- the last roll, on the map


def dice(canvas: Canvas, ctx: Context, top: int) -> None:
    """The last roll, in the map's empty south-west corner."""
    x0, y0 = BOARD.at(-0.7, 25.2)
    x, y = round(x0), round(y0) + top
    w, h = 140, 96
    canvas.box(x, y, x + w, y + h, common.CREAM, common.STONE_DARK, 2, radius=10)
    canvas.text(
        x + w // 2,
        y + 18,
        ctx.t("catan-cheops.board.last_roll"),
        face(SMALL, Weight.BOLD),
        common.INK,
        anchor="mm",
    )
    roll = ctx.view.get("last_roll")
    if not roll:
        canvas.text(
            x + w // 2, y + 60, ctx.t("catan-cheops.board.no_roll"), face(SMALL), common.MUTED, anchor="mm"
        )
        return
    first, second = (int(v) for v in roll)
    canvas.paste(die(first, 36), x + 8, y + 40)
    canvas.paste(die(second, 36, red=True), x + 48, y + 40)
    total = first + second
    colour = common.IMPERIAL_RED if total == 7 else common.INK
    canvas.text(x + 90, y + 58, f"={total}", face(HEADING, Weight.BOLD), colour, anchor="lm", role=FIGURE)


# ---------------------------------------------------------------- under the map


def bank(ctx: Context) -> Section:
    """The bank's resources and the development cards left in the deck, on one line."""
    view = ctx.view
    height = 46

    def draw(canvas: Canvas, y: int) -> None:
        panel(canvas, y, height, margin=MARGIN)
        cy = y + height // 2
        x = MARGIN + PAD
        x += (
            canvas.text(
                x,
                cy,
                ctx.t("catan-cheops.board.bank") + ":",
                face(BODY, Weight.BOLD),
                common.INK,
                anchor="lm",
            )
            + 10
        )
        for kind in RESOURCES:
            x = figure(canvas, x, cy, resource(kind, 26), int((view.get("bank") or {}).get(kind, 0))) + 14
        x += 16
        figure(canvas, x, cy, card(26, development=True), int(view.get("deck", 0)))

    return Section(height, draw)
