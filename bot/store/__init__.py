"""Persistence in SQLite — the one package with SQL.

`Store` joins the tables' methods: `games` (games, seats, move logs),
`timers` (reminders and deadlines), `people` (choices and ratings),
`notices` (what threads must still be told), `guilds` (servers that removed
the bot, whose games are paused), over one
`connection`; `rows` holds what they hand out, `schema` the migrations.

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

from bot.store.games import GameTables
from bot.store.guilds import GuildTables
from bot.store.notices import NoticeTables
from bot.store.people import PeopleTables
from bot.store.rows import (
    STATUSES,
    CorruptRow,
    GameNotFound,
    GameRow,
    MoveRow,
    OtherNotation,
    PlayerRow,
    SeatRow,
    StaleVersion,
    StoreError,
    TimerRow,
    WrongStatus,
)
from bot.store.schema import MIGRATIONS
from bot.store.timers import TimerTables

__all__ = [
    "MIGRATIONS",
    "STATUSES",
    "CorruptRow",
    "GameNotFound",
    "GameRow",
    "MoveRow",
    "OtherNotation",
    "PlayerRow",
    "SeatRow",
    "StaleVersion",
    "Store",
    "StoreError",
    "TimerRow",
    "WrongStatus",
]


class Store(GameTables, TimerTables, PeopleTables, NoticeTables, GuildTables):
    """Games, seats, move logs, timers, people and ratings in one SQLite file (or ``":memory:"``)."""
