"""Mauerbauer: what was placed since the previous post, to be marked on the board.

A view drawn for a post may carry `since`, the public view the previous post
showed. Walls and towers are new where they stand now and did not then.
Houses are counted per field and colour; a closed city pools the houses of
its fields (and of the cities it swallowed), so a city's piece is new when
the city holds more of that kind and colour than its fields held before.
Without `since` nothing is new.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

__all__ = ["Changes", "changes"]

#: A piece of a city or a field: ("house" | "palace", colour).
Piece = tuple[str, str]


@dataclass(frozen=True)
class Changes:
    """The pieces new since the previous post: wall lines, tower fields, and per field
    (outside the cities) or per city (by its id) how many pieces of each kind and colour."""

    walls: frozenset[int] = frozenset()
    towers: frozenset[str] = frozenset()
    fields: Mapping[str, Counter[Piece]] = field(default_factory=dict)
    cities: Mapping[str, Counter[Piece]] = field(default_factory=dict)


def _towers(view: Mapping[str, Any]) -> set[str]:
    return {str(name) for names in (view.get("towers") or {}).values() for name in names or []}


def _counted(kind: str, counts: Mapping[str, Any] | None) -> Counter[Piece]:
    return Counter({(kind, str(colour)): int(n) for colour, n in (counts or {}).items() if int(n) > 0})


def _city_pieces(city: Mapping[str, Any]) -> Counter[Piece]:
    return _counted("house", city.get("houses")) + _counted("palace", city.get("palaces"))


def _held_before(fields: Iterable[str], before: Mapping[str, Any]) -> Counter[Piece]:
    """What the fields of a city held in the view before: their houses and the pieces of
    every city that lay on them."""
    members = set(fields)
    held: Counter[Piece] = Counter()
    for name in members:
        held += _counted("house", (before.get("houses") or {}).get(name))
    for city in before.get("cities") or []:
        if members & {str(f) for f in city.get("fields") or []}:
            held += _city_pieces(city)
    return held


def changes(view: Mapping[str, Any]) -> Changes:
    """What the board shows that the view's `since` did not (nothing without `since`)."""
    before = view.get("since")
    if not before:
        return Changes()
    was = before.get("houses") or {}
    fields = {
        str(name): new
        for name, here in (view.get("houses") or {}).items()
        if (new := _counted("house", here) - _counted("house", was.get(name)))
    }
    cities = {
        str(city.get("id")): new
        for city in view.get("cities") or []
        if (new := _city_pieces(city) - _held_before((str(f) for f in city.get("fields") or []), before))
    }
    return Changes(
        walls=frozenset(int(n) for n in view.get("walls") or [])
        - {int(n) for n in before.get("walls") or []},
        towers=frozenset(_towers(view) - _towers(before)),
        fields=fields,
        cities=cities,
    )
