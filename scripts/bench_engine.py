"""Engine speed: random self-play at the maximum player count, per game.

Each step is what any caller of an engine does: ask who must act, list that
seat's legal actions, pick one with a seeded RNG, apply it. Games are
played one after another for a time budget; seeds 0, 1, 2, … so every run
plays the same games.
"""

from __future__ import annotations

import random
import time

from bench_common import Section, at_least, timed

import games
from games.core import Engine

__all__ = ["GOALS", "play_random", "run"]

#: Engine id -> (figure judged, goal): random games/s or actions/s.
GOALS: dict[str, tuple[str, float]] = {
    "chinesische-mauer": ("games", 300.0),
    "china": ("games", 300.0),
    "mauerbauer": ("games", 300.0),
    "catan-cheops": ("actions", 29_000.0),
}


def play_random(engine: Engine, players: int, seed: int) -> int:
    """Play one seeded random game to its end; the number of actions applied."""
    chooser = random.Random(seed)
    state = engine.setup(players, seed)
    actions = 0
    while acting := engine.to_act(state):
        # When several seats must decide, the RNG picks who answers first.
        seat = chooser.choice(sorted(acting)) if len(acting) > 1 else next(iter(acting))
        state = engine.apply(state, seat, chooser.choice(engine.legal_actions(state, seat)))
        actions += 1
    return actions


def _goal(engine_id: str) -> tuple[str, float | None]:
    """The figure judged for that game and its goal (None: the issue sets none)."""
    figure, goal = GOALS.get(engine_id, ("games", None))
    return figure, goal


def _measure(engine: Engine, budget: float, min_games: int) -> tuple[int, int, float, float]:
    """(games, actions, wall s, CPU s) of seeded games played for about `budget` seconds."""
    played = actions = 0
    with timed() as clock:
        deadline = time.perf_counter() + budget
        while played < min_games or time.perf_counter() < deadline:
            actions += play_random(engine, engine.max_players, played)
            played += 1
    return played, actions, clock.wall, clock.cpu


def run(quick: bool) -> Section:
    budget, min_games = (0.3, 2) if quick else (8.0, 20)
    section = Section(
        key="engine",
        title="Engine speed",
        method=[
            "Random self-play at the maximum player count; each step is `to_act`, `legal_actions`, "
            "a seeded random choice and `apply`. Rates are per second of CPU time (the process's "
            "own time, so other work on the machine does not lower them); the wall-clock rate "
            f"stands beside them. Budget: about {budget:g} s per game.",
        ],
        headers=[
            "Game",
            "Players",
            "Games played",
            "Actions/game",
            "Games/s (CPU)",
            "Actions/s (CPU)",
            "Games/s (wall)",
            "Goal",
            "Met",
        ],
    )
    for engine in games.all():
        played, actions, wall, cpu = _measure(engine, budget, min_games)
        cpu = max(cpu, 1e-9)
        games_rate, actions_rate = played / cpu, actions / cpu
        figure, goal = _goal(engine.id)
        value = games_rate if figure == "games" else actions_rate
        goal_text = f"≥ {goal:,.0f} {figure}/s" if goal is not None else "none set"
        section.rows.append(
            [
                f"{engine.title} (`{engine.id}`)",
                str(engine.max_players),
                str(played),
                f"{actions / played:.0f}",
                f"{games_rate:,.0f}",
                f"{actions_rate:,.0f}",
                f"{played / max(wall, 1e-9):,.0f}",
                goal_text,
                at_least(value, goal),
            ]
        )
    return section
