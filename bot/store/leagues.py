"""Leagues: the league, its members, its rounds and each round's tables and games.

A round is seated in one transaction (its tables with their seats, the
league's round number moved on from the one before: a compare-and-set, so a
round is never seated twice); each table's game is attached to it after.
What a league still owes (a game to open, pairings or final standings to
post) is read back from these rows.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.connection import Connection
from bot.store.rows import CorruptRow
from bot.store.rows import LeagueRow
from bot.store.rows import LeagueTableRow
from bot.store.rows import MemberRow
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
    ) -> LeagueRow:
        """A new league, open for sign-up."""
        stamp = _stamp(now)
        values = (guild_id, channel_id, organiser_id, name, engine, format, rounds, deadline_hours, seed)
        async with self._transaction(write=True) as db:
            league_id = await _insert(
                db,
                "INSERT INTO leagues (guild_id, channel_id, organiser_id, name, engine, format, rounds, "
                "deadline_hours, seed, status, locale, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?)",
                (*values, locale, stamp, stamp),
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

    async def leagues_owing(self, *, limit: int = 500) -> list[int]:
        """Leagues that may owe something: running, or finished without their final post."""
        rows = await self._query(
            "SELECT id FROM leagues WHERE status = 'running' OR (status = 'finished' AND final_posted = 0) "
            "ORDER BY id LIMIT ?",
            (limit,),
        )
        return [int(row[0]) for row in rows]

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
    ) -> bool:
        """Move the league to `status` if it is in one of `was` now (and set its `rounds`);
        whether it was."""
        if status not in LEAGUE_STATUSES:
            raise ValueError(f"unknown league status {status!r}")
        before = sorted(was)
        sets = "status = ?, updated_at = ?" + (", rounds = ?" if rounds is not None else "")
        params: list[Any] = [status, _stamp(now)] + ([rounds] if rounds is not None else [])
        changed = await self._statement(
            f"UPDATE leagues SET {sets} WHERE id = ? AND status IN ({', '.join('?' * len(before))})",
            (*params, league_id, *before),
        )
        return changed == 1

    async def final_posted(self, league_id: int) -> None:
        await self._statement("UPDATE leagues SET final_posted = 1 WHERE id = ?", (league_id,))

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

    async def add_member(self, league_id: int, user_id: int, name: str, *, now: datetime) -> bool:
        """Sign someone up while the league is signing up; whether they were added."""
        async with self._transaction(write=True) as db:
            rows = await _fetch_all(db, "SELECT status FROM leagues WHERE id = ?", (league_id,))
            if not rows or rows[0][0] != "signup":
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
            return True

    async def set_table_game(self, league_id: int, round_number: int, table: int, game_id: int) -> None:
        await self._statement(
            "UPDATE league_tables SET game_id = ? WHERE league_id = ? AND round = ? AND table_no = ?",
            (game_id, league_id, round_number, table),
        )

    async def round_posted(self, league_id: int, round_number: int) -> None:
        await self._statement(
            "UPDATE league_rounds SET posted = 1 WHERE league_id = ? AND round = ?", (league_id, round_number)
        )

    async def league_tables(self, league_id: int) -> list[LeagueTableRow]:
        """Every table of every round, in order."""
        rows = await self._query(
            "SELECT t.round, t.table_no, t.seats, t.game_id, r.posted FROM league_tables t "
            "JOIN league_rounds r ON r.league_id = t.league_id AND r.round = t.round "
            "WHERE t.league_id = ? ORDER BY t.round, t.table_no",
            (league_id,),
        )
        read = _RowReader(league_id, "league_tables")
        return [
            LeagueTableRow(
                read.integer("round", number),
                read.integer("table_no", table),
                _seats(league_id, seats),
                read.optional_integer("game_id", game_id),
                read.flag("posted", posted),
            )
            for number, table, seats, game_id, posted in rows
        ]

    async def league_of_game(self, game_id: int) -> int | None:
        """The league whose table that game is (None: not a league game)."""
        row = _first(await self._query("SELECT league_id FROM league_tables WHERE game_id = ?", (game_id,)))
        return None if row is None else int(row[0])
