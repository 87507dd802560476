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

from renderers import layout
from renderers.canvas import RGB, Canvas, ellipsize, text_width
from renderers.common import (
    CREAM,
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
    seat_names,
    seat_symbol,
    turn_arrow,
)
from renderers.fonts import Weight, face
from renderers.layout import Context, Run, Section
from renderers.mauerbauer.board import BOARD_H, HOUSE_ORDER, MIN_TEXT, WIDTH, draw_board
from renderers.mauerbauer.cards import CARD_GAP, CARD_H, CARD_W, card_image
from renderers.mauerbauer.pieces import HOUSE_RGB, TOWER_RGB, house, palace, tower, wall_icon

__all__ = ["GAME_ID", "MIN_TEXT", "WIDTH", "render"]

GAME_ID = "mauerbauer"

MARGIN = 24
GAP = 16
PAD = 16
BODY = MIN_TEXT
HEADING = MIN_TEXT + 4
TITLE = 44
RADIUS = 14
TOWER_ORDER = ("white", "grey", "black")


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it."""
    players = int(view["players"])
    ctx = Context(view, locale, seat_names(view, players, locale))
    sections = [_header(ctx), _dice(ctx), _board(ctx), _supply(ctx), _players(ctx)]
    if view.get("viewer") is not None and "hand" in view:
        sections.append(_hand(ctx))
    height = sum(s.height for s in sections) + GAP * (len(sections) - 1) + MARGIN
    canvas = Canvas(WIDTH, height, PARCHMENT)
    y = 0
    for section in sections:
        section.draw(canvas, y)
        y += section.height + GAP
    return canvas.png((*THEME_COLOURS, *HOUSE_RGB.values(), *TOWER_RGB.values()))


# ---------------------------------------------------------------- small pieces


def _letter(ctx: Context, colour: str) -> str:
    return ctx.t(f"mauerbauer.board.mark.{colour}")


@lru_cache(maxsize=256)
def _piece(kind: str, colour: str, size: int, letter: str) -> Image.Image:
    """A tower, house or palace sprite with its colour's letter on it."""
    if kind == "tower":
        sprite, ink, at = tower(colour, size), CREAM if colour == "black" else INK, 0.64
    elif kind == "palace":
        sprite, ink, at = palace(colour, size), INK if colour in ("yellow", "pink") else CREAM, 0.66
    else:
        sprite, ink, at = house(colour, size), INK if colour in ("yellow", "pink") else CREAM, 0.66
    piece = Canvas(sprite.width, sprite.height, None)
    piece.paste(sprite, 0, 0)
    piece.text(
        sprite.width // 2,
        round(sprite.height * at),
        letter,
        face(BODY, Weight.CONDENSED),
        ink,
        anchor="mm",
    )
    return piece.image


def _house_piece(ctx: Context, colour: str, size: int = 36) -> Image.Image:
    return _piece("house", colour, size, _letter(ctx, colour))


def _palace_piece(ctx: Context, colour: str, size: int = 48) -> Image.Image:
    return _piece("palace", colour, size, _letter(ctx, colour))


def _tower_piece(ctx: Context, colour: str, size: int = 34) -> Image.Image:
    return _piece("tower", colour, size, _letter(ctx, colour))


def _panel(canvas: Canvas, y: int, height: int, fill: RGB = CREAM, border: RGB = STONE_DARK) -> None:
    layout.panel(canvas, WIDTH, y, height, fill, border)


# ---------------------------------------------------------------- header


def _places(decision: Mapping[str, Any], key: str) -> list[str]:
    found: list[str] = []
    for option in decision.get("options") or []:
        for placement in option:
            name = str(placement.get(key))
            if name not in found:
                found.append(name)
    return found


def _decision_text(ctx: Context) -> str:
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


def _status_lines(ctx: Context) -> list[list[Run]]:
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
                crown(34),
                ctx.t("mauerbauer.board.won", names=names),
            ]
        return [line]
    decision = view["decision"]
    seat = int(decision.get("seat", view.get("turn") or 0))
    who: list[Run] = [turn_arrow(28, GOLD_LIGHT), seat_symbol(seat, 32), ctx.names[seat]]
    what: list[Run] = [_decision_text(ctx)]
    then: list[Run] = []
    for other in [int(s) for s in decision.get("waiting") or []][1:]:
        then += [seat_symbol(other, 28), ctx.names[other]]
    if then:
        then = [ctx.t("mauerbauer.board.then") + ":", *then]
    status = face(BODY + 2, Weight.BOLD)
    room = WIDTH - 2 * MARGIN
    # As few lines as fit: who and what on one line, the seats that follow after it.
    if then and layout.runs_width([*who, *what, "·", *then], status) <= room:
        lines: list[list[Run]] = [[*who, *what, "·", *then]]
    else:
        lines = [[*who, *what]] if layout.runs_width([*who, *what], status) <= room else [who, what]
        if then:
            lines.append(then)
    if view.get("ending"):
        lines.append([ctx.t("mauerbauer.board.ending")])
    return lines


def _header(ctx: Context) -> Section:
    lines = _status_lines(ctx)
    band = 84 + 44 * len(lines)
    merlon = 14

    def draw(canvas: Canvas, y: int) -> None:
        canvas.rect(0, y, WIDTH, y + band, IMPERIAL_RED)
        step = 40
        for x in range(0, WIDTH, 2 * step):
            canvas.rect(x + step // 2, y + band, x + step // 2 + step, y + band + merlon, IMPERIAL_RED)
        canvas.rect(0, y + band - 4, WIDTH, y + band, RED_DARK)
        canvas.text(
            MARGIN, y + 38, ctx.t("mauerbauer.board.title"), face(TITLE, Weight.BOLD), GOLD_LIGHT, anchor="lm"
        )
        turn = ctx.t("mauerbauer.board.turn", number=int(ctx.view.get("turn_number", 0)) + 1)
        canvas.text(WIDTH - MARGIN, y + 40, turn, face(HEADING, Weight.BOLD), GOLD_LIGHT, anchor="rm")
        status = face(BODY + 2, Weight.BOLD)
        for number, runs in enumerate(lines):
            layout.fit_runs(canvas, MARGIN, y + 88 + number * 44, runs, status, CREAM, WIDTH - 2 * MARGIN)

    return Section(band + merlon, draw)


# ---------------------------------------------------------------- dice and the new wall


def _die(ctx: Context, face_colour: str | None, kind: str) -> Image.Image:
    return _die_face(face_colour, kind, _letter(ctx, face_colour) if face_colour else "")


@lru_cache(maxsize=64)
def _die_face(face_colour: str | None, kind: str, letter: str) -> Image.Image:
    size = 56
    die = Canvas(size, size, None)
    die.box(0, 0, size, size, CREAM, INK, 3, radius=10)
    if face_colour is None or face_colour == "any":
        die.text(size // 2, size // 2 + 1, "?", face(BODY + 8, Weight.BOLD), INK, anchor="mm")
    else:
        sprite = _piece(kind, face_colour, 36 if kind == "tower" else 40, letter)
        die.paste(sprite, (size - sprite.width) // 2, (size - sprite.height) // 2)
    return die.image


def _dice(ctx: Context) -> Section:
    view = ctx.view
    dice = view.get("dice")
    last = view.get("last_wall")
    body = face(BODY, Weight.BOLD)
    runs: list[Run] = []
    if dice:
        runs += [ctx.t("mauerbauer.board.tower_die") + ":"]
        tower_face = dice.get("tower")
        runs += (
            [_die(ctx, str(tower_face), "tower")] if tower_face else [ctx.t("mauerbauer.board.no_tower_die")]
        )
        runs += ["  ", ctx.t("mauerbauer.board.house_dice") + ":"]
        runs += [_die(ctx, str(colour), "house") for colour in dice.get("houses") or []]
    else:
        runs += [ctx.t("mauerbauer.board.dice") + ":", ctx.t("mauerbauer.board.no_dice")]
    wall = ""
    if last and view.get("phase") != "over":
        wall = ctx.t("mauerbauer.board.new_wall", line=int(last["line"]))
    room = WIDTH - 2 * MARGIN - 2 * PAD
    # The new wall goes on a line of its own when it does not fit beside the dice.
    one_line = not wall or layout.runs_width(runs, body, 10) + 30 + text_width(wall, body) <= room
    height = 76 if one_line else 120

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, blend(STONE, CREAM, 0.4))
        cy = y + 38
        layout.runs(canvas, MARGIN + PAD, cy, runs, body, INK, gap=10)
        if wall and one_line:
            canvas.text(WIDTH - MARGIN - PAD, cy, wall, body, IMPERIAL_RED, anchor="rm")
        elif wall:
            canvas.text(MARGIN + PAD, y + 92, ellipsize(wall, body, room), body, IMPERIAL_RED, anchor="lm")

    return Section(height, draw)


# ---------------------------------------------------------------- board


def _board(ctx: Context) -> Section:
    def draw(canvas: Canvas, y: int) -> None:
        canvas.image.paste(draw_board(ctx.view, ctx.locale), (0, y))

    return Section(BOARD_H, draw)


# ---------------------------------------------------------------- supply


_LABEL_W = 150
_COLUMN_W = 194


def _supply(ctx: Context) -> Section:
    view = ctx.view
    supply = view.get("supply") or {}
    row_h = 58
    head_h = 50
    height = head_h + 4 * row_h + 10

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height)
        body = face(BODY, Weight.BOLD)
        plain = face(BODY)
        canvas.text(
            MARGIN + PAD,
            y + head_h // 2 + 4,
            ctx.t("mauerbauer.board.supply"),
            face(HEADING, Weight.BOLD),
            INK,
            anchor="lm",
        )
        deck = ctx.t("mauerbauer.board.deck", count=int(view.get("deck", 0)))
        discard = ctx.t("mauerbauer.board.discard", count=len(view.get("discard") or []))
        canvas.text(WIDTH - MARGIN - PAD, y + head_h // 2 + 4, f"{deck} · {discard}", body, INK, anchor="rm")
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
            canvas.text(MARGIN + PAD, cy, ctx.t(key), body, MUTED, anchor="lm")
            column_w = _COLUMN_W if len(items) > 3 else _COLUMN_W * 5 // 3
            for column, (sprite, name, count) in enumerate(items):
                x = MARGIN + PAD + _LABEL_W + column * column_w
                canvas.paste(sprite, x, cy - sprite.height // 2)
                tx = x + max(sprite.width, 46) + 8
                out = count == 0
                tx += canvas.text(tx, cy, str(count), body, IMPERIAL_RED if out else INK, anchor="lm") + 8
                if name:
                    room = x + column_w - 8 - tx
                    canvas.text(tx, cy, ellipsize(name, plain, room), plain, MUTED, anchor="lm")

    return Section(height, draw)


# ---------------------------------------------------------------- players


_POINTS_X = 580
_CARDS_X = 700
_ROUND_X = 780


def _play_text(ctx: Context, play: Mapping[str, Any]) -> str:
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


def _players(ctx: Context) -> Section:
    view = ctx.view
    players = int(view["players"])
    scores = list(view.get("scores") or [])
    hands = list(view.get("hands") or [])
    row_h = 56
    head_h = 48
    height = head_h + row_h * players + 12
    acting = set(view.get("to_act") or [])
    over = view.get("phase") == "over"
    outcome = view.get("outcome") or {}
    winners = set(outcome.get("winners") or [])
    ranks = list(outcome.get("ranks") or [])
    viewer = view.get("viewer")
    plays: dict[int, list[Mapping[str, Any]]] = {}
    for play in view.get("plays") or []:
        plays.setdefault(int(play["seat"]), []).append(play)
    # In a merge the plays are still those of the previous scoring.
    show_round = bool(plays) and view.get("phase") in ("scoring", "exchange", "final", "over")

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height)
        head = face(BODY, Weight.BOLD)
        hy = y + head_h // 2 + 4
        canvas.text(MARGIN + 64, hy, ctx.t("mauerbauer.board.player"), head, MUTED, anchor="lm")
        canvas.text(_POINTS_X, hy, ctx.t("mauerbauer.board.points"), head, MUTED, anchor="mm")
        canvas.text(_CARDS_X, hy, ctx.t("mauerbauer.board.cards"), head, MUTED, anchor="mm")
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
                MUTED,
                anchor="lm",
            )
        for seat in range(players):
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
            you = ctx.t("mauerbauer.board.you") if seat == viewer else ""
            you_w = text_width(you, face(BODY)) + 10 if you else 0
            symbol = seat_symbol(seat, 32)
            name = ellipsize(
                ctx.names[seat], name_face, _POINTS_X - 60 - (MARGIN + 64) - symbol.width - 10 - you_w
            )
            end = layout.runs(canvas, MARGIN + 64, cy, [symbol, name], name_face, INK, gap=10)
            if you:
                canvas.text(end + 10, cy, you, face(BODY), MUTED, anchor="lm")
            score = scores[seat] if seat < len(scores) else 0
            hand = hands[seat] if seat < len(hands) else 0
            canvas.text(_POINTS_X, cy, str(score), face(BODY + 4, Weight.BOLD), INK, anchor="mm")
            canvas.text(_CARDS_X, cy, str(hand), face(BODY, Weight.BOLD), INK, anchor="mm")
            if show_round and seat in plays:
                text = "; ".join(_play_text(ctx, p) for p in plays[seat])
                room = WIDTH - MARGIN - PAD - _ROUND_X
                canvas.text(_ROUND_X, cy, ellipsize(text, face(BODY), room), face(BODY), INK, anchor="lm")

    return Section(height, draw)


# ---------------------------------------------------------------- the viewer's hand


_PER_ROW = (WIDTH - 2 * MARGIN - 2 * PAD + CARD_GAP) // (CARD_W + CARD_GAP)


def _hand(ctx: Context) -> Section:
    view = ctx.view
    viewer = int(view["viewer"])
    hand = [str(c) for c in view.get("hand") or []]
    rows = (len(hand) + _PER_ROW - 1) // _PER_ROW
    head_h = 60
    height = head_h + (rows * (CARD_H + CARD_GAP) if hand else 50) + PAD

    def draw(canvas: Canvas, y: int) -> None:
        _panel(canvas, y, height, blend(GOLD_LIGHT, CREAM, 0.4), GOLD_DARK)
        cy = y + head_h // 2 + 4
        layout.runs(
            canvas,
            MARGIN + PAD,
            cy,
            [seat_symbol(viewer, 32), ctx.t("mauerbauer.board.your_hand")],
            face(HEADING, Weight.BOLD),
            INK,
            gap=12,
        )
        if not hand:
            canvas.text(
                MARGIN + PAD,
                y + head_h + 20,
                ctx.t("mauerbauer.board.empty_hand"),
                face(BODY),
                MUTED,
                anchor="lm",
            )
            return
        for index, kind in enumerate(hand):
            row, column = divmod(index, _PER_ROW)
            x = MARGIN + PAD + column * (CARD_W + CARD_GAP)
            top = y + head_h + row * (CARD_H + CARD_GAP)
            canvas.paste(card_image(kind, ctx.locale), x, top)

    return Section(height, draw)
