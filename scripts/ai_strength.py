"""Measure the Chinesische Mauer AI against uniformly random players.

Plays seeded games with the AI in one seat (the seat rotates from game to
game) and random players (a seeded uniform choice among the legal moves) in
the others, then prints the AI's win rate, its average score beside the
random seats', and how long its decisions took. A shared win (equal points
and equal tile count) counts as a win.

    python scripts/ai_strength.py                 # 200 four-player games
    python scripts/ai_strength.py --games 50 --players 3 --seed 1000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from ai import chinesische_mauer
from games.core import Rng, State

ENGINE_ID = "chinesische-mauer"


@dataclass
class Tally:
    """What the games so far add up to."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    ai_scores: list[int] = field(default_factory=list)
    random_scores: list[int] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)


def play_game(players: int, seed: int, ai_seat: int, tally: Tally) -> None:
    """One game: the AI at `ai_seat`, random players elsewhere."""
    engine = games.get(ENGINE_ID)
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
            action = chinesische_mauer.choose(state, seat, seed * 100_003 + move)
            tally.decision_times.append(time.perf_counter() - started)
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
    tally.random_scores.extend(score for seat, score in enumerate(outcome.scores) if seat != ai_seat)


def report(tally: Tally, players: int) -> str:
    times = sorted(tally.decision_times)
    lines = [
        f"{tally.games} games, {players} players: the AI against {players - 1} random players",
        f"AI win rate: {tally.wins / tally.games:.1%} ({tally.wins} wins, {tally.shared_wins} of them shared;"
        " a shared win counts as a win)",
        f"average score: AI {statistics.mean(tally.ai_scores):.1f}, random seats"
        f" {statistics.mean(tally.random_scores):.1f}",
        f"decisions: {len(times)}, median {statistics.median(times) * 1000:.1f} ms,"
        f" worst {times[-1] * 1000:.1f} ms",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    args = parser.parse_args(argv)
    tally = Tally()
    for number in range(args.games):
        play_game(args.players, args.seed + number, number % args.players, tally)
    print(report(tally, args.players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
