"""Notices waiting to be posted: what a game's thread must still be told.

A notice (a resignation, an undo, a reminder, a question to the host) is
written here when it arises and deleted only once Discord has accepted its
post, so neither a failed post nor a restart loses it.
"""

from __future__ import annotations

from datetime import datetime

from bot.store.connection import Connection
from bot.store.rows import _stamp
from bot.store.sql import _insert

__all__ = ["NoticeTables"]


class NoticeTables(Connection):
    """The `notices` table."""

    async def add_notice(self, game_id: int, body: str, *, now: datetime) -> int:
        """Keep a notice (its JSON body) until it is posted; its number."""
        async with self._transaction(write=True) as db:
            return await _insert(
                db,
                "INSERT INTO notices (game_id, body, created_at) VALUES (?, ?, ?)",
                (game_id, body, _stamp(now)),
            )

    async def notices(self, game_id: int) -> list[tuple[int, str]]:
        """The game's waiting notices, oldest first: (number, body)."""
        rows = await self._query("SELECT id, body FROM notices WHERE game_id = ? ORDER BY id", (game_id,))
        return [(int(number), str(body)) for number, body in rows]

    async def games_with_notices(self) -> list[int]:
        rows = await self._query("SELECT DISTINCT game_id FROM notices ORDER BY game_id")
        return [int(game_id) for (game_id,) in rows]

    async def notice_posted(self, number: int) -> None:
        await self._statement("DELETE FROM notices WHERE id = ?", (number,))
