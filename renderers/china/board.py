"""China: the map with its pieces, as the board image and the close-up of a move draw it.

On the map's unchanging picture (`renderers.china.map`) go the pieces of a
view: houses, fortresses, the emissaries on each dragon field (per seat, its
letter and how many), the provinces' name plates (gold once scored), the
numbers of the free house spaces and the alliances' numbers. A seat's pieces
show its colour *and* its letter (`seat_letter`: A for the first seat, B for
the second...), which the table of players repeats beside each name, so that
a house reads on a province of a colour like its own and on a phone. With the
view of the post before (`since`), every piece placed since then stands in a
red and white ring.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image
from PIL import ImageDraw

from games.china.data import BOARD_VERSIONS
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCE_NAMES
from games.china.data import PROVINCES
from games.china.data import SPACES
from games.china.data import VERSION_SPACES
from renderers import common
from renderers import legibility
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import sprite
from renderers.canvas import text_width
from renderers.china.map import DRAGON_R
from renderers.china.map import NAME_SIZE
from renderers.china.map import PROVINCE_INK
from renderers.china.map import SPACE_R
from renderers.china.map import alliance_numbers
from renderers.china.map import base_map
from renderers.china.map import geometry
from renderers.china.map import space_disc
from renderers.china.map import space_number
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import FIGURE
from renderers.legibility import MARK
from renderers.legibility import PLACE

__all__ = [
    "HOUSE_SIZE",
    "Changes",
    "changes",
    "draw_map",
    "emissary_badge",
    "house",
    "name_plate",
    "new_mark",
    "piece_icon",
    "seat_letter",
]

#: A house on the map: wider than its space, so that it covers the space's number.
HOUSE_SIZE = 2 * SPACE_R + 14
#: How far the ring round a piece placed since the last post reaches beyond the piece.
_RING = 18

_LETTERS = "ABCDEFGH"


def seat_letter(seat: int) -> str:
    """The letter on a seat's pieces and beside its name: A, B, C... in seat order."""
    return _LETTERS[seat % len(_LETTERS)]


# ---------------------------------------------------------------- pieces


def _paint_house(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    """A house with a pointed roof, inked, in a cream halo that parts it from the province."""
    fill, outline, halo = colours
    halo_w = max(2, w // 16)
    body = [(0.16, 0.44), (0.50, 0.08), (0.84, 0.44), (0.84, 0.92), (0.16, 0.92)]
    points = [(x * w, y * h) for x, y in body]
    draw.line([*points, points[0], points[1]], fill=halo, width=2 * halo_w, joint="curve")
    draw.polygon(points, fill=outline)
    border = max(2, w // 14)
    cx, cy = 0.5 * w, 0.58 * h
    inner = [
        (cx + (x - cx) * (1 - 2.4 * border / w), cy + (y - cy) * (1 - 2.4 * border / h)) for x, y in points
    ]
    draw.polygon(inner, fill=fill)


def _letter_face(size: int) -> Face:
    return face(round(size * 0.5), Weight.BOLD)


@lru_cache(maxsize=64)
def _house(seat: int, size: int) -> Image.Image:
    colour = common.seat_colour(seat)
    token = Canvas(size, size, None)
    token.paste(sprite(_paint_house, size, size, (colour, common.INK, common.CREAM)), 0, 0)
    token.text(
        size // 2, round(size * 0.65), seat_letter(seat), _letter_face(size), common.on_colour(colour), "mm"
    )
    return token.image


def house(seat: int, size: int) -> Image.Image:
    """A house of the seat: its colour, with its letter on the front (noted as a piece's mark)."""
    legibility.note(MARK, seat_letter(seat), _letter_face(size))
    return _house(seat, size)


def emissary_badge(canvas: Canvas, x: int, cy: int, seat: int, size: int) -> int:
    """An emissary of the seat, left side at `x`: a disc in its colour with its letter; its width."""
    colour = common.seat_colour(seat)
    canvas.paste(_disc(size, colour), x, cy - size // 2)
    letter_face = face(round(size * 0.66), Weight.BOLD)
    canvas.text(x + size // 2, cy + 1, seat_letter(seat), letter_face, common.on_colour(colour), "mm", MARK)
    return size


def _paint_disc(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    draw.ellipse((0, 0, w - 1, h - 1), fill=outline)
    border = max(2, w // 16)
    draw.ellipse((border, border, w - 1 - border, h - 1 - border), fill=fill)


def _disc(size: int, colour: RGB) -> Image.Image:
    return sprite(_paint_disc, size, size, (colour, common.INK))


def _paint_check(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, mark = colours
    draw.ellipse((0, 0, w - 1, h - 1), fill=fill)
    points = [(0.24, 0.52), (0.42, 0.70), (0.76, 0.32)]
    draw.line([(x * w, y * h) for x, y in points], fill=mark, width=max(2, w // 7), joint="curve")


def _check(size: int) -> Image.Image:
    """The mark of a scored province."""
    return sprite(_paint_check, size, size, (common.GOLD_DARK, common.WHITE))


def _paint_fortress(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    tooth = w / 7
    top = h * 0.16
    points = [(0.0, top)]
    for k in range(7):
        x0, x1 = k * tooth, (k + 1) * tooth
        if k % 2 == 0:
            points += [(x0, 0.0), (x1, 0.0), (x1, top)]
        else:
            points += [(x1, top)]
    points += [(w, h), (0.0, h)]
    draw.polygon(points, fill=outline)
    b = max(2, w // 22)
    inner = [
        (x if x not in (0.0, w) else (b if x == 0.0 else w - b), y + b if y == 0.0 else y) for x, y in points
    ]
    inner[-2] = (w - b, h - b)
    inner[-1] = (b, h - b)
    draw.polygon(inner, fill=fill)


def _fortress(size: int) -> Image.Image:
    """A fortress: a grey stone square with battlements, drawn under its space."""
    return sprite(_paint_fortress, size, size, ((168, 160, 150), (70, 64, 58)))


def piece_icon(piece: str, size: int) -> Image.Image:
    """A piece of no seat, as a column's heading: `house`, `emissary` or `fortress`."""
    if piece == "house":
        return sprite(_paint_house, size, size, (common.STONE, common.INK, common.CREAM))
    if piece == "emissary":
        return _disc(size * 3 // 4, common.STONE)
    return _fortress(size * 3 // 4)


def new_mark(canvas: Canvas, cx: int, cy: int, radius: int) -> None:
    """The ring round a piece placed since the last post: red round white, on any province."""
    canvas.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=common.IMPERIAL_RED)
    inner = radius - 7
    canvas.draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=common.WHITE)


# ---------------------------------------------------------------- what changed


@dataclass(frozen=True)
class Changes:
    """The pieces placed since the post before: house spaces with a new house or fortress
    (province, space), and emissaries (province, seat) whose number grew."""

    spaces: frozenset[tuple[int, int]] = frozenset()
    emissaries: frozenset[tuple[int, int]] = frozenset()


def _provinces(view: Mapping[str, Any]) -> Sequence[Mapping[str, Any]]:
    return (view.get("provinces") or [])[: len(PROVINCES)]


def changes(view: Mapping[str, Any]) -> Changes:
    """What was placed since the view's `since` (nothing without one)."""
    since = view.get("since")
    if not isinstance(since, Mapping):
        return Changes()
    before = _provinces(since)
    if len(before) != len(_provinces(view)):
        return Changes()
    spaces, emissaries = set(), set()
    for p, (now, then) in enumerate(zip(_provinces(view), before, strict=True)):
        old = list(then.get("spaces") or [])
        for s, space in enumerate(now.get("spaces") or []):
            was = old[s] if s < len(old) else {}
            if (space.get("house") is not None and was.get("house") is None) or (
                space.get("fortress") and not was.get("fortress")
            ):
                spaces.add((p, s))
        old_counts = list(then.get("emissaries") or [])
        for seat, count in enumerate(now.get("emissaries") or []):
            if int(count) > (int(old_counts[seat]) if seat < len(old_counts) else 0):
                emissaries.add((p, seat))
    return Changes(frozenset(spaces), frozenset(emissaries))


# ---------------------------------------------------------------- the map


def draw_map(canvas: Canvas, view: Mapping[str, Any], y: int, *, labels: bool = True) -> None:
    """The map with the view's pieces, its top at `y`; with `labels`, the numbers of the free
    spaces, the alliances' numbers and the provinces' names (a close-up draws its own)."""
    geo = geometry()
    version = str(view.get("board", BOARD_VERSIONS[0]))
    canvas.image.paste(base_map(str(view.get("side", "A")), version), (0, y))
    # An earlier board lacks some provinces' last spaces.
    on_board = VERSION_SPACES.get(version, SPACES)
    new = changes(view)
    for p, province in enumerate(_provinces(view)):
        for s, space in enumerate((province.get("spaces") or [])[: on_board[p]]):
            x, sy = geo.spaces[p][s]
            sy += y
            if (p, s) in new.spaces:
                new_mark(canvas, x, sy, SPACE_R + _RING)
            owner = space.get("house")
            if space.get("fortress"):
                canvas.paste_centred(_fortress(2 * SPACE_R + 18), x, sy)
                if owner is None:
                    space_disc(canvas, x, sy)
            if owner is not None:
                canvas.paste_centred(house(int(owner), HOUSE_SIZE), x, sy - 4)
            elif labels:
                space_number(canvas, x, sy, s + 1)
        dx, dy = geo.dragons[p]
        counts = [int(n) for n in province.get("emissaries") or []]
        _emissaries(canvas, p, dx, dy + y, counts, {seat for q, seat in new.emissaries if q == p})
    if labels:
        alliance_numbers(canvas, y)
        for p, province in enumerate(_provinces(view)):
            nx, ny = geo.names[p]
            name_plate(canvas, nx, ny + y, p, scored=bool(province.get("scored")))


def name_plate(
    canvas: Canvas, cx: int, cy: int, province: int, *, scored: bool = False, size: int = NAME_SIZE
) -> None:
    """The province's name as players type it, on a plate (gold with a check once scored)."""
    name_face = face(size, Weight.BOLD)
    half = round(size * 0.7)
    check = size if scored else 0
    name = PROVINCE_NAMES[province]
    ink = PROVINCE_INK[PROVINCE_COLOUR[province]]
    width = text_width(name, name_face) + 30 + (check + 8 if scored else 0)
    x0, y0 = cx - width // 2, cy - half
    shadow = common.blend(common.STONE_DARK, common.PARCHMENT, 0.3)
    canvas.box(x0 + 2, y0 + 4, x0 + width + 2, y0 + 2 * half + 4, shadow, radius=half)
    fill = common.GOLD_LIGHT if scored else common.CREAM
    canvas.box(x0, y0, x0 + width, y0 + 2 * half, fill, ink, 4, radius=half)
    x = x0 + 15
    if scored:
        canvas.paste(_check(check), x - 4, cy - check // 2)
        x += check + 4
    canvas.text(x, cy + 1, name, name_face, ink, anchor="lm", role=PLACE)


# ---------------------------------------------------------------- emissaries

#: An emissary chip: the seat's disc and how many, on a cream plate.
_CHIP_W, _CHIP_H, _CHIP_GAP, _PLAQUE_PAD = 92, 52, 4, 6
_CHIP_DISC = 44
_COUNT_FACE_SIZE = 40


def _plaque_size(chips: int, columns: int) -> tuple[int, int]:
    rows = -(-chips // columns)
    width = columns * _CHIP_W + (columns - 1) * _CHIP_GAP + 2 * _PLAQUE_PAD
    height = rows * _CHIP_H + (rows - 1) * _CHIP_GAP + 2 * _PLAQUE_PAD
    return width, height


@lru_cache(maxsize=64)
def _plaque_columns(province: int, chips: int) -> int:
    """How many columns of emissary chips keep the plaque clearest of the province's house spaces."""
    geo = geometry()
    cx, cy = geo.dragons[province]
    best: tuple[float, int] | None = None
    for columns in range(1, min(chips, 3) + 1):
        width, height = _plaque_size(chips, columns)
        room = min(
            (
                ((max(abs(x - cx) - width / 2, 0.0) ** 2 + max(abs(y - cy) - height / 2, 0.0) ** 2) ** 0.5)
                - SPACE_R
                for x, y in geo.spaces[province]
            ),
            default=1e9,
        )
        if best is None or min(room, 8.0) > best[0]:
            best = (min(room, 8.0), columns)
    assert best is not None
    return best[1]


def _emissaries(
    canvas: Canvas, province: int, cx: int, cy: int, counts: Sequence[int], new: set[int]
) -> None:
    """The emissaries on a dragon field: per seat its letter and how many, on a gold plaque;
    a seat's chip whose number grew since the last post in the red and white ring."""
    chips = [(seat, n) for seat, n in enumerate(counts) if n > 0]
    if not chips:
        return
    count_face = face(_COUNT_FACE_SIZE, Weight.BOLD)
    columns = _plaque_columns(province, len(chips))
    rows = -(-len(chips) // columns)
    width, height = _plaque_size(len(chips), columns)
    # The plaque covers the dragon field it stands on.
    width, height = max(width, 2 * DRAGON_R + 4), max(height, 2 * DRAGON_R + 4)
    x0, y0 = cx - width // 2, cy - height // 2
    shadow = common.blend(common.STONE_DARK, common.PARCHMENT, 0.3)
    canvas.box(x0 + 2, y0 + 4, x0 + width + 2, y0 + height + 4, shadow, radius=16)
    canvas.box(x0, y0, x0 + width, y0 + height, common.GOLD_LIGHT, common.IMPERIAL_RED, 4, radius=16)
    for k, (seat, count) in enumerate(chips):
        row, col = divmod(k, columns)
        in_row = min(columns, len(chips) - row * columns)
        left = cx - (in_row * _CHIP_W + (in_row - 1) * _CHIP_GAP) // 2
        x = left + col * (_CHIP_W + _CHIP_GAP)
        top = cy - (rows * _CHIP_H + (rows - 1) * _CHIP_GAP) // 2 + row * (_CHIP_H + _CHIP_GAP)
        if seat in new:
            canvas.box(x - 7, top - 7, x + _CHIP_W + 7, top + _CHIP_H + 7, common.IMPERIAL_RED, radius=16)
            canvas.box(x, top, x + _CHIP_W, top + _CHIP_H, common.WHITE, common.WHITE, 3, radius=10)
        else:
            canvas.box(x, top, x + _CHIP_W, top + _CHIP_H, common.CREAM, common.GOLD_DARK, 2, radius=10)
        middle = top + _CHIP_H // 2
        emissary_badge(canvas, x + 5, middle, seat, _CHIP_DISC)
        canvas.text(x + 5 + _CHIP_DISC + 22, middle + 1, str(count), count_face, common.INK, "mm", FIGURE)
