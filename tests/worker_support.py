"""Jobs for the tests of the worker processes, each saying what a worker did with it; kept
apart from the tests, so that a worker that takes one imports little."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ai
from games.core import Action


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting to be reaped counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


async def eventually(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Whether `condition` holds within `seconds` (looked at every 20 ms)."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()


def note(log: Path, name: str) -> None:
    """`name` as a line of `log`: which jobs began, in which order, how many times."""
    with log.open("a") as lines:
        lines.write(f"{name}\n")


def noted(log: Path) -> list[str]:
    return log.read_text().split() if log.exists() else []


def wait_until_noted(log: Path, lines: int) -> None:
    """Blocks until `log` has that many lines (at most 10 s; polled, as the clock may be
    virtual in the thread that asks)."""
    for _ in range(500):
        if len(noted(log)) >= lines:
            return
        time.sleep(0.02)


def nap_noted(log: Path, name: str, seconds: float) -> int:
    """Notes that it began, sleeps, and returns the worker's process id."""
    note(log, name)
    time.sleep(seconds)
    return os.getpid()


def hang_telling(pids: Path) -> None:
    """Writes the worker's process id to `pids`, then never answers in time."""
    pids.write_text(str(os.getpid()))
    time.sleep(120)


def ended_worker(pids: Path) -> Callable[[], bool]:
    """Whether the worker that `hang_telling` wrote down has ended."""
    return lambda: not alive(int(pids.read_text()))


def noting_ai(log: Path, choose: ai.Chooser, state: Any, seat: int, seed: int) -> Action:
    note(log, "ai")
    return choose(state, seat, seed)


def stuck_once_ai(pids: Path, choose: ai.Chooser, state: Any, seat: int, seed: int) -> Action:
    """Never answers the first time (and writes its worker's process id to `pids`); then
    the game's own AI."""
    if not pids.exists():
        hang_telling(pids)
    return choose(state, seat, seed)
