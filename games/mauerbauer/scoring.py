"""What every guild card kind is worth now: for a city, and on the board outside every city.

`card_values(state, city)` gives the points of all 30 kinds at once (city
kinds score `city`, 0 when it is None); the rules in `cards.json` say how.
"""

from __future__ import annotations

from typing import Any

from games.mauerbauer.data import (
    CARDS,
    FIELD_REGION,
    HOUSE_COLOURS,
    REGIONS,
    TOWER_COLOURS,
    WATER,
    bits,
)
from games.mauerbauer.state import City, State

__all__ = ["card_values", "city_facts", "outside_facts"]


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
    """Houses per colour and per region, towers per colour and at the water, walls, cities."""
    in_city_corners = 0
    city_walls = 0
    for city in state.cities:
        in_city_corners |= city.corners
        city_walls |= city.boundary
    per_colour = [0] * len(HOUSE_COLOURS)
    per_region = [0] * len(REGIONS)
    for field, here in enumerate(state.houses):
        if any(here):
            per_region[FIELD_REGION[field]] += sum(here)
            per_colour = [a + b for a, b in zip(per_colour, here, strict=True)]
    towers = [0, 0, 0]
    water = 0
    for corner, colour in enumerate(state.towers):
        if colour >= 0 and not in_city_corners >> corner & 1:
            towers[colour] += 1
            if WATER >> corner & 1:
                water += 1
    return {
        "houses": tuple(per_colour),
        "regions": tuple(per_region),
        "towers": tuple(towers),
        "water": water,
        "walls": (state.walls & ~city_walls).bit_count(),
        "cities": len(state.cities),
    }


def _rules() -> tuple[tuple[Any, ...], ...]:
    """Each kind's rule as a tuple the scoring loop reads fast."""
    out = []
    for kind in CARDS["kinds"]:
        rule, group = kind["rule"], kind["group"]
        if rule == "size":
            out.append(("size", kind["min"], kind["max"], kind["points"]))
        elif rule == "colours":
            out.append(("colours", tuple(tuple(step) for step in kind["steps"])))
        elif rule == "tower_colour":
            out.append((f"{group}_tower_colour", TOWER_COLOURS.index(kind["colour"]), kind["each"]))
        elif rule == "palaces":
            out.append(("palaces", kind["each"]))
        elif rule == "house_colour" and group == "city":
            out.append(("city_colour", HOUSE_COLOURS.index(kind["colour"]), kind["house"], kind["palace"]))
        elif rule == "house_colour":
            out.append(("outside_colour", HOUSE_COLOURS.index(kind["colour"]), kind["each"]))
        elif rule == "towers":
            out.append((f"{group}_towers", kind["each"]))
        elif rule == "region":
            out.append(("region", REGIONS.index(kind["region"]), kind["each"]))
        elif rule in ("water", "walls", "cities"):
            out.append((rule, kind["each"]))
        else:
            raise ValueError(f"cards.json: unknown rule {rule!r}")
    return tuple(out)


_RULES = _rules()


def card_values(state: State, city: City | None) -> tuple[int, ...]:
    """The points of every kind now; city kinds score `city` (0 without one)."""
    out = outside_facts(state)
    inner = city_facts(city, state.towers) if city is not None else None
    values = []
    for rule in _RULES:
        name = rule[0]
        if name == "outside_colour":
            values.append(out["houses"][rule[1]] * rule[2])
        elif name == "region":
            values.append(out["regions"][rule[1]] * rule[2])
        elif name == "outside_towers":
            values.append(sum(out["towers"]) * rule[1])
        elif name == "outside_tower_colour":
            values.append(out["towers"][rule[1]] * rule[2])
        elif name == "water":
            values.append(out["water"] * rule[1])
        elif name == "walls":
            values.append(out["walls"] * rule[1])
        elif name == "cities":
            values.append(out["cities"] * rule[1])
        elif inner is None:
            values.append(0)
        elif name == "size":
            values.append(rule[3] if rule[1] <= inner["size"] <= rule[2] else 0)
        elif name == "colours":
            values.append(max((points for least, points in rule[1] if inner["colours"] >= least), default=0))
        elif name == "city_tower_colour":
            values.append(inner["towers"][rule[1]] * rule[2])
        elif name == "palaces":
            values.append(sum(inner["palaces"]) * rule[1])
        elif name == "city_colour":
            values.append(inner["houses"][rule[1]] * rule[2] + inner["palaces"][rule[1]] * rule[3])
        else:  # city_towers
            values.append(sum(inner["towers"]) * rule[1])
    return tuple(values)
