"""What the service tests share: a clock the test moves by hand, a renderer that draws
nothing, the people who play, a started game, and a service on a fresh store.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC
from datetime import datetime

from bot.results import Caller
from bot.service import GameService
from bot.store import Store

__all__ = ["FixedSeed", "Now", "clocked_service", "no_image", "person", "started"]


class Now:
    """A clock the test moves by hand: it says `moment` until the test sets another."""

    def __init__(self, start: datetime = datetime(2026, 3, 1, 12, tzinfo=UTC)) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment


class FixedSeed:
    """Stands in for `random.SystemRandom` in the lobby: every game starts from
    seed 0, so that a test can plan its moves."""

    def randrange(self, *_: int) -> int:
        return 0


def no_image(*_: object) -> bytes:
    """The board image and the replay of a test that does not look at them."""
    return b""


def person(user_id: int, guild_id: int, channel_id: int = 500) -> Caller:
    """Someone named after their id ("user3") in a channel of the server `guild_id`."""
    return Caller(user_id, f"user{user_id}", guild_id=guild_id, channel_id=channel_id)


async def started(service: GameService, host: Caller, guest: Caller, engine: str) -> int:
    """A game of `engine` that `host` opened, `guest` joined and `host` started: its id."""
    game_id = (await service.new_game(host, engine)).game_id
    assert game_id is not None
    await service.join(guest, game_id)
    await service.start(host, game_id)
    return game_id


@asynccontextmanager
async def clocked_service(location: str) -> AsyncIterator[tuple[GameService, Now]]:
    """A service on the store at `location` with a hand-moved clock; idle and closed at the end."""
    store = await Store.open(location)
    now = Now()
    service = GameService(store, clock=now, render=lambda *_: b"png")
    try:
        yield service, now
        await service.idle()
    finally:
        await store.close()
