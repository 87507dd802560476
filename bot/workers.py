"""Where CPU-heavy work runs: drawing boards and replays, and the AI's thinking.

Both are pure Python and hold the interpreter lock while they run, so in a
thread they still slow down everything else the event loop does. In worker
processes they do not: the loop keeps answering players at once while boards
are drawn on another core. The bot uses processes (one fewer than the
machine's cores, at least one); tests and scripts that pass nothing use
threads, which needs no start-up and accepts functions defined in tests.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

__all__ = ["Workers", "default_processes"]

log = logging.getLogger(__name__)

T = TypeVar("T")


def default_processes() -> int:
    """One core stays with the event loop (and SQLite); the others draw and think."""
    return max(1, (os.cpu_count() or 2) - 1)


def _warm_up() -> None:
    """In every worker process: import what the work needs, so the first real job
    does not pay for it, and register the games of installed packages."""
    import ai
    import renderers
    import renderers.replay
    from bot.plugins import load_installed_games

    load_installed_games()
    renderers.game_ids()
    ai.has_ai("")


class Workers:
    """Runs a function off the event loop: in worker processes, or in threads."""

    def __init__(self, processes: int = 0) -> None:
        self._pool: Executor | None = None
        if processes > 0:
            # "spawn": a clean interpreter per worker, never a fork of a process
            # with running threads (aiosqlite's, the event loop's).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=processes, mp_context=context, initializer=_warm_up)
            log.info("drawing and AI thinking run in %d worker process(es)", processes)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        if self._pool is None:
            return await asyncio.to_thread(function, *args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
