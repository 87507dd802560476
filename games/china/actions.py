"""The moves of China as small immutable values, one step of a turn each.

A turn of several placements and card takes is a series of actions, so a
position offers at most a few hundred moves instead of every combination:

- `Place`: one piece in one province, paid by one card of its colour or by a
  joker (two cards of another colour);
- `End`: stop placing, go on to refilling the hand;
- `Take`: one card into the hand, an open one of a colour or the deck's top;
- `Swap`: the card swap turn (discard one card, take one);
- `Pass`: only when nothing else is possible (late in the last round).

Every value the engine hands out comes from the tables below, so generating
the legal moves of a position creates no new objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.china.data import COLOURS
from games.china.data import PROVINCES
from games.china.data import SPACES
from games.china.state import DECK
from games.china.state import EMISSARY
from games.china.state import PIECES

__all__ = [
    "END",
    "PASS",
    "Action",
    "End",
    "Pass",
    "Place",
    "Swap",
    "Take",
    "place",
    "swap",
    "take",
]

#: A colour index, or -1 for "one card of the province's own colour" (`Place.joker`).
DIRECT = -1


@dataclass(frozen=True, slots=True)
class Place:
    """Place a `piece` (HOUSE, EMISSARY, FORTRESS) in `province`.

    `space` is the house space (0-based; -1 for an emissary, which goes on
    the dragon field). `joker` is -1 when one card of the province's colour
    pays, else the colour of the two cards played as a joker.
    """

    piece: int
    province: int
    space: int
    joker: int


@dataclass(frozen=True, slots=True)
class End:
    """Stop placing pieces this turn; refilling the hand comes next."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take one card: an open card of colour `source`, or the top of the deck (`source` = -1)."""

    source: int


@dataclass(frozen=True, slots=True)
class Swap:
    """The card swap turn: discard a `give` card, take an open `take` card or the deck's top (-1)."""

    give: int
    take: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn: only when neither placing nor swapping is possible."""


Action = Place | End | Take | Swap | Pass

END = End()
PASS = Pass()
_SOURCES = (DECK, *range(len(COLOURS)))
_TAKES = {source: Take(source) for source in _SOURCES}
_SWAPS = {(give, source): Swap(give, source) for give in range(len(COLOURS)) for source in _SOURCES}
_PLACES = {
    (piece, province, space, joker): Place(piece, province, space, joker)
    for piece in range(len(PIECES))
    for province in range(len(PROVINCES))
    for space in ((-1,) if piece == EMISSARY else range(SPACES[province]))
    for joker in (DIRECT, *range(len(COLOURS)))
}


def place(piece: int, province: int, space: int, joker: int) -> Place:
    """The shared value of that placement (a new one when out of range: `apply` refuses it)."""
    return _PLACES.get((piece, province, space, joker)) or Place(piece, province, space, joker)


def take(source: int) -> Take:
    return _TAKES.get(source) or Take(source)


def swap(give: int, source: int) -> Swap:
    return _SWAPS.get((give, source)) or Swap(give, source)
