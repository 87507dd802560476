"""The move values: one small named tuple of five ints, `Move(kind, a, b, c, d)`.

One type for every move keeps `apply` a table lookup and makes moves cheap
to build and compare; the moves of the board (a road on each edge, a
settlement on each intersection...) are made once here and shared. What
the fields mean per kind:

| kind | a | b | c | d |
|---|---|---|---|---|
| ROLL, END, BUY, ACCEPT, DECLINE, CANCEL | - | - | - | - |
| ROAD, SHIP | edge | | | |
| SETTLEMENT, CITY | intersection | | | |
| BLOCK | seat whose site is used, or -1 (own site) | | | |
| BANK | resource given (GOLD: coins) | resource got | cards given | seat whose harbour, or -1 |
| OFFER | resource given | count | resource asked | count |
| TRADE | the seat traded with | | | |
| DISCARD | the five counts, packed (`pack`) | | | |
| ROBBER | hex | seat robbed, or -1 | | |
| PLAY | card kind | resource (plenty, monopoly) or -1 | second resource (plenty) or -1 | |

A discard names five counts, so it packs them: `a` holds the counts of all
five resources, 8 bits each (brick lowest). Unused fields are -1.
"""

from __future__ import annotations

from typing import NamedTuple

from games.catan_cheops.data import EDGES
from games.catan_cheops.data import NODES

__all__ = [
    "ACCEPT",
    "ACCEPT_OFFER",
    "BANK",
    "BLOCK",
    "BUY",
    "BUY_CARD",
    "CANCEL",
    "CANCEL_OFFER",
    "CITY",
    "CITY_AT",
    "DECLINE",
    "DECLINE_OFFER",
    "DISCARD",
    "END",
    "END_TURN",
    "KINDS",
    "OFFER",
    "PLAY",
    "ROAD",
    "ROAD_AT",
    "ROBBER",
    "ROLL",
    "ROLL_DICE",
    "SETTLEMENT",
    "SETTLEMENT_AT",
    "SHIP",
    "SHIP_AT",
    "TRADE",
    "Move",
    "pack",
    "unpack",
]

(
    ROLL,
    END,
    BUY,
    ACCEPT,
    DECLINE,
    CANCEL,
    ROAD,
    SHIP,
    SETTLEMENT,
    CITY,
    BLOCK,
    BANK,
    OFFER,
    TRADE,
    DISCARD,
    ROBBER,
    PLAY,
) = range(17)
KINDS = 17


class Move(NamedTuple):
    """One move; see the module docstring for the fields of each kind."""

    kind: int
    a: int = -1
    b: int = -1
    c: int = -1
    d: int = -1


ROLL_DICE = Move(ROLL)
END_TURN = Move(END)
BUY_CARD = Move(BUY)
ACCEPT_OFFER = Move(ACCEPT)
DECLINE_OFFER = Move(DECLINE)
CANCEL_OFFER = Move(CANCEL)
ROAD_AT: tuple[Move, ...] = tuple(Move(ROAD, e) for e in range(len(EDGES)))
SHIP_AT: tuple[Move, ...] = tuple(Move(SHIP, e) for e in range(len(EDGES)))
SETTLEMENT_AT: tuple[Move, ...] = tuple(Move(SETTLEMENT, n) for n in range(len(NODES)))
CITY_AT: tuple[Move, ...] = tuple(Move(CITY, n) for n in range(len(NODES)))


def pack(counts: tuple[int, ...] | list[int]) -> int:
    """Five counts (each below 256) in one int, brick lowest."""
    packed = 0
    for i, count in enumerate(counts):
        packed |= count << (8 * i)
    return packed


def unpack(packed: int) -> tuple[int, ...]:
    """The five counts of `pack`."""
    return tuple((packed >> (8 * i)) & 255 for i in range(5))
