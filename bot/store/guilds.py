"""Servers: their own settings (`/config`), and those the bot was removed from, whose
games wait until it is added back.

A row here pauses every game of that server: its timers neither remind nor
expire (the `timers` queries leave them out), no AI moves, nothing is posted.
When the bot is added back the row goes, and the service moves the paused
timers later by the time the server was away.
"""

from __future__ import annotations

import json
from datetime import datetime

from bot.store.connection import Connection
from bot.store.rows import CorruptRow
from bot.store.rows import ServerRow
from bot.store.rows import _first
from bot.store.rows import _RowReader
from bot.store.rows import _stamp
from bot.store.sql import _fetch_one
from bot.store.sql import _run

__all__ = ["GuildTables"]


_SERVER_COLUMNS = (
    "channels, opener_role, organiser_role, deadline_hours, on_timeout, locale, open_lobbies, lobby_days, "
    "league_members, open_leagues"
)


class GuildTables(Connection):
    """The `server_settings` and `departed_guilds` tables."""

    async def server_settings(self, guild_id: int) -> ServerRow:
        """What the server chose; every setting at its default for a server that chose nothing."""
        row = _first(
            await self._query(
                f"SELECT {_SERVER_COLUMNS} FROM server_settings WHERE guild_id = ?", (guild_id,)
            )
        )
        if row is None:
            return ServerRow(guild_id)
        read = _RowReader(guild_id, "server_settings")
        try:
            channels = json.loads(read.text("channels", row[0]))
        except ValueError:
            channels = None
        if not isinstance(channels, list) or not all(type(c) is int for c in channels):
            raise CorruptRow(guild_id, f"server_settings.channels holds {row[0]!r}, expected a list of ids")
        return ServerRow(
            guild_id,
            channels=tuple(channels),
            opener_role=read.optional_integer("opener_role", row[1]),
            organiser_role=read.optional_integer("organiser_role", row[2]),
            deadline_hours=read.optional_integer("deadline_hours", row[3]),
            on_timeout=read.optional_text("on_timeout", row[4]),
            locale=read.optional_text("locale", row[5]),
            open_lobbies=read.optional_integer("open_lobbies", row[6]),
            lobby_days=read.optional_integer("lobby_days", row[7]),
            league_members=read.optional_integer("league_members", row[8]),
            open_leagues=read.optional_integer("open_leagues", row[9]),
        )

    async def save_server_settings(self, settings: ServerRow, *, now: datetime) -> None:
        values = (
            json.dumps(list(settings.channels)),
            settings.opener_role,
            settings.organiser_role,
            settings.deadline_hours,
            settings.on_timeout,
            settings.locale,
            settings.open_lobbies,
            settings.lobby_days,
            settings.league_members,
            settings.open_leagues,
        )
        columns = _SERVER_COLUMNS.split(", ")
        updates = ", ".join(f"{column} = excluded.{column}" for column in [*columns, "updated_at"])
        async with self._transaction(write=True) as db:
            await _run(
                db,
                f"INSERT INTO server_settings (guild_id, {_SERVER_COLUMNS}, updated_at)"
                f" VALUES ({', '.join('?' * (len(columns) + 2))})"
                f" ON CONFLICT (guild_id) DO UPDATE SET {updates}",
                (settings.guild_id, *values, _stamp(now)),
            )

    async def guild_departed(self, guild_id: int, *, now: datetime) -> bool:
        """Note that the bot left that server (if not noted yet); whether this is news."""
        async with self._transaction(write=True) as db:
            added = await _run(
                db,
                "INSERT INTO departed_guilds (guild_id, left_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (guild_id, _stamp(now)),
            )
            return added > 0

    async def guild_returned(self, guild_id: int) -> datetime | None:
        """Forget that the bot left that server; when it left (None: it had not)."""
        # One statement: of two processes that both see the server come back, one learns
        # when it left (and moves its timers), the other that nothing is left to do.
        async with self._transaction(write=True) as db:
            row = await _fetch_one(
                db, "DELETE FROM departed_guilds WHERE guild_id = ? RETURNING left_at", (guild_id,)
            )
        if row is None:
            return None
        return _RowReader(guild_id, "departed_guilds").timestamp("left_at", row[0])

    async def departed_guilds(self) -> set[int]:
        """The servers the bot was removed from and not added back to."""
        return {int(guild_id) for (guild_id,) in await self._query("SELECT guild_id FROM departed_guilds")}

    async def is_departed(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return False
        found = _first(await self._query("SELECT 1 FROM departed_guilds WHERE guild_id = ?", (guild_id,)))
        return found is not None

    async def guilds_with_games(self, statuses: tuple[str, ...] = ("lobby", "running")) -> set[int]:
        """The servers that have games in those states."""
        marks = ", ".join("?" * len(statuses))
        rows = await self._query(
            f"SELECT DISTINCT guild_id FROM games WHERE guild_id IS NOT NULL AND status IN ({marks})",
            statuses,
        )
        return {int(guild_id) for (guild_id,) in rows}
