"""Bounded memory for the service: a least-recently-used map and per-game locks.

A bot in many servers holds thousands of running games, and most of them sit
idle for days between two moves. What the service keeps in memory to save
work — a game's row, its newest state, its recent moves in words, the
timers last synced, a person's choices — must therefore be bounded by
*recent use*, never by the number of games ever touched. Anything missing
is read from the store again (the store is the truth; memory only saves
work), so forgetting an entry can cost a read, never change an answer.

- `Recent` is that memory: a map holding at most `size` entries; reading or
  writing an entry makes it the newest, and the oldest goes when one more
  arrives. Its owner (`Games`, the single reader and writer of games) drops
  an entry whenever its game changed in a way the entry would not show,
  and when a game is over, so that finished games keep nothing.
- `Locks` gives one `asyncio.Lock` per game, made on demand and forgotten as
  soon as nobody holds it or waits for it: the registry holds only the games
  in use at this moment.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator
from collections.abc import Hashable
from collections.abc import Iterator
from contextlib import asynccontextmanager
from typing import Generic
from typing import TypeVar

__all__ = ["Locks", "Recent"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """A map of at most `size` entries; the least recently used one goes first."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a cache holds at least one entry, not {size}")
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The entry (now the newest), or None."""
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def peek(self, key: K) -> V | None:
        """The entry without making it the newest (for looking, not using)."""
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep `value` as the newest entry; the oldest goes when there are too many."""
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def pop(self, key: K) -> V | None:
        return self._entries.pop(key, None)

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        return iter(list(self._entries))


class Locks(Generic[K]):
    """One lock per key, made when first wanted and forgotten once nobody holds or awaits it."""

    def __init__(self) -> None:
        #: key -> the lock and how many hold it or wait for it.
        self._held: dict[K, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def __call__(self, key: K) -> AsyncIterator[None]:
        lock, users = self._held.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._held[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._held[key]
            if users <= 1:
                del self._held[key]
            else:
                self._held[key] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._held)

    def held(self, key: K) -> bool:
        """Whether someone holds or awaits the key's lock now."""
        return key in self._held
