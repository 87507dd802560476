"""A server's settings through the service: what a change accepts, and the defaults
where there is no server (the local mode)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime

import pytest

from bot.errors import PlayerError
from bot.results import Caller
from bot.service import GameService
from bot.service.clock import TurnClock
from bot.service.server_settings import ServerSettings
from bot.store import Store

GUILD = 5
MOD = Caller(9, "Mo", guild_id=GUILD, channel_id=40, is_manager=True)
ANN = Caller(1, "Ann", guild_id=GUILD, channel_id=40)


@pytest.fixture
async def service(store_location: str) -> AsyncIterator[GameService]:
    store = await Store.open(store_location)
    made = GameService(store, clock=lambda: datetime(2026, 3, 1, tzinfo=UTC), render=lambda *_: b"png")
    yield made
    await made.idle()
    await store.close()


@pytest.mark.parametrize(
    ("setting", "values"),
    [
        ("deadline_hours", ["13"]),  # not one of the choices offered
        ("deadline_hours", ["-1"]),
        ("open_lobbies", ["0"]),
        ("lobby_days", ["1", "2"]),
        ("on_timeout", ["never"]),
        ("locale", ["fr"]),
        ("channels", ["#games"]),
        ("opener_role", ["1", "2"]),
        ("no_such_setting", ["1"]),
    ],
)
async def test_a_value_not_offered_is_refused_and_nothing_changes(
    service: GameService, setting: str, values: list[str]
) -> None:
    with pytest.raises(PlayerError) as refused:
        await service.config.change(MOD, setting, values)
    assert refused.value.message.key == "config.bad_value"
    assert await service.config.of(GUILD) == ServerSettings(GUILD)


async def test_only_a_manager_changes_settings(service: GameService) -> None:
    with pytest.raises(PlayerError) as refused:
        await service.config.change(ANN, "lobby_days", ["2"])
    assert refused.value.message.key == "config.not_allowed"


async def test_without_a_server_every_default_holds(service: GameService) -> None:
    # Settings of a server never reach a game without one (the local mode).
    await service.config.change(MOD, "deadline_hours", ["12"])
    await service.config.change(MOD, "open_lobbies", ["1"])
    local = Caller(1, "Ann")
    first = await service.new_game(local, "gardens")
    await service.new_game(local, "gardens")
    assert first.game_id is not None
    row = await service.store.get_game(first.game_id)
    assert TurnClock.of(row) == TurnClock()
    assert await service.config.of(None) == ServerSettings()


async def test_the_organiser_role_and_the_places_count_for_leagues_too(service: GameService) -> None:
    await service.config.change(MOD, "organiser_role", ["77"])
    await service.config.change(MOD, "channels", ["40"])
    settings = await service.config.of(GUILD)

    assert service.config.may_organise(Caller(2, "Bo", guild_id=GUILD, roles=frozenset({77})), settings)
    assert service.config.may_organise(MOD, settings)
    assert not service.config.may_organise(ANN, settings)
    service.config.check_place(ANN, settings)
    with pytest.raises(PlayerError) as refused:
        service.config.check_place(Caller(1, "Ann", guild_id=GUILD, channel_id=41), settings)
    assert refused.value.message.key == "config.refuse.channel"
