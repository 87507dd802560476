"""Kill safety of the whole service: SIGKILL a process that plays games, restart it, check.

The child (`crash_child.py`) plays through `GameService` on a real SQLite
file, humans and AI seats mixed, and reports each move once `move` returned.
After each kill: every acknowledged move is in the move log, SQLite finds the
file sound, and every game's stored state is the replay of its seed and moves.
`scripts/crash_soak.py` runs the same rounds for longer.
"""

from __future__ import annotations

from pathlib import Path

from crash_child import Acknowledged
from crash_child import kill_rounds
from crash_child import verify

#: Few rounds keep the suite quick; the soak script runs many more.
ROUNDS = 6


async def test_killed_service_loses_no_acknowledged_move_and_replays(tmp_path: Path) -> None:
    database = str(tmp_path / "crash.sqlite3")

    acknowledged, problems = await kill_rounds(database, rounds=ROUNDS, seed=2026)

    assert problems == []
    # Each round acknowledges at least one move, so the checks above had work to do.
    assert acknowledged >= ROUNDS


async def test_the_check_notices_a_lost_move(tmp_path: Path) -> None:
    """The check itself can fail: a move that was acknowledged but is not stored."""
    database = str(tmp_path / "crash.sqlite3")
    acknowledged, problems = await kill_rounds(database, rounds=1, seed=7, most_moves=5)
    assert problems == [] and acknowledged >= 1

    damage = await verify(database, [Acknowledged(1, 10_000, 0, "never made")])

    assert len(damage.problems) == 1 and "never made" in damage.problems[0]
