"""Measure the Catan: Cheops AI against random or greedy players.

Plays seeded games with the AI in one seat (the seat rotates from game to
game) and baseline players in the others, then prints the AI's win rate,
its average score beside the other seats', and how long its decisions took
(mean, 99th percentile, worst). A shared win (equal points) counts as a win.

Baselines: `random` (a seeded uniform choice among the legal moves) and
`greedy` (`ai/catan_cheops_greedy.py`: what gives the most points or
production at once). `--player greedy` measures the greedy player itself in
the AI's seat.

    python scripts/ai_strength_catan_cheops.py                        # 200 four-player games, random
    python scripts/ai_strength_catan_cheops.py --opponents greedy
    python scripts/ai_strength_catan_cheops.py --games 50 --players 3 --seed 1000

When several seats must act at once (discards, answers to an offer), the
seats that answer move before the seat whose turn it is, lowest first, so an
offer is answered before its proposer must trade or cancel.

Catan: Cheops is not a built-in game yet: the engine is used directly
(`games.catan_cheops.ENGINE`), and the AI is called directly.
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

import ai.catan_cheops
from ai.catan_cheops import greedy as catan_cheops_greedy
from games.catan_cheops import ENGINE
from games.core import Action, Rng

#: A player: (state, seat, seed) -> action.
Player = Callable[[Any, int, int], Action]
#: A game that runs this many moves is stopped (it never happens; a guard against a loop).
MAX_MOVES = 20_000


@dataclass
class Tally:
    """What the games so far add up to."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    ai_scores: list[int] = field(default_factory=list)
    other_scores: list[int] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)


def random_player(state: Any, seat: int, seed: int) -> Action:
    legal: list[Action] = ENGINE.legal_actions(state, seat)
    index, _ = Rng.below(Rng.seed(seed), len(legal))
    return legal[index]


PLAYERS: dict[str, Player] = {
    "ai": ai.catan_cheops.choose,
    "greedy": catan_cheops_greedy.choose,
    "random": random_player,
}


def next_seat(state: Any) -> int:
    """The seat to serve: an answering or discarding seat first, the seat whose turn it is last."""
    acting = ENGINE.to_act(state)
    others = sorted(seat for seat in acting if seat != state.turn)
    return others[0] if others else min(acting)


def play_game(players: int, seed: int, ai_seat: int, tally: Tally, me: Player, others: Player) -> None:
    """One game: `me` at `ai_seat`, `others` elsewhere."""
    state = ENGINE.setup(players, seed)
    move = 0
    while ENGINE.to_act(state):
        seat = next_seat(state)
        if seat == ai_seat:
            started = time.perf_counter()
            action = me(state, seat, seed * 100_003 + move)
            tally.decision_times.append(time.perf_counter() - started)
        else:
            action = others(state, seat, seed * 100_019 + move * 31 + seat)
        state = ENGINE.apply(state, seat, action)
        move += 1
        if move > MAX_MOVES:
            raise RuntimeError(f"game {seed} does not end")
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    tally.games += 1
    ending = ENGINE.view(state, None)["ended"]
    tally.endings[ending] = tally.endings.get(ending, 0) + 1
    if ai_seat in outcome.winners:
        tally.wins += 1
        if len(outcome.winners) > 1:
            tally.shared_wins += 1
    tally.ai_scores.append(outcome.scores[ai_seat])
    tally.other_scores.extend(score for seat, score in enumerate(outcome.scores) if seat != ai_seat)


def report(tally: Tally, players: int, player: str, opponents: str) -> str:
    times = sorted(tally.decision_times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    endings = ", ".join(f"{name} {count}" for name, count in sorted(tally.endings.items()))
    return "\n".join(
        [
            f"{tally.games} games, {players} players: {player} against {players - 1} {opponents} players",
            f"win rate: {tally.wins / tally.games:.1%} ({tally.wins} wins,"
            f" {tally.shared_wins} of them shared; a shared win counts as a win)",
            f"average score: {player} {statistics.mean(tally.ai_scores):.2f}, {opponents} seats"
            f" {statistics.mean(tally.other_scores):.2f}",
            f"games ended by: {endings}",
            f"decisions: {len(times)}, mean {statistics.mean(times) * 1000:.2f} ms,"
            f" p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--opponents", choices=("random", "greedy"), default="random")
    parser.add_argument("--player", choices=("ai", "greedy", "random"), default="ai", help="who is measured")
    args = parser.parse_args(argv)
    tally = Tally()
    me, others = PLAYERS[args.player], PLAYERS[args.opponents]
    for number in range(args.games):
        play_game(args.players, args.seed + number, number % args.players, tally, me, others)
    print(report(tally, args.players, args.player, args.opponents))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
