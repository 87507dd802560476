"""Catan: Cheops: the hex map of one view.

Positions come from the view's board (`geometry`), in a frame: the board
image's, or a close-up's. The board is the same in every view, so
everything that never changes — terrain, icons, number tokens with their
pips, harbours with their rates, the pyramid site — is drawn once, twice as
large, and kept (`base` scales it down for the board, `detail` cuts a part
of it for a close-up). Each image draws on it what the view adds
(`draw_pieces`): roads, ships, settlements, cities, the robber, what changed
since the previous post (a ring and the place's name), and the names of the
places a move can name now (`Places`), laid so that none covers another.

Sizes follow the frame's hex size, so a close-up's pieces and names are
larger; no name is smaller than `PLACE_SIZE` on the board's 780 px (8 px
tall on a phone).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import Pen
from renderers.catan_cheops.changes import Changes
from renderers.catan_cheops.geometry import BOARD
from renderers.catan_cheops.geometry import MAP_H
from renderers.catan_cheops.geometry import WATER
from renderers.catan_cheops.geometry import Geometry
from renderers.catan_cheops.geometry import S
from renderers.catan_cheops.geometry import board_key
from renderers.catan_cheops.geometry import edge_angle
from renderers.catan_cheops.geometry import geometry
from renderers.catan_cheops.geometry import midpoint
from renderers.catan_cheops.geometry import node_index
from renderers.catan_cheops.icons import boat
from renderers.catan_cheops.icons import city
from renderers.catan_cheops.icons import house
from renderers.catan_cheops.icons import resource
from renderers.catan_cheops.icons import road
from renderers.catan_cheops.icons import robber
from renderers.catan_cheops.labels import Box
from renderers.catan_cheops.labels import Look
from renderers.catan_cheops.labels import Tag
from renderers.catan_cheops.labels import lay
from renderers.catan_cheops.theme import FIGURE_SIZE
from renderers.catan_cheops.theme import NEW
from renderers.catan_cheops.theme import NEW_DARK
from renderers.catan_cheops.theme import PLACE_SIZE
from renderers.catan_cheops.theme import TERRAIN
from renderers.catan_cheops.theme import WIDTH
from renderers.common import CREAM
from renderers.common import GOLD
from renderers.common import GOLD_DARK
from renderers.common import INK
from renderers.common import PARCHMENT
from renderers.common import WHITE
from renderers.common import blend
from renderers.common import seat_colour
from renderers.fonts import Weight
from renderers.legibility import FIGURE

__all__ = ["ZOOMS", "K", "Places", "base", "detail", "draw_pieces"]

#: The static layer is drawn this many times larger, then scaled down.
K = 2

LAND_BORDER: RGB = (92, 72, 50)
#: A number token, and the red of the likeliest numbers (6 and 8) on it.
TOKEN, HOT = (250, 242, 222), (190, 20, 20)
#: The plates of the names: an intersection's, an edge's, a hex's, and a changed place's.
NODE_LOOK = Look((255, 252, 242), INK, INK, PLACE_SIZE)
EDGE_LOOK = Look((255, 244, 170), INK, INK, PLACE_SIZE)
HEX_LOOK = Look((214, 236, 255), INK, INK, PLACE_SIZE)
NEW_LOOK = Look(NEW, NEW_DARK, WHITE, PLACE_SIZE)


# ---------------------------------------------------------------- the static layer


def _hex_points(cx: float, cy: float, inset: float = 0) -> list[tuple[float, float]]:
    r = S - inset
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-90, 270, 60)
    ]


def _water(pen: Pen, kind: str, cx: float, cy: float) -> None:
    if kind == "sea":
        crest = blend(TERRAIN["sea"], WHITE, 0.35)
        for dx, dy in ((-0.34, -0.18), (0.2, 0.02), (-0.12, 0.36)):
            x, y = cx + dx * S, cy + dy * S
            for k in (0, 1):
                pen.arc(x + k * 0.22 * S, y, 0.11 * S, 200, 340, crest, 1.5)
    else:
        flow = blend(TERRAIN["nile"], (20, 90, 120), 0.35)
        for dy in (-0.22, 0.0, 0.22):
            y = cy + dy * S
            points = [
                (cx + (t / 8 - 0.5) * 0.9 * S, y + 0.05 * S * math.sin(t * math.pi / 2)) for t in range(9)
            ]
            pen.line(points, flow, 1.5, joint="curve")


def _pips(n: int) -> int:
    return 6 - abs(7 - n)


def _token(pen: Pen, cx: float, cy: float, number: int) -> None:
    """The number token: its number (6 and 8 red) and as many pips as it has chances."""
    hot = number in (6, 8)
    r = 0.42 * S
    colour = HOT if hot else INK
    pen.disc(cx, cy, r, TOKEN, colour, 2.5 if hot else 1.5)
    pen.text(cx, cy - 0.1 * S, str(number), FIGURE_SIZE, Weight.BOLD, colour)
    count = _pips(number)
    gap = 0.085 * S
    for k in range(count):
        pen.disc(cx + (k - (count - 1) / 2) * gap, cy + r * 0.66, 0.032 * S, colour)


def _pyramid(pen: Pen, cx: float, cy: float) -> None:
    base, top = cy + 0.32 * S, cy - 0.4 * S
    half = 0.5 * S
    pen.poly([(cx, top), (cx + half, base), (cx - half, base)], (226, 184, 96), (120, 84, 30), 1.5)
    pen.poly([(cx, top), (cx + half, base), (cx + 0.12 * S, base)], (196, 150, 66))
    for k in range(1, 4):
        y = top + (base - top) * k / 4
        w = half * k / 4
        pen.line([(cx - w, y), (cx + w * 0.25, y)], (150, 108, 40), 1, joint="curve")


def _harbour_spot(geo: Geometry, harbour: Mapping[str, Any]) -> tuple[float, float]:
    """Where a harbour's sign sits: in its water hex, a little off the coast."""
    a, b = harbour["intersections"]
    water = next(
        n
        for n, h in enumerate(geo.hexes)
        if h["terrain"] in WATER and a in geo.corners[n] and b in geo.corners[n]
    )
    (ax, ay), (bx, by) = geo.points[a], geo.points[b]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    wx, wy = geo.centres[water]
    return mx + (wx - mx) * 0.7, my + (wy - my) * 0.7


def _harbour(pen: Pen, geo: Geometry, harbour: Mapping[str, Any]) -> None:
    """A harbour: planks from its two intersections to a sign with its rate (and resource)."""
    x, y = _harbour_spot(geo, harbour)
    plank = (140, 100, 60)
    for node in harbour["intersections"]:
        px, py = geo.points[node]
        pen.line([(px, py), (px + (x - px) * 0.55, py + (y - py) * 0.55)], plank, 4, joint="curve")
    kind = str(harbour["kind"])
    rate = f"{int(harbour['rate'])}:1"
    generic = kind == "generic"
    w, h = (0.98 if generic else 1.4) * S, 0.56 * S
    x = min(max(x, w / 2 + 2), WIDTH - w / 2 - 2)
    pen.box((x - w / 2, y - h / 2, x + w / 2, y + h / 2), CREAM, INK, width=1.5, radius=6)
    if generic:
        pen.text(x, y, rate, FIGURE_SIZE, Weight.BOLD, INK, role=FIGURE)
    else:
        pen.text(x - 0.22 * S, y, rate, FIGURE_SIZE, Weight.BOLD, INK, role=FIGURE)
        pen.icon(resource(kind, round(0.46 * S)), x + 0.44 * S, y)


@lru_cache(maxsize=4)
def _static_big(key: tuple[Any, ...]) -> Image.Image:
    """The fixed map, `K` times the board's size (a close-up cuts its part from it)."""
    geo = geometry(key)
    big = Image.new("RGB", (WIDTH * K, MAP_H * K), PARCHMENT)
    pen = Pen(big, K)
    order = sorted(range(len(geo.hexes)), key=lambda n: geo.hexes[n]["terrain"] not in WATER)
    for n in order:
        h = geo.hexes[n]
        cx, cy = geo.centres[n]
        terrain = str(h["terrain"])
        if terrain in WATER:
            pen.poly(_hex_points(cx, cy), TERRAIN[terrain], blend(TERRAIN[terrain], INK, 0.25), 1)
            _water(pen, terrain, cx, cy)
    for harbour in geo.harbours:
        _harbour(pen, geo, harbour)
    for n in order:
        h = geo.hexes[n]
        terrain = str(h["terrain"])
        if terrain in WATER:
            continue
        cx, cy = geo.centres[n]
        pen.poly(_hex_points(cx, cy), TERRAIN[terrain], LAND_BORDER, 1.5)
        if h["pyramid"]:
            _pyramid(pen, cx, cy)
        elif terrain == "desert":
            pen.icon(resource("desert", round(0.56 * S)), cx, cy + 0.12 * S)
        else:
            pen.icon(resource(terrain, round(0.44 * S)), cx, cy + 0.66 * S)
        if h["token"]:
            _token(pen, cx, cy, int(h["token"]))
    for node in geo.pyramid_sites:
        x, y = geo.points[node]
        pen.disc(x, y, 0.24 * S, GOLD, GOLD_DARK, 1.5)
    return big


@lru_cache(maxsize=4)
def _static(key: tuple[Any, ...]) -> Image.Image:
    return _static_big(key).reduce(K)


def base(board: Mapping[str, Any]) -> tuple[Image.Image, tuple[Any, ...]]:
    """The fixed layer of the board's map (shared: paste it, never draw on it) and the board's key."""
    key = board_key(board)
    return _static(key), key


#: How much a close-up may enlarge the fixed map: a few steps, each scaled once and kept.
ZOOMS = (1.0, 1.25, 1.5, 1.75, 2.0)


@lru_cache(maxsize=len(ZOOMS))
def _zoomed(key: tuple[Any, ...], zoom: float) -> Image.Image:
    if zoom == 1.0:
        return _static(key)
    big = _static_big(key)
    if zoom == K:
        return big
    size = (round(WIDTH * zoom), round(MAP_H * zoom))
    return big.resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0)


def detail(key: tuple[Any, ...], box: tuple[float, float, float, float], zoom: float) -> Image.Image:
    """The part `box` (the board map's pixels) of the fixed map, enlarged `zoom` times (one of
    `ZOOMS`)."""
    x0, y0, x1, y1 = (round(value * zoom) for value in box)
    return _zoomed(key, zoom).crop((x0, y0, x1, y1))


# ---------------------------------------------------------------- what the view adds


@dataclass(frozen=True)
class Places:
    """The places to name on the map (intersections, edges, hexes by index); `beside`: the
    intersections whose name stands beside their building rather than on it."""

    nodes: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    hexes: tuple[int, ...] = ()
    beside: frozenset[int] = frozenset()


def _look(look: Look, zoom: float) -> Look:
    """A name's plate in a frame `zoom` times the board's: larger on a close-up, never smaller."""
    return Look(look.fill, look.border, look.ink, max(look.size, round(look.size * min(zoom, 1.5))))


#: A point of the geometry to the canvas's pixels.
At = Callable[[tuple[float, float]], tuple[int, int]]
#: What a view without `since` marks: nothing.
NOTHING_CHANGED = Changes()


def _ring(canvas: Canvas, x: int, y: int, r: int) -> None:
    canvas.draw.ellipse((x - r, y - r, x + r, y + r), outline=NEW, width=max(4, r // 4))


def _mark_changes(canvas: Canvas, at: At, geo: Geometry, changed: Changes) -> None:
    """A ring under each piece placed since the previous post, a band under each new road or
    ship, the outline of the robber's new hex."""
    s = geo.frame.s
    for name in changed.edges:
        edge = geo.edge_index.get(name)
        if edge is not None:
            a, b = (at(geo.points[i]) for i in geo.edges[edge])
            canvas.draw.line((*a, *b), fill=NEW, width=round(0.42 * s))
    for name in changed.nodes:
        node = node_index(name)
        if 0 <= node < len(geo.points):
            x, y = at(geo.points[node])
            _ring(canvas, x, y, round(0.6 * s))
    for name in changed.hexes:
        n = geo.hex_index.get(name)
        if n is not None:
            cx, cy = at(geo.centres[n])
            corners = [
                (cx + (s - 3) * math.cos(math.radians(a)), cy + (s - 3) * math.sin(math.radians(a)))
                for a in range(-90, 270, 60)
            ]
            canvas.draw.line([*corners, corners[0]], fill=NEW, width=max(4, round(0.12 * s)), joint="curve")


def draw_pieces(
    canvas: Canvas,
    top: int,
    view: Mapping[str, Any],
    geo: Geometry,
    places: Places,
    changed: Changes = NOTHING_CHANGED,
    bounds: Box | None = None,
    large: bool = False,
) -> None:
    """Roads, ships, buildings and the robber on the pasted map; what changed since the
    previous post marked; the names of `places` and of the changed places (`large`: a
    quarter larger than the board's at least, for a close-up)."""
    s = geo.frame.s
    zoom = max(s / BOARD.s, 1.25 if large else 1.0)

    def at(point: tuple[float, float]) -> tuple[int, int]:
        return round(point[0]), round(point[1] + top)

    _mark_changes(canvas, at, geo, changed)
    avoid: list[Box] = [(x0, y0 + top, x1, y1 + top) for x0, y0, x1, y1 in _fixed_boxes(geo)]
    for piece in view.get("ships") or []:
        edge = geo.edge_index[str(piece["at"])]
        seat = int(piece["seat"])
        a, b = (at(geo.points[i]) for i in geo.edges[edge])
        _dashes(canvas, a, b, seat_colour(seat), max(3, round(0.08 * s)))
        image = boat(seat, round(0.8 * s))
        avoid.append(_pasted(canvas, image, at(midpoint(geo, edge))))
    for piece in view.get("roads") or []:
        edge = geo.edge_index[str(piece["at"])]
        image = road(int(piece["seat"]), edge_angle(geo, edge), round(s * 0.62), round(s * 0.42))
        x, y = at(midpoint(geo, edge))
        canvas.paste_centred(image, x, y)
        avoid.append((x - 0.2 * s, y - 0.2 * s, x + 0.2 * s, y + 0.2 * s))
    for kind, draw in (("settlements", _house), ("cities", _city)):
        for piece in view.get(kind) or []:
            x, y = at(geo.points[node_index(str(piece["at"]))])
            avoid.append(draw(canvas, int(piece["seat"]), x, y, s))
    robber_hex = geo.hex_index.get(str(view.get("robber")))
    if robber_hex is not None:
        cx, cy = at(geo.centres[robber_hex])
        canvas.paste_centred(robber(round(0.42 * s)), cx - round(0.62 * s), cy + round(0.1 * s))
    tags = _changed_tags(geo, changed, at, zoom)
    tags += [
        _tag(f"I{n + 1}", at(geo.points[n]), _look(NODE_LOOK, zoom), 0.6 * s if n in places.beside else 0)
        for n in places.nodes
    ]
    tags += [_tag(f"E{e + 1}", at(midpoint(geo, e)), _look(EDGE_LOOK, zoom)) for e in places.edges]
    tags += [
        _tag(
            str(geo.hexes[n]["id"]),
            at((geo.centres[n][0], geo.centres[n][1] - 0.6 * s)),
            _look(HEX_LOOK, zoom),
        )
        for n in places.hexes
    ]
    lay(canvas, tags, avoid, bounds)


def _fixed_boxes(geo: Geometry) -> list[Box]:
    """What a name should not cover on the fixed map: the middle of each number token, and
    each harbour's sign."""
    s = geo.frame.s
    out: list[Box] = []
    for n, h in enumerate(geo.hexes):
        if h["token"]:
            cx, cy = geo.centres[n]
            out.append((cx - 0.28 * s, cy - 0.3 * s, cx + 0.28 * s, cy + 0.3 * s))
    for harbour in geo.harbours:
        x, y = _harbour_spot(geo, harbour)
        out.append((x - 0.5 * s, y - 0.25 * s, x + 0.5 * s, y + 0.25 * s))
    return out


def _tag(text: str, point: tuple[int, int], look: Look, clear: float = 0.0) -> Tag:
    return Tag(text, point[0], point[1], look, clear)


def _changed_tags(geo: Geometry, changed: Changes, at: At, zoom: float) -> list[Tag]:
    """The names of the places changed since the previous post, beside their pieces."""
    s = geo.frame.s
    look = _look(NEW_LOOK, zoom)
    tags = [_tag(name, at(geo.points[node_index(name)]), look, 0.7 * s) for name in sorted(changed.nodes)]
    tags += [
        _tag(name, at(midpoint(geo, geo.edge_index[name])), look, 0.4 * s)
        for name in sorted(changed.edges)
        if name in geo.edge_index
    ]
    tags += [
        _tag(name, at(geo.centres[geo.hex_index[name]]), look, 0.5 * s)
        for name in sorted(changed.hexes)
        if name in geo.hex_index
    ]
    return tags


def _pasted(canvas: Canvas, image: Image.Image, at: tuple[int, int]) -> Box:
    """Paste a piece centred at `at`; the box it covers."""
    x, y = at
    canvas.paste_centred(image, x, y)
    return (x - image.width / 2, y - image.height / 2, x + image.width / 2, y + image.height / 2)


def _house(canvas: Canvas, seat: int, x: int, y: int, s: float) -> Box:
    return _pasted(canvas, house(seat, round(0.72 * s)), (x, y))


def _city(canvas: Canvas, seat: int, x: int, y: int, s: float) -> Box:
    return _pasted(canvas, city(seat, round(0.92 * s)), (x, y - 2))


def _dashes(canvas: Canvas, a: tuple[int, int], b: tuple[int, int], colour: RGB, width: int) -> None:
    (ax, ay), (bx, by) = a, b
    for k in range(5):
        t0, t1 = 0.2 + k * 0.13, 0.2 + k * 0.13 + 0.07
        canvas.draw.line(
            (ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1),
            fill=colour,
            width=width,
        )
