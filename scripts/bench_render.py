"""Rendering: time and PNG size of the spectator board, per game.

A seeded random game at the maximum player count gives three positions —
the start, the middle and the end. Each spectator view (with seat names, as
the service passes them) is drawn repeatedly; the median time is judged.
The very first drawing of a process (fonts and data loading) is shown
apart, since a running bot pays it once.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from bench_common import Section
from bench_common import below

import games
import renderers
from games.core import Engine
from games.core import State
from renderers import samples

__all__ = ["GOAL_BYTES", "GOAL_MS", "NAMES", "phases", "run"]

GOAL_MS = 100.0
GOAL_BYTES = 1_000_000
#: Seat names of realistic length, one of them long, as Discord allows; in several scripts and
#: with emoji, as Discord names are (drawn in runs of several fonts: renderers/shaping.py).
NAMES = ("Anna", "Bartholomäus von Hohenzollern", "Chen 陈", "Dmitri 🐉", "محمد علي", "Frieda 👍🏽")


def phases(engine: Engine, players: int, seed: int) -> list[tuple[str, State]]:
    """The start, middle and end states of one seeded random game."""
    states = samples.random_game(engine, players, seed, any_seat=True)
    return [("start", states[0]), ("middle", states[len(states) // 2]), ("end", states[-1])]


def spectator_view(engine: Engine, state: State, players: int) -> dict[str, Any]:
    view = engine.view(state, None)
    view["names"] = [NAMES[i % len(NAMES)] for i in range(players)]
    return view


def _draw(engine_id: str, view: dict[str, Any]) -> tuple[float, float, int]:
    """(wall s, CPU s, PNG bytes) of one drawing."""
    wall, cpu = time.perf_counter(), time.process_time()
    png = renderers.render(engine_id, view)
    return time.perf_counter() - wall, time.process_time() - cpu, len(png)


def run(quick: bool) -> Section:
    repeats = 3 if quick else 15
    section = Section(
        key="render",
        title="Rendering",
        method=[
            "The spectator board of one seeded random game at the maximum player count, at its "
            f"start, middle and end; median over {repeats} drawings (wall time, CPU time beside "
            "it). The first drawing in the process, which loads fonts and data, is shown apart.",
        ],
        headers=[
            "Game",
            "Position",
            "Median ms (wall)",
            "Median ms (CPU)",
            "Worst ms (wall)",
            "First drawing ms",
            "PNG size",
            f"< {GOAL_MS:.0f} ms",
            "< 1 MB",
        ],
    )
    for engine in games.all():
        if engine.id not in renderers.game_ids():
            section.rows.append([f"{engine.title} (`{engine.id}`)", "no renderer yet", *["—"] * 7])
            continue
        players = engine.max_players
        first = True
        for phase, state in phases(engine, players, seed=1):
            view = spectator_view(engine, state, players)
            first_ms = "—"
            if first:
                first_ms = f"{_draw(engine.id, view)[0] * 1000:.0f}"
                first = False
            draws = [_draw(engine.id, view) for _ in range(repeats)]
            wall_ms = statistics.median(d[0] for d in draws) * 1000
            cpu_ms = statistics.median(d[1] for d in draws) * 1000
            size = draws[-1][2]
            section.rows.append(
                [
                    f"{engine.title} (`{engine.id}`)",
                    phase,
                    f"{wall_ms:.1f}",
                    f"{cpu_ms:.1f}",
                    f"{max(d[0] for d in draws) * 1000:.1f}",
                    first_ms,
                    f"{size / 1024:,.0f} KiB",
                    below(wall_ms, GOAL_MS),
                    below(size, GOAL_BYTES),
                ]
            )
    return section
