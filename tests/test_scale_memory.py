"""Memory bounded by recent use: the service forgets idle games, never answers wrongly.

What the service keeps per game (row, state, recent moves, timers synced,
locks) lives in bounded least-recently-used maps (`bot.service.cache`): after
more games than the cache holds have moved, only the newest are kept, an
evicted game is read from the store again and plays on correctly, and a
finished game keeps nothing at all.
"""

from __future__ import annotations

import asyncio
from datetime import UTC
from datetime import datetime

from service_support import no_image
from service_support import person
from service_support import started

from bot.service import GameService
from bot.service.cache import Locks
from bot.service.cache import Recent
from bot.store import Store

GAME = "chinesische-mauer"
GUILD = 77
NOW = datetime(2026, 1, 1, tzinfo=UTC)

ANNA, BOB = person(1, GUILD), person(2, GUILD)


def test_recent_keeps_the_newest_entries_only() -> None:
    kept: Recent[int, str] = Recent(3)
    for key in range(10):
        kept.put(key, str(key))
        assert len(kept) <= 3
    assert list(kept) == [7, 8, 9]
    assert kept.get(7) == "7"  # used: now the newest
    kept.put(10, "10")
    assert list(kept) == [9, 7, 10]
    assert kept.get(8) is None and kept.pop(9) == "9" and 9 not in kept


async def test_a_lock_is_forgotten_once_nobody_holds_or_awaits_it() -> None:
    locks: Locks[int] = Locks()
    order: list[str] = []

    async def hold(key: int, name: str) -> None:
        async with locks(key):
            order.append(f"{name} in")
            await asyncio.sleep(0)
            order.append(f"{name} out")

    await asyncio.gather(hold(1, "a"), hold(1, "b"), hold(2, "c"))
    assert order.index("a out") < order.index("b in"), "one at a time per key"
    assert len(locks) == 0, "no lock outlives its use"


async def settled_game(service: GameService) -> int:
    game_id = await started(service, ANNA, BOB, GAME)
    await service.settled(game_id)
    return game_id


async def move(service: GameService, game_id: int, pick: int = 0) -> int:
    """The seat to act makes a legal move (the `pick`-th, wrapped); the new version."""
    row, engine, state = await service.current(game_id)
    assert state is not None
    seat = min(engine.to_act(state))
    actions = engine.legal_actions(state, seat)
    notation = engine.format_action(state, actions[pick % len(actions)])
    await service.move((ANNA, BOB)[seat], game_id, notation, expected_version=row.version)
    await service.settled(game_id)
    return (await service.store.get_game(game_id)).version


async def test_the_cache_stays_bounded_and_an_evicted_game_plays_on(store: Store) -> None:
    service = GameService(store, clock=lambda: NOW, render=no_image, animate=no_image, cache_size=3)
    ids = [await settled_game(service) for _ in range(8)]
    versions = {game_id: await move(service, game_id) for game_id in ids}
    assert service.cached_games() <= 3, "no more games kept than the cache holds"
    assert not service._games.remembers(ids[0]), "the least recently used went first"

    # The evicted game is read again from the store: the move counts and its turn is posted.
    said = len(service.dispatched)
    assert await move(service, ids[0]) == versions[ids[0]] + 1
    assert any(dispatch.game_id == ids[0] and dispatch.posts for dispatch in service.dispatched[said:])
    row = (await service.current(ids[0]))[0]
    turns = await service.turns(ids[0])
    assert turns and turns[-1].last_version == row.version, "the log replays to the stored game"
    assert service.cached_games() <= 3
    assert len(service._games.lock) == 0


async def test_a_finished_game_keeps_nothing(store: Store) -> None:
    service = GameService(store, clock=lambda: NOW, render=no_image, animate=no_image)
    game_id = await settled_game(service)
    await move(service, game_id)
    assert service._games.remembers(game_id)
    await service.abandon(ANNA, game_id)
    await service.idle()
    assert (await store.get_game(game_id)).status == "abandoned"
    assert not service._games.remembers(game_id)
    assert game_id not in service.deadlines._known

    other = await settled_game(service)
    for turn in range(2_000):
        if (await store.get_game(other)).status != "running":
            break
        await move(service, other, turn * 7)
    await service.idle()
    row = await store.get_game(other)
    assert row.status == "finished" and row.summary_posted
    assert not service._games.remembers(other), "a finished, told game keeps nothing"
    assert other not in service.deadlines._known
    assert service.cached_games() == 0
