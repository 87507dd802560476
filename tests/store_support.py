"""What the store tests share: a lobby opened with nothing in particular about it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.store import GameRow
from bot.store import Store

__all__ = ["LOBBY", "open_lobby"]

#: A game nothing is asked of but that it exists: user 1's, in channel 200 of server 100.
LOBBY: dict[str, Any] = {
    "engine": "chinesische-mauer",
    "guild_id": 100,
    "channel_id": 200,
    "host_id": 1,
    "host_name": "user1",
    "options": {},
}


async def open_lobby(store: Store, now: datetime, **changes: Any) -> GameRow:
    """A new game in the lobby, opened at `now`; `changes` set what the test is about
    (`guild_id=None`: a game played in direct messages)."""
    return await store.create_game(**{**LOBBY, **changes}, now=now)
