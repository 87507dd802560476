"""Records moves into a store until it is killed; used by the kill-safety test.

    python tests/store_crash_child.py DATABASE

Opens the store, starts a new game and records moves in an endless loop.
After each `record_move` has returned — that is, after its commit — it
prints one line ``<game id> <move number> <version>`` and flushes it, so
every line the parent reads is a move the store has acknowledged.
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC
from datetime import datetime
from datetime import timedelta

from store_support import open_lobby

from bot.store import Store

__all__ = ["START", "action_of", "state_after"]

#: The child never reads the clock either: its moves are a minute apart from here.
START = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)

# A few kilobytes of state per move, so the write-ahead log grows quickly and
# a kill can land in the middle of writing pages (or of a checkpoint).
_PADDING = "mauer" * 800


def action_of(number: int) -> str:
    return f"move-{number}"


def state_after(number: int) -> str:
    """The state the child stores with its move `number` (0: the start)."""
    return json.dumps({"moves": number, "padding": _PADDING})


async def record_forever(path: str) -> None:
    store = await Store.open(path)
    game = await open_lobby(store, START)
    game = await store.start_game(game.id, game.version, seed=7, state=state_after(0), now=START)
    number = 0
    while True:
        number += 1
        game = await store.record_move(
            game.id,
            game.version,
            seat=number % 2,
            action=action_of(number),
            state=state_after(number),
            outcome=None,
            now=START + timedelta(minutes=number),
        )
        print(game.id, number, game.version, flush=True)


if __name__ == "__main__":
    asyncio.run(record_forever(sys.argv[1]))
