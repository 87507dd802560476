"""Catan: Cheops: the hex map of one view.

Positions come from the view's board (`geometry`). The board
is the same in every view, so everything that never changes — terrain,
icons, number tokens with their pips, hex ids, harbours, the pyramid site,
the terrain key — is drawn once per language, twice as large and scaled
down for smooth edges, and kept (`base`). Each image pastes
that layer and draws on it what the view adds (`draw_pieces`): roads, ships,
settlements, cities, the robber, the number of every free land intersection
and the names of the edges the seat whose turn it is may build on next.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image
from PIL import ImageDraw

from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import Pen
from renderers.canvas import ellipsize
from renderers.canvas import fit
from renderers.canvas import sprite
from renderers.canvas import text_width
from renderers.catan_cheops.geometry import MAP_H
from renderers.catan_cheops.geometry import WATER
from renderers.catan_cheops.geometry import Geometry
from renderers.catan_cheops.geometry import S
from renderers.catan_cheops.geometry import board_key
from renderers.catan_cheops.geometry import buildable_edges
from renderers.catan_cheops.geometry import edge_angle
from renderers.catan_cheops.geometry import geometry
from renderers.catan_cheops.geometry import midpoint
from renderers.catan_cheops.geometry import node_index
from renderers.catan_cheops.geometry import pixel
from renderers.catan_cheops.icons import boat
from renderers.catan_cheops.icons import city
from renderers.catan_cheops.icons import house
from renderers.catan_cheops.icons import resource
from renderers.catan_cheops.icons import road
from renderers.catan_cheops.icons import robber
from renderers.catan_cheops.theme import SMALL
from renderers.catan_cheops.theme import TERRAIN
from renderers.catan_cheops.theme import WIDTH
from renderers.catan_cheops.theme import label
from renderers.common import CREAM
from renderers.common import GOLD
from renderers.common import GOLD_DARK
from renderers.common import INK
from renderers.common import MUTED
from renderers.common import PARCHMENT
from renderers.common import WHITE
from renderers.common import blend
from renderers.common import seat_colour
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face

__all__ = ["K", "base", "draw_pieces"]

#: The static layer is drawn this many times larger, then scaled down.
K = 2

LAND_BORDER: RGB = (92, 72, 50)
#: A number token, and the red of the likeliest numbers (6 and 8) on it.
TOKEN, HOT = (250, 242, 222), (190, 20, 20)
#: The number of an intersection: its disc, and its ring and ink where nobody may build.
LABEL_FILL, LABEL_FAINT = (255, 252, 242), (150, 140, 124)
EDGE_FILL: RGB = (255, 244, 170)


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
                pen.arc(x + k * 0.22 * S, y, 0.11 * S, 200, 340, crest, 2.5)
    else:
        flow = blend(TERRAIN["nile"], (20, 90, 120), 0.35)
        for dy in (-0.22, 0.0, 0.22):
            y = cy + dy * S
            points = [
                (cx + (t / 8 - 0.5) * 0.9 * S, y + 0.05 * S * math.sin(t * math.pi / 2)) for t in range(9)
            ]
            pen.line(points, flow, 2.5, joint="curve")


def _pips(n: int) -> int:
    return 6 - abs(7 - n)


def _token(pen: Pen, cx: float, cy: float, number: int) -> None:
    hot = number in (6, 8)
    r = 0.33 * S if hot else 0.29 * S
    pen.disc(cx, cy, r, TOKEN, HOT if hot else INK, 3 if hot else 2)
    colour = HOT if hot else INK
    pen.text(cx, cy - 0.05 * S, str(number), 30 if hot else 24, Weight.BOLD, colour)
    count = _pips(number)
    gap = 6.5
    for k in range(count):
        pen.disc(cx + (k - (count - 1) / 2) * gap, cy + r * 0.62, 2.4, colour)


def _pyramid(pen: Pen, cx: float, cy: float) -> None:
    base, top = cy + 0.32 * S, cy - 0.4 * S
    half = 0.5 * S
    pen.poly([(cx, top), (cx + half, base), (cx - half, base)], (226, 184, 96), (120, 84, 30), 2.5)
    pen.poly([(cx, top), (cx + half, base), (cx + 0.12 * S, base)], (196, 150, 66))
    for k in range(1, 4):
        y = top + (base - top) * k / 4
        w = half * k / 4
        pen.line([(cx - w, y), (cx + w * 0.25, y)], (150, 108, 40), 1.5, joint="curve")


def _harbour_spot(geo: Geometry, harbour: Mapping[str, Any]) -> tuple[float, float, tuple[float, float]]:
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
    return mx + (wx - mx) * 0.62, my + (wy - my) * 0.62, (mx, my)


def _harbour(pen: Pen, geo: Geometry, harbour: Mapping[str, Any]) -> None:
    x, y, _ = _harbour_spot(geo, harbour)
    plank = (140, 100, 60)
    for node in harbour["intersections"]:
        px, py = geo.points[node]
        pen.line([(px, py), (px + (x - px) * 0.55, py + (y - py) * 0.55)], plank, 7, joint="curve")
    kind = str(harbour["kind"])
    w, h = 76, 36
    pen.box((x - w / 2, y - h / 2, x + w / 2, y + h / 2), CREAM, INK, width=2, radius=9)
    rate = f"{int(harbour['rate'])}:1"
    if kind == "generic":
        pen.text(x, y, rate + " ?", 20, Weight.BOLD, INK)
    else:
        pen.text(x - 12, y, rate, 20, Weight.BOLD, INK)
        pen.icon(resource(kind, 26), x + 23, y)


@lru_cache(maxsize=8)
def _static(key: tuple[Any, ...]) -> Image.Image:
    geo = geometry(key)
    big = Image.new("RGB", (WIDTH * K, MAP_H * K), PARCHMENT)
    pen = Pen(big, K)
    order = sorted(range(len(geo.hexes)), key=lambda n: geo.hexes[n]["terrain"] not in WATER)
    for n in order:
        h = geo.hexes[n]
        cx, cy = geo.centres[n]
        terrain = str(h["terrain"])
        if terrain in WATER:
            pen.poly(_hex_points(cx, cy), TERRAIN[terrain], blend(TERRAIN[terrain], INK, 0.25), 1.5)
            _water(pen, terrain, cx, cy)
    for harbour in geo.harbours:
        _harbour(pen, geo, harbour)
    for n in order:
        h = geo.hexes[n]
        terrain = str(h["terrain"])
        if terrain in WATER:
            continue
        cx, cy = geo.centres[n]
        pen.poly(_hex_points(cx, cy), TERRAIN[terrain], LAND_BORDER, 3)
        if h["pyramid"]:
            _pyramid(pen, cx, cy)
        elif terrain == "desert":
            pen.icon(resource("desert", 44), cx, cy + 0.12 * S)
        else:
            pen.icon(resource(terrain, 36), cx, cy + 0.56 * S)
        if h["token"]:
            _token(pen, cx, cy, int(h["token"]))
        pen.text(cx, cy - 0.53 * S, str(h["id"]), SMALL, Weight.BOLD, INK)
    for node in geo.pyramid_sites:
        x, y = geo.points[node]
        pen.disc(x, y, 19, GOLD, GOLD_DARK, 2)
    return big.reduce(K)


@lru_cache(maxsize=8)
def _layer(key: tuple[Any, ...], locale: str | None) -> Image.Image:
    static = _static(key)
    canvas = Canvas(static.width, static.height, PARCHMENT)
    canvas.image.paste(static, (0, 0))
    _terrain_key(canvas, locale)
    return canvas.image


_KEY_ORDER = ("brick", "lumber", "wool", "grain", "ore", "gold", "desert", "pyramid", "nile", "sea")


def _swatch(kind: str) -> Image.Image:
    """A terrain's colour with its icon or water pattern, as in the key."""
    w, h = 40, 34
    big = Image.new("RGBA", (w * K, h * K), (0, 0, 0, 0))
    pen = Pen(big, K)
    colour = TERRAIN["desert" if kind == "pyramid" else kind]
    pen.box((1, 1, w - 1, h - 1), colour, INK, width=2, radius=6)
    if kind == "sea":
        crest = blend(TERRAIN["sea"], WHITE, 0.45)
        for dx, dy in ((-8, -4), (4, 6)):
            for k in (0, 1):
                pen.arc(w / 2 + dx + k * 8, h / 2 + dy, 4.5, 200, 340, crest, 2)
    elif kind == "nile":
        flow = blend(TERRAIN["nile"], (20, 90, 120), 0.45)
        for dy in (-6, 0, 6):
            pen.line(
                [(8 + t * 3, h / 2 + dy + 1.5 * math.sin(t * math.pi / 2)) for t in range(9)],
                flow,
                2,
                joint="curve",
            )
    elif kind == "pyramid":
        pen.poly([(w / 2, 5), (w / 2 + 13, h - 7), (w / 2 - 13, h - 7)], (226, 184, 96), (120, 84, 30), 2)
    else:
        pen.icon(resource(kind, 28), w / 2, h / 2)
    return big.reduce(K)


def _terrain_key(canvas: Canvas, locale: str | None) -> None:
    """Each terrain's colour, icon and name, in the empty south-east corner of the map."""
    x0, y0 = pixel(12.7, 23.3)
    body = face(20, Weight.BOLD)
    row = 42
    column = 206
    for index, kind in enumerate(_KEY_ORDER):
        col, line = divmod(index, 5)
        x, y = round(x0 + col * column), round(y0 + line * row)
        canvas.paste(_swatch(kind), x, y)
        name = label(f"catan-cheops.board.terrain.{kind}", locale)
        room = (column if col == 0 else WIDTH - 8 - x) - 52
        fitted = fit(name, 20, SMALL, Weight.BOLD, room) or body
        canvas.text(x + 48, y + 17, ellipsize(name, fitted, room), fitted, INK, anchor="lm")


def base(board: Mapping[str, Any], locale: str | None) -> tuple[Image.Image, tuple[Any, ...]]:
    """The static layer of the map (shared: paste it, never draw on it) and the board's key."""
    key = board_key(board)
    return _layer(key, locale), key


# ---------------------------------------------------------------- what the view adds


@lru_cache(maxsize=512)
def _node_label(number: int, faint: bool) -> Image.Image:
    text = str(number)
    font_face: Face = face(SMALL, Weight.CONDENSED)
    r = 14
    size = 2 * r + 2
    painted = sprite(_paint_label, size, size, (LABEL_FILL, LABEL_FAINT if faint else INK))
    out = Canvas(size, size, None)
    out.paste(painted, 0, 0)
    out.text(size // 2, size // 2, text, font_face, MUTED if faint else INK, anchor="mm")
    return out.image


def _paint_label(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, outline = colours
    draw.ellipse((2, 2, w - 3, h - 3), fill=fill, outline=outline, width=max(2, w // 16))


@lru_cache(maxsize=512)
def _edge_label(number: int) -> Image.Image:
    text = f"E{number}"
    font_face = face(SMALL, Weight.CONDENSED)
    w = text_width(text, font_face) + 10
    h = 22
    out = Canvas(w, h, None)
    out.box(0, 0, w, h, EDGE_FILL, INK, 2, radius=6)
    out.text(w // 2, h // 2, text, font_face, INK, anchor="mm")
    return out.image


def draw_pieces(canvas: Canvas, top: int, view: Mapping[str, Any], geo: Geometry) -> None:
    """Roads, ships, buildings, the robber and the labels a player types, on the pasted map."""

    def at(point: tuple[float, float]) -> tuple[int, int]:
        return round(point[0]), round(point[1] + top)

    for piece in view.get("ships") or []:
        edge = geo.edge_index[str(piece["at"])]
        seat = int(piece["seat"])
        a, b = (at(geo.points[i]) for i in geo.edges[edge])
        _dashes(canvas, a, b, seat_colour(seat))
        canvas.paste_centred(boat(seat, 44), *at(midpoint(geo, edge)))
    for piece in view.get("roads") or []:
        edge = geo.edge_index[str(piece["at"])]
        seat = int(piece["seat"])
        canvas.paste_centred(road(seat, edge_angle(geo, edge), round(S * 0.6), 18), *at(midpoint(geo, edge)))
    built: dict[int, int] = {}
    for piece in view.get("settlements") or []:
        node = node_index(str(piece["at"]))
        built[node] = int(piece["seat"])
        canvas.paste_centred(house(int(piece["seat"]), 36), *at(geo.points[node]))
    for piece in view.get("cities") or []:
        node = node_index(str(piece["at"]))
        built[node] = int(piece["seat"])
        x, y = at(geo.points[node])
        canvas.paste_centred(city(int(piece["seat"]), 48), x, y - 2)
    robber_hex = geo.hex_index.get(str(view.get("robber")))
    if robber_hex is not None:
        cx, cy = at(geo.centres[robber_hex])
        canvas.paste_centred(robber(30), cx - round(0.47 * S), cy + 6)
    blocked = {n for node in built for n in geo.neighbours[node]}
    founding = view.get("founding") or {}
    if view.get("phase") == "founding" and founding.get("place") == "settlement":
        # Founding settlements stand on the banks of the Nile and its delta only.
        sites = {node_index(str(name)) for name in view["board"].get("founding") or ()}
        if sites:
            blocked |= geo.land - sites
    for node in sorted(geo.land):
        if node not in built:
            canvas.paste_centred(_node_label(node + 1, node in blocked), *at(geo.points[node]))
    for edge in buildable_edges(view, geo):
        canvas.paste_centred(_edge_label(edge + 1), *at(midpoint(geo, edge)))


def _dashes(canvas: Canvas, a: tuple[int, int], b: tuple[int, int], colour: RGB) -> None:
    (ax, ay), (bx, by) = a, b
    for k in range(5):
        t0, t1 = 0.2 + k * 0.13, 0.2 + k * 0.13 + 0.07
        canvas.draw.line(
            (ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1),
            fill=colour,
            width=6,
        )
