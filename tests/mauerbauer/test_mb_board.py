"""The board data: a triangle grid whose geometry holds together (a reconstruction)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise
from pathlib import Path

from games.mauerbauer import ENGINE
from games.mauerbauer import geometry
from games.mauerbauer.data import CARDS
from games.mauerbauer.data import CORNERS
from games.mauerbauer.data import EDGE_LINES
from games.mauerbauer.data import FIELD_CORNERS
from games.mauerbauer.data import FIELD_LINES
from games.mauerbauer.data import FIELDS
from games.mauerbauer.data import GROUPS
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.data import LINE_FIELDS
from games.mauerbauer.data import LINES
from games.mauerbauer.data import REGION_FIELDS
from games.mauerbauer.data import WATER
from games.mauerbauer.data import bits

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "mauerbauer"


def test_counts_of_the_spec() -> None:
    assert (FIELDS, LINES, CORNERS) == (45, 78, 34)
    assert EDGE_LINES.bit_count() == 21
    assert WATER.bit_count() == 8


def test_every_field_has_three_lines_and_three_corners() -> None:
    for field in range(FIELDS):
        assert len(set(FIELD_LINES[field])) == 3
        assert len(set(FIELD_CORNERS[field])) == 3
        # The three lines join the three corners pairwise: a triangle.
        ends = Counter(corner for line in FIELD_LINES[field] for corner in LINE_ENDS[line])
        assert sorted(ends) == sorted(FIELD_CORNERS[field]) and set(ends.values()) == {2}


def test_lines_lie_between_one_or_two_fields() -> None:
    for line in range(LINES):
        beside = LINE_FIELDS[line]
        assert len(beside) in (1, 2)
        assert all(line in FIELD_LINES[field] for field in beside)
        assert (len(beside) == 1) == bool(EDGE_LINES >> line & 1)
    assert sum(len(beside) for beside in LINE_FIELDS) == 3 * FIELDS


def test_eulers_formula() -> None:
    # Vertices - edges + faces = 2, counting the outside as a face.
    assert CORNERS - LINES + (FIELDS + 1) == 2


def test_three_bands_of_fifteen_and_three_regions_of_fifteen() -> None:
    data = geometry()
    assert Counter(field["band"] for field in data["fields"]) == {"A": 15, "B": 15, "C": 15}
    assert [mask.bit_count() for mask in REGION_FIELDS] == [15, 15, 15]
    for region in range(3):
        bands = Counter(data["fields"][field]["band"] for field in bits(REGION_FIELDS[region]))
        assert bands == {"A": 5, "B": 5, "C": 5}
    # Up- and down-triangles alternate along every band.
    for band in "ABC":
        points = [f["points"] for f in data["fields"] if f["band"] == band]
        assert all(a != b for a, b in pairwise(points))


def test_region_borders_run_along_wall_lines() -> None:
    data = geometry()
    borders = [line for line in data["lines"] if line["border"]]
    # Two borders, each a zigzag across the three bands.
    assert len(borders) == 6
    region_of = {field["name"]: field["region"] for field in data["fields"]}
    for line in data["lines"]:
        sides = {region_of[name] for name in line["fields"]}
        assert line["border"] == (len(sides) == 2)


def test_water_lies_on_the_two_coasts() -> None:
    data = geometry()
    rows: dict[int, list[int]] = {}
    for tower in data["towers"]:
        rows.setdefault(tower["y"], []).append(tower["x"])
    water = [tower for tower in data["towers"] if tower["water"]]
    assert len(water) == 8
    for tower in water:
        xs = rows[tower["y"]]
        assert tower["x"] in (min(xs), max(xs))
        assert tower["coast"] == ("west" if tower["x"] == min(xs) else "east")
    assert Counter(tower["coast"] for tower in water) == {"west": 4, "east": 4}
    # Every water tower field lies on the board's edge.
    edge_corners = {corner for line in bits(EDGE_LINES) for corner in LINE_ENDS[line]}
    assert all(corner in edge_corners for corner in bits(WATER))


def test_drawing_coordinates_fit_the_lines() -> None:
    data = geometry()
    at = {tower["name"]: (tower["x"], tower["y"]) for tower in data["towers"]}
    for line in data["lines"]:
        assert [at[line["ends"][0]], at[line["ends"][1]]] == [tuple(line["from"]), tuple(line["to"])]
        (x1, y1), (x2, y2) = at[line["ends"][0]], at[line["ends"][1]]
        # A side is 2 x-units long horizontally, or 1 across and 1 band down.
        assert (abs(x1 - x2), abs(y1 - y2)) in ((2, 0), (1, 1))
    for field in data["fields"]:
        xs = [at[name][0] for name in field["towers"]]
        assert field["center"][0] == sum(xs) / 3


def test_names_are_short_and_distinct() -> None:
    data = geometry()
    names = [f["name"] for f in data["fields"]] + [t["name"] for t in data["towers"]]
    assert len(set(names)) == len(names)
    assert [line["number"] for line in data["lines"]] == list(range(1, 79))


def test_the_deck_has_30_kinds_of_2() -> None:
    assert len(KINDS) == len(set(KINDS)) == 30
    assert CARDS["copies"] == 2
    assert Counter(GROUPS) == {"city": 15, "outside": 14, "neutral": 1}


def test_data_and_rules_say_they_are_a_reconstruction() -> None:
    for name in ("board.json", "cards.json"):
        note = json.loads((PACKAGE / name).read_text(encoding="utf-8"))["note"]
        assert note.startswith("RECONSTRUCTION")
    assert "reconstruction" in ENGINE.texts["mauerbauer.rules"]
    assert "Rekonstruktion" in ENGINE.locales["de"]["mauerbauer.rules"]
    assert "reconstructie" in ENGINE.locales["nl"]["mauerbauer.rules"]


def test_geometry_is_a_fresh_copy() -> None:
    first = geometry()
    first["fields"].clear()
    assert len(geometry()["fields"]) == 45
