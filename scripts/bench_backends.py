"""Backends: the service load on SQLite, on PostgreSQL, and in two processes on one PostgreSQL.

The service benchmark's load (`bench_service.measure`: games moving at once
through the real `GameService` and `Store`, one task per game, each making
its next move as soon as the last one was answered) on one game, measured in
three set-ups side by side:

- SQLite, one process: a file in a temporary folder (the default);
- PostgreSQL, one process: a database on a server of the benchmark's own
  (`tests/postgres_server.py`: initdb and pg_ctl in a temporary folder, a Unix
  socket only), started at the beginning of the section and stopped at its end;
- PostgreSQL, two processes: the same games split in halves, each half moved
  by an OS process of its own (started with `multiprocessing`'s spawn: a
  fresh interpreter, its own service, store connections and worker
  processes, as a second bot process would have) on the one database. The
  halves sit in two servers whose shards differ (shard 0 and 1 of 2), and
  each process serves its own shard (`GameService.own`), as two bot
  processes would divide them. Both set up their games, wait for
  each other, then move at once; their committed moves are summed over the
  time from the first start to the last end, their latencies merged.

Two loads each, as in the service section: *rendered* (the real renderer,
a few moves per game from the middle of the game: the post includes drawing
the board) and *without rendering* (a no-op renderer, whole games up to a
cap, for the rate of committed moves).

The server's durability is set back to PostgreSQL's defaults (`fsync`,
`synchronous_commit`, `full_page_writes` on; the test server turns them off),
so every commit waits for its write-ahead log as a production server's does.
"""

from __future__ import annotations

import asyncio
import importlib.util
import multiprocessing
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import ModuleType
from typing import Any

import bench_service
from bench_common import NO_GOAL
from bench_common import Section
from bench_common import below
from bench_common import percentile
from bench_engine import play_random

import games
import renderers
from bot.shards import Shards
from bot.workers import Workers
from games.core import Engine

__all__ = ["ENGINE", "GOAL_POST_P99_MS", "run"]

ROOT = Path(__file__).resolve().parent.parent

#: The game every set-up plays (at its largest player count).
ENGINE = "chinesische-mauer"
#: A turn's post ready within a second, for 50 games moving at once on one process.
GOAL_POST_P99_MS = 1000.0
GOAL_P99_MS = bench_service.GOAL_P99_MS

#: How long a second process may take to set up its games, or to finish, before the run fails.
_CHILD_TIMEOUT = 1800.0


@dataclass(frozen=True)
class _Plan:
    games: int
    rendered_moves: int
    plain_moves: int


_QUICK = _Plan(games=2, rendered_moves=1, plain_moves=4)
_FULL = _Plan(games=50, rendered_moves=4, plain_moves=100)


@dataclass(frozen=True)
class _Setup:
    database: str  # "SQLite" or "PostgreSQL"
    processes: int


_SETUPS = (_Setup("SQLite", 1), _Setup("PostgreSQL", 1), _Setup("PostgreSQL", 2))


def _guild(process: int, processes: int) -> int:
    """A server id on shard `process` of `processes` (Discord: ``(guild_id >> 22) % shard_count``)."""
    guild = (process << 22) | 1
    assert (guild >> 22) % processes == process
    return guild


def _postgres_server() -> ModuleType:
    """tests/postgres_server.py, the tests' own throw-away PostgreSQL server (tests/ is no package)."""
    name = "postgres_server"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "postgres_server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------ a second process


def _child(
    connection: Connection, location: str, engine_id: str, rendered: bool, options: dict[str, Any]
) -> None:
    """In a process of its own: set up its games, say "ready", wait for "go", move, send the load."""
    try:
        engine = games.get(engine_id)
        render = renderers.render if rendered else bench_service.no_render

        async def ready() -> None:
            connection.send("ready")
            await asyncio.to_thread(connection.recv)  # "go"

        load = asyncio.run(bench_service.measure(location, engine, render=render, ready=ready, **options))
        connection.send(("done", load))
    except Exception:
        connection.send(("error", traceback.format_exc()))
    finally:
        connection.close()


class _Second:
    """A second bot process moving its own games on the same database."""

    def __init__(self, location: str, engine: Engine, rendered: bool, options: dict[str, Any]) -> None:
        context = multiprocessing.get_context("spawn")
        self._connection, theirs = context.Pipe()
        self._process: BaseProcess = context.Process(
            target=_child, args=(theirs, location, engine.id, rendered, options), name="bench-backends-second"
        )
        self._process.start()
        theirs.close()

    def _receive(self) -> Any:
        """The next message, failing when the process ends without one or takes too long."""
        deadline = time.monotonic() + _CHILD_TIMEOUT
        while not self._connection.poll(1.0):
            if not self._process.is_alive():
                raise RuntimeError(f"the second process ended (exit code {self._process.exitcode}) unasked")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the second process did not answer within {_CHILD_TIMEOUT:.0f} s")
        message = self._connection.recv()
        if isinstance(message, tuple) and message[0] == "error":
            raise RuntimeError(f"the second process failed:\n{message[1]}")
        return message

    def wait_ready(self) -> None:
        message = self._receive()
        if message != "ready":
            raise RuntimeError(f"the second process said {message!r}, not ready")

    def go(self) -> None:
        self._connection.send("go")

    def result(self) -> bench_service.Load:
        message = self._receive()
        load: bench_service.Load = message[1]
        return load

    def close(self) -> None:
        self._connection.close()
        self._process.join(timeout=30)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()


async def _measure(
    location: str,
    engine: Engine,
    *,
    processes: int,
    games_count: int,
    rendered: bool,
    warmup: int,
    moves: int,
    workers: Workers,
) -> bench_service.Load:
    """One load over `processes` processes (this one and the others), each with its share of the games;
    this one draws in `workers`, each other process in worker processes of its own."""
    shares = [games_count // processes + (1 if i < games_count % processes else 0) for i in range(processes)]
    firsts = [sum(shares[:i]) for i in range(processes)]

    def options(process: int) -> dict[str, Any]:
        return {
            "games_count": shares[process],
            "warmup": warmup,
            "moves": moves,
            "ai": False,
            "first_game": firsts[process],
            "guild_id": _guild(process, processes),
            # Each process serves its own shard's servers, as two bot processes would.
            "shards": Shards.of(processes, {process}) if processes > 1 else None,
        }

    others = [_Second(location, engine, rendered, options(i)) for i in range(1, processes)]
    try:

        async def ready() -> None:
            for other in others:
                await asyncio.to_thread(other.wait_ready)
            for other in others:
                other.go()

        render = renderers.render if rendered else bench_service.no_render
        mine = await bench_service.measure(
            location, engine, render=render, ready=ready if others else None, workers=workers, **options(0)
        )
        theirs = [await asyncio.to_thread(other.result) for other in others]
    finally:
        for other in others:
            other.close()
    return bench_service.merged([mine, *theirs]) if theirs else mine


# ------------------------------------------------------------------ the table


def _row(setup: _Setup, variant: str, load: bench_service.Load, plan: _Plan) -> list[str]:
    latencies = load.latencies or [0.0]
    posts = load.post_latencies or [0.0]
    p50, p99 = percentile(latencies, 0.50) * 1000, percentile(latencies, 0.99) * 1000
    post_p50, post_p99 = percentile(posts, 0.50) * 1000, percentile(posts, 0.99) * 1000
    # No post at all (the moves ended no turn): nothing to show or judge.
    post = [f"{post_p50:.0f}", f"{post_p99:.0f}"] if load.post_latencies else [NO_GOAL, NO_GOAL]
    # The post goal is the issue's: the turn's post (board drawn) with 50 games on one process.
    judged = variant == "rendered" and setup.processes == 1 and bool(load.post_latencies)
    return [
        setup.database,
        str(setup.processes),
        variant,
        str(load.games),
        str(len(load.latencies)),
        f"{p50:.0f}",
        f"{p99:.0f}",
        str(len(load.post_latencies)),
        *post,
        f"{load.committed / max(load.wall, 1e-9):,.0f}",
        f"{load.wall:.1f} / {load.cpu:.1f}",
        below(p99, GOAL_P99_MS),
        below(post_p99, GOAL_POST_P99_MS) if judged else NO_GOAL,
    ]


def _unavailable(setup: _Setup, variant: str, reason: str) -> list[str]:
    return [setup.database, str(setup.processes), f"{variant}: {reason}", *[NO_GOAL] * 11]


def _start_server() -> tuple[Any, str | None]:
    """(a running PostgreSQL server, None), or (None, why there is none)."""
    postgres_server = _postgres_server()
    try:
        server = postgres_server.PostgresServer.start()
    except postgres_server.PostgresError as error:
        return None, "no PostgreSQL server (" + str(error).splitlines()[0] + ")"
    try:
        # A production server's durability: every commit waits for its log to be written.
        for name in ("fsync", "synchronous_commit", "full_page_writes"):
            server.execute(f"ALTER SYSTEM SET {name} = on")
        server.execute("SELECT pg_reload_conf()")
    except BaseException:
        server.stop()
        raise
    return server, None


async def _run(quick: bool, folder: Path, server: Any, missing: str | None) -> Section:
    plan = _QUICK if quick else _FULL
    engine = games.get(ENGINE)
    players = engine.max_players
    section = Section(
        key="backends",
        title="Backends: SQLite, PostgreSQL, two processes",
        method=[
            f"The service load (as in *Service latency*: one task per game, each making its next move as "
            f"soon as the last one was answered) with {plan.games} games of {engine.title} for {players} "
            "at once, on three set-ups: SQLite in one process (a file in a temporary folder); PostgreSQL "
            "15 in one process; and PostgreSQL with two OS processes on one database, each with its own "
            "service, connection pool and worker processes (one per core, the bot's default; the first "
            "process's started once for the whole section), moving its own half of the games (servers on "
            "shards 0 and 1 of 2). The two set up their games, wait for each other and then move at once; "
            "their committed moves are counted together over the time from the first start to the last "
            "end, their latencies merged. The PostgreSQL server is the benchmark's own "
            "(`tests/postgres_server.py`, a Unix socket, its files in memory), durability at PostgreSQL's "
            "defaults (each commit waits for its log); neither database waits for a disk here. *p50/p99*: "
            "the answer to one `GameService.move` (given once the move is stored). *Post*: from that answer "
            "until the game's next thread post reached the outbox, measured as in *Service latency*. "
            f"*Rendered*: the real renderer, {plan.rendered_moves} move(s) per game from the middle of the "
            f"game, the board drawn in a worker process. *Without rendering*: a no-op renderer, up to "
            f"{plan.plain_moves} moves per game (whole games where shorter); *committed moves/s* is moves "
            "stored per wall second. *Wall / CPU*: CPU of the bot processes, summed (not their worker "
            "processes', not the database server's).",
        ],
        headers=[
            "Database",
            "Processes",
            "Load",
            "Games",
            "Calls",
            "p50 ms",
            "p99 ms",
            "Posts",
            "Post p50 ms",
            "Post p99 ms",
            "Committed moves/s",
            "Wall / CPU s",
            f"p99 < {GOAL_P99_MS:.0f} ms",
            f"Post p99 < {GOAL_POST_P99_MS / 1000:.0f} s ({plan.games} games, one process)",
        ],
    )
    middle = play_random(engine, players, 0) // 2
    loads = [
        ("rendered", True, middle, plan.rendered_moves),
        ("without rendering", False, 0, plan.plain_moves),
    ]
    # This process's worker processes, started once for the section as the bot starts its own.
    workers = await bench_service.started_workers()
    try:
        for number, (variant, rendered, warmup, moves) in enumerate(loads):
            for index, setup in enumerate(_SETUPS):
                if setup.database == "SQLite":
                    location = str(folder / f"{number}-{index}.sqlite3")
                elif server is None:
                    section.rows.append(_unavailable(setup, variant, missing or "no PostgreSQL server"))
                    continue
                else:
                    location = server.new_database()
                try:
                    load = await _measure(
                        location,
                        engine,
                        processes=setup.processes,
                        games_count=plan.games,
                        rendered=rendered,
                        warmup=warmup,
                        moves=moves,
                        workers=workers,
                    )
                finally:
                    if server is not None and location.startswith("postgresql"):
                        server.drop_database(location)
                section.rows.append(_row(setup, variant, load, plan))
    finally:
        workers.close()
    section.notes.append(
        "The post goal is judged where the issue sets it: the rendered load (the post waits for its board) "
        f"with {plan.games} games moving at once on one process; the other rows show the same figure."
    )
    section.notes.append(
        "A rendered row's time runs until its last board is drawn, so its committed moves/s is the pace of "
        "drawing, not of the database; the rows without rendering compare the databases."
    )
    section.notes.append(
        "Two processes on one machine share its cores with each other, their worker processes and the "
        "database server: the second process adds throughput only where the first left cores idle."
    )
    return section


def run(quick: bool) -> Section:
    server, missing = _start_server()
    try:
        with tempfile.TemporaryDirectory(prefix="baumeister-bench-") as folder:
            return asyncio.run(_run(quick, Path(folder), server, missing))
    finally:
        if server is not None:
            server.stop()
