"""Worker processes: a dead or stuck one stops only its own job, the AI's time limit counts
its thinking, not its wait for a worker, and it goes before the drawing; they yield the CPU
to the event loop."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable
from collections.abc import Mapping
from pathlib import Path

import pytest
from worker_support import alive
from worker_support import ended_worker
from worker_support import eventually
from worker_support import hang_telling
from worker_support import nap_noted
from worker_support import noted

from bot.workers import WORKER_NICENESS
from bot.workers import Priority
from bot.workers import Workers

ROOT = Path(__file__).resolve().parent.parent


def square(number: int) -> int:
    return number * number


def pid() -> int:
    return os.getpid()


def niceness() -> int:
    return os.nice(0)


def hang() -> None:
    time.sleep(120)  # an AI that never answers


def nap(seconds: float, name: str) -> str:
    time.sleep(seconds)
    return name


async def in_order_of_ending(jobs: Mapping[str, Awaitable[str]]) -> list[str]:
    ended: list[str] = []

    async def note(name: str, job: Awaitable[str]) -> None:
        await job
        ended.append(name)

    await asyncio.gather(*(note(name, job) for name, job in jobs.items()))
    return ended


async def test_a_job_is_not_timed_out_for_waiting_for_a_worker(shared_workers: Workers) -> None:
    # A burst of boards keeps the one worker busy for longer than the AI's time limit.
    boards = [asyncio.ensure_future(shared_workers.run(nap, 0.6, "board")) for _ in range(3)]
    await asyncio.sleep(0.1)
    # The limit counts from the job's start in the worker: it waits, then thinks briefly.
    assert await shared_workers.run(square, 6, time_limit=1.0) == 36
    assert await asyncio.gather(*boards) == ["board"] * 3


async def test_the_ai_goes_before_the_boards_waiting_ahead_of_it(shared_workers: Workers) -> None:
    await shared_workers.warmed_up()  # a worker drawing its samples would take the AI first
    jobs = {"under way": shared_workers.run(nap, 0.4, "under way")}
    jobs |= {f"board {n}": shared_workers.run(nap, 0.2, f"board {n}") for n in range(3)}
    jobs["ai"] = shared_workers.run(nap, 0.1, "ai", time_limit=1.0, priority=Priority.THINKING)
    # A job under way goes on (a worker is not interrupted), then the AI, then the boards.
    assert await in_order_of_ending(jobs) == ["under way", "ai", "board 0", "board 1", "board 2"]


async def test_long_jobs_never_hold_every_worker(two_workers: Workers) -> None:
    await two_workers.warmed_up()
    jobs = {f"replay {n}": two_workers.run(nap, 0.8, f"replay {n}", priority=Priority.LONG) for n in range(2)}
    jobs["board"] = two_workers.run(nap, 0.1, "board")
    # One replay at a time: the other worker is there for the board (and the AI).
    assert await in_order_of_ending(jobs) == ["board", "replay 0", "replay 1"]


async def test_a_stuck_job_ends_its_own_worker_and_no_other_job(two_workers: Workers, tmp_path: Path) -> None:
    runs, stuck = tmp_path / "runs", tmp_path / "stuck"
    other = asyncio.ensure_future(two_workers.run(nap_noted, runs, "other", 1.5))
    assert await eventually(runs.exists)  # under way in one worker

    with pytest.raises(TimeoutError):
        await two_workers.run(hang_telling, stuck, time_limit=0.5)

    # The other job finishes where it began, once, and its worker goes on.
    survivor = await other
    assert noted(runs) == ["other"], "the other worker's job was done again"
    assert alive(survivor)
    assert await two_workers.run(square, 4) == 16
    # The stuck one's worker was ended (and a new one started in its place).
    assert await eventually(ended_worker(stuck))


async def test_a_killed_worker_is_replaced_and_the_job_tried_again() -> None:
    workers = Workers(processes=1)
    await workers.warmed_up()
    try:
        assert await workers.run(square, 7) == 49
        victim = await workers.run(pid)
        os.kill(victim, signal.SIGKILL)
        # The next job finds its worker dead: the worker is replaced and the job runs.
        assert await workers.run(square, 8) == 64
        assert await workers.run(square, 9) == 81
        assert await workers.run(pid) != victim
    finally:
        workers.close()


async def test_a_job_that_hangs_holds_up_the_stop_no_longer_than_the_grace() -> None:
    workers = Workers(processes=1)
    await workers.warmed_up()
    busy = await workers.run(pid)
    job = asyncio.ensure_future(workers.run(hang))
    await asyncio.sleep(0.5)  # the job is under way in the worker
    began = time.monotonic()

    await asyncio.to_thread(workers.close, 1.0)

    assert time.monotonic() - began < 10, "the stop waited for the hanging job"
    # Asked of the system, not of `multiprocessing.active_children()`: the executor's own
    # thread may reap the ended process at the same time, and the one that loses that race
    # leaves it listed a moment longer.
    assert not alive(busy), "the hanging job's worker was left running"
    with pytest.raises(RuntimeError, match="the workers are closed"):
        await job  # its process ended, it is not tried again on workers that are closed


async def test_workers_run_at_a_lower_priority_than_the_bot() -> None:
    workers = Workers(processes=1)
    await workers.warmed_up()
    try:
        # Lower priority: a higher niceness than this process's (capped by the system at 19).
        assert await workers.run(niceness) == min(os.nice(0) + WORKER_NICENESS, 19)
    finally:
        workers.close()


async def test_every_worker_process_starts_with_the_workers_not_at_the_first_burst() -> None:
    before = {child.pid for child in multiprocessing.active_children()}
    workers = Workers(processes=2)
    try:
        started = {child.pid for child in multiprocessing.active_children()} - before
        assert len(started) == 2
        # Each fills its caches by drawing the games' starting boards, then works as usual.
        assert await workers.run(square, 3) == 9
    finally:
        workers.close()


CHILD = """
import asyncio, os, sys, time
from bot.workers import Workers

async def main():
    workers = Workers(processes=1)
    await workers.warmed_up()
    print(await workers.run(os.getpid), flush=True)
    time.sleep(600)  # until killed

asyncio.run(main())
"""


def test_workers_end_when_the_bot_is_killed_outright() -> None:
    bot = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert alive(worker)
        bot.send_signal(signal.SIGKILL)
        bot.wait(timeout=30)
        deadline = time.monotonic() + 20
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not alive(worker), "a worker outlived the bot that started it"
    finally:
        bot.kill()
        bot.wait()


async def test_a_board_asked_for_before_any_worker_has_started_is_drawn_in_a_thread() -> None:
    # A worker's start takes a second on a quiet machine and many on a busy one: the first
    # board after the bot starts does not wait for it. The AI does (a thread cannot be
    # stopped when its time is up), and once a worker has started, boards go to it too.
    workers = Workers(processes=1)
    try:
        assert not workers.is_warm()
        assert await workers.run(pid) == os.getpid()
        assert await workers.run(pid, priority=Priority.THINKING) != os.getpid()
        await workers.warmed_up()
        assert await workers.run(pid) != os.getpid()
    finally:
        workers.close()


async def test_a_worker_draws_its_sample_boards_only_while_nothing_waits() -> None:
    # A new worker takes the AI's job as soon as it has started, not after drawing every
    # game's sample board (a board meanwhile is drawn in a thread of the bot's process).
    workers = Workers(processes=1)
    try:
        assert await workers.run(pid, priority=Priority.THINKING) != os.getpid()
        assert workers._workers[0].next_sample is not None, "the job did not wait for the warm-up"
        await workers.warmed_up()
        assert workers._workers[0].next_sample is None, "the samples are drawn once nothing waits"
        assert await workers.run(pid) != os.getpid()
    finally:
        workers.close()
