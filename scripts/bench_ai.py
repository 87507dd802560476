"""AI decision time: every decision of whole games played by AI seats only.

Each game is seeded and played at the maximum player count with every seat
choosing through `ai.choose`, as the service does (seed: the game's seed plus
the move number). The median and the worst decision over all games are
reported; the worst is what the goal judges.
"""

from __future__ import annotations

import statistics
import time

from bench_common import Section
from bench_common import below

import ai
import games
from games.core import Engine

__all__ = ["GOAL_WORST_S", "decision_times", "run"]

GOAL_WORST_S = 1.0


def decision_times(engine: Engine, players: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of every AI decision in one seeded all-AI game."""
    state = engine.setup(players, seed)
    walls: list[float] = []
    cpus: list[float] = []
    while acting := engine.to_act(state):
        seat = min(acting)
        wall, cpu = time.perf_counter(), time.process_time()
        action = ai.choose(engine.id, state, seat, seed + len(walls))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        state = engine.apply(state, seat, action)
    return walls, cpus


def run(quick: bool) -> Section:
    seeds = range(1) if quick else range(6)
    section = Section(
        key="ai",
        title="AI decision time",
        method=[
            f"Whole games at the maximum player count, every seat an AI, seeds 0–{len(seeds) - 1}; "
            "each `ai.choose` call is timed (wall time, CPU time beside it). Games without an AI of "
            "their own use the random fallback and are marked so.",
        ],
        headers=[
            "Game",
            "AI",
            "Games",
            "Decisions",
            "Median ms (wall)",
            "Median ms (CPU)",
            "Worst ms (wall)",
            "Worst ms (CPU)",
            f"Worst < {GOAL_WORST_S:g} s",
        ],
    )
    for engine in games.all():
        walls: list[float] = []
        cpus: list[float] = []
        for seed in seeds:
            game_walls, game_cpus = decision_times(engine, engine.max_players, seed)
            walls += game_walls
            cpus += game_cpus
        worst = max(walls)
        section.rows.append(
            [
                f"{engine.title} (`{engine.id}`)",
                "own" if ai.has_ai(engine.id) else "random fallback",
                str(len(seeds)),
                str(len(walls)),
                f"{statistics.median(walls) * 1000:.1f}",
                f"{statistics.median(cpus) * 1000:.1f}",
                f"{worst * 1000:.0f}",
                f"{max(cpus) * 1000:.0f}",
                below(worst, GOAL_WORST_S),
            ]
        )
    return section
