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

The image is laid out for a phone: `WIDTH` (900) pixels wide, the board
filling the width, every panel below it. Shown 390 pixels wide, the places
and every figure a player compares (points, cards in hand, pieces left, what
a card scores) are at least 8 pixels tall, the letters on the pieces at
least 6; each reports its role (`renderers.legibility`). Colours are never
alone: pieces carry their colour's letter, seats their symbol, regions their
coat of arms and name. Every word comes from the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image

from renderers import common
from renderers import kit
from renderers import legibility
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.layout import Run
from renderers.layout import runs
from renderers.layout import runs_width
from renderers.legibility import FIGURE
from renderers.legibility import MARK
from renderers.mauerbauer.board import BOARD_H
from renderers.mauerbauer.board import HOUSE_ORDER
from renderers.mauerbauer.board import MARK_TEXT
from renderers.mauerbauer.board import MIN_TEXT
from renderers.mauerbauer.board import WIDTH
from renderers.mauerbauer.board import draw_board
from renderers.mauerbauer.cards import CARD_GAP
from renderers.mauerbauer.cards import CARD_H
from renderers.mauerbauer.cards import CARD_W
from renderers.mauerbauer.cards import card_image
from renderers.mauerbauer.cards import note_card
from renderers.mauerbauer.cards import wrap
from renderers.mauerbauer.pieces import HOUSE_RGB
from renderers.mauerbauer.pieces import TOWER_RGB
from renderers.mauerbauer.pieces import lettered
from renderers.mauerbauer.pieces import wall_icon

__all__ = ["GAME_ID", "MIN_TEXT", "WIDTH", "hand", "render"]

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


#: A page taller than this many times its width shows small on a phone: a hand that would
#: make the seat's board taller is drawn as a picture of its own (`hand`).
TALLEST = 2.2
_EXACT = (*common.THEME_COLOURS, *HOUSE_RGB.values(), *TOWER_RGB.values())


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it (a seat's: with its hand, or a line that
    points to the hand's own picture when the hand would make the page too tall)."""
    ctx = _context(view, locale)
    sections = _board_sections(ctx)
    if view.get("viewer") is not None and "hand" in view:
        hand_section = _hand(ctx)
        sections.append(hand_section if _fits(sections, hand_section) else _hand_apart(ctx))
    return kit.page(WIDTH, sections, _EXACT, gap=GAP, bottom=MARGIN)


def hand(view: Mapping[str, Any], locale: str | None = None) -> bytes | None:
    """The seat's guild cards as a picture of their own when they would make its board too
    tall (seven cards fill three rows); None when the board shows them."""
    if view.get("viewer") is None or "hand" not in view:
        return None
    ctx = _context(view, locale)
    hand_section = _hand(ctx)
    if _fits(_board_sections(ctx), hand_section):
        return None
    top = kit.Section(MARGIN, lambda canvas, y: None, space_after=0)
    return kit.page(WIDTH, [top, hand_section], _EXACT, gap=GAP, bottom=MARGIN)


def _context(view: Mapping[str, Any], locale: str | None) -> kit.Context:
    players = int(view["players"])
    return kit.Context(view, locale, common.seat_names(view, players, locale))


def _board_sections(ctx: kit.Context) -> list[kit.Section]:
    return [_header(ctx), _dice(ctx), _board(ctx), _supply(ctx), _players(ctx)]


def _fits(sections: list[kit.Section], hand_section: kit.Section) -> bool:
    return kit.page_height([*sections, hand_section], gap=GAP, bottom=MARGIN) <= TALLEST * WIDTH


# ---------------------------------------------------------------- small pieces


def _letter(ctx: kit.Context, colour: str) -> str:
    return ctx.t(f"mauerbauer.board.mark.{colour}")


#: The letters on the pieces outside the board (condensed): capitals 16 px, 7 px on a phone.
PIECE_LETTER = MARK_TEXT + 2


def _piece(kind: str, colour: str, size: int, letter: str) -> Image.Image:
    """A tower, house or palace sprite with its colour's letter on it (the sprite is cached,
    so the letter is noted here, each time it is drawn)."""
    legibility.note(MARK, letter, face(PIECE_LETTER, Weight.CONDENSED))
    return lettered(kind, colour, size, letter, PIECE_LETTER, common.CREAM)


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
    # As few lines as fit: who and what on one line, the seats that follow after it; a
    # text too long for the width goes on lines of its own, wrapped rather than cut.
    if runs_width([*who, *what], status) <= room:
        lines: list[list[Run]] = [[*who, *what]]
    else:
        beside = room - runs_width(who, status) - BANNER.gap
        first, *rest = wrap(_decision_text(ctx), status, room, 3, first=beside)
        lines = [[*who, first]] + [[line] for line in rest]
    if then and len(lines) == 1 and runs_width([*lines[0], "·", *then], status) <= room:
        lines = [[*lines[0], "·", *then]]
    elif then:
        lines.append(then)
    if view.get("ending"):
        lines += [[line] for line in wrap(ctx.t("mauerbauer.board.ending"), status, room, 3)]
    return lines


def _header(ctx: kit.Context) -> kit.Section:
    turn = ctx.t("mauerbauer.board.turn", number=int(ctx.view.get("turn_number", 0)) + 1)
    title = ctx.t("mauerbauer.board.title")
    return BANNER.section(title, turn, _status_lines(ctx))


# ---------------------------------------------------------------- dice and the new wall


def _die(ctx: kit.Context, face_colour: str | None, kind: str) -> Image.Image:
    letter = _letter(ctx, face_colour) if face_colour else ""
    if face_colour not in (None, "any"):
        legibility.note(MARK, letter, face(PIECE_LETTER, Weight.CONDENSED))
    return _die_face(face_colour, kind, letter)


@lru_cache(maxsize=64)
def _die_face(face_colour: str | None, kind: str, letter: str) -> Image.Image:
    size = 56
    die = Canvas(size, size, None)
    die.box(0, 0, size, size, common.CREAM, common.INK, 3, radius=10)
    if face_colour is None or face_colour == "any":
        die.text(size // 2, size // 2 + 1, "?", face(BODY + 8, Weight.BOLD), common.INK, anchor="mm")
    else:
        sprite = lettered(
            kind, face_colour, 36 if kind == "tower" else 40, letter, PIECE_LETTER, common.CREAM
        )
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


#: The room of a piece and of the count beside it in the supply.
_SPRITE_W = 50
_COUNT_W = 44


def _supply_rows(ctx: kit.Context) -> list[tuple[str, list[tuple[Image.Image, int]]]]:
    """Each row of the supply: its word and the pieces left (a sprite with its letter, a count)."""
    supply = ctx.view.get("supply") or {}

    def left(key: str, colour: str) -> int:
        return int((supply.get(key) or {}).get(colour, 0))

    return [
        ("mauerbauer.board.houses", [(_house_piece(ctx, c), left("houses", c)) for c in HOUSE_ORDER]),
        ("mauerbauer.board.palaces", [(_palace_piece(ctx, c, 46), left("palaces", c)) for c in HOUSE_ORDER]),
        ("mauerbauer.board.towers", [(_tower_piece(ctx, c), left("towers", c)) for c in TOWER_ORDER]),
        ("mauerbauer.board.walls", [(wall_icon(44), int(supply.get("walls", 0)))]),
    ]


def _supply(ctx: kit.Context) -> kit.Section:
    """The pieces left, each a piece with its letter and a count: no colour's name beside it
    (the letter tells it), so nothing is ever cut."""
    view = ctx.view
    rows = _supply_rows(ctx)
    row_h = 58
    head_h = 50
    height = head_h + len(rows) * row_h + 10
    body = face(BODY, Weight.BOLD)
    label_w = max(text_width(ctx.t(key), body) for key, _ in rows) + 24
    column_w = (WIDTH - 2 * MARGIN - 2 * PAD - label_w) // len(HOUSE_ORDER)

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height)
        head_y = y + head_h // 2 + 4
        canvas.text(
            MARGIN + PAD,
            head_y,
            ctx.t("mauerbauer.board.supply"),
            face(HEADING, Weight.BOLD),
            common.INK,
            anchor="lm",
        )
        deck = ctx.t("mauerbauer.board.deck", count=int(view.get("deck", 0)))
        discard = ctx.t("mauerbauer.board.discard", count=len(view.get("discard") or []))
        canvas.text(
            WIDTH - MARGIN - PAD, head_y, f"{deck} · {discard}", body, common.INK, anchor="rm", role=FIGURE
        )
        for number, (key, items) in enumerate(rows):
            cy = y + head_h + number * row_h + row_h // 2
            canvas.text(MARGIN + PAD, cy, ctx.t(key), body, common.MUTED, anchor="lm")
            for column, (sprite, count) in enumerate(items):
                x = MARGIN + PAD + label_w + column * column_w
                canvas.paste(sprite, x + (_SPRITE_W - sprite.width) // 2, cy - sprite.height // 2)
                ink = common.IMPERIAL_RED if count == 0 else common.INK
                canvas.text(x + _SPRITE_W + 6, cy, str(count), body, ink, anchor="lm", role=FIGURE)

    return kit.Section(height, draw)


# ---------------------------------------------------------------- players


_POINTS_X = 600
_CARDS_X = 740
_NAME_X = MARGIN + 64


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
    """The seats with points and cards in hand; in a scoring round, what each played on lines
    of their own below it (the whole width, wrapped: a narrow column would cut it)."""
    view = ctx.view
    players = int(view["players"])
    scores = list(view.get("scores") or [])
    hands = list(view.get("hands") or [])
    rounds = _round_lines(ctx)
    line_h = 56
    heights = [line_h + _ROUND_LINE_H * len(rounds.get(seat, ())) for seat in range(players)]
    head_h = 48
    height = head_h + sum(heights) + 12
    standing = kit.Standing.of(view, view.get("phase") == "over")
    viewer = view.get("viewer")
    body = face(BODY, Weight.BOLD)

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height)
        hy = y + head_h // 2 + 4
        heads = [(_POINTS_X, ctx.t("mauerbauer.board.points")), (_CARDS_X, ctx.t("mauerbauer.board.cards"))]
        kit.column_heads(canvas, hy, (_NAME_X, ctx.t("mauerbauer.board.player")), heads, body)
        top = y + head_h
        for seat in range(players):
            kit.seat_row(canvas, seat, top, heights[seat], standing, ROWS)
            cy = top + line_h // 2
            you = ctx.t("mauerbauer.board.you") if seat == viewer else ""
            room = _POINTS_X - 60 - _NAME_X
            kit.name_cell(
                canvas, _NAME_X, cy, seat, ctx.names[seat], body, room, symbol=32, you=you, you_gap=10
            )
            score = scores[seat] if seat < len(scores) else 0
            hand = hands[seat] if seat < len(hands) else 0
            points_face = face(BODY + 4, Weight.BOLD)
            canvas.text(_POINTS_X, cy, str(score), points_face, common.INK, anchor="mm", role=FIGURE)
            canvas.text(_CARDS_X, cy, str(hand), body, common.INK, anchor="mm", role=FIGURE)
            for number, line in enumerate(rounds.get(seat, ())):
                line_y = top + line_h + number * _ROUND_LINE_H + _ROUND_LINE_H // 2 - 10
                canvas.text(_NAME_X, line_y, line, face(BODY), common.INK, anchor="lm", role=FIGURE)
            top += heights[seat]

    return kit.Section(height, draw)


#: The height of a line of what a seat played this round.
_ROUND_LINE_H = 36


def _round_lines(ctx: kit.Context) -> dict[int, list[str]]:
    """What each seat played in the current scoring round (or the final round), wrapped to
    the table's width (three lines at most), after the round's name."""
    view = ctx.view
    # In a merge the plays are still those of the previous scoring.
    if view.get("phase") not in ("scoring", "exchange", "final", "over"):
        return {}
    plays: dict[int, list[Mapping[str, Any]]] = {}
    for play in view.get("plays") or []:
        plays.setdefault(int(play["seat"]), []).append(play)
    final = view.get("phase") == "final" or any(p.get("what") == "pass" for p in view.get("plays") or [])
    title = ctx.t("mauerbauer.board.final" if final else "mauerbauer.board.this_round") + ":"
    room = WIDTH - MARGIN - PAD - _NAME_X
    return {
        seat: wrap(f"{title} " + "; ".join(_play_text(ctx, p) for p in made), face(BODY), room, 3)
        for seat, made in plays.items()
    }


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
        for kind in hand:
            note_card(kind, ctx.locale)
        empty = (ctx.t("mauerbauer.board.empty_hand"), face(BODY))
        step = (CARD_W + CARD_GAP, CARD_H + CARD_GAP)
        kit.in_rows(canvas, cards, MARGIN + PAD, y + head_h, _PER_ROW, step, empty)

    return kit.Section(height, draw)


def _hand_apart(ctx: kit.Context) -> kit.Section:
    """The line where the hand would be: it is in the next picture."""
    viewer = int(ctx.view["viewer"])
    count = len(ctx.view.get("hand") or [])
    height = 60

    def draw(canvas: Canvas, y: int) -> None:
        kit.panel(canvas, y, height, kit.HAND, common.GOLD_DARK)
        said = ctx.t("mauerbauer.board.hand_apart", n=count)
        words: list[str | Image.Image] = [common.seat_symbol(viewer, 32), said]
        runs(canvas, MARGIN + PAD, y + height // 2 + 4, words, face(HEADING, Weight.BOLD), common.INK, gap=12)

    return kit.Section(height, draw)
