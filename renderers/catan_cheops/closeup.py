"""Catan: Cheops: the close-up of a decision that picks a place on the map.

Sent to the seat that decides, with its legal moves (`road E34`, `ship E35`,
`settlement I12`, `city I12`, `robber H7 ...`): the part of the map that holds
their places, enlarged to fill a phone's width by one of a few steps (`map.ZOOMS`,
twice the board's at most; the whole map when they are spread over it), each legal place marked and
named large, and nothing else named. A decision that names no place (roll,
trade, discard, answer an offer) has no close-up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from renderers.canvas import Canvas
from renderers.catan_cheops.geometry import BOARD
from renderers.catan_cheops.geometry import MAP_H
from renderers.catan_cheops.geometry import Frame
from renderers.catan_cheops.geometry import Geometry
from renderers.catan_cheops.geometry import geometry
from renderers.catan_cheops.map import ZOOMS
from renderers.catan_cheops.map import Places
from renderers.catan_cheops.map import base
from renderers.catan_cheops.map import detail
from renderers.catan_cheops.map import draw_pieces
from renderers.catan_cheops.theme import NEW
from renderers.catan_cheops.theme import TERRAIN_COLOURS
from renderers.catan_cheops.theme import WIDTH
from renderers.common import GOLD
from renderers.common import PARCHMENT
from renderers.common import THEME_COLOURS

__all__ = ["closeup", "legal_places"]

#: A close-up is at most this many times as tall as wide.
TALLEST = 2.0
_NOTATION = re.compile(r"(road|ship|settlement|city|robber) ([eih])([0-9]+)\b")


def legal_places(legal: Sequence[str], geo: Geometry) -> Places:
    """The places the legal moves name: intersections, edges and hexes by index."""
    nodes: set[int] = set()
    edges: set[int] = set()
    hexes: set[int] = set()
    for notation in legal:
        found = _NOTATION.match(notation.strip().lower())
        if not found:
            continue
        index = int(found.group(3)) - 1
        kind = found.group(2)
        if kind == "i" and 0 <= index < len(geo.points):
            nodes.add(index)
        elif kind == "e" and 0 <= index < len(geo.edges):
            edges.add(index)
        elif kind == "h" and 0 <= index < len(geo.hexes):
            hexes.add(index)
    return Places(tuple(sorted(nodes)), tuple(sorted(edges)), tuple(sorted(hexes)))


def _extent(places: Places, geo: Geometry) -> tuple[float, float, float, float]:
    """The board map's pixels that hold the places, with a hex's room around them."""
    points = [geo.points[n] for n in places.nodes]
    points += [geo.points[end] for e in places.edges for end in geo.edges[e]]
    s = geo.frame.s
    for n in places.hexes:
        cx, cy = geo.centres[n]
        points += [(cx - s, cy - s), (cx + s, cy + s)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    pad = 1.1 * s
    return (
        max(0.0, min(xs) - pad),
        max(0.0, min(ys) - pad),
        min(float(WIDTH), max(xs) + pad),
        min(float(MAP_H), max(ys) + pad),
    )


def _fitted(box: tuple[float, float, float, float]) -> tuple[tuple[float, float, float, float], float]:
    """The part to show (the places' box widened to the image's proportions where the map
    allows) and how much it is enlarged."""
    x0, y0, x1, y1 = box
    # A tall, narrow part is shown less enlarged, so that the image stays a phone's shape.
    most = min(WIDTH / (x1 - x0), TALLEST * WIDTH / (y1 - y0))
    zoom = max([step for step in ZOOMS if step <= most], default=ZOOMS[0])
    wide = WIDTH / zoom
    centre = (x0 + x1) / 2
    x0 = min(max(0.0, centre - wide / 2), WIDTH - wide)
    return (max(0.0, x0), y0, min(float(WIDTH), x0 + wide), y1), zoom


def closeup(view: Mapping[str, Any], legal: Sequence[str], locale: str | None = None) -> bytes | None:
    """PNG bytes of the close-up of the places the legal moves name; None when they name none."""
    _, key = base(view["board"])
    places = legal_places(legal, geometry(key))
    if not (places.nodes or places.edges or places.hexes):
        return None
    (x0, y0, x1, y1), zoom = _fitted(_extent(places, geometry(key)))
    part = detail(key, (x0, y0, x1, y1), zoom)
    width, height = part.size
    frame = Frame(
        BOARD.s * zoom,
        (BOARD.x0 - round(x0 * zoom) / zoom) * zoom,
        (BOARD.y0 - round(y0 * zoom) / zoom) * zoom,
    )
    geo = geometry(key, frame)
    canvas = Canvas(width, height, PARCHMENT)
    canvas.image.paste(part, (0, 0))
    _mark(canvas, geo, places)
    built = {str(b["at"]) for b in [*(view.get("settlements") or []), *(view.get("cities") or [])]}
    beside = frozenset(n for n in places.nodes if f"I{n + 1}" in built)
    draw_pieces(
        canvas,
        0,
        view,
        geo,
        Places(places.nodes, places.edges, places.hexes, beside),
        bounds=(0, 0, width, height),
        large=True,
    )
    return canvas.png((*THEME_COLOURS, *TERRAIN_COLOURS, NEW))


def _mark(canvas: Canvas, geo: Geometry, places: Places) -> None:
    """A gold band along each legal edge and a gold ring round each legal intersection."""
    s = geo.frame.s
    for e in places.edges:
        (ax, ay), (bx, by) = (geo.points[i] for i in geo.edges[e])
        canvas.draw.line((ax, ay, bx, by), fill=GOLD, width=max(5, round(0.16 * s)))
    for n in places.nodes:
        x, y = geo.points[n]
        r = 0.3 * s
        canvas.draw.ellipse((x - r, y - r, x + r, y + r), outline=GOLD, width=max(4, round(0.1 * s)))
