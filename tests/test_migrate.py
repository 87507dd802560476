"""`python -m bot migrate`: an SQLite database made by the real service, moved to PostgreSQL.

The source is built through `GameService` the way the bot fills it: games of
four engines in the lobby, running with moves, finished (and rated) and
abandoned, with timers, people's choices, ratings, a notice and a server that
removed the bot. Each test migrates a copy of it into a fresh database of the
tests' own PostgreSQL server (`postgres_server`) and looks at the result with
its own eyes: the tables read by plain SQL on both sides, every game replayed
by `bot.history.replay`.

A copy that fails verification is rolled back, not committed and then undone:
the check of every row and every replay runs inside the copy's transaction, so
the target never holds an unverified copy (`test_a_game_whose_log_does_not_replay_…`).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from postgres_server import PostgresServer

import games
from bot.history import replay
from bot.migrate import MigrationError
from bot.migrate import Summary
from bot.migrate import migrate
from bot.results import Caller
from bot.service import GameService
from bot.store import MIGRATIONS
from bot.store import Places
from bot.store import ServerRow
from bot.store import Store
from bot.store.copy import TABLES

ROOT = Path(__file__).resolve().parent.parent
GUILD, OTHER_GUILD, CHANNEL = 77, 88, 500
ANNA = Caller(1, "Anna", guild_id=GUILD, channel_id=CHANNEL, locale="de")
BOB = Caller(2, "Bob", guild_id=GUILD, channel_id=CHANNEL)
CARL = Caller(3, "Carl", guild_id=GUILD, channel_id=CHANNEL, locale="nl")
DORA = Caller(4, "Dora", guild_id=None, channel_id=None)
PEOPLE = {caller.user_id: caller for caller in (ANNA, BOB, CARL, DORA)}


class Clock:
    """The service's clock: a second later at every look, so every stamp differs."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def no_picture(*_: Any) -> bytes:
    return b"image"


@dataclass(frozen=True)
class Source:
    """The source database and what is in it."""

    path: Path
    #: status -> the ids of the games that have it.
    games: dict[str, list[int]]


async def to_act(service: GameService, game_id: int) -> int | None:
    """The seat that must act now, once the AI seats have moved; None when the game is over."""
    await service.idle()
    row, engine, state = await service.current(game_id)
    if row.status != "running" or state is None:
        return None
    acting = engine.to_act(state)
    return min(acting) if acting else None


async def play(service: GameService, game_id: int, moves: int | None) -> int:
    """The seated people play a varied but reproducible suggestion, `moves` times (None: to the end)."""
    made = 0
    while moves is None or made < moves:
        seat = await to_act(service, game_id)
        if seat is None:
            break
        row, _, _ = await service.current(game_id)
        player = PEOPLE[row.seats[seat].user_id or 0]
        options = await service.suggestions(player, game_id, "")
        await service.move(player, game_id, options[(made * 7) % len(options)])
        made += 1
        assert made < 3_000, "the game does not end"
    await service.idle()
    return made


async def open_game(service: GameService, engine: str, host: Caller, *others: Caller, bots: int = 0) -> int:
    reply = await service.new_game(host, engine)
    assert reply.game_id is not None
    for other in others:
        await service.join(other, reply.game_id)
    for _ in range(bots):
        await service.add_bot(host, reply.game_id)
    return reply.game_id


async def build(path: Path, *, running_moves: tuple[int, int] = (12, 6)) -> dict[str, list[int]]:
    """Fill an SQLite file through the service, as the bot would; the games by status.
    `running_moves`: how many moves the people make in each of the two running games."""
    store = await Store.open(path)
    service = GameService(store, clock=Clock(), render=no_picture, animate=no_picture)
    made: dict[str, list[int]] = {"lobby": [], "running": [], "finished": [], "abandoned": []}
    try:
        # A lobby in a direct conversation, with an AI seat.
        lobby = await open_game(service, "catan-cheops", DORA, bots=1)
        made["lobby"].append(lobby)
        # Running, with moves, a deadline of its own, a thread and a waiting notice.
        running = await open_game(service, "chinesische-mauer", ANNA, BOB, bots=1)
        await service.attach(running, Places(thread_id=9_001, lobby_message_id=9_002))
        await service.settings(ANNA, running, deadline=12, on_timeout="host")
        await service.start(ANNA, running)
        await play(service, running, running_moves[0])
        # Written as the service writes its notices; left waiting, as after a failed post.
        body = {"key": "resign.post", "params": {"player": "Bob", "ai": "AI Bob"}, "board": False}
        await store.add_notice(
            running, json.dumps({**body, "mentions": [], "actions": []}), now=service.clock()
        )
        made["running"].append(running)
        # A second running game of another engine, AI seats first.
        second = await open_game(service, "catan-cheops", CARL, BOB, bots=1)
        await service.start(CARL, second)
        await play(service, second, running_moves[1])
        made["running"].append(second)
        # Finished (and so rated) by two people.
        finished = await open_game(service, "mauerbauer", ANNA, CARL)
        await service.start(ANNA, finished)
        await play(service, finished, None)
        made["finished"].append(finished)
        # Abandoned after a few moves, in a server that has since removed the bot.
        abandoned = await open_game(
            service, "china", Caller(5, "Eve", guild_id=OTHER_GUILD, channel_id=600), bots=2
        )
        await service.start(Caller(5, "Eve", guild_id=OTHER_GUILD, channel_id=600), abandoned)
        await service.idle()
        await service.abandon(Caller(5, "Eve", guild_id=OTHER_GUILD, channel_id=600), abandoned)
        made["abandoned"].append(abandoned)
        await service.servers.left(OTHER_GUILD)
        # A server's own settings.
        await store.save_server_settings(
            ServerRow(GUILD, channels=(CHANNEL,), lobby_days=14), now=service.clock()
        )
        # A league in its first round, its one table the running game.
        league = await store.create_league(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser_id=ANNA.user_id,
            name="Spring",
            engine="chinesische-mauer",
            format="swiss",
            rounds=3,
            deadline_hours=48,
            seed=5,
            locale=None,
            now=service.clock(),
        )
        for person in (ANNA, BOB):
            await store.add_member(league.id, person.user_id, person.name, now=service.clock())
        await store.set_league_status(league.id, "running", was=("signup",), now=service.clock())
        await store.seat_league_round(league.id, 1, [(ANNA.user_id, BOB.user_id, None)], now=service.clock())
        # The running game was opened as a lobby, not by the league: it is put at the table
        # from outside, as no command does.
        with closing(sqlite3.connect(path)) as db, db:
            db.execute("UPDATE league_tables SET game_id = ? WHERE league_id = ?", (running, league.id))
        await store.drop_member(league.id, BOB.user_id, 1)
        # People's own choices.
        await service.notify(ANNA, True)
        await service.away(BOB, "30")
        await service.idle()
        for status, ids in made.items():
            for game_id in ids:
                assert (await store.get_game(game_id)).status == status
    finally:
        await service.idle()
        await store.close()
    return made


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Source:
    """The source, built once; each test migrates a copy of it (`source`)."""
    path = tmp_path_factory.mktemp("migrate") / "built.sqlite3"
    made = asyncio.run(build(path))
    return Source(path, made)


@pytest.fixture
def source(built: Source, tmp_path: Path) -> Source:
    path = tmp_path / "baumeister.sqlite3"
    shutil.copyfile(built.path, path)
    return Source(path, built.games)


@pytest.fixture
def target(postgres_server: PostgresServer) -> Iterator[str]:
    """A new, empty PostgreSQL database: its URL."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)


# ------------------------------------------------------------- looking at both


def sqlite_tables(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the SQLite file, by plain SQL, in key order."""
    connection = sqlite3.connect(path)
    try:
        return {
            table.name: connection.execute(
                f"SELECT {', '.join(table.columns)} FROM {table.name} ORDER BY {', '.join(table.key)}"
            ).fetchall()
            for table in TABLES
        }
    finally:
        connection.close()


async def postgres_tables(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the PostgreSQL database, by plain SQL, in key order."""
    connection = await asyncpg.connect(url)
    try:
        return {
            table.name: [
                tuple(row)
                for row in await connection.fetch(
                    f"SELECT {', '.join(table.columns)} FROM {table.name} ORDER BY {', '.join(table.key)}"
                )
            ]
            for table in TABLES
        }
    finally:
        await connection.close()


async def schema_columns(url: str) -> dict[str, set[str]]:
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'"
        )
    finally:
        await connection.close()
    found: dict[str, set[str]] = {}
    for row in rows:
        found.setdefault(row["table_name"], set()).add(row["column_name"])
    return found


async def empty(url: str) -> bool:
    return not any((await postgres_tables(url)).values())


async def untouched(url: str) -> bool:
    """The database has no table at all: nobody even opened it as the bot's."""
    return not await schema_columns(url)


def run_command(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m bot migrate …` as an operator runs it."""
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


# ------------------------------------------------------------------------ tests


async def test_every_table_is_copied_row_for_row_and_every_game_replays(source: Source, target: str) -> None:
    said: list[str] = []
    summary = await migrate(str(source.path), target, say=said.append)

    before, after = sqlite_tables(source.path), await postgres_tables(target)
    for table in TABLES:
        assert after[table.name] == before[table.name], table.name
    # Every table of the bot holds something, so each was truly copied, not just found empty.
    assert all(before[table.name] for table in TABLES), {name: len(rows) for name, rows in before.items()}
    assert summary.copied == {name: len(rows) for name, rows in before.items()}
    statuses = {row[7] for row in before["games"]}
    assert statuses == {"lobby", "running", "finished", "abandoned"}
    assert len({row[1] for row in before["games"]}) == 4, "games of four engines"
    assert len(before["moves"]) > 20
    # Every column of every table is in the copy's list, and nothing else is there, on either side.
    connection = sqlite3.connect(source.path)
    try:
        names = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        assert {name for (name,) in names} == {table.name for table in TABLES}
        for table in TABLES:
            found = connection.execute(f"PRAGMA table_info({table.name})").fetchall()
            assert {column[1] for column in found} == set(table.columns), table.name
    finally:
        connection.close()
    columns = await schema_columns(target)
    assert {name: columns[name] for name in columns if name != "baumeister_schema"} == {
        table.name: set(table.columns) for table in TABLES
    }

    # The store reads the same games from both, and every started game replays from the copy.
    old, new = await Store.open(source.path), await Store.open(target)
    try:
        replayed = 0
        for row in await new.list_games():
            assert row == await old.get_game(row.id)
            moves = await new.moves(row.id)
            assert moves == await old.moves(row.id)
            assert await new.timers(row.id) == await old.timers(row.id)
            if row.status in ("running", "finished"):
                engine = games.get(row.engine)
                start, steps = replay(engine, row, moves)
                assert engine.dumps(steps[-1].state if steps else start) == row.state
                replayed += 1
        assert replayed == len(source.games["running"]) + len(source.games["finished"]) == summary.verified
        for user_id in PEOPLE:
            assert await new.player(user_id) == await old.player(user_id)
            assert await new.user_ratings(user_id) == await old.user_ratings(user_id)
        assert await new.departed_guilds() == await old.departed_guilds() == {OTHER_GUILD}
        assert await new.server_settings(GUILD) == await old.server_settings(GUILD)
        assert (await new.server_settings(GUILD)).channels == (CHANNEL,)
        (league,) = await old.leagues(GUILD)
        assert await new.leagues(GUILD) == [league]
        assert await new.members(league.id) == await old.members(league.id)
        assert await new.league_tables(league.id) == await old.league_tables(league.id)
        assert await new.league_of_game(source.games["running"][0]) == league.id
        assert (await new.player(ANNA.user_id)).dm and (await new.player(BOB.user_id)).away_until
    finally:
        await old.close()
        await new.close()

    assert "Committed." in said
    assert any("copied" in line and "moves" in line for line in said)
    text = summary.text()
    assert f"{len(before['games'])} games" in text and f"{len(before['moves'])} moves" in text
    assert f"{summary.verified} games verified" in text


async def test_new_games_and_notices_on_postgresql_get_fresh_numbers(source: Source, target: str) -> None:
    await migrate(str(source.path), target, say=lambda _: None)
    copied = await postgres_tables(target)
    store = await Store.open(target)
    try:
        row = await store.create_game(
            engine="chinesische-mauer",
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=ANNA.user_id,
            host_name="Anna",
            options={},
            now=datetime(2026, 4, 1, tzinfo=UTC),
        )
        notice = await store.add_notice(row.id, "{}", now=datetime(2026, 4, 1, tzinfo=UTC))
    finally:
        await store.close()
    assert row.id == max(game[0] for game in copied["games"]) + 1
    assert notice == max(found[0] for found in copied["notices"]) + 1


async def test_a_second_migration_into_the_filled_target_is_refused_and_changes_nothing(
    source: Source, target: str
) -> None:
    await migrate(str(source.path), target, say=lambda _: None)
    before = await postgres_tables(target)
    with pytest.raises(MigrationError) as refused:
        await migrate(str(source.path), target, say=lambda _: None)
    message = str(refused.value)
    assert "not empty" in message and f"{len(before['games'])} games" in message
    assert "nothing was written" in message
    assert await postgres_tables(target) == before


async def test_a_game_whose_log_does_not_replay_fails_the_verification_and_leaves_the_target_empty(
    source: Source, target: str
) -> None:
    broken = source.games["running"][0]
    connection = sqlite3.connect(source.path)
    try:
        with connection:
            # One move of the middle of the log is lost: the rest no longer leads to the stored state.
            connection.execute("DELETE FROM moves WHERE game_id = ? AND number = 3", (broken,))
    finally:
        connection.close()
    with pytest.raises(MigrationError) as failed:
        await migrate(str(source.path), target, say=lambda _: None)
    message = str(failed.value)
    assert f"game {broken} (chinesische-mauer)" in message
    assert "not replay" in message and "nothing was written" in message
    for other in source.games["running"][1:] + source.games["finished"]:
        assert f"game {other} " not in message
    assert await empty(target)

    # The way out that docs/storage.md gives: abandon the damaged game, migrate again (into
    # the same target, which the failure left empty). Abandoned games are copied as they are.
    store = await Store.open(source.path)
    service = GameService(store, clock=Clock(), render=no_picture, animate=no_picture)
    try:
        await service.abandon(ANNA, broken)
        await service.idle()
    finally:
        await store.close()
    summary = await migrate(str(source.path), target, say=lambda _: None)
    assert summary.verified == len(source.games["running"]) - 1 + len(source.games["finished"])
    assert (await postgres_tables(target))["games"] == sqlite_tables(source.path)["games"]


async def test_an_older_source_is_migrated_to_the_current_schema_first(tmp_path: Path, target: str) -> None:
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path)
    try:
        for step in MIGRATIONS[:-1]:
            for statement in step:
                connection.execute(statement)
        stamp = "2025-01-01T00:00:00.000000+00:00"
        connection.execute(
            "INSERT INTO games (id, engine, guild_id, host_id, status, options, version, created_at, "
            "updated_at) VALUES (7, 'mauerbauer', 1, 1, 'lobby', '{}', 1, ?, ?)",
            (stamp, stamp),
        )
        connection.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (7, 0, 1, 'Ada', 0)"
        )
        connection.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
        connection.commit()
    finally:
        connection.close()
    said: list[str] = []
    summary = await migrate(str(path), target, say=said.append)
    assert (
        f"schema version {len(MIGRATIONS) - 1}; opening it migrates it to version {len(MIGRATIONS)}"
        in said[0]
    )
    assert summary.copied["games"] == 1 and summary.verified == 0
    copied = await postgres_tables(target)
    assert copied["games"][0][0] == 7 and copied["games"][0][-1] is None  # rating_changes, the newest column


async def test_a_source_from_newer_code_an_unreadable_file_or_a_postgres_source_is_refused(
    source: Source, tmp_path: Path, target: str
) -> None:
    connection = sqlite3.connect(source.path)
    try:
        connection.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    finally:
        connection.close()
    with pytest.raises(MigrationError, match="written by a newer release"):
        await migrate(str(source.path), target, say=lambda _: None)
    garbage = tmp_path / "notes.txt"
    garbage.write_bytes(b"this is no database, just text " * 100)
    with pytest.raises(MigrationError, match="is not an SQLite database"):
        await migrate(str(garbage), target, say=lambda _: None)
    blank = tmp_path / "blank.sqlite3"
    sqlite3.connect(blank).close()
    with pytest.raises(MigrationError, match="holds no tables of the bot"):
        await migrate(str(blank), target, say=lambda _: None)
    with pytest.raises(MigrationError, match="is a PostgreSQL database already"):
        await migrate(target, target, say=lambda _: None)
    assert garbage.read_bytes().startswith(b"this is no database")
    assert await untouched(target), "the source is looked at before the target"


def test_the_command_copies_and_prints_its_summary(source: Source, target: str) -> None:
    done = run_command("--to", target, env={"BOT_DATABASE": str(source.path)})
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "Committed." in done.stdout
    last = done.stdout.strip().splitlines()
    assert any(line.startswith(f"Migrated {source.path} to postgresql://") for line in last)
    assert "games verified by replaying" in done.stdout
    assert "Set BOT_DATABASE=" in done.stdout


def test_bad_input_gives_one_clear_sentence_and_no_traceback(
    source: Source, tmp_path: Path, postgres_server: PostgresServer
) -> None:
    nowhere = tmp_path / "no-server-here"
    nowhere.mkdir()
    cases = [
        # A socket folder where no server listens: the connection is refused.
        (["--from", str(source.path), "--to", f"postgresql://postgres@/db?host={nowhere}&port=5432"], 1,
         "cannot connect to the PostgreSQL database"),
        # A database the server does not have.
        (["--from", str(source.path), "--to", postgres_server.url("no_such_database")], 1,
         'database "no_such_database" does not exist'),
        # Not a URL a PostgreSQL server can be reached by.
        (["--from", str(source.path), "--to", "postgresql://postgres@localhost:notaport/db"], 1,
         "cannot connect to the PostgreSQL database"),
        (["--from", str(source.path), "--to", "mysql://root@localhost/db"], 1, "must be a PostgreSQL URL"),
        # The source file is not there.
        (["--from", str(tmp_path / "missing.sqlite3"), "--to", postgres_server.url("postgres")], 1,
         "does not exist"),
        # The command line itself.
        (["--from", str(source.path)], 2, "--to names the PostgreSQL database"),
        (["--to"], 2, "--to needs a value"),
        (["--into", "x"], 2, "unknown argument"),
    ]  # fmt: skip
    for args, code, words in cases:
        done = run_command(*args)
        assert done.returncode == code, (args, done.stdout, done.stderr)
        assert words in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr and "Traceback" not in done.stdout, (args, done.stderr)
        assert done.stderr.startswith("migrate: "), done.stderr
    assert not (tmp_path / "missing.sqlite3").exists(), "a missing source is not created"


def test_a_password_is_never_shown(source: Source, tmp_path: Path) -> None:
    nowhere = tmp_path / "no-server-here"
    nowhere.mkdir()
    done = run_command("--from", str(source.path), "--to", f"postgresql://ada:s3cret@/db?host={nowhere}")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "s3cret" not in done.stdout + done.stderr and "ada:***@" in done.stderr


def test_summary_counts_in_words() -> None:
    summary = Summary(
        "a.sqlite3",
        "postgresql://x/db",
        {table.name: 1 if table.name == "departed_guilds" else 2 for table in TABLES},
        1,
        2.0,
    )
    assert summary.text() == (
        "Migrated a.sqlite3 to postgresql://x/db in 2.0 s: 2 games, 2 seats, 2 moves, 2 timers, "
        "2 players, 2 ratings, 2 notices, 1 departed server, 2 servers' settings, 2 leagues, "
        "2 league members, 2 league rounds, 2 league tables, 2 league posts, 2 tips seen copied; "
        "1 game verified by replaying their move logs."
    )


async def test_a_table_the_copy_does_not_know_stops_it_in_the_source_not_in_the_target(
    source: Source, target: str
) -> None:
    connection = sqlite3.connect(source.path)
    try:
        connection.execute("CREATE TABLE notes (body TEXT)")
        connection.execute("INSERT INTO notes VALUES ('rows that would stay behind')")
        connection.commit()
    finally:
        connection.close()
    with pytest.raises(MigrationError, match="the source has tables this release does not copy: notes"):
        await migrate(str(source.path), target, say=lambda _: None)
    connection = sqlite3.connect(source.path)
    try:
        connection.execute("DROP TABLE notes")
        connection.commit()
    finally:
        connection.close()
    # Another program's table beside the bot's in the target is no business of the copy.
    other = await asyncpg.connect(target)
    try:
        await other.execute("CREATE TABLE other_program (id BIGINT PRIMARY KEY)")
        await other.execute("INSERT INTO other_program VALUES (1)")
    finally:
        await other.close()
    summary = await migrate(str(source.path), target, say=lambda _: None)
    assert summary.copied["games"] == len(sqlite_tables(source.path)["games"])
