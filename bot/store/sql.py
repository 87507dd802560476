"""Statements on an aiosqlite connection: each helper is one trip to its thread (`_run` two)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

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
