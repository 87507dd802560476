"""Measure each game's AI against its baseline players, over hundreds of seeded games.

Plays seeded games with the measured player (the AI, or with `--player` one
of the baselines) in one seat, the seat rotating from game to game, and a
baseline player in every other seat. It prints the measured player's win
rate, its average score beside the other seats', how the games ended (when
the game's view says why: `ended`), and how long its decisions took. A
shared win counts as a win.

Everything comes from the AI registry, so every game with an AI is measured
the same way: `ai.chooser(game, level)` is the AI at each of its levels
(`easy`, `normal` — also called `ai` — and `hard`, where the game has them)
and `ai.baselines(game)` are the players it is measured against, `random` (a
seeded uniform choice among the legal moves; every game) and `greedy` (the
game's simple player that takes what scores most at once,
`ai/<game>/greedy.py`, where there is one). Any of them may be measured
against any other. A win rate comes with its 95% interval (Wilson's).

When several seats must act at once (discards, answers to an offer), the
seats that answer move before the seat whose turn it is, lowest first, so an
offer is answered before its proposer must trade or cancel.

    python scripts/ai_strength.py                   # every game with an AI, against each baseline
    python scripts/ai_strength.py --game china --opponents greedy --table
    python scripts/ai_strength.py --game mauerbauer --players 3 --games 50 --seed 1000
    python scripts/ai_strength.py --game mauerbauer --player greedy --opponents greedy
    python scripts/ai_strength.py --game china --player hard --opponents normal --games 400

`--table` adds each game's markdown table (the rows the game's docs show).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import games
from ai import Chooser
from games.core import Engine
from games.core import State

#: The player count when none is given: 4, or the nearest one the game allows.
PLAYERS = 4
#: A game that runs this many moves is stopped (it never happens; a guard against a loop).
MAX_MOVES = 20_000
#: The measured player's seed of a decision is `seed * MEASURED + move`; the others'
#: `seed * OTHERS + move * 31 + seat`: every decision has a seed of its own.
MEASURED = 100_003
OTHERS = 100_019

TABLE_HEADER = (
    "| Player | Opponents | Games | Seeds | Wins | 95% interval | Fair share | Avg score player / others "
    "| Median ms | p99 ms |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959964


@dataclass
class Tally:
    """What the games of one measurement add up to."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=list)
    other_scores: list[int] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)


def serving_seat(engine: Engine, state: State) -> int:
    """The seat to serve next: an answering or discarding seat first, the seat whose turn it is last."""
    acting = engine.to_act(state)
    turn = engine.current_turn(state)
    answering = sorted(seat for seat in acting if seat != turn)
    return answering[0] if answering else min(acting)


def play_game(
    engine: Engine, players: int, seed: int, measured_seat: int, me: Chooser, others: Chooser, tally: Tally
) -> None:
    """One game: `me` at `measured_seat`, `others` in every other seat."""
    state = engine.setup(players, seed)
    move = 0
    while engine.to_act(state):
        seat = serving_seat(engine, state)
        if seat == measured_seat:
            started = time.perf_counter()
            action = me(state, seat, seed * MEASURED + move)
            tally.decision_times.append(time.perf_counter() - started)
        else:
            action = others(state, seat, seed * OTHERS + move * 31 + seat)
        state = engine.apply(state, seat, action)
        move += 1
        if move > MAX_MOVES:
            raise RuntimeError(f"{engine.id} game {seed} does not end")
    outcome = engine.outcome(state)
    assert outcome is not None
    tally.games += 1
    ending = engine.view(state, None).get("ended")
    if ending:
        tally.endings[str(ending)] += 1
    if measured_seat in outcome.winners:
        tally.wins += 1
        if len(outcome.winners) > 1:
            tally.shared_wins += 1
    tally.scores.append(outcome.scores[measured_seat])
    tally.other_scores.extend(score for seat, score in enumerate(outcome.scores) if seat != measured_seat)


def measure(
    engine: Engine, players: int, games_count: int, first_seed: int, me: Chooser, others: Chooser
) -> Tally:
    tally = Tally()
    for number in range(games_count):
        play_game(engine, players, first_seed + number, number % players, me, others, tally)
    return tally


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% interval of a win rate of `wins` in `games` (Wilson's score interval: unlike
    the normal approximation it stays inside 0..1 and is fair near 0% and 100%)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + Z95 * Z95 / (4 * games * games))
    centre = rate + Z95 * Z95 / (2 * games)
    scale = 1 + Z95 * Z95 / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def p99(times: Sequence[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def report(tally: Tally, players: int, player: str, opponents: str) -> str:
    times = sorted(tally.decision_times)
    who = "the AI" if player == "ai" else f"the {player} player"
    low, high = wilson(tally.wins, tally.games)
    lines = [
        f"{tally.games} games, {players} players: {who} against {players - 1} {opponents} players",
        f"win rate: {tally.wins / tally.games:.1%} (95% interval {low:.1%}–{high:.1%};"
        f" {tally.wins} wins, {tally.shared_wins} of them shared; a shared win counts as a win)",
        f"average score: {who} {statistics.mean(tally.scores):.2f}, {opponents} seats"
        f" {statistics.mean(tally.other_scores):.2f}",
    ]
    if tally.endings:
        endings = ", ".join(f"{name} {count}" for name, count in sorted(tally.endings.items()))
        lines.append(f"games ended by: {endings}")
    lines.append(
        f"decisions: {len(times)}, median {statistics.median(times) * 1000:.1f} ms,"
        f" mean {statistics.mean(times) * 1000:.2f} ms, p99 {p99(times) * 1000:.1f} ms,"
        f" worst {times[-1] * 1000:.1f} ms"
    )
    return "\n".join(lines)


def table_row(tally: Tally, players: int, player: str, opponents: str, first_seed: int) -> str:
    """One row of the markdown table in the game's docs."""
    low, high = wilson(tally.wins, tally.games)
    return (
        f"| {player} | {players - 1} {opponents} | {tally.games} "
        f"| {first_seed}–{first_seed + tally.games - 1} "
        f"| {tally.wins / tally.games:.1%} ({tally.wins}) | {low:.1%}–{high:.1%} | {100 / players:.0f}% "
        f"| {statistics.mean(tally.scores):.1f} / {statistics.mean(tally.other_scores):.1f} "
        f"| {statistics.median(tally.decision_times) * 1000:.1f} | {p99(tally.decision_times) * 1000:.0f} |"
    )


def players_of(game_id: str) -> dict[str, Chooser]:
    """Everyone who can be measured in the game, by name: its AI's levels (Normal also as
    `ai`) and its baselines."""
    levels = {level: ai.chooser(game_id, level) for level in ai.levels(game_id)}
    return {"ai": ai.chooser(game_id), **levels, **ai.baselines(game_id)}


def player_count(engine: Engine, asked: int | None) -> int:
    if asked is not None:
        return asked
    return min(max(PLAYERS, engine.min_players), engine.max_players)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--game", action="append", help="game id, again for more (default: every game with an AI)"
    )
    parser.add_argument("--games", type=int, default=200, help="games per measurement (default 200)")
    parser.add_argument(
        "--players", type=int, help=f"players per game (default {PLAYERS}, or the nearest the game allows)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--opponents",
        action="append",
        help="who plays the other seats, a baseline or a level, again for more (default: each baseline)",
    )
    parser.add_argument(
        "--player",
        default="ai",
        help="who is measured: ai (Normal, the default), easy, normal, hard or a baseline",
    )
    parser.add_argument("--table", action="store_true", help="also print each game's markdown table")
    args = parser.parse_args(argv)

    named = args.game is not None
    chosen = [games.get(game_id) for game_id in args.game] if named else list(games.all())
    for engine in chosen:
        if named and not ai.has_ai(engine.id):
            parser.error(f"{engine.id} has no AI of its own")
    tables: list[str] = []
    for engine in chosen:
        if not ai.has_ai(engine.id):
            continue
        available = players_of(engine.id)
        wanted = args.opponents or list(ai.baselines(engine.id))
        missing = [name for name in (args.player, *wanted) if name not in available]
        if missing and named:
            parser.error(f"no {' or '.join(missing)} player for {engine.id}")
        if missing:
            print(f"## {engine.title}: no {' or '.join(missing)} player\n")
            continue
        players = player_count(engine, args.players)
        rows = []
        for opponents in wanted:
            tally = measure(
                engine, players, args.games, args.seed, available[args.player], available[opponents]
            )
            print(f"## {engine.title}\n{report(tally, players, args.player, opponents)}\n")
            rows.append(table_row(tally, players, args.player, opponents, args.seed))
        tables.append(f"## {engine.title}\n{TABLE_HEADER}\n" + "\n".join(rows) + "\n")
    if args.table:
        print("\n".join(tables), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
