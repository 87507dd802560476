"""A server that removes the bot pauses its games; adding the bot back resumes them.

While the bot is away nobody there can act, so nothing acts for them: no
deadline passes, no reminder goes out, no AI takes a turn, nothing is
posted. Back, every deadline has the time left that it had, and what waited
is posted. Games of other servers go on as ever. At start-up the service
compares the servers the bot is in with those that have games.
"""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

import pytest
from service_support import clocked_service
from service_support import started

from bot.results import Caller
from bot.service import GameService

GUILD, OTHER_GUILD = 5, 6
START = datetime(2026, 3, 1, 12, tzinfo=UTC)
ANN = Caller(1, "Ann", guild_id=GUILD, channel_id=40)
BEN = Caller(2, "Ben", guild_id=GUILD, channel_id=40)
CY = Caller(3, "Cy", guild_id=OTHER_GUILD, channel_id=41)
DEE = Caller(4, "Dee", guild_id=OTHER_GUILD, channel_id=41)


@pytest.fixture
async def setup(store_location: str) -> Any:
    async with clocked_service(store_location) as service_and_clock:
        yield service_and_clock


async def two_person_game(service: GameService, host: Caller, guest: Caller) -> int:
    game_id = await started(service, host, guest, "gardens")
    await service.idle()
    return game_id


async def deadline(service: GameService, game_id: int) -> datetime:
    (timer,) = [t for t in await service.store.timers(game_id) if t.kind == "deadline"]
    return timer.due_at


async def test_a_removed_server_pauses_its_games_and_resumes_them_with_the_time_they_had(setup: Any) -> None:
    service, now = setup
    paused = await two_person_game(service, ANN, BEN)
    going = await two_person_game(service, CY, DEE)
    due = await deadline(service, paused)
    left_before = due - START

    now.moment = START + timedelta(hours=1)
    await service.servers.left(GUILD)
    versions = {game_id: (await service.store.get_game(game_id)).version for game_id in (paused, going)}
    said = len(service.dispatched)

    # A week passes: the other server's deadline passes and the AI plays; the paused game waits.
    now.moment = START + timedelta(days=7)
    await service.deadlines.fire_due()
    await service.idle()
    assert (await service.store.get_game(paused)).version == versions[paused]
    assert (await service.store.get_game(going)).version > versions[going]
    assert all(dispatch.game_id != paused for dispatch in service.dispatched[said:])
    assert await service.store.due_timers(now.moment) == []

    # Work kicked for the paused game (a restart, a notice) does nothing either.
    await service.resume()
    assert (await service.store.get_game(paused)).version == versions[paused]

    await service.servers.returned(GUILD)
    await service.idle()
    resumed = await deadline(service, paused)
    assert resumed - now.moment == left_before - timedelta(hours=1), "the time left is what it was"
    await service.deadlines.fire_due()
    assert (await service.store.get_game(paused)).version == versions[paused]

    now.moment = resumed + timedelta(minutes=1)
    await service.deadlines.fire_due()
    await service.idle()
    assert (await service.store.get_game(paused)).version > versions[paused], "its deadline counts again"


async def test_start_up_pauses_servers_left_while_down_and_resumes_those_that_came_back(setup: Any) -> None:
    service, now = setup
    game_id = await two_person_game(service, ANN, BEN)
    await two_person_game(service, CY, DEE)

    version = (await service.store.get_game(game_id)).version
    await service.servers.reconcile([OTHER_GUILD])
    assert await service.store.departed_guilds() == {GUILD}
    now.moment = START + timedelta(days=7)
    await service.deadlines.fire_due()
    await service.idle()
    assert (await service.store.get_game(game_id)).version == version

    await service.servers.reconcile([GUILD, OTHER_GUILD])
    assert await service.store.departed_guilds() == set()
    assert await deadline(service, game_id) > now.moment
    assert (await service.store.get_game(game_id)).version == version


async def test_leaving_twice_keeps_the_first_time_and_returning_to_a_server_never_left_changes_nothing(
    setup: Any,
) -> None:
    service, now = setup
    game_id = await two_person_game(service, ANN, BEN)
    due = await deadline(service, game_id)
    await service.servers.returned(GUILD)
    assert await deadline(service, game_id) == due

    await service.servers.left(GUILD)
    now.moment = START + timedelta(hours=5)
    await service.servers.left(GUILD)
    now.moment = START + timedelta(hours=10)
    await service.servers.returned(GUILD)
    assert await deadline(service, game_id) == due + timedelta(hours=10)
