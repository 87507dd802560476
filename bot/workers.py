"""Where CPU-heavy work runs: drawing boards and replays, and the AI's thinking.

Both are pure Python and hold the interpreter lock while they run, so in a
thread they still slow down everything else the event loop does. In worker
processes they do not: the loop keeps answering players at once while boards
are drawn on another core. The bot uses processes, one per core, at a lower
scheduling priority than its own, so that the event loop is never the one
waiting for a core; tests and scripts that pass nothing use threads, which
needs no start-up and accepts functions defined in tests.

How jobs share the workers. One queue, in the order of `Priority`: the AI
first (a game waits for its move), then boards (a post waits for each), then
long jobs (replays, standings images), which never take every worker at once.
So the AI waits at most for the jobs under way to end, never for a queue, and
with two workers or more never for a replay: the other worker frees up within
a board's time. A lane of its own for the AI was the other way; on the two
cores the bot has it costs more: a third process beside one worker per core
would either idle, holding an interpreter with every game and font loaded, or
share the two cores three ways whenever boards are drawn, so that the AI
would think on two thirds of a core against a budget counted on the clock;
keeping one of the two workers for the AI would halve the drawing of every
burst of boards.

A time limit counts from the job's start in a worker, never its wait in the
queue, and the workers keep it themselves, on the real clock. Each worker is a
process in an executor of its own, so a job past its limit ends its own
worker only (a new one takes its place); the jobs under way in the others go
on, and nothing is done twice.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from dataclasses import field
from enum import IntEnum
from functools import partial
from multiprocessing.process import BaseProcess
from typing import Any
from typing import Generic
from typing import TypeVar

__all__ = ["Priority", "Workers", "default_processes"]

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


def _started() -> None:
    """A worker's first job: nothing but its start (`_warm_up` imports what the work needs)."""


def _draw_sample(number: int) -> bool:
    """Warm-up between jobs: the starting board of the `number`th game that has a renderer;
    whether there was such a game.

    The first boards a process draws pay for loading fonts and for shaping
    labels and sprites that every later board reuses (a tenth to half a
    second each). A worker draws these one game at a time while it has
    nothing else to do, so that they are not paid by the first players'
    posts, and a post that comes meanwhile waits for one of them at most,
    never for all. A failure here only leaves those caches cold.
    """
    import games
    import renderers

    found = renderers.game_ids()
    if number >= len(found):
        return False
    game_id = found[number]
    try:
        engine = games.get(game_id)
        players = engine.max_players
        state = engine.setup(players, 0, engine.check_options(players, {}))
        view = engine.view(state, None)
        view["names"] = [f"Player {seat + 1}" for seat in range(players)]
        renderers.render(game_id, view, None)
    except Exception:
        log.warning("worker warm-up: the sample board of %s failed", game_id, exc_info=True)
    return True


class Priority(IntEnum):
    """Which waiting job a free worker takes first: the lowest, and of those the oldest."""

    #: The AI's thinking: a game waits for its move.
    THINKING = 0
    #: A turn's board: its post waits for it.
    DRAWING = 1
    #: A replay or a standings image: seconds of work nobody's turn waits for.
    LONG = 2
    #: A worker's warm-up, drawn only while nothing waits (never queued).
    WARM_UP = 3


def _closed() -> RuntimeError:
    return RuntimeError("the workers are closed")


@dataclass(eq=False)
class _Job(Generic[T]):
    function: Callable[..., T]
    args: tuple[Any, ...]
    priority: Priority
    #: Seconds it may run, counted from its start in a worker (None: no limit).
    time_limit: float | None
    outcome: Future[T] = field(default_factory=Future)
    #: Ends the job's worker when its time is up; set going as the job starts.
    alarm: threading.Timer | None = None


class _Worker:
    """One worker process in an executor of its own, so that ending it ends nothing else."""

    def __init__(self, on_ready: Callable[[_Worker], None]) -> None:
        # "spawn": a clean interpreter, never a fork of a process with running
        # threads (aiosqlite's, the event loop's).
        context = multiprocessing.get_context("spawn")
        self.executor = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_warm_up)
        #: The job it runs; None while it is free.
        self.job: _Job[Any] | None = None
        self.ready = False
        #: The next sample board its idle time draws (`_draw_sample`); None: all are drawn.
        self.next_sample: int | None = 0
        # The process starts now, handed a job at once, instead of during the first burst of
        # boards; until it has started (its imports done) it takes no job, so that no job's
        # time limit pays for its start.
        self.executor.submit(_started).add_done_callback(lambda _: on_ready(self))

    @property
    def free(self) -> bool:
        return self.ready and self.job is None

    def processes(self) -> list[BaseProcess]:
        return list(self.executor._processes.values())

    def end(self) -> None:
        """End the process at once (the executor offers no way to stop one job)."""
        for process in self.processes():
            process.terminate()
        self.executor.shutdown(wait=False, cancel_futures=True)


class Workers:
    """Runs a function off the event loop: in worker processes, or in threads.

    Jobs wait in one queue in the order of their `Priority`; a worker that
    becomes free takes the first. A worker process that dies (killed, out of
    memory) is replaced and its job tried once more; the other workers and
    their jobs do not notice.
    """

    def __init__(self, processes: int = 0) -> None:
        self._processes = processes
        #: Long jobs never hold every worker, so that the AI and the boards wait at
        #: most for a short job to end.
        self._long_limit = max(1, processes - 1)
        # Taken by the event loop and by the executors' threads (a job ends there).
        self._lock = threading.RLock()
        self._queue: list[tuple[Priority, int, _Job[Any]]] = []
        self._order = itertools.count()
        self._workers: list[_Worker] = []
        self._closed = False
        if processes > 0:
            with self._lock:
                self._workers = [_Worker(self._ready) for _ in range(processes)]
            log.info("drawing and AI thinking run in %d worker process(es)", processes)

    async def run(
        self,
        function: Callable[..., T],
        *args: Any,
        time_limit: float | None = None,
        priority: Priority = Priority.DRAWING,
    ) -> T:
        """`function(*args)` off the event loop. With a `time_limit` (seconds), a job that runs
        longer raises `TimeoutError`; in a worker process it is stopped (that worker starts
        anew), in a thread it is left to end by itself (a thread cannot be stopped).

        The limit counts from the job's start in a worker, on the real clock: a wait for a
        free worker is no part of it (threads start at once)."""
        if self._processes <= 0 or (priority is Priority.DRAWING and self._starting()):
            return await asyncio.wait_for(asyncio.to_thread(function, *args), time_limit)
        try:
            return await self._run_once(_Job(function, args, priority, time_limit))
        except BrokenProcessPool:
            log.warning("a worker process died; it is replaced and the job tried again")
            return await self._run_once(_Job(function, args, priority, time_limit))

    async def _run_once(self, job: _Job[T]) -> T:
        with self._lock:
            if self._closed:
                raise _closed()
            heapq.heappush(self._queue, (job.priority, next(self._order), job))
            self._dispatch()
        # Cancelled while it waits, the job is called off: no worker takes it.
        return await asyncio.wrap_future(job.outcome)

    def _starting(self) -> bool:
        """Whether no worker is ready for a board yet: each is starting or drawing its sample
        boards. A board asked for meanwhile is drawn in a thread of this process instead: a
        worker's start (a new interpreter importing every game, at a lower priority) takes a
        second on a quiet machine and many more on a busy one, and the first posts after a
        start would wait for it. The AI still waits for a worker: a thread could not be
        stopped at the end of its time."""
        with self._lock:
            return not self._closed and all(
                not worker.ready or (worker.job is not None and worker.job.priority is Priority.WARM_UP)
                for worker in self._workers
            )

    def _dispatch(self) -> None:
        """Hand waiting jobs to free workers, and the warm-up to those left idle (called with
        the lock held)."""
        self._hand_out()
        if not self._queue:
            for worker in self._workers:
                if worker.free and worker.next_sample is not None:
                    self._warm(worker)

    def _warm(self, worker: _Worker) -> None:
        """Have an idle worker draw its next sample board (a job of its own, no one waits on it)."""
        job: _Job[bool] = _Job(_draw_sample, (worker.next_sample,), Priority.WARM_UP, None)
        job.outcome.set_running_or_notify_cancel()
        worker.job = job
        try:
            running = worker.executor.submit(job.function, *job.args)
        except BrokenProcessPool:
            self._replace(worker)
            return
        running.add_done_callback(partial(self._warmed, worker))
        running.add_done_callback(partial(self._finished, worker, job))

    @staticmethod
    def _warmed(worker: _Worker, running: Future[bool]) -> None:
        if running.cancelled() or running.exception() is not None or not running.result():
            worker.next_sample = None
        elif worker.next_sample is not None:
            worker.next_sample += 1

    def is_warm(self) -> bool:
        """Whether every worker has started and drawn its sample boards: from then on every
        job goes to the processes."""
        with self._lock:
            return self._processes <= 0 or all(
                worker.ready and worker.next_sample is None for worker in self._workers
            )

    async def warmed_up(self) -> None:
        """Wait until every worker has drawn its sample boards (tests and benchmarks that
        time jobs: a warm-up under way holds its worker)."""
        # Polled: a warm-up ends in an executor's thread, which has no event loop to tell.
        while not self.is_warm():  # noqa: ASYNC110
            await asyncio.sleep(0.05)

    def _hand_out(self) -> None:
        while self._queue:
            worker = next((worker for worker in self._workers if worker.free), None)
            if worker is None:
                return
            priority, _, job = self._queue[0]
            if priority is Priority.LONG and self._long_running() >= self._long_limit:
                return  # only long jobs wait, and they wait for a long one to end
            heapq.heappop(self._queue)
            if not job.outcome.set_running_or_notify_cancel():
                continue
            worker.job = job
            try:
                running = worker.executor.submit(job.function, *job.args)
            except BrokenProcessPool as error:  # its process died while it was free
                self._replace(worker)
                job.outcome.set_exception(error)
                continue
            if job.time_limit is not None:
                # Kept by the workers, not by a timer of the event loop: the limit is on
                # the job's own work, whatever the loop's clock (a test's may be virtual).
                job.alarm = threading.Timer(job.time_limit, self._time_up, (job,))
                job.alarm.daemon = True
                job.alarm.start()
            running.add_done_callback(partial(self._finished, worker, job))

    def _long_running(self) -> int:
        return sum(1 for worker in self._workers if worker.job and worker.job.priority is Priority.LONG)

    def _ready(self, worker: _Worker) -> None:
        """The worker's warm-up is over (or failed, which a job will find out)."""
        with self._lock:
            worker.ready = True
            self._dispatch()

    def _finished(self, worker: _Worker, job: _Job[Any], running: Future[Any]) -> None:
        if job.alarm is not None:
            job.alarm.cancel()
        with self._lock:
            if worker in self._workers:
                if running.cancelled() or isinstance(running.exception(), BrokenProcessPool):
                    self._replace(worker)
                else:
                    worker.job = None
                self._dispatch()
            if job.outcome.done():  # its time was up
                return
            if running.cancelled():  # the stop dropped it before it began
                job.outcome.set_exception(_closed())
            elif (error := running.exception()) is not None:
                job.outcome.set_exception(error)
            else:
                job.outcome.set_result(running.result())

    def _time_up(self, job: _Job[Any]) -> None:
        """The job ran past its time: end its worker (the job may never return, and it holds
        the worker meanwhile). The other workers' jobs go on."""
        with self._lock:
            worker = next((worker for worker in self._workers if worker.job is job), None)
            if worker is None or job.outcome.done():  # it ended meanwhile, or the stop ended it
                return
            log.warning("a job ran past its time; its worker process is ended and started anew")
            self._replace(worker)
            job.outcome.set_exception(TimeoutError(f"the job ran longer than {job.time_limit:g} s"))

    def _replace(self, worker: _Worker) -> None:
        """A new worker in the place of one that died or is stuck (called with the lock held)."""
        worker.end()
        self._workers[self._workers.index(worker)] = _Worker(self._ready)

    def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop the workers: jobs not begun are dropped, those under way (a board, an AI
        move, the warm-up) may finish within `grace` seconds, and every worker has ended
        when this returns. Not waiting would leave that to the end of the process, and a
        process that ends through `os._exit` (a multiprocessing child) would leave its
        workers behind; waiting without end would let one hanging AI hold up the stop
        (whatever a job did not store is done again after the next start)."""
        with self._lock:
            self._closed = True
            workers, self._workers = self._workers, []
            waiting, self._queue = self._queue, []
        for _, _, job in waiting:
            if job.outcome.set_running_or_notify_cancel():
                job.outcome.set_exception(_closed())
        processes = [process for worker in workers for process in worker.processes()]
        for worker in workers:
            worker.executor.shutdown(wait=False, cancel_futures=True)
        ends = time.monotonic() + grace
        for process in processes:
            process.join(max(0.0, ends - time.monotonic()))
        for process in processes:
            if process.is_alive():
                log.warning("a worker process still busy at the stop was ended")
                process.terminate()
                process.join()
        for worker in workers:
            worker.executor.shutdown(wait=True)
