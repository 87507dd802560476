"""The store on one SQLite file (or ``":memory:"``): the default, nothing to install.

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
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from collections.abc import Sequence
from contextlib import asynccontextmanager
from typing import Any
from typing import Final
from typing import Self

import aiosqlite

import bot.store.schema as schema  # the module, read at each open: tests change MIGRATIONS
from bot.store.rows import StoreError

__all__ = ["SqliteBackend"]

log = logging.getLogger(__name__)

#: How long a statement waits for another connection's lock before failing.
BUSY_TIMEOUT_MS: Final = 5_000


class SqliteSession:
    """Statements on the aiosqlite connection, inside the transaction the backend began."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in await self._db.execute_fetchall(sql, params)]

    async def do(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._db.execute_fetchall(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._db.execute(sql, params) as cursor:
            return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        async with self._db.execute(sql, params) as cursor:
            row_id = cursor.lastrowid
        assert row_id is not None  # an INSERT into a rowid table always has one
        return row_id

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)


class SqliteBackend:
    """One configured, migrated aiosqlite connection."""

    name = "sqlite"
    lock_rows = ""
    claim_rows = ""

    @staticmethod
    def json_list_holds(document: str, key: str, item: str) -> str:
        # `json_each` stops the whole statement at text that is no JSON: such a document
        # (a damaged row) lists nothing instead.
        return (
            f"{item} IN (SELECT value FROM json_each("
            f"CASE WHEN json_valid({document}) THEN {document} END, '$.{key}'))"
        )

    def __init__(self, db: aiosqlite.Connection, location: str) -> None:
        """Use `open`; this only wraps a configured, migrated connection."""
        self._db: aiosqlite.Connection | None = db
        self._lock = asyncio.Lock()
        self.location = location

    @classmethod
    async def open(cls, location: str) -> Self:
        """Open (creating if needed) and migrate the database file at `location`."""
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
        return cls(db, location)

    async def close(self) -> None:
        async with self._lock:
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is closed")
        return self._db

    @asynccontextmanager
    async def transaction(self, *, write: bool) -> AsyncIterator[SqliteSession]:
        """One transaction, alone on the connection; rolled back when anything fails.

        Reads take a transaction too, so the rows read for one answer (a
        game and its seats) come from one snapshot.
        """
        async with self._lock:
            db = self._connection()
            try:
                await db.execute_fetchall("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.Error as error:
                raise StoreError(f"cannot start a transaction: {error}") from error
            except BaseException:
                # Cancelled while BEGIN was queued: it still runs, so undo it
                # before the lock goes to the next transaction.
                await _rollback_quietly(db)
                raise
            async with _rolled_back_on_failure(db, "database error"):
                yield SqliteSession(db)
                await db.execute_fetchall("COMMIT")

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        # No BEGIN and COMMIT around one SELECT: one trip to the database thread, not three.
        async with self._lock:
            try:
                return await SqliteSession(self._connection()).fetch_all(sql, params)
            except sqlite3.Error as error:
                raise StoreError(f"database error: {error}") from error

    async def statement(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._lock:
            try:
                return await SqliteSession(self._connection()).execute(sql, params)
            except sqlite3.Error as error:
                raise StoreError(f"database error: {error}") from error

    async def integrity_check(self) -> str:
        async with self.transaction(write=False) as db:
            rows = await db.fetch_all("PRAGMA integrity_check")
        return "\n".join(str(row[0]) for row in rows)


async def _rollback_quietly(db: aiosqlite.Connection) -> None:
    # The statement queue of the connection is first-in first-out, so this
    # ROLLBACK runs after anything still queued. It may find no transaction
    # (SQLite already rolled back, or a cancelled COMMIT went through): fine.
    try:
        await db.execute_fetchall("ROLLBACK")
    except sqlite3.Error as error:
        log.debug("rollback found no transaction to undo: %s", error)


@asynccontextmanager
async def _rolled_back_on_failure(db: aiosqlite.Connection, failure: str) -> AsyncIterator[None]:
    """Ends the open transaction when the block fails: rolled back, and a database error
    raised again as a `StoreError` that begins with `failure`."""
    try:
        yield
    except BaseException as error:
        await _rollback_quietly(db)
        if isinstance(error, sqlite3.Error):
            raise StoreError(f"{failure}: {error}") from error
        raise


async def _configure(db: aiosqlite.Connection, location: str) -> None:
    """Per-connection settings; journal_mode must be set outside a transaction."""
    session = SqliteSession(db)
    try:
        await session.do(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await session.do("PRAGMA foreign_keys = ON")
        mode = await session.fetch_all("PRAGMA journal_mode = WAL")
        journal = str(mode[0][0]).lower() if mode else "unknown"
        if journal == "wal" or location == ":memory:":
            await session.do("PRAGMA synchronous = NORMAL")
        else:
            log.warning("%s: WAL is unavailable (journal mode %s); using synchronous=FULL", location, journal)
            await session.do("PRAGMA synchronous = FULL")
    except sqlite3.Error as error:
        raise StoreError(f"cannot use the database {location!r}: {error}") from error


async def _migrate(db: aiosqlite.Connection) -> None:
    """Bring the schema up to date in one transaction; refuse a database from newer code."""
    session = SqliteSession(db)
    target = len(schema.MIGRATIONS)
    try:
        await session.do("BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        raise StoreError(f"cannot read the database: {error}") from error
    async with _rolled_back_on_failure(db, "cannot migrate the database schema"):
        row = await session.fetch_all("PRAGMA user_version")
        current = int(row[0][0]) if row else 0
        if current > target:
            raise schema.newer_schema(current)
        for number in range(current + 1, target + 1):
            for statement in schema.MIGRATIONS[number - 1]:
                await session.do(statement)
            log.info("database schema migrated to version %d", number)
        if current != target:
            # PRAGMA takes no bound parameters; `target` is an int we computed.
            await session.do(f"PRAGMA user_version = {target}")
        await session.do("COMMIT")
