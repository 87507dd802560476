"""A long kill-safety soak: the rounds of tests/test_crash_safety.py, many more of them.

    python scripts/crash_soak.py [ROUNDS] [SEED]

Starts a process that plays games through the service, kills it with
SIGKILL at random moments, restarts it on the same database and checks after
every kill that no acknowledged move was lost, the file is sound and every
stored state replays from seed and move log. Exits 1 on the first problem.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
# The project (for the child's imports) and the tests folder (the child and its checks).
sys.path[:0] = [str(_ROOT), str(_ROOT / "tests")]

from crash_child import kill_rounds  # noqa: E402 - importable only once the path is set above


def main(argv: list[str]) -> int:
    rounds = int(argv[0]) if argv else 100
    seed = int(argv[1]) if len(argv) > 1 else 1
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "soak.sqlite3")
        acknowledged, problems = asyncio.run(kill_rounds(database, rounds, seed, most_moves=300))
    for problem in problems:
        print(problem)
    print(f"{rounds} kills, {acknowledged} acknowledged moves, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
