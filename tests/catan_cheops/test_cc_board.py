"""The board of Egypt: geometry derived correctly, tokens, the Nile, the pyramid site, harbours."""

from __future__ import annotations

from collections import Counter

from games.catan_cheops import data
from games.catan_cheops.data import EDGE_ENDS
from games.catan_cheops.data import EDGE_HEXES
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import FOUNDING_NODES
from games.catan_cheops.data import HARBOURS
from games.catan_cheops.data import HEX_NODES
from games.catan_cheops.data import HEX_RESOURCE
from games.catan_cheops.data import HEX_TERRAIN
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import HEXES
from games.catan_cheops.data import LAND_HEXES
from games.catan_cheops.data import LAND_NODES
from games.catan_cheops.data import NODE_EDGES
from games.catan_cheops.data import NODE_HEXES
from games.catan_cheops.data import NODE_NEIGHBOURS
from games.catan_cheops.data import NODES
from games.catan_cheops.data import PYRAMID_HEXES
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.data import ROAD_EDGES
from games.catan_cheops.data import SHIP_EDGES
from games.catan_cheops.data import bits
from games.catan_cheops.rules import reachable

AXIAL = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
AT = {coords: i for i, coords in enumerate(HEXES)}


def neighbours(h: int) -> list[int]:
    q, r = HEXES[h]
    return [AT[(q + dq, r + dr)] for dq, dr in AXIAL if (q + dq, r + dr) in AT]


def test_the_board_is_marked_as_a_design() -> None:
    assert "inspired" in data.NOTE and "Cheops" in data.NOTE
    assert 30 <= len(LAND_HEXES) <= 40
    assert len(set(HEXES)) == len(HEXES)


def test_intersections_and_edges_follow_from_hex_adjacency() -> None:
    for h in range(len(HEXES)):
        ring = HEX_NODES[h]
        assert len(set(ring)) == 6
        ring_edges = [e for e, pair in enumerate(EDGES) if set(pair) <= set(ring)]
        assert len(ring_edges) == 6
        for other in range(len(HEXES)):
            if other == h:
                continue
            shared = set(ring) & set(HEX_NODES[other])
            # Neighbouring hexes share exactly one edge (two corners); others nothing.
            assert len(shared) == (2 if other in neighbours(h) else 0)
    for n, hexes in enumerate(NODE_HEXES):
        assert 1 <= len(hexes) <= 3
        assert 2 <= len(NODE_EDGES[n]) <= 3
        for other in NODE_NEIGHBOURS[n]:
            assert n in NODE_NEIGHBOURS[other]
            # Neighbouring corners are at lattice distance 2 (sqrt 2 * ...), never further.
            (x1, y1), (x2, y2) = NODES[n], NODES[other]
            assert (abs(x1 - x2), abs(y1 - y2)) in ((0, 2), (1, 1))
    for e, (a, b) in enumerate(EDGES):
        assert a < b and b in NODE_NEIGHBOURS[a]
        assert 1 <= len(EDGE_HEXES[e]) <= 2
        assert EDGE_ENDS[e] == 1 << a | 1 << b
    # Euler's formula for the planar map of corners and edges: V - E + F = 2 (F = hexes + outside,
    # and the map is one piece).
    assert len(NODES) - len(EDGES) + len(HEXES) + 1 == 2


def test_number_tokens() -> None:
    productive = [h for h in range(len(HEXES)) if HEX_RESOURCE[h] >= 0]
    assert all(HEX_TOKEN[h] in {2, 3, 4, 5, 6, 8, 9, 10, 11, 12} for h in productive)
    assert all(HEX_TOKEN[h] == 0 for h in range(len(HEXES)) if h not in productive)
    hot = [h for h in productive if HEX_TOKEN[h] in (6, 8)]
    for h in hot:
        assert not any(HEX_TOKEN[o] in (6, 8) for o in neighbours(h)), f"H{h + 1} has a red neighbour"
    counts = Counter(HEX_TOKEN[h] for h in productive)
    assert counts[7] == 0 and max(counts.values()) <= 4


def test_the_nile_and_the_founding_intersections() -> None:
    nile = [h for h, t in enumerate(HEX_TERRAIN) if t == "nile"]
    # One connected river from the south (the largest r) to the sea in the north.
    seen = {max(nile, key=lambda h: HEXES[h][1])}
    todo = list(seen)
    while todo:
        for o in neighbours(todo.pop()):
            if o in nile and o not in seen:
                seen.add(o)
                todo.append(o)
    assert seen == set(nile)
    assert any(HEX_TERRAIN[o] == "sea" for h in nile for o in neighbours(h))
    for n in bits(FOUNDING_NODES):
        assert any(HEX_TERRAIN[h] == "nile" for h in NODE_HEXES[n])
        assert LAND_NODES >> n & 1
    # The delta's island has a middle that touches no water: no founding there.
    island = [
        n for n in bits(LAND_NODES) if all(HEX_TERRAIN[h] not in ("nile", "sea") for h in NODE_HEXES[n])
    ]
    assert island
    assert any(
        all(any(HEX_TERRAIN[o] == "nile" for o in neighbours(h)) for h in NODE_HEXES[n]) for n in island
    )
    # Wool, grain and brick along the Nile.
    banks = {HEX_TERRAIN[h] for n in bits(FOUNDING_NODES) for h in NODE_HEXES[n]}
    assert {"wool", "grain", "brick"} <= banks


def test_lumber_and_ore_are_scarce_gold_is_in_the_south() -> None:
    touching = {h for n in bits(FOUNDING_NODES) for h in NODE_HEXES[n]}
    lumber = [h for h, t in enumerate(HEX_TERRAIN) if t == "lumber"]
    ore = [h for h, t in enumerate(HEX_TERRAIN) if t == "ore"]
    assert len([h for h in lumber if h in touching]) == 1
    assert not [h for h in ore if h in touching]
    nile_q = {HEXES[h][1]: HEXES[h][0] for h, t in enumerate(HEX_TERRAIN) if t == "nile"}
    # Palestine lies north-east and Sinai east of the Nile.
    assert all(HEXES[h][0] > nile_q[HEXES[h][1]] for h in lumber + ore if HEXES[h][1] in nile_q)
    gold = [h for h, t in enumerate(HEX_TERRAIN) if t == "gold"]
    assert len(gold) == 2
    assert all(HEXES[h][1] == max(r for _, r in HEXES) for h in gold)


def test_the_pyramid_site_is_in_the_desert_and_reachable() -> None:
    assert PYRAMID_HEXES and all(HEX_TERRAIN[h] == "desert" for h in PYRAMID_HEXES)
    sites = bits(PYRAMID_SITES)
    assert len(sites) == 6
    # Reachable by roads from the founding intersections.
    reached = reachable(ROAD_EDGES, FOUNDING_NODES)
    assert PYRAMID_SITES & reached == PYRAMID_SITES
    # West of the Nile, next to the delta's apex.
    nile = [h for h, t in enumerate(HEX_TERRAIN) if t == "nile"]
    assert any(o in nile for h in PYRAMID_HEXES for o in neighbours(h))


def test_edges_for_roads_and_ships() -> None:
    for e, hexes in enumerate(EDGE_HEXES):
        land = any(h in LAND_HEXES for h in hexes)
        water = any(h not in LAND_HEXES for h in hexes)
        assert bool(ROAD_EDGES >> e & 1) == land
        assert bool(SHIP_EDGES >> e & 1) == water


def test_harbours() -> None:
    kinds = Counter(kind for _, kind in HARBOURS)
    assert kinds[data.GENERIC] >= 2 and all(kinds[r] == 1 for r in range(5))
    for e, _ in HARBOURS:
        terrains = {HEX_TERRAIN[h] for h in EDGE_HEXES[e]}
        assert len(EDGE_HEXES[e]) == 2 and terrains & {"nile", "sea"} and terrains - {"nile", "sea"}
    waters = {HEX_TERRAIN[h] for e, _ in HARBOURS for h in EDGE_HEXES[e]} & {"nile", "sea"}
    assert waters == {"nile", "sea"}


def test_names() -> None:
    assert data.NODE_NAMES[0] == "I1" and data.EDGE_NAMES[-1] == f"E{len(EDGES)}"
    assert data.HEX_NAMES[len(HEXES) - 1] == f"H{len(HEXES)}"
    # Reading order: north to south.
    assert [y for _, y in NODES] == sorted(y for _, y in NODES)
