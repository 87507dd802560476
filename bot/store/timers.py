"""Reminders and deadlines of open turns."""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence
from datetime import datetime
from datetime import timedelta

from bot.shards import Shards
from bot.store.connection import Connection
from bot.store.connection import _shard_condition
from bot.store.rows import TimerRow
from bot.store.rows import _first
from bot.store.rows import _RowReader
from bot.store.rows import _stamp
from bot.store.rows import _timer_row
from bot.store.sql import _do
from bot.store.sql import _fetch_all
from bot.store.sql import _run

#: Leaves out the timers of games in servers the bot was removed from, and of games
#: paused by their host or a moderator.
_NOT_PAUSED = (
    "NOT EXISTS (SELECT 1 FROM games g LEFT JOIN departed_guilds d ON d.guild_id = g.guild_id "
    "WHERE g.id = timers.game_id AND (d.guild_id IS NOT NULL OR g.paused_at IS NOT NULL))"
)


class TimerTables(Connection):
    """The `timers` table."""

    # ------------------------------------------------------------------ timers

    async def set_turn_timers(
        self, game_id: int, acting: Collection[int], new: dict[int, tuple[int, dict[str, datetime]]]
    ) -> None:
        """In one transaction: drop the timers of seats no longer acting, and give each
        seat in `new` its (turn start, {kind: due}) timers in place of any it had."""
        keep = sorted(set(acting))
        async with self._transaction(write=True) as db:
            await self._lock_game(db, game_id)
            marks = ", ".join("?" * len(keep))
            where = f"game_id = ? AND seat NOT IN ({marks})" if keep else "game_id = ?"
            await _do(db, f"DELETE FROM timers WHERE {where}", (game_id, *keep))
            for seat, (turn_version, due) in sorted(new.items()):
                await _do(db, "DELETE FROM timers WHERE game_id = ? AND seat = ?", (game_id, seat))
                await db.executemany(
                    "INSERT INTO timers (game_id, seat, kind, turn_version, due_at) VALUES (?, ?, ?, ?, ?)",
                    [(game_id, seat, kind, turn_version, _stamp(when)) for kind, when in sorted(due.items())],
                )

    async def timers(self, game_id: int | None = None) -> list[TimerRow]:
        """Pending timers (of one game, or all), soonest first."""
        where, params = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = await self._query(
            f"SELECT game_id, seat, kind, turn_version, due_at FROM timers {where} ORDER BY due_at, game_id",
            params,
        )
        return [_timer_row(row) for row in rows]

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        """Timers due by `now`, soonest first; those of paused games (their server removed the bot) wait."""
        rows = await self._query(
            "SELECT game_id, seat, kind, turn_version, due_at FROM timers "
            f"WHERE due_at <= ? AND {_NOT_PAUSED} ORDER BY due_at, game_id",
            (_stamp(now),),
        )
        return [_timer_row(row) for row in rows]

    async def claim_due_timers(
        self, now: datetime, *, lease: timedelta, shards: Shards | None = None, limit: int = 1
    ) -> list[TimerRow]:
        """Take up to `limit` timers due by `now`, soonest first, for the time of a `lease`:
        in the same transaction each falls due again at `now + lease`, so each is taken
        once, however many processes look at once (PostgreSQL: ``FOR UPDATE SKIP
        LOCKED``, each passes over what another is taking). A timer leaves the table only
        once what it caused is stored (`finish_timer`): should the process stop before,
        it is taken again when its lease ends. Those of paused games wait; `shards`: only
        those shards' servers'. The timers are returned as they now stand (lease and all)."""
        mine, shard_params = _shard_condition("g.guild_id", shards)
        if mine:
            mine = f" AND EXISTS (SELECT 1 FROM games g WHERE g.id = timers.game_id{mine})"
        rows = []
        async with self._transaction(write=True) as db:
            rows = await _fetch_all(
                db,
                "UPDATE timers SET due_at = ? WHERE (game_id, seat, kind) IN ("
                f" SELECT game_id, seat, kind FROM timers WHERE due_at <= ? AND {_NOT_PAUSED}{mine}"
                f" ORDER BY due_at, game_id LIMIT ? {self._backend.claim_rows}"
                ") RETURNING game_id, seat, kind, turn_version, due_at",
                (_stamp(now + lease), _stamp(now), *shard_params, limit),
            )
        return sorted((_timer_row(row) for row in rows), key=lambda t: (t.game_id, t.seat, t.kind))

    async def finish_timer(self, timer: TimerRow) -> None:
        """Remove a claimed timer whose effect is stored: only as it was claimed (a timer
        given anew meanwhile, for a new obligation or a later time, stays)."""
        async with self._transaction(write=True) as db:
            await _run(
                db,
                "DELETE FROM timers WHERE game_id = ? AND seat = ? AND kind = ? AND turn_version = ? "
                "AND due_at = ?",
                (timer.game_id, timer.seat, timer.kind, timer.turn_version, _stamp(timer.due_at)),
            )

    async def replace_timer(self, claimed: TimerRow, new: TimerRow) -> None:
        """In one transaction: a claimed timer gives way to the next (a deadline to the
        host's time to answer), unless it was given anew meanwhile."""
        async with self._transaction(write=True) as db:
            await self._lock_game(db, claimed.game_id)
            removed = await _run(
                db,
                "DELETE FROM timers WHERE game_id = ? AND seat = ? AND kind = ? AND turn_version = ? "
                "AND due_at = ?",
                (claimed.game_id, claimed.seat, claimed.kind, claimed.turn_version, _stamp(claimed.due_at)),
            )
            if removed:
                await _do(
                    db,
                    "INSERT INTO timers (game_id, seat, kind, turn_version, due_at) VALUES (?, ?, ?, ?, ?)",
                    (new.game_id, new.seat, new.kind, new.turn_version, _stamp(new.due_at)),
                )

    async def put_timers(self, timers: Sequence[TimerRow]) -> None:
        """Store these timers, in place of any of the same game, seat and kind."""
        async with self._transaction(write=True) as db:
            await db.executemany(
                "INSERT INTO timers (game_id, seat, kind, turn_version, due_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat, kind) DO UPDATE SET "
                "turn_version = excluded.turn_version, due_at = excluded.due_at",
                [(t.game_id, t.seat, t.kind, t.turn_version, _stamp(t.due_at)) for t in timers],
            )

    async def next_due(self, *, shards: Shards | None = None) -> datetime | None:
        """When the soonest timer of a game that is not paused falls due (of `shards`' servers)."""
        mine, shard_params = _shard_condition("g.guild_id", shards)
        if mine:
            mine = f" AND EXISTS (SELECT 1 FROM games g WHERE g.id = timers.game_id{mine})"
        # The soonest first along `timers_by_due`, stopping at the first that is not paused
        # (the range on `due_at`, which holds for every stamp, keeps it a search of the index).
        row = _first(
            await self._query(
                f"SELECT due_at FROM timers WHERE due_at > '' AND {_NOT_PAUSED}{mine} "
                "ORDER BY due_at LIMIT 1",
                shard_params,
            )
        )
        if row is None or row[0] is None:
            return None
        return _RowReader(0, "timers").timestamp("due_at", row[0])

    async def delete_timers(
        self,
        game_id: int,
        *,
        seat: int | None = None,
        kind: str | None = None,
        turn_version: int | None = None,
    ) -> None:
        """Delete a game's timers: all, or those of one seat, kind or obligation (the
        version its turn began at)."""
        conditions: list[str] = ["game_id = ?"]
        params: list[object] = [game_id]
        for column, value in (("seat", seat), ("kind", kind), ("turn_version", turn_version)):
            if value is not None:
                conditions.append(f"{column} = ?")
                params.append(value)
        async with self._transaction(write=True) as db:
            await _run(db, f"DELETE FROM timers WHERE {' AND '.join(conditions)}", params)

    async def user_timers(self, user_id: int) -> list[TimerRow]:
        """Timers of seats the user holds (as a person, not an AI)."""
        rows = await self._query(
            "SELECT t.game_id, t.seat, t.kind, t.turn_version, t.due_at FROM timers t "
            "JOIN seats s ON s.game_id = t.game_id AND s.seat = t.seat "
            "WHERE s.user_id = ? AND s.is_ai = 0 ORDER BY t.due_at",
            (user_id,),
        )
        return [_timer_row(row) for row in rows]

    async def move_timers(self, moved: Sequence[TimerRow]) -> None:
        """Store new due times for existing timers (an absence moved them)."""
        async with self._transaction(write=True) as db:
            await db.executemany(
                "UPDATE timers SET due_at = ? "
                "WHERE game_id = ? AND seat = ? AND kind = ? AND turn_version = ?",
                [(_stamp(t.due_at), t.game_id, t.seat, t.kind, t.turn_version) for t in moved],
            )
