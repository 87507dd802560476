"""The board in words, for the description (alt text) of its image.

Reads the spectator's view only (see `Engine.describe_board`), so it names no card in
anyone's hand: the cities with their buildings, the houses outside them, the dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Message
from games.core import Param
from games.core import listing

__all__ = ["describe_board"]


def describe_board(view: Mapping[str, Any]) -> list[Message]:
    """The new city first (what the players decide about), the other cities, then the rest."""
    facts: list[Message] = []
    cities = sorted(view["cities"], key=lambda city: city["id"] != view.get("new_city"))
    for city in cities:
        params: dict[str, Param] = {
            "city": str(city["id"]),
            "size": int(city["size"]),
            "houses": _colours(city["houses"]),
            "palaces": _colours(city["palaces"]),
            "towers": _colours({colour: len(ids) for colour, ids in city["towers"].items()}),
            "walls": len(city["walls"]),
        }
        key = "mauerbauer.alt.new_city" if city["id"] == view.get("new_city") else "mauerbauer.alt.city"
        facts.append(Message(key, params))
    if not cities:
        facts.append(Message("mauerbauer.alt.no_city"))
    dice = view.get("dice") or {}
    if dice.get("houses"):
        rolled = listing([Message(f"mauerbauer.colour.{colour}") for colour in dice["houses"]])
        facts.append(Message("mauerbauer.alt.dice", {"colours": rolled}))
    outside: list[Param] = [
        Message("mauerbauer.alt.field", {"field": str(field), "houses": _colours(houses)})
        for field, houses in sorted(view["houses"].items(), key=lambda item: _field_order(item[0]))
    ]
    if outside:
        # Each field's houses are a list themselves ("A3 1 blue and 1 red; A5 1 green").
        facts.append(Message("mauerbauer.alt.outside", {"fields": listing(outside, groups=True)}))
    facts.append(
        Message("mauerbauer.alt.supply", {"walls": int(view["supply"]["walls"]), "deck": int(view["deck"])})
    )
    return facts


def _field_order(field: str) -> tuple[str, int]:
    """Fields in reading order: row letter, then the column as a number (A2 before A10)."""
    return field[:1], int(field[1:]) if field[1:].isdigit() else 0


def _colours(counts: Mapping[str, int]) -> Param:
    """ "2 yellow and 1 red" — the colours there are, in the board's order; "none" for none."""
    found: list[Param] = [
        Message("mauerbauer.alt.count", {"count": count, "colour": Message(f"mauerbauer.colour.{colour}")})
        for colour, count in counts.items()
        if count
    ]
    return listing(found) if found else Message("mauerbauer.alt.none")
