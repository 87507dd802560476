"""The game service: lobbies, seats, turns, AI seats — everything but Discord.

Front-ends (the Discord adapter, the console) call these coroutines with a
`Caller` and deliver the `Reply` they get back. Every refusal is a
`PlayerError` carrying its sentence. Moves on one game are serialised by a
lock here and guarded by the stored version in the database.

A move is answered as soon as it is stored. What follows from it — AI seats
taking their turns, the thread's post with the board image, direct messages,
deadlines for the next player, the end-of-game summary — is the game's
background work: one task per game at a time, so its posts keep their order,
delivered through the `outbox` the front-end provides. Rendering and AI
thinking run in worker processes so the event loop never blocks. Nothing of it
is lost when the process stops: the store knows which moves the thread has
not heard of yet, and `resume` picks them up.
"""

from __future__ import annotations

from bot.history import Turn
from bot.service.base import Outbox, utcnow
from bot.service.queries import Queries

__all__ = ["GameService", "Outbox", "Turn", "utcnow"]


class GameService(Queries):
    """All game logic a front-end needs, over a `Store`.

    Built in layers, each a module of this package: `base` (state and
    helpers), `commits`, `posts`, `background`, `play`, `lobby`, `queries`.
    """
