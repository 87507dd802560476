"""One connection to the database and how transactions run on it."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import aiosqlite

from bot.store.rows import (
    _GAME_COLUMNS,
    _SEAT_COLUMNS,
    GameNotFound,
    GameRow,
    StaleVersion,
    StoreError,
    WrongStatus,
    _game_row,
)
from bot.store.schema import _configure, _migrate
from bot.store.sql import _do, _fetch_all, _fetch_one, _rollback_quietly, _run

log = logging.getLogger(__name__)


class Connection:
    """A configured, migrated connection; the tables' methods build on it."""

    """Games, seats and move logs in one SQLite file (or ``":memory:"``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        """Use `Store.open`; this only wraps a configured, migrated connection."""
        self._db: aiosqlite.Connection | None = db
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------ life cycle

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Self:
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

    async def _load_game(self, db: aiosqlite.Connection, game_id: int) -> GameRow:
        row = await _fetch_one(db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        seats = await _fetch_all(
            db, f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return _game_row(row, seats)

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
