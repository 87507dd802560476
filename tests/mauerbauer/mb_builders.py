"""Helpers for Mauerbauer's tests: names to indexes, and positions built by hand."""

from __future__ import annotations

import random
from typing import Any

from games.mauerbauer import ENGINE
from games.mauerbauer import rules
from games.mauerbauer.board import boundary_of
from games.mauerbauer.board import make_city
from games.mauerbauer.data import CORNER_NAMES
from games.mauerbauer.data import FIELD_INDEX
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import KIND_INDEX
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.state import City
from games.mauerbauer.state import State

__all__ = [
    "ENGINE",
    "card",
    "cards",
    "city",
    "corner",
    "field",
    "fields",
    "fresh",
    "house_colour",
    "line",
    "play_through",
    "tower_colour",
]


def field(name: str) -> int:
    return FIELD_INDEX[name.lower()]


def fields(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= 1 << field(name)
    return mask


def corner(name: str) -> int:
    return CORNER_NAMES.index(name)


def line(number: int) -> int:
    return number - 1


def card(name: str) -> int:
    return KIND_INDEX[name]


def cards(*names: str) -> tuple[int, ...]:
    return tuple(sorted(card(name) for name in names))


def tower_colour(name: str) -> int:
    return TOWER_COLOURS.index(name)


def house_colour(name: str) -> int:
    return HOUSE_COLOURS.index(name)


def city(*names: str, houses: dict[str, int] | None = None, palaces: dict[str, int] | None = None) -> City:
    h = tuple((houses or {}).get(colour, 0) for colour in HOUSE_COLOURS)
    p = tuple((palaces or {}).get(colour, 0) for colour in HOUSE_COLOURS)
    return make_city(fields(*names), h, p)


def fresh(players: int = 4, seed: int = 0, **changes: Any) -> State:
    """A new game with the given fields of the state replaced."""
    return rules.new_game(players, seed)._replace(**changes)


def walls_around(*names: str) -> int:
    return boundary_of(fields(*names))


def play_through(state: State, choose: Any = None) -> State:
    """Apply the first legal move (or `choose(state, seat, legal)`) until a wall is to be built
    or the game is over."""
    from games.mauerbauer.state import OVER
    from games.mauerbauer.state import WALL

    while state.phase not in (WALL, OVER):
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = legal[0] if choose is None else choose(state, seat, legal)
        state = rules.apply(state, seat, action)
    return state


def resample_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    """`state` with what `viewer` may not see drawn again: the other hands' cards and the deck
    order (hand sizes kept), and the generator."""
    others = [seat for seat in range(state.players) if seat != viewer]
    pool = list(state.deck) + [card for seat in others for card in state.hands[seat]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        size = len(hands[seat])
        hands[seat], pool = tuple(sorted(pool[:size])), pool[size:]
    return state._replace(hands=tuple(hands), deck=tuple(pool), rng=rng.getrandbits(64))
