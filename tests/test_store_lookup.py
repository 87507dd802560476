"""Lookups on a command or a timer search an index: the game of a thread, listings, timers.

The lookups' answers are checked on both backends; the query plans (SQLite's
``EXPLAIN QUERY PLAN`` of the statements the store ran) and the index names in
``sqlite_master`` are SQLite's, and so are those tests.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import execute
from store_support import open_lobby

from bot.shards import Shards
from bot.store import Places
from bot.store import Store

T0 = datetime(2024, 5, 1, 9, 30, tzinfo=UTC)
GAMES = 10_000


def thread_of(game: int) -> int:
    """A Discord-sized thread id for the game numbered `game` (every fourth has none)."""
    return 1_200_000_000_000_000_000 + game * 7


async def fill(location: str | Path, games: int) -> None:
    """`games` games of many servers, hosts and statuses, each with two seats."""
    stamp = T0.isoformat(timespec="microseconds")
    statuses = ("lobby", "running", "finished", "abandoned")
    await execute(
        str(location),
        "INSERT INTO games (id, engine, guild_id, channel_id, thread_id, host_id, status, options, "
        "version, created_at, updated_at) VALUES (?, 'chinesische-mauer', ?, ?, ?, ?, ?, '{}', 1, ?, ?)",
        *[
            (
                game,
                100 + game % 50,
                500 + game % 50,
                None if game % 4 == 0 else thread_of(game),
                1_000 + game % 700,
                statuses[game % 4],
                stamp,
                stamp,
            )
            for game in range(1, games + 1)
        ],
    )
    await execute(
        str(location),
        "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, 0)",
        *[
            (game, seat, 1_000 + (game + seat) % 700, f"user{(game + seat) % 700}")
            for game in range(1, games + 1)
            for seat in range(2)
        ],
    )


# ------------------------------------------------------------ game_by_thread


async def test_the_game_of_a_thread_among_ten_thousand(store_location: str) -> None:
    await (await Store.open(store_location)).close()
    await fill(store_location, GAMES)
    store = await Store.open(store_location)
    try:
        for game in (1, 2, 3, 4_999, 7_777, GAMES - 1):
            row = await store.game_by_thread(thread_of(game))
            assert row is not None
            assert (row.id, row.thread_id) == (game, thread_of(game))
            assert [seat.seat for seat in row.seats] == [0, 1]
            assert row == await store.get_game(game)
        assert await store.game_by_thread(thread_of(4)) is None  # game 4 has no thread
        assert await store.game_by_thread(42) is None
    finally:
        await store.close()


async def test_a_thread_without_a_game_and_a_game_found_by_its_new_thread(store: Store) -> None:
    game = await open_lobby(store, T0)
    assert await store.game_by_thread(300) is None
    await store.set_places(game.id, Places(thread_id=300))
    found = await store.game_by_thread(300)
    assert found is not None and found.id == game.id and found.thread_id == 300


# ------------------------------------------------------------- query plans


async def statements(store: Store, lookup: Callable[[], Awaitable[Any]]) -> list[str]:
    """The SELECT statements `lookup` runs on the store's connection, values filled in."""
    seen: list[str] = []
    db = store._db
    assert db is not None
    await db.set_trace_callback(seen.append)
    try:
        await lookup()
    finally:
        await db.set_trace_callback(None)  # type: ignore[arg-type]  # None ends tracing, as in sqlite3
    # An UPDATE or DELETE that picks its rows with a SELECT (a claim) is planned like one.
    selects = [sql for sql in seen if sql.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE"))]
    assert selects, "the lookup ran no SELECT"
    return selects


def plan(path: Path, sql: str) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return [str(row[3]) for row in connection.execute(f"EXPLAIN QUERY PLAN {sql}")]
    finally:
        connection.close()


LOOKUPS: dict[str, tuple[Callable[[Store], Awaitable[Any]], set[str]]] = {
    "game_by_thread": (lambda s: s.game_by_thread(thread_of(5)), {"games_by_thread"}),
    "get_game": (lambda s: s.get_game(5), set()),
    "list_games of a server": (lambda s: s.list_games(guild_id=101), {"games_by_guild_status"}),
    "list_games of a server by status": (
        lambda s: s.list_games(guild_id=101, statuses=("lobby", "running")),
        {"games_by_guild_status"},
    ),
    "list_games by status": (lambda s: s.list_games(statuses=("running",)), {"games_by_status"}),
    "list_games of a person": (lambda s: s.list_games(user_id=1_005), {"games_by_host", "seats_by_user"}),
    "list_games of a person in a server": (
        lambda s: s.list_games(guild_id=105, user_id=1_005, statuses=("lobby", "running")),
        {"games_by_host", "seats_by_user"},
    ),
    "list_games of a person by status": (
        lambda s: s.list_games(user_id=1_005, statuses=("finished",)),
        {"games_by_host", "seats_by_user"},
    ),
    "a page of a server's games of one status": (
        lambda s: s.list_games(guild_id=101, statuses=("finished",), limit=10, with_state=False),
        {"games_by_guild_status_time"},
    ),
    "a page of a person's games in a server": (
        lambda s: s.list_games(guild_id=105, user_id=1_005, statuses=("finished", "abandoned"), limit=10),
        {"games_by_host", "seats_by_user"},
    ),
    "count_games of a server by status": (
        lambda s: s.count_games(guild_id=101, statuses=("finished",)),
        {"games_by_guild_status_time"},
    ),
    "count_games of a person in a server": (
        lambda s: s.count_games(guild_id=105, user_id=1_005, statuses=("running",)),
        {"games_by_host", "seats_by_user"},
    ),
    "moves": (lambda s: s.moves(5, 3), set()),
    "next_due": (lambda s: s.next_due(), {"timers_by_due"}),
    "next_due of some shards": (lambda s: s.next_due(shards=Shards.of(4, [1, 2])), {"timers_by_due"}),
    "claim_due_timers": (
        lambda s: s.claim_due_timers(T0 + timedelta(hours=1), lease=timedelta(minutes=5)),
        {"timers_by_due"},
    ),
    "claim_due_timers of some shards": (
        lambda s: s.claim_due_timers(
            T0 + timedelta(hours=1), lease=timedelta(minutes=5), shards=Shards.of(4, [3]), limit=5
        ),
        {"timers_by_due"},
    ),
    "due_timers": (lambda s: s.due_timers(T0 + timedelta(hours=1)), {"timers_by_due"}),
    "timers of a game": (lambda s: s.timers(5), set()),
    "user_timers": (lambda s: s.user_timers(1_005), {"seats_by_user"}),
}


@pytest.mark.parametrize("name", sorted(LOOKUPS))
async def test_a_lookup_searches_an_index_and_never_scans_a_table(
    name: str, sqlite_store: Store, db_path: Path
) -> None:
    store = sqlite_store
    await fill(db_path, 200)  # a few rows, so that no table is empty
    lookup, indexes = LOOKUPS[name]
    used: list[str] = []
    for sql in await statements(store, lambda: lookup(store)):
        details = plan(db_path, sql)
        scans = [detail for detail in details if detail.startswith("SCAN")]
        assert not scans, f"{name}: {sql}\nscans {scans}"
        used += details
    for index in indexes:
        assert any(f"INDEX {index}" in detail for detail in used), f"{name} does not use {index}: {used}"


async def test_the_restore_reads_only_the_games_that_owe_something(
    sqlite_store: Store, db_path: Path
) -> None:
    """`games_owing` walks the partial indexes, which hold only the games that owe their
    thread something, and the notices (only those waiting); never the games table."""
    store = sqlite_store
    await fill(db_path, 200)
    with sqlite3.connect(db_path) as connection:
        connection.execute("UPDATE games SET version = 3, announced_version = 1 WHERE id % 10 = 1")
        connection.execute("UPDATE games SET announced_version = version WHERE id % 10 != 1")
        connection.execute("UPDATE games SET summary_posted = 1")
    owing = await store.games_owing(limit=1_000)
    assert sorted(game_id for game_id, _ in owing) == [i for i in range(1, 201) if i % 10 == 1 and i % 4 == 1]
    used: list[str] = []
    for sql in await statements(store, lambda: store.games_owing(limit=10)):
        used += plan(db_path, sql)
    scans = [detail for detail in used if detail.startswith("SCAN")]
    # `business` and `owing` are the query's own subqueries (what it read from the indexes).
    allowed = (
        "USING INDEX games_unannounced",
        "USING INDEX games_unsummarised",
        "SCAN notices",
        "SCAN business",
        "SCAN owing",
    )
    assert scans and all(any(part in detail for part in allowed) for detail in scans), used


async def test_the_migration_made_every_index(sqlite_store: Store, db_path: Path) -> None:
    connection = sqlite3.connect(db_path)
    try:
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    finally:
        connection.close()
    assert {
        "games_by_thread",
        "games_by_guild_status",
        "games_by_status",
        "games_by_host",
        "seats_by_user",
        "timers_by_due",
        "games_by_guild_status_time",
        "games_unannounced",
        "games_unsummarised",
    } <= names
