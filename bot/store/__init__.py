"""Persistence — the one package with SQL — on SQLite (the default) or PostgreSQL.

`Store` joins the tables' methods: `games` (games, seats, move logs),
`timers` (reminders and deadlines), `people` (choices and ratings),
`notices` (what threads must still be told), `guilds` (servers that removed
the bot, whose games are paused), `leagues` (leagues, their members, rounds
and tables), `copy` (whole tables as they are stored, to
move a database to another backend), over one `connection` to a backend
(`sqlite`: one file; `postgres`: a server that several processes share;
`sql` says what a backend offers); `rows` holds what they hand out, `schema`
the migrations both backends apply.

The move log is the truth; `games.state` is a cache that replaying the log
must reproduce. A move, its new state and the version bump commit in one
transaction, and every such write names the version it was made against:
a stale one raises `StaleVersion` and writes nothing, so a move is never
applied twice — by this process or by another on the same database.

The store never reads the clock: every write that stamps a time takes
``now`` (timezone-aware, stored as UTC ISO text), so tests control time.
"""

from __future__ import annotations

from bot.store.connection import is_postgres
from bot.store.copy import CopyTables
from bot.store.games import GameTables
from bot.store.guilds import GuildTables
from bot.store.leagues import LEAGUE_FORMATS
from bot.store.leagues import LEAGUE_STATUSES
from bot.store.leagues import LeagueTables
from bot.store.notices import NoticeTables
from bot.store.people import PeopleTables
from bot.store.rows import STATUSES
from bot.store.rows import CorruptRow
from bot.store.rows import GameNotFound
from bot.store.rows import GameRow
from bot.store.rows import LeagueRow
from bot.store.rows import LeagueTableRow
from bot.store.rows import MemberRow
from bot.store.rows import MoveRow
from bot.store.rows import OtherNotation
from bot.store.rows import OwedPost
from bot.store.rows import Places
from bot.store.rows import PlayerRow
from bot.store.rows import SeatRow
from bot.store.rows import SeatSpec
from bot.store.rows import ServerRow
from bot.store.rows import StaleVersion
from bot.store.rows import StoreError
from bot.store.rows import StoreUnavailable
from bot.store.rows import TableTaken
from bot.store.rows import TimerRow
from bot.store.rows import WrongStatus
from bot.store.schema import MIGRATIONS
from bot.store.timers import TimerTables

__all__ = [
    "LEAGUE_FORMATS",
    "LEAGUE_STATUSES",
    "MIGRATIONS",
    "STATUSES",
    "CorruptRow",
    "GameNotFound",
    "GameRow",
    "LeagueRow",
    "LeagueTableRow",
    "MemberRow",
    "MoveRow",
    "OtherNotation",
    "OwedPost",
    "Places",
    "PlayerRow",
    "SeatRow",
    "SeatSpec",
    "ServerRow",
    "StaleVersion",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "TableTaken",
    "TimerRow",
    "WrongStatus",
    "is_postgres",
]


class Store(GameTables, TimerTables, PeopleTables, NoticeTables, GuildTables, LeagueTables, CopyTables):
    """Games, seats, move logs, timers, people and ratings: `Store.open(path or postgresql:// URL)`."""
