"""`Notices` and `Delivery`: what waits to be said about a game, and the way out.

A notice (a resignation, an undo, a reminder, a question to the host) waits
here until the game's background work posts it in order with the turns; the
listeners (`on_add`) are told so that the work runs. `Delivery` hands what
is to be said to the front-end's outbox; without one (tests, scripts) it is
kept in `dispatched`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.results import DirectMessage, Dispatch
from bot.service.model import Notice, Outbox

__all__ = ["Delivery", "Notices"]

log = logging.getLogger(__name__)


class Notices:
    def __init__(self) -> None:
        self._waiting: dict[int, list[Notice]] = {}
        #: Called with the game id when a notice is added.
        self.on_add: list[Callable[[int], None]] = []

    def add(self, game_id: int, notice: Notice) -> None:
        self._waiting.setdefault(game_id, []).append(notice)
        for listener in self.on_add:
            listener(game_id)

    def take(self, game_id: int) -> list[Notice]:
        """The game's waiting notices, oldest first; they are no longer waiting."""
        return self._waiting.pop(game_id, [])


class Delivery:
    def __init__(self, outbox: Outbox | None = None) -> None:
        #: Where posts go; set by the front-end (it may be set after the service is made).
        self.outbox = outbox
        self.dispatched: list[Dispatch] = []

    async def deliver(self, dispatch: Dispatch) -> None:
        if self.outbox is None:
            self.dispatched.append(dispatch)
            return
        try:
            await self.outbox(dispatch)
        except Exception:
            log.exception("game %s: delivering %d post(s) failed", dispatch.game_id, len(dispatch.posts))

    async def direct(self, game_id: int, message: DirectMessage) -> None:
        """A direct message about a game (a reminder), outside any interaction."""
        await self.deliver(Dispatch(game_id, None, (), (message,)))
