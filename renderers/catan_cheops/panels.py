"""Catan: Cheops: the parts of the board image around the map.

The banner (turn, who acts and what), the open offer, the last roll (laid
into the map's empty south-west corner) and the key to the labels under the
map; and what every part shares: a `Section` (its height, and how to draw
it at a given y), texts drawn once and kept, runs of text and icons.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from renderers import layout
from renderers.canvas import RGB, Canvas, ellipsize, text_width
from renderers.catan_cheops.geometry import pixel
from renderers.catan_cheops.icons import (
    die,
    resource,
)
from renderers.catan_cheops.theme import BODY, HEADING, SMALL, WIDTH
from renderers.common import (
    CREAM,
    GOLD_DARK,
    GOLD_LIGHT,
    IMPERIAL_RED,
    INK,
    MUTED,
    STONE_DARK,
    blend,
    crown,
    seat_symbol,
    turn_arrow,
)
from renderers.fonts import Face, Weight, face, readable
from renderers.layout import Context, Run, Section

__all__ = [
    "GAP",
    "MARGIN",
    "PAD",
    "Context",
    "Run",
    "Section",
    "counts",
    "dice",
    "fit_runs",
    "footer",
    "header",
    "offer",
    "panel",
    "runs",
    "runs_width",
    "text",
    "who",
]

MARGIN = 24
GAP = 14
PAD = 18
RADIUS = 14
TITLE = 40
NILE_BLUE: RGB = (26, 84, 120)
ACCEPT: RGB = (0, 110, 60)

# ---------------------------------------------------------------- helpers


@lru_cache(maxsize=4096)
def _text_sprite(text: str, font_face: Face, fill: RGB, anchor: str) -> tuple[Image.Image, int, int, int]:
    """A text drawn once on a transparent sprite: the sprite, its offset from the anchor, its width."""
    shown = readable(text, font_face.weight)
    left, top, right, bottom = font_face.font.getbbox(shown, anchor=anchor, stroke_width=font_face.stroke)
    left, top = int(left) - 1, int(top) - 1
    image = Image.new("RGBA", (max(1, int(right) - left + 2), max(1, int(bottom) - top + 2)), (*fill, 0))
    ImageDraw.Draw(image).text(
        (-left, -top), shown, font=font_face.font, fill=fill, anchor=anchor,
        stroke_width=font_face.stroke, stroke_fill=fill,
    )  # fmt: skip
    return image, left, top, text_width(shown, font_face)


def text(canvas: Canvas, x: int, y: int, words: str, font_face: Face, fill: RGB, anchor: str = "la") -> int:
    """`Canvas.text`, from a cache of drawn texts (the same words recur in every image); the width."""
    image, left, top, width = _text_sprite(words, font_face, fill, anchor)
    canvas.paste(image, x + left, y + top)
    return width


def _write(canvas: Canvas, x: int, cy: int, words: str, font_face: Face, fill: RGB) -> int:
    return text(canvas, x, cy, words, font_face, fill, anchor="lm")


#: The shared line drawing (`renderers.layout`), with this image's cache of drawn texts.
runs = partial(layout.runs, write=_write)
runs_width = layout.runs_width
fit_runs = partial(layout.fit_runs, step=30, write=_write)


def panel(canvas: Canvas, y: int, height: int, fill: RGB = CREAM, border: RGB = STONE_DARK) -> None:
    layout.panel(canvas, WIDTH, y, height, fill, border)


def who(ctx: Context, seat: int, size: int = 28) -> list[Run]:
    """A seat's symbol, number and name."""
    return [seat_symbol(seat, size), f"{seat + 1} {ctx.names[seat]}"]


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
            line += ["·", crown(32), ctx.t("catan-cheops.board.won", names=names)]
        ended = view.get("ended")
        lines = [line]
        if ended in ("points", "black", "pyramid"):
            lines.append([ctx.t(f"catan-cheops.board.ended.{ended}")])
        return lines
    turn = int(view["turn"])
    me: list[Run] = [turn_arrow(26, GOLD_LIGHT), *who(ctx, turn, 30)]
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
    status = face(BODY + 2, Weight.BOLD)
    room = WIDTH - 2 * MARGIN
    if len(lines) == 2 and runs_width([*lines[0], "·", *lines[1]], status, 10) <= room:
        lines = [[*lines[0], "·", *lines[1]]]
    band = 76 + 44 * len(lines)

    def draw(canvas: Canvas, y: int) -> None:
        canvas.rect(0, y, WIDTH, y + band, NILE_BLUE)
        canvas.rect(0, y + band - 6, WIDTH, y + band, GOLD_DARK)
        title = face(TITLE, Weight.BOLD)
        text(canvas, MARGIN, y + 36, ctx.t("catan-cheops.board.title"), title, GOLD_LIGHT, anchor="lm")
        turn = ctx.t("catan-cheops.board.turn", number=int(ctx.view.get("turn_number", 0)) + 1)
        text(canvas, WIDTH - MARGIN, y + 38, turn, face(HEADING, Weight.BOLD), GOLD_LIGHT, anchor="rm")
        for number, items in enumerate(lines):
            fit_runs(canvas, MARGIN, y + 88 + number * 44, items, status, CREAM, room, gap=10)

    return Section(band, draw)


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
        panel(canvas, y, height, blend(GOLD_LIGHT, CREAM, 0.5), GOLD_DARK)
        line: list[Run] = [
            seat_symbol(proposer, 30),
            ctx.t("catan-cheops.board.offer", player=f"{proposer + 1} {ctx.names[proposer]}") + ":",
            *_goods(ctx, open_offer.get("give")),
            ctx.t("catan-cheops.board.offer_for"),
            *_goods(ctx, open_offer.get("get")),
        ]
        fit_runs(
            canvas, MARGIN + PAD, y + 34, line, face(BODY + 2, Weight.BOLD), INK, WIDTH - 2 * (MARGIN + PAD)
        )
        x = MARGIN + PAD
        for seat, answer in enumerate(answers):
            if seat == proposer or answer not in ("waiting", "accepted", "declined"):
                continue
            colour = {"accepted": ACCEPT, "declined": IMPERIAL_RED}.get(str(answer), MUTED)
            mark = {"accepted": "✓", "declined": "✗"}.get(str(answer), "…")
            name = ellipsize(f"{seat + 1} {ctx.names[seat]}", body, 200)
            x = runs(canvas, x, y + 88, [seat_symbol(seat, 28), name], body, INK) + 10
            word = f"{mark} {ctx.t(f'catan-cheops.board.answer.{answer}')}"
            x += text(canvas, x, y + 88, word, body, colour, anchor="lm") + 40

    return Section(height, draw)


# ---------------------------------------------------------------- the last roll, on the map


def dice(canvas: Canvas, ctx: Context, top: int) -> None:
    """The last roll, in the map's empty south-west corner."""
    x0, y0 = pixel(-0.6, 22.6)
    x, y = round(x0), round(y0) + top
    w, h = 236, 132
    canvas.box(x, y, x + w, y + h, CREAM, STONE_DARK, 2, radius=12)
    text(
        canvas,
        x + w // 2,
        y + 24,
        ctx.t("catan-cheops.board.last_roll"),
        face(BODY - 2, Weight.BOLD),
        INK,
        anchor="mm",
    )
    roll = ctx.view.get("last_roll")
    if not roll:
        text(
            canvas,
            x + w // 2,
            y + 82,
            ctx.t("catan-cheops.board.no_roll"),
            face(SMALL + 2),
            MUTED,
            anchor="mm",
        )
        return
    first, second = (int(v) for v in roll)
    canvas.paste(die(first, 56), x + 14, y + 50)
    canvas.paste(die(second, 56, red=True), x + 80, y + 50)
    total = first + second
    colour = IMPERIAL_RED if total == 7 else INK
    text(canvas, x + 150, y + 79, f"= {total}", face(HEADING + 4, Weight.BOLD), colour, anchor="lm")


# ---------------------------------------------------------------- under the map


def footer(ctx: Context) -> Section:
    lines = [
        (ctx.t("catan-cheops.board.legend"), face(BODY - 2, Weight.BOLD), INK),
        (ctx.t("catan-cheops.board.legend_marks"), face(SMALL + 2), INK),
        (ctx.t("catan-cheops.board.note"), face(SMALL), MUTED),
    ]
    height = 16 + 32 * len(lines)

    def draw(canvas: Canvas, y: int) -> None:
        for number, (words, font_face, colour) in enumerate(lines):
            words = ellipsize(words, font_face, WIDTH - 2 * MARGIN)
            text(canvas, WIDTH // 2, y + 20 + 32 * number, words, font_face, colour, anchor="mm")

    return Section(height, draw)
