"""`Notices` and `Delivery`: what waits to be said about a game, and the way out.

A notice (a resignation, an undo, a reminder, a question to the host) is
kept in the store until the game's background work has posted it, in order
with the turns, so neither a failed post nor a restart loses it; the
listeners (`on_add`) are told so that the work runs. `Delivery` hands what is
to be said to the front-end's outbox, which raises `DeliveryFailed` when
Discord did not accept a post; without an outbox (tests, scripts) it is kept
in `dispatched`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot.results import DeliveryFailed
from bot.results import DirectMessage
from bot.results import Dispatch
from bot.service.model import Notice
from bot.service.model import Outbox
from bot.store import Store
from games.core import Message

__all__ = ["Delivery", "Notices"]

log = logging.getLogger(__name__)


def _dump(notice: Notice) -> str:
    return json.dumps(
        {
            "key": notice.key,
            "params": Message(notice.key, notice.params).to_json()["params"],
            "board": notice.board,
            "mentions": list(notice.mentions),
            "actions": [list(action) for action in notice.actions],
        }
    )


def _load(body: str) -> Notice:
    data: dict[str, Any] = json.loads(body)
    params = dict(Message.from_json({"key": data["key"], "params": data["params"]}).params)
    actions = tuple((str(label), str(payload)) for label, payload in data["actions"])
    return Notice(str(data["key"]), params, bool(data["board"]), tuple(map(int, data["mentions"])), actions)


class Notices:
    def __init__(self, store: Store, now: Callable[[], datetime]) -> None:
        self._store = store
        self._now = now
        #: Called with the game id when a notice is added.
        self.on_add: list[Callable[[int], None]] = []

    async def add(self, game_id: int, notice: Notice) -> None:
        await self._store.add_notice(game_id, _dump(notice), now=self._now())
        for listener in self.on_add:
            listener(game_id)

    async def waiting(self, game_id: int) -> list[tuple[int, Notice]]:
        """The game's notices not posted yet, oldest first, with their numbers."""
        found = []
        for number, body in await self._store.notices(game_id):
            try:
                found.append((number, _load(body)))
            except (ValueError, KeyError, TypeError):
                log.exception("game %s: notice %s cannot be read; dropped", game_id, number)
                await self._store.notice_posted(number)
        return found

    async def posted(self, number: int) -> None:
        await self._store.notice_posted(number)

    async def games_waiting(self) -> list[int]:
        return await self._store.games_with_notices()


class Delivery:
    def __init__(self, outbox: Outbox | None = None) -> None:
        #: Where posts go; set by the front-end (it may be set after the service is made).
        self.outbox = outbox
        self.dispatched: list[Dispatch] = []
        #: How many posts were handed over so far (the restore paces itself by it).
        self.posts = 0

    async def deliver(self, dispatch: Dispatch) -> None:
        """Hand it over; `DeliveryFailed` when a post was not accepted."""
        if self.outbox is None:
            self.dispatched.append(dispatch)
            self.posts += len(dispatch.posts)
            return
        try:
            await self.outbox(dispatch)
        except DeliveryFailed:
            raise
        except Exception as error:
            log.exception("game %s: delivering %d post(s) failed", dispatch.game_id, len(dispatch.posts))
            raise DeliveryFailed(str(error)) from error
        self.posts += len(dispatch.posts)

    async def direct(self, game_id: int, message: DirectMessage) -> None:
        """A direct message about a game (a reminder), outside any interaction: best effort."""
        try:
            await self.deliver(Dispatch(game_id, None, (), (message,)))
        except DeliveryFailed:
            log.warning("game %s: a direct message to %s was not delivered", game_id, message.user_id)
