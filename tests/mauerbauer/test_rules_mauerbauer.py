"""Each number Mauerbauer's `/rules` states, played through the engine.

Every test names the sentence it proves and checks that sentence in the
English text (`rules_say`) and its number in the engine, so that changing
either fails it. The guild cards are scored on the position of the
rulebook's scoring example (`test_mb_cards.example`), whose pieces are
counted here from its own lists, not from the engine.
"""

from __future__ import annotations

import functools

import pytest
from game_support import rules_say
from mb_builders import ENGINE
from mb_builders import card
from mb_builders import cards
from mb_builders import city
from mb_builders import corner
from mb_builders import field
from mb_builders import fresh
from test_mb_cards import CITY_X
from test_mb_cards import OUTSIDE_HOUSES
from test_mb_cards import OUTSIDE_TOWERS
from test_mb_cards import X_TOWERS
from test_mb_cards import example

from games.core import IllegalAction
from games.mauerbauer import rules
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Play
from games.mauerbauer.data import FIELD_REGION
from games.mauerbauer.data import FIELDS
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import REGIONS
from games.mauerbauer.data import WATER
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import State

says = functools.partial(rules_say, ENGINE)


def scores_of(state: State, kind: str) -> int:
    """What one card of `kind` scores now, for the city just closed (if any)."""
    closed = state.cities[state.city] if state.city >= 0 else None
    return card_values(state, closed)[card(kind)]


def the_example_after_its_city() -> State:
    """The example with city X no longer the city being scored: the board outside stays."""
    return example()._replace(city=-1)


def test_two_to_four_players_with_the_supply_6_cards_and_1_point_each() -> None:
    says(
        "— 2 to 4 players",
        "a triangle grid of 45 fields in 3 regions (West, Middle, East)",
        "60 guild cards, 30 kinds of 2",
        "33 walls, 30 towers (10 white, 10 grey, 10 black), 60 houses (12 in each of 5 colours) "
        "and 15 palaces (3 per colour)",
        "Everyone starts with 6 cards and 1 point.",
    )
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 4)
    assert (FIELDS, REGIONS) == (45, ("west", "middle", "east"))
    assert len(KINDS) == 30
    for players in (2, 3, 4):
        state = ENGINE.setup(players, 5)
        assert [len(hand) for hand in state.hands] == [6] * players
        assert state.scores == (1,) * players
        assert len(state.deck) + 6 * players == 60
        assert all(
            state.deck.count(kind) + sum(h.count(kind) for h in state.hands) == 2 for kind in range(30)
        )
        assert state.wall_supply == 33
        assert state.tower_supply == (10, 10, 10)
        assert state.house_supply == (12,) * 5
        assert state.palace_supply == (3,) * 5


def test_playing_1_or_2_cards_draws_1_and_a_discard_of_1_draws_2() -> None:
    says(
        "each player plays 1 or 2 guild cards and scores them for this city",
        "or discards 1 card (`discard walls`) and scores nothing",
        "Then everyone draws 1 card, 2 after a discard: playing 2 cards leaves you one card fewer.",
    )
    hands = (cards("walls", "cities"), cards("red", "blue"), cards("east"), cards("west", "water"))
    state = rules._start_scoring(fresh(4, 11, active=0, cities=(city("B2"),), city=0, hands=hands))
    before = state.scores
    state = rules.apply(state, 0, Discard(card("walls")))
    state = rules.apply(state, 1, Play(cards("red", "blue")))
    state = rules.apply(state, 2, Play(cards("east")))
    with pytest.raises(IllegalAction):
        rules.apply(state, 3, Play(cards("west", "water", "west")))
    state = rules.apply(state, 3, Play(cards("west", "water")))
    assert [len(hand) for hand in state.hands] == [2 - 1 + 2, 2 - 2 + 1, 1 - 1 + 1, 2 - 2 + 1]
    assert state.scores[0] == before[0]


@pytest.mark.parametrize(
    ("fields", "kind", "points"),
    [
        (("B1",), "city-1", 6),
        (("B1", "B2"), "city-2", 7),
        (("B1", "B2", "B3"), "city-3", 8),
        (("B1", "B2", "B3", "B4"), "city-7", 0),
        (("B1", "B2", "B3", "B4", "B5", "B6"), "city-7", 0),
        (CITY_X, "city-7", 9),
    ],
)
def test_a_city_of_1_2_or_3_fields_scores_6_7_or_8_and_of_7_or_more_9(
    fields: tuple[str, ...], kind: str, points: int
) -> None:
    says("City of 1, 2 or 3 fields: 6, 7 or 8 points; city of 7 or more fields: 9 (4 to 6 fields score 0).")
    closed = city(*fields)
    values = card_values(fresh(), closed)
    assert values[card(kind)] == points
    size_cards = ("city-1", "city-2", "city-3", "city-7")
    assert sum(values[card(other)] for other in size_cards) == points


@pytest.mark.parametrize(
    ("houses", "palaces", "points"),
    [
        ({"red": 1}, {}, 0),
        ({"red": 1}, {"blue": 1}, 4),
        ({"red": 1, "blue": 1, "pink": 1}, {}, 4),
        ({"red": 1, "blue": 1, "pink": 1}, {"green": 1}, 7),
        ({"red": 1, "blue": 1, "pink": 1, "yellow": 1}, {"green": 1}, 7),
    ],
)
def test_a_colourful_city_scores_4_for_2_to_3_colours_and_7_for_4_to_5(
    houses: dict[str, int], palaces: dict[str, int], points: int
) -> None:
    says("Colourful city: 4 for houses or palaces of 2–3 colours, 7 for 4–5 colours.")
    assert (
        card_values(fresh(), city("B1", "B2", houses=houses, palaces=palaces))[card("city-colours")] == points
    )


def test_towers_of_the_city_score_1_each_and_of_one_colour_2_each() -> None:
    says("Towers of the city (on its walls): 1 each; white, grey or black towers of the city: 2 each.")
    state = example()
    assert scores_of(state, "city-towers") == len(X_TOWERS) * 1
    for colour in ("white", "grey", "black"):
        assert scores_of(state, f"city-{colour}") == list(X_TOWERS.values()).count(colour) * 2


def test_palaces_of_the_city_score_1_each_and_a_colour_1_per_house_and_3_per_palace() -> None:
    says(
        "Palaces of the city: 1 each (houses 0).",
        "A colour in the city: 1 per house and 3 per palace of that colour.",
    )
    houses = {"red": 1, "blue": 1}
    palaces = {"red": 2, "green": 1}
    state = fresh(cities=(city("B1", "B2", houses=houses, palaces=palaces),), city=0)
    assert scores_of(state, "city-palaces") == 3 * 1
    assert scores_of(state, "city-red") == 1 * 1 + 2 * 3
    assert scores_of(state, "city-blue") == 1 * 1
    assert scores_of(state, "city-green") == 1 * 3
    assert scores_of(state, "city-pink") == 0


def test_houses_of_one_colour_or_in_one_region_outside_every_city_score_1_each() -> None:
    says("Houses of one colour, or houses in one region: 1 each.")
    state = the_example_after_its_city()
    pink = sum(here.get("pink", 0) for here in OUTSIDE_HOUSES.values())
    west = REGIONS.index("west")
    in_the_west = sum(
        sum(here.values()) for name, here in OUTSIDE_HOUSES.items() if FIELD_REGION[field(name)] == west
    )
    assert pink == 6 and scores_of(state, "pink") == pink * 1
    assert scores_of(state, "west") == in_the_west * 1


def test_towers_outside_score_1_each_of_one_colour_2_each_and_at_the_water_2_each() -> None:
    says(
        "Towers: 1 each; white, grey or black towers: 2 each; towers at the water "
        "(the left and right edges): 2 each."
    )
    state = the_example_after_its_city()
    assert scores_of(state, "towers") == len(OUTSIDE_TOWERS) * 1
    for colour in ("white", "grey", "black"):
        assert scores_of(state, colour) == list(OUTSIDE_TOWERS.values()).count(colour) * 2
    at_the_water = [name for name in OUTSIDE_TOWERS if WATER >> corner(name) & 1]
    assert at_the_water and scores_of(state, "water") == len(at_the_water) * 2


def test_walls_outside_score_1_each_and_cities_1_per_closed_city() -> None:
    says(
        "Walls (not on any city's walls): 1 each.",
        "Cities (belongs to neither group): 1 per closed city on the board.",
    )
    state = the_example_after_its_city()
    on_cities = 0
    for closed in state.cities:
        on_cities |= closed.boundary
    assert scores_of(state, "walls") == (state.walls & ~on_cities).bit_count() * 1 == 6
    assert scores_of(state, "cities") == len(state.cities) * 1 == 4
