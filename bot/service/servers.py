"""`Servers`: a server that removes the bot pauses its games; adding it back resumes them.

While the bot is away from a server nobody there can act, so nothing may act
for them: that server's deadlines and reminders wait (the store leaves their
timers out), no AI takes a turn, nothing is posted, so no game ends and
none is rated. When the bot is added back, the timers move later by the time
it was away (everyone has the time left that they had) and every game's
background work runs again: the posts that waited go out.

Discord tells the bot when it is removed or added while it runs; at start-up
`reconcile` compares the servers it is in with those that have games, for
what happened while it was down.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Collection
from dataclasses import dataclass
from dataclasses import field
from datetime import datetime
from datetime import timedelta

from bot.service.clock import Clock
from bot.service.games import Games
from bot.service.model import Ownership

__all__ = ["Servers"]

log = logging.getLogger(__name__)

#: The game statuses that a pause concerns.
ACTIVE = ("lobby", "running")
#: The league statuses that leaving a server ends.
ACTIVE_LEAGUES = ("signup", "running")


@dataclass(eq=False)
class Servers:
    _games: Games
    _clock: Clock
    _now: Callable[[], datetime]
    _kick: Callable[[int], None]
    #: A process sees the servers of its own shards only: the others' are not missing.
    _ownership: Ownership = field(default_factory=Ownership)
    #: Told of a server the bot left (its leagues close: a season cannot wait for ever).
    on_left: list[Callable[[int], Awaitable[None]]] = field(default_factory=list)

    async def left(self, guild_id: int) -> None:
        """The bot was removed from that server: pause its games, close its leagues."""
        if await self._games.store.guild_departed(guild_id, now=self._now()):
            log.info("removed from server %s: its games are paused", guild_id)
            self._clock.timers_changed()
        for listener in self.on_left:
            await listener(guild_id)

    async def returned(self, guild_id: int) -> None:
        """The bot is in that server again: resume its paused games."""
        left_at = await self._games.store.guild_returned(guild_id)
        if left_at is None:
            return
        away = max(self._now() - left_at, timedelta(0))
        running = await self._games.store.list_games(guild_id=guild_id, statuses=("running",))
        await self._clock.postpone([row.id for row in running], away)
        log.info("back in server %s after %s: %s games resume", guild_id, away, len(running))
        for row in running:
            self._kick(row.id)

    async def reconcile(self, present: Collection[int]) -> None:
        """At start-up: `present` are the servers the bot is in now (of this process's shards)."""
        here = set(present)
        owns = self._ownership.owns
        store = self._games.store
        known = set(await store.guilds_with_games(ACTIVE))
        known |= set(await store.guilds_with_leagues(ACTIVE_LEAGUES))
        for guild_id in sorted(known - here):
            if owns(guild_id):
                await self.left(guild_id)
        for guild_id in await self._games.store.departed_guilds():
            if guild_id in here:
                await self.returned(guild_id)

    async def paused(self, guild_id: int | None) -> bool:
        """Whether games of that server wait for the bot to be added back."""
        return await self._games.store.is_departed(guild_id)
