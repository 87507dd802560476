"""The moves of Mauerbauer as small immutable values.

Lines, tower fields and fields are 0-based indexes here (the notation says
`wall 23`, `T5`, `A3`). Card plays list their kinds sorted. The interning
helpers hand out one shared value per move, so that generating the legal
moves of a position creates few new objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

__all__ = [
    "DONE",
    "PASS",
    "Action",
    "BuildWall",
    "Discard",
    "Done",
    "Merge",
    "Pass",
    "PlaceHouses",
    "PlaceTowers",
    "Play",
    "Swap",
    "build_wall",
    "discard",
    "merge",
    "play",
    "swap",
]


@dataclass(frozen=True, slots=True)
class BuildWall:
    """Build a wall on `line`; the dice are rolled afterwards."""

    line: int


@dataclass(frozen=True, slots=True)
class PlaceTowers:
    """Towers on the free ends of the new wall: (tower field, colour) pairs, by tower field."""

    placements: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class PlaceHouses:
    """Houses beside the new wall: (field, colour) pairs, by field."""

    placements: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Merge:
    """Merge the new city with the closed city whose first field is `city`; None: no merge."""

    city: int | None


@dataclass(frozen=True, slots=True)
class Play:
    """Play one or two guild cards (kinds, sorted) and score them.

    `city` (its first field) only in the final round, when a card of the city
    group needs a city to score; None otherwise.
    """

    cards: tuple[int, ...]
    city: int | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    """In a scoring round: discard one card and score nothing (draw 2 afterwards)."""

    card: int


@dataclass(frozen=True, slots=True)
class Swap:
    """In the catch-up exchange: put one card back, to be replaced from the deck."""

    card: int


@dataclass(frozen=True, slots=True)
class Done:
    """End the catch-up exchange: draw as many cards as were put back (none: keep the hand)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """In the final round: play no card."""


Action = BuildWall | PlaceTowers | PlaceHouses | Merge | Play | Discard | Swap | Done | Pass

DONE = Done()
PASS = Pass()


@cache
def build_wall(line: int) -> BuildWall:
    return BuildWall(line)


@cache
def merge(city: int | None) -> Merge:
    return Merge(city)


@cache
def play(cards: tuple[int, ...], city: int | None = None) -> Play:
    return Play(cards, city)


@cache
def discard(card: int) -> Discard:
    return Discard(card)


@cache
def swap(card: int) -> Swap:
    return Swap(card)
