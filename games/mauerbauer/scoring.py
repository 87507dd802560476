"""What every guild card kind is worth now: for a city, and on the board outside every city.

`card_values(state, city)` gives the points of all 30 kinds at once (city
kinds score `city`, 0 when it is None). Each kind's rule in `cards.json` is
turned, at import, into terms over one vector of counts (`_facts`), so a
scoring round costs one pass over the board.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from games.mauerbauer.data import CARDS
from games.mauerbauer.data import FIELD_REGION
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import REGIONS
from games.mauerbauer.data import SUPPLY_HOUSES
from games.mauerbauer.data import SUPPLY_TOWERS
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.data import WATER
from games.mauerbauer.data import bits
from games.mauerbauer.state import City
from games.mauerbauer.state import State

__all__ = ["card_values", "city_facts", "outside_facts"]

_REGION_PICKS = tuple(
    itemgetter(*(field for field, region in enumerate(FIELD_REGION) if region == index))
    for index in range(len(REGIONS))
)


def city_facts(city: City, towers: tuple[int, ...]) -> dict[str, Any]:
    """Size, colours, houses and palaces per colour, towers on its boundary per colour."""
    by_colour = [0, 0, 0]
    for corner in bits(city.corners):
        colour = towers[corner]
        if colour >= 0:
            by_colour[colour] += 1
    colours = sum(1 for h, p in zip(city.houses, city.palaces, strict=True) if h or p)
    return {
        "size": city.fields.bit_count(),
        "colours": colours,
        "houses": city.houses,
        "palaces": city.palaces,
        "towers": tuple(by_colour),
    }


def outside_facts(state: State) -> dict[str, Any]:
    """Houses per colour and per region, towers per colour and at the water, walls, cities.

    Counted from the supplies where possible (pieces on the board are the
    box's less the supply's), so that only cities and regions are walked.
    """
    in_city_corners = 0
    city_walls = 0
    houses = [total - left for total, left in zip(SUPPLY_HOUSES, state.house_supply, strict=True)]
    for city in state.cities:
        in_city_corners |= city.corners
        city_walls |= city.boundary
        for colour, count in enumerate(city.houses):
            houses[colour] -= count
    towers = [total - left for total, left in zip(SUPPLY_TOWERS, state.tower_supply, strict=True)]
    for corner in bits(in_city_corners):
        colour = state.towers[corner]
        if colour >= 0:
            towers[colour] -= 1
    water = sum(1 for corner in bits(WATER & ~in_city_corners) if state.towers[corner] >= 0)
    return {
        "houses": tuple(houses),
        "regions": tuple(sum(map(sum, pick(state.houses))) for pick in _REGION_PICKS),
        "towers": tuple(towers),
        "water": water,
        "walls": (state.walls & ~city_walls).bit_count(),
        "cities": len(state.cities),
    }


# The vector of counts every rule reads (see `_facts`), by position.
_H_OUT = 0  # 5 house colours outside
_REGION = 5  # 3 regions
_T_OUT = 8  # 3 tower colours outside
_WATER = 11
_WALLS = 12
_CITIES = 13
_T_CITY = 14  # 3 tower colours on the city's boundary
_H_CITY = 17  # 5 house colours in the city
_P_CITY = 22  # 5 palace colours in the city


def _facts(state: State, city: City | None) -> list[int]:
    out = outside_facts(state)
    facts = [*out["houses"], *out["regions"], *out["towers"], out["water"], out["walls"], out["cities"]]
    if city is None:
        return [*facts, *[0] * 13]
    inner = city_facts(city, state.towers)
    return [*facts, *inner["towers"], *inner["houses"], *inner["palaces"]]


def _terms(kind: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    """A kind's points as a sum of count × points each (size and colour kinds aside)."""
    rule, group = kind["rule"], kind["group"]
    if rule == "house_colour" and group == "city":
        colour = HOUSE_COLOURS.index(kind["colour"])
        return ((_H_CITY + colour, kind["house"]), (_P_CITY + colour, kind["palace"]))
    if rule == "house_colour":
        return ((_H_OUT + HOUSE_COLOURS.index(kind["colour"]), kind["each"]),)
    if rule == "region":
        return ((_REGION + REGIONS.index(kind["region"]), kind["each"]),)
    if rule == "tower_colour":
        base = _T_CITY if group == "city" else _T_OUT
        return ((base + TOWER_COLOURS.index(kind["colour"]), kind["each"]),)
    if rule == "towers":
        base = _T_CITY if group == "city" else _T_OUT
        return tuple((base + colour, kind["each"]) for colour in range(len(TOWER_COLOURS)))
    if rule == "palaces":
        return tuple((_P_CITY + colour, kind["each"]) for colour in range(len(HOUSE_COLOURS)))
    if rule == "water":
        return ((_WATER, kind["each"]),)
    if rule == "walls":
        return ((_WALLS, kind["each"]),)
    if rule == "cities":
        return ((_CITIES, kind["each"]),)
    if rule in ("size", "colours"):
        return ()
    raise ValueError(f"cards.json: unknown rule {rule!r}")


_RULES: tuple[tuple[str, tuple[tuple[int, int], ...], dict[str, Any]], ...] = tuple(
    (kind["rule"], _terms(kind), kind) for kind in CARDS["kinds"]
)


def card_values(state: State, city: City | None) -> tuple[int, ...]:
    """The points of every kind now; city kinds score `city` (0 without one)."""
    facts = _facts(state, city)
    size = city.fields.bit_count() if city is not None else 0
    colours = 0
    if city is not None:
        colours = sum(1 for h, p in zip(city.houses, city.palaces, strict=True) if h or p)
    values = []
    for rule, terms, kind in _RULES:
        if rule == "size":
            values.append(kind["points"] if city is not None and kind["min"] <= size <= kind["max"] else 0)
        elif rule == "colours":
            values.append(max((points for least, points in kind["steps"] if colours >= least), default=0))
        else:
            values.append(sum(facts[index] * each for index, each in terms))
    return tuple(values)
