"""The immutable game state: named tuples of ints, tuples and bit masks.

A named tuple rather than a frozen dataclass: a move builds a new state, and
a named tuple is several times cheaper to make. Which fields, lines and tower
fields a set holds is an int bit mask (see `data`).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "EXCHANGE",
    "FINAL",
    "HOUSES",
    "MERGE",
    "OVER",
    "PHASES",
    "SCORING",
    "TOWERS",
    "WALL",
    "City",
    "Record",
    "State",
]

#: What the game waits for (`State.phase`).
WALL, TOWERS, HOUSES, MERGE, SCORING, EXCHANGE, FINAL, OVER = range(8)
#: Phase names, as the view and the save spell them.
PHASES: tuple[str, ...] = ("wall", "towers", "houses", "merge", "scoring", "exchange", "final", "over")


class City(NamedTuple):
    """A closed city: its fields, and its houses and palaces per colour (pooled, as the
    rulebook allows: where inside the city they stand never matters).

    `boundary` (its wall lines), `corners` (the tower fields on them) and
    `inside` (lines with the city on both sides) follow from `fields`; they are
    kept because every turn reads them.
    """

    fields: int
    houses: tuple[int, ...]
    palaces: tuple[int, ...]
    boundary: int
    corners: int
    inside: int


class Record(NamedTuple):
    """One decision of a scoring round, as everybody saw it.

    `what` is "play", "discard" or "pass" (an empty hand, or passing at the
    end); `city` is the field mask of the city it scored (0: none).
    """

    seat: int
    what: str
    cards: tuple[int, ...]
    city: int
    points: int


class State(NamedTuple):
    """A whole position. Per-seat tuples are indexed by seat.

    `walls` is the mask of lines with a wall; `towers[corner]` a tower colour
    or -1; `houses[field]` the houses per colour on a field outside every city
    (houses inside a city are counted in its `City`). `hands` hold card kinds
    sorted; `deck` is top card first; `discard` is sorted (its order tells
    nothing). `earned[seat]` splits the points a seat won by card group (city,
    outside, cities); `scores` adds them to the 1 every marker starts on.

    The turn: `active` built the wall (`turns` counts the turns begun, the
    contract's `turn_number`); `last_wall` and `dice` (tower colour or -1, two
    house dice) are the last build and roll; `closing` is the field mask of
    the city that wall closes, while towers and houses are still placed;
    `city` is the index in `cities` of the city just closed (-1: none).
    `queue` lists the seats still to decide in a scoring round, an exchange
    or the final round, the one deciding now first; `draws` what each seat
    draws when the scoring round ends; `plays` the round's decisions so far
    (kept until the next round); `swaps` the cards the exchanging seat has put
    back; `ending` says that a supply ran out this turn. `values` are the
    points of each card kind for the city being scored (derived, kept while
    the scoring round lasts).
    """

    players: int
    rng: int
    phase: int
    active: int
    turns: int
    walls: int
    towers: tuple[int, ...]
    houses: tuple[tuple[int, ...], ...]
    cities: tuple[City, ...]
    wall_supply: int
    tower_supply: tuple[int, ...]
    house_supply: tuple[int, ...]
    palace_supply: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    earned: tuple[tuple[int, int, int], ...]
    last_wall: int
    dice: tuple[int, ...]
    closing: int
    city: int
    queue: tuple[int, ...]
    draws: tuple[int, ...]
    plays: tuple[Record, ...]
    swaps: int
    ending: bool
    values: tuple[int, ...]
