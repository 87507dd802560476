"""What people chose for themselves, and their ratings."""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import datetime
from datetime import timedelta
from typing import Any

from bot.store.connection import Connection
from bot.store.rows import GameNotFound
from bot.store.rows import PlayerRow
from bot.store.rows import _columns
from bot.store.rows import _first
from bot.store.rows import _RowReader
from bot.store.rows import _stamp
from bot.store.sql import _fetch_all
from bot.store.sql import _fetch_one
from bot.store.sql import _run

_PLAYER_COLUMNS = _columns(PlayerRow)


def _player_row(row: Any) -> PlayerRow:
    return _RowReader(0, "players").row(PlayerRow, row)


class PeopleTables(Connection):
    """The `players` and `ratings` tables."""

    # ----------------------------------------------------------------- players

    async def player(self, user_id: int) -> PlayerRow:
        """What the user chose; defaults for someone never seen."""
        found = await self._query(f"SELECT {_PLAYER_COLUMNS} FROM players WHERE user_id = ?", (user_id,))
        row = _first(found)
        if row is None:
            return PlayerRow(user_id)
        return _player_row(row)

    async def save_player(self, player: PlayerRow) -> None:
        """Store what the person chose; a ping owed them (`quiet_owed`) is kept as stored,
        as only `owe_ping` and `settle_owed_ping` change it."""
        away = None if player.away_until is None else _stamp(player.away_until)
        async with self._transaction(write=True) as db:
            await _run(
                db,
                "INSERT INTO players "
                "(user_id, dm, away_until, locale, quiet_from, quiet_to, quiet_zone, tips) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm, away_until = excluded.away_until, "
                "locale = excluded.locale, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, "
                "quiet_zone = excluded.quiet_zone, tips = excluded.tips",
                (
                    player.user_id,
                    int(player.dm),
                    away,
                    player.locale,
                    player.quiet_from,
                    player.quiet_to,
                    player.quiet_zone,
                    int(player.tips),
                ),
            )

    # ------------------------------------------------------------------- tips

    async def seen_tips(self, user_id: int, engine: str) -> set[str]:
        """The tips of that kind of game the person was shown."""
        rows = await self._query(
            "SELECT tip FROM tips_seen WHERE user_id = ? AND engine = ?", (user_id, engine)
        )
        return {str(tip) for (tip,) in rows}

    async def mark_tip_seen(self, user_id: int, engine: str, tip: str) -> bool:
        """Remember that the person was shown the tip; False when it was remembered already
        (two answers at once show it once)."""
        async with self._transaction(write=True) as db:
            added = await _run(
                db,
                "INSERT INTO tips_seen (user_id, engine, tip) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (user_id, engine, tip),
            )
        return added == 1

    # -------------------------------------------------- pings owed after quiet hours

    async def owe_ping(self, user_id: int, due: datetime) -> None:
        """The person is owed a ping at `due` (the end of their quiet hours); an earlier
        one owed already stays (it covers this one)."""
        async with self._transaction(write=True) as db:
            await _run(
                db,
                "INSERT INTO players (user_id, quiet_owed) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET quiet_owed = excluded.quiet_owed "
                "WHERE players.quiet_owed IS NULL OR players.quiet_owed > excluded.quiet_owed",
                (user_id, _stamp(due)),
            )

    async def claim_owed_pings(self, now: datetime, *, lease: timedelta, limit: int = 1) -> list[PlayerRow]:
        """Take up to `limit` people whose owed ping is due by `now`, for a `lease` (as
        `claim_due_timers`): it falls due again at `now + lease` unless settled by then."""
        async with self._transaction(write=True) as db:
            rows = await _fetch_all(
                db,
                "UPDATE players SET quiet_owed = ? WHERE user_id IN ("
                " SELECT user_id FROM players WHERE quiet_owed IS NOT NULL AND quiet_owed <= ?"
                f" ORDER BY quiet_owed LIMIT ? {self._backend.claim_rows}"
                f") RETURNING {_PLAYER_COLUMNS}",
                (_stamp(now + lease), _stamp(now), limit),
            )
        return sorted((_player_row(row) for row in rows), key=lambda p: p.user_id)

    async def settle_owed_ping(self, claimed: PlayerRow) -> None:
        """The owed ping went out (or nothing was owed after all): only as it was claimed."""
        if claimed.quiet_owed is None:
            return
        async with self._transaction(write=True) as db:
            await _run(
                db,
                "UPDATE players SET quiet_owed = NULL WHERE user_id = ? AND quiet_owed = ?",
                (claimed.user_id, _stamp(claimed.quiet_owed)),
            )

    async def next_owed_ping(self) -> datetime | None:
        """When the soonest owed ping falls due (index `players_owed_ping`)."""
        row = _first(await self._query("SELECT MIN(quiet_owed) FROM players WHERE quiet_owed IS NOT NULL"))
        if row is None or row[0] is None:
            return None
        return _RowReader(0, "players").timestamp("quiet_owed", row[0])

    # ----------------------------------------------------------------- ratings

    async def ratings(self, engine: str, user_ids: Collection[int]) -> dict[int, tuple[float, float]]:
        """(mu, sigma) of those users who have a rating in that game."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._query(
            "SELECT user_id, mu, sigma FROM ratings "
            f"WHERE engine = ? AND user_id IN ({', '.join('?' * len(ids))})",
            (engine, *ids),
        )
        return {int(user): (float(mu), float(sigma)) for user, mu, sigma in rows}

    async def user_ratings(self, user_id: int) -> dict[str, tuple[float, float]]:
        rows = await self._query("SELECT engine, mu, sigma FROM ratings WHERE user_id = ?", (user_id,))
        return {str(engine): (float(mu), float(sigma)) for engine, mu, sigma in rows}

    async def record_ratings(
        self,
        game_id: int,
        engine: str,
        new: dict[int, tuple[float, float]],
        changes: list[tuple[int, int, int]] | None = None,
    ) -> bool:
        """Store the ratings a finished game produced and mark it rated, once.

        `changes` are the displayed ratings (seat, before, after), kept with the
        game for its summary (`rating_changes`). False (and nothing written)
        when the game was rated already.
        """
        async with self._transaction(write=True) as db:
            # Locked (PostgreSQL): of two processes rating the game at once, one does.
            row = await _fetch_one(
                db, f"SELECT status, rated FROM games WHERE id = ? {self._backend.lock_rows}", (game_id,)
            )
            if row is None:
                raise GameNotFound(game_id)
            if row[0] != "finished" or row[1] == 1:
                return False
            await db.executemany(
                "INSERT INTO ratings (user_id, engine, mu, sigma) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id, engine) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
                [(user, engine, mu, sigma) for user, (mu, sigma) in sorted(new.items())],
            )
            await _run(
                db,
                "UPDATE games SET rated = 1, rating_changes = ? WHERE id = ?",
                (json.dumps([list(change) for change in changes or []]), game_id),
            )
            return True

    async def rating_changes(self, game_id: int) -> list[tuple[int, int, int]]:
        """The displayed rating changes (seat, before, after) of a rated game; [] when none
        were kept. A damaged value reads as none: it only decorates a summary."""
        row = _first(await self._query("SELECT rating_changes FROM games WHERE id = ?", (game_id,)))
        if row is None or not isinstance(row[0], str):
            return []
        try:
            found = json.loads(row[0])
            return [(int(seat), int(before), int(after)) for seat, before, after in found]
        except (ValueError, TypeError):
            return []

    async def finished_counts(
        self, user_id: int, *, guild_id: int | None, engine: str | None = None
    ) -> dict[str, tuple[int, int]]:
        """Per game (engine id): how many finished games the user played in a seat of their
        own, and how many of those they won (a seat of theirs among the outcome's winners).

        `guild_id`: that server's games only; None: every server's (games outside any
        server, at a terminal, are left out). `engine`: that game only. The database
        counts, starting from the person's seats (index `seats_by_user`; the unary +
        keeps SQLite from starting at every game of the server instead): a row per game
        comes back, however many games the person played.
        """
        won = self._backend.json_list_holds("g.outcome", "winners", "s.seat")
        conditions = ["s.user_id = ?", "s.is_ai = 0", "+g.status = 'finished'"]
        params: list[Any] = [user_id]
        if guild_id is None:
            conditions.append("+g.guild_id IS NOT NULL")
        else:
            conditions.append("+g.guild_id = ?")
            params.append(guild_id)
        if engine is not None:
            conditions.append("+g.engine = ?")
            params.append(engine)
        rows = await self._query(
            "SELECT engine, COUNT(*), SUM(won) FROM ("
            f" SELECT g.id, g.engine, MAX(CASE WHEN {won} THEN 1 ELSE 0 END) AS won"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            f" WHERE {' AND '.join(conditions)} GROUP BY g.id, g.engine"
            ") AS played GROUP BY engine",
            params,
        )
        return {str(name): (int(played), int(wins)) for name, played, wins in rows}

    async def rated_players(self, guild_id: int | None, engine: str) -> list[tuple[int, float, float]]:
        """(user, mu, sigma) of everyone rated in `engine` who finished a game of it in that server."""
        rows = await self._query(
            "SELECT r.user_id, r.mu, r.sigma FROM ratings r WHERE r.engine = ? AND r.user_id IN ("
            " SELECT s.user_id FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.guild_id IS ? AND g.engine = ? AND g.status = 'finished' AND s.is_ai = 0)",
            (engine, guild_id, engine),
        )
        return [(int(user), float(mu), float(sigma)) for user, mu, sigma in rows]
