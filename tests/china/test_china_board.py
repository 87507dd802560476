"""The board data (a reconstruction) keeps the invariants the rules rely on."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.china import ENGINE
from games.china.data import ALLIANCES
from games.china.data import BOARD
from games.china.data import CARD_COUNTS
from games.china.data import COLOURS
from games.china.data import NOTE
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCES
from games.china.data import ROAD_NEIGHBOURS
from games.china.data import ROADS
from games.china.data import SIDES
from games.china.data import SPACE_OF
from games.china.data import SPACES

BORDERS = {frozenset(pair) for pair in ALLIANCES}


def test_nine_provinces_five_colours_purple_alone() -> None:
    assert len(PROVINCES) == 9
    assert sorted(COLOURS) == ["green", "orange", "purple", "red", "yellow"]
    for colour in range(len(COLOURS)):
        provinces = [p for p in range(9) if PROVINCE_COLOUR[p] == colour]
        assert len(provinces) == (1 if COLOURS[colour] == "purple" else 2)
    assert dict(zip(PROVINCES, SPACES, strict=True)) == {
        "CHU": 8, "WEI": 7, "SHU": 5, "HAN": 6, "YAN": 5, "QI": 5, "QIN": 6, "ZHAO": 6, "LU": 4,
    }  # fmt: skip
    assert dict(zip(COLOURS, CARD_COUNTS, strict=True)) == {
        "purple": 10, "yellow": 11, "orange": 11, "green": 12, "red": 13,
    }  # fmt: skip
    assert sum(CARD_COUNTS) == 57


def test_fifteen_alliances_between_bordering_provinces() -> None:
    assert len(ALLIANCES) == 15
    assert len(BORDERS) == 15
    # The rulebook's example fixes 3 = Wei–Ch'in and 4 = Ch'in–Shu.
    assert {PROVINCES[p] for p in ALLIANCES[2]} == {"WEI", "QIN"}
    assert {PROVINCES[p] for p in ALLIANCES[3]} == {"QIN", "SHU"}
    assert [a["number"] for a in BOARD["alliances"]] == list(range(1, 16))


def test_same_colour_provinces_never_border() -> None:
    for a, b in combinations(range(9), 2):
        if PROVINCE_COLOUR[a] == PROVINCE_COLOUR[b]:
            assert frozenset((a, b)) not in BORDERS, (PROVINCES[a], PROVINCES[b])


@pytest.mark.parametrize("side", SIDES)
def test_roads_join_spaces_of_one_province_or_of_bordering_ones(side: str) -> None:
    for a, b in ROADS[side]:
        pa, pb = SPACE_OF[a][0], SPACE_OF[b][0]
        assert pa == pb or frozenset((pa, pb)) in BORDERS, (SPACE_OF[a], SPACE_OF[b])
    assert len(set(ROADS[side])) == len(ROADS[side])


@pytest.mark.parametrize("side", SIDES)
def test_every_space_is_on_a_road_and_the_side_is_connected(side: str) -> None:
    neighbours = ROAD_NEIGHBOURS[side]
    assert all(neighbours[space] for space in range(len(SPACE_OF)))
    seen = {0}
    todo = [0]
    while todo:
        for other in neighbours[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert len(seen) == len(SPACE_OF) == sum(SPACES)


def test_the_sides_differ_as_the_spec_says() -> None:
    a = {frozenset(road) for road in ROADS["A"]}
    b = {frozenset(road) for road in ROADS["B"]}
    assert len(a - b) == 5 and len(b - a) == 2
    assert {side: BOARD["sides"][side]["players"] for side in SIDES} == {"A": [4, 5], "B": [3, 4]}


def test_positions_for_drawing_are_normalised() -> None:
    points = []
    for province in BOARD["provinces"]:
        points += [province, province["dragon"], *province["spaces"]]
        assert [s["number"] for s in province["spaces"]] == list(range(1, len(province["spaces"]) + 1))
    points += BOARD["alliances"]
    for point in points:
        assert 0 <= point["x"] <= 1 and 0 <= point["y"] <= 1


def test_the_board_says_it_is_a_reconstruction() -> None:
    assert "reconstruction" in NOTE.lower()
    assert "reconstruction" in ENGINE.texts["china.rules"].lower()
    assert "Nachbau" in ENGINE.locales["de"]["china.rules"]
    assert "nagebouwd" in ENGINE.locales["nl"]["china.rules"]
