"""What the tables' methods need of a database: sessions that run statements, backends that open them.

Two backends implement it: `bot.store.sqlite` (one file, the default) and
`bot.store.postgres` (a server, for several processes). The tables write their
SQL once, in the dialect both understand, with ``?`` for parameters; a backend
translates what its database spells differently (the PostgreSQL backend, for
one, numbers the parameters and drops SQLite's planner hints).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any
from typing import Protocol

__all__ = ["Backend", "Session"]


class Session(Protocol):
    """One transaction's statements, in the order awaited."""

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def do(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement whose row count nobody needs (on SQLite one trip to its
        thread, where `execute` takes two)."""
        ...

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        """Run one INSERT into a table with an ``id`` the database numbers; that number."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


class Backend(Protocol):
    """A database the store runs on."""

    #: ``"sqlite"`` or ``"postgresql"``.
    name: str
    #: Appended to a SELECT that reads a game row a write will change: PostgreSQL's
    #: ``FOR UPDATE`` holds other writers of that game until this transaction ends;
    #: SQLite needs nothing (``BEGIN IMMEDIATE`` already lets one writer in at a time).
    lock_rows: str
    #: Appended to a SELECT that picks rows to take (due timers): PostgreSQL's ``FOR
    #: UPDATE SKIP LOCKED`` passes over rows another process is taking right now, so
    #: each is taken once; SQLite needs nothing (one writer at a time).
    claim_rows: str

    def json_list_holds(self, document: str, key: str, item: str) -> str:
        """A condition: the JSON object in the text `document` lists the integer `item`
        under `key` (`document` and `item` are SQL expressions, `key` a plain word). Each
        database reads JSON with functions of its own."""
        ...

    def transaction(self, *, write: bool) -> AbstractAsyncContextManager[Session]:
        """One transaction, rolled back when anything in it fails. A read transaction
        reads one snapshot; a write one is alone in writing what it reads."""
        ...

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One SELECT on its own (a single statement reads one consistent snapshot)."""
        ...

    async def statement(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement on its own (atomic by itself); the rows it changed."""
        ...

    async def integrity_check(self) -> str:
        """The database's own verdict on its health: ``"ok"`` when healthy."""
        ...

    async def close(self) -> None:
        """Close every connection (waiting for running transactions); safe to call twice."""
        ...


# ------------------------------------------------------------ statement helpers
# The tables' methods call these rather than the session's methods, so that a
# transaction reads the same way on both backends.


async def _fetch_all(db: Session, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    return await db.fetch_all(sql, params)


async def _fetch_one(db: Session, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
    rows = await db.fetch_all(sql, params)
    return rows[0] if rows else None


async def _do(db: Session, sql: str, params: Sequence[Any] = ()) -> None:
    """Execute one statement whose row count nobody needs."""
    await db.do(sql, params)


async def _run(db: Session, sql: str, params: Sequence[Any] = ()) -> int:
    """Execute one statement; the number of rows it changed."""
    return await db.execute(sql, params)


async def _insert(db: Session, sql: str, params: Sequence[Any]) -> int:
    return await db.insert(sql, params)
