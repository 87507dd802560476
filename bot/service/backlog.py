"""`Backlog`: background work kept by key, a game's (`Turns`) or a league's (`Leagues`).

One task a key at a time, so that one key's work keeps its order; a kick
while it runs has it run once more. Work that failed is tried again after a
wait that doubles with each failure in a row (`backoff`: 5 s, 10 s, 20 s … up
to 10 minutes); a kick meanwhile tries at once anyway. What a failure is, and
what is said of it, is the owner's: its `step` catches what it raises and asks
for a `retry`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field

__all__ = ["RETRY_FIRST", "RETRY_LONGEST", "Backlog", "backoff"]

#: The first wait before trying failed work again, and the longest, in seconds.
RETRY_FIRST = 5.0
RETRY_LONGEST = 600.0


def backoff(failures: int) -> float:
    """The wait before trying again after this many failures in a row."""
    return min(RETRY_FIRST * 2.0 ** (failures - 1), RETRY_LONGEST)


@dataclass(eq=False)
class Backlog:
    #: What the tasks are named after: "game", "league".
    kind: str
    #: One pass of a key's work; it catches its own failures (and asks for a `retry`).
    step: Callable[[int], Awaitable[None]]
    #: key -> its work's task while it runs; the keys whose work must run again.
    tasks: dict[int, asyncio.Task[None]] = field(init=False, default_factory=dict)
    dirty: set[int] = field(init=False, default_factory=set)
    #: key -> the wait before its failed work is tried again.
    retries: dict[int, asyncio.Task[None]] = field(init=False, default_factory=dict)

    def kick(self, key: int) -> None:
        """Run the key's work soon (again, if it is running now)."""
        self.dirty.add(key)
        if key not in self.tasks:
            self.tasks[key] = asyncio.create_task(self._work(key), name=f"{self.kind}-{key}")

    async def _work(self, key: int) -> None:
        try:
            while key in self.dirty:
                self.dirty.discard(key)
                await self.step(key)
        finally:
            self.tasks.pop(key, None)

    def retry(self, key: int, delay: float) -> None:
        """Run the key's work again in `delay` seconds, unless a retry waits already."""
        if key not in self.retries:
            self.retries[key] = asyncio.create_task(self._retry(key, delay), name=f"{self.kind}-retry-{key}")

    async def _retry(self, key: int, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
        finally:
            self.retries.pop(key, None)
        self.kick(key)

    def in_hand(self, key: int) -> bool:
        """Whether the key's work is under way or waits to be tried again."""
        return key in self.tasks or key in self.retries

    async def settled(self, key: int) -> None:
        """Wait until the key's work is done."""
        while (task := self.tasks.get(key)) is not None:
            await asyncio.wait({task})

    def stop_retrying(self) -> None:
        for task in self.retries.values():
            task.cancel()
