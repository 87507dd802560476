"""Mauerbauer: the board of one view, drawn on the game's own geometry.

The board fills the width of an image laid out for a phone (`WIDTH`, shown
390 pixels wide there). The triangle grid of `games.mauerbauer.geometry()`
is drawn with its triangles stretched to about 2.4 times their height: a
field is as wide as a phone allows, and only a taller field holds its name,
its houses and the numbers of its three wall lines at a readable size.

What is labelled: the number of every line a wall may still be built on
(free and outside the cities, so built walls and city interiors carry no
number), the name of every landscape field outside the cities (a city shows
its name, the one the notation uses, on a banner), the name of every free
tower field a new wall can still reach, and the number of the newest wall
(the one the post names). Pieces cover the labels of the places they
occupy, which nobody types any more. Every label reports its role and size
(`renderers.legibility`): places and counts are at least 8 px tall on a
phone, the letters on the pieces at least 6 px.

What changed since the previous post (the view's `since`) is marked: new
walls glow red, new towers, houses and palaces stand in a red ring.

The board is drawn twice as large and scaled down once, so slanted walls and
lines come out smooth; the parts that never change (water, land, coats of
arms) are drawn once per process. `draw_scene` is the board without labels,
which the close-up of a decision enlarges.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from functools import lru_cache
from typing import Any

from PIL import Image

from games.mauerbauer import geometry
from renderers import common
from renderers import legibility
from renderers.canvas import RGB
from renderers.canvas import Pen
from renderers.canvas import text_width
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import FIGURE
from renderers.legibility import MARK
from renderers.legibility import PLACE
from renderers.mauerbauer.changes import Changes
from renderers.mauerbauer.changes import changes
from renderers.mauerbauer.pieces import arms
from renderers.mauerbauer.pieces import letter_ink
from renderers.mauerbauer.pieces import piece

__all__ = [
    "BAND",
    "BOARD_H",
    "HOUSE_ORDER",
    "LABEL_TEXT",
    "MARK_TEXT",
    "MIN_TEXT",
    "UNIT",
    "WIDTH",
    "Scene",
    "draw_board",
    "draw_scene",
    "field_label_at",
    "line_middle",
    "point",
    "tower_field_at",
]

#: The image's width: laid out for a phone, which shows it 390 px wide (scaled by 0.43).
WIDTH = 900
#: The body text (regular and bold): capitals 20 px, 8.7 px on a phone.
MIN_TEXT = 28
#: The places and counts on the board (condensed): capitals 20 px, 8.7 px on a phone.
LABEL_TEXT = 25
#: The letters on the pieces (condensed): capitals 15.5 px, 6.7 px on a phone.
MARK_TEXT = 20
#: The board is drawn this many times larger, then scaled down.
K = 2

#: Pixels per x unit (half a triangle side) and per band.
UNIT = 53.5
BAND = 220
X0 = (WIDTH - 16 * UNIT) / 2
ARMS_H = 64
Y0 = ARMS_H + 20
BOARD_H = int(Y0 + 3 * BAND + 24)

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
#: The ring around a piece placed since the previous post.
NEW: RGB = common.IMPERIAL_RED

HOUSE_W = 34
PALACE_W = 46
TOWER_W = 38
#: A pill's height and the room beside its text.
PILL_H = 30
PILL_PAD = 6
#: How far a field's name stands from the field's horizontal side.
NAME_AT = 36


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


def line_middle(number: int) -> tuple[float, float]:
    """The middle of a wall line (1×), where its number stands."""
    line = _geo().lines[number]
    a, b = point(*line["from"]), point(*line["to"])
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def field_label_at(name: str) -> tuple[float, float]:
    """Where a field's name (or its city's banner) stands (1×)."""
    return (_centre_x(name), _inward(name, NAME_AT))


def tower_field_at(name: str) -> tuple[float, float]:
    """A tower field's corner (1×)."""
    return _corner(name)


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
    # A darker strip along the shore and a short wave out at sea in each bay.
    pen.line(left_coast, WATER_DARK, 6)
    pen.line(right_coast, WATER_DARK, 6)
    for x, y in ((0.28, 0.3), (0.28, 1.7), (0.28, 2.3), (15.72, 0.3), (15.72, 1.7), (15.72, 2.3)):
        cx, cy = point(x, y)
        wave = [(cx - 11 + k * 2.2, cy + 3 * math.sin(k * 0.6)) for k in range(11)]
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
        shield = arms(region, 38 * K)
        name = common.label(f"mauerbauer.region.{region}", locale)
        width = 38 + 8 + text_w(name, MIN_TEXT, Weight.BOLD)
        left = cx - width / 2
        pen.paste(shield, left + 19, ARMS_H / 2 + 4)
        pen.text(left + 46, ARMS_H / 2 + 6, name, MIN_TEXT, Weight.BOLD, common.INK, anchor="lm")
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
    new: Changes


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
        new=changes(view),
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


def _lines(pen: Pen, board: _Board) -> list[int]:
    """Draw the free lines; return the buildable ones (for the numbers)."""
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
        buildable.append(number)
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
    for number in sorted(board.walls):
        line = geo.lines[number]
        a, b = point(*line["from"]), point(*line["to"])
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = -uy, ux
        inset = 14
        a2 = (a[0] + ux * inset, a[1] + uy * inset)
        b2 = (b[0] - ux * inset, b[1] - uy * inset)
        half = 7
        if number in board.new.walls:
            pen.poly(_bar(a2, b2, nx, ny, half + 7), NEW)
        pen.poly(_bar(a2, b2, nx, ny, half), WALL_FILL, common.INK, 2)
        pen.line([(a2[0] + nx * 2, a2[1] + ny * 2), (b2[0] + nx * 2, b2[1] + ny * 2)], WALL_TOP, 3)
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
    width = round(text_w(text, LABEL_TEXT, Weight.CONDENSED)) + 2 * PILL_PAD
    image = Image.new("RGBA", (width * K, PILL_H * K), (0, 0, 0, 0))
    pen = Pen(image, K)
    pen.box((0.5, 0.5, width - 0.5, PILL_H - 0.5), fill, outline, width=1.5 if outline else 0, radius=radius)
    pen.text(width / 2, PILL_H / 2 + 1, text, LABEL_TEXT, Weight.CONDENSED, ink)
    return image.reduce(K)


@lru_cache(maxsize=256)
def _plain(text: str, ink: RGB) -> Image.Image:
    width = round(text_w(text, LABEL_TEXT, Weight.CONDENSED)) + 4
    image = Image.new("RGBA", (width * K, PILL_H * K), (0, 0, 0, 0))
    Pen(image, K).text(width / 2, PILL_H / 2 + 1, text, LABEL_TEXT, Weight.CONDENSED, ink)
    return image.reduce(K)


@lru_cache(maxsize=256)
def _piece_sprite(kind: str, colour: str, letter: str) -> Image.Image:
    """A tower, house or palace with its colour's letter."""
    width = TOWER_W if kind == "tower" else PALACE_W if kind == "palace" else HOUSE_W
    ink, at = letter_ink(kind, colour)
    image = piece(kind, colour, width * K).copy()
    Pen(image, K).text(image.width / K / 2, image.height / K * at, letter, MARK_TEXT, Weight.CONDENSED, ink)
    return image.reduce(K)


@lru_cache(maxsize=16)
def _ring(size: int) -> Image.Image:
    """The red ring around a piece placed since the previous post, `size` px across."""
    image = Image.new("RGBA", (size * K, size * K), (0, 0, 0, 0))
    pen = Pen(image, K)
    pen.disc(size / 2, size / 2, size / 2 - 3, common.WHITE, NEW, 5)
    return image.reduce(K)


def _put(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    image.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def _label(image: Image.Image, sprite: Image.Image, cx: float, cy: float, role: str, text: str) -> None:
    """A label sprite (cached, so its text is noted here, where it is pasted), moved inwards
    where it would stick out of the image (the corners at the coasts)."""
    legibility.note(role, text, face(LABEL_TEXT * K, Weight.CONDENSED), K)
    half = sprite.width / 2 + 2
    _put(image, sprite, min(max(cx, half), image.width - half), cy)


def _line_numbers(image: Image.Image, buildable: Sequence[int], board: _Board) -> None:
    for number in buildable:
        _label(
            image,
            _pill(str(number), PILL, common.INK, common.STONE_DARK, 8),
            *line_middle(number),
            PLACE,
            str(number),
        )
    if board.last_wall and board.phase != "over":
        # The newest wall carries its number: the post names it ("New wall: line 58").
        number = int(board.last_wall["line"])
        sprite = _pill(str(number), NEW, common.WHITE, common.WHITE, 8)
        _label(image, sprite, *line_middle(number), PLACE, str(number))


def _letter(colour: str, locale: str | None) -> str:
    return common.label(f"mauerbauer.board.mark.{colour}", locale)


def _water_rings(pen: Pen, board: _Board) -> None:
    """A blue ring under every tower standing at the water (it scores for the water card)."""
    for name, tower_field in _geo().towers.items():
        if tower_field.get("water") and name in board.towers:
            cx, cy = point(tower_field["x"], tower_field["y"])
            pen.disc(cx, cy, TOWER_W / 2 + 6, None, WATER_DARK, 4)


def _piece(
    image: Image.Image,
    kind: str,
    colour: str,
    at: tuple[float, float],
    locale: str | None,
    count: int = 1,
    new: bool = False,
) -> None:
    letter = _letter(colour, locale)
    sprite = _piece_sprite(kind, colour, letter)
    cx, cy = at
    if new:
        _put(image, _ring(max(sprite.width, sprite.height) + 16), cx, cy)
    legibility.note(MARK, letter, face(MARK_TEXT * K, Weight.CONDENSED), K)
    _put(image, sprite, cx, cy)
    if count > 1:
        tag = _pill(f"×{count}", CITY_LAND, common.INK, common.STONE_DARK, 8)
        _label(image, tag, cx + sprite.width / 2 + tag.width / 2 - 4, cy + 10, FIGURE, f"×{count}")


def _towers(image: Image.Image, board: _Board, locale: str | None) -> None:
    for name, colour in board.towers.items():
        cx, cy = _corner(name)
        _piece(image, "tower", colour, (cx, cy - 6), locale, new=name in board.new.towers)


def _tower_fields(
    image: Image.Image, board: _Board, targets: frozenset[str], buildable: Sequence[int]
) -> None:
    """The name of every free tower field a new wall can still reach."""
    geo = _geo()
    free_corners = {str(end) for number in buildable for end in geo.lines[number]["ends"]}
    for name, tower_field in geo.towers.items():
        if name in board.towers or (name not in free_corners and name not in targets):
            continue
        if name in targets:
            sprite = _pill(name, common.IMPERIAL_RED, common.WHITE, common.WHITE, 15)
        else:
            sprite = _pill(
                name, WATER_DARK if tower_field.get("water") else TOWER_PILL, common.WHITE, None, 15
            )
        _label(image, sprite, *_corner(name), PLACE, name)


# ---------------------------------------------------------------- houses, palaces and names


#: Where pieces stand in a field, as (x offset, distance from the base), in order.
_SLOTS = ((-19.0, 0.35 * BAND), (19.0, 0.35 * BAND), (0.0, 0.72 * BAND))


def _slot(name: str, index: int) -> tuple[float, float]:
    dx, distance = _SLOTS[index % len(_SLOTS)]
    return (_centre_x(name) + dx, _inward(name, distance))


def _placed(
    image: Image.Image,
    pieces: Sequence[tuple[str, str]],
    slots: Sequence[tuple[float, float]],
    new: Counter[tuple[str, str]],
    locale: str | None,
) -> None:
    """Pieces (kind, colour) in their slots; grouped with a count when there are more pieces
    than slots. The last pieces of a kind and colour are the new ones."""
    counted = Counter(pieces)
    if len(pieces) > len(slots):
        for ((kind, colour), count), at in zip(counted.items(), slots, strict=False):
            _piece(image, kind, colour, at, locale, count, new=new[(kind, colour)] > 0)
        return
    seen: Counter[tuple[str, str]] = Counter()
    for (kind, colour), at in zip(pieces, slots, strict=False):
        seen[(kind, colour)] += 1
        fresh = seen[(kind, colour)] > counted[(kind, colour)] - new[(kind, colour)]
        _piece(image, kind, colour, at, locale, new=fresh)


def _field_pieces(image: Image.Image, view: Mapping[str, Any], board: _Board, locale: str | None) -> None:
    for name, here in sorted((view.get("houses") or {}).items()):
        if name in board.city_of or name not in _geo().fields:
            continue
        pieces = [("house", colour) for colour in HOUSE_ORDER for _ in range(int(here.get(colour, 0)))]
        slots = [_slot(name, index) for index in range(len(_SLOTS))]
        _placed(image, pieces, slots, board.new.fields.get(name, Counter()), locale)


def _city_pieces(image: Image.Image, board: _Board, locale: str | None) -> None:
    """A city's houses and palaces are pooled: spread over its fields, palaces first."""
    for city in board.cities:
        fields = [str(f) for f in city.get("fields") or [] if str(f) in _geo().fields]
        slots = [_slot(f, i) for i in range(len(_SLOTS)) for f in fields]
        pieces: list[tuple[str, str]] = []
        for kind, key in (("palace", "palaces"), ("house", "houses")):
            counts = city.get(key) or {}
            pieces += [(kind, colour) for colour in HOUSE_ORDER for _ in range(int(counts.get(colour, 0)))]
        _placed(image, pieces, slots, board.new.cities.get(str(city.get("id")), Counter()), locale)


FIELD_INK: RGB = common.blend(common.INK, common.PARCHMENT, 0.2)


def _field_names(image: Image.Image, board: _Board, targets: frozenset[str]) -> None:
    for name in _geo().field_order:
        if name in board.city_of:
            continue
        if name in targets:
            sprite = _pill(name, common.IMPERIAL_RED, common.WHITE, common.WHITE, 8)
        else:
            sprite = _plain(name, FIELD_INK)
        _label(image, sprite, *field_label_at(name), PLACE, name)


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
        _label(image, sprite, *field_label_at(name), PLACE, name)


# ---------------------------------------------------------------- the whole board


@dataclass(frozen=True)
class Scene:
    """The board without its labels (WIDTH × BOARD_H, RGB), and what the labels need."""

    image: Image.Image
    board: _Board
    buildable: tuple[int, ...]


def draw_scene(view: Mapping[str, Any], locale: str | None) -> Scene:
    """Land, cities, walls and pieces as the view shows them, what changed since `since`
    marked; no label but the letters on the pieces."""
    board = _read(view)
    image = _base(locale).copy()
    pen = Pen(image, K)
    _cities(pen, board)
    _closing(pen, board)
    buildable = _lines(pen, board)
    _walls(pen, board)
    _water_rings(pen, board)
    image = image.reduce(K)
    _field_pieces(image, view, board, locale)
    _city_pieces(image, board, locale)
    _towers(image, board, locale)
    return Scene(image, board, tuple(buildable))


def draw_board(view: Mapping[str, Any], locale: str | None) -> Image.Image:
    """The board (WIDTH × BOARD_H, RGB) as the view shows it, with the labels players type."""
    scene = draw_scene(view, locale)
    board, image = scene.board, scene.image
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
    _city_banners(image, board, field_targets)
    _line_numbers(image, scene.buildable, board)
    _tower_fields(image, board, tower_targets, scene.buildable)
    return image
