"""Measure the Mauerbauer AI against random or greedy players.

Plays seeded games with the AI in one seat (the seat rotates from game to
game) and baseline players in the others, then prints the AI's win rate,
its average score beside the other seats', and how long its decisions took.
A shared win (equal points and equal hand sizes) counts as a win.

Baselines: `random` (a seeded uniform choice among the legal moves) and
`greedy` (`ai/mauerbauer_greedy.py`: the move that scores most at once).
`--player greedy` measures the greedy player itself in the AI's seat.

    python scripts/ai_strength_mauerbauer.py                        # 200 three-player games, random
    python scripts/ai_strength_mauerbauer.py --opponents greedy --table
    python scripts/ai_strength_mauerbauer.py --games 50 --players 4 --seed 1000

Mauerbauer is not a built-in game yet: importing `games.mauerbauer` registers
its engine in this process, and the AI is called directly.
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

import ai.mauerbauer
import games.mauerbauer
from ai.mauerbauer import greedy as mauerbauer_greedy
from games.core import Action, Rng

ENGINE = games.mauerbauer.ENGINE
#: A player: (state, seat, seed) -> action.
Player = Callable[[Any, int, int], Action]


@dataclass
class Tally:
    """What the games so far add up to."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    ai_scores: list[int] = field(default_factory=list)
    other_scores: list[int] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)


def random_player(engine: Any = ENGINE) -> Player:
    def choose(state: Any, seat: int, seed: int) -> Action:
        legal: list[Action] = engine.legal_actions(state, seat)
        index, _ = Rng.below(Rng.seed(seed), len(legal))
        return legal[index]

    return choose


PLAYERS: dict[str, Player] = {
    "ai": ai.mauerbauer.choose,
    "greedy": mauerbauer_greedy.choose,
    "random": random_player(),
}


def play_game(players: int, seed: int, ai_seat: int, tally: Tally, me: Player, others: Player) -> None:
    """One game: `me` at `ai_seat`, `others` elsewhere."""
    state = ENGINE.setup(players, seed)
    move = 0
    while True:
        acting = ENGINE.to_act(state)
        if not acting:
            break
        seat = min(acting)
        if seat == ai_seat:
            started = time.perf_counter()
            action = me(state, seat, seed * 100_003 + move)
            tally.decision_times.append(time.perf_counter() - started)
        else:
            action = others(state, seat, seed * 100_019 + move * 31 + seat)
        state = ENGINE.apply(state, seat, action)
        move += 1
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    tally.games += 1
    if ai_seat in outcome.winners:
        tally.wins += 1
        if len(outcome.winners) > 1:
            tally.shared_wins += 1
    tally.ai_scores.append(outcome.scores[ai_seat])
    tally.other_scores.extend(score for seat, score in enumerate(outcome.scores) if seat != ai_seat)


def report(tally: Tally, players: int, player: str, opponents: str) -> str:
    times = sorted(tally.decision_times)
    return "\n".join(
        [
            f"{tally.games} games, {players} players: {player} against {players - 1} {opponents} players",
            f"win rate: {tally.wins / tally.games:.1%} ({tally.wins} wins,"
            f" {tally.shared_wins} of them shared; a shared win counts as a win)",
            f"average score: {player} {statistics.mean(tally.ai_scores):.1f}, {opponents} seats"
            f" {statistics.mean(tally.other_scores):.1f}",
            f"decisions: {len(times)}, median {statistics.median(times) * 1000:.1f} ms,"
            f" worst {times[-1] * 1000:.1f} ms",
        ]
    )


TABLE_HEADER = (
    "| Opponents | Games | Seeds | AI wins | Fair share | Avg score AI / others | Median ms | Worst ms |\n"
    "|---|---|---|---|---|---|---|---|"
)


def table_row(tally: Tally, players: int, opponents: str, first_seed: int) -> str:
    """One row of the markdown table in docs/mauerbauer.md."""
    times = sorted(tally.decision_times)
    return (
        f"| {players - 1} {opponents} | {tally.games} | {first_seed}–{first_seed + tally.games - 1} "
        f"| {tally.wins / tally.games:.1%} ({tally.wins}) | {100 / players:.0f}% "
        f"| {statistics.mean(tally.ai_scores):.1f} / {statistics.mean(tally.other_scores):.1f} "
        f"| {statistics.median(times) * 1000:.1f} | {times[-1] * 1000:.0f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    parser.add_argument("--players", type=int, default=3, help="players per game (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--opponents", choices=("random", "greedy"), default="random")
    parser.add_argument("--player", choices=("ai", "greedy", "random"), default="ai", help="who is measured")
    parser.add_argument("--table", action="store_true", help="also print a markdown table row")
    args = parser.parse_args(argv)
    tally = Tally()
    me, others = PLAYERS[args.player], PLAYERS[args.opponents]
    for number in range(args.games):
        play_game(args.players, args.seed + number, number % args.players, tally, me, others)
    print(report(tally, args.players, args.player, args.opponents))
    if args.table:
        print(TABLE_HEADER)
        print(table_row(tally, args.players, args.opponents, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
