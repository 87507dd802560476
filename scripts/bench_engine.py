"""Engine speed: random self-play at every player count and option combination, per game.

Each step is what any caller of an engine does: ask who must act, list that
seat's legal actions, pick one with a seeded RNG, apply it. Games are
played one after another for a time budget; seeds 0, 1, 2, … so every run
plays the same games. Every player count is measured with every option
combination `check_options` accepts for it (a game without options: one row
per player count).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping

import bench_catanatron
from bench_common import NO_GOAL
from bench_common import Section
from bench_common import at_least
from bench_common import timed

import games
from games.core import Engine
from games.core import IllegalAction

__all__ = ["GOALS", "option_cases", "play_random", "run"]

#: Engine id -> (figure judged, goal): random games/s or actions/s.
GOALS: dict[str, tuple[str, float]] = {
    "chinesische-mauer": ("games", 300.0),
    "china": ("games", 300.0),
    "mauerbauer": ("games", 300.0),
    "catan-cheops": ("actions", bench_catanatron.PUBLISHED_ACTIONS_PER_S),
}
#: The games judged against a reference engine measured in the same run (the goal above when it is absent).
MEASURED_AGAINST = {"catan-cheops": "Catanatron"}


def option_cases(engine: Engine, players: int) -> list[dict[str, str]]:
    """The option combinations `check_options` accepts for that many players, completed:
    the defaults first, then every other combination of the options' choices."""
    names = [option.name for option in engine.options]
    tried = [
        {},
        *(
            dict(zip(names, values, strict=True))
            for values in itertools.product(*(option.choices for option in engine.options))
        ),
    ]
    found: list[dict[str, str]] = []
    for chosen in tried:
        try:
            complete = engine.check_options(players, chosen)
        except IllegalAction:
            continue
        if complete not in found:
            found.append(complete)
    return found


def play_random(engine: Engine, players: int, seed: int, options: Mapping[str, str] | None = None) -> int:
    """Play one seeded random game to its end; the number of actions applied.

    `options` are the chosen ones (None: the defaults), completed by `check_options`.
    """
    chooser = random.Random(seed)
    state = engine.setup(players, seed, engine.check_options(players, dict(options or {})))
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


def _measure(
    engine: Engine, players: int, options: Mapping[str, str], budget: float, min_games: int
) -> tuple[int, int, float, float]:
    """(games, actions, wall s, CPU s) of seeded games played for about `budget` seconds."""
    played = actions = 0
    with timed() as clock:
        deadline = time.perf_counter() + budget
        while played < min_games or time.perf_counter() < deadline:
            actions += play_random(engine, players, played, options)
            played += 1
    return played, actions, clock.wall, clock.cpu


def _show_options(engine: Engine, options: Mapping[str, str]) -> str:
    if not engine.options:
        return "none"
    return ", ".join(f"{name}={value}" for name, value in options.items())


def run(quick: bool) -> Section:
    budget, min_games = (0.3, 2) if quick else (4.0, 10)
    section = Section(
        key="engine",
        title="Engine speed",
        method=[
            "Random self-play at every player count, with every option combination the game "
            "accepts for it; each step is `to_act`, `legal_actions`, a seeded random choice and "
            "`apply`. Rates are per second of CPU time (the process's own time, so other work on "
            "the machine does not lower them); the wall-clock rate stands beside them. Budget: "
            f"about {budget:g} s per row. A game's goal is judged on every row.",
        ],
        headers=[
            "Game",
            "Players",
            "Options",
            "Games played",
            "Actions/game",
            "Games/s (CPU)",
            "Actions/s (CPU)",
            "Games/s (wall)",
            "Goal",
            "Met",
        ],
    )
    cases = [
        (engine, players, options)
        for engine in games.all()
        for players in range(engine.min_players, engine.max_players + 1)
        for options in option_cases(engine, players)
    ]
    goals = {engine.id: _goal(engine.id) for engine, _, _ in cases}
    if any(engine_id in MEASURED_AGAINST for engine_id in goals):
        reference = bench_catanatron.measure(budget, min_games)
        if reference is None:
            section.notes.append(
                "Catanatron is not installed (`pip install -e '.[benchmark]'`): Catan: Cheops is judged "
                f"against its published {bench_catanatron.PUBLISHED_ACTIONS_PER_S:,.0f} actions/s."
            )
        else:
            rate = reference.actions / max(reference.cpu, 1e-9)
            for engine_id in MEASURED_AGAINST:
                if engine_id in goals:
                    goals[engine_id] = ("actions", rate)
            section.rows.append(
                [
                    f"Catanatron {reference.version} (reference: the base game)",
                    "4",
                    "random players",
                    str(reference.games),
                    f"{reference.actions / reference.games:.0f}",
                    f"{reference.games / max(reference.cpu, 1e-9):,.0f}",
                    f"{rate:,.0f}",
                    f"{reference.games / max(reference.wall, 1e-9):,.0f}",
                    NO_GOAL,
                    NO_GOAL,
                ]
            )
            section.notes.append(
                "Catanatron was measured in this run, before the games, with the same budget; Catan: "
                "Cheops's goal is its actions/s (CPU)."
            )
    for engine, players, options in cases:
        played, actions, wall, cpu = _measure(engine, players, options, budget, min_games)
        cpu = max(cpu, 1e-9)
        games_rate, actions_rate = played / cpu, actions / cpu
        figure, goal = goals[engine.id]
        value = games_rate if figure == "games" else actions_rate
        goal_text = f"≥ {goal:,.0f} {figure}/s" if goal is not None else "none set"
        section.rows.append(
            [
                f"{engine.title} (`{engine.id}`)",
                str(players),
                _show_options(engine, options),
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
