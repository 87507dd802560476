"""Servers the bot was removed from: their games wait until it is added back.

A row here pauses every game of that server: its timers neither remind nor
expire (the `timers` queries leave them out), no AI moves, nothing is posted.
When the bot is added back the row goes, and the service moves the paused
timers later by the time the server was away.
"""

from __future__ import annotations

from datetime import datetime

from bot.store.connection import Connection
from bot.store.rows import _first, _RowReader, _stamp
from bot.store.sql import _fetch_one, _run

__all__ = ["GuildTables"]


class GuildTables(Connection):
    """The `departed_guilds` table."""

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
