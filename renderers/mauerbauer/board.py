"""Mauerbauer: the board of one view, drawn on the game's own geometry.

The triangle grid of `games.mauerbauer.geometry()` is drawn with its
triangles stretched to about 1.7 times their height: at the width a phone
shows, an equilateral grid leaves no room inside a field for its name, its
houses and the numbers of its three wall lines at a readable size, while the
taller fields hold them all. Every label is at least `MIN_TEXT` pixels high
(9 pixels when the image is shown 390 pixels wide).

What is labelled: the number of every line a wall may still be built on
(free and outside the cities, so built walls and city interiors carry no
number), the name of every landscape field outside the cities (a city shows
its name, the one the notation uses, on a banner), and the name of every
free tower field. Pieces cover the labels of the places they occupy, which
nobody types any more.

The board is drawn twice as large and scaled down once, so slanted walls and
lines come out smooth; the parts that never change (water, land, coats of
arms) are drawn once per process.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from functools import lru_cache
from typing import Any

from PIL import Image

from games.mauerbauer import geometry
from renderers import common
from renderers.canvas import RGB
from renderers.canvas import Pen
from renderers.canvas import text_width
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.mauerbauer.pieces import arms
from renderers.mauerbauer.pieces import letter_ink
from renderers.mauerbauer.pieces import piece

__all__ = ["BOARD_H", "HOUSE_ORDER", "MIN_TEXT", "WIDTH", "draw_board"]

WIDTH = 1200
#: The smallest text: 9 px when the image is shown 390 px wide.
MIN_TEXT = math.ceil(9 * WIDTH / 390)
#: The board is drawn this many times larger, then scaled down.
K = 2

#: Pixels per x unit (half a triangle side) and per band.
UNIT = 69.5
BAND = 200
X0 = (WIDTH - 16 * UNIT) / 2
ARMS_H = 76
Y0 = ARMS_H + 22
BOARD_H = int(Y0 + 3 * BAND + 26)

HOUSE_ORDER = ("yellow", "green", "blue", "pink", "red")
TOWER_ORDER = ("white", "grey", "black")

WATER: RGB = (120, 176, 214)
WATER_DARK: RGB = (74, 134, 184)
WAVE: RGB = (214, 234, 246)
REGION_LAND: dict[str, RGB] = {
    "west": (214, 226, 178),
    "middle": (236, 222, 176),
    "east": (200, 222, 196),
}
CITY_LAND: RGB = (246, 238, 222)
LINE_FREE: RGB = common.blend(common.STONE_DARK, common.PARCHMENT, 0.25)
BORDER: RGB = (122, 58, 40)
WALL_FILL: RGB = (176, 156, 124)
WALL_TOP: RGB = (214, 198, 166)
PILL: RGB = (255, 251, 240)
TOWER_PILL: RGB = (88, 80, 72)

HOUSE_W = 36
PALACE_W = 50
TOWER_W = 42


@dataclass(frozen=True)
class _Geo:
    fields: Mapping[str, Mapping[str, Any]]
    lines: Mapping[int, Mapping[str, Any]]
    towers: Mapping[str, Mapping[str, Any]]
    field_order: tuple[str, ...]


@cache
def _geo() -> _Geo:
    data = geometry()
    return _Geo(
        fields={f["name"]: f for f in data["fields"]},
        lines={int(line["number"]): line for line in data["lines"]},
        towers={t["name"]: t for t in data["towers"]},
        field_order=tuple(f["name"] for f in data["fields"]),
    )


def point(x: float, y: float) -> tuple[float, float]:
    """Board units to image pixels (at 1×)."""
    return (X0 + x * UNIT, Y0 + y * BAND)


def _corner(name: str) -> tuple[float, float]:
    tower_field = _geo().towers[name]
    return point(tower_field["x"], tower_field["y"])


def _triangle(name: str) -> list[tuple[float, float]]:
    return [_corner(t) for t in _geo().fields[name]["towers"]]


def _up(name: str) -> bool:
    return str(_geo().fields[name]["points"]) == "up"


def _base_y(name: str) -> float:
    """The y (1×) of the field's horizontal side."""
    band = "ABC".index(str(_geo().fields[name]["band"]))
    return Y0 + (band + 1) * BAND if _up(name) else Y0 + band * BAND


def _centre_x(name: str) -> float:
    return X0 + float(_geo().fields[name]["center"][0]) * UNIT


def _inward(name: str, distance: float) -> float:
    """The y that lies `distance` pixels from the field's base towards its tip."""
    return _base_y(name) - distance if _up(name) else _base_y(name) + distance


def text_w(text: str, size: int, weight: Weight) -> float:
    """Width in 1× pixels of `text` drawn by `Pen.text` at K×."""
    return text_width(text, face(size * K, weight)) / K


# ---------------------------------------------------------------- the parts that never change


def _water(pen: Pen) -> None:
    top, bottom = Y0 - 14, Y0 + 3 * BAND + 14
    left_coast = [point(1, 0), point(0, 1), point(1, 2), point(0, 3)]
    right_coast = [point(15, 0), point(16, 1), point(15, 2), point(16, 3)]
    pen.poly(
        [(0, top), (left_coast[0][0], top), *left_coast, (left_coast[-1][0], bottom), (0, bottom)], WATER
    )
    pen.poly(
        [(WIDTH, top), (right_coast[0][0], top), *right_coast, (right_coast[-1][0], bottom), (WIDTH, bottom)],
        WATER,
    )
    # A darker strip along the shore and short waves out at sea.
    pen.line(left_coast, WATER_DARK, 8)
    pen.line(right_coast, WATER_DARK, 8)
    for x in (8.0, WIDTH - 30.0):
        for row in range(7):
            y = Y0 + 20 + row * BAND * 3 / 7
            wave = [(x + k * 2.2, y + 4 * math.sin(k * 0.6)) for k in range(11)]
            pen.line(wave, WAVE, 2.5)


@cache
def _base(locale: str | None) -> Image.Image:
    """Water, land and coats of arms: the board before any piece (drawn at K×)."""
    image = Image.new("RGB", (WIDTH * K, BOARD_H * K), common.PARCHMENT)
    pen = Pen(image, K)
    _water(pen)
    geo = _geo()
    for name in geo.field_order:
        region = str(geo.fields[name]["region"])
        pen.poly(_triangle(name), REGION_LAND[region])
    # The frame along the top and the bottom edge.
    pen.line([point(1, 0), point(15, 0)], common.STONE_DARK, 4)
    pen.line([point(0, 3), point(16, 3)], common.STONE_DARK, 4)
    # The coats of arms above their regions, with the region's name.
    for index, region in enumerate(("west", "middle", "east")):
        cx = point(2.5 + 5 * index + 0.5, 0)[0]
        shield = arms(region, 44 * K)
        name = common.label(f"mauerbauer.region.{region}", locale)
        width = 44 + 10 + text_w(name, MIN_TEXT + 2, Weight.BOLD)
        left = cx - width / 2
        pen.paste(shield, left + 22, ARMS_H / 2 + 6)
        pen.text(left + 54, ARMS_H / 2 + 8, name, MIN_TEXT + 2, Weight.BOLD, common.INK, anchor="lm")
    return image


# ---------------------------------------------------------------- the view on the board


@dataclass(frozen=True)
class _Board:
    walls: frozenset[int]
    city_of: Mapping[str, int]
    cities: Sequence[Mapping[str, Any]]
    new_city: str | None
    towers: Mapping[str, str]
    phase: str
    last_wall: Mapping[str, Any] | None
    closing: frozenset[str]


def _read(view: Mapping[str, Any]) -> _Board:
    cities: Sequence[Mapping[str, Any]] = view.get("cities") or []
    city_of = {str(f): index for index, city in enumerate(cities) for f in city.get("fields") or []}
    towers = {
        str(name): colour for colour in TOWER_ORDER for name in (view.get("towers") or {}).get(colour) or []
    }
    return _Board(
        walls=frozenset(int(n) for n in view.get("walls") or []),
        city_of=city_of,
        cities=cities,
        new_city=view.get("new_city"),
        towers=towers,
        phase=str(view.get("phase") or ""),
        last_wall=view.get("last_wall"),
        closing=frozenset(str(f) for f in view.get("closing") or []),
    )


def _inside_city(board: _Board, number: int) -> bool:
    beside = [str(f) for f in _geo().lines[number]["fields"]]
    owners = {board.city_of.get(f, -1) for f in beside}
    return len(owners) == 1 and -1 not in owners and len(beside) == 2


def _shrink(
    points: Sequence[tuple[float, float]], towards: tuple[float, float], amount: float
) -> list[tuple[float, float]]:
    cx, cy = towards
    return [(x + (cx - x) * amount, y + (cy - y) * amount) for x, y in points]


def _centroid(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _cities(pen: Pen, board: _Board) -> None:
    geo = _geo()
    for city in board.cities:
        new = city.get("id") == board.new_city
        for name in city.get("fields") or []:
            pen.poly(_triangle(str(name)), CITY_LAND)
        edge = common.IMPERIAL_RED if new else common.GOLD_DARK
        members = {str(f) for f in city.get("fields") or []}
        # A band inside every boundary line: the city's outline.
        for number in city.get("walls") or []:
            line = geo.lines[int(number)]
            for name in line["fields"]:
                if str(name) not in members:
                    continue
                a, b = point(*line["from"]), point(*line["to"])
                centre = _centroid(_triangle(str(name)))
                depth = 0.2 if new else 0.14
                inner = _shrink([a, b], centre, depth)
                pen.poly([a, b, inner[1], inner[0]], edge)


def _closing(pen: Pen, board: _Board) -> None:
    """The fields the new wall encloses, while its towers and houses are placed: hatched."""
    for name in sorted(board.closing):
        tri = _triangle(name)
        pen.poly(tri, common.blend(CITY_LAND, common.IMPERIAL_RED, 0.12))
        xs = [p[0] for p in tri]
        y_top, y_bottom = min(p[1] for p in tri), max(p[1] for p in tri)
        for x in range(int(min(xs)) - 200, int(max(xs)), 22):
            pen.line(
                [(x, y_bottom), (x + (y_bottom - y_top) * 0.6, y_top)],
                common.blend(CITY_LAND, common.IMPERIAL_RED, 0.3),
                2,
            )
        pen.poly(tri, None, common.IMPERIAL_RED, 3)


def _lines(pen: Pen, board: _Board) -> list[tuple[int, tuple[float, float]]]:
    """Draw the free lines; return the buildable ones with their midpoints (for the numbers)."""
    geo = _geo()
    buildable = []
    for number, line in geo.lines.items():
        if number in board.walls or _inside_city(board, number):
            continue
        a, b = point(*line["from"]), point(*line["to"])
        if line.get("edge"):
            pass  # the coast and the frame are drawn with the land
        elif line.get("border"):
            _dashed(pen, a, b, BORDER, 5, 14, 9)
        else:
            pen.line([a, b], LINE_FREE, 2)
        buildable.append((number, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
    return buildable


def _dashed(
    pen: Pen,
    a: tuple[float, float],
    b: tuple[float, float],
    fill: RGB,
    width: float,
    dash: float,
    gap: float,
) -> None:
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        end = min(length, t + dash)
        pen.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end)], fill, width)
        t = end + gap


def _walls(pen: Pen, board: _Board) -> None:
    geo = _geo()
    last = int(board.last_wall["line"]) if board.last_wall and board.phase != "over" else None
    for number in sorted(board.walls):
        line = geo.lines[number]
        a, b = point(*line["from"]), point(*line["to"])
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = -uy, ux
        inset = 14
        a2 = (a[0] + ux * inset, a[1] + uy * inset)
        b2 = (b[0] - ux * inset, b[1] - uy * inset)
        half = 8
        if number == last:
            glow = half + 6
            pen.poly(_bar(a2, b2, nx, ny, glow), common.IMPERIAL_RED)
        pen.poly(_bar(a2, b2, nx, ny, half), WALL_FILL, common.INK, 2)
        pen.line([(a2[0] + nx * 2.5, a2[1] + ny * 2.5), (b2[0] + nx * 2.5, b2[1] + ny * 2.5)], WALL_TOP, 3)
        # Brick joints across the bar.
        steps = int((length - 2 * inset) // 22)
        for k in range(1, steps):
            t = inset + k * (length - 2 * inset) / steps
            cx, cy = a[0] + ux * t, a[1] + uy * t
            pen.line([(cx - nx * half, cy - ny * half), (cx + nx * half, cy + ny * half)], common.INK, 1.5)


def _bar(
    a: tuple[float, float], b: tuple[float, float], nx: float, ny: float, half: float
) -> list[tuple[float, float]]:
    return [
        (a[0] + nx * half, a[1] + ny * half),
        (b[0] + nx * half, b[1] + ny * half),
        (b[0] - nx * half, b[1] - ny * half),
        (a[0] - nx * half, a[1] - ny * half),
    ]


# ---------------------------------------------------------------- labels and pieces (cached sprites at 1×)


@lru_cache(maxsize=1024)
def _pill(text: str, fill: RGB, ink: RGB, outline: RGB | None, radius: int) -> Image.Image:
    """A label on a rounded plate, drawn large and scaled down (smooth)."""
    width = round(text_w(text, MIN_TEXT, Weight.CONDENSED)) + 14
    height = 31
    image = Image.new("RGBA", (width * K, height * K), (0, 0, 0, 0))
    pen = Pen(image, K)
    pen.box((0.5, 0.5, width - 0.5, height - 0.5), fill, outline, width=1.5 if outline else 0, radius=radius)
    pen.text(width / 2, height / 2 + 1, text, MIN_TEXT, Weight.CONDENSED, ink)
    return image.reduce(K)


@lru_cache(maxsize=256)
def _plain(text: str, ink: RGB) -> Image.Image:
    width = round(text_w(text, MIN_TEXT, Weight.CONDENSED)) + 4
    image = Image.new("RGBA", (width * K, 32 * K), (0, 0, 0, 0))
    Pen(image, K).text(width / 2, 17, text, MIN_TEXT, Weight.CONDENSED, ink)
    return image.reduce(K)


@lru_cache(maxsize=256)
def _piece_sprite(kind: str, colour: str, letter: str) -> Image.Image:
    """A tower, house or palace with its colour's letter."""
    width = TOWER_W if kind == "tower" else PALACE_W if kind == "palace" else HOUSE_W
    ink, at = letter_ink(kind, colour)
    image = piece(kind, colour, width * K).copy()
    Pen(image, K).text(image.width / K / 2, image.height / K * at, letter, MIN_TEXT, Weight.CONDENSED, ink)
    return image.reduce(K)


def _put(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    image.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def _line_numbers(image: Image.Image, buildable: Sequence[tuple[int, tuple[float, float]]]) -> None:
    for number, (cx, cy) in buildable:
        _put(image, _pill(str(number), PILL, common.INK, common.STONE_DARK, 8), cx, cy)


def _letter(colour: str, locale: str | None) -> str:
    return common.label(f"mauerbauer.board.mark.{colour}", locale)


def _water_rings(pen: Pen, board: _Board) -> None:
    """A blue ring under every tower standing at the water (it scores for the water card)."""
    for name, tower_field in _geo().towers.items():
        if tower_field.get("water") and name in board.towers:
            cx, cy = point(tower_field["x"], tower_field["y"])
            pen.disc(cx, cy, TOWER_W / 2 + 6, None, WATER_DARK, 4)


def _tower_fields(
    image: Image.Image, board: _Board, locale: str | None, targets: frozenset[str], buildable: Sequence[int]
) -> None:
    """Towers where they stand; the name of every tower field a new wall can still reach."""
    geo = _geo()
    free_corners = {str(end) for number in buildable for end in geo.lines[number]["ends"]}
    for name, tower_field in geo.towers.items():
        cx, cy = point(tower_field["x"], tower_field["y"])
        colour = board.towers.get(name)
        if colour is not None:
            _put(image, _piece_sprite("tower", colour, _letter(colour, locale)), cx, cy - 6)
            continue
        if name not in free_corners and name not in targets:
            continue
        if name in targets:
            sprite = _pill(name, common.IMPERIAL_RED, common.WHITE, common.WHITE, 15)
        else:
            sprite = _pill(
                name, WATER_DARK if tower_field.get("water") else TOWER_PILL, common.WHITE, None, 15
            )
        _put(image, sprite, cx, cy)


# ---------------------------------------------------------------- houses, palaces and names


#: Where pieces stand in a field, as (x offset, distance from the base), in order.
_SLOTS = ((-19.0, 64.0), (19.0, 64.0), (0.0, 136.0))


def _slot(name: str, index: int) -> tuple[float, float]:
    dx, distance = _SLOTS[index % len(_SLOTS)]
    return (_centre_x(name) + dx, _inward(name, distance))


def _piece(
    image: Image.Image, kind: str, colour: str, cx: float, cy: float, locale: str | None, count: int = 1
) -> None:
    sprite = _piece_sprite(kind, colour, _letter(colour, locale))
    _put(image, sprite, cx, cy)
    if count > 1:
        tag = _pill(f"×{count}", CITY_LAND, common.INK, common.STONE_DARK, 8)
        _put(image, tag, cx + sprite.width / 2 + tag.width / 2 - 4, cy + 10)


def _field_pieces(image: Image.Image, view: Mapping[str, Any], board: _Board, locale: str | None) -> None:
    for name, here in sorted((view.get("houses") or {}).items()):
        if name in board.city_of or name not in _geo().fields:
            continue
        pieces = [colour for colour in HOUSE_ORDER for _ in range(int(here.get(colour, 0)))]
        if len(pieces) > len(_SLOTS):
            counted = [(c, int(here.get(c, 0))) for c in HOUSE_ORDER if here.get(c)]
            for index, (colour, count) in enumerate(counted[: len(_SLOTS)]):
                _piece(image, "house", colour, *_slot(name, index), locale, count)
            continue
        for index, colour in enumerate(pieces):
            _piece(image, "house", colour, *_slot(name, index), locale)


def _city_pieces(image: Image.Image, board: _Board, locale: str | None) -> None:
    """A city's houses and palaces are pooled: spread over its fields, palaces first."""
    for city in board.cities:
        fields = [str(f) for f in city.get("fields") or [] if str(f) in _geo().fields]
        slots = [(f, i) for i in range(len(_SLOTS)) for f in fields]
        pieces: list[tuple[str, str, int]] = []
        for kind, key in (("palace", "palaces"), ("house", "houses")):
            counts = city.get(key) or {}
            pieces += [(kind, colour, 1) for colour in HOUSE_ORDER for _ in range(int(counts.get(colour, 0)))]
        if len(pieces) > len(slots):
            grouped: dict[tuple[str, str], int] = {}
            for kind, colour, _ in pieces:
                grouped[(kind, colour)] = grouped.get((kind, colour), 0) + 1
            pieces = [(kind, colour, n) for (kind, colour), n in grouped.items()]
        for (kind, colour, count), (name, index) in zip(pieces, slots, strict=False):
            _piece(image, kind, colour, *_slot(name, index), locale, count)


FIELD_INK: RGB = common.blend(common.INK, common.PARCHMENT, 0.2)


def _field_names(image: Image.Image, board: _Board, targets: frozenset[str]) -> None:
    for name in _geo().field_order:
        if name in board.city_of:
            continue
        cx, cy = _centre_x(name), _inward(name, 31)
        if name in targets:
            _put(image, _pill(name, common.IMPERIAL_RED, common.WHITE, common.WHITE, 8), cx, cy)
        else:
            _put(image, _plain(name, FIELD_INK), cx, cy)


def _city_banners(image: Image.Image, board: _Board, targets: frozenset[str]) -> None:
    for city in board.cities:
        name = str(city.get("id"))
        if name not in _geo().fields:
            continue
        hot = name == board.new_city or name in targets
        sprite = (
            _pill(name, common.IMPERIAL_RED, common.WHITE, common.INK, 4)
            if hot
            else _pill(name, common.GOLD, common.INK, common.INK, 4)
        )
        _put(image, sprite, _centre_x(name), _inward(name, 31))


def draw_board(view: Mapping[str, Any], locale: str | None) -> Image.Image:
    """The board (WIDTH × BOARD_H, RGB) as the view shows it."""
    board = _read(view)
    image = _base(locale).copy()
    pen = Pen(image, K)
    _cities(pen, board)
    _closing(pen, board)
    buildable = _lines(pen, board)
    _walls(pen, board)
    _water_rings(pen, board)
    image = image.reduce(K)
    decision = view.get("decision") or {}
    kind = decision.get("kind")
    tower_targets: frozenset[str] = frozenset()
    field_targets: frozenset[str] = frozenset()
    if kind == "towers" and board.last_wall:
        tower_targets = frozenset(str(t) for t in board.last_wall.get("ends") or [])
    if kind == "houses" and board.last_wall:
        field_targets = frozenset(str(f) for f in board.last_wall.get("fields") or [])
    if kind == "merge":
        field_targets = frozenset(str(c) for c in decision.get("cities") or [])
    _field_names(image, board, field_targets)
    _field_pieces(image, view, board, locale)
    _city_pieces(image, board, locale)
    _city_banners(image, board, field_targets)
    _line_numbers(image, buildable)
    _tower_fields(image, board, locale, tower_targets, [n for n, _ in buildable])
    return image
