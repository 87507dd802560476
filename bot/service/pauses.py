"""`Pauses`: the host or a moderator pauses a running game, and resumes it.

While a game is paused no move is accepted (`Play` refuses, and the store
records none), its AI seats wait (`Turns`), and its deadlines do not run: the
store leaves its timers out, as for a server that removed the bot. When it
resumes, its timers move later by the length of the pause (`Clock.postpone`),
so everyone has the time left that they had. The pause is stored with the
game, so a restart keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta

import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Reply
from bot.service.clock import Clock
from bot.service.games import Games
from bot.service.lobby import check_running
from bot.service.lobby import require_moderator
from bot.service.model import Notice
from bot.service.notices import Notices

__all__ = ["Pauses"]


@dataclass(eq=False)
class Pauses:
    _games: Games
    _notices: Notices
    _clock: Clock
    _now: Callable[[], datetime]
    _kick: Callable[[int], None]

    async def pause(self, caller: Caller, game_id: int) -> Reply:
        async with self._games.lock(game_id):
            row = (await self._games.load(game_id, caller)).row
            require_moderator(caller, row)
            check_running(row)
            if row.paused_at is not None:
                raise PlayerError("pause.already", id=game_id)
            await self._games.set_paused(row, self._now())
            await self._notices.add(game_id, Notice("pause.post", {"by": texts.escape_words(caller.name)}))
        self._clock.timers_changed()
        return Reply(texts.t("pause.done", caller.locale, id=game_id), game_id=game_id)

    async def resume(self, caller: Caller, game_id: int) -> Reply:
        async with self._games.lock(game_id):
            row = (await self._games.load(game_id, caller)).row
            require_moderator(caller, row)
            check_running(row)
            if row.paused_at is None:
                raise PlayerError("resume.not_paused", id=game_id)
            # Moved while the timers still wait: none can fire at its old time in between.
            await self._clock.postpone([game_id], max(self._now() - row.paused_at, timedelta(0)))
            await self._games.set_paused(row, None)
            await self._notices.add(game_id, Notice("resume.post", {"by": texts.escape_words(caller.name)}))
        # The AI seats and the deadlines go on from here.
        self._kick(game_id)
        self._clock.timers_changed()
        return Reply(texts.t("resume.done", caller.locale, id=game_id), game_id=game_id)
