"""League seating: how long one round of 64 players takes to seat.

The issue's goal: seating 64 players takes under a second. For each distinct
seat range among the registered games, six Swiss rounds of 64 players are
seated one after another (each round after the rounds before, so that later
rounds must avoid rematches and follow the standings), and every round is
timed on its own.
"""

from __future__ import annotations

import random

from bench_common import Section
from bench_common import below
from bench_common import timed

import games
from bot.leagues.seating import Tables
from bot.leagues.seating import seat_round

__all__ = ["GOAL_SECONDS", "PLAYERS", "run"]

GOAL_SECONDS = 1.0
PLAYERS = 64
ROUNDS = 6


def run(quick: bool) -> Section:
    leagues = 1 if quick else 3
    section = Section(
        key="league",
        title="League seating",
        method=[
            f"{PLAYERS} players, {ROUNDS} Swiss rounds seated one after another (standings drawn at "
            f"random between rounds), {leagues} league(s) of different seeds for each seat range "
            "among the registered games; each round timed on its own (`bot.leagues.seating.seat_round`).",
        ],
        headers=["Games", "Seats", "Rounds", "Median ms", "Slowest ms", f"Slowest < {GOAL_SECONDS:g} s"],
    )
    ranges: dict[tuple[int, int], list[str]] = {}
    for engine in games.all():
        ranges.setdefault((engine.min_players, engine.max_players), []).append(f"`{engine.id}`")
    for (least, most), ids in sorted(ranges.items()):
        times = []
        for seed in range(leagues):
            rng = random.Random(seed)
            players = list(range(1, PLAYERS + 1))
            history: list[Tables] = []
            for number in range(1, ROUNDS + 1):
                rng.shuffle(players)
                with timed() as clock:
                    seating = seat_round(
                        players, least=least, most=most, history=history, seed=seed, number=number, swiss=True
                    )
                times.append(clock.wall)
                history.append(seating.tables)
        times.sort()
        section.rows.append(
            [
                ", ".join(ids),
                f"{least}–{most}",
                str(len(times)),
                f"{times[len(times) // 2] * 1000:.0f}",
                f"{times[-1] * 1000:.0f}",
                below(times[-1], GOAL_SECONDS),
            ]
        )
    return section
