"""How fast random self-play of Catan: Cheops runs (a script, not a test).

    .venv/bin/python tests/catan_cheops/speed.py [games per player count]

Plays seeded random games at 4 and 3 players and prints games and actions
per second: setup, then `to_act`, `legal_actions`, a random choice and
`apply` until the game ends (every seat that must act is served, so offers
and discards are answered as the bot would ask for them).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.catan_cheops import ENGINE


def run(players: int, count: int) -> tuple[float, float, float]:
    chooser = random.Random(1)
    moves = 0
    began = time.perf_counter()
    for seed in range(count):
        state = ENGINE.setup(players, seed)
        while acting := ENGINE.to_act(state):
            seat = chooser.choice(sorted(acting))
            state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
            moves += 1
        ENGINE.outcome(state)
    spent = time.perf_counter() - began
    return count / spent, moves / spent, moves / count


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for players in (4, 3):
        games, actions, length = run(players, count)
        rates = f"{games:.1f} games/s, {actions:,.0f} actions/s"
        print(f"{players} players: {rates} ({length:,.0f} actions a game)")


if __name__ == "__main__":
    main()
