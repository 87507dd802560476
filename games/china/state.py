"""The game position: one named tuple of ints and tuples of ints.

A named tuple rather than a dataclass: a move builds a new state, and a named
tuple is several times cheaper to make. Some fields only speed play up and
follow from the others (`free`, `cap`, `envoy_total`, `houses_left`,
`envoys_left`, `points`, `keys`); the codec stores none of them and rebuilds them with
`derive`, so a loaded state cannot disagree with itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from typing import NamedTuple
from typing import TypeVar

from games.china.data import EMISSARIES
from games.china.data import HOUSES

__all__ = [
    "DECK",
    "EMISSARY",
    "FORTRESS",
    "HOUSE",
    "OVER",
    "PIECES",
    "PLACE",
    "REFILL",
    "STEPS",
    "State",
    "derive",
    "from_stored",
    "full_mask",
    "house_counts",
    "house_points",
    "province_key",
    "ranked_points",
]

#: Pieces, by index: the names are the notation's and the view's.
HOUSE, EMISSARY, FORTRESS = 0, 1, 2
PIECES: tuple[str, ...] = ("house", "emissary", "fortress")
#: Where a turn stands: placing pieces (or swapping), refilling the hand, or the game is over.
PLACE, REFILL, OVER = 0, 1, 2
STEPS: tuple[str, ...] = ("place", "refill", "over")
#: The source "the top of the deck" where a colour index could stand (taking, swapping).
DECK = -1
#: Points: whole ones by the rules, expected ones in an AI's projection.
N = TypeVar("N", int, float)


class State(NamedTuple):
    """A whole game position; immutable (moves make new states).

    Seats are 0..players-1, clockwise; colours and provinces are indexes
    into `data.COLOURS` and `data.PROVINCES`. Hands, the open row and the
    discard pile count cards per colour; `deck` lists colours with the top
    card last. `board[p][s]` is the seat owning the house on space s of
    province p, or -1; `forts[p]` is a bitmask of its spaces with a
    fortress. `envoys[p][seat]` counts emissaries on p's dragon field.

    The turn: `turn` is the seat to move, `step` is PLACE (place pieces or
    swap a card), REFILL (take cards up to 3) or OVER. During a turn
    `province` is where its pieces went (-1 before the first), `placed`
    counts them and `cards_used` the cards paid (a joker counts two).
    `exhausted` counts how often the deck has run out; `turns` counts the
    turns begun since the first (the contract's `turn_number`).
    """

    players: int
    side: str
    fortresses: bool
    rng: int
    start: int
    turn: int
    turns: int
    step: int
    province: int
    placed: int
    cards_used: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    open: tuple[int, ...]
    discard: tuple[int, ...]
    exhausted: int
    board: tuple[tuple[int, ...], ...]
    forts: tuple[int, ...]
    envoys: tuple[tuple[int, ...], ...]
    forts_left: tuple[int, ...]
    # -- derived (see `derive`)
    free: tuple[int, ...]
    cap: tuple[int, ...]
    envoy_total: tuple[int, ...]
    houses_left: tuple[int, ...]
    envoys_left: tuple[int, ...]
    points: tuple[int, ...]
    keys: tuple[int, ...]

    @property
    def over(self) -> bool:
        return self.step == OVER


def full_mask(row: tuple[int, ...]) -> int:
    """The bitmask of every space of a province's row (its length is the board's)."""
    return (1 << len(row)) - 1


def house_counts(row: tuple[int, ...], players: int) -> list[int]:
    """Houses per seat on one province's spaces."""
    counts = [0] * players
    for owner in row:
        if owner >= 0:
            counts[owner] += 1
    return counts


def house_points(row: tuple[int, ...], forts: int, players: int) -> list[int]:
    """The house scoring of one province: points per seat.

    First place scores the number of houses there (all colours), each next
    place the house count of the place directly above it; tied seats share
    a place and its points, and the next seat takes the following place. A
    seat without houses there scores nothing; the owner of a house on a
    fortress scores double.
    """
    counts = house_counts(row, players)
    return ranked_points(row, forts, counts, sum(counts))


def ranked_points(row: tuple[int, ...], forts: int, counts: Sequence[int], first: N) -> list[N]:
    """The house scoring of one province with `counts` houses per seat on `row`, when
    first place scores `first` (the rules: the houses there; a projection: more).
    Each next place scores the house count of the place above, as `house_points` says."""
    award: dict[int, N] = {}
    above = first
    for count in sorted({c for c in counts if c}, reverse=True):
        award[count] = above
        above = count
    points = [award.get(count, 0) for count in counts]
    space = 0
    while forts:
        if forts & 1 and row[space] >= 0:
            points[row[space]] *= 2
        forts >>= 1
        space += 1
    return points


#: The fields `derive` computes, and what stands there before it does.
_DERIVED = ("free", "cap", "envoy_total", "houses_left", "envoys_left", "points", "keys")
_UNDERIVED: dict[str, Any] = dict.fromkeys(_DERIVED, ())


def from_stored(**stored: Any) -> State:
    """The state of the fields a save stores (all but the derived ones), the derived ones computed."""
    return derive(State(**stored, **_UNDERIVED))


def derive(state: State) -> State:
    """The state with its derived fields computed from the others."""
    players = state.players
    free = []
    cap = []
    points = [0] * players
    houses = [0] * players
    for province, row in enumerate(state.board):
        mask = 0
        for space, owner in enumerate(row):
            if owner < 0:
                mask |= 1 << space
            else:
                houses[owner] += 1
        free.append(mask)
        counts = house_counts(row, players)
        cap.append(max(counts))
        if mask == 0:
            # A province is full only after the house that scored it at once.
            for seat, gained in enumerate(house_points(row, state.forts[province], players)):
                points[seat] += gained
    envoys_per_seat = [sum(row[seat] for row in state.envoys) for seat in range(players)]
    state = state._replace(
        free=tuple(free),
        cap=tuple(cap),
        envoy_total=tuple(sum(row) for row in state.envoys),
        houses_left=tuple(HOUSES - n for n in houses),
        envoys_left=tuple(EMISSARIES - n for n in envoys_per_seat),
        points=tuple(points),
    )
    return state._replace(keys=tuple(province_key(state, p) for p in range(len(state.board))))


# Field positions, for the engine's hot path: a move copies the state into a
# list once, changes the fields it must by position and makes one new tuple
# (several times cheaper than a chain of `_replace`). State is a tuple, so the
# same positions read a state and such a draft alike.
(
    PLAYERS,
    SIDE,
    FORTRESSES_ON,
    RNG,
    START,
    TURN,
    TURNS,
    STEP,
    PROVINCE,
    PLACED,
    CARDS_USED,
    HANDS,
    DECK_CARDS,
    OPEN,
    DISCARD,
    EXHAUSTED,
    BOARD,
    FORTS,
    ENVOYS,
    FORTS_LEFT,
    FREE,
    CAP,
    ENVOY_TOTAL,
    HOUSES_LEFT,
    ENVOYS_LEFT,
    POINTS,
    KEYS,
) = range(len(State._fields))


#: The parts of a province key (see `province_key`).
HOUSE_BITS, FORT_BITS, ENVOY_BIT = 255 << 4, 255 << 12, 1 << 20


def province_key(state: Sequence[Any], p: int) -> int:
    """What may go into province p, whoever places, packed in one int: p in bits 0-3,
    the free house spaces in bits 4-11, the spaces free for a fortress in bits 12-19
    (none without the variant), room for an emissary in bit 20. Kept per province in
    the state (`keys`), so the legal moves of a position are found by a few lookups."""
    free: int = state[FREE][p]
    key = p | free << 4
    if state[FORTRESSES_ON]:
        key |= (free & ~state[FORTS][p]) << 12
    if state[ENVOY_TOTAL][p] < state[CAP][p]:
        key |= ENVOY_BIT
    return key


def last_round_played(state: Sequence[Any]) -> bool:
    """Whether the deck has run out a second time and the round has come to its last seat (the
    start player's right neighbour): one of the game's two ends (a state or a draft)."""
    return bool(state[EXHAUSTED] >= 2 and state[TURN] == (state[START] - 1) % state[PLAYERS])


def freeze(draft: list[Any]) -> State:
    """The state a draft (a list of fields, see above) describes."""
    return tuple.__new__(State, draft)
