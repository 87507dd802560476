"""Catan: Cheops: the geometry of its map, from the board in a view.

A hex's centre and every intersection lie on an integer lattice: one unit of
x is √3/2 of the hex size, one unit of y half of it; hexes are pointy-top,
their corners at (x, y-2), (x+1, y-1), (x+1, y+1), (x, y+2), (x-1, y+1),
(x-1, y-1). A `Frame` lays the lattice onto pixels: the board's (`BOARD`,
hex size `S`, the map filling the image's width) or a close-up's (larger,
moved to the part shown). `geometry` derives from a board what the drawing
needs in a frame (pixel positions, which intersections touch land, which
edges meet where) once per board and frame; `buildable_edges`,
`settling_nodes` and `robber_hexes` read from a view where the seat whose
turn it is may build its next road or ship, settle, or send the robber.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from renderers.catan_cheops.theme import WIDTH

__all__ = [
    "BOARD",
    "MAP_H",
    "UX",
    "UY",
    "WATER",
    "X_MAX",
    "X_MIN",
    "Y_MAX",
    "Y_MIN",
    "Frame",
    "Geometry",
    "S",
    "board_key",
    "buildable_edges",
    "edge_angle",
    "geometry",
    "midpoint",
    "node_index",
    "pixel",
    "robber_hexes",
    "settling_nodes",
]

#: The board's extent on the lattice: hex corners run from x -1 to 18 and y -2 to 32.
X_MIN, X_MAX, Y_MIN, Y_MAX = -1, 18, -2, 32
#: The board's hex size (centre to corner) in pixels: the map fills the image's width (the
#: board is nearly as tall as wide, so a phone shows it as large as it can), and the
#: lattice units.
S = int((WIDTH - 8) / ((X_MAX - X_MIN) * math.sqrt(3) / 2))
UX = S * math.sqrt(3) / 2
UY = S / 2
MAP_W = round((X_MAX - X_MIN) * UX)
#: Room above and below the map for the labels of its outermost places.
MAP_PAD = 10
MAP_H = round((Y_MAX - Y_MIN) * UY) + 2 * MAP_PAD
WATER = ("sea", "nile")


@dataclass(frozen=True)
class Frame:
    """How the lattice lies on pixels: the hex size `s`, and the pixel of the lattice's (0, 0)."""

    s: float
    x0: float
    y0: float

    @property
    def ux(self) -> float:
        return self.s * math.sqrt(3) / 2

    @property
    def uy(self) -> float:
        return self.s / 2

    def at(self, x: float, y: float) -> tuple[float, float]:
        """Lattice coordinates to pixels."""
        return (self.x0 + x * self.ux, self.y0 + y * self.uy)

    def scaled(self, factor: float) -> Frame:
        return Frame(self.s * factor, self.x0 * factor, self.y0 * factor)


#: The board image's map: centred across the image's width.
BOARD = Frame(S, (WIDTH - MAP_W) / 2 - X_MIN * UX, MAP_PAD - Y_MIN * UY)


def pixel(x: float, y: float) -> tuple[float, float]:
    """Lattice coordinates to pixels on the board's map layer."""
    return BOARD.at(x, y)


# ---------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Geometry:
    hexes: tuple[Mapping[str, Any], ...]
    hex_index: Mapping[str, int]
    centres: tuple[tuple[float, float], ...]
    #: The six intersection indexes of each hex, clockwise from the top.
    corners: tuple[tuple[int, ...], ...]
    points: tuple[tuple[float, float], ...]
    edges: tuple[tuple[int, int], ...]
    edge_index: Mapping[str, int]
    #: Intersections touching a land hex (they take buildings).
    land: frozenset[int]
    neighbours: tuple[frozenset[int], ...]
    #: Edges meeting at each intersection.
    incident: tuple[tuple[int, ...], ...]
    harbours: tuple[Mapping[str, Any], ...]
    pyramid_sites: frozenset[int]
    frame: Frame


def node_index(name: str) -> int:
    return int(name[1:]) - 1


def board_key(board: Mapping[str, Any]) -> tuple[Any, ...]:
    """A hashable copy of the board (the cache key of its geometry and layer)."""
    return (
        tuple(
            (
                str(h["id"]),
                int(h["x"]),
                int(h["y"]),
                str(h["terrain"]),
                h.get("token"),
                bool(h.get("pyramid")),
            )
            for h in board["hexes"]
        ),
        tuple((int(x), int(y)) for x, y in board["intersections"]),
        tuple((int(a), int(b)) for a, b in board["edges"]),
        tuple(
            (str(h["edge"]), tuple(str(i) for i in h["intersections"]), str(h["kind"]), int(h["rate"]))
            for h in board["harbours"]
        ),
        tuple(str(i) for i in board.get("pyramid_sites") or ()),
        str(board.get("note") or ""),
    )


@lru_cache(maxsize=16)
def geometry(key: tuple[Any, ...], frame: Frame = BOARD) -> Geometry:
    """The board's geometry in pixels of that frame (the board image's by default)."""
    hex_rows, lattice, edge_pairs, harbour_rows, sites, _ = key
    at = {point: index for index, point in enumerate(lattice)}
    hexes = tuple(
        {"id": i, "x": x, "y": y, "terrain": t, "token": token, "pyramid": p}
        for i, x, y, t, token, p in hex_rows
    )
    offsets = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
    corners = tuple(
        tuple(at[(h["x"] + dx, h["y"] + dy)] for dx, dy in offsets if (h["x"] + dx, h["y"] + dy) in at)
        for h in hexes
    )
    land: set[int] = set()
    for h, around in zip(hexes, corners, strict=True):
        if h["terrain"] not in WATER:
            land.update(around)
    neighbours: list[set[int]] = [set() for _ in lattice]
    incident: list[list[int]] = [[] for _ in lattice]
    for index, (a, b) in enumerate(edge_pairs):
        neighbours[a].add(b)
        neighbours[b].add(a)
        incident[a].append(index)
        incident[b].append(index)
    return Geometry(
        hexes=hexes,
        hex_index={str(h["id"]): n for n, h in enumerate(hexes)},
        centres=tuple(frame.at(h["x"], h["y"]) for h in hexes),
        corners=corners,
        points=tuple(frame.at(x, y) for x, y in lattice),
        edges=edge_pairs,
        edge_index={f"E{n + 1}": n for n in range(len(edge_pairs))},
        land=frozenset(land),
        neighbours=tuple(frozenset(n) for n in neighbours),
        incident=tuple(tuple(e) for e in incident),
        harbours=tuple(
            {"edge": e, "intersections": tuple(node_index(i) for i in ends), "kind": kind, "rate": rate}
            for e, ends, kind, rate in harbour_rows
        ),
        pyramid_sites=frozenset(node_index(s) for s in sites),
        frame=frame,
    )


def edge_angle(geo: Geometry, edge: int) -> int:
    """The edge's direction in degrees clockwise from upright (0, 60 or 120)."""
    (ax, ay), (bx, by) = (geo.points[i] for i in geo.edges[edge])
    return round(math.degrees(math.atan2(bx - ax, -(by - ay)))) % 180


def midpoint(geo: Geometry, edge: int) -> tuple[float, float]:
    (ax, ay), (bx, by) = (geo.points[i] for i in geo.edges[edge])
    return ((ax + bx) / 2, (ay + by) / 2)


def buildable_edges(view: Mapping[str, Any], geo: Geometry) -> list[int]:
    """The free edges the seat whose turn it is could build on next.

    Those touching one of its buildings or the end of one of its roads or
    ships where no other seat's building stands; in the founding, those
    touching the settlement just placed.
    """
    turn = view.get("turn")
    phase = view.get("phase")
    if turn is None or phase == "over":
        return []
    taken = {geo.edge_index[str(p["at"])] for p in [*(view.get("roads") or []), *(view.get("ships") or [])]}
    founding = view.get("founding")
    if phase == "founding":
        if not founding or not founding.get("next_to"):
            return []
        ends = {node_index(str(founding["next_to"]))}
    else:
        owner = {
            node_index(str(b["at"])): int(b["seat"])
            for b in [*(view.get("settlements") or []), *(view.get("cities") or [])]
        }
        ends = {node for node, seat in owner.items() if seat == turn}
        for piece in [*(view.get("roads") or []), *(view.get("ships") or [])]:
            if int(piece["seat"]) != turn:
                continue
            for node in geo.edges[geo.edge_index[str(piece["at"])]]:
                if owner.get(node, turn) == turn:
                    ends.add(node)
    found = {edge for node in ends for edge in geo.incident[node] if edge not in taken}
    return sorted(found)


def _built(view: Mapping[str, Any]) -> dict[int, int]:
    """Each built intersection and its seat."""
    return {
        node_index(str(b["at"])): int(b["seat"])
        for b in [*(view.get("settlements") or []), *(view.get("cities") or [])]
    }


def settling_nodes(view: Mapping[str, Any], geo: Geometry) -> list[int]:
    """The intersections where the seat whose turn it is could settle or build a city next.

    Free land intersections under the distance rule at the end of one of its
    roads or ships, and its settlements (a city replaces one); in the
    founding, the free founding sites (the Nile's banks) under the distance
    rule while a settlement is due, none while a road is.
    """
    turn = view.get("turn")
    phase = view.get("phase")
    if turn is None or phase == "over":
        return []
    built = _built(view)
    blocked = set(built) | {n for node in built for n in geo.neighbours[node]}
    founding = view.get("founding") or {}
    if phase == "founding":
        if founding.get("place") != "settlement":
            return []
        sites = {node_index(str(name)) for name in view["board"].get("founding") or ()} - blocked
        return sorted(sites or geo.land - blocked)
    ends = {
        node
        for piece in [*(view.get("roads") or []), *(view.get("ships") or [])]
        if int(piece["seat"]) == turn
        for node in geo.edges[geo.edge_index[str(piece["at"])]]
    }
    own = {node_index(str(b["at"])) for b in view.get("settlements") or [] if int(b["seat"]) == turn}
    return sorted((ends & geo.land) - blocked | own)


def robber_hexes(view: Mapping[str, Any], geo: Geometry) -> list[int]:
    """The hexes the robber may go to while it is to be moved: every land hex but its own."""
    if view.get("phase") != "robber":
        return []
    robber = geo.hex_index.get(str(view.get("robber")))
    return [n for n, h in enumerate(geo.hexes) if h["terrain"] not in WATER and n != robber]
