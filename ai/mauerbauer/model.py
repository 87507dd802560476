"""What the Mauerbauer AI and its greedy baseline may know, and the positions they try.

`public_state(state, seat)` is the state as that seat may know it: the
other hands become stand-ins of the same sizes (every card a placeholder),
the deck a stand-in of the same length, the generator state zero. Nothing
computed from it can depend on another hand, the deck order or a future
roll. The legal moves of a seat are the same in the public state (they
depend on the board, the phase and the seat's own hand only).

The rest builds positions from a public state with the engine's own steps,
so that the rules (closing, palaces, merging, supplies, the end) are exactly
the engine's (`rules.closed_by` and its internal steps `_put_towers`,
`_put_houses`, `_after_building`: one wall turn without the roll):

* `after_placements(state, line, towers, houses)` — the wall with chosen
  pieces, up to the merge or the scoring round;
* `merge_options(state)` — the scoring rounds every merge choice leads to.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

from games.mauerbauer import rules
from games.mauerbauer.data import CORNER_LINE_MASK
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.state import HOUSES
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import State

__all__ = [
    "KIND_COUNT",
    "after_placements",
    "best_play_points",
    "closes",
    "merge_options",
    "public_state",
]

KIND_COUNT = len(KINDS)
_PLACEHOLDER = 0


def public_state(state: State, seat: int) -> State:
    """The state as `seat` may know it: other hands, the deck and the generator replaced."""
    hands = tuple(
        hand if other == seat else (_PLACEHOLDER,) * len(hand) for other, hand in enumerate(state.hands)
    )
    return state._replace(hands=hands, deck=(_PLACEHOLDER,) * len(state.deck), rng=0)


def best_play_points(values: Sequence[int], hand: Iterable[int]) -> int:
    """The most points one play of 1 or 2 cards from `hand` scores with these card values."""
    first = second = 0
    for card in hand:
        value = values[card]
        if value > first:
            first, second = value, first
        elif value > second:
            second = value
    return first + second


def closes(walls: int, line: int) -> bool:
    """Whether a wall on `line` (not yet built) closes a city."""
    built = walls | 1 << line
    first, second = LINE_ENDS[line]
    if not walls & CORNER_LINE_MASK[first] or not walls & CORNER_LINE_MASK[second]:
        return False
    return bool(rules.closed_by(built, line))


def after_placements(
    state: State,
    line: int,
    towers: tuple[tuple[int, int], ...],
    houses: tuple[tuple[int, int], ...],
) -> State:
    """The public state after building on `line` and placing these pieces (not checked against
    dice: the caller picks placements some roll allows), up to the merge or the scoring round."""
    walls = state.walls | 1 << line
    supply = state.wall_supply - 1
    built = rules._set(
        state,
        phase=HOUSES,
        walls=walls,
        wall_supply=supply,
        ending=state.ending or supply == 0,
        last_wall=line,
        closing=rules.closed_by(walls, line),
    )
    if towers:
        built = rules._put_towers(built, towers)
    if houses:
        built = rules._put_houses(built, houses)
    return rules._after_building(built)


def merge_options(state: State) -> list[State]:
    """Every scoring round a merge choice leads to (the state itself when not merging)."""
    if state.phase != MERGE:
        return [state]
    return [rules.apply(state, state.active, action) for action in rules.legal_actions(state, state.active)]
