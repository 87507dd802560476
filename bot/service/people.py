"""`People`: what each person chose (direct messages, absence, language), kept in memory.

Read on every turn (who gets a direct message, whose clock is stopped), so
it is kept here after the first read; every change goes through `save`.
"""

from __future__ import annotations

from bot.store import PlayerRow, Store

__all__ = ["People"]


class People:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._known: dict[int, PlayerRow] = {}

    async def get(self, user_id: int) -> PlayerRow:
        found = self._known.get(user_id)
        if found is None:
            found = self._known[user_id] = await self._store.player(user_id)
        return found

    async def save(self, player: PlayerRow) -> None:
        await self._store.save_player(player)
        self._known[player.user_id] = player
