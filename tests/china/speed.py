"""How fast random self-play of China runs (a script, not a test).

    .venv/bin/python tests/china/speed.py [games per case]

Plays seeded random games at 5 players (and 3 and 4) for every option
combination and prints games per second: setup, then `to_act`,
`legal_actions`, a random choice and `apply` until the game ends.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.china import ENGINE


def run(players: int, options: dict[str, str], count: int) -> tuple[float, float]:
    chooser = random.Random(1)
    moves = 0
    began = time.perf_counter()
    for seed in range(count):
        state = ENGINE.setup(players, seed, dict(options))
        while acting := ENGINE.to_act(state):
            seat = min(acting)
            state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
            moves += 1
        ENGINE.outcome(state)
    spent = time.perf_counter() - began
    return count / spent, moves / count


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for players in (5, 4, 3):
        for side in ("A", "B"):
            for fortresses in ("off", "on"):
                options = {"side": side, "fortresses": fortresses}
                try:
                    ENGINE.check_options(players, options)
                except Exception:
                    continue
                rate, length = run(players, options, count)
                print(
                    f"{players} players, side {side}, fortresses {fortresses}: "
                    f"{rate:.0f} games/s ({length:.0f} moves a game)"
                )


if __name__ == "__main__":
    main()
