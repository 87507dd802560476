"""Service latency: many games moving at once through `GameService` and SQLite.

The real `Store` on a temporary file and the real service. A move is
answered once it is stored; the game's thread post (with its board image) and
the AI seats' answers follow in the game's background work. Two latencies are
measured: the *answer* (one `GameService.move` call, what the player waits
for) and the *post* (from that answer until the game's next post reached the
outbox, what the thread waits for). All games move at the same time (one task
each), as when many players press buttons together. Three loads, per engine:

- rendered: the real renderer; games are first brought to their middle
  without rendering (not measured);
- without rendering: a no-op `render=`, whole games (capped), for the rate
  of committed moves;
- with AI seats: one human per game, the other seats AI, no rendering; the
  post latency then includes the AI's turns.

Moves are picked by a seeded RNG from the legal actions of the state the
caller tracks (for AI games, read back from the store outside the timing).
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from bench_common import Section
from bench_common import at_least
from bench_common import below
from bench_common import percentile
from bench_common import timed
from bench_engine import play_random

import games
import renderers
from bot.results import Caller
from bot.results import Dispatch
from bot.service import GameService
from bot.shards import Shards
from bot.store import Store
from bot.workers import Workers
from bot.workers import default_processes
from games.core import Action
from games.core import Engine
from games.core import State

__all__ = [
    "GOAL_MOVES_PER_S",
    "GOAL_P99_MS",
    "Load",
    "measure",
    "merged",
    "no_render",
    "run",
    "started_workers",
]

GOAL_P99_MS = 300.0
GOAL_MOVES_PER_S = 200.0

Render = Callable[[str, dict[str, Any], "str | None"], bytes]


#: When each game's newest move was answered (to time its post).
_ANSWERED: dict[int, float] = {}


def _outbox(load: Load) -> Callable[[Dispatch], Any]:
    async def deliver(dispatch: Dispatch) -> None:
        answered = _ANSWERED.pop(dispatch.game_id, None)
        if answered is not None and dispatch.posts:
            load.post_latencies.append(time.perf_counter() - answered)

    return deliver


def _no_animate(game_id: str, views: list[dict[str, Any]], locale: str | None) -> bytes:
    return b""


def no_render(game_id: str, view: dict[str, Any], locale: str | None) -> bytes:
    """A renderer that draws nothing: the load without rendering."""
    return b""


@dataclass
class _Table:
    """One game at the table: who sits where and what the caller believes the state is."""

    game_id: int
    callers: list[Caller]
    state: State
    version: int
    rng: random.Random


@dataclass
class Load:
    """What one load measured."""

    games: int
    latencies: list[float] = field(default_factory=list)
    #: From a move's answer until the game's next post was handed to the outbox.
    post_latencies: list[float] = field(default_factory=list)
    committed: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    #: When the measured stretch began and ended (`time.time()`: comparable between processes).
    started: float = 0.0
    ended: float = 0.0


def merged(loads: list[Load]) -> Load:
    """Loads that ran at the same time (in several processes) as one: their games, calls and
    committed moves together, wall time from the first start to the last end, CPU time summed."""
    started, ended = min(load.started for load in loads), max(load.ended for load in loads)
    return Load(
        games=sum(load.games for load in loads),
        latencies=[value for load in loads for value in load.latencies],
        post_latencies=[value for load in loads for value in load.post_latencies],
        committed=sum(load.committed for load in loads),
        wall=ended - started,
        cpu=sum(load.cpu for load in loads),
        started=started,
        ended=ended,
    )


def _caller(game: int, seat: int, guild_id: int) -> Caller:
    return Caller(
        user_id=10_000 + game * 10 + seat, name=f"Player {seat + 1}", guild_id=guild_id, channel_id=guild_id
    )


async def _open_tables(
    service: GameService,
    engine: Engine,
    games_range: range,
    humans: int,
    ai_seats: int,
    guild_id: int,
) -> list[_Table]:
    tables = []
    for game in games_range:
        callers = [_caller(game, seat, guild_id) for seat in range(humans)]
        reply = await service.new_game(callers[0], engine.id)
        assert reply.game_id is not None
        for caller in callers[1:]:
            await service.join(caller, reply.game_id)
        for _ in range(ai_seats):
            await service.add_bot(callers[0], reply.game_id)
        await service.start(callers[0], reply.game_id)
        await service.settled(reply.game_id)
        table = _Table(reply.game_id, callers, None, 0, random.Random(game))
        await _refresh(service, engine, table)
        tables.append(table)
    return tables


async def _refresh(service: GameService, engine: Engine, table: _Table) -> None:
    """Read the state back from the store (needed where AI seats moved)."""
    row = await service.store.get_game(table.game_id)
    table.state = engine.loads(row.state) if row.state is not None else None
    table.version = row.version


def _next_move(engine: Engine, table: _Table) -> tuple[int, Action, str] | None:
    """(seat, action, notation) of a human seat that must act now, or None."""
    if table.state is None:
        return None
    acting = sorted(seat for seat in engine.to_act(table.state) if seat < len(table.callers))
    if not acting:
        return None
    seat = table.rng.choice(acting)
    action = table.rng.choice(engine.legal_actions(table.state, seat))
    return seat, action, engine.format_action(table.state, action)


async def _play(
    service: GameService, engine: Engine, table: _Table, moves: int, load: Load | None, tracked: bool
) -> None:
    """Make up to `moves` moves in this game; time each call when `load` is given."""
    for _ in range(moves):
        chosen = _next_move(engine, table)
        if chosen is None:
            return
        seat, action, notation = chosen
        started = time.perf_counter()
        reply = await service.move(table.callers[seat], table.game_id, notation, table.version)
        if load is not None:
            answered = time.perf_counter()
            load.latencies.append(answered - started)
            _ANSWERED[table.game_id] = answered
        if tracked:
            # Human seats only: the caller's own apply gives the new state.
            table.state = engine.apply(table.state, seat, action)
            table.version = reply.version if reply.version is not None else table.version + 1
            if not engine.to_act(table.state):
                table.state = None
            elif any(engine.forced(table.state, other) is not None for other in engine.to_act(table.state)):
                # A decision with one answer is the bot's to make, in the background.
                await service.settled(table.game_id)
                await _refresh(service, engine, table)
        else:
            # The AI seats answer in the background; the human plays on once they have.
            await service.settled(table.game_id)
            await _refresh(service, engine, table)


async def _load(
    service: GameService, engine: Engine, tables: list[_Table], moves: int, tracked: bool
) -> Load:
    load = Load(len(tables))
    service.outbox = _outbox(load)
    _ANSWERED.clear()
    before = sum(table.version for table in tables)
    load.started = time.time()
    with timed() as clock:
        await asyncio.gather(*(_play(service, engine, t, moves, load, tracked) for t in tables))
        await service.idle()
    load.ended = time.time()
    for table in tables:
        await _refresh(service, engine, table)
    load.committed = sum(table.version for table in tables) - before
    load.wall, load.cpu = clock.wall, clock.cpu
    return load


async def measure(
    location: str | Path,
    engine: Engine,
    *,
    games_count: int,
    render: Render,
    warmup: int,
    moves: int,
    ai: bool,
    first_game: int = 0,
    guild_id: int = 1,
    shards: Shards | None = None,
    ready: Callable[[], Awaitable[None]] | None = None,
    workers: Workers | None = None,
) -> Load:
    """One load: `games_count` games opened in the store at `location` (a SQLite file or a
    PostgreSQL URL), brought `warmup` moves on without drawing, then each making up to
    `moves` moves at once through a service that draws with `render`.

    Games are numbered from `first_game` (their players and move choices follow from the
    number) and sit in server `guild_id`, so that loads in several processes on one
    database play games of their own; `shards`: the shards this process serves, as a bot
    process of several is told (`GameService.own`). `ready`, when given, is awaited once
    everything is set up, just before the measured moves: several processes wait there
    for each other. `workers`: the worker processes to draw and think in, started and warmed
    up once for many loads, as the bot starts its own once (`started_workers`); without them,
    the load starts its own and stops them at its end.
    """
    store = await Store.open(location)
    own_workers = workers is None
    if workers is None:
        # Started now, they warm up while the games are set up.
        workers = Workers(default_processes())
    try:
        # Without rendering, the end-of-game replay is not drawn either.
        animate = None if render is renderers.render else _no_animate
        measured = GameService(store, render=render, animate=animate, workers=workers)
        measured.own(shards)
        humans, ai_seats = (1, engine.max_players - 1) if ai else (engine.max_players, 0)
        if ai and engine.max_players == 1:
            humans, ai_seats = 1, 0
        # Seating and warming up go through a service that does not draw.
        quiet = GameService(store, render=no_render, animate=_no_animate)
        quiet.own(shards)
        games_range = range(first_game, first_game + games_count)
        tables = await _open_tables(quiet, engine, games_range, humans, ai_seats, guild_id)
        if warmup:
            await asyncio.gather(*(_play(quiet, engine, t, warmup, None, not ai) for t in tables))
        await quiet.idle()
        await workers.warmed_up()
        if ready is not None:
            await ready()
        await measured.resume()  # as the bot does at start: finish what the warm-up left
        return await _load(measured, engine, tables, moves, tracked=not ai)
    finally:
        if own_workers:
            workers.close()
        await store.close()


async def started_workers() -> Workers:
    """Worker processes as the bot runs them (one per core), started and done with their
    warm-up: a start under way holds a worker, and stopping them then waits for it."""
    workers = Workers(default_processes())
    await workers.warmed_up()
    return workers


@dataclass(frozen=True)
class _Plan:
    games: int
    rendered_moves: int
    plain_moves: int
    ai_games: int
    ai_moves: int


_QUICK = _Plan(games=1, rendered_moves=1, plain_moves=4, ai_games=1, ai_moves=2)
_FULL = _Plan(games=50, rendered_moves=4, plain_moves=250, ai_games=50, ai_moves=8)


def _row(engine: Engine, variant: str, load: Load, judge_rate: bool) -> list[str]:
    latencies = load.latencies or [0.0]
    p50, p99 = percentile(latencies, 0.50) * 1000, percentile(latencies, 0.99) * 1000
    posts = load.post_latencies or [0.0]
    post_p50, post_p99 = percentile(posts, 0.50) * 1000, percentile(posts, 0.99) * 1000
    wall = max(load.wall, 1e-9)
    rate = load.committed / wall
    return [
        f"{engine.title} (`{engine.id}`)",
        variant,
        str(load.games),
        str(len(load.latencies)),
        f"{p50:.0f}",
        f"{p99:.0f}",
        f"{max(latencies) * 1000:.0f}",
        f"{post_p50:.0f}",
        f"{post_p99:.0f}",
        f"{rate:,.0f}",
        f"{load.wall:.1f} / {load.cpu:.1f}",
        f"{load.cpu / max(len(load.latencies), 1) * 1000:.1f}",
        below(p99, GOAL_P99_MS),
        at_least(rate, GOAL_MOVES_PER_S) if judge_rate else "—",
    ]


async def _engine_rows(
    engine: Engine, plan: _Plan, folder: Path, index: int, workers: Workers
) -> list[list[str]]:
    """The three loads of the engine numbered `index`, each on a database of its own in `folder`."""
    rows = []
    middle = play_random(engine, engine.max_players, 0) // 2
    if engine.id in renderers.game_ids():
        rendered = await measure(
            folder / f"rendered-{index}.sqlite3",
            engine,
            games_count=plan.games,
            render=renderers.render,
            warmup=middle,
            moves=plan.rendered_moves,
            ai=False,
            workers=workers,
        )
        rows.append(_row(engine, "rendered", rendered, judge_rate=False))
    else:
        rows.append([f"{engine.title} (`{engine.id}`)", "rendered: no renderer yet", *["—"] * 12])
    # The loads without rendering: moves/s is judged on the one without AI seats.
    for name, label, games_count, moves, ai in (
        ("plain", "without rendering", plan.games, plan.plain_moves, False),
        ("ai", "AI seats, without rendering", plan.ai_games, plan.ai_moves, True),
    ):
        measured = await measure(
            folder / f"{name}-{index}.sqlite3",
            engine,
            games_count=games_count,
            render=no_render,
            warmup=0,
            moves=moves,
            ai=ai,
            workers=workers,
        )
        rows.append(_row(engine, label, measured, judge_rate=not ai))
    return rows


async def _run(quick: bool, folder: Path) -> Section:
    plan = _QUICK if quick else _FULL
    section = Section(
        key="service",
        title="Service latency",
        method=[
            f"{plan.games} games at once through `GameService` with the real SQLite store on a temporary "
            "file; one task per game, each making its next move as soon as the last one returned. "
            "Latency (p50/p99/worst) is the wall time of one `GameService.move` call: the answer the "
            "player waits for, given once the move is stored. *Post* is the time from that answer "
            "until the game's next thread post (board image drawn, AI turns made) reached the outbox. "
            "*Rendered*: the real renderer, "
            f"{plan.rendered_moves} move(s) per game from the middle of the game. *Without rendering*: "
            f"a no-op renderer, up to {plan.plain_moves} moves per game (whole games where shorter); "
            f"its rate is committed moves per wall second. *AI seats*: {plan.ai_games} games of one "
            f"human and AI seats, no rendering, {plan.ai_moves} human move(s) each; one call includes "
            "the AI moves after it, and committed moves count them too. Drawing and the AI run in worker "
            "processes (one per core), started and warmed up once for the whole section, as the bot "
            "starts its own once. Game seeds come from the service (random), so figures vary a little "
            "between runs.",
        ],
        headers=[
            "Game",
            "Load",
            "Games",
            "Calls",
            "p50 ms",
            "p99 ms",
            "Worst ms",
            "Post p50 ms",
            "Post p99 ms",
            "Committed moves/s",
            "Wall / CPU s",
            "CPU ms/call",
            f"p99 < {GOAL_P99_MS:.0f} ms",
            f"≥ {GOAL_MOVES_PER_S:.0f} moves/s",
        ],
    )
    workers = await started_workers()
    try:
        for index, engine in enumerate(games.all()):
            section.rows += await _engine_rows(engine, plan, folder, index, workers)
    finally:
        workers.close()
    section.notes.append(
        "Drawing boards and the AI's thinking run in the games' background work, so they no longer "
        "sit between a player and the answer to their move; they still share the CPU (and Python's "
        "GIL) with everything else, which is what the post latency shows."
    )
    section.notes.append(
        "The p99 goal is judged on every load; the moves/s goal on the load without rendering, as the "
        "issue asks."
    )
    return section


def run(quick: bool) -> Section:
    with tempfile.TemporaryDirectory(prefix="baumeister-bench-") as folder:
        return asyncio.run(_run(quick, Path(folder)))
