"""The board, the components and the texts, read once from the package's JSON files.

The board file lists hexes by axial coordinates (q, r), pointy-top, r growing
to the south. Intersections and edges are derived here at import: every
corner of a hex is a point of an integer lattice (the hex centre sits at
x = 2q + r, y = 3r; its corners at (x, y - 2), (x + 1, y - 1), (x + 1, y + 1),
(x, y + 2), (x - 1, y + 1), (x - 1, y - 1)), so corners of neighbouring hexes
coincide exactly. Intersections are numbered in reading order (north to
south, then west to east) and named `I1`, `I2`...; edges likewise by their
midpoints (`E1`...); hexes in the order of the file (`H1`...). The lattice
coordinates are in the view, so a renderer needs no geometry of its own.

Everything the engine compares in play is a small int or a bitmask (an int
whose bit i stands for intersection or edge i); adjacency is precomputed
here as tuples.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from games.kit.data import bits
from games.kit.data import load_locales
from games.kit.data import load_texts
from games.kit.data import read_json

__all__ = [
    "BANK",
    "BLACK_BLOCKS",
    "BLOCKS",
    "BOARD",
    "CITIES",
    "COSTS",
    "DECK",
    "DEV_KINDS",
    "EDGES",
    "EDGE_ENDS",
    "EDGE_HEXES",
    "EDGE_NAMES",
    "FOUNDING_NODES",
    "GENERIC",
    "GOAL",
    "GOLD",
    "HARBOURS",
    "HARBOUR_NODES",
    "HEXES",
    "HEX_NAMES",
    "HEX_NODES",
    "HEX_RESOURCE",
    "HEX_TERRAIN",
    "HEX_TOKEN",
    "LAND_HEXES",
    "LAND_NODES",
    "LAYERS",
    "LOCALES",
    "NODES",
    "NODE_EDGES",
    "NODE_EDGE_MASK",
    "NODE_HARBOUR",
    "NODE_HEXES",
    "NODE_NAMES",
    "NODE_NEIGHBOURS",
    "NODE_NEIGHBOUR_MASK",
    "NOTE",
    "PRODUCTION",
    "PYRAMID_HEXES",
    "PYRAMID_PLACES",
    "PYRAMID_SITES",
    "RESOURCES",
    "ROADS",
    "ROAD_EDGES",
    "SETTLEMENTS",
    "SHIPS",
    "SHIP_EDGES",
    "START_GOLD",
    "TEXTS",
    "WATER_TERRAINS",
    "bits",
]


#: The board file as stored.
BOARD: Any = read_json(__file__, "board.json")
NOTE: str = str(BOARD["note"])

#: Resources by index (hands are tuples in this order); gold is not a resource.
RESOURCES: tuple[str, ...] = tuple(BOARD["resources"])
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
#: Gold coins where a resource index could stand (gold hexes, bank trades).
GOLD = 5
#: The harbour kind "3:1 for anything" where a resource index could stand.
GENERIC = 5

WATER_TERRAINS: frozenset[str] = frozenset(BOARD["water"])
SETTLEMENTS = int(BOARD["pieces"]["settlements"])
CITIES = int(BOARD["pieces"]["cities"])
ROADS = int(BOARD["pieces"]["roads"])
SHIPS = int(BOARD["pieces"]["ships"])
BLOCKS = int(BOARD["pieces"]["blocks"])
BANK = int(BOARD["bank"])
START_GOLD = int(BOARD["start_gold"])
GOAL = int(BOARD["goal"])
BLACK_BLOCKS = int(BOARD["black_blocks"])
LAYERS: tuple[int, ...] = tuple(int(n) for n in BOARD["pyramid_layers"])
PYRAMID_PLACES = sum(LAYERS)

#: Development card kinds by index (hands of cards are tuples in this order).
DEV_KINDS: tuple[str, ...] = ("knight", "victory", "roads", "plenty", "monopoly")
#: The deck as dealt before shuffling: card kind indexes.
DECK: tuple[int, ...] = tuple(k for k, name in enumerate(DEV_KINDS) for _ in range(int(BOARD["deck"][name])))


def _cost(entry: dict[str, int]) -> tuple[int, ...]:
    return tuple(int(entry.get(name, 0)) for name in RESOURCES)


#: What each thing costs, as a resource tuple.
COSTS: MappingProxyType[str, tuple[int, ...]] = MappingProxyType(
    {name: _cost(entry) for name, entry in BOARD["costs"].items()}
)

# -- hexes -------------------------------------------------------------------------------------------

HEXES: tuple[tuple[int, int], ...] = tuple((int(h["q"]), int(h["r"])) for h in BOARD["hexes"])
HEX_TERRAIN: tuple[str, ...] = tuple(str(h["terrain"]) for h in BOARD["hexes"])
HEX_TOKEN: tuple[int, ...] = tuple(int(h.get("token", 0)) for h in BOARD["hexes"])
HEX_NAMES: tuple[str, ...] = tuple(f"H{i + 1}" for i in range(len(HEXES)))
#: What a hex pays: a resource index, GOLD, or -1 (desert, water).
HEX_RESOURCE: tuple[int, ...] = tuple(
    RESOURCES.index(t) if t in RESOURCES else GOLD if t == "gold" else -1 for t in HEX_TERRAIN
)
LAND_HEXES: tuple[int, ...] = tuple(i for i, t in enumerate(HEX_TERRAIN) if t not in WATER_TERRAINS)
PYRAMID_HEXES: tuple[int, ...] = tuple(i for i, h in enumerate(BOARD["hexes"]) if h.get("pyramid"))
_HEX_AT = {coords: i for i, coords in enumerate(HEXES)}

# -- intersections and edges, derived ----------------------------------------------------------------

_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _corners(q: int, r: int) -> list[tuple[int, int]]:
    x, y = 2 * q + r, 3 * r
    return [(x + dx, y + dy) for dx, dy in _CORNERS]


_points = sorted({p for q, r in HEXES for p in _corners(q, r)}, key=lambda p: (p[1], p[0]))
#: Intersections as lattice points (x, y), in reading order.
NODES: tuple[tuple[int, int], ...] = tuple(_points)
_NODE_AT = {p: i for i, p in enumerate(NODES)}
NODE_NAMES: tuple[str, ...] = tuple(f"I{i + 1}" for i in range(len(NODES)))
HEX_NODES: tuple[tuple[int, ...], ...] = tuple(tuple(_NODE_AT[p] for p in _corners(q, r)) for q, r in HEXES)

_pairs: set[tuple[int, int]] = set()
for _ring in HEX_NODES:
    for _k in range(6):
        _a, _b = _ring[_k], _ring[(_k + 1) % 6]
        _pairs.add((min(_a, _b), max(_a, _b)))


def _midpoint(pair: tuple[int, int]) -> tuple[int, int]:
    (x1, y1), (x2, y2) = NODES[pair[0]], NODES[pair[1]]
    return (y1 + y2, x1 + x2)


#: Edges as pairs of intersections (lower index first), in reading order of their midpoints.
EDGES: tuple[tuple[int, int], ...] = tuple(sorted(_pairs, key=_midpoint))
_EDGE_AT = {pair: i for i, pair in enumerate(EDGES)}
EDGE_NAMES: tuple[str, ...] = tuple(f"E{i + 1}" for i in range(len(EDGES)))


def _node_hexes(node: int) -> tuple[int, ...]:
    return tuple(h for h, ring in enumerate(HEX_NODES) if node in ring)


NODE_HEXES: tuple[tuple[int, ...], ...] = tuple(_node_hexes(n) for n in range(len(NODES)))
EDGE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in NODE_HEXES[a] if h in NODE_HEXES[b]) for a, b in EDGES
)
NODE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e, pair in enumerate(EDGES) if n in pair) for n in range(len(NODES))
)
NODE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(a if b == n else b for a, b in (EDGES[e] for e in NODE_EDGES[n]))) for n in range(len(NODES))
)


def _mask(indexes: Any) -> int:
    mask = 0
    for i in indexes:
        mask |= 1 << i
    return mask


#: Per edge, the bitmask of its two intersections.
EDGE_ENDS: tuple[int, ...] = tuple(1 << a | 1 << b for a, b in EDGES)
#: Per intersection, the bitmask of its edges and of its neighbouring intersections.
NODE_EDGE_MASK: tuple[int, ...] = tuple(_mask(edges) for edges in NODE_EDGES)
NODE_NEIGHBOUR_MASK: tuple[int, ...] = tuple(_mask(ns) for ns in NODE_NEIGHBOURS)


def _is_land(h: int) -> bool:
    return HEX_TERRAIN[h] not in WATER_TERRAINS


#: Intersections a settlement may stand on: touching at least one land hex.
LAND_NODES: int = _mask(n for n, hexes in enumerate(NODE_HEXES) if any(_is_land(h) for h in hexes))
#: Founding intersections: land intersections on the bank of the Nile or its delta.
FOUNDING_NODES: int = LAND_NODES & _mask(
    n for n, hexes in enumerate(NODE_HEXES) if any(HEX_TERRAIN[h] == "nile" for h in hexes)
)
#: Edges for roads (along at least one land hex) and for ships (along at least one water hex).
ROAD_EDGES: int = _mask(e for e, hexes in enumerate(EDGE_HEXES) if any(_is_land(h) for h in hexes))
SHIP_EDGES: int = _mask(e for e, hexes in enumerate(EDGE_HEXES) if any(not _is_land(h) for h in hexes))
#: The pyramid building sites: the corners of the pyramid hexes.
PYRAMID_SITES: int = _mask(n for h in PYRAMID_HEXES for n in HEX_NODES[h])


def _harbours() -> tuple[tuple[int, int], ...]:
    found = []
    for entry in BOARD["harbours"]:
        land = _HEX_AT[(int(entry["land"][0]), int(entry["land"][1]))]
        water = _HEX_AT[(int(entry["water"][0]), int(entry["water"][1]))]
        shared = sorted(set(HEX_NODES[land]) & set(HEX_NODES[water]))
        if len(shared) != 2:
            raise ValueError(f"harbour {entry}: the hexes are not neighbours")
        kind = str(entry["kind"])
        found.append(
            (_EDGE_AT[(shared[0], shared[1])], GENERIC if kind == "generic" else RESOURCES.index(kind))
        )
    return tuple(found)


#: Harbours as (edge, kind): kind a resource index (2:1) or GENERIC (3:1).
HARBOURS: tuple[tuple[int, int], ...] = _harbours()
_node_harbour = [-1] * len(NODES)
for _edge, _kind in HARBOURS:
    for _node in EDGES[_edge]:
        _node_harbour[_node] = _kind
#: Per intersection, the kind of harbour a building there owns, or -1.
NODE_HARBOUR: tuple[int, ...] = tuple(_node_harbour)

#: Intersections with a harbour.
HARBOUR_NODES: int = _mask(n for n, kind in enumerate(NODE_HARBOUR) if kind >= 0)

#: Per dice sum, the hexes that produce: (hex, resource or GOLD, its six intersections).
PRODUCTION: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...] = tuple(
    tuple((h, HEX_RESOURCE[h], HEX_NODES[h]) for h in range(len(HEXES)) if HEX_TOKEN[h] == total)
    for total in range(13)
)

#: English templates of every message key, and the same keys in other languages.
TEXTS = load_texts(__file__)
LOCALES = load_locales(__file__)
