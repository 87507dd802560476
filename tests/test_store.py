"""The store: schema migrations, every write's compare-and-set, damaged rows, kill safety.

Every test runs on both backends (`store_location`) but those about the SQLite
file itself (its settings and journal, a file that is no database, an
in-memory database, a killed process's file) and damage that PostgreSQL's
column types cannot hold.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Awaitable
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from datetime import timezone
from pathlib import Path
from typing import Any

import pytest
from conftest import execute
from conftest import fetch
from conftest import is_postgres
from conftest import schema_version
from crash_child import killed_after
from store_crash_child import action_of
from store_crash_child import state_after
from store_support import open_lobby

import bot.store.schema as schema_module
from bot.community import Community
from bot.store import MIGRATIONS
from bot.store import CorruptRow
from bot.store import GameNotFound
from bot.store import GameRow
from bot.store import Places
from bot.store import PlayerRow
from bot.store import StaleVersion
from bot.store import Store
from bot.store import StoreError
from bot.store import TimerRow
from bot.store import WrongStatus
from games.core import Outcome

ROOT = Path(__file__).resolve().parent.parent
CRASH_CHILD = Path(__file__).with_name("store_crash_child.py")
T0 = datetime(2024, 5, 1, 9, 30, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


async def new_game(store: Store, *, guild_id: int | None = 100, host_id: int = 1, minute: int = 0) -> GameRow:
    return await store.create_game(
        engine="chinesische-mauer",
        guild_id=guild_id,
        channel_id=200,
        host_id=host_id,
        host_name=f"user{host_id}",
        options={"variant": "basic", "rounds": 3},
        now=at(minute),
    )


async def running_game(store: Store, *, guild_id: int | None = 100) -> GameRow:
    game = await new_game(store, guild_id=guild_id)
    game = await store.set_seats(game.id, game.version, [(1, "user1", False), (2, "user2", False)], now=at(1))
    return await store.start_game(game.id, game.version, seed=42, state="state-0", now=at(2))


def wal_files(path: Path) -> list[str]:
    """The write-ahead log and its index beside the database, while they exist."""
    return sorted(p.name for p in path.parent.iterdir() if p.name in (f"{path.name}-wal", f"{path.name}-shm"))


def read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


# ----------------------------------------------------------------- migrations


async def set_schema_version(location: str, version: int) -> None:
    if is_postgres(location):
        await execute(location, "UPDATE baumeister_schema SET version = ?", (version,))
    else:
        await execute(location, f"PRAGMA user_version = {version}")


async def tables(location: str) -> set[str]:
    if is_postgres(location):
        rows = await fetch(location, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    else:
        rows = await fetch(location, "SELECT name FROM sqlite_master WHERE type = 'table'")
    return {str(name) for (name,) in rows}


async def test_an_empty_database_is_migrated_to_the_newest_schema(store: Store, store_location: str) -> None:
    assert await schema_version(store_location) == len(MIGRATIONS) >= 1
    assert {"games", "seats", "moves"} <= await tables(store_location)


async def test_timers_kept_when_their_table_is_made_anew_for_the_hosts_time_to_answer(db_path: Path) -> None:
    rebuilt = next(i for i, step in enumerate(MIGRATIONS) if any("timers_new" in s for s in step))
    connection = sqlite3.connect(db_path)
    try:
        for step in MIGRATIONS[:rebuilt]:
            for statement in step:
                connection.execute(statement)
        connection.execute(
            "INSERT INTO games (id, engine, guild_id, host_id, status, options, version, created_at, "
            "updated_at) VALUES (7, 'mauerbauer', 1, 1, 'running', '{}', 3, ?, ?)",
            (at(0).isoformat(), at(0).isoformat()),
        )
        connection.execute(
            "INSERT INTO timers (game_id, seat, kind, turn_version, due_at) VALUES (7, 1, 'deadline', 3, ?)",
            (at(60).isoformat(timespec="microseconds"),),
        )
        connection.execute(f"PRAGMA user_version = {rebuilt}")
        connection.commit()
    finally:
        connection.close()

    store = await Store.open(str(db_path))
    try:
        [kept] = await store.timers(7)
        assert (kept.seat, kept.kind, kept.turn_version, kept.due_at) == (1, "deadline", 3, at(60))
        await store.replace_timer(kept, TimerRow(7, 1, "host_answer", 3, at(120)))
        assert [(t.kind, t.due_at) for t in await store.timers(7)] == [("host_answer", at(120))]
        await store.replace_timer(kept, TimerRow(7, 1, "deadline", 3, at(999)))
        assert [t.kind for t in await store.timers(7)] == ["host_answer"], "only as it was claimed"
    finally:
        await store.close()


async def test_ai_seats_stored_before_seats_had_levels_play_at_normal(
    store_location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    levelled = next(i for i, step in enumerate(MIGRATIONS) if any("ADD COLUMN level" in s for s in step))
    monkeypatch.setattr(schema_module, "MIGRATIONS", MIGRATIONS[:levelled])
    await (await Store.open(store_location)).close()
    stamp = at(0).isoformat(timespec="microseconds")
    await execute(
        store_location,
        "INSERT INTO games (id, engine, guild_id, host_id, status, options, version, created_at, "
        "updated_at) VALUES (7, 'mauerbauer', 100, 1, 'lobby', '{}', 1, ?, ?)",
        (stamp, stamp),
    )
    await execute(
        store_location,
        "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)",
        (7, 0, 1, "user1", 0),
        (7, 1, None, "Mira", 1),
    )
    monkeypatch.setattr(schema_module, "MIGRATIONS", MIGRATIONS)

    store = await Store.open(store_location)
    try:
        game = row = await store.get_game(7)
        assert [(s.name, s.is_ai, s.level) for s in row.seats] == [
            ("user1", False, "normal"),
            ("Mira", True, "normal"),
        ]
        seats = [(1, "user1", False), (None, "Mira", True, "easy"), (None, "Nils", True, "hard")]
        row = await store.set_seats(game.id, row.version, seats, now=at(1))
        assert [s.level for s in row.seats] == ["normal", "easy", "hard"]
        row = await store.replace_seat(
            game.id, row.version, 1, user_id=None, name="Mira", is_ai=True, level="hard", now=at(2)
        )
        [listed] = await store.list_games(guild_id=100)
        assert [s.level for s in listed.seats] == ["normal", "hard", "hard"]
    finally:
        await store.close()


async def test_an_sqlite_file_keeps_a_write_ahead_log(sqlite_store: Store, db_path: Path) -> None:
    connection = read_only(db_path)
    try:
        (journal_mode,) = connection.execute("PRAGMA journal_mode").fetchone()
    finally:
        connection.close()
    assert journal_mode == "wal"


async def test_the_connection_is_configured_for_safe_writes(sqlite_store: Store) -> None:
    db = sqlite_store._db
    assert db is not None

    async def pragma(name: str) -> Any:
        rows = list(await db.execute_fetchall(f"PRAGMA {name}"))
        return rows[0][0]

    assert await pragma("foreign_keys") == 1
    assert await pragma("synchronous") == 1  # NORMAL
    assert await pragma("busy_timeout") > 0


async def test_reopening_keeps_the_data(store_location: str) -> None:
    first = await Store.open(store_location)
    try:
        game = await running_game(first)
        await first.record_move(
            game.id, game.version, seat=0, action="a", state="s1", outcome=None, now=at(3)
        )
        before = await first.get_game(game.id)
    finally:
        await first.close()
    second = await Store.open(store_location)
    try:
        assert await second.get_game(game.id) == before
        assert [move.action for move in await second.moves(game.id)] == ["a"]
    finally:
        await second.close()


async def test_a_database_from_newer_code_is_refused(store_location: str) -> None:
    await (await Store.open(store_location)).close()
    newer = len(MIGRATIONS) + 1
    await set_schema_version(store_location, newer)
    with pytest.raises(StoreError, match="newer"):
        await Store.open(store_location)
    assert await schema_version(store_location) == newer


async def test_a_failing_migration_step_changes_nothing(
    store_location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await (await Store.open(store_location)).close()
    before = await tables(store_location)
    broken_step = ("CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL")
    monkeypatch.setattr(schema_module, "MIGRATIONS", [*MIGRATIONS, broken_step])
    with pytest.raises(StoreError, match="migrate"):
        await Store.open(store_location)
    assert await schema_version(store_location) == len(MIGRATIONS)
    assert await tables(store_location) == before and "half_done" not in before


@pytest.fixture
def not_a_database(tmp_path: Path) -> Path:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"this is not an SQLite database, only some text" * 50)
    return path


async def test_a_file_that_is_not_a_database_is_refused(not_a_database: Path) -> None:
    with pytest.raises(StoreError):
        await Store.open(not_a_database)


async def test_an_in_memory_database_works() -> None:
    memory = await Store.open(":memory:")
    try:
        game = await new_game(memory)
        assert (await memory.get_game(game.id)).engine == "chinesische-mauer"
    finally:
        await memory.close()


# ------------------------------------------------------------ creating, listing


async def test_a_new_game_waits_in_the_lobby_with_its_host_in_seat_zero(store: Store) -> None:
    game = await new_game(store, host_id=7, minute=5)
    assert game.status == "lobby"
    assert game.version == 0
    assert game.announced_version == 0
    assert (game.guild_id, game.channel_id, game.host_id) == (100, 200, 7)
    assert game.options == {"variant": "basic", "rounds": 3}
    assert game.seed is None and game.state is None and game.outcome is None
    assert game.created_at == game.updated_at == at(5)
    assert [(s.seat, s.user_id, s.name, s.is_ai) for s in game.seats] == [(0, 7, "user7", False)]
    assert await store.get_game(game.id) == game
    assert (await new_game(store)).id != game.id


async def test_timestamps_come_back_as_the_same_moment_in_utc(store: Store) -> None:
    moment = datetime(2024, 7, 1, 16, 0, tzinfo=timezone(timedelta(hours=2)))
    game = await store.create_game(
        engine="china", guild_id=None, channel_id=None, host_id=1, host_name="a", options={}, now=moment
    )
    assert game.created_at == moment
    assert game.created_at.utcoffset() == timedelta(0)


async def test_bad_arguments_are_refused_before_anything_is_written(store: Store) -> None:
    with pytest.raises(ValueError, match="timezone"):
        await open_lobby(store, datetime(2024, 1, 1))
    with pytest.raises(TypeError):
        await open_lobby(store, T0, options={"x": {1, 2}})
    assert await store.list_games() == []


async def test_a_missing_game_is_reported(store: Store) -> None:
    with pytest.raises(GameNotFound) as raised:
        await store.get_game(999)
    assert raised.value.game_id == 999
    with pytest.raises(GameNotFound):
        await store.moves(999)
    with pytest.raises(GameNotFound):
        await store.set_announced(999, 1)
    with pytest.raises(GameNotFound):
        await store.set_places(999, Places(thread_id=5))
    with pytest.raises(GameNotFound):
        await store.start_game(999, 0, seed=1, state="s", now=T0)


async def test_list_games_combines_its_filters_newest_first(store: Store) -> None:
    old_lobby = await new_game(store, guild_id=100, host_id=1, minute=1)
    other_guild = await new_game(store, guild_id=300, host_id=1, minute=2)
    joined = await new_game(store, guild_id=100, host_id=2, minute=3)
    joined = await store.set_seats(
        joined.id, joined.version, [(2, "user2", False), (1, "user1", False)], now=at(4)
    )
    running = await new_game(store, guild_id=100, host_id=3, minute=5)
    running = await store.start_game(running.id, running.version, seed=1, state="s", now=at(6))

    def ids(rows: list[GameRow]) -> list[int]:
        return [row.id for row in rows]

    assert ids(await store.list_games()) == [running.id, joined.id, other_guild.id, old_lobby.id]
    assert ids(await store.list_games(guild_id=100)) == [running.id, joined.id, old_lobby.id]
    assert ids(await store.list_games(statuses=["running"])) == [running.id]
    assert ids(await store.list_games(guild_id=100, statuses={"lobby"})) == [joined.id, old_lobby.id]
    assert ids(await store.list_games(user_id=1)) == [joined.id, other_guild.id, old_lobby.id]
    assert ids(await store.list_games(user_id=1, guild_id=300)) == [other_guild.id]
    assert ids(await store.list_games(user_id=1, statuses=("running",))) == []
    assert ids(await store.list_games(user_id=3)) == [running.id]
    assert await store.list_games(statuses=()) == []
    listed = {row.id: row for row in await store.list_games()}
    assert listed[joined.id].seats == joined.seats


async def test_list_games_refuses_unknown_statuses(store: Store) -> None:
    with pytest.raises(ValueError, match="paused"):
        await store.list_games(statuses=["running", "paused"])
    with pytest.raises(TypeError):
        await store.list_games(statuses="running")


# ------------------------------------------------------------------ the lobby


async def test_set_places_changes_only_what_is_given_and_keeps_the_version(store: Store) -> None:
    game = await new_game(store)
    placed = await store.set_places(game.id, Places(thread_id=11, lobby_message_id=12))
    assert (placed.thread_id, placed.lobby_message_id, placed.channel_id) == (11, 12, 200)
    moved = await store.set_places(game.id, Places(channel_id=13))
    assert (moved.thread_id, moved.lobby_message_id, moved.channel_id) == (11, 12, 13)
    assert moved.version == game.version
    assert moved.updated_at == game.updated_at


async def test_set_seats_replaces_the_seat_list_in_order(store: Store) -> None:
    game = await new_game(store, host_id=1)
    seated = await store.set_seats(
        game.id, game.version, [(1, "Ada", False), (None, "Li", True), (5, "Bo", False)], now=at(9)
    )
    assert seated.version == game.version + 1
    assert seated.updated_at == at(9)
    assert [(s.seat, s.user_id, s.name, s.is_ai) for s in seated.seats] == [
        (0, 1, "Ada", False),
        (1, None, "Li", True),
        (2, 5, "Bo", False),
    ]
    shrunk = await store.set_seats(game.id, seated.version, [(5, "Bo", False)], now=at(10), host_id=5)
    assert [(s.seat, s.user_id) for s in shrunk.seats] == [(0, 5)]
    assert shrunk.host_id == 5
    assert await store.list_games(user_id=1) == []


async def test_seats_cannot_be_changed_once_the_game_runs(store: Store) -> None:
    game = await running_game(store)
    with pytest.raises(WrongStatus, match="lobby"):
        await store.set_seats(game.id, game.version, [(9, "x", False)], now=at(5))
    assert await store.get_game(game.id) == game


async def test_start_game_moves_the_lobby_to_running(store: Store) -> None:
    game = await new_game(store)
    started = await store.start_game(game.id, game.version, seed=1234, state="first", now=at(7))
    assert (started.status, started.seed, started.state, started.version) == ("running", 1234, "first", 1)
    assert started.updated_at == at(7)
    assert started.created_at == game.created_at
    with pytest.raises(WrongStatus):
        await store.start_game(game.id, started.version, seed=1, state="again", now=at(8))
    assert await store.get_game(game.id) == started
    assert started.notation_version == 1


async def test_start_game_keeps_the_notation_version_and_the_complete_options(store: Store) -> None:
    game = await new_game(store)
    started = await store.start_game(
        game.id,
        game.version,
        seed=5,
        state="first",
        now=at(7),
        notation_version=3,
        options={"variant": "basic", "rounds": "3", "side": "a"},
    )
    assert started.notation_version == 3
    assert started.options == {"variant": "basic", "rounds": "3", "side": "a"}
    assert await store.get_game(game.id) == started
    with pytest.raises(ValueError, match="notation version"):
        await store.start_game(
            (await new_game(store)).id, 0, seed=5, state="s", now=at(8), notation_version=0
        )


async def test_set_options_changes_a_lobby_only(store: Store) -> None:
    game = await new_game(store)
    changed = await store.set_options(game.id, game.version, {"side": "b"}, now=at(3))
    assert (changed.options, changed.version, changed.updated_at) == ({"side": "b"}, 1, at(3))
    with pytest.raises(StaleVersion):
        await store.set_options(game.id, game.version, {"side": "a"}, now=at(4))
    started = await store.start_game(game.id, changed.version, seed=1, state="s", now=at(5))
    with pytest.raises(WrongStatus):
        await store.set_options(game.id, started.version, {"side": "a"}, now=at(6))
    assert (await store.get_game(game.id)).options == {"side": "b"}


# ---------------------------------------------------------------------- moves


async def test_record_move_appends_numbers_and_bumps_the_version(store: Store) -> None:
    game = await running_game(store)
    start_version = game.version
    for number in range(1, 4):
        game = await store.record_move(
            game.id,
            game.version,
            seat=number % 2,
            action=f"act{number}",
            state=f"state-{number}",
            outcome=None,
            now=at(10 + number),
        )
        assert game.version == start_version + number
        assert game.state == f"state-{number}"
        assert game.updated_at == at(10 + number)
    moves = await store.moves(game.id)
    assert [(m.number, m.seat, m.action, m.version, m.created_at) for m in moves] == [
        (1, 1, "act1", start_version + 1, at(11)),
        (2, 0, "act2", start_version + 2, at(12)),
        (3, 1, "act3", start_version + 3, at(13)),
    ]
    assert [m.number for m in await store.moves(game.id, since_version=start_version + 1)] == [2, 3]
    assert await store.moves(game.id, since_version=game.version) == []


async def test_move_numbers_are_counted_per_game(store: Store) -> None:
    first = await running_game(store)
    second = await running_game(store)
    first = await store.record_move(
        first.id, first.version, seat=0, action="a", state="s", outcome=None, now=T0
    )
    second = await store.record_move(
        second.id, second.version, seat=0, action="b", state="s", outcome=None, now=T0
    )
    first = await store.record_move(
        first.id, first.version, seat=1, action="c", state="s", outcome=None, now=T0
    )
    assert [m.number for m in await store.moves(first.id)] == [1, 2]
    assert [m.number for m in await store.moves(second.id)] == [1]


async def test_a_move_with_an_outcome_finishes_the_game(store: Store) -> None:
    game = await running_game(store)
    outcome = {"scores": [12, 9], "winners": [0]}
    done = await store.record_move(
        game.id, game.version, seat=0, action="last", state="end", outcome=outcome, now=T0
    )
    assert (done.status, done.outcome, done.state) == ("finished", outcome, "end")
    with pytest.raises(WrongStatus):
        await store.record_move(done.id, done.version, seat=1, action="late", state="x", outcome=None, now=T0)
    assert [m.action for m in await store.moves(game.id)] == ["last"]


async def test_no_move_is_recorded_in_the_lobby(store: Store) -> None:
    game = await new_game(store)
    with pytest.raises(WrongStatus, match="running"):
        await store.record_move(game.id, game.version, seat=0, action="a", state="s", outcome=None, now=T0)
    assert await store.moves(game.id) == []
    assert await store.get_game(game.id) == game


Write = Callable[[Store, int, int], Awaitable[object]]

VERSIONED_WRITES: dict[str, Write] = {
    "set_seats": lambda s, g, v: s.set_seats(g, v, [(1, "x", False)], now=at(50)),
    "start_game": lambda s, g, v: s.start_game(g, v, seed=3, state="s", now=at(50)),
    "record_move": lambda s, g, v: s.record_move(
        g, v, seat=0, action="a", state="s", outcome=None, now=at(50)
    ),
    "replace_seat": lambda s, g, v: s.replace_seat(g, v, 0, user_id=None, name="AI", is_ai=True, now=at(50)),
    "set_state": lambda s, g, v: s.set_state(g, v, state="repaired", now=at(50)),
    "finish": lambda s, g, v: s.finish(g, v, status="abandoned", outcome=None, now=at(50)),
}
NEEDS_LOBBY = {"set_seats", "start_game"}


@pytest.mark.parametrize("write", sorted(VERSIONED_WRITES))
@pytest.mark.parametrize("offset", [-1, 1])
async def test_a_stale_version_is_refused_and_nothing_changes(store: Store, write: str, offset: int) -> None:
    game = await new_game(store) if write in NEEDS_LOBBY else await running_game(store)
    if write not in NEEDS_LOBBY:
        game = await store.record_move(
            game.id, game.version, seat=0, action="a", state="s", outcome=None, now=T0
        )
    moves = await store.moves(game.id)
    with pytest.raises(StaleVersion) as raised:
        await VERSIONED_WRITES[write](store, game.id, game.version + offset)
    assert (raised.value.game_id, raised.value.expected, raised.value.actual) == (
        game.id,
        game.version + offset,
        game.version,
    )
    assert await store.get_game(game.id) == game
    assert await store.moves(game.id) == moves
    # The same write with the right version goes through: the refusal was about the version.
    await VERSIONED_WRITES[write](store, game.id, game.version)


async def test_of_two_concurrent_moves_on_one_version_exactly_one_wins(store: Store) -> None:
    game = await running_game(store)
    results = await asyncio.gather(
        store.record_move(game.id, game.version, seat=0, action="left", state="L", outcome=None, now=T0),
        store.record_move(game.id, game.version, seat=1, action="right", state="R", outcome=None, now=T0),
        return_exceptions=True,
    )
    winners = [result for result in results if isinstance(result, GameRow)]
    losers = [result for result in results if isinstance(result, StaleVersion)]
    assert len(winners) == 1 and len(losers) == 1
    moves = await store.moves(game.id)
    assert [m.action for m in moves] == [{"L": "left", "R": "right"}[winners[0].state or ""]]
    assert await store.get_game(game.id) == winners[0]


@pytest.mark.parametrize("yields", range(12))
async def test_a_cancelled_move_is_either_whole_or_absent(store: Store, yields: int) -> None:
    game = await running_game(store)
    task = asyncio.create_task(
        store.record_move(game.id, game.version, seat=0, action="a", state="after", outcome=None, now=T0)
    )
    for _ in range(yields):
        await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    now = await store.get_game(game.id)
    moves = await store.moves(game.id)
    if now.version == game.version:
        assert moves == [] and now.state == game.state
    else:
        assert now.version == game.version + 1 and now.state == "after"
        assert [m.version for m in moves] == [now.version]
    # The store is usable afterwards: no transaction or lock was left behind.
    after = await store.record_move(now.id, now.version, seat=1, action="b", state="s", outcome=None, now=T0)
    assert after.version == now.version + 1


#: A trigger that makes the game's update fail, in each backend's words.
REFUSE_UPDATE = {
    "sqlite": (
        "CREATE TRIGGER refuse_update BEFORE UPDATE OF version ON games "
        "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"
    ),
    "postgresql": (
        "CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql "
        "AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$; "
        "CREATE TRIGGER refuse_update BEFORE UPDATE OF version ON games "
        "FOR EACH ROW EXECUTE FUNCTION refuse_update()"
    ),
}
DROP_REFUSAL = {
    "sqlite": "DROP TRIGGER refuse_update",
    "postgresql": "DROP TRIGGER refuse_update ON games; DROP FUNCTION refuse_update()",
}


def backend(location: str) -> str:
    return "postgresql" if is_postgres(location) else "sqlite"


async def test_a_write_that_fails_midway_is_rolled_back(store: Store, store_location: str) -> None:
    game = await running_game(store)
    # The move row is inserted first; this makes the game update after it fail.
    await execute(store_location, REFUSE_UPDATE[backend(store_location)])
    try:
        with pytest.raises(StoreError, match="disk on fire"):
            await store.record_move(
                game.id, game.version, seat=0, action="a", state="s", outcome=None, now=T0
            )
        assert await store.moves(game.id) == []
        assert await store.get_game(game.id) == game
    finally:
        await execute(store_location, DROP_REFUSAL[backend(store_location)])
    moved = await store.record_move(
        game.id, game.version, seat=0, action="a", state="s", outcome=None, now=T0
    )
    assert [m.number for m in await store.moves(moved.id)] == [1]


# ------------------------------------------------------ seats, state, the end


async def test_replace_seat_hands_a_running_seat_to_an_ai(store: Store) -> None:
    game = await running_game(store)
    replaced = await store.replace_seat(
        game.id, game.version, 1, user_id=None, name="Li (AI)", is_ai=True, now=at(30)
    )
    assert replaced.version == game.version + 1
    assert [(s.user_id, s.name, s.is_ai) for s in replaced.seats] == [
        (1, "user1", False),
        (None, "Li (AI)", True),
    ]
    with pytest.raises(StoreError, match="no seat 5"):
        await store.replace_seat(game.id, replaced.version, 5, user_id=9, name="x", is_ai=False, now=at(31))
    assert await store.get_game(game.id) == replaced


async def test_set_state_repairs_the_cache_without_a_version_bump(store: Store) -> None:
    game = await running_game(store)
    repaired = await store.set_state(game.id, game.version, state="rebuilt", now=at(40))
    assert (repaired.state, repaired.version, repaired.updated_at) == ("rebuilt", game.version, at(40))
    lobby = await new_game(store)
    with pytest.raises(WrongStatus):
        await store.set_state(lobby.id, lobby.version, state="x", now=at(41))


async def test_finish_ends_a_game_for_good(store: Store) -> None:
    lobby = await new_game(store)
    with pytest.raises(WrongStatus):
        await store.finish(lobby.id, lobby.version, status="finished", outcome={"winners": [0]}, now=at(60))
    abandoned = await store.finish(lobby.id, lobby.version, status="abandoned", outcome=None, now=at(60))
    assert (abandoned.status, abandoned.version, abandoned.outcome) == ("abandoned", lobby.version + 1, None)

    game = await running_game(store)
    outcome = {"scores": [3, 4], "winners": [1]}
    finished = await store.finish(game.id, game.version, status="finished", outcome=outcome, now=at(61))
    assert (finished.status, finished.outcome, finished.version) == ("finished", outcome, game.version + 1)
    with pytest.raises(WrongStatus):
        await store.finish(game.id, finished.version, status="abandoned", outcome=None, now=at(62))
    with pytest.raises(WrongStatus):
        await store.replace_seat(
            game.id, finished.version, 0, user_id=None, name="AI", is_ai=True, now=at(62)
        )
    with pytest.raises(ValueError, match="paused"):
        await store.finish(game.id, finished.version, status="paused", outcome=None, now=at(62))
    assert await store.get_game(game.id) == finished


@pytest.mark.parametrize(
    ("setter", "mark"), [("set_announced", "announced_version"), ("set_pinged", "pinged_version")]
)
async def test_a_mark_of_what_was_done_never_goes_down(store: Store, setter: str, mark: str) -> None:
    game = await running_game(store)
    set_mark = getattr(store, setter)
    await set_mark(game.id, 5)
    assert getattr(await store.get_game(game.id), mark) == 5
    await set_mark(game.id, 3)
    assert getattr(await store.get_game(game.id), mark) == 5
    await set_mark(game.id, 8)
    after = await store.get_game(game.id)
    assert getattr(after, mark) == 8
    assert after.version == game.version
    with pytest.raises(GameNotFound):
        await set_mark(999, 1)


# -------------------------------------------------------------- damaged rows

DAMAGE = {
    "options is not JSON": "UPDATE games SET options = '{\"variant\": ' WHERE id = ?",
    "options is a JSON list": "UPDATE games SET options = '[1, 2]' WHERE id = ?",
    "outcome is not JSON": "UPDATE games SET outcome = 'winner: nobody' WHERE id = ?",
    "host is text": "UPDATE games SET host_id = 'somebody' WHERE id = ?",
    "status is unknown": "UPDATE games SET status = 'paused' WHERE id = ?",
    "created_at is no time": "UPDATE games SET created_at = 'yesterday' WHERE id = ?",
    "a seat's flag is text": "UPDATE seats SET is_ai = 'yes' WHERE game_id = ?",
}
#: PostgreSQL keeps every value to its column's type: text in a number column is damage
#: only an SQLite file can hold.
SQLITE_ONLY_DAMAGE = {"host is text", "a seat's flag is text"}
#: A CHECK constraint guards the status and the seat flag; the damage comes from outside the schema.
IGNORE_CHECKS = {
    "sqlite": "PRAGMA ignore_check_constraints = ON",
    "postgresql": "ALTER TABLE games DROP CONSTRAINT games_status_check",
}


@pytest.mark.parametrize(
    ("store_location", "damage"),
    [
        (name, damage)
        for damage in sorted(DAMAGE)
        for name in ("sqlite", "postgresql")
        if name == "sqlite" or damage not in SQLITE_ONLY_DAMAGE
    ],
    indirect=["store_location"],
)
async def test_a_damaged_row_raises_corrupt_row_and_hides_no_other_game(
    store: Store, store_location: str, damage: str
) -> None:
    healthy = await new_game(store)
    damaged = await new_game(store)
    if is_postgres(store_location):
        await execute(store_location, IGNORE_CHECKS["postgresql"])
        await execute(store_location, DAMAGE[damage], (damaged.id,))
    else:
        connection = sqlite3.connect(store_location)
        connection.execute(IGNORE_CHECKS["sqlite"])  # lasts as long as this connection
        connection.execute(DAMAGE[damage], (damaged.id,))
        connection.commit()
        connection.close()
    with pytest.raises(CorruptRow) as raised:
        await store.get_game(damaged.id)
    assert raised.value.game_id == damaged.id
    assert [row.id for row in await store.list_games()] == [healthy.id]
    assert await store.get_game(healthy.id) == healthy


async def test_a_damaged_player_row_is_a_corrupt_row(store: Store, store_location: str) -> None:
    await store.save_player(PlayerRow(5, dm=True))
    await execute(store_location, "UPDATE players SET away_until = 'soon'")
    with pytest.raises(CorruptRow, match=r"players\.away_until holds 'soon'"):
        await store.player(5)


async def test_integrity_check_reports_ok(store: Store) -> None:
    await running_game(store)
    assert await store.integrity_check() == "ok"


# -------------------------------------------------------------------- closing


async def test_a_closed_store_refuses_and_closing_twice_is_harmless(store_location: str) -> None:
    opened = await Store.open(store_location)
    await running_game(opened)
    await opened.close()
    await opened.close()
    with pytest.raises(StoreError, match="closed"):
        await opened.list_games()


async def test_close_releases_the_file(db_path: Path) -> None:
    opened = await Store.open(db_path)
    await running_game(opened)
    await opened.close()
    await opened.close()  # closing twice is harmless
    assert wal_files(db_path) == []
    # Leaving WAL mode needs the only connection to the file: nobody else holds it.
    connection = sqlite3.connect(db_path, timeout=0)
    try:
        assert connection.execute("PRAGMA journal_mode = DELETE").fetchone() == ("delete",)
    finally:
        connection.close()
    with pytest.raises(StoreError, match="closed"):
        await opened.list_games()


async def test_an_open_store_holds_the_file(sqlite_store: Store, db_path: Path) -> None:
    # The counterpart of the test above, so that test's checks can fail.
    await running_game(sqlite_store)
    assert wal_files(db_path) == [f"{db_path.name}-shm", f"{db_path.name}-wal"]
    connection = sqlite3.connect(db_path, timeout=0)
    try:
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            connection.execute("PRAGMA journal_mode = DELETE")
    finally:
        connection.close()


# ---------------------------------------------------------------- kill safety


async def _acknowledged_moves_before_kill(
    path: Path, wanted: int, pause: float
) -> list[tuple[int, int, int]]:
    """Run the crash child, read at least `wanted` acknowledged moves, then kill it."""
    lines = await killed_after(CRASH_CHILD, [str(path)], wanted, pause)
    acknowledged = []
    for line in lines:
        game_id, number, version = map(int, line.split())
        acknowledged.append((game_id, number, version))
    return acknowledged


async def test_a_killed_process_loses_no_acknowledged_move(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite3"
    rng = random.Random(1907)
    acknowledged: dict[int, list[tuple[int, int]]] = {}
    for _ in range(4):
        for game_id, number, version in await _acknowledged_moves_before_kill(
            path, wanted=rng.randint(1, 400), pause=rng.uniform(0, 0.02)
        ):
            acknowledged.setdefault(game_id, []).append((number, version))
        reopened = await Store.open(path)
        try:
            assert await reopened.integrity_check() == "ok"
            for game_id, moves_seen in acknowledged.items():
                game = await reopened.get_game(game_id)
                moves = await reopened.moves(game_id)
                # Every acknowledged move is there (the child may have committed a few more).
                assert [(m.number, m.version) for m in moves[: len(moves_seen)]] == moves_seen
                # Numbers and versions run without a gap: start_game made version 1.
                assert [m.number for m in moves] == list(range(1, len(moves) + 1))
                assert [m.version for m in moves] == list(range(2, len(moves) + 2))
                assert [m.action for m in moves] == [action_of(m.number) for m in moves]
                # The cached state and the version belong to the last move: they committed together.
                assert game.version == len(moves) + 1
                assert game.state == state_after(len(moves))
        finally:
            await reopened.close()
    assert len(acknowledged) == 4


async def test_a_rated_game_keeps_its_rating_changes_for_a_summary_posted_again(store: Store) -> None:
    game = await running_game(store)
    outcome = {"scores": [10, 4], "ranks": [1, 2], "winners": [0]}
    game = await store.record_move(
        game.id, game.version, seat=0, action="a", state="s1", outcome=outcome, now=at(3)
    )
    community = Community(store)
    result = Outcome(scores=(10, 4), ranks=(1, 2), ranking=(0, 1), winners=frozenset({0}))
    first = await community.rate(game, result, None)
    assert len(first) == 2 and "user1" in first[0] and "user2" in first[1]
    ratings_after = await store.ratings("chinesische-mauer", [1, 2])

    # The summary failed and is made again: the same lines, and nobody is rated twice.
    again = await community.rate(await store.get_game(game.id), result, None)
    assert again == first
    assert await store.ratings("chinesische-mauer", [1, 2]) == ratings_after
    assert [seat for seat, _, _ in await store.rating_changes(game.id)] == [0, 1]
