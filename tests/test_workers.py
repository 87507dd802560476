"""Worker processes: a dead one does not break every later board and AI move, and they
yield the CPU to the event loop."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.workers import WORKER_NICENESS
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


async def test_a_job_that_hangs_holds_up_the_stop_no_longer_than_the_grace() -> None:
    workers = Workers(processes=1)
    busy = await workers.run(pid)
    job = asyncio.ensure_future(workers.run(hang))
    await asyncio.sleep(0.5)  # the job is under way in the worker
    began = time.monotonic()

    await asyncio.to_thread(workers.close, 1.0)

    assert time.monotonic() - began < 10, "the stop waited for the hanging job"
    assert busy not in {child.pid for child in multiprocessing.active_children()}
    with pytest.raises(RuntimeError, match="the workers are closed"):
        await job  # its process ended, it is not tried again on workers that are closed


async def test_workers_run_at_a_lower_priority_than_the_bot() -> None:
    workers = Workers(processes=1)
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
    print(await workers.run(os.getpid), flush=True)
    time.sleep(600)  # until killed

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting to be reaped counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_end_when_the_bot_is_killed_outright() -> None:
    bot = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert _alive(worker)
        bot.send_signal(signal.SIGKILL)
        bot.wait(timeout=30)
        deadline = time.monotonic() + 20
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(worker), "a worker outlived the bot that started it"
    finally:
        bot.kill()
        bot.wait()
