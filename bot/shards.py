"""Which Discord servers a process looks after: the servers of its shards.

Discord splits a bot's servers into shards by id: a server belongs to shard
``(guild_id >> 22) % shard_count``, and direct messages to shard 0. A process
connects some shards (`SHARD_COUNT`, `SHARD_IDS`) and receives the commands
of their servers alone, so it also does the background work of those servers
only — turn posts, AI turns, deadlines, the restore after a start — while
other processes on the same database do the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Shards", "shard_of"]


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends a server's events to (direct messages: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """Some of `count` shards: those numbered `ids`."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        if not self.ids:
            raise ValueError("a process needs at least one shard")
        outside = sorted(i for i in self.ids if not 0 <= i < self.count)
        if outside:
            raise ValueError(
                f"shard {', '.join(map(str, outside))} does not exist among {self.count} shards "
                f"(they are numbered 0 to {self.count - 1})"
            )

    @classmethod
    def of(cls, count: int, ids: Iterable[int] | None = None) -> Shards:
        """`ids` of `count` shards; all of them when None."""
        return cls(count, frozenset(range(count) if ids is None else ids))

    @property
    def everything(self) -> bool:
        """Whether these are all the shards there are (one process serves every server)."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids
