"""`People`: what each person chose (direct messages, absence, language), kept in memory.

Read on every turn (who gets a direct message, whose clock is stopped), so
it is kept here after the first read; every change goes through `save`.
Only the most recently asked are kept (`bot.service.cache`), so memory does
not grow with everyone the bot ever saw.
"""

from __future__ import annotations

from bot.service.cache import Recent
from bot.store import PlayerRow
from bot.store import Store

__all__ = ["People"]

#: How many people's choices are kept in memory.
KNOWN_PEOPLE = 5_000


class People:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._known: Recent[int, PlayerRow] = Recent(KNOWN_PEOPLE)

    async def get(self, user_id: int) -> PlayerRow:
        found = self._known.get(user_id)
        if found is None:
            found = await self._store.player(user_id)
            self._known.put(user_id, found)
        return found

    async def fresh(self, user_id: int) -> PlayerRow:
        """Read from the store, not from memory: for decisions another process may have
        changed the ground of (an absence ended through another shard's process)."""
        found = await self._store.player(user_id)
        self._known.put(user_id, found)
        return found

    async def save(self, player: PlayerRow) -> None:
        await self._store.save_player(player)
        self._known.put(player.user_id, player)
