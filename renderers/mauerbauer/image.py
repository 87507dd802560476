"""Mauerbauer: the board image of one view.

Top to bottom: a red banner with the turn, whose decision it is and what
they must decide (the seats that follow in a scoring round after them); the
last roll of the dice and the new wall; the board (`board`: water
on the coasts, the three regions under their coats of arms, walls, towers,
houses, palaces, the closed cities outlined with their names, and the
labels players type); the supply with the deck and the discard pile; the
players with points, cards in hand and what they played in the current
scoring; and in a seat's own view its guild cards, each with its group, an
icon, its name and a short scoring line (`cards`).

Every label a player needs is at least `MIN_TEXT` pixels high on the
`WIDTH`-pixel image: 9 pixels when it is shown 390 pixels wide. Colours are
never alone: pieces carry their colour's letter, seats their symbol, regions
their coat of arms and name. Every word comes from the catalogue.
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
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import runs
from renderers.layout import runs_width
from renderers.mauerbauer.board import BOARD_H
from renderers.mauerbauer.board import HOUSE_ORDER
from renderers.mauerbauer.board import MIN_TEXT
from renderers.mauerbauer.board import WIDTH
from renderers.mauerbauer.board import draw_board
from renderers.mauerbauer.cards import CARD_GAP
from renderers.mauerbauer.cards import CARD_H
from renderers.mauerbauer.cards import CARD_W
from renderers.mauerbauer.cards import card_image
from renderers.mauerbauer.pieces import HOUSE_RGB
from renderers.mauerbauer.pieces import TOWER_RGB
from renderers.mauerbauer.pieces import lettered
from renderers.mauerbauer.pieces import wall_icon

__all__ = ["GAME_ID", "MIN_TEXT", "WIDTH", "render"]

GAME_ID = "mauerbauer"

MARGIN = kit.MARGIN
GAP = 16
PAD = 16
BODY = MIN_TEXT
HEADING = MIN_TEXT + 4
TITLE = 44
TOWER_ORDER = ("white", "grey", "black")
BANNER = kit.Banner(title=TITLE, title_y=38, status=BODY + 2, note=HEADING)
ROWS = kit.Rows(marker=36, crown=34, arrow=30, rank=BODY)


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it."""
    players = int(view["players"])
    ctx = kit.Context(view, locale, common.seat_names(view, players, locale))
    sections = [_header(ctx), _dice(ctx), _board(ctx), _supply(ctx), _players(ctx)]
    if view.get("viewer") is not None and "hand" in view:
        sections.append(_hand(ctx))
    exact = (*common.THEME_COLOURS, *HOUSE_RGB.values(), *TOWER_RGB.values())
    return kit.page(WIDTH, sections, exact, gap=GAP, bottom=MARGIN)


# ---------------------------------------------------------------- small pieces


def _letter(ctx: kit.Context, colour: str) -> str:
    return ctx.t(f"mauerbauer.board.mark.{colour}")


def _piece(kind: str, colour: str, size: int, letter: str) -> Image.Image:
    """A tower, house or palace sprite with its colour's letter on it."""
    return lettered(kind, colour, size, letter, BODY, common.CREAM)


def _house_piece(ctx: kit.Context, colour: str, size: int = 36) -> Image.Image:
    return _piece("house", colour, size, _letter(ctx, colour))


def _palace_piece(ctx: kit.Context, colour: str, size: int = 48) -> Image.Image:
    return _piece("palace", colour, size, _letter(ctx, colour))


def _tower_piece(ctx: kit.Context, colour: str, size: int = 34) -> Image.Image:
    return _piece("tower", colour, size, _letter(ctx, colour))


# ---------------------------------------------------------------- header


def _places(decision: Mapping[str, Any], key: str) -> list[str]:
    found: list[str] = []
    for option in decision.get("options") or []:
        for placement in option:
            name = str(placement.get(key))
            if name not in found:
                found.append(name)
    return found


def _decision_text(ctx: kit.Context) -> str:
    view = ctx.view
    decision = view.get("decision") or {}
    kind = str(decision.get("kind") or "")
    city = str(view.get("new_city") or "")
    if kind == "towers":
        return ctx.t("mauerbauer.board.decide.towers", places=", ".join(_places(decision, "tower")))
    if kind == "houses":
        return ctx.t("mauerbauer.board.decide.houses", places=", ".join(_places(decision, "field")))
    if kind == "merge":
        return ctx.t(
            "mauerbauer.board.decide.merge", city=city, cities=", ".join(decision.get("cities") or [])
        )
    if kind == "scoring":
        return ctx.t("mauerbauer.board.decide.scoring", city=city)
    if kind in ("wall", "exchange", "final"):
        return ctx.t(f"mauerbauer.board.decide.{kind}")
    return ""


def _status_lines(ctx: kit.Context) -> list[list[Run]]:
    view = ctx.view
    if view.get("phase") == "over" or not view.get("decision"):
        outcome = view.get("outcome") or {}
        winners = [int(s) for s in outcome.get("winners") or []]
        line: list[Run] = [ctx.t("mauerbauer.board.over")]
        if winners:
            names = ", ".join(ctx.names[s] for s in winners)
            line = [
                ctx.t("mauerbauer.board.over"),
                "·",
                common.crown(34),
                ctx.t("mauerbauer.board.won", names=names),
            ]
        return [line]
    decision = view["decision"]
    seat = int(decision.get("seat", view.get("turn") or 0))
    who: list[Run] = [common.turn_arrow(28, common.GOLD_LIGHT), common.seat_symbol(seat, 32), ctx.names[seat]]
    what: list[Run] = [_decision_text(ctx)]
    then: list[Run] = []
    for other in [int(s) for s in decision.get("waiting") or []][1:]:
        then += [common.seat_symbol(other, 28), ctx.names[other]]
    if then:
        then = [ctx.t("mauerbauer.board.then") + ":", *then]
    status = BANNER.status_face()
    room = WIDTH - 2 * MARGIN
    # As few lines as fit: who and what on one line, the seats that follow after it.
    if then and runs_width([*who, *what, "·", *then], status) <= room:
        lines: list[list[Run]] = [[*who, *what, "·", *then]]
    else:
        lines = [[*who, *what]] if runs_width([*who, *what], status) <= room else [who, what]
        if then:
            lines.append(then)
    if view.get("ending"):
        lines.append([ctx.t("mauerbauer.board.ending")])
    return lines


def _header(ctx: kit.Context) -> kit.Section:
    turn = ctx.t("mauerbauer.board.turn", number=int(ctx.view.get("turn_number", 0)) + 1)
    title = ctx.t("mauerbauer.board.title")
    return BANNER.section(title, turn, _status_lines(ctx))


# ---------------------------------------------------------------- dice and the new wall


def _die(ctx: kit.Context, face_colour: str | None, kind: str) -> Image.Image:
    return _die_face(face_colour, kind, _letter(ctx, face_colour) if face_colour else "")


@lru_cache(maxsize=64)
def _die_face(face_colour: str | None, kind: str, letter: str) -> Image.Image:
    size = 56
    die = Canvas(size, size, None)
    die.box(0, 0, size, size, common.CREAM, common.INK, 3, radius=10)
    if face_colour is None or face_colour == "any":
        die.text(size // 2, size // 2 + 1, "?", face(BODY + 8, Weight.BOLD), common.INK, anchor="mm")
    else:
        sprite = _piece(kind, face_colour, 36 if kind == "tower" else 40, letter)
        die.paste(sprite, (size - sprite.width) // 2, (size - sprite.height) // 2)
    return die.image


def _dice(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    dice = view.get("dice")
    last = view.get("last_wall")
    body = face(BODY, Weight.BOLD)
    parts: list[Run] = []
    if dice:
        parts += [ctx.t("mauerbauer.board.tower_die") + ":"]
        tower_face = dice.get("tower")
        parts += (
            [_die(ctx, str(tower_face), "tower")] if tower_face else [ctx.t("mauerbauer.board.no_tower_die")]
        )
        parts += ["  ", ctx.t("mauerbauer.board.house_dice") + ":"]
        parts += [_die(ctx, str(colour), "house") for colour in dice.get("houses") or []]
    else:
        parts += [ctx.t("mauerbauer.board.dice") + ":", ctx.t("mauerbauer.board.no_dice")]
    wall = ""
    if last and view.get("phase") != "over":
        wall = ctx.t("mauerbauer.board.new_wall", line=int(last["line"]))
    room = WIDTH - 2 * MARGIN - 2 * PAD
    # The new wall goes on a line of its own when it does not fit beside the dice.
    one_line = not wall or runs_width(parts, body, 10) + 30 + text_width(wall, body) <= room
    height = 76 if one_line else 120

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height, common.blend(common.STONE, common.CREAM, 0.4))
        cy = y + 38
        runs(canvas, MARGIN + PAD, cy, parts, body, common.INK, gap=10)
        if wall and one_line:
            canvas.text(WIDTH - MARGIN - PAD, cy, wall, body, common.IMPERIAL_RED, anchor="rm")
        elif wall:
            canvas.text(
                MARGIN + PAD, y + 92, ellipsize(wall, body, room), body, common.IMPERIAL_RED, anchor="lm"
            )

    return kit.Section(height, draw)


# ---------------------------------------------------------------- board


def _board(ctx: kit.Context) -> kit.Section:
    def draw(canvas: Canvas, y: int) -> None:
        canvas.image.paste(draw_board(ctx.view, ctx.locale), (0, y))

    return kit.Section(BOARD_H, draw)


# ---------------------------------------------------------------- supply


_LABEL_W = 150
_COLUMN_W = 194


def _supply(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    supply = view.get("supply") or {}
    row_h = 58
    head_h = 50
    height = head_h + 4 * row_h + 10

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height)
        body = face(BODY, Weight.BOLD)
        plain = face(BODY)
        canvas.text(
            MARGIN + PAD,
            y + head_h // 2 + 4,
            ctx.t("mauerbauer.board.supply"),
            face(HEADING, Weight.BOLD),
            common.INK,
            anchor="lm",
        )
        deck = ctx.t("mauerbauer.board.deck", count=int(view.get("deck", 0)))
        discard = ctx.t("mauerbauer.board.discard", count=len(view.get("discard") or []))
        canvas.text(
            WIDTH - MARGIN - PAD, y + head_h // 2 + 4, f"{deck} · {discard}", body, common.INK, anchor="rm"
        )
        rows: list[tuple[str, list[tuple[Image.Image, str, int]]]] = [
            (
                "mauerbauer.board.houses",
                [
                    (
                        _house_piece(ctx, c),
                        ctx.t(f"mauerbauer.colour.{c}"),
                        int((supply.get("houses") or {}).get(c, 0)),
                    )
                    for c in HOUSE_ORDER
                ],
            ),
            (
                "mauerbauer.board.palaces",
                [
                    (_palace_piece(ctx, c, 46), "", int((supply.get("palaces") or {}).get(c, 0)))
                    for c in HOUSE_ORDER
                ],
            ),
            (
                "mauerbauer.board.towers",
                [
                    (
                        _tower_piece(ctx, c),
                        ctx.t(f"mauerbauer.colour.{c}"),
                        int((supply.get("towers") or {}).get(c, 0)),
                    )
                    for c in TOWER_ORDER
                ],
            ),
            ("mauerbauer.board.walls", [(wall_icon(44), "", int(supply.get("walls", 0)))]),
        ]
        for number, (key, items) in enumerate(rows):
            cy = y + head_h + number * row_h + row_h // 2
            canvas.text(MARGIN + PAD, cy, ctx.t(key), body, common.MUTED, anchor="lm")
            column_w = _COLUMN_W if len(items) > 3 else _COLUMN_W * 5 // 3
            for column, (sprite, name, count) in enumerate(items):
                x = MARGIN + PAD + _LABEL_W + column * column_w
                canvas.paste(sprite, x, cy - sprite.height // 2)
                tx = x + max(sprite.width, 46) + 8
                out = count == 0
                tx += (
                    canvas.text(
                        tx, cy, str(count), body, common.IMPERIAL_RED if out else common.INK, anchor="lm"
                    )
                    + 8
                )
                if name:
                    room = x + column_w - 8 - tx
                    canvas.text(tx, cy, ellipsize(name, plain, room), plain, common.MUTED, anchor="lm")

    return kit.Section(height, draw)


# ---------------------------------------------------------------- players


_POINTS_X = 580
_CARDS_X = 700
_ROUND_X = 780


def _play_text(ctx: kit.Context, play: Mapping[str, Any]) -> str:
    what = play.get("what")
    if what == "discard":
        return ctx.t("mauerbauer.board.discarded")
    if what == "pass":
        return ctx.t("mauerbauer.board.passed")
    cards = ", ".join(ctx.t(f"mauerbauer.card.{c}") for c in play.get("cards") or [])
    return ctx.t(
        "mauerbauer.board.played",
        cards=cards,
        points=ctx.t("mauerbauer.board.plus", points=int(play.get("points", 0))),
    )


def _players(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    players = int(view["players"])
    scores = list(view.get("scores") or [])
    hands = list(view.get("hands") or [])
    row_h = 56
    head_h = 48
    height = head_h + row_h * players + 12
    standing = kit.Standing.of(view, view.get("phase") == "over")
    viewer = view.get("viewer")
    plays: dict[int, list[Mapping[str, Any]]] = {}
    for play in view.get("plays") or []:
        plays.setdefault(int(play["seat"]), []).append(play)
    # In a merge the plays are still those of the previous scoring.
    show_round = bool(plays) and view.get("phase") in ("scoring", "exchange", "final", "over")

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height)
        head = face(BODY, Weight.BOLD)
        hy = y + head_h // 2 + 4
        heads = [(_POINTS_X, ctx.t("mauerbauer.board.points")), (_CARDS_X, ctx.t("mauerbauer.board.cards"))]
        kit.column_heads(canvas, hy, (MARGIN + 64, ctx.t("mauerbauer.board.player")), heads, head)
        if show_round:
            final = view.get("phase") == "final" or any(
                p.get("what") == "pass" for p in view.get("plays") or []
            )
            title = ctx.t("mauerbauer.board.final" if final else "mauerbauer.board.this_round")
            canvas.text(
                _ROUND_X,
                hy,
                ellipsize(title, head, WIDTH - MARGIN - PAD - _ROUND_X),
                head,
                common.MUTED,
                anchor="lm",
            )
        for seat in range(players):
            cy = kit.seat_row(canvas, seat, y + head_h + seat * row_h, row_h, standing, ROWS)
            you = ctx.t("mauerbauer.board.you") if seat == viewer else ""
            room = _POINTS_X - 60 - (MARGIN + 64)
            name_face = face(BODY, Weight.BOLD)
            kit.name_cell(
                canvas,
                MARGIN + 64,
                cy,
                seat,
                ctx.names[seat],
                name_face,
                room,
                symbol=32,
                you=you,
                you_gap=10,
            )
            score = scores[seat] if seat < len(scores) else 0
            hand = hands[seat] if seat < len(hands) else 0
            canvas.text(_POINTS_X, cy, str(score), face(BODY + 4, Weight.BOLD), common.INK, anchor="mm")
            canvas.text(_CARDS_X, cy, str(hand), face(BODY, Weight.BOLD), common.INK, anchor="mm")
            if show_round and seat in plays:
                text = "; ".join(_play_text(ctx, p) for p in plays[seat])
                room = WIDTH - MARGIN - PAD - _ROUND_X
                canvas.text(
                    _ROUND_X, cy, ellipsize(text, face(BODY), room), face(BODY), common.INK, anchor="lm"
                )

    return kit.Section(height, draw)


# ---------------------------------------------------------------- the viewer's hand


_PER_ROW = kit.per_row(WIDTH - 2 * MARGIN - 2 * PAD, CARD_W, CARD_GAP)


def _hand(ctx: kit.Context) -> kit.Section:
    view = ctx.view
    viewer = int(view["viewer"])
    hand = [str(c) for c in view.get("hand") or []]
    rows = (len(hand) + _PER_ROW - 1) // _PER_ROW
    head_h = 60
    height = head_h + (rows * (CARD_H + CARD_GAP) if hand else 50) + PAD

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height, kit.HAND, common.GOLD_DARK)
        cy = y + head_h // 2 + 4
        runs(
            canvas,
            MARGIN + PAD,
            cy,
            [common.seat_symbol(viewer, 32), ctx.t("mauerbauer.board.your_hand")],
            face(HEADING, Weight.BOLD),
            common.INK,
            gap=12,
        )
        cards = [card_image(kind, ctx.locale) for kind in hand]
        empty = (ctx.t("mauerbauer.board.empty_hand"), face(BODY))
        step = (CARD_W + CARD_GAP, CARD_H + CARD_GAP)
        kit.in_rows(canvas, cards, MARGIN + PAD, y + head_h, _PER_ROW, step, empty)

    return kit.Section(height, draw)
