"""`Pauses`: the host or a moderator pauses a running game, and resumes it.

While a game is paused no move is accepted (`Play` refuses, and the store
records none), its AI seats wait (`Turns`), and its deadlines do not run: the
store leaves its timers out, as for a server that removed the bot. When it
resumes, its timers move later by the length of the pause (`Clock.postpone`),
so everyone has the time left that they had. The pause is stored with the
game, so a restart keeps it.

The thread hears of at most one pause (and its resume) a game every
`POST_EVERY`. A pause or resume beyond that still happens, as the moderator
asked, but quietly: their answer says that the thread was not told. Refusing
it would leave a moderator who must stop a game now unable to; posting it
would let anyone with the right fill the thread (ten pairs were twenty posts).
When the last pause was posted is stored with the game's settings
(`PAUSE_POSTED`), so a restart keeps the count too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta
from typing import Any

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

__all__ = ["PAUSE_POSTED", "POST_EVERY", "Pauses"]

#: At most one pause and its resume a game are posted to its thread in this long.
POST_EVERY = timedelta(minutes=10)
#: The game's setting that holds when its thread was last told of a pause (ISO time).
PAUSE_POSTED = "pause_posted_at"


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
            now = self._now()
            told = _pause_posted(row.settings)
            quiet = told is not None and now - told < POST_EVERY
            row = await self._games.set_paused(row, now)
            if not quiet:
                await self._games.set_settings(row, {**row.settings, PAUSE_POSTED: now.isoformat()})
                await self._notices.add(
                    game_id, Notice("pause.post", {"by": texts.escape_words(caller.name)})
                )
        self._clock.timers_changed()
        if quiet:
            minutes = int(POST_EVERY.total_seconds()) // 60
            return Reply(
                texts.t("pause.done_quiet", caller.locale, id=game_id, minutes=minutes), game_id=game_id
            )
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
            # The thread hears of a resume when it heard of the pause, and only then.
            told = _pause_posted(row.settings) == row.paused_at
            await self._games.set_paused(row, None)
            if told:
                await self._notices.add(
                    game_id, Notice("resume.post", {"by": texts.escape_words(caller.name)})
                )
        # The AI seats and the deadlines go on from here.
        self._kick(game_id)
        self._clock.timers_changed()
        key = "resume.done" if told else "resume.done_quiet"
        return Reply(texts.t(key, caller.locale, id=game_id), game_id=game_id)


def _pause_posted(settings: dict[str, Any]) -> datetime | None:
    """When the game's thread was last told of a pause (None: never)."""
    stamp = settings.get(PAUSE_POSTED)
    try:
        return datetime.fromisoformat(stamp) if isinstance(stamp, str) else None
    except ValueError:
        return None
