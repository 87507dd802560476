"""Catan: Cheops: the parts of the board image around the map.

The banner (turn, who acts and what), the open offer, the last roll (laid
into the map's empty south-west corner) and the key to the labels under the
map; and what every part shares: the seats as symbol, number and name, and
lines of text and icons shortened to fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from renderers import common
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.catan_cheops.geometry import pixel
from renderers.catan_cheops.icons import die
from renderers.catan_cheops.icons import resource
from renderers.catan_cheops.theme import BODY
from renderers.catan_cheops.theme import HEADING
from renderers.catan_cheops.theme import SMALL
from renderers.catan_cheops.theme import WIDTH
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.kit import MARGIN
from renderers.kit import Band
from renderers.kit import Banner
from renderers.kit import Context
from renderers.kit import Section
from renderers.kit import panel
from renderers.layout import Run
from renderers.layout import runs
from renderers.layout import runs_width

__all__ = ["GAP", "PAD", "counts", "dice", "fit_runs", "footer", "header", "offer", "who"]

GAP = 14
PAD = 18
NILE_BLUE: RGB = (26, 84, 120)
ACCEPT: RGB = (0, 110, 60)
_NILE = Band(NILE_BLUE, common.GOLD_DARK, edge_width=6, battlements=None)
BANNER = Banner(
    title=40, title_y=36, status=BODY + 2, note=HEADING, spacing=(88, 44, 32), band=_NILE, gap=10, step=30
)

#: A line shortened to its room (keyword `room`) 30 pixels at a time: this image's texts are short.
fit_runs = partial(runs, step=30)


def who(ctx: Context, seat: int, size: int = 28) -> list[Run]:
    """A seat's symbol, number and name."""
    return [common.seat_symbol(seat, size), f"{seat + 1} {ctx.names[seat]}"]


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
            line += ["·", common.crown(32), ctx.t("catan-cheops.board.won", names=names)]
        ended = view.get("ended")
        lines = [line]
        if ended in ("points", "black", "pyramid"):
            lines.append([ctx.t(f"catan-cheops.board.ended.{ended}")])
        return lines
    turn = int(view["turn"])
    me: list[Run] = [common.turn_arrow(26, common.GOLD_LIGHT), *who(ctx, turn, 30)]
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
                owed += [*who(ctx, seat, 26), ctx.t("catan-cheops.board.discards", count=int(count)) + "  "]
        return [[ctx.t("catan-cheops.board.status.discard") + ":"], owed]
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
        out += [resource(kind, 32), f"{count} {ctx.t(f'catan-cheops.resource.{kind}')}"]
    return out


def offer(ctx: Context) -> Section:
    view = ctx.view
    open_offer = view.get("offer") or {}
    proposer = int(open_offer.get("from", view.get("turn") or 0))
    answers = list(open_offer.get("answers") or [])
    body = face(BODY, Weight.BOLD)
    height = 128

    def draw(canvas: Canvas, y: int) -> None:
        panel(canvas, y, height, common.blend(common.GOLD_LIGHT, common.CREAM, 0.5), common.GOLD_DARK)
        line: list[Run] = [
            common.seat_symbol(proposer, 30),
            ctx.t("catan-cheops.board.offer", player=f"{proposer + 1} {ctx.names[proposer]}") + ":",
            *_goods(ctx, open_offer.get("give")),
            ctx.t("catan-cheops.board.offer_for"),
            *_goods(ctx, open_offer.get("get")),
        ]
        room = WIDTH - 2 * (MARGIN + PAD)
        fit_runs(canvas, MARGIN + PAD, y + 34, line, face(BODY + 2, Weight.BOLD), common.INK, room=room)
        x = MARGIN + PAD
        for seat, answer in enumerate(answers):
            if seat == proposer or answer not in ("waiting", "accepted", "declined"):
                continue
            colour = {"accepted": ACCEPT, "declined": common.IMPERIAL_RED}.get(str(answer), common.MUTED)
            mark = {"accepted": "✓", "declined": "✗"}.get(str(answer), "…")
            name = ellipsize(f"{seat + 1} {ctx.names[seat]}", body, 200)
            x = runs(canvas, x, y + 88, [common.seat_symbol(seat, 28), name], body, common.INK) + 10
            word = f"{mark} {ctx.t(f'catan-cheops.board.answer.{answer}')}"
            x += canvas.text(x, y + 88, word, body, colour, anchor="lm") + 40

    return Section(height, draw)


# ---------------------------------------------------------------- the last roll, on the map


def dice(canvas: Canvas, ctx: Context, top: int) -> None:
    """The last roll, in the map's empty south-west corner."""
    x0, y0 = pixel(-0.6, 22.6)
    x, y = round(x0), round(y0) + top
    w, h = 236, 132
    canvas.box(x, y, x + w, y + h, common.CREAM, common.STONE_DARK, 2, radius=12)
    canvas.text(
        x + w // 2,
        y + 24,
        ctx.t("catan-cheops.board.last_roll"),
        face(BODY - 2, Weight.BOLD),
        common.INK,
        anchor="mm",
    )
    roll = ctx.view.get("last_roll")
    if not roll:
        canvas.text(
            x + w // 2,
            y + 82,
            ctx.t("catan-cheops.board.no_roll"),
            face(SMALL + 2),
            common.MUTED,
            anchor="mm",
        )
        return
    first, second = (int(v) for v in roll)
    canvas.paste(die(first, 56), x + 14, y + 50)
    canvas.paste(die(second, 56, red=True), x + 80, y + 50)
    total = first + second
    colour = common.IMPERIAL_RED if total == 7 else common.INK
    canvas.text(x + 150, y + 79, f"= {total}", face(HEADING + 4, Weight.BOLD), colour, anchor="lm")


# ---------------------------------------------------------------- under the map


def footer(ctx: Context) -> Section:
    lines = [
        (ctx.t("catan-cheops.board.legend"), face(BODY - 2, Weight.BOLD), common.INK),
        (ctx.t("catan-cheops.board.legend_marks"), face(SMALL + 2), common.INK),
        (ctx.t("catan-cheops.board.note"), face(SMALL), common.MUTED),
    ]
    height = 16 + 32 * len(lines)

    def draw(canvas: Canvas, y: int) -> None:
        for number, (words, font_face, colour) in enumerate(lines):
            words = ellipsize(words, font_face, WIDTH - 2 * MARGIN)
            canvas.text(WIDTH // 2, y + 20 + 32 * number, words, font_face, colour, anchor="mm")

    return Section(height, draw)
