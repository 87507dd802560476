"""AI decision time per level, and the time of a hint.

Each level is measured where it really plays: seeded games at the maximum
player count, the measured level in one seat (the seat taking turns over the
seeds) and Normal in the others, every seat choosing through `ai.chooser` as
the service does (seed: the game's seed plus the move number). Only the
measured seat's decisions are timed. Hints are timed as a person at the table
asks them: in the games of the Normal level, at every real decision of seat 0
(none where the service makes a move with one answer itself), one `ai.hints`
request for that seat, as `/hint` makes it. Everything runs in this one
process, single-threaded. A game without an AI of its own plays at random
(one row, the random fallback).
"""

from __future__ import annotations

import statistics
from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bench_common import Clock
from bench_common import Section
from bench_common import below
from bench_common import percentile
from bench_common import timed

import ai
import games
from games.core import Engine

__all__ = ["GOALS_P99_S", "GOAL_HINT_P95_S", "HINT_SEAT", "Times", "level_times", "run"]

#: The p99 each level must decide within, in one worker.
GOALS_P99_S = {"easy": 0.3, "normal": 0.3, "hard": 2.0}
#: The p95 a hint must be ready within.
GOAL_HINT_P95_S = 1.0
#: The seat that asks for hints, as a person learning the game would.
HINT_SEAT = 0


@dataclass
class Times:
    """Wall and CPU seconds of timed calls."""

    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)

    def add(self, clock: Clock) -> None:
        self.walls.append(clock.wall)
        self.cpus.append(clock.cpu)

    def extend(self, other: Times) -> None:
        self.walls += other.walls
        self.cpus += other.cpus


def level_times(
    engine: Engine, players: int, seed: int, level: str, seats: Collection[int], hints: bool = False
) -> tuple[Times, Times]:
    """(the decisions of `seats`, which play `level`; the hints of `HINT_SEAT` when `hints`)
    over one seeded game whose other seats play Normal."""
    choosers = [ai.chooser(engine.id, level if s in seats else ai.DEFAULT_LEVEL) for s in range(players)]
    decisions, asked = Times(), Times()
    state = engine.setup(players, seed)
    version = 0
    while acting := engine.to_act(state):
        mover = min(acting)
        move_seed = seed + version
        if hints and mover == HINT_SEAT and engine.forced(state, mover) is None:
            with timed() as clock:
                ai.hints(engine.id, state, mover, move_seed)
            asked.add(clock)
        if mover in seats:
            with timed() as clock:
                action = choosers[mover](state, mover, move_seed)
            decisions.add(clock)
        else:
            action = choosers[mover](state, mover, move_seed)
        state = engine.apply(state, mover, action)
        version += 1
    return decisions, asked


def _row(name: str, label: str, games_count: int, times: Times, share: float, goal: float) -> list[str]:
    """Count, median, p95, p99 and worst (ms, wall / CPU), then the goal on the `share`
    percentile of wall time and its mark."""
    figures = [
        f"{wall * 1000:.1f} / {cpu * 1000:.1f}"
        for wall, cpu in (
            (statistics.median(times.walls), statistics.median(times.cpus)),
            (percentile(times.walls, 0.95), percentile(times.cpus, 0.95)),
            (percentile(times.walls, 0.99), percentile(times.cpus, 0.99)),
            (max(times.walls), max(times.cpus)),
        )
    ]
    return [
        name,
        label,
        str(games_count),
        str(len(times.walls)),
        *figures,
        f"p{share * 100:.0f} < {goal:g} s",
        below(percentile(times.walls, share), goal),
    ]


def _engine_rows(engine: Engine, players: int, seeds: Sequence[int], rotate: bool) -> list[list[str]]:
    """One row per level of the game's AI, then the hints' (asked in Normal's games)."""
    name = f"{engine.title} (`{engine.id}`)"
    rows = []
    hinted = Times()
    for level in ai.levels(engine.id):
        decisions = Times()
        for seed in seeds:
            seat = seed % players if rotate else 0
            mine, asked = level_times(engine, players, seed, level, {seat}, hints=level == ai.DEFAULT_LEVEL)
            decisions.extend(mine)
            hinted.extend(asked)
        rows.append(_row(name, level.capitalize(), len(seeds), decisions, 0.99, GOALS_P99_S[level]))
    if hinted.walls:
        rows.append(_row(name, "hints", len(seeds), hinted, 0.95, GOAL_HINT_P95_S))
    return rows


def _fallback_row(engine: Engine, players: int, seeds: Sequence[int]) -> list[str]:
    """A game without an AI: every seat plays at random, all of them timed."""
    decisions = Times()
    for seed in seeds:
        decisions.extend(level_times(engine, players, seed, ai.DEFAULT_LEVEL, range(players))[0])
    name = f"{engine.title} (`{engine.id}`)"
    return _row(name, "random fallback", len(seeds), decisions, 0.99, GOALS_P99_S[ai.DEFAULT_LEVEL])


def run(quick: bool) -> Section:
    seeds = range(1) if quick else range(6)
    section = Section(
        key="ai",
        title="AI decision time",
        method=[
            f"Seeded games (seeds 0–{len(seeds) - 1}) "
            + ("at the fewest players" if quick else "at the maximum player count")
            + ", in one process, single-threaded. For each level of a game's AI (`ai.levels`), the level "
            "sits in one seat "
            + ("(seat 0" if quick else "(the seat taking turns over the seeds")
            + ") and Normal in the others; only that seat's `ai.chooser` calls are timed, so each level "
            "meets the positions it meets in play. *Hints*: in the Normal games, at every decision of "
            f"seat {HINT_SEAT} that is its to make (not one with a single answer, which the service makes "
            "itself), one `ai.hints` request for that seat, as `/hint` asks. Times are ms, wall / CPU; "
            f"goals are judged on wall time: Hard p99 < {GOALS_P99_S['hard']:g} s, Normal and Easy p99 < "
            f"{GOALS_P99_S['normal']:g} s, a hint p95 < {GOAL_HINT_P95_S:g} s. A game without an AI of its "
            "own plays at random (every seat timed) and is marked so.",
        ],
        headers=[
            "Game",
            "AI",
            "Games",
            "Decisions",
            "Median ms (wall / CPU)",
            "p95 ms",
            "p99 ms",
            "Worst ms",
            "Goal (wall)",
            "Met",
        ],
    )
    for engine in games.all():
        # The quick run's games are the shortest: the fewest players, the fewest Normal seats.
        players = engine.min_players if quick else engine.max_players
        if ai.has_ai(engine.id):
            section.rows += _engine_rows(engine, players, seeds, rotate=not quick)
        else:
            section.rows.append(_fallback_row(engine, players, seeds))
    return section
