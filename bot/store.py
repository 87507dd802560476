"""Persistence of games, seats and move logs in SQLite — the one module with SQL.

The move log is the truth; `games.state` is a cache that replaying the log
must reproduce. A move, its new state and the version bump commit in one
transaction, and every such write names the version it was made against:
a stale one raises `StaleVersion` and writes nothing, so a move is never
applied twice.

How the connection is used, and why:

* One aiosqlite connection serves both reads and writes. aiosqlite runs the
  connection in its own thread, and statements from concurrent coroutines
  would interleave inside each other's transactions, so every transaction
  holds an `asyncio.Lock` for its whole length.
* Writes start with ``BEGIN IMMEDIATE``: the write lock is taken before the
  version is read, so the compare-and-set cannot race another process.
* ``journal_mode=WAL`` with ``synchronous=NORMAL``: a commit appends the
  transaction to the write-ahead log before it returns, so once a commit has
  returned the data sits in the operating system's file cache and a killed
  process loses nothing. ``NORMAL`` only skips the fsync on each commit; the
  price is that a power cut or an operating-system crash may roll back the
  last few commits — never corrupt the file. Were WAL unavailable (some
  network file systems), the store falls back to ``synchronous=FULL``, the
  safe setting for a rollback journal.
* ``foreign_keys=ON`` so seats and moves cannot outlive their game, and a
  ``busy_timeout`` so a second process (a backup, an inspection shell) makes
  us wait briefly instead of failing at once.
* The schema evolves through `MIGRATIONS`, numbered by ``PRAGMA
  user_version`` and applied in one transaction on open. A database written
  by newer code is refused rather than misread.

The store never reads the clock: every write that stamps a time takes
``now`` (timezone-aware, stored as UTC ISO text), so tests control time.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final

import aiosqlite

__all__ = [
    "MIGRATIONS",
    "STATUSES",
    "CorruptRow",
    "GameNotFound",
    "GameRow",
    "MoveRow",
    "PlayerRow",
    "SeatRow",
    "StaleVersion",
    "Store",
    "StoreError",
    "TimerRow",
    "WrongStatus",
]

log = logging.getLogger(__name__)

#: Every status a game can have, in the order a game passes through them.
STATUSES: Final = ("lobby", "running", "finished", "abandoned")

#: How long a statement waits for another connection's lock before failing.
BUSY_TIMEOUT_MS: Final = 5_000

#: Schema steps in order; after applying step n the database has
#: ``user_version`` n. Each step is a sequence of single SQL statements (run
#: one by one, so the whole step stays inside the migration transaction).
#: Never edit a released step: append a new one.
MIGRATIONS: list[tuple[str, ...]] = [
    (
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            engine TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER,
            thread_id INTEGER,
            lobby_message_id INTEGER,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
            options TEXT NOT NULL,
            seed INTEGER,
            state TEXT,
            version INTEGER NOT NULL CHECK (version >= 0),
            outcome TEXT,
            announced_version INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX games_by_guild_status ON games (guild_id, status)",
        """
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            user_id INTEGER,
            name TEXT NOT NULL,
            is_ai INTEGER NOT NULL CHECK (is_ai IN (0, 1)),
            PRIMARY KEY (game_id, seat)
        )
        """,
        "CREATE INDEX seats_by_user ON seats (user_id)",
        # The version after each move is unique within a game; the constraint
        # also indexes `moves(game_id, since_version)`.
        """
        CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, number),
            UNIQUE (game_id, version)
        )
        """,
    ),
    (
        # Per-game settings (turn deadline and what happens when it passes), the
        # server's language for thread posts, and the end-of-game bookkeeping.
        "ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE games ADD COLUMN locale TEXT",
        "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1))",
        "ALTER TABLE games ADD COLUMN summary_posted INTEGER NOT NULL DEFAULT 0 "
        "CHECK (summary_posted IN (0, 1))",
        # Reminders and deadlines: one row per (game, seat, kind), read by one dispatcher.
        # `turn_version` is the version at which the seat's turn began: a new turn
        # replaces the timers of the last one.
        """
        CREATE TABLE timers (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            kind TEXT NOT NULL CHECK (kind IN ('reminder', 'deadline')),
            turn_version INTEGER NOT NULL,
            due_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seat, kind)
        )
        """,
        "CREATE INDEX timers_by_due ON timers (due_at)",
        # What a person chose for themselves, across games and servers.
        """
        CREATE TABLE players (
            user_id INTEGER PRIMARY KEY,
            dm INTEGER NOT NULL DEFAULT 0 CHECK (dm IN (0, 1)),
            away_until TEXT,
            locale TEXT
        )
        """,
        # One rating per person and game (OpenSkill's mu and sigma).
        """
        CREATE TABLE ratings (
            user_id INTEGER NOT NULL,
            engine TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            PRIMARY KEY (user_id, engine)
        )
        """,
    ),
]


# --------------------------------------------------------------------- errors


class StoreError(Exception):
    """Base of every error the store raises (database errors are wrapped in it)."""


class StaleVersion(StoreError):
    """The game has moved on since the caller read it; nothing was written."""

    def __init__(self, game_id: int, expected: int, actual: object) -> None:
        super().__init__(f"game {game_id} is at version {actual!r}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class GameNotFound(StoreError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class WrongStatus(StoreError):
    """The write does not fit the game's status (e.g. a move in the lobby); nothing was written."""

    def __init__(self, game_id: int, status: str, doing: str, allowed: Collection[str]) -> None:
        super().__init__(
            f"cannot {doing} game {game_id}: it is {status!r}, needs {' or '.join(map(repr, allowed))}"
        )
        self.game_id = game_id
        self.status = status


class CorruptRow(StoreError):
    """A stored row cannot be read (bad JSON, wrong types); names the game it belongs to."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(f"game {game_id}: {detail}")
        self.game_id = game_id


# ----------------------------------------------------------------------- rows


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool


@dataclass(frozen=True)
class GameRow:
    id: int
    engine: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    seed: int | None
    state: str | None
    version: int
    outcome: dict[str, Any] | None
    announced_version: int
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatRow, ...]  # ordered by seat
    settings: dict[str, Any] = field(default_factory=dict)
    #: The server's language, for posts in the game's thread.
    locale: str | None = None
    #: Ratings were updated for this finished game (or it needed none).
    rated: bool = False
    #: The end-of-game summary and replay were posted.
    summary_posted: bool = False


@dataclass(frozen=True)
class TimerRow:
    """A reminder or deadline of one seat's turn."""

    game_id: int
    seat: int
    kind: str
    turn_version: int
    due_at: datetime


@dataclass(frozen=True)
class PlayerRow:
    """What one person chose: direct messages on their turn, an absence, their language."""

    user_id: int
    dm: bool = False
    away_until: datetime | None = None
    locale: str | None = None


@dataclass(frozen=True)
class MoveRow:
    number: int
    seat: int
    action: str
    version: int
    created_at: datetime


# ------------------------------------------------------- encoding and decoding

_GAME_COLUMNS: Final = (
    "id, engine, guild_id, channel_id, thread_id, lobby_message_id, host_id, status, options, "
    "seed, state, version, outcome, announced_version, created_at, updated_at, "
    "settings, locale, rated, summary_posted"
)
_SEAT_COLUMNS: Final = "game_id, seat, user_id, name, is_ai"


def _stamp(now: datetime) -> str:
    """`now` as UTC ISO text with a fixed width, so stored stamps sort as text."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("timestamps must be timezone-aware (UTC)")
    return now.astimezone(UTC).isoformat(timespec="microseconds")


def _dump_json(value: dict[str, Any], what: str) -> str:
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be a dict, not {type(value).__name__}")
    # allow_nan=False: what is stored must be strict JSON that any reader accepts.
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _RowReader:
    """Checks the columns of one stored row, raising `CorruptRow` for the game."""

    def __init__(self, game_id: int, table: str) -> None:
        self.game_id = game_id
        self.table = table

    def _bad(self, column: str, value: object, expected: str) -> CorruptRow:
        return CorruptRow(self.game_id, f"{self.table}.{column} holds {_brief(value)}, expected {expected}")

    def integer(self, column: str, value: object) -> int:
        if type(value) is not int:
            raise self._bad(column, value, "an integer")
        return value

    def optional_integer(self, column: str, value: object) -> int | None:
        return None if value is None else self.integer(column, value)

    def text(self, column: str, value: object) -> str:
        if not isinstance(value, str):
            raise self._bad(column, value, "text")
        return value

    def optional_text(self, column: str, value: object) -> str | None:
        return None if value is None else self.text(column, value)

    def flag(self, column: str, value: object) -> bool:
        if value not in (0, 1) or type(value) is not int:
            raise self._bad(column, value, "0 or 1")
        return value == 1

    def json_object(self, column: str, value: object) -> dict[str, Any]:
        try:
            decoded = json.loads(self.text(column, value))
        except ValueError:
            raise self._bad(column, value, "JSON") from None
        if not isinstance(decoded, dict):
            raise self._bad(column, value, "a JSON object")
        return decoded

    def optional_json_object(self, column: str, value: object) -> dict[str, Any] | None:
        return None if value is None else self.json_object(column, value)

    def optional_timestamp(self, column: str, value: object) -> datetime | None:
        return None if value is None else self.timestamp(column, value)

    def timestamp(self, column: str, value: object) -> datetime:
        try:
            moment = datetime.fromisoformat(self.text(column, value))
        except ValueError:
            raise self._bad(column, value, "an ISO timestamp") from None
        if moment.tzinfo is None:
            raise self._bad(column, value, "a timestamp with a UTC offset")
        return moment

    def status(self, value: object) -> str:
        if value not in STATUSES:
            raise self._bad("status", value, "one of " + ", ".join(STATUSES))
        return self.text("status", value)


def _seat_row(game_id: int, row: Sequence[Any]) -> SeatRow:
    read = _RowReader(game_id, "seats")
    _, seat, user_id, name, is_ai = row
    return SeatRow(
        seat=read.integer("seat", seat),
        user_id=read.optional_integer("user_id", user_id),
        name=read.text("name", name),
        is_ai=read.flag("is_ai", is_ai),
    )


def _game_row(row: Sequence[Any], seat_rows: Sequence[Sequence[Any]]) -> GameRow:
    (
        game_id, engine, guild_id, channel_id, thread_id, lobby_message_id, host_id, status,
        options, seed, state, version, outcome, announced_version, created_at, updated_at,
        settings, locale, rated, summary_posted,
    ) = row  # fmt: skip
    read = _RowReader(game_id, "games")
    return GameRow(
        id=game_id,
        engine=read.text("engine", engine),
        guild_id=read.optional_integer("guild_id", guild_id),
        channel_id=read.optional_integer("channel_id", channel_id),
        thread_id=read.optional_integer("thread_id", thread_id),
        lobby_message_id=read.optional_integer("lobby_message_id", lobby_message_id),
        host_id=read.integer("host_id", host_id),
        status=read.status(status),
        options=read.json_object("options", options),
        seed=read.optional_integer("seed", seed),
        state=read.optional_text("state", state),
        version=read.integer("version", version),
        outcome=read.optional_json_object("outcome", outcome),
        announced_version=read.integer("announced_version", announced_version),
        created_at=read.timestamp("created_at", created_at),
        updated_at=read.timestamp("updated_at", updated_at),
        seats=tuple(_seat_row(game_id, seat) for seat in seat_rows),
        settings=read.json_object("settings", settings),
        locale=read.optional_text("locale", locale),
        rated=read.flag("rated", rated),
        summary_posted=read.flag("summary_posted", summary_posted),
    )


def _move_row(game_id: int, row: Sequence[Any]) -> MoveRow:
    read = _RowReader(game_id, "moves")
    number, seat, action, version, created_at = row
    return MoveRow(
        number=read.integer("number", number),
        seat=read.integer("seat", seat),
        action=read.text("action", action),
        version=read.integer("version", version),
        created_at=read.timestamp("created_at", created_at),
    )


# ------------------------------------------------------------ statement helpers


async def _fetch_all(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in await db.execute_fetchall(sql, params)]


async def _fetch_one(
    db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> tuple[Any, ...] | None:
    rows = await _fetch_all(db, sql, params)
    return rows[0] if rows else None


async def _do(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> None:
    """Execute one statement whose row count nobody needs: one trip to the database
    thread (`_run` takes two, as it must close its cursor)."""
    await db.execute_fetchall(sql, params)


async def _run(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Execute one statement; the number of rows it changed."""
    async with db.execute(sql, params) as cursor:
        return cursor.rowcount


async def _insert(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> int:
    async with db.execute(sql, params) as cursor:
        row_id = cursor.lastrowid
    assert row_id is not None  # an INSERT into a rowid table always has one
    return row_id


async def _rollback_quietly(db: aiosqlite.Connection) -> None:
    # The statement queue of the connection is first-in first-out, so this
    # ROLLBACK runs after anything still queued. It may find no transaction
    # (SQLite already rolled back, or a cancelled COMMIT went through): fine.
    try:
        await _run(db, "ROLLBACK")
    except sqlite3.Error as error:
        log.debug("rollback found no transaction to undo: %s", error)


# ---------------------------------------------------------------------- store


class Store:
    """Games, seats and move logs in one SQLite file (or ``":memory:"``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        """Use `Store.open`; this only wraps a configured, migrated connection."""
        self._db: aiosqlite.Connection | None = db
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------ life cycle

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (creating if needed) and migrate the database at `path`."""
        location = os.fspath(path)
        try:
            # isolation_level=None: the sqlite3 module must not open
            # transactions on its own; every BEGIN and COMMIT here is explicit.
            db = await aiosqlite.connect(location, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the database {location!r}: {error}") from error
        try:
            await _configure(db, location)
            await _migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db)

    async def close(self) -> None:
        """Close the connection (waiting for a running transaction); safe to call twice."""
        async with self._lock:
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is closed")
        return self._db

    @asynccontextmanager
    async def _transaction(self, *, write: bool) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction, alone on the connection; rolled back when anything fails.

        Reads take a transaction too, so the rows read for one answer (a
        game and its seats) come from one snapshot.
        """
        async with self._lock:
            db = self._connection()
            try:
                await _do(db, "BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.Error as error:
                raise StoreError(f"cannot start a transaction: {error}") from error
            except BaseException:
                # Cancelled while BEGIN was queued: it still runs, so undo it
                # before the lock goes to the next transaction.
                await _rollback_quietly(db)
                raise
            try:
                yield db
                await _do(db, "COMMIT")
            except BaseException as error:
                await _rollback_quietly(db)
                if isinstance(error, sqlite3.Error):
                    raise StoreError(f"database error: {error}") from error
                raise

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One SELECT on its own. A single statement reads one consistent snapshot, so
        it needs no BEGIN and COMMIT around it: one trip to the database thread, not three."""
        async with self._lock:
            db = self._connection()
            try:
                return await _fetch_all(db, sql, params)
            except sqlite3.Error as error:
                raise StoreError(f"database error: {error}") from error

    async def _statement(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement on its own (atomic by itself); the number of rows it changed."""
        async with self._lock:
            db = self._connection()
            try:
                return await _run(db, sql, params)
            except sqlite3.Error as error:
                raise StoreError(f"database error: {error}") from error

    # ------------------------------------------------------------- reading

    async def _load_game(self, db: aiosqlite.Connection, game_id: int) -> GameRow:
        row = await _fetch_one(db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        seats = await _fetch_all(
            db, f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return _game_row(row, seats)

    async def get_game(self, game_id: int) -> GameRow:
        """The game with its seats; `GameNotFound`, or `CorruptRow` when unreadable.

        One statement (the game joined with its seats): asked on every move.
        """
        game_columns = ", ".join(f"g.{name.strip()}" for name in _GAME_COLUMNS.split(","))
        rows = await self._query(
            f"SELECT {game_columns}, s.game_id, s.seat, s.user_id, s.name, s.is_ai "
            "FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat",
            (game_id,),
        )
        if not rows:
            raise GameNotFound(game_id)
        width = len(rows[0]) - 5
        seats = [row[width:] for row in rows if row[width] is not None]
        return _game_row(rows[0][:width], seats)

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        statuses: Collection[str] | None = None,
        user_id: int | None = None,
    ) -> list[GameRow]:
        """Games matching every filter given, newest first.

        `user_id` matches games where that user holds a seat or is the host.
        A row that cannot be read is logged and left out, so one damaged game
        does not hide all the others (`get_game` raises `CorruptRow` for it).
        """
        conditions: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            conditions.append("guild_id = ?")
            params.append(guild_id)
        if statuses is not None:
            wanted = _checked_statuses(statuses)
            if not wanted:
                return []
            conditions.append(f"status IN ({', '.join('?' * len(wanted))})")
            params.extend(wanted)
        if user_id is not None:
            conditions.append("(host_id = ? OR id IN (SELECT game_id FROM seats WHERE user_id = ?))")
            params.extend((user_id, user_id))
        where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
        async with self._transaction(write=False) as db:
            game_rows = await _fetch_all(
                db, f"SELECT {_GAME_COLUMNS} FROM games {where} ORDER BY created_at DESC, id DESC", params
            )
            seat_rows = await _fetch_all(
                db,
                f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id IN (SELECT id FROM games {where}) "
                "ORDER BY game_id, seat",
                params,
            )
        seats_by_game: dict[int, list[tuple[Any, ...]]] = {}
        for seat in seat_rows:
            seats_by_game.setdefault(seat[0], []).append(seat)
        games: list[GameRow] = []
        for row in game_rows:
            try:
                games.append(_game_row(row, seats_by_game.get(row[0], [])))
            except CorruptRow:
                log.exception("game %s left out of a listing: its row cannot be read", row[0])
        return games

    async def moves(self, game_id: int, since_version: int = 0) -> list[MoveRow]:
        """The moves that brought the game past `since_version`, in order; `GameNotFound`."""
        async with self._transaction(write=False) as db:
            if await _fetch_one(db, "SELECT 1 FROM games WHERE id = ?", (game_id,)) is None:
                raise GameNotFound(game_id)
            rows = await _fetch_all(
                db,
                "SELECT number, seat, action, version, created_at FROM moves "
                "WHERE game_id = ? AND version > ? ORDER BY number",
                (game_id, since_version),
            )
        return [_move_row(game_id, row) for row in rows]

    async def integrity_check(self) -> str:
        """SQLite's own verdict on the file: ``"ok"`` when healthy."""
        async with self._transaction(write=False) as db:
            rows = await _fetch_all(db, "PRAGMA integrity_check")
        return "\n".join(str(row[0]) for row in rows)

    # ------------------------------------------------------------- writing

    async def _check(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        expected_version: int,
        *,
        doing: str,
        allowed: Collection[str],
    ) -> None:
        """The compare half of compare-and-set, inside the write transaction."""
        row = await _fetch_one(db, "SELECT status, version FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        status, version = row
        if version != expected_version:
            raise StaleVersion(game_id, expected_version, version)
        if status not in allowed:
            raise WrongStatus(game_id, status, doing, allowed)

    async def _update(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        expected_version: int,
        *,
        bump: bool,
        **columns: object,
    ) -> GameRow:
        """The set half: change `columns` (names from this module only), maybe bump the version."""
        assignments = [f"{name} = ?" for name in columns]
        if bump:
            assignments.append("version = version + 1")
        changed = await _run(
            db,
            f"UPDATE games SET {', '.join(assignments)} WHERE id = ? AND version = ?",
            (*columns.values(), game_id, expected_version),
        )
        if changed != 1:  # cannot happen after _check under BEGIN IMMEDIATE; never write blind
            raise StaleVersion(game_id, expected_version, "changed meanwhile")
        return await self._load_game(db, game_id)

    async def create_game(
        self,
        *,
        engine: str,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        now: datetime,
        locale: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> GameRow:
        """A new game in the lobby at version 0, the host in seat 0."""
        stamp = _stamp(now)
        options_text = _dump_json(options, "options")
        settings_text = _dump_json(settings or {}, "settings")
        async with self._transaction(write=True) as db:
            game_id = await _insert(
                db,
                "INSERT INTO games (engine, guild_id, channel_id, host_id, status, options, version, "
                "created_at, updated_at, locale, settings) VALUES (?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?)",
                (engine, guild_id, channel_id, host_id, options_text, stamp, stamp, locale, settings_text),
            )
            await _run(
                db,
                "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, 0, ?, ?, 0)",
                (game_id, host_id, host_name),
            )
            return await self._load_game(db, game_id)

    async def set_places(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        lobby_message_id: int | None = None,
        channel_id: int | None = None,
    ) -> GameRow:
        """Remember where the game lives in Discord; None leaves a field as it is. No version bump."""
        columns = {
            name: value
            for name, value in (
                ("thread_id", thread_id),
                ("lobby_message_id", lobby_message_id),
                ("channel_id", channel_id),
            )
            if value is not None
        }
        async with self._transaction(write=True) as db:
            if columns:
                assignments = ", ".join(f"{name} = ?" for name in columns)
                await _run(db, f"UPDATE games SET {assignments} WHERE id = ?", (*columns.values(), game_id))
            return await self._load_game(db, game_id)

    async def set_seats(
        self,
        game_id: int,
        expected_version: int,
        seats: Sequence[tuple[int | None, str, bool]],
        *,
        now: datetime,
        host_id: int | None = None,
    ) -> GameRow:
        """Replace the lobby's seats by `(user_id, name, is_ai)` in seat order; version + 1.

        `host_id`, when given, hands the game to another host.
        """
        stamp = _stamp(now)
        seat_values = [
            (game_id, number, user_id, name, int(bool(is_ai)))
            for number, (user_id, name, is_ai) in enumerate(seats)
        ]
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing="change the seats of", allowed=("lobby",))
            await _run(db, "DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)", seat_values
            )
            columns: dict[str, object] = {"updated_at": stamp}
            if host_id is not None:
                columns["host_id"] = host_id
            return await self._update(db, game_id, expected_version, bump=True, **columns)

    async def start_game(
        self, game_id: int, expected_version: int, *, seed: int, state: str, now: datetime
    ) -> GameRow:
        """Lobby to running with the engine's first state; version + 1."""
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing="start", allowed=("lobby",))
            return await self._update(
                db,
                game_id,
                expected_version,
                bump=True,
                status="running",
                seed=seed,
                state=state,
                updated_at=stamp,
            )

    async def record_move(
        self,
        game_id: int,
        expected_version: int,
        *,
        seat: int,
        action: str,
        state: str,
        outcome: dict[str, Any] | None,
        now: datetime,
        previous: GameRow | None = None,
    ) -> GameRow:
        """Append a move and store the state after it, in one transaction; version + 1.

        With an `outcome` the move ends the game: status becomes 'finished'.
        `previous`, the row as the caller read it at `expected_version`, saves
        reading the game back: the new row is that one with this move's changes.
        """
        stamp = _stamp(now)
        outcome_text = None if outcome is None else _dump_json(outcome, "outcome")
        assignments = "state = ?, updated_at = ?, version = version + 1"
        params: list[Any] = [state, stamp]
        if outcome_text is not None:
            assignments += ", status = 'finished', outcome = ?"
            params.append(outcome_text)
        async with self._transaction(write=True) as db:
            # Compare and set in one statement; only when it changes nothing is the reason looked up.
            changed = await _run(
                db,
                f"UPDATE games SET {assignments} WHERE id = ? AND version = ? AND status = 'running'",
                (*params, game_id, expected_version),
            )
            if changed != 1:
                await self._check(
                    db, game_id, expected_version, doing="record a move in", allowed=("running",)
                )
                raise StaleVersion(game_id, expected_version, "changed meanwhile")
            await _do(
                db,
                "INSERT INTO moves (game_id, number, seat, action, version, created_at) "
                "SELECT ?, COALESCE(MAX(number), 0) + 1, ?, ?, ?, ? FROM moves WHERE game_id = ?",
                (game_id, seat, action, expected_version + 1, stamp, game_id),
            )
            if previous is None or previous.id != game_id or previous.version != expected_version:
                return await self._load_game(db, game_id)
        return replace(
            previous,
            state=state,
            updated_at=datetime.fromisoformat(stamp),
            version=expected_version + 1,
            status="finished" if outcome is not None else previous.status,
            outcome=json.loads(outcome_text) if outcome_text is not None else previous.outcome,
        )

    async def replace_seat(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        *,
        user_id: int | None,
        name: str,
        is_ai: bool,
        now: datetime,
    ) -> GameRow:
        """Give an existing seat to someone else (or an AI) in a lobby or running game; version + 1."""
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(
                db, game_id, expected_version, doing="replace a seat in", allowed=("lobby", "running")
            )
            changed = await _run(
                db,
                "UPDATE seats SET user_id = ?, name = ?, is_ai = ? WHERE game_id = ? AND seat = ?",
                (user_id, name, int(bool(is_ai)), game_id, seat),
            )
            if changed != 1:
                raise StoreError(f"game {game_id} has no seat {seat}")
            return await self._update(db, game_id, expected_version, bump=True, updated_at=stamp)

    async def set_state(self, game_id: int, expected_version: int, *, state: str, now: datetime) -> GameRow:
        """Repair the state cache (after a replay) without a version bump; refused when stale."""
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(
                db,
                game_id,
                expected_version,
                doing="store a state for",
                allowed=("running", "finished", "abandoned"),
            )
            return await self._update(
                db, game_id, expected_version, bump=False, state=state, updated_at=stamp
            )

    async def finish(
        self,
        game_id: int,
        expected_version: int,
        *,
        status: str,
        outcome: dict[str, Any] | None,
        now: datetime,
    ) -> GameRow:
        """End the game: 'abandoned' (from the lobby or a running game) or 'finished' (running only)."""
        if status not in ("finished", "abandoned"):
            raise ValueError(f"a game ends as 'finished' or 'abandoned', not {status!r}")
        stamp = _stamp(now)
        outcome_text = None if outcome is None else _dump_json(outcome, "outcome")
        allowed = ("running",) if status == "finished" else ("lobby", "running")
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing=f"mark as {status}", allowed=allowed)
            return await self._update(
                db,
                game_id,
                expected_version,
                bump=True,
                status=status,
                outcome=outcome_text,
                updated_at=stamp,
            )

    async def set_announced(self, game_id: int, version: int) -> None:
        """Remember that the thread has seen the game up to `version`; never lowers it."""
        changed = await self._statement(
            "UPDATE games SET announced_version = MAX(announced_version, ?) WHERE id = ?", (version, game_id)
        )
        if changed != 1:
            raise GameNotFound(game_id)

    # ------------------------------------------------------ undo and settings

    async def undo_move(
        self, game_id: int, expected_version: int, *, number: int, state: str, now: datetime
    ) -> GameRow:
        """Take back the game's last move (`number`); store the state before it; version + 1.

        The version only ever grows, so a button made before the undo stays stale.
        A turn post that showed the move is marked unannounced again.
        """
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(
                db, game_id, expected_version, doing="take back a move in", allowed=("running",)
            )
            last = await _fetch_one(
                db,
                "SELECT number, version FROM moves WHERE game_id = ? ORDER BY number DESC LIMIT 1",
                (game_id,),
            )
            if last is None or last[0] != number:
                raise StaleVersion(game_id, expected_version, "its last move changed")
            before = await _fetch_one(
                db,
                "SELECT version FROM moves WHERE game_id = ? AND number < ? ORDER BY number DESC LIMIT 1",
                (game_id, number),
            )
            previous = before[0] if before is not None else last[1] - 1
            await _run(db, "DELETE FROM moves WHERE game_id = ? AND number = ?", (game_id, number))
            await _run(
                db,
                "UPDATE games SET announced_version = MIN(announced_version, ?) WHERE id = ?",
                (previous, game_id),
            )
            return await self._update(db, game_id, expected_version, bump=True, state=state, updated_at=stamp)

    async def set_settings(self, game_id: int, settings: dict[str, Any]) -> GameRow:
        """Replace the game's settings (deadline, what happens when it passes). No version bump."""
        text = _dump_json(settings, "settings")
        async with self._transaction(write=True) as db:
            if await _run(db, "UPDATE games SET settings = ? WHERE id = ?", (text, game_id)) != 1:
                raise GameNotFound(game_id)
            return await self._load_game(db, game_id)

    async def mark_summary_posted(self, game_id: int) -> None:
        async with self._transaction(write=True) as db:
            if await _run(db, "UPDATE games SET summary_posted = 1 WHERE id = ?", (game_id,)) != 1:
                raise GameNotFound(game_id)

    async def turn_start(self, game_id: int, seat: int) -> int:
        """The version at which `seat`'s current turn began: after the last move of anyone else."""
        async with self._transaction(write=False) as db:
            row = await _fetch_one(
                db,
                "SELECT MAX(version) FROM moves WHERE game_id = ? AND seat != ?",
                (game_id, seat),
            )
            if row is not None and row[0] is not None:
                return int(row[0])
            first = await _fetch_one(db, "SELECT MIN(version) FROM moves WHERE game_id = ?", (game_id,))
            if first is not None and first[0] is not None:
                return int(first[0]) - 1
            current = await _fetch_one(db, "SELECT version FROM games WHERE id = ?", (game_id,))
            if current is None:
                raise GameNotFound(game_id)
            return int(current[0])

    async def last_move_version(self, game_id: int, seat: int) -> int | None:
        """The version the seat's newest move made; None before its first move."""
        row = _first(
            await self._query(
                "SELECT MAX(version) FROM moves WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
        )
        return None if row is None or row[0] is None else int(row[0])

    # ------------------------------------------------------------------ timers

    async def replace_timers(
        self, game_id: int, seat: int, turn_version: int, due: dict[str, datetime]
    ) -> None:
        """The seat's reminder and deadline for the turn that began at `turn_version`."""
        async with self._transaction(write=True) as db:
            await _run(db, "DELETE FROM timers WHERE game_id = ? AND seat = ?", (game_id, seat))
            await db.executemany(
                "INSERT INTO timers (game_id, seat, kind, turn_version, due_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seat, kind, turn_version, _stamp(when)) for kind, when in sorted(due.items())],
            )

    async def set_turn_timers(
        self, game_id: int, acting: Collection[int], new: dict[int, tuple[int, dict[str, datetime]]]
    ) -> None:
        """In one transaction: drop the timers of seats no longer acting, and give each
        seat in `new` its (turn start, {kind: due}) timers in place of any it had."""
        keep = sorted(set(acting))
        async with self._transaction(write=True) as db:
            marks = ", ".join("?" * len(keep))
            where = f"game_id = ? AND seat NOT IN ({marks})" if keep else "game_id = ?"
            await _do(db, f"DELETE FROM timers WHERE {where}", (game_id, *keep))
            for seat, (turn_version, due) in sorted(new.items()):
                await _do(db, "DELETE FROM timers WHERE game_id = ? AND seat = ?", (game_id, seat))
                await db.executemany(
                    "INSERT INTO timers (game_id, seat, kind, turn_version, due_at) VALUES (?, ?, ?, ?, ?)",
                    [(game_id, seat, kind, turn_version, _stamp(when)) for kind, when in sorted(due.items())],
                )

    async def timers(self, game_id: int | None = None) -> list[TimerRow]:
        """Pending timers (of one game, or all), soonest first."""
        where, params = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = await self._query(
            f"SELECT game_id, seat, kind, turn_version, due_at FROM timers {where} ORDER BY due_at, game_id",
            params,
        )
        return [_timer_row(row) for row in rows]

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        rows = await self._query(
            "SELECT game_id, seat, kind, turn_version, due_at FROM timers WHERE due_at <= ? "
            "ORDER BY due_at, game_id",
            (_stamp(now),),
        )
        return [_timer_row(row) for row in rows]

    async def next_due(self) -> datetime | None:
        row = _first(await self._query("SELECT MIN(due_at) FROM timers"))
        if row is None or row[0] is None:
            return None
        return _RowReader(0, "timers").timestamp("due_at", row[0])

    async def delete_timers(self, game_id: int, *, seat: int | None = None, kind: str | None = None) -> None:
        conditions: list[str] = ["game_id = ?"]
        params: list[object] = [game_id]
        if seat is not None:
            conditions.append("seat = ?")
            params.append(seat)
        if kind is not None:
            conditions.append("kind = ?")
            params.append(kind)
        async with self._transaction(write=True) as db:
            await _run(db, f"DELETE FROM timers WHERE {' AND '.join(conditions)}", params)

    async def user_timers(self, user_id: int) -> list[TimerRow]:
        """Timers of seats the user holds (as a person, not an AI)."""
        rows = await self._query(
            "SELECT t.game_id, t.seat, t.kind, t.turn_version, t.due_at FROM timers t "
            "JOIN seats s ON s.game_id = t.game_id AND s.seat = t.seat "
            "WHERE s.user_id = ? AND s.is_ai = 0 ORDER BY t.due_at",
            (user_id,),
        )
        return [_timer_row(row) for row in rows]

    async def move_timers(self, moved: Sequence[TimerRow]) -> None:
        """Store new due times for existing timers (an absence moved them)."""
        async with self._transaction(write=True) as db:
            await db.executemany(
                "UPDATE timers SET due_at = ? "
                "WHERE game_id = ? AND seat = ? AND kind = ? AND turn_version = ?",
                [(_stamp(t.due_at), t.game_id, t.seat, t.kind, t.turn_version) for t in moved],
            )

    # ----------------------------------------------------------------- players

    async def player(self, user_id: int) -> PlayerRow:
        """What the user chose; defaults for someone never seen."""
        row = _first(
            await self._query(
                "SELECT user_id, dm, away_until, locale FROM players WHERE user_id = ?", (user_id,)
            )
        )
        if row is None:
            return PlayerRow(user_id)
        read = _RowReader(0, "players")
        return PlayerRow(
            user_id=user_id,
            dm=read.flag("dm", row[1]),
            away_until=read.optional_timestamp("away_until", row[2]),
            locale=read.optional_text("locale", row[3]),
        )

    async def save_player(self, player: PlayerRow) -> None:
        away = None if player.away_until is None else _stamp(player.away_until)
        async with self._transaction(write=True) as db:
            await _run(
                db,
                "INSERT INTO players (user_id, dm, away_until, locale) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm, away_until = excluded.away_until, "
                "locale = excluded.locale",
                (player.user_id, int(player.dm), away, player.locale),
            )

    # ----------------------------------------------------------------- ratings

    async def ratings(self, engine: str, user_ids: Collection[int]) -> dict[int, tuple[float, float]]:
        """(mu, sigma) of those users who have a rating in that game."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._query(
            "SELECT user_id, mu, sigma FROM ratings "
            f"WHERE engine = ? AND user_id IN ({', '.join('?' * len(ids))})",
            (engine, *ids),
        )
        return {int(user): (float(mu), float(sigma)) for user, mu, sigma in rows}

    async def user_ratings(self, user_id: int) -> dict[str, tuple[float, float]]:
        rows = await self._query("SELECT engine, mu, sigma FROM ratings WHERE user_id = ?", (user_id,))
        return {str(engine): (float(mu), float(sigma)) for engine, mu, sigma in rows}

    async def record_ratings(self, game_id: int, engine: str, new: dict[int, tuple[float, float]]) -> bool:
        """Store the ratings a finished game produced and mark it rated, once.

        False (and nothing written) when the game was rated already.
        """
        async with self._transaction(write=True) as db:
            row = await _fetch_one(db, "SELECT status, rated FROM games WHERE id = ?", (game_id,))
            if row is None:
                raise GameNotFound(game_id)
            if row[0] != "finished" or row[1] == 1:
                return False
            await db.executemany(
                "INSERT INTO ratings (user_id, engine, mu, sigma) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id, engine) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
                [(user, engine, mu, sigma) for user, (mu, sigma) in sorted(new.items())],
            )
            await _run(db, "UPDATE games SET rated = 1 WHERE id = ?", (game_id,))
            return True

    async def rated_players(self, guild_id: int | None, engine: str) -> list[tuple[int, float, float]]:
        """(user, mu, sigma) of everyone rated in `engine` who finished a game of it in that server."""
        rows = await self._query(
            "SELECT r.user_id, r.mu, r.sigma FROM ratings r WHERE r.engine = ? AND r.user_id IN ("
            " SELECT s.user_id FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.guild_id IS ? AND g.engine = ? AND g.status = 'finished' AND s.is_ai = 0)",
            (engine, guild_id, engine),
        )
        return [(int(user), float(mu), float(sigma)) for user, mu, sigma in rows]


def _first(rows: list[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    return rows[0] if rows else None


def _timer_row(row: Sequence[Any]) -> TimerRow:
    game_id, seat, kind, turn_version, due_at = row
    read = _RowReader(game_id, "timers")
    return TimerRow(
        game_id=read.integer("game_id", game_id),
        seat=read.integer("seat", seat),
        kind=read.text("kind", kind),
        turn_version=read.integer("turn_version", turn_version),
        due_at=read.timestamp("due_at", due_at),
    )


def _checked_statuses(statuses: Collection[str]) -> list[str]:
    if isinstance(statuses, str):
        raise TypeError("statuses must be a collection of status names, not one string")
    unknown = sorted(set(statuses) - set(STATUSES))
    if unknown:
        raise ValueError(f"unknown game status {', '.join(map(repr, unknown))}")
    return sorted(set(statuses))


async def _configure(db: aiosqlite.Connection, location: str) -> None:
    """Per-connection settings; journal_mode must be set outside a transaction."""
    try:
        await _run(db, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await _run(db, "PRAGMA foreign_keys = ON")
        mode = await _fetch_one(db, "PRAGMA journal_mode = WAL")
        journal = str(mode[0]).lower() if mode else "unknown"
        if journal == "wal" or location == ":memory:":
            await _run(db, "PRAGMA synchronous = NORMAL")
        else:
            log.warning("%s: WAL is unavailable (journal mode %s); using synchronous=FULL", location, journal)
            await _run(db, "PRAGMA synchronous = FULL")
    except sqlite3.Error as error:
        raise StoreError(f"cannot use the database {location!r}: {error}") from error


async def _migrate(db: aiosqlite.Connection) -> None:
    """Bring the schema up to date in one transaction; refuse a database from newer code."""
    target = len(MIGRATIONS)
    try:
        await _run(db, "BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        raise StoreError(f"cannot read the database: {error}") from error
    try:
        row = await _fetch_one(db, "PRAGMA user_version")
        current = int(row[0]) if row else 0
        if current > target:
            raise StoreError(
                f"the database has schema version {current}, but this code knows only up to {target}; "
                "it was written by a newer release — upgrade the bot instead of opening it with this one"
            )
        for number in range(current + 1, target + 1):
            for statement in MIGRATIONS[number - 1]:
                await _run(db, statement)
            log.info("database schema migrated to version %d", number)
        if current != target:
            # PRAGMA takes no bound parameters; `target` is an int we computed.
            await _run(db, f"PRAGMA user_version = {target}")
        await _run(db, "COMMIT")
    except BaseException as error:
        await _rollback_quietly(db)
        if isinstance(error, sqlite3.Error):
            raise StoreError(f"cannot migrate the database schema: {error}") from error
        raise
