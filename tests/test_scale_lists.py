"""`/game list` and `game:` autocomplete with many games: own games first, a page read.

A server may hold thousands of games. The list reads the newest page of each
status (the rest is only counted), the caller's games come first, and the
autocomplete offers the caller's open games, then their newest finished ones,
then the server's lobbies; a number typed finds an older game of theirs too.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from conftest import execute

import texts
from bot.results import Caller
from bot.service import GameService
from bot.service.views import LIST_PER_STATUS
from bot.store import Store

GUILD = 77
T0 = datetime(2026, 1, 1, tzinfo=UTC)
ANNA = Caller(1, "Anna", guild_id=GUILD, channel_id=500)

#: (status, whether Anna plays, how many), in the order they are made (oldest first).
KINDS = [
    ("finished", True, 130),
    ("finished", False, 40),
    ("running", False, 20),
    ("lobby", False, 5),
    ("running", True, 3),
]


async def fill(location: str) -> dict[tuple[str, bool], list[int]]:
    """The games, made straight in the database; their ids by kind, newest first."""
    made: dict[tuple[str, bool], list[int]] = {}
    games: list[tuple[object, ...]] = []
    seats: list[tuple[object, ...]] = []
    number = 0
    for status, anna, count in KINDS:
        for _ in range(count):
            number += 1
            stamp = (T0 + timedelta(minutes=number)).isoformat(timespec="microseconds")
            host = 1 if anna else 10 + number
            games.append((number, GUILD, host, status, stamp, stamp))
            players = [(host, f"user{host}")] + ([] if anna else [(host + 1000, "other")])
            if anna:
                players.append((2, "Bob"))
            seats += [(number, seat, user, name) for seat, (user, name) in enumerate(players)]
            made.setdefault((status, anna), []).insert(0, number)
    await execute(
        location,
        "INSERT INTO games (id, engine, guild_id, channel_id, host_id, status, options, version, "
        "created_at, updated_at) VALUES (?, 'chinesische-mauer', ?, 500, ?, ?, '{}', 3, ?, ?)",
        *games,
    )
    await execute(
        location, "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, 0)", *seats
    )
    return made


@pytest.fixture
async def world(store_location: str) -> AsyncIterator[tuple[GameService, dict[tuple[str, bool], list[int]]]]:
    await (await Store.open(store_location)).close()
    made = await fill(store_location)
    store = await Store.open(store_location)
    yield GameService(store, clock=lambda: T0), made
    await store.close()


def ids_in(text: str) -> list[int]:
    return [int(found) for found in re.findall(r"#(\d+)", text)]


async def test_the_list_shows_my_games_first_and_pages_finished_ones(
    world: tuple[GameService, dict[tuple[str, bool], list[int]]],
) -> None:
    service, made = world
    text = (await service.list_games(ANNA)).text
    yours, others = text.split(texts.t("list.others", None))
    assert yours.startswith(texts.t("list.yours", None))
    assert ids_in(yours) == made["running", True] + made["finished", True][:LIST_PER_STATUS]
    more = texts.t("list.more", None, count=130 - LIST_PER_STATUS)
    assert more in yours, "the older finished games are counted, not listed"
    page = LIST_PER_STATUS
    expected = made["lobby", False] + made["running", False][:page] + made["finished", False][:page]
    shown = ids_in(others)
    # The reply ends at a whole line within Discord's length; what it shows is in order.
    assert len(shown) > len(made["lobby", False]) + LIST_PER_STATUS
    assert shown == expected[: len(shown)]
    assert texts.t("list.more", None, count=20 - LIST_PER_STATUS) in others


async def test_autocomplete_offers_my_open_games_first_and_finds_an_old_one_by_number(
    world: tuple[GameService, dict[tuple[str, bool], list[int]]],
) -> None:
    service, made = world
    offered = [int(value) for _, value in await service.game_choices(ANNA, "")]
    assert len(offered) == 25
    mine = made["running", True] + made["finished", True]
    assert offered[:3] == made["running", True], "my open games first"
    assert offered[3:25] == made["finished", True][:22], "then my newest finished ones"
    oldest = made["finished", True][-1]
    found = [int(value) for _, value in await service.game_choices(ANNA, f"#{oldest}")]
    assert found[0] == oldest, "a number finds the game even beyond the page read"
    stranger = made["finished", False][0]
    found = [int(value) for _, value in await service.game_choices(ANNA, str(stranger))]
    assert stranger not in found, "not someone else's finished game"
    assert set(offered) <= set(mine)
