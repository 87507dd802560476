"""Constructed positions and names for the Catan: Cheops tests.

`resample_hidden(state, viewer, rng)` is the hidden-information resampler the
suite-wide test (tests/test_hidden_information.py) takes once the game is
registered there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from collections.abc import Mapping
from typing import Any

import pytest

from games.catan_cheops import ENGINE
from games.catan_cheops.actions import Move
from games.catan_cheops.data import BANK
from games.catan_cheops.data import DEV_KINDS
from games.catan_cheops.data import EDGE_NAMES
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import HEX_NAMES
from games.catan_cheops.data import NODE_EDGES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import RESOURCES
from games.catan_cheops.rules import FOUNDING_STEPS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OVER
from games.catan_cheops.state import State
from games.catan_cheops.state import derive
from games.core import IllegalAction

__all__ = [
    "edge",
    "edge_between",
    "hex_",
    "node",
    "position",
    "random_states",
    "resample_hidden",
    "resources",
]

NODE = {name: i for i, name in enumerate(NODE_NAMES)}
EDGE = {name: i for i, name in enumerate(EDGE_NAMES)}
HEX = {name: i for i, name in enumerate(HEX_NAMES)}


def node(name: str) -> int:
    return NODE[name]


def edge(name: str) -> int:
    return EDGE[name]


def hex_(name: str) -> int:
    return HEX[name]


def edge_between(a: str, b: str) -> str:
    """The name of the edge joining two intersections."""
    x, y = sorted((NODE[a], NODE[b]))
    return EDGE_NAMES[EDGES.index((x, y))]


def edges_at(name: str) -> list[str]:
    return [EDGE_NAMES[e] for e in NODE_EDGES[NODE[name]]]


def resources(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(name, 0) for name in RESOURCES)


def position(
    players: int = 4,
    *,
    settlements: Mapping[str, int] | None = None,
    cities: Mapping[str, int] | None = None,
    roads: Mapping[str, int] | None = None,
    ships: Mapping[str, int] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    cards: Mapping[int, Mapping[str, int]] | None = None,
    seed: int = 1,
    **fields: Any,
) -> State:
    """A position after the founding (MAIN phase, seat 0 to move) with exactly these pieces and
    cards; the bank holds the rest. `fields` replaces any other state field."""
    state = ENGINE.setup(players, seed)
    nodes = [-1] * len(state.nodes)
    for name, seat in (settlements or {}).items():
        nodes[NODE[name]] = seat
    for name, seat in (cities or {}).items():
        nodes[NODE[name]] = seat + 4
    edges = [-1] * len(state.edges)
    for name, seat in (roads or {}).items():
        edges[EDGE[name]] = seat
    for name, seat in (ships or {}).items():
        edges[EDGE[name]] = seat + 4
    hand_list = [resources(**(hands or {}).get(seat, {})) for seat in range(players)]
    bank = tuple(BANK - sum(hand[r] for hand in hand_list) for r in range(5))
    devs = [tuple((cards or {}).get(seat, {}).get(kind, 0) for kind in DEV_KINDS) for seat in range(players)]
    base = {
        "phase": MAIN,
        "turn": 0,
        "turns": 10,
        "fstep": len(FOUNDING_STEPS[players]),
        "last_node": -1,
        "nodes": tuple(nodes),
        "edges": tuple(edges),
        "hands": tuple(hand_list),
        "bank": bank,
        "devs": tuple(devs),
        "last_roll": (3, 4),
    }
    base.update(fields)
    return derive(state._replace(**base))


def play(state: State, seat: int, text: str) -> State:
    """Apply a move given in notation."""
    return ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text))


def refused(state: State, seat: int, text: str) -> str:
    """The sentence that refuses a move given in notation."""
    with pytest.raises(IllegalAction) as refusal:
        play(state, seat, text)
    return str(refusal.value)


def legal_texts(state: State, seat: int) -> list[str]:
    return [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]


def random_states(players: int, seed: int, every: int = 1) -> Iterator[State]:
    """Every `every`-th position of one seeded random game."""
    chooser = random.Random(seed)
    state = ENGINE.setup(players, seed)
    step = 0
    while acting := ENGINE.to_act(state):
        if step % every == 0:
            yield state
        seat = chooser.choice(sorted(acting))
        action: Move = chooser.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action)
        step += 1
    yield state


def resample_hidden(state: State, viewer: int | None, chooser: random.Random) -> State:
    """A state that differs only in what `viewer` may not see: other seats' resource cards and
    development cards (swapped between two of them, so every count stays), the deck's order and
    the RNG."""
    hands = [list(hand) for hand in state.hands]
    devs = [list(d) for d in state.devs]
    others = [seat for seat in range(state.players) if seat != viewer]
    if state.phase != OVER and len(others) >= 2:
        a, b = chooser.sample(others, 2)
        if sum(hands[a]) and sum(hands[b]):
            x = chooser.choice([r for r in range(5) if hands[a][r]])
            y = chooser.choice([r for r in range(5) if hands[b][r]])
            hands[a][x], hands[b][x] = hands[a][x] - 1, hands[b][x] + 1
            hands[b][y], hands[a][y] = hands[b][y] - 1, hands[a][y] + 1
        if sum(devs[a]) and sum(devs[b]) and state.turn not in (a, b):
            x = chooser.choice([k for k in range(5) if devs[a][k]])
            y = chooser.choice([k for k in range(5) if devs[b][k]])
            devs[a][x], devs[b][x] = devs[a][x] - 1, devs[b][x] + 1
            devs[b][y], devs[a][y] = devs[b][y] - 1, devs[a][y] + 1
    deck = list(state.deck)
    chooser.shuffle(deck)
    return state._replace(
        hands=tuple(map(tuple, hands)),
        devs=tuple(map(tuple, devs)),
        deck=tuple(deck),
        rng=state.rng ^ 12345,
    )
