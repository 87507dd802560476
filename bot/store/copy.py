"""Every row of every table, read and written as it is: for moving a database to another
backend (`bot.migrate`, SQLite to PostgreSQL).

The tables' other methods read and write games the way the bot plays them;
these copy rows untouched, ids included. `TABLES` names each table of the
schema with every column and its primary key, in the order a copy writes them
(a game before the rows that refer to it). A copy runs inside one transaction
on each side (`CopyTables.reading_tables`, `CopyTables.writing_tables`): the
source is read from one snapshot, and the target takes every row or none.

On PostgreSQL the ids of `games` and `notices` come from identity sequences;
a copy that writes ids itself must move those past the highest one written
(`TableCopy.renumber`), or the next new game would be given an id taken.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import urllib.request
from collections.abc import AsyncIterator
from collections.abc import Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from typing import Final

from bot.store.connection import Connection
from bot.store.rows import _GAME_COLUMNS
from bot.store.rows import _SEAT_COLUMNS
from bot.store.rows import GameNotFound
from bot.store.rows import GameRow
from bot.store.rows import MoveRow
from bot.store.rows import StoreError
from bot.store.rows import _game_row
from bot.store.rows import _move_row
from bot.store.sql import Session
from bot.store.sql import _fetch_all
from bot.store.sql import _fetch_one

__all__ = ["TABLES", "CopyTables", "Table", "TableCopy", "sqlite_schema_version"]

#: Rows read or written per statement.
PAGE_ROWS: Final = 2_000


@dataclass(frozen=True)
class Table:
    """One table of the schema: its name, every column, and its primary key (the order it is read in)."""

    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]
    #: The table's ``id`` is numbered by the database (an identity column on PostgreSQL).
    numbered: bool = False

    def key_of(self, row: Sequence[Any]) -> tuple[Any, ...]:
        """The primary key of a row read with `columns`."""
        return tuple(row[self.columns.index(column)] for column in self.key)


#: Every column of `games`, in the order of the schema's steps.
_GAME_COLUMNS_ALL: Final = (
    "id", "engine", "guild_id", "channel_id", "thread_id", "lobby_message_id", "host_id", "status",
    "options", "seed", "state", "version", "outcome", "announced_version", "created_at", "updated_at",
    "settings", "locale", "rated", "summary_posted", "notation_version", "pinged_version", "rating_changes",
    "paused_at",
)  # fmt: skip

#: Every column of `server_settings`.
_SERVER_COLUMNS_ALL: Final = (
    "guild_id", "channels", "opener_role", "organiser_role", "deadline_hours", "on_timeout", "locale",
    "open_lobbies", "lobby_days", "updated_at", "league_members", "open_leagues",
)  # fmt: skip

#: Every column of `leagues`.
_LEAGUE_COLUMNS_ALL: Final = (
    "id", "guild_id", "channel_id", "message_id", "organiser_id", "name", "engine", "format", "rounds",
    "deadline_hours", "seed", "status", "round", "locale", "created_at", "updated_at", "ai_level",
)  # fmt: skip

#: Every table of the schema (`bot.store.schema`) with every column, in the order a copy
#: writes them: games first, then what refers to them.
TABLES: Final = (
    Table("games", _GAME_COLUMNS_ALL, ("id",), numbered=True),
    Table("seats", ("game_id", "seat", "user_id", "name", "is_ai", "level"), ("game_id", "seat")),
    Table("moves", ("game_id", "number", "seat", "action", "version", "created_at"), ("game_id", "number")),
    Table("timers", ("game_id", "seat", "kind", "turn_version", "due_at"), ("game_id", "seat", "kind")),
    Table(
        "players",
        (
            "user_id",
            "dm",
            "away_until",
            "locale",
            "quiet_from",
            "quiet_to",
            "quiet_zone",
            "quiet_owed",
            "tips",
        ),
        ("user_id",),
    ),
    Table("ratings", ("user_id", "engine", "mu", "sigma"), ("user_id", "engine")),
    Table("notices", ("id", "game_id", "body", "created_at"), ("id",), numbered=True),
    Table("departed_guilds", ("guild_id", "left_at"), ("guild_id",)),
    Table("server_settings", _SERVER_COLUMNS_ALL, ("guild_id",)),
    Table("leagues", _LEAGUE_COLUMNS_ALL, ("id",), numbered=True),
    Table(
        "league_members",
        ("league_id", "user_id", "name", "joined_at", "dropped_round"),
        ("league_id", "user_id"),
    ),
    Table("league_rounds", ("league_id", "round", "seated_at"), ("league_id", "round")),
    Table(
        "league_tables",
        ("league_id", "round", "table_no", "seats", "game_id"),
        ("league_id", "round", "table_no"),
    ),
    Table(
        "league_posts",
        ("league_id", "what", "state", "tries", "tried_at", "created_at"),
        ("league_id", "what"),
    ),
    Table("tips_seen", ("user_id", "engine", "tip"), ("user_id", "engine", "tip")),
)

#: Tables a backend keeps for itself, not the bot's data: never copied.
_OWN_TABLES: Final = frozenset({"baumeister_schema"})


def sqlite_schema_version(path: str | os.PathLike[str]) -> int:
    """The schema version of the SQLite file at `path`, read without changing it (nor
    creating it); `StoreError` when the file is no database that can be read."""
    uri = "file:" + urllib.request.pathname2url(os.path.abspath(path)) + "?mode=ro"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            row = db.execute("PRAGMA user_version").fetchone()
    except sqlite3.Error as error:
        raise StoreError(f"cannot read the database {os.fspath(path)!r}: {error}") from error
    return int(row[0]) if row else 0


class TableCopy:
    """The rows of every table inside one transaction (`CopyTables`), as they are stored."""

    def __init__(self, db: Session, backend: str) -> None:
        self._db = db
        self._backend = backend

    # ------------------------------------------------------------- reading

    async def table_names(self) -> set[str]:
        """Every table the database holds (but the backend's own bookkeeping)."""
        if self._backend == "sqlite":
            rows = await _fetch_all(
                self._db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        else:
            rows = await _fetch_all(
                self._db,
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
            )
        return {str(name) for (name,) in rows} - _OWN_TABLES

    async def column_names(self, table: Table) -> list[str]:
        """The columns the database has for `table`, in their order there."""
        if self._backend == "sqlite":
            # PRAGMA takes no bound parameters; the name is one of `TABLES`.
            rows = await _fetch_all(self._db, f"PRAGMA table_info({table.name})")
            return [str(row[1]) for row in rows]
        rows = await _fetch_all(
            self._db,
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table.name,),
        )
        return [str(name) for (name,) in rows]

    async def count(self, table: Table) -> int:
        row = await _fetch_one(self._db, f"SELECT COUNT(*) FROM {table.name}")
        return 0 if row is None else int(row[0])

    async def page(
        self, table: Table, after: tuple[Any, ...] | None, limit: int = PAGE_ROWS
    ) -> list[tuple[Any, ...]]:
        """Up to `limit` rows of `table` (every column of `Table.columns`) in the order of its
        primary key, those after the key `after` (None: from the first)."""
        columns, key = ", ".join(table.columns), ", ".join(table.key)
        where, params = "", [limit]
        if after is not None:
            marks = ", ".join("?" * len(after))
            where = f"WHERE ({key}) > ({marks})" if len(after) > 1 else f"WHERE {key} > ?"
            params = [*after, limit]
        return await _fetch_all(
            self._db, f"SELECT {columns} FROM {table.name} {where} ORDER BY {key} LIMIT ?", params
        )

    async def pages(self, table: Table, limit: int = PAGE_ROWS) -> AsyncIterator[list[tuple[Any, ...]]]:
        """Every row of `table`, a page at a time, in the order of its primary key."""
        after: tuple[Any, ...] | None = None
        while rows := await self.page(table, after, limit):
            yield rows
            after = table.key_of(rows[-1])

    async def game(self, game_id: int) -> GameRow:
        """The game with its seats, read as the bot reads it (`CorruptRow` when it cannot be)."""
        row = await _fetch_one(self._db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        seats = await _fetch_all(
            self._db, f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return _game_row(row, seats)

    async def moves(self, game_id: int) -> list[MoveRow]:
        """The game's move log in order, read as the bot reads it."""
        rows = await _fetch_all(
            self._db,
            "SELECT number, seat, action, version, created_at FROM moves WHERE game_id = ? ORDER BY number",
            (game_id,),
        )
        return [_move_row(game_id, row) for row in rows]

    # ------------------------------------------------------------- writing

    async def write(self, table: Table, rows: Sequence[Sequence[Any]]) -> None:
        """Insert `rows` (values of every column of `Table.columns`, ids included) as they are."""
        marks = ", ".join("?" * len(table.columns))
        await self._db.executemany(
            f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES ({marks})", rows
        )

    async def renumber(self) -> None:
        """Move the id sequences past the highest id of their tables, so that a new game or
        notice gets a number of its own (PostgreSQL; SQLite takes the highest id + 1 itself)."""
        if self._backend == "sqlite":
            return
        for table in TABLES:
            if table.numbered:
                await self._db.do(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                    f"COALESCE(MAX(id), 0) + 1, false) FROM {table.name}"
                )


class CopyTables(Connection):
    """Whole tables in one transaction: what a move to another database needs."""

    @asynccontextmanager
    async def reading_tables(self) -> AsyncIterator[TableCopy]:
        """Read every table from one snapshot (the bot may go on writing meanwhile)."""
        async with self._transaction(write=False) as db:
            yield TableCopy(db, self.backend)

    @asynccontextmanager
    async def writing_tables(self) -> AsyncIterator[TableCopy]:
        """Write tables in one transaction: committed when the block ends, rolled back (nothing
        written) when it raises. On PostgreSQL every table is locked against other writers
        first, so what the block found (an empty database) stays so until it ends."""
        async with self._transaction(write=True) as db:
            if self.backend != "sqlite":
                names = ", ".join(table.name for table in TABLES)
                await db.do(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
            yield TableCopy(db, self.backend)
