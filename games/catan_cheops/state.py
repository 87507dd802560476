"""The game position: one named tuple of ints, tuples and bitmasks.

A named tuple rather than a dataclass: a move builds a new state, and a named
tuple is several times cheaper to make. The last fields only speed play up
and follow from the board (`nets`, `ends`, `blds`, `occupied`, `blocked`,
`covered`); the codec stores none of them and rebuilds them with `derive`, so
a loaded state cannot disagree with itself.
"""

from __future__ import annotations

from typing import Any
from typing import NamedTuple

from games.catan_cheops.data import EDGE_ENDS
from games.catan_cheops.data import NODE_NEIGHBOUR_MASK

__all__ = [
    "BLACK",
    "DISCARD",
    "FOUND",
    "FREE_ROADS",
    "MAIN",
    "OFFER",
    "OVER",
    "PHARAOHS",
    "PHASES",
    "REVISED",
    "ROBBER",
    "ROLL",
    "RULEBOOK",
    "SEVEN",
    "State",
    "derive",
    "freeze",
    "from_stored",
]

#: Where a game stands. FOUND: the founding placements; ROLL: a turn before its roll;
#: MAIN: after the roll (build, trade, end); DISCARD: seats discard after a 7;
#: ROBBER: the robber must move; FREE_ROADS: the road building card's free pieces;
#: OFFER: an offer to the other players is open; OVER: the game has ended.
FOUND, ROLL, MAIN, DISCARD, ROBBER, FREE_ROADS, OFFER, OVER = range(8)
PHASES: tuple[str, ...] = ("founding", "roll", "main", "discard", "robber", "free_roads", "offer", "over")
#: `resume` after the robber moved on a 7: back to MAIN, and the pharaoh builds.
SEVEN = 8
#: A black block in `pyramid` (a seat number elsewhere).
BLACK = 9
#: Why the game ended (`ended`): not yet, 12 points, the last black block, the pyramid complete.
NOT_ENDED, BY_POINTS, BY_BLACK, BY_PYRAMID = range(4)
ENDINGS: tuple[str, ...] = ("", "points", "black", "pyramid")
#: When the pharaoh builds (`pharaoh`, the option of that name): RULEBOOK on every 7 from
#: the first; REVISED, the designer's later change, only once a player block stands.
RULEBOOK, REVISED = range(2)
PHARAOHS: tuple[str, ...] = ("rulebook", "revised")


class State(NamedTuple):
    """A whole game position; immutable (moves make new states).

    Seats are 0..players-1. `nodes[i]` is -1 for a free intersection, the seat
    for a settlement, seat + 4 for a city; `edges[i]` is -1, the seat for a road,
    seat + 4 for a ship. Hands (`hands`, `bank`) count resources in the order
    of `data.RESOURCES`; `devs[seat]` counts unplayed development cards in the
    order of `data.DEV_KINDS`, `fresh` those the seat to move bought this turn;
    `deck` lists card kinds, top card last. `pyramid` lists the blocks built in
    order (a seat or BLACK); block i stands on place i (layers of 16, 8, 4, 1).

    The turn: `turn` is the seat whose turn it is, `turns` counts turns begun
    (the contract's `turn_number`), `fstep` indexes the founding steps,
    `last_node` is the settlement the next founding road must touch. `resume`
    is the phase after the robber or the free roads (SEVEN after a 7).
    `discards[seat]` is how many cards the seat must still discard. An open
    offer is `offer` = (give resource, count, get resource, count), and
    `answers[seat]` is -1 (the proposer; in saves from before every offer
    went to everyone, also a seat not asked), 0 (to answer, asked privately), 1
    (accepted), 2 (declined, also a seat that could not pay). `played` is 1 once
    a development card was played this turn.
    `pharaoh` is the option chosen at the start (RULEBOOK or REVISED).
    """

    players: int
    rng: int
    phase: int
    turn: int
    turns: int
    fstep: int
    last_node: int
    nodes: tuple[int, ...]
    edges: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    gold: tuple[int, ...]
    bank: tuple[int, ...]
    deck: tuple[int, ...]
    devs: tuple[tuple[int, ...], ...]
    fresh: tuple[int, ...]
    played: int
    knights: tuple[int, ...]
    army: int
    robber: int
    pyramid: tuple[int, ...]
    blessing: int
    discards: tuple[int, ...]
    free_roads: int
    resume: int
    offer: tuple[int, ...]
    answers: tuple[int, ...]
    offers_made: int
    last_roll: tuple[int, ...]
    ended: int
    pharaoh: int
    # -- derived (see `derive`)
    nets: tuple[int, ...]
    ends: tuple[int, ...]
    blds: tuple[int, ...]
    occupied: int
    blocked: int
    covered: int

    @property
    def over(self) -> bool:
        return self.phase == OVER


(
    PLAYERS,
    RNG,
    PHASE,
    TURN,
    TURNS,
    FSTEP,
    LAST_NODE,
    NODES_,
    EDGES_,
    HANDS,
    GOLD_,
    BANK_,
    DECK_,
    DEVS,
    FRESH,
    PLAYED,
    KNIGHTS,
    ARMY,
    ROBBER_,
    PYRAMID,
    BLESSING,
    DISCARDS,
    FREE,
    RESUME,
    OFFER_,
    ANSWERS,
    OFFERS_MADE,
    LAST_ROLL,
    ENDED,
    PHARAOH,
    NETS,
    ENDS,
    BLDS,
    OCCUPIED,
    BLOCKED,
    COVERED,
) = range(len(State._fields))


#: The fields `derive` computes, and what stands there before it does.
_UNDERIVED: dict[str, Any] = {"nets": (), "ends": (), "blds": (), "occupied": 0, "blocked": 0, "covered": 0}


def from_stored(**stored: Any) -> State:
    """The state of the fields a save stores (all but the derived ones), the derived ones computed."""
    return derive(State(**stored, **_UNDERIVED))


def derive(state: State) -> State:
    """The state with its derived fields computed from the others.

    `nets[seat]`: bitmask of the seat's edges (roads and ships); `ends[seat]`:
    intersections at the ends of those edges; `blds[seat]`: intersections with
    the seat's buildings; `occupied`: every building's intersection; `blocked`:
    intersections the distance rule closes (occupied ones and their
    neighbours); `covered`: every edge with a road or ship.
    """
    players = state.players
    nets = [0] * players
    ends = [0] * players
    blds = [0] * players
    covered = 0
    for e, owner in enumerate(state.edges):
        if owner >= 0:
            seat = owner & 3
            nets[seat] |= 1 << e
            ends[seat] |= EDGE_ENDS[e]
            covered |= 1 << e
    occupied = 0
    blocked = 0
    for n, owner in enumerate(state.nodes):
        if owner >= 0:
            blds[owner & 3] |= 1 << n
            occupied |= 1 << n
            blocked |= 1 << n | NODE_NEIGHBOUR_MASK[n]
    return state._replace(
        nets=tuple(nets),
        ends=tuple(ends),
        blds=tuple(blds),
        occupied=occupied,
        blocked=blocked,
        covered=covered,
    )


def freeze(draft: list[Any]) -> State:
    """The state a draft (a list of fields, positions as above) describes."""
    return tuple.__new__(State, draft)
