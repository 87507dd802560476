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

`--ladder` rates every player of each game instead: its levels and its baselines
play `--games` seeded four-player games together (each table drawn from them,
every one as often as the others, seats rotated), and the model that rates
people (`bot.ratings.fit`) fits each one's rating from those games, all starting
where a newcomer does. While a game has fewer than four of them, one sits twice
at a table, and its rating moves by the mean of its seats' results. It prints
the ladder as a markdown table (the displayed rating is what
`bot.ratings.display` shows people), writes the ratings to `ai/ratings.json`
({game: {player: {mu, sigma}}}, other games' kept), which rated games read for
each AI seat's level, and with `--write-docs` puts the table in the game's docs
(`docs/<game>.md`, between the ladder's two marker comments; the section "AI
ladder" is added the first time).

    python scripts/ai_strength.py --ladder --write-docs                # every game with an AI
    python scripts/ai_strength.py --ladder --game china --games 400

The whole ladder with Normal, greedy and random (200 games a game) took 3 min 52 s
of processor time (18 min on the wall on a machine loaded 20 deep): Chinesische
Mauer's two thirds of it (its Normal AI thinks longest), each other game well
under a minute. Every level added adds its own games' thinking.
"""

from __future__ import annotations

import argparse
import json
import math
import random
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
from bot import ratings
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


ROOT = Path(__file__).resolve().parent.parent
#: Where the docs of a game are: `docs/<game id>.md`.
DOCS = ROOT / "docs"
#: The comments around the ladder's table in a game's docs: a new run replaces what is between.
LADDER_START = "<!-- ai-ladder:start (scripts/ai_strength.py --ladder --write-docs) -->"
LADDER_END = "<!-- ai-ladder:end -->"
LADDER_SECTION = """
## AI ladder
Every level of the AI and the baseline players (*random*, and *greedy* where
the game has one), rated against each other by the model that rates people
(`bot.ratings`), from
seeded four-player games among them (`scripts/ai_strength.py --ladder`); a
rated game counts an AI seat at its level's rating (`ai/ratings.json`).
"""
LADDER_HEADER = "| Player | Games | mu | sigma | Rating |\n|---|---|---|---|---|"


def ladder_tables(pool: Sequence[str], seats: int, games_count: int, first_seed: int) -> list[list[str]]:
    """Who sits where in each game, seeded: every player of the pool as often as the others
    (one shuffled round of the pool after another), the seats rotated from game to game."""
    rng = random.Random(first_seed)
    queue: list[str] = []
    tables = []
    for number in range(games_count):
        table: list[str] = []
        while len(table) < seats:
            if not queue:
                queue = rng.sample(list(pool), len(pool))
            # A player sits twice only when the pool is smaller than the table.
            pick = next((name for name in queue if name not in table), queue[0])
            queue.remove(pick)
            table.append(pick)
        turn = number % seats
        tables.append(table[turn:] + table[:turn])
    return tables


def play_table(engine: Engine, choosers: Sequence[Chooser], seed: int) -> list[int]:
    """One game of `choosers`, a seat each; the seats' places (1 the best)."""
    state = engine.setup(len(choosers), seed)
    move = 0
    while engine.to_act(state):
        seat = serving_seat(engine, state)
        state = engine.apply(state, seat, choosers[seat](state, seat, seed * OTHERS + move * 31 + seat))
        move += 1
        if move > MAX_MOVES:
            raise RuntimeError(f"{engine.id} game {seed} does not end")
    outcome = engine.outcome(state)
    assert outcome is not None
    return list(outcome.ranks)


def ladder(
    engine: Engine, games_count: int, first_seed: int
) -> tuple[dict[str, ratings.Rating], Counter[str]]:
    """Every player's fitted rating in the game, and how many games it played."""
    levels = {level: ai.chooser(engine.id, level) for level in ai.levels(engine.id)}
    pool = {**levels, **ai.baselines(engine.id)}
    results = []
    played: Counter[str] = Counter()
    for number, names in enumerate(
        ladder_tables(list(pool), player_count(engine, None), games_count, first_seed)
    ):
        ranks = play_table(engine, [pool[name] for name in names], first_seed + number)
        played.update(set(names))
        results.append((names, ranks))
    return ratings.fit(results), played


def ladder_table(fitted: dict[str, ratings.Rating], played: Counter[str]) -> str:
    """The ladder in markdown, the strongest first."""
    rows = [
        f"| {name} | {played[name]} | {rating.mu:.2f} | {rating.sigma:.2f} | {ratings.display(rating)} |"
        for name, rating in sorted(fitted.items(), key=lambda item: (-item[1].mu, item[0]))
    ]
    return LADDER_HEADER + "\n" + "\n".join(rows)


def write_ladder_ratings(path: Path, game_id: str, fitted: dict[str, ratings.Rating]) -> None:
    """The game's ratings into the ladder file, other games' kept."""
    known = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    known[game_id] = {name: {"mu": r.mu, "sigma": r.sigma} for name, r in sorted(fitted.items())}
    path.write_text(json.dumps(known, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def write_ladder_docs(path: Path, table: str) -> bool:
    """The table between the ladder's markers in the game's docs (the section added at the
    end the first time); False when the game has no docs file."""
    if not path.exists():
        return False
    text = path.read_text(encoding="utf-8")
    block = f"{LADDER_START}\n{table}\n{LADDER_END}"
    if LADDER_START in text and LADDER_END in text:
        before, rest = text.split(LADDER_START, 1)
        text = before + block + rest.split(LADDER_END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n" + LADDER_SECTION + "\n" + block + "\n"
    path.write_text(text, encoding="utf-8")
    return True


def run_ladder(chosen: Sequence[Engine], games_count: int, first_seed: int, docs: Path | None) -> None:
    """The ladder of each game: printed, its ratings written, and into its docs when `docs`
    (their folder) is given."""
    for engine in chosen:
        started = time.perf_counter()
        fitted, played = ladder(engine, games_count, first_seed)
        table = ladder_table(fitted, played)
        took = time.perf_counter() - started
        print(f"## {engine.title}\n{table}\n\n({games_count} games in {took:.0f} s)\n")
        write_ladder_ratings(ratings.AI_LADDER, engine.id, fitted)
        if docs is not None and not write_ladder_docs(docs / f"{engine.id}.md", table):
            print(f"(no docs/{engine.id}.md: its ladder is only printed)\n")


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
    parser.add_argument(
        "--ladder", action="store_true", help="rate every level and baseline against each other instead"
    )
    parser.add_argument(
        "--write-docs", action="store_true", help="with --ladder: put each game's ladder in its docs"
    )
    args = parser.parse_args(argv)

    named = args.game is not None
    chosen = [games.get(game_id) for game_id in args.game] if named else list(games.all())
    for engine in chosen:
        if named and not ai.has_ai(engine.id):
            parser.error(f"{engine.id} has no AI of its own")
    if args.ladder:
        with_ai = [engine for engine in chosen if ai.has_ai(engine.id)]
        run_ladder(with_ai, args.games, args.seed, DOCS if args.write_docs else None)
        return 0
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
