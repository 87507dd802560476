"""The store's hold on its database and how transactions run on it."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from collections.abc import Collection
from collections.abc import Sequence
from contextlib import asynccontextmanager
from typing import Any
from typing import Self

import aiosqlite

from bot.shards import Shards
from bot.store.rows import _GAME_COLUMNS
from bot.store.rows import _SEAT_COLUMNS
from bot.store.rows import GameNotFound
from bot.store.rows import GameRow
from bot.store.rows import StaleVersion
from bot.store.rows import WrongStatus
from bot.store.rows import _game_row
from bot.store.sql import Backend
from bot.store.sql import Session
from bot.store.sql import _fetch_all
from bot.store.sql import _fetch_one
from bot.store.sql import _run

log = logging.getLogger(__name__)

#: A location that starts with one of these is a PostgreSQL server's URL; anything else is a file.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(location: str | os.PathLike[str]) -> bool:
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


def _shard_condition(guild_column: str, shards: Shards | None) -> tuple[str, list[int]]:
    """`` AND …`` keeping the rows whose server belongs to `shards` (Discord's rule,
    `bot.shards.shard_of`: direct messages, no server, go to shard 0); nothing for all."""
    if shards is None or shards.everything:
        return "", []
    ids = sorted(shards.ids)
    marks = ", ".join("?" * len(ids))
    return f" AND ((COALESCE({guild_column}, 0) >> 22) % ?) IN ({marks})", [shards.count, *ids]


class Connection:
    """A configured, migrated database (`bot.store.sql.Backend`); the tables' methods build on it."""

    def __init__(self, backend: Backend) -> None:
        """Use `Store.open`; this only wraps an open backend."""
        self._backend = backend

    # ------------------------------------------------------------ life cycle

    @classmethod
    async def open(cls, location: str | os.PathLike[str]) -> Self:
        """Open and migrate the database at `location`: a ``postgresql://`` URL (a
        PostgreSQL server, for several processes) or a file path (SQLite, created
        if needed; ``":memory:"`` for one that lives as long as the store)."""
        if is_postgres(location):
            # Imported only when asked for: a bot on SQLite does without asyncpg.
            from bot.store.postgres import PostgresBackend

            return cls(await PostgresBackend.open(str(location)))
        from bot.store.sqlite import SqliteBackend

        return cls(await SqliteBackend.open(os.fspath(location)))

    async def close(self) -> None:
        """Close the database (waiting for running transactions); safe to call twice."""
        await self._backend.close()

    @property
    def backend(self) -> str:
        """Which database this is: ``"sqlite"`` or ``"postgresql"``."""
        return self._backend.name

    @property
    def _db(self) -> aiosqlite.Connection | None:
        """The SQLite connection, for tests that look at its settings and statements."""
        db = getattr(self._backend, "_db", None)
        return db if isinstance(db, aiosqlite.Connection) else None

    @asynccontextmanager
    async def _transaction(self, *, write: bool) -> AsyncIterator[Session]:
        """One transaction; rolled back when anything fails (`Backend.transaction`)."""
        async with self._backend.transaction(write=write) as db:
            yield db

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One SELECT on its own: a single statement reads one consistent snapshot."""
        return await self._backend.query(sql, params)

    async def _statement(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement on its own (atomic by itself); the number of rows it changed."""
        return await self._backend.statement(sql, params)

    async def _lock_game(self, db: Session, game_id: int) -> None:
        """Hold other writers of this game until the transaction ends (PostgreSQL; on
        SQLite the write transaction holds every other writer already)."""
        if self._backend.lock_rows:
            await _fetch_one(db, f"SELECT 1 FROM games WHERE id = ? {self._backend.lock_rows}", (game_id,))

    async def _load_game(self, db: Session, game_id: int) -> GameRow:
        row = await _fetch_one(db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        seats = await _fetch_all(
            db, f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return _game_row(row, seats)

    async def _check(
        self,
        db: Session,
        game_id: int,
        expected_version: int,
        *,
        doing: str,
        allowed: Collection[str],
    ) -> None:
        """The compare half of compare-and-set, inside the write transaction."""
        row = await _fetch_one(
            db, f"SELECT status, version FROM games WHERE id = ? {self._backend.lock_rows}", (game_id,)
        )
        if row is None:
            raise GameNotFound(game_id)
        status, version = row
        if version != expected_version:
            raise StaleVersion(game_id, expected_version, version)
        if status not in allowed:
            raise WrongStatus(game_id, status, doing, allowed)

    async def _update(
        self,
        db: Session,
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
