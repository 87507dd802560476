"""Every guild card kind scores as the spec says; the rulebook's scoring example."""

from __future__ import annotations

import pytest
from mb_builders import card
from mb_builders import cards
from mb_builders import city
from mb_builders import corner
from mb_builders import fields
from mb_builders import fresh
from mb_builders import house_colour
from mb_builders import tower_colour

from games.mauerbauer import rules
from games.mauerbauer.data import FIELDS
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import SUPPLY_HOUSES
from games.mauerbauer.data import SUPPLY_PALACES
from games.mauerbauer.data import SUPPLY_TOWERS
from games.mauerbauer.data import SUPPLY_WALLS
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State

# The position of the rulebook's example (page 5), with enough besides to give every kind a value.
CITY_X = ("A1", "A2", "A3", "A4", "A5", "A6", "A7")
X_TOWERS = {
    "T1": "white",
    "T2": "white",
    "T3": "grey",
    "T4": "grey",
    "T9": "grey",
    "T10": "black",
    "T13": "black",
}
OUTSIDE_TOWERS = {
    "T17": "white",
    "T34": "white",
    "T18": "grey",
    "T15": "grey",
    "T25": "black",
    "T26": "black",
}
OUTSIDE_HOUSES = {
    "B12": {"pink": 3},
    "B13": {"pink": 3},
    "B1": {"yellow": 4},
    "C2": {"yellow": 3},
    "B7": {"green": 2},
    "C12": {"blue": 1},
}


def example() -> State:
    """City X (7 fields, 7 towers) just closed; 3 other cities; outside: 5 towers at the water,
    6 free walls, 6 pink houses, 7 houses in the West."""
    x = city(*CITY_X, houses={"yellow": 1, "green": 1}, palaces={"red": 2, "blue": 1})
    others = [city("C6"), city("C8"), city("C10")]
    cities = (*others, x)
    on_cities = 0
    for c in cities:
        on_cities |= c.boundary
    free = [line for line in range(78) if not on_cities >> line & 1]
    loose = 0
    for line in free[:6]:
        loose |= 1 << line
    walls = on_cities | loose
    towers = [-1] * 34
    for name, colour in {**X_TOWERS, **OUTSIDE_TOWERS}.items():
        towers[corner(name)] = tower_colour(colour)
    houses = [(0,) * 5] * FIELDS
    for name, here in OUTSIDE_HOUSES.items():
        counts = [0] * 5
        for colour, n in here.items():
            counts[house_colour(colour)] = n
        houses[fields(name).bit_length() - 1] = tuple(counts)
    placed_houses = [sum(h[c] for h in houses) + x.houses[c] for c in range(5)]
    return fresh(
        4,
        0,
        walls=walls,
        wall_supply=SUPPLY_WALLS - walls.bit_count(),
        towers=tuple(towers),
        tower_supply=tuple(total - towers.count(c) for c, total in enumerate(SUPPLY_TOWERS)),
        houses=tuple(houses),
        house_supply=tuple(total - placed_houses[c] for c, total in enumerate(SUPPLY_HOUSES)),
        palace_supply=tuple(total - x.palaces[c] for c, total in enumerate(SUPPLY_PALACES)),
        cities=cities,
        city=len(cities) - 1,
        active=0,
    )


EXPECTED = {
    "city-1": 0,
    "city-2": 0,
    "city-3": 0,
    "city-7": 9,
    "city-colours": 7,
    "city-white": 4,
    "city-grey": 6,
    "city-black": 4,
    "city-palaces": 3,
    "city-yellow": 1,
    "city-green": 1,
    "city-blue": 3,
    "city-pink": 0,
    "city-red": 6,
    "city-towers": 7,
    "yellow": 7,
    "green": 2,
    "blue": 1,
    "pink": 6,
    "red": 0,
    "west": 7,
    "middle": 2,
    "east": 7,
    "towers": 6,
    "white": 4,
    "grey": 4,
    "black": 4,
    "water": 10,
    "walls": 6,
    "cities": 4,
}


def test_every_kind_is_covered() -> None:
    assert sorted(EXPECTED) == sorted(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_scores_as_the_spec_says(kind: str) -> None:
    state = example()
    values = card_values(state, state.cities[state.city])
    assert values[card(kind)] == EXPECTED[kind]


@pytest.mark.parametrize(("size", "kind", "points"), [(1, "city-1", 6), (2, "city-2", 7), (3, "city-3", 8)])
def test_small_city_kinds(size: int, kind: str, points: int) -> None:
    names = ["B1", "B2", "B3"][:size]
    small = city(*names)
    values = card_values(fresh(), small)
    assert values[card(kind)] == points
    others = {"city-1", "city-2", "city-3", "city-7"} - {kind}
    assert all(values[card(other)] == 0 for other in others)


@pytest.mark.parametrize("size", [4, 5, 6])
def test_cities_of_four_to_six_fields_score_no_size_card(size: int) -> None:
    names = ["B1", "B2", "B3", "B4", "B5", "B6"][:size]
    values = card_values(fresh(), city(*names))
    assert [values[card(k)] for k in ("city-1", "city-2", "city-3", "city-7")] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("houses", "palaces", "points"),
    [
        ({}, {}, 0),
        ({"red": 1}, {}, 0),
        ({}, {"red": 1, "blue": 1}, 4),
        ({"red": 1, "blue": 1}, {"green": 1}, 4),
        ({"red": 1, "blue": 1, "pink": 1}, {"green": 1}, 7),
        ({"red": 1, "blue": 1, "pink": 1, "yellow": 1, "green": 1}, {}, 7),
    ],
)
def test_the_colour_card(houses: dict[str, int], palaces: dict[str, int], points: int) -> None:
    values = card_values(fresh(), city("B1", "B2", houses=houses, palaces=palaces))
    assert values[card("city-colours")] == points


def test_city_kinds_score_nothing_without_a_city() -> None:
    state = example()
    values = card_values(state, None)
    for kind, expected in EXPECTED.items():
        assert values[card(kind)] == (0 if kind.startswith("city-") else expected)


def test_the_rulebooks_scoring_example() -> None:
    """Page 5: A plays city of 7+ fields (9) and towers at the water (10); B walls (6);
    C cities (4) and pink houses (6); D houses in a region (7) and towers of the city (7)."""
    state = rules._start_scoring(example())
    assert state.phase == SCORING
    assert rules.to_act(state) == {0}
    hands = (
        cards("city-7", "water", "red"),
        cards("walls", "blue"),
        cards("cities", "pink"),
        cards("west", "city-towers"),
    )
    state = state._replace(hands=hands)
    state = rules.apply(state, 0, rules.play(cards("city-7", "water")))
    assert rules.to_act(state) == {1}
    state = rules.apply(state, 1, rules.play(cards("walls")))
    state = rules.apply(state, 2, rules.play(cards("cities", "pink")))
    assert rules.to_act(state) == {3}
    before = state.scores
    assert before == (20, 7, 11, 1)
    state = rules.apply(state, 3, rules.play(cards("west", "city-towers")))
    assert state.scores == (20, 7, 11, 15)
    assert state.earned[0] == (9, 10, 0)
    assert state.earned[2] == (0, 6, 4)
    # Everybody drew 1 card; the last placed (seat 1) may exchange.
    assert [len(hand) for hand in state.hands] == [2, 2, 1, 1]
    assert state.phase != WALL and rules.to_act(state) == {1}
