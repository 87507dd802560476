"""Where CPU-heavy work runs: drawing boards and replays, and the AI's thinking.

Both are pure Python and hold the interpreter lock while they run, so in a
thread they still slow down everything else the event loop does. In worker
processes they do not: the loop keeps answering players at once while boards
are drawn on another core. The bot uses processes, one per core, at a lower
scheduling priority than its own, so that the event loop is never the one
waiting for a core; tests and scripts that pass nothing use threads, which
needs no start-up and accepts functions defined in tests.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any
from typing import TypeVar

__all__ = ["Workers", "default_processes"]

#: At the stop, jobs under way get this long to finish (seconds).
CLOSE_GRACE = 5.0

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How much lower than the bot's the workers' scheduling priority is: when a burst of
#: boards keeps every core busy, the event loop still gets the CPU first, so answers
#: stay quick while the drawing takes what is left.
WORKER_NICENESS = 10


def default_processes() -> int:
    """One per core. The event loop needs only part of a core, so a burst of boards may
    use every core; the workers' lower priority (`WORKER_NICENESS`) keeps the loop first."""
    return os.cpu_count() or 1


#: How often a worker checks that the process that started it is still there.
PARENT_CHECK_SECONDS = 1.0


def _end_with_parent(parent: int) -> None:
    """End this worker once its parent is gone.

    A bot process killed outright (SIGKILL, out of memory), or one that leaves
    through `os._exit` as a multiprocessing child does, never tells its workers
    to stop; they would wait for work for ever, each keeping the others' job
    queue open, holding memory and any pipe they inherited.
    """
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:
            os._exit(0)


def _warm_up() -> None:
    """In every worker process: end with the parent, yield the CPU to the event loop,
    import what the work needs, so the first real job does not pay for it, and register
    the games of installed packages."""
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True, name="parent").start()
    os.nice(WORKER_NICENESS)
    import ai
    import renderers
    import renderers.replay
    from bot.plugins import load_installed_games

    load_installed_games()
    renderers.game_ids()
    ai.has_ai("")


def _draw_samples() -> None:
    """A worker's first job: the starting board of every game that has a renderer.

    The first boards a process draws pay for loading fonts and for shaping
    labels and sprites that every later board reuses (a tenth to half a
    second each); drawn here, as the bot starts, they are not paid by the
    first players' posts. A failure here only leaves those caches cold.
    """
    import games
    import renderers

    for game_id in renderers.game_ids():
        try:
            engine = games.get(game_id)
            players = engine.max_players
            state = engine.setup(players, 0, engine.check_options(players, {}))
            view = engine.view(state, None)
            view["names"] = [f"Player {seat + 1}" for seat in range(players)]
            renderers.render(game_id, view, None)
        except Exception:
            log.warning("worker warm-up: the sample board of %s failed", game_id, exc_info=True)


def _pool(processes: int) -> ProcessPoolExecutor:
    # "spawn": a clean interpreter per worker, never a fork of a process
    # with running threads (aiosqlite's, the event loop's).
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=processes, mp_context=context, initializer=_warm_up)
    # One warm-up job per worker, handed out at once: every worker process starts now and
    # fills its caches, instead of the second one starting during the first burst of boards.
    for _ in range(processes):
        pool.submit(_draw_samples)
    return pool


class Workers:
    """Runs a function off the event loop: in worker processes, or in threads.

    A worker process that dies (killed, out of memory) breaks the whole pool;
    the pool is then made anew and the job tried once more, so one crash does
    not break every later board and AI move.
    """

    def __init__(self, processes: int = 0) -> None:
        self._processes = processes
        self._pool: Executor | None = None
        if processes > 0:
            self._pool = _pool(processes)
            log.info("drawing and AI thinking run in %d worker process(es)", processes)

    async def run(self, function: Callable[..., T], *args: Any, time_limit: float | None = None) -> T:
        """`function(*args)` off the event loop. With a `time_limit` (seconds), a job that takes
        longer raises `TimeoutError`; in a worker process it is stopped (the workers start
        anew), in a thread it is left to end by itself (a thread cannot be stopped)."""
        pool = self._pool
        if pool is None:
            return await asyncio.wait_for(asyncio.to_thread(function, *args), time_limit)
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(pool, function, *args), time_limit)
        except BrokenProcessPool:
            log.warning("a worker process died; starting the workers anew and trying again")
            return await asyncio.wait_for(
                loop.run_in_executor(self._renewed(pool), function, *args), time_limit
            )
        except TimeoutError:
            self._stop_stuck(pool)
            raise

    def _stop_stuck(self, pool: Executor) -> None:
        """A job ran past its time: end the pool's processes (the job may never return,
        and it holds a worker meanwhile). Other jobs under way there find the pool broken
        and run again on the new one."""
        if self._pool is not pool or not isinstance(pool, ProcessPoolExecutor):
            return
        log.warning("a job ran past its time; starting the workers anew")
        # The executor offers no way to stop one job; its processes are its own to end.
        for process in list(pool._processes.values()):
            process.terminate()
        self._renewed(pool)

    def _renewed(self, broken: Executor) -> Executor:
        """A working pool in place of `broken` (made once, however many jobs saw it break)."""
        if self._pool is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = _pool(self._processes)
        if self._pool is None:
            # Closed meanwhile (the stop ended a job under way): nothing runs any more.
            raise RuntimeError("the workers are closed")
        return self._pool

    def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop the workers: jobs not begun are dropped, those under way (a board, an AI
        move, the warm-up) may finish within `grace` seconds, and every worker has ended
        when this returns. Not waiting would leave that to the end of the process, and a
        process that ends through `os._exit` (a multiprocessing child) would leave its
        workers behind; waiting without end would let one hanging AI hold up the stop
        (whatever a job did not store is done again after the next start)."""
        if self._pool is None:
            return
        pool, self._pool = self._pool, None
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        ends = time.monotonic() + grace
        for process in processes:
            process.join(max(0.0, ends - time.monotonic()))
        for process in processes:
            if process.is_alive():
                log.warning("a worker process still busy at the stop was ended")
                process.terminate()
                process.join()
        pool.shutdown(wait=True)
