"""Several processes on one PostgreSQL database, each serving some shards.

Two services on one database stand for two bot processes. They make moves
on the same games at once, stop and start again, and let deadlines pass
together; afterwards every game's move log must replay to its stored state,
every race must have applied exactly one move, and every due timer must have
been taken by exactly one of them. Each process does the background work of
its own shards' servers: the restore after a start and the deadline
dispatcher leave the other servers' games alone.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

import pytest
from postgres_server import PostgresServer
from service_support import Now
from store_support import open_lobby

import games
from bot.errors import PlayerError
from bot.history import replay
from bot.results import Caller
from bot.service import GameService
from bot.shards import Shards
from bot.shards import shard_of
from bot.store import Store
from bot.store import TimerRow
from bot.workers import Workers

START = datetime(2026, 5, 1, 9, tzinfo=UTC)
LEASE = timedelta(minutes=5)
COUNT = 2
#: A server on shard 0 and one on shard 1 (Discord's rule: the id shifted by 22 bits, mod the count).
GUILDS = (4 << 22 | 17, 5 << 22 | 17)
ENGINE = "chinesische-mauer"


def people(guild_id: int) -> tuple[Caller, Caller]:
    return (
        Caller(guild_id % 1000 + 1, "Ann", guild_id=guild_id, channel_id=40),
        Caller(guild_id % 1000 + 2, "Ben", guild_id=guild_id, channel_id=40),
    )


@dataclass
class Process:
    """A bot process: its own connection pool and service, on the shared database."""

    url: str
    now: Now
    shards: Shards | None
    #: Every timer this process took, across its restarts.
    claimed: list[TimerRow] = field(default_factory=list)
    service: GameService | None = None

    async def start(self) -> GameService:
        store = await Store.open(self.url)
        claim = store.claim_due_timers

        async def recording(now: datetime, **options: Any) -> list[TimerRow]:
            taken = await claim(now, **options)
            self.claimed.extend(taken)
            return taken

        store.claim_due_timers = recording  # type: ignore[method-assign]
        self.service = GameService(
            store, clock=self.now, render=lambda *_: b"png", workers=Workers(0), shards=self.shards
        )
        await self.service.resume(wait=True)
        return self.service

    async def stop(self) -> None:
        if self.service is not None:
            await self.service.idle()
            self.service.workers.close()
            await self.service.store.close()
            self.service = None

    @property
    def live(self) -> GameService:
        assert self.service is not None
        return self.service


@pytest.fixture
def url(postgres_server: PostgresServer) -> str:
    return postgres_server.new_database()


@pytest.fixture
async def processes(url: str) -> AsyncIterator[Callable[[Shards | None], Awaitable[Process]]]:
    now = Now(START)  # one clock for both processes, moved by the test
    started: list[Process] = []

    async def start(shards: Shards | None) -> Process:
        process = Process(url, now, shards)
        await process.start()
        started.append(process)
        return process

    yield start
    for process in started:
        await process.stop()


async def new_game(service: GameService, guild_id: int, *, deadline_hours: int = 1) -> int:
    ann, ben = people(guild_id)
    game_id = (await service.new_game(ann, ENGINE)).game_id
    assert game_id is not None
    await service.join(ben, game_id)
    await service.settings(ann, game_id, deadline=deadline_hours, on_timeout="ai")
    await service.start(ann, game_id)
    await service.idle()
    return game_id


async def next_move(service: GameService, game_id: int) -> tuple[Caller, str, int] | None:
    """Who is on turn, a legal move and the version; None when the game is over."""
    row = await service.store.get_game(game_id)
    if row.status != "running" or row.state is None or row.guild_id is None:
        return None
    engine = games.get(row.engine)
    state = engine.loads(row.state)
    seat = min(engine.to_act(state))
    mover = next(p for p in people(row.guild_id) if p.user_id == row.seats[seat].user_id)
    legal = engine.legal_actions(state, seat)
    return mover, engine.format_action(state, legal[row.version % len(legal)]), row.version


async def check_every_game_replays(store: Store, game_ids: list[int]) -> int:
    """Each game's log replays from its seed to its stored state; the number of moves in all."""
    total = 0
    for game_id in game_ids:
        row = await store.get_game(game_id)
        moves = await store.moves(game_id)
        assert [m.number for m in moves] == list(range(1, len(moves) + 1)), "no gap, no double"
        assert [m.version for m in moves] == sorted({m.version for m in moves}), "versions only grow"
        engine = games.get(row.engine)
        start, steps = replay(engine, row, moves)
        state = steps[-1].state if steps else start
        assert row.state is not None
        assert engine.dumps(state) == row.state, f"game {game_id} does not replay to its state"
        total += len(moves)
    return total


def taken_once(processes: list[Process]) -> None:
    # A seat still obliged after a stand-in's decision gets new timers for the same turn
    # (a later due time): what must never repeat is one timer, due time and all.
    keys = [(t.game_id, t.seat, t.kind, t.turn_version, t.due_at) for p in processes for t in p.claimed]
    assert len(keys) == len(set(keys)), "a timer was taken twice"


async def test_two_processes_on_one_database_never_lose_or_double_a_move(
    processes: Callable[[Shards | None], Awaitable[Process]],
) -> None:
    first = await processes(Shards.of(COUNT, [0]))
    second = await processes(Shards.of(COUNT, [1]))
    both = [first, second]
    game_ids = [await new_game(both[i % 2].live, GUILDS[i % 2]) for i in range(6)]
    rng = random.Random(2026)
    races = restarts = deadlines = 0

    async def logged() -> int:
        return sum([len(await first.live.store.moves(game_id)) for game_id in game_ids])

    for _ in range(160):
        before = await logged()
        roll = rng.random()
        if roll < 0.05:
            process = rng.choice(both)
            await process.stop()
            await process.start()
            restarts += 1
            assert await logged() == before, "a restart makes no move"
            continue
        if roll < 0.12:
            claimed = sum(len(p.claimed) for p in both)
            first.now.moment += timedelta(hours=2)
            await asyncio.gather(*(p.live.deadlines.fire_due() for p in both))
            await asyncio.gather(*(p.live.idle() for p in both))
            deadlines += 1
            if sum(len(p.claimed) for p in both) == claimed:
                assert await logged() == before, "no deadline passed, nobody moved"
            continue
        game_id = rng.choice(game_ids)
        found = await next_move(first.live, game_id)
        if found is None:
            continue
        mover, notation, version = found
        if roll < 0.45:
            # The same move from both processes at once, made against the same version.
            results = await asyncio.gather(
                *(p.live.move(mover, game_id, notation, expected_version=version) for p in both),
                return_exceptions=True,
            )
            refused = [r for r in results if isinstance(r, PlayerError)]
            assert not [r for r in results if isinstance(r, BaseException) and r not in refused]
            assert len(refused) == 1, "exactly one of two identical moves applies"
            races += 1
        else:
            await rng.choice(both).live.move(mover, game_id, notation, expected_version=version)
        await asyncio.gather(*(p.live.idle() for p in both))
        assert await logged() == before + 1, "the move answered is in the log, once"
    assert races >= 20 and restarts >= 3 and deadlines >= 5, (races, restarts, deadlines)

    await check_every_game_replays(first.live.store, game_ids)
    taken_once(both)
    store = first.live.store
    for process in both:
        for timer in process.claimed:
            row = await store.get_game(timer.game_id)
            assert process.shards is not None and process.shards.owns(row.guild_id), (
                "a process fires the timers of its own shards' servers only"
            )


async def test_every_due_deadline_fires_once_when_two_processes_look_at_once(
    processes: Callable[[Shards | None], Awaitable[Process]],
) -> None:
    first = await processes(None)
    second = await processes(None)
    game_ids = [await new_game(first.live, GUILDS[i % 2]) for i in range(12)]
    before = {game_id: len(await first.live.store.moves(game_id)) for game_id in game_ids}
    due = await first.live.store.timers()
    assert len(due) == 2 * len(game_ids), "a reminder and a deadline for the one on turn"

    first.now.moment += timedelta(hours=2)
    await asyncio.gather(first.live.deadlines.fire_due(), second.live.deadlines.fire_due())
    await asyncio.gather(first.live.idle(), second.live.idle())

    taken_once([first, second])
    taken = {(t.game_id, t.seat, t.kind) for p in (first, second) for t in p.claimed}
    assert taken >= {(t.game_id, t.seat, t.kind) for t in due}, "every due timer was taken"
    late = {t.game_id: t.seat for t in due if t.kind == "deadline"}
    for game_id in game_ids:
        new = (await first.live.store.moves(game_id))[before[game_id] :]
        # The AI played the late seat's turn (one decision or several) once: all its moves,
        # then the turn passed on — a second stand-in would have found the turn over.
        assert new and {m.seat for m in new} == {late[game_id]}, f"game {game_id}: {new}"
        _, engine, state = await first.live.current(game_id)
        assert late[game_id] not in engine.to_act(state)
    await check_every_game_replays(first.live.store, game_ids)


async def test_a_process_restores_and_fires_for_its_own_shards_only(
    processes: Callable[[Shards | None], Awaitable[Process]],
) -> None:
    setup = await processes(None)
    game_ids = [await new_game(setup.live, guild) for guild in GUILDS]
    began = {}
    for game_id in game_ids:
        # A whole turn: its post comes when the turn is over.
        found = await next_move(setup.live, game_id)
        assert found is not None
        mover, began[game_id] = found[0], found[2]
        while found is not None and found[0] == mover:
            _, notation, version = found
            await setup.live.move(mover, game_id, notation, expected_version=version)
            found = await next_move(setup.live, game_id)
    await setup.live.idle()
    await setup.stop()
    # Both games owe their thread that turn's post, as after a stop before it went out.
    await mark_unannounced(setup.url, began)

    first = await processes(Shards.of(COUNT, [0]))
    owing = {game_id for game_id, _ in await first.live.store.games_owing(limit=10)}
    assert owing == {game_ids[1]}, "the first process restored its own server's game alone"

    first.now.moment += timedelta(hours=2)
    await first.live.deadlines.fire_due()
    await first.live.idle()
    assert {t.game_id for t in first.claimed} == {game_ids[0]}
    assert await first.live.store.timers(game_ids[1]), "the other shard's deadline waits for its process"

    second = await processes(Shards.of(COUNT, [1]))
    await second.live.deadlines.fire_due()
    await second.live.idle()
    assert {t.game_id for t in second.claimed} == {game_ids[1]}
    assert await first.live.store.games_owing(limit=10) == []


async def test_an_absence_ended_in_another_process_reaches_the_owner_within_its_next_look(
    processes: Callable[[Shards | None], Awaitable[Process]],
) -> None:
    owner = await processes(Shards.of(COUNT, [0]))
    other = await processes(Shards.of(COUNT, [1]))
    game_id = await new_game(owner.live, GUILDS[0])
    found = await next_move(owner.live, game_id)
    assert found is not None
    sleeper = found[0]
    # Away for a week, said in the game's server: the owner's dispatcher sleeps on ...
    await owner.live.away(sleeper, "168")
    owner.live.deadlines.start()
    await asyncio.sleep(0.2)  # the dispatcher has looked, and sleeps until the moved deadline
    # ... and back two hours later, said in a server the other process serves.
    owner.now.moment += timedelta(hours=2)
    await other.live.away(Caller(sleeper.user_id, sleeper.name, guild_id=GUILDS[1], channel_id=41), "off")
    owner.now.moment += timedelta(hours=2)  # past the deadline, which the absence put off by 2 hours
    await asyncio.sleep(0.2)
    assert await owner.live.store.moves(game_id) == [], "the owner did not know yet"

    await owner.live.reconcile()  # what the bot does once a minute
    for _ in range(50):
        await asyncio.sleep(0.1)
        if await owner.live.store.moves(game_id):
            break
    await owner.live.idle()

    assert await owner.live.store.moves(game_id), "the AI stood in for the sleeper"
    assert not other.claimed, "the other process took none of the owner's timers"


async def mark_unannounced(url: str, game_ids: list[int]) -> None:
    store = await Store.open(url)
    try:
        async with store._transaction(write=True) as db:
            for game_id in game_ids:
                await db.execute("UPDATE games SET announced_version = version - 1 WHERE id = ?", (game_id,))
    finally:
        await store.close()


def test_the_guilds_of_the_tests_sit_on_the_shards_they_stand_for() -> None:
    assert [shard_of(guild, COUNT) for guild in GUILDS] == [0, 1]
    assert shard_of(None, COUNT) == 0, "direct messages belong to shard 0"
    with pytest.raises(ValueError, match="does not exist"):
        Shards.of(2, [2])


async def test_the_store_reads_the_timers_and_obligations_of_some_shards_on_either_backend(
    store_location: str,
) -> None:
    store = await Store.open(store_location)
    try:
        game_ids = []
        for guild_id in (*GUILDS, None):
            row = await open_lobby(store, START, guild_id=guild_id)
            row = await store.start_game(row.id, row.version, seed=1, state="{}", now=START)
            await store.set_turn_timers(row.id, [0], {0: (row.version, {"deadline": START})})
            game_ids.append(row.id)
        # No move yet, a notice waiting: each game owes its thread something.
        for game_id in game_ids:
            await store.add_notice(game_id, "{}", now=START)
        on = {shard: Shards.of(COUNT, [shard]) for shard in range(COUNT)}
        owing = {shard: {g for g, _ in await store.games_owing(shards=on[shard])} for shard in on}
        # Direct messages, a game without a server, belong to shard 0.
        assert owing == {0: {game_ids[0], game_ids[2]}, 1: {game_ids[1]}}
        assert await store.next_due(shards=on[1]) == START
        claimed = await store.claim_due_timers(START, lease=LEASE, shards=on[1], limit=10)
        assert [t.game_id for t in claimed] == [game_ids[1]]
        assert await store.next_due(shards=on[1]) == START + LEASE, "taken, it waits out its lease"
        assert {t.game_id for t in await store.claim_due_timers(START, lease=LEASE, limit=10)} == {
            game_ids[0],
            game_ids[2],
        }
        assert await store.claim_due_timers(START, lease=LEASE, limit=10) == [], "each timer is taken once"
        again = await store.claim_due_timers(START + LEASE, lease=LEASE, limit=10)
        assert {t.game_id for t in again} == set(game_ids), "unfinished, each is taken again after its lease"
        for timer in again:
            await store.finish_timer(timer)
        assert await store.next_due() is None, "finished, they are gone"
    finally:
        await store.close()
