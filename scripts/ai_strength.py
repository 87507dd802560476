"""Measure a game's AI against random or greedy players.

Plays seeded games with the AI in one seat (the seat rotates from game to
game) and baseline players in the others, then prints the AI's win rate,
its average score beside the other seats', and how long its decisions took.
A shared win (equal points and equal tie-break) counts as a win.

Baselines: `random` (a seeded uniform choice among the legal moves, every
game) and `greedy` (for games that have one: China's takes the move after
which its score as it stands is highest, see `ai/china_greedy.py`).

    python scripts/ai_strength.py                 # Chinesische Mauer, 200 four-player games
    python scripts/ai_strength.py --games 50 --players 3 --seed 1000
    python scripts/ai_strength.py --game china --opponents greedy
    python scripts/ai_strength.py --game china --table   # a markdown table row as well
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import games
from games.core import Action, Rng, State

#: A baseline player: (state, seat, seed) -> action, like an AI.
Baseline = Callable[[Any, int, int], Action]

DEFAULT_GAME = "chinesische-mauer"


def load(game_id: str) -> None:
    """Import the game and its AI when they are not built in yet (they register themselves)."""
    if game_id == "china":
        import ai.china  # noqa: F401  (registers the AI)
        import games.china  # noqa: F401  (registers the engine)


def greedy_players() -> dict[str, Baseline]:
    """The greedy baselines, by game id."""
    from ai.china import greedy as china_greedy

    return {"china": china_greedy.choose}


@dataclass
class Tally:
    """What the games so far add up to."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    ai_scores: list[int] = field(default_factory=list)
    other_scores: list[int] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)


def play_game(
    game_id: str, players: int, seed: int, ai_seat: int, tally: Tally, baseline: Baseline | None = None
) -> None:
    """One game: the AI at `ai_seat`, random players (or `baseline`) elsewhere."""
    engine = games.get(game_id)
    choose = ai.chooser(game_id)
    state: State = engine.setup(players, seed)
    rng = Rng.seed(seed * 7919 + 17)
    move = 0
    while True:
        acting = engine.to_act(state)
        if not acting:
            break
        seat = min(acting)
        if seat == ai_seat:
            started = time.perf_counter()
            action = choose(state, seat, seed * 100_003 + move)
            tally.decision_times.append(time.perf_counter() - started)
        elif baseline is not None:
            action = baseline(state, seat, seed * 100_019 + move)
        else:
            legal = engine.legal_actions(state, seat)
            index, rng = Rng.below(rng, len(legal))
            action = legal[index]
        state = engine.apply(state, seat, action)
        move += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    tally.games += 1
    if ai_seat in outcome.winners:
        tally.wins += 1
        if len(outcome.winners) > 1:
            tally.shared_wins += 1
    tally.ai_scores.append(outcome.scores[ai_seat])
    tally.other_scores.extend(score for seat, score in enumerate(outcome.scores) if seat != ai_seat)


def report(tally: Tally, players: int, opponents: str = "random") -> str:
    times = sorted(tally.decision_times)
    lines = [
        f"{tally.games} games, {players} players: the AI against {players - 1} {opponents} players",
        f"AI win rate: {tally.wins / tally.games:.1%} ({tally.wins} wins, {tally.shared_wins} of them shared;"
        " a shared win counts as a win)",
        f"average score: AI {statistics.mean(tally.ai_scores):.1f}, {opponents} seats"
        f" {statistics.mean(tally.other_scores):.1f}",
        f"decisions: {len(times)}, median {statistics.median(times) * 1000:.1f} ms,"
        f" worst {times[-1] * 1000:.1f} ms",
    ]
    return "\n".join(lines)


def table_row(tally: Tally, players: int, opponents: str, first_seed: int) -> str:
    """One row of the markdown table in the game's docs."""
    times = sorted(tally.decision_times)
    return (
        f"| {players - 1} {opponents} | {tally.games} | {first_seed}–{first_seed + tally.games - 1} "
        f"| {tally.wins / tally.games:.1%} ({tally.wins}) | {100 / players:.0f}% "
        f"| {statistics.mean(tally.ai_scores):.1f} / {statistics.mean(tally.other_scores):.1f} "
        f"| {statistics.median(times) * 1000:.1f} | {times[-1] * 1000:.0f} |"
    )


TABLE_HEADER = (
    "| Opponents | Games | Seeds | AI wins | Fair share | Avg score AI / others | Median ms | Worst ms |\n"
    "|---|---|---|---|---|---|---|---|"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"game id (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--opponents", choices=("random", "greedy"), default="random", help="the baseline (default random)"
    )
    parser.add_argument("--table", action="store_true", help="also print a markdown table row")
    args = parser.parse_args(argv)
    load(args.game)
    if not ai.has_ai(args.game):
        parser.error(f"{args.game} has no AI of its own")
    baseline: Baseline | None = None
    if args.opponents == "greedy":
        found = greedy_players().get(args.game)
        if found is None:
            parser.error(f"no greedy player for {args.game}")
        baseline = found
    tally = Tally()
    for number in range(args.games):
        play_game(args.game, args.players, args.seed + number, number % args.players, tally, baseline)
    print(report(tally, args.players, args.opponents))
    if args.table:
        print(TABLE_HEADER)
        print(table_row(tally, args.players, args.opponents, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
