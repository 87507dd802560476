"""A server's settings in the store (both backends), and lobbies that close by them."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from conftest import execute
from store_support import open_lobby

from bot.store import CorruptRow
from bot.store import ServerRow
from bot.store import Store

T0 = datetime(2024, 5, 1, 9, 30, tzinfo=UTC)
DAY = timedelta(days=1)


async def lobby(store: Store, guild_id: int | None, opened: datetime) -> int:
    return (await open_lobby(store, opened, guild_id=guild_id)).id


async def test_a_server_that_chose_nothing_has_every_default(store: Store) -> None:
    assert await store.server_settings(7) == ServerRow(7)


async def test_settings_are_stored_and_replaced_whole(store: Store) -> None:
    chosen = ServerRow(
        7,
        channels=(2**62 + 1, 11),
        opener_role=2**60,
        organiser_role=13,
        deadline_hours=12,
        on_timeout="host",
        locale="nl",
        open_lobbies=5,
        lobby_days=2,
    )
    await store.save_server_settings(chosen, now=T0)
    assert await store.server_settings(7) == chosen
    assert await store.server_settings(8) == ServerRow(8)

    await store.save_server_settings(ServerRow(7, lobby_days=3), now=T0 + DAY)
    assert await store.server_settings(7) == ServerRow(7, lobby_days=3)


async def test_unreadable_channels_are_a_corrupt_row(store: Store, store_location: str) -> None:
    await store.save_server_settings(ServerRow(7), now=T0)
    await execute(store_location, "UPDATE server_settings SET channels = '{\"a\": 1}'")
    with pytest.raises(CorruptRow, match="channels"):
        await store.server_settings(7)


async def test_lobbies_expire_after_their_own_servers_days(store: Store) -> None:
    await store.save_server_settings(ServerRow(1, lobby_days=2), now=T0)
    await store.save_server_settings(ServerRow(2, lobby_days=30), now=T0)
    await store.save_server_settings(ServerRow(3, open_lobbies=1), now=T0)  # days: the default
    quick = await lobby(store, 1, T0)
    slow = await lobby(store, 2, T0)
    default = await lobby(store, 3, T0)
    unknown = await lobby(store, 4, T0)
    local = await lobby(store, None, T0)

    assert await store.expired_lobbies(T0 + DAY, default_days=7) == []
    assert await store.expired_lobbies(T0 + 3 * DAY, default_days=7) == [quick]
    week = await store.expired_lobbies(T0 + 8 * DAY, default_days=7)
    assert sorted(week) == sorted([quick, default, unknown, local])
    assert slow not in week
    assert len(await store.expired_lobbies(T0 + 31 * DAY, default_days=7, limit=2)) == 2
    assert len(await store.expired_lobbies(T0 + 31 * DAY, default_days=7)) == 5
