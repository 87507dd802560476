"""The reference for Catan: Cheops's engine speed: Catanatron, measured in the same run.

Catanatron (PyPI `catanatron`, a well-known Python engine for the base game)
plays random 4-player games the way `bench_engine` plays ours: its
`RandomPlayer` in every seat, seeds 0, 1, 2, …, for a time budget; an action
is one entry of its action log, as one `apply` is ours. It is a benchmark
extra (`pip install -e '.[benchmark]'`), never needed to run or test the bot;
without it the engine section says so and judges our figure against the
issue's published one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from importlib import import_module
from importlib import metadata

from bench_common import timed

__all__ = ["PUBLISHED_ACTIONS_PER_S", "Reference", "measure"]

#: Catanatron's figure on these 2-core machines, as the issue gives it: the goal when it is not installed.
PUBLISHED_ACTIONS_PER_S = 29_000.0


@dataclass(frozen=True)
class Reference:
    """What Catanatron did in this run."""

    version: str
    games: int
    actions: int
    wall: float
    cpu: float


def measure(budget: float, min_games: int) -> Reference | None:
    """Random 4-player Catanatron games for about `budget` seconds; None when it is not installed."""
    try:
        catanatron = import_module("catanatron")
    except ImportError:
        return None
    colours = [catanatron.Color.RED, catanatron.Color.BLUE, catanatron.Color.WHITE, catanatron.Color.ORANGE]
    played = actions = 0
    with timed() as clock:
        deadline = time.perf_counter() + budget
        while played < min_games or time.perf_counter() < deadline:
            game = catanatron.Game([catanatron.RandomPlayer(colour) for colour in colours], seed=played)
            game.play()
            actions += len(game.state.actions)
            played += 1
    return Reference(metadata.version("catanatron"), played, actions, clock.wall, clock.cpu)
