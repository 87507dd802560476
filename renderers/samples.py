"""Positions to draw: seeded games of random legal moves, for the sample images
(`scripts/render_samples.py`), the rendering benchmark and the render tests.

The same engine, player count, seed and options give the same game, so a
sample names its position by those and the move's number.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from games.core import Action
from games.core import Engine
from games.core import State

__all__ = ["Pick", "random_game", "turn_views"]

#: Chooses the move among the legal ones: `pick(chooser, state, actions)`.
Pick = Callable[[random.Random, State, Sequence[Action]], Action]


def _uniform(chooser: random.Random, _state: State, actions: Sequence[Action]) -> Action:
    return chooser.choice(actions)


def random_game(
    engine: Engine,
    players: int,
    seed: int,
    options: Mapping[str, str] | None = None,
    *,
    any_seat: bool = False,
    pick: Pick = _uniform,
) -> list[State]:
    """Every state of one seeded game, first to last.

    Of the seats that must act, the lowest moves (a random one when
    `any_seat`); `pick` chooses its move, uniformly unless given. Options
    are completed by the engine's `check_options`.
    """
    chooser = random.Random(seed)
    complete = None if options is None else engine.check_options(players, options)
    state = engine.setup(players, seed, complete)
    states = [state]
    while acting := engine.to_act(state):
        seat = chooser.choice(sorted(acting)) if any_seat else min(acting)
        state = engine.apply(state, seat, pick(chooser, state, engine.legal_actions(state, seat)))
        states.append(state)
    return states


def turn_views(engine: Engine, states: Sequence[State], names: Sequence[str]) -> list[dict[str, Any]]:
    """The spectator views a replay shows: the start, each position after which another seat
    must act, and the end; with the seats' names."""
    chosen = [
        state
        for number, state in enumerate(states)
        if number in (0, len(states) - 1) or engine.to_act(state) != engine.to_act(states[number - 1])
    ]
    return [{**engine.view(state, None), "names": list(names)} for state in chosen]
