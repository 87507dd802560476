"""A worker process that dies does not break every later board and AI move."""

from __future__ import annotations

import os
import signal

from bot.workers import Workers


def square(number: int) -> int:
    return number * number


def pid() -> int:
    return os.getpid()


async def test_a_killed_worker_is_replaced_and_the_job_tried_again() -> None:
    workers = Workers(processes=1)
    try:
        assert await workers.run(square, 7) == 49
        victim = await workers.run(pid)
        os.kill(victim, signal.SIGKILL)
        # The next jobs find the pool broken: it is made anew and they run.
        assert await workers.run(square, 8) == 64
        assert await workers.run(square, 9) == 81
        assert await workers.run(pid) != victim
    finally:
        workers.close()
