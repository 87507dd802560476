"""Leagues: the league, its members, its rounds and each round's tables and games.

A round is seated in one transaction (its tables with their seats, the
league's round number moved on from the one before: a compare-and-set, so a
round is never seated twice, and the posts that makes owed); each table's
game is stored with the table it is played at, in one transaction
(`GameTables.create_game`). What a league still owes (a game to open or
start, a post to make) is read back from these rows.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.shards import Shards
from bot.store.connection import Connection
from bot.store.connection import _shard_condition
from bot.store.rows import DEFAULT_LEVEL
from bot.store.rows import CorruptRow
from bot.store.rows import LeagueRow
from bot.store.rows import LeagueTableRow
from bot.store.rows import MemberRow
from bot.store.rows import OwedPost
from bot.store.rows import _columns
from bot.store.rows import _first
from bot.store.rows import _RowReader
from bot.store.rows import _stamp
from bot.store.sql import _fetch_all
from bot.store.sql import _insert
from bot.store.sql import _run

__all__ = ["LEAGUE_FORMATS", "LEAGUE_STATUSES", "LeagueTables"]

LEAGUE_FORMATS = ("swiss", "round-robin")
LEAGUE_STATUSES = ("signup", "running", "finished", "cancelled")

_LEAGUE_COLUMNS = _columns(LeagueRow)


def _league_row(row: Sequence[Any]) -> LeagueRow:
    league = _RowReader(int(row[0]), "leagues").row(LeagueRow, row)
    if league.status not in LEAGUE_STATUSES:
        raise CorruptRow(league.id, f"leagues.status holds {league.status!r}")
    return league


def _seats(league_id: int, text: object) -> tuple[int | None, ...]:
    try:
        seats = json.loads(str(text))
    except ValueError:
        seats = None
    if not isinstance(seats, list) or not all(seat is None or type(seat) is int for seat in seats):
        raise CorruptRow(league_id, f"league_tables.seats holds {text!r}, expected a list of ids")
    return tuple(seats)


async def _owe(db: Any, league_id: int, what: str, now: datetime) -> bool:
    added = await _run(
        db,
        "INSERT INTO league_posts (league_id, what, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (league_id, what, _stamp(now)),
    )
    return added == 1


class LeagueTables(Connection):
    """The `leagues`, `league_members`, `league_rounds` and `league_tables` tables."""

    async def create_league(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        name: str,
        engine: str,
        format: str,  # noqa: A002 - the column's name
        rounds: int,
        deadline_hours: int,
        seed: int,
        locale: str | None,
        now: datetime,
        ai_level: str = DEFAULT_LEVEL,
    ) -> LeagueRow:
        """A new league, open for sign-up; `ai_level`: the level of the AI seated for a
        missing member."""
        stamp = _stamp(now)
        values = (guild_id, channel_id, organiser_id, name, engine, format, rounds, deadline_hours, seed)
        async with self._transaction(write=True) as db:
            league_id = await _insert(
                db,
                "INSERT INTO leagues (guild_id, channel_id, organiser_id, name, engine, format, rounds, "
                "deadline_hours, seed, status, locale, created_at, updated_at, ai_level) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?, ?)",
                (*values, locale, stamp, stamp, ai_level),
            )
        found = await self.league(league_id)
        if found is None:
            raise CorruptRow(league_id, "the league just stored cannot be read back")
        return found

    async def league(self, league_id: int) -> LeagueRow | None:
        row = _first(await self._query(f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,)))
        return None if row is None else _league_row(row)

    async def leagues(
        self, guild_id: int | None = None, statuses: Collection[str] = LEAGUE_STATUSES, *, limit: int = 100
    ) -> list[LeagueRow]:
        """A server's leagues (None: every server's) of these statuses, newest first."""
        wanted = sorted(set(statuses) & set(LEAGUE_STATUSES))
        if not wanted:
            return []
        where = f"status IN ({', '.join('?' * len(wanted))})"
        params: list[Any] = list(wanted)
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self._query(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE {where} ORDER BY id DESC LIMIT ?", (*params, limit)
        )
        return [_league_row(row) for row in rows]

    async def leagues_owing(
        self, *, after: int = 0, limit: int = 500, shards: Shards | None = None
    ) -> list[int]:
        """Leagues with something to do now, by number, a page at a time (those after
        `after`): a post owed; a running league whose round is over (no table of it still
        being played) or that has a table whose game is not opened or not started; a
        cancelled league with a table still being played. A league whose tables are all
        being played owes nothing, however long they take. `shards`: only the leagues of
        those shards' servers."""
        mine, shard_params = _shard_condition("l.guild_id", shards)
        rows = await self._query(
            "SELECT l.id FROM leagues l WHERE l.id > ?"
            f"{mine} AND ("
            " EXISTS (SELECT 1 FROM league_posts p WHERE p.league_id = l.id AND p.state = 'owed')"
            " OR (l.status = 'running' AND NOT EXISTS (SELECT 1 FROM league_tables t"
            "  JOIN games g ON g.id = t.game_id"
            "  WHERE t.league_id = l.id AND t.round = l.round AND g.status = 'running'))"
            " OR (l.status IN ('running', 'cancelled') AND EXISTS (SELECT 1 FROM league_tables t"
            "  LEFT JOIN games g ON g.id = t.game_id WHERE t.league_id = l.id AND t.round = l.round"
            "  AND ((g.id IS NULL AND l.status = 'running') OR g.status = 'lobby'"
            "   OR (g.status = 'running' AND l.status = 'cancelled'))))"
            ") ORDER BY l.id LIMIT ?",
            (after, *shard_params, limit),
        )
        return [int(row[0]) for row in rows]

    async def guilds_with_leagues(self, statuses: Collection[str]) -> list[int]:
        """The servers that have leagues of these statuses."""
        wanted = sorted(set(statuses) & set(LEAGUE_STATUSES))
        if not wanted:
            return []
        rows = await self._query(
            f"SELECT DISTINCT guild_id FROM leagues WHERE status IN ({', '.join('?' * len(wanted))})",
            tuple(wanted),
        )
        return [int(row[0]) for row in rows]

    async def league_games(self, *, shards: Shards | None = None) -> dict[int, int]:
        """The games being played at running leagues' tables (of those shards' servers):
        game id -> its league."""
        mine, shard_params = _shard_condition("l.guild_id", shards)
        rows = await self._query(
            "SELECT t.game_id, t.league_id FROM league_tables t JOIN leagues l ON l.id = t.league_id"
            " JOIN games g ON g.id = t.game_id"
            f" WHERE l.status = 'running' AND g.status IN ('lobby', 'running'){mine}",
            tuple(shard_params),
        )
        return {int(game_id): int(league_id) for game_id, league_id in rows}

    async def open_leagues(self, guild_id: int) -> int:
        """How many leagues of the server are signing up or running."""
        row = _first(
            await self._query(
                "SELECT COUNT(*) FROM leagues WHERE guild_id = ? AND status IN ('signup', 'running')",
                (guild_id,),
            )
        )
        return 0 if row is None else int(row[0])

    async def set_league_message(self, league_id: int, message_id: int | None) -> None:
        await self._statement(
            "UPDATE leagues SET message_id = ? WHERE id = ?",
            (message_id, league_id),
        )

    async def set_league_status(
        self,
        league_id: int,
        status: str,
        *,
        was: Collection[str],
        now: datetime,
        rounds: int | None = None,
        owe: str | None = None,
    ) -> bool:
        """Move the league to `status` if it is in one of `was` now (and set its `rounds`);
        whether it was. `owe`: the post this makes owed ('final', 'cancelled'), stored with it."""
        if status not in LEAGUE_STATUSES:
            raise ValueError(f"unknown league status {status!r}")
        before = sorted(was)
        sets = "status = ?, updated_at = ?" + (", rounds = ?" if rounds is not None else "")
        params: list[Any] = [status, _stamp(now)] + ([rounds] if rounds is not None else [])
        async with self._transaction(write=True) as db:
            changed = await _run(
                db,
                f"UPDATE leagues SET {sets} WHERE id = ? AND status IN ({', '.join('?' * len(before))})",
                (*params, league_id, *before),
            )
            if changed != 1:
                return False
            if owe is not None:
                await _owe(db, league_id, owe, now)
            return True

    # -------------------------------------------------------------- posts

    async def owed_league_posts(self, league_id: int) -> list[OwedPost]:
        """The posts the league owes, in the order they became owed."""
        rows = await self._query(
            "SELECT what, tries, tried_at FROM league_posts WHERE league_id = ? AND state = 'owed' "
            "ORDER BY created_at, what",
            (league_id,),
        )
        read = _RowReader(league_id, "league_posts")
        return [
            OwedPost(str(what), read.integer("tries", tries), read.optional_timestamp("tried_at", tried_at))
            for what, tries, tried_at in rows
        ]

    async def owe_league_post(self, league_id: int, what: str, *, now: datetime) -> bool:
        """Owe that post (once: a post owed or made before is not owed again); whether it is new."""
        async with self._transaction(write=True) as db:
            return await _owe(db, league_id, what, now)

    async def league_post_done(self, league_id: int, what: str) -> None:
        await self._statement(
            "UPDATE league_posts SET state = 'done' WHERE league_id = ? AND what = ?", (league_id, what)
        )

    async def league_post_failed(self, league_id: int, what: str, *, most: int, now: datetime) -> bool:
        """Count a failed try of that post (at `now`); after `most` tries it is given up.
        Whether it is."""
        async with self._transaction(write=True) as db:
            await _run(
                db,
                "UPDATE league_posts SET tries = tries + 1, tried_at = ?, "
                "state = CASE WHEN tries + 1 >= ? THEN 'given_up' ELSE state END "
                "WHERE league_id = ? AND what = ? AND state = 'owed'",
                (_stamp(now), most, league_id, what),
            )
            rows = await _fetch_all(
                db, "SELECT state FROM league_posts WHERE league_id = ? AND what = ?", (league_id, what)
            )
            return bool(rows) and rows[0][0] == "given_up"

    async def league_posts(self, league_id: int) -> dict[str, tuple[str, int]]:
        """Every post of the league: what -> (its state, its tries)."""
        rows = await self._query(
            "SELECT what, state, tries FROM league_posts WHERE league_id = ?", (league_id,)
        )
        return {str(what): (str(state), int(tries)) for what, state, tries in rows}

    # ------------------------------------------------------------ members

    async def members(self, league_id: int) -> list[MemberRow]:
        """The league's members in the order they joined."""
        rows = await self._query(
            "SELECT user_id, name, dropped_round FROM league_members WHERE league_id = ? "
            "ORDER BY joined_at, user_id",
            (league_id,),
        )
        read = _RowReader(league_id, "league_members")
        return [read.row(MemberRow, row) for row in rows]

    async def add_member(
        self, league_id: int, user_id: int, name: str, *, now: datetime, most: int | None = None
    ) -> bool:
        """Sign someone up while the league is signing up and has fewer than `most` members
        (None: no limit); whether they were added."""
        async with self._transaction(write=True) as db:
            rows = await _fetch_all(db, "SELECT status FROM leagues WHERE id = ?", (league_id,))
            if not rows or rows[0][0] != "signup":
                return False
            if most is not None:
                count = await _fetch_all(
                    db, "SELECT COUNT(*) FROM league_members WHERE league_id = ?", (league_id,)
                )
                if int(count[0][0]) >= most:
                    return False
            added = await _run(
                db,
                "INSERT INTO league_members (league_id, user_id, name, joined_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (league_id, user_id) DO NOTHING",
                (league_id, user_id, name, _stamp(now)),
            )
            return added == 1

    async def remove_member(self, league_id: int, user_id: int) -> bool:
        """Withdraw someone before the start; whether they were signed up."""
        removed = await self._statement(
            "DELETE FROM league_members WHERE league_id = ? AND user_id = ? "
            "AND league_id IN (SELECT id FROM leagues WHERE status = 'signup')",
            (league_id, user_id),
        )
        return removed == 1

    async def drop_member(self, league_id: int, user_id: int, round_number: int) -> bool:
        """A member leaves a running league in that round; whether they were still in."""
        dropped = await self._statement(
            "UPDATE league_members SET dropped_round = ? "
            "WHERE league_id = ? AND user_id = ? AND dropped_round IS NULL",
            (round_number, league_id, user_id),
        )
        return dropped == 1

    # ------------------------------------------------------------- rounds

    async def seat_league_round(
        self, league_id: int, round_number: int, tables: Sequence[Sequence[int | None]], *, now: datetime
    ) -> bool:
        """Store round `round_number` with its tables, if the league is running and its last
        round is the one before; whether it was stored (False: seated already)."""
        async with self._transaction(write=True) as db:
            moved = await _run(
                db,
                "UPDATE leagues SET round = ?, updated_at = ? "
                "WHERE id = ? AND round = ? AND status = 'running'",
                (round_number, _stamp(now), league_id, round_number - 1),
            )
            if moved != 1:
                return False
            await _run(
                db,
                "INSERT INTO league_rounds (league_id, round, seated_at) VALUES (?, ?, ?)",
                (league_id, round_number, _stamp(now)),
            )
            for number, seats in enumerate(tables, start=1):
                await _run(
                    db,
                    "INSERT INTO league_tables (league_id, round, table_no, seats) VALUES (?, ?, ?, ?)",
                    (league_id, round_number, number, json.dumps(list(seats))),
                )
                await _owe(db, league_id, f"table:{round_number}:{number}", now)
            await _owe(db, league_id, f"pairings:{round_number}", now)
            return True

    async def league_tables(self, league_id: int) -> list[LeagueTableRow]:
        """Every table of every round, in order."""
        rows = await self._query(
            "SELECT round, table_no, seats, game_id FROM league_tables "
            "WHERE league_id = ? ORDER BY round, table_no",
            (league_id,),
        )
        read = _RowReader(league_id, "league_tables")
        return [
            LeagueTableRow(
                read.integer("round", number),
                read.integer("table_no", table),
                _seats(league_id, seats),
                read.optional_integer("game_id", game_id),
            )
            for number, table, seats, game_id in rows
        ]

    async def league_of_game(self, game_id: int) -> int | None:
        """The league whose table that game is (None: not a league game)."""
        row = _first(await self._query("SELECT league_id FROM league_tables WHERE game_id = ?", (game_id,)))
        return None if row is None else int(row[0])
