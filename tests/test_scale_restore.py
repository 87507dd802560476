"""The restore after a start: in the background, oldest obligation first, never in a move's way.

A stop leaves games whose moves the thread has not heard of. After the start
the service reads only those games (not every running one), works on them a
few at a time, oldest obligation first, with a pause between two games'
posts; a move made meanwhile is answered at once, not queued behind it.
"""

from __future__ import annotations

import asyncio
from datetime import UTC
from datetime import datetime
from datetime import timedelta

from conftest import execute
from service_support import Now
from service_support import no_image
from service_support import person
from service_support import started

from bot.results import Dispatch
from bot.service import GameService
from bot.store import Store

GAME = "chinesische-mauer"
GUILD = 77
T0 = datetime(2026, 1, 1, tzinfo=UTC)

ANNA, BOB = person(1, GUILD), person(2, GUILD)


async def move(service: GameService, game_id: int) -> None:
    """The seat to act makes moves until its turn is over."""
    row, engine, state = await service.current(game_id)
    assert state is not None
    seat = min(engine.to_act(state))
    for _ in range(50):
        if state is None or seat not in engine.to_act(state):
            return
        notation = engine.format_action(state, engine.legal_actions(state, seat)[0])
        await service.move((ANNA, BOB)[seat], game_id, notation, expected_version=row.version)
        row, engine, state = await service.current(game_id)
    raise AssertionError("the turn did not end")


async def games_a_stop_left_unposted(location: str, clock: Now, count: int) -> tuple[list[int], int]:
    """`count` games whose newest moves the thread never heard of, their moves made in
    another order than their numbers; the games, oldest obligation first, and one more
    game that owes nothing."""
    store = await Store.open(location)
    try:
        service = GameService(store, clock=clock, render=no_image, animate=no_image)
        ids = []
        for _ in range(count + 1):
            ids.append(await started(service, ANNA, BOB, GAME))
        await service.idle()
        told, owing = ids[-1], ids[:-1]
        order = owing[1::2][::-1] + owing[0::2]  # not the order of their numbers
        for game_id in order:
            clock.moment += timedelta(minutes=5)
            await move(service, game_id)
        await service.idle()
    finally:
        await store.close()
    # As if the bot had stopped before posting.
    await execute(
        location,
        "UPDATE games SET announced_version = 1, pinged_version = 0 WHERE id = ?",
        *[(i,) for i in owing],
    )
    return order, told


async def test_the_restore_runs_oldest_first_in_the_background_and_a_move_is_answered_meanwhile(
    store_location: str,
) -> None:
    clock = Now(T0)
    order, told = await games_a_stop_left_unposted(store_location, clock, 8)
    store = await Store.open(store_location)
    try:
        owing = await store.games_owing(limit=100)
        assert [game_id for game_id, _ in owing] == order, "only the games that owe, oldest first"
        page = await store.games_owing(after=owing[2], limit=3)
        assert page == owing[3:6], "read a page at a time"

        gate = asyncio.Event()
        delivered: list[int] = []

        async def outbox(dispatch: Dispatch) -> None:
            await gate.wait()  # Discord is slow today: every post waits
            if dispatch.posts:
                delivered.append(dispatch.game_id)

        clock.moment += timedelta(hours=1)
        service = GameService(store, clock=clock, render=no_image, animate=no_image, outbox=outbox)
        service._turns.restore_at_once = 1
        service._turns.restore_spacing = 0.0
        await service.resume(wait=False)
        await asyncio.sleep(0)

        # A move while the restore is stuck on its first game: answered, not queued behind it.
        newest = order[-1]
        before = (await store.get_game(newest)).version
        await move(service, newest)
        assert (await store.get_game(newest)).version > before
        assert not delivered, "the restore has not got past its first game"

        gate.set()
        await service.restored()
        await service.idle()
        first_posts = list(dict.fromkeys(delivered))
        assert [g for g in first_posts if g != newest] == [g for g in order if g != newest], "oldest first"
        assert told not in delivered, "a game that owed nothing is not touched"
        for game_id in order:
            row = await store.get_game(game_id)
            assert row.announced_version == row.version, f"game {game_id} is told everything"
        assert await store.games_owing() == []
    finally:
        await store.close()


async def test_resume_waits_by_default_and_the_restore_works_a_few_at_a_time(store_location: str) -> None:
    clock = Now(T0)
    order, _ = await games_a_stop_left_unposted(store_location, clock, 6)
    store = await Store.open(store_location)
    try:
        working: set[int] = set()
        most = 0

        async def outbox(dispatch: Dispatch) -> None:
            nonlocal most
            working.add(dispatch.game_id)
            most = max(most, len(working))
            await asyncio.sleep(0.01)
            working.discard(dispatch.game_id)

        service = GameService(store, clock=clock, render=no_image, animate=no_image, outbox=outbox)
        await service.resume()  # tests and scripts: returns once the restore is done
        assert await store.games_owing() == []
        assert 1 <= most <= service._turns.restore_at_once, "a few games at a time, never all at once"
        assert service._turns.restored_games == len(order)
    finally:
        await store.close()


async def test_deadlines_that_passed_during_a_long_stop_are_handled_oldest_first(store_location: str) -> None:
    clock = Now(T0)
    store = await Store.open(store_location)
    try:
        service = GameService(store, clock=clock, render=no_image, animate=no_image)
        ids = []
        for _ in range(4):
            ids.append(await started(service, ANNA, BOB, GAME))
        await service.idle()
        order = [ids[2], ids[0], ids[3], ids[1]]
        for game_id in order:  # each game's clock starts ten minutes after the last one's
            clock.moment += timedelta(minutes=10)
            await service.settings(ANNA, game_id, deadline=1, on_timeout="host")
        await service.idle()

        asked: list[int] = []
        service.deadlines._notices.on_add.append(asked.append)
        service.deadlines.fire_spacing = 0.0
        clock.moment += timedelta(days=3)  # the bot was down meanwhile
        await service.deadlines.fire_due()
        await service.idle()
        # Each game: its reminder's and its deadline's notices, the oldest deadline first.
        assert list(dict.fromkeys(asked)) == order
        assert await store.due_timers(clock.moment) == []
    finally:
        await store.close()
