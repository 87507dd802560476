"""Games, seats and move logs: the tables every move writes."""

from __future__ import annotations

import json
import logging
from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import asdict
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from typing import Any

from bot.shards import Shards
from bot.store.connection import Connection
from bot.store.connection import _shard_condition
from bot.store.rows import _GAME_COLUMNS
from bot.store.rows import _SEAT_COLUMNS
from bot.store.rows import DEFAULT_LEVEL
from bot.store.rows import CorruptRow
from bot.store.rows import GameNotFound
from bot.store.rows import GameRow
from bot.store.rows import MoveRow
from bot.store.rows import OtherNotation
from bot.store.rows import Places
from bot.store.rows import SeatSpec
from bot.store.rows import StaleVersion
from bot.store.rows import StoreError
from bot.store.rows import TableTaken
from bot.store.rows import _dump_json
from bot.store.rows import _first
from bot.store.rows import _game_row
from bot.store.rows import _move_row
from bot.store.rows import _stamp
from bot.store.rows import seat_values
from bot.store.schema import _checked_statuses
from bot.store.sql import _do
from bot.store.sql import _fetch_all
from bot.store.sql import _fetch_one
from bot.store.sql import _insert
from bot.store.sql import _run

log = logging.getLogger(__name__)


#: The statuses of a game that has started: a state and a move log are stored for it.
_STARTED = ("running", "finished", "abandoned")
_INSERT_SEAT = f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"


class GameTables(Connection):
    """Reading and writing games, their seats and their moves."""

    # ------------------------------------------------------------- reading

    async def get_game(self, game_id: int) -> GameRow:
        """The game with its seats; `GameNotFound`, or `CorruptRow` when unreadable.

        One statement (the game joined with its seats): asked on every move.
        """
        row = await self._game_where("g.id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        return row

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        """The game whose thread is `thread_id` (the newest, should two share it); None if none.

        One statement on the index `games_by_thread`, however many games there
        are. `CorruptRow` when the game's row cannot be read.
        """
        return await self._game_where(
            "g.id = (SELECT id FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1)", (thread_id,)
        )

    async def _game_where(self, condition: str, params: Sequence[Any]) -> GameRow | None:
        """The one game meeting `condition` (on `g`, from this module only), with its seats."""
        game_columns = ", ".join(f"g.{name.strip()}" for name in _GAME_COLUMNS.split(","))
        rows = await self._query(
            f"SELECT {game_columns}, {', '.join(f's.{name.strip()}' for name in _SEAT_COLUMNS.split(','))} "
            f"FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE {condition} ORDER BY s.seat",
            params,
        )
        if not rows:
            return None
        width = len(rows[0]) - len(_SEAT_COLUMNS.split(","))
        seats = [row[width:] for row in rows if row[width] is not None]
        return _game_row(rows[0][:width], seats)

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        statuses: Collection[str] | None = None,
        user_id: int | None = None,
        limit: int | None = None,
        with_state: bool = True,
    ) -> list[GameRow]:
        """Games matching every filter given, newest first.

        `user_id` matches games where that user holds a seat or is the host.
        `limit`: only the newest so many (a page of a list). `with_state=False`
        leaves the state out (None): a list that shows no board reads less.
        A row that cannot be read is logged and left out, so one damaged game
        does not hide all the others (`get_game` raises `CorruptRow` for it).
        """
        found = self._game_filter(guild_id=guild_id, statuses=statuses, user_id=user_id)
        if found is None:
            return []
        where, params = found
        columns = _GAME_COLUMNS if with_state else _GAME_COLUMNS.replace("state,", "NULL,", 1)
        order = "ORDER BY created_at DESC, id DESC"
        async with self._transaction(write=False) as db:
            if limit is None:
                game_rows = await _fetch_all(db, f"SELECT {columns} FROM games {where} {order}", params)
                seat_rows = await _fetch_all(
                    db,
                    f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id IN (SELECT id FROM games {where}) "
                    "ORDER BY game_id, seat",
                    params,
                )
            else:
                game_rows = await _fetch_all(
                    db, f"SELECT {columns} FROM games {where} {order} LIMIT ?", [*params, limit]
                )
                ids = [row[0] for row in game_rows]
                seat_rows = []
                if ids:
                    seat_rows = await _fetch_all(
                        db,
                        f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id IN ({', '.join('?' * len(ids))}) "
                        "ORDER BY game_id, seat",
                        ids,
                    )
        seats_by_game: dict[int, list[tuple[Any, ...]]] = {}
        for seat in seat_rows:
            seats_by_game.setdefault(seat[0], []).append(seat)
        games: list[GameRow] = []
        for row in game_rows:
            try:
                games.append(_game_row(row, seats_by_game.get(row[0], [])))
            except CorruptRow:
                log.exception("game %s left out of a listing: its row cannot be read", row[0])
        return games

    async def count_games(
        self,
        *,
        guild_id: int | None = None,
        statuses: Collection[str] | None = None,
        user_id: int | None = None,
    ) -> int:
        """How many games match every filter given (as `list_games`), without reading them."""
        found = self._game_filter(guild_id=guild_id, statuses=statuses, user_id=user_id)
        if found is None:
            return 0
        where, params = found
        row = _first(await self._query(f"SELECT COUNT(*) FROM games {where}", params))
        return 0 if row is None else int(row[0])

    async def games_owing(
        self,
        *,
        after: tuple[int, datetime] | None = None,
        limit: int = 100,
        until: datetime | None = None,
        shards: Shards | None = None,
    ) -> list[tuple[int, datetime]]:
        """The games that still owe their thread something, oldest obligation first:
        moves the thread has not heard of, a summary not posted, notices waiting.

        Each comes with when its oldest unfinished business began (the first move not
        announced, the end, the first notice); `after` (a previous page's last pair)
        and `limit` read them a page at a time. Only those games are read (partial
        indexes `games_unannounced`, `games_unsummarised`; the notices table holds
        waiting notices alone), never every running game. `until`: only business
        that began no later (what a stop left, not what happened since). `shards`:
        only the games of those shards' servers (the others are other processes' work).
        """
        mine, shard_params = _shard_condition("s.guild_id", shards)
        if mine:
            mine = f" AND EXISTS (SELECT 1 FROM games s WHERE s.id = owing.id{mine})"
        after_id, after_at = (after[0], _stamp(after[1])) if after is not None else (0, "")
        until_at = _stamp(until) if until is not None else "9"
        rows = await self._query(
            "SELECT id, at FROM ("
            " SELECT id, MIN(at) AS at FROM ("
            "  SELECT g.id AS id, COALESCE((SELECT MIN(m.created_at) FROM moves m"
            "   WHERE m.game_id = g.id AND m.version > g.announced_version), g.updated_at) AS at"
            "  FROM games g INDEXED BY games_unannounced"
            "  WHERE g.announced_version < g.version AND g.status IN ('running', 'finished')"
            "  UNION ALL SELECT id, updated_at FROM games INDEXED BY games_unsummarised"
            "  WHERE status = 'finished' AND summary_posted = 0"
            "  UNION ALL SELECT game_id, created_at FROM notices"
            " ) AS business GROUP BY id"
            f") AS owing WHERE (at > ? OR (at = ? AND id > ?)) AND at <= ?{mine} ORDER BY at, id LIMIT ?",
            (after_at, after_at, after_id, until_at, *shard_params, limit),
        )
        return [(int(game_id), datetime.fromisoformat(at)) for game_id, at in rows]

    async def expired_lobbies(
        self, now: datetime, *, default_days: int, limit: int = 100, shards: Shards | None = None
    ) -> list[int]:
        """Lobbies opened at least their server's `lobby_days` before `now` (`default_days`
        where the server chose none), oldest first (index `games_by_status`)."""
        # Stamps are text, so the date arithmetic happens here: one cutoff per number of
        # days any server chose (a handful), picked per row by its server's choice.
        chosen = await self._query(
            "SELECT DISTINCT lobby_days FROM server_settings WHERE lobby_days IS NOT NULL"
        )
        cases: list[object] = []
        for (days,) in chosen:
            cases += [int(days), _stamp(now - timedelta(days=int(days)))]
        default = _stamp(now - timedelta(days=default_days))
        cutoff = f"CASE s.lobby_days {'WHEN ? THEN ? ' * (len(cases) // 2)}ELSE ? END" if cases else "?"
        mine, shard_params = _shard_condition("g.guild_id", shards)
        rows = await self._query(
            "SELECT g.id FROM games g LEFT JOIN server_settings s ON s.guild_id = g.guild_id"
            f" WHERE g.status = 'lobby' AND g.created_at < {cutoff}{mine}"
            " ORDER BY g.created_at, g.id LIMIT ?",
            (*cases, default, *shard_params, limit),
        )
        return [int(game_id) for (game_id,) in rows]

    async def running_without_timers(
        self, *, after: int = 0, limit: int = 100, shards: Shards | None = None
    ) -> list[int]:
        """Running games with no timer at all, by id after `after`, a page at a time.

        After a start, each is looked at once: a seat that must act in it may have
        lost its deadline, or an AI seat its turn (index `games_by_status`; the
        timers' primary key begins with the game).
        """
        mine, shard_params = _shard_condition("g.guild_id", shards)
        rows = await self._query(
            "SELECT g.id FROM games g WHERE g.status = 'running' AND g.id > ?"
            " AND NOT EXISTS (SELECT 1 FROM timers t WHERE t.game_id = g.id)"
            f"{mine} ORDER BY g.id LIMIT ?",
            (after, *shard_params, limit),
        )
        return [int(game_id) for (game_id,) in rows]

    def _game_filter(
        self,
        *,
        guild_id: int | None,
        statuses: Collection[str] | None,
        user_id: int | None,
    ) -> tuple[str, list[Any]] | None:
        """The WHERE clause of `list_games` and `count_games`; None when nothing can match."""
        conditions: list[str] = []
        params: list[Any] = []
        # A person's games are few, a server's or a status's many: with a
        # `user_id` the search starts from the person (indexes `games_by_host`
        # and `seats_by_user`), and the unary + keeps SQLite from starting at
        # `games_by_guild_status` or `games_by_status` instead.
        by_person = "+" if user_id is not None else ""
        if guild_id is not None:
            conditions.append(f"{by_person}guild_id = ?")
            params.append(guild_id)
        if statuses is not None:
            wanted = _checked_statuses(statuses)
            if not wanted:
                return None
            conditions.append(f"{by_person}status IN ({', '.join('?' * len(wanted))})")
            params.extend(wanted)
        if user_id is not None:
            conditions.append("(host_id = ? OR id IN (SELECT game_id FROM seats WHERE user_id = ?))")
            params.extend((user_id, user_id))
        where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
        return where, params

    async def moves(self, game_id: int, since_version: int = 0) -> list[MoveRow]:
        """The moves that brought the game past `since_version`, in order; `GameNotFound`."""
        async with self._transaction(write=False) as db:
            if await _fetch_one(db, "SELECT 1 FROM games WHERE id = ?", (game_id,)) is None:
                raise GameNotFound(game_id)
            rows = await _fetch_all(
                db,
                "SELECT number, seat, action, version, created_at FROM moves "
                "WHERE game_id = ? AND version > ? ORDER BY number",
                (game_id, since_version),
            )
        return [_move_row(game_id, row) for row in rows]

    async def integrity_check(self) -> str:
        """The database's own verdict on its health: ``"ok"`` when healthy."""
        return await self._backend.integrity_check()

    # ------------------------------------------------------------- writing

    async def create_game(
        self,
        *,
        engine: str,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        now: datetime,
        locale: str | None = None,
        settings: dict[str, Any] | None = None,
        seats: Sequence[SeatSpec] | None = None,
        table: tuple[int, int, int] | None = None,
    ) -> GameRow:
        """A new game in the lobby at version 0: the host in seat 0, or `seats` as given
        (user id, name, AI, and the AI's level where chosen). `table` (league, round, table
        number): the league table it is played at, recorded in the same transaction, so that
        a table never gets two games nor a game without its table; `TableTaken` when that
        table has its game already."""
        stamp = _stamp(now)
        options_text = _dump_json(options, "options")
        settings_text = _dump_json(settings or {}, "settings")
        seated = [(host_id, host_name, False)] if seats is None else list(seats)
        async with self._transaction(write=True) as db:
            game_id = await _insert(
                db,
                "INSERT INTO games (engine, guild_id, channel_id, host_id, status, options, version, "
                "created_at, updated_at, locale, settings) VALUES (?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?)",
                (engine, guild_id, channel_id, host_id, options_text, stamp, stamp, locale, settings_text),
            )
            for number, spec in enumerate(seated):
                await _run(db, _INSERT_SEAT, seat_values(game_id, number, spec))
            if table is not None:
                linked = await _run(
                    db,
                    "UPDATE league_tables SET game_id = ? "
                    "WHERE league_id = ? AND round = ? AND table_no = ? AND game_id IS NULL",
                    (game_id, *table),
                )
                if linked != 1:
                    raise TableTaken(f"league {table[0]}: round {table[1]}, table {table[2]} has its game")
            return await self._load_game(db, game_id)

    async def set_places(self, game_id: int, places: Places) -> GameRow:
        """Remember where the game lives in Discord; None leaves a field as it is. No version bump."""
        columns = {name: value for name, value in asdict(places).items() if value is not None}
        async with self._transaction(write=True) as db:
            if columns:
                assignments = ", ".join(f"{name} = ?" for name in columns)
                await _run(db, f"UPDATE games SET {assignments} WHERE id = ?", (*columns.values(), game_id))
            return await self._load_game(db, game_id)

    async def set_seats(
        self,
        game_id: int,
        expected_version: int,
        seats: Sequence[SeatSpec],
        *,
        now: datetime,
        host_id: int | None = None,
    ) -> GameRow:
        """Replace the lobby's seats by `(user_id, name, is_ai[, level])` in seat order; version + 1.

        `host_id`, when given, hands the game to another host.
        """
        stamp = _stamp(now)
        values = [seat_values(game_id, number, spec) for number, spec in enumerate(seats)]
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing="change the seats of", allowed=("lobby",))
            await _run(db, "DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany(_INSERT_SEAT, values)
            columns: dict[str, object] = {"updated_at": stamp}
            if host_id is not None:
                columns["host_id"] = host_id
            return await self._update(db, game_id, expected_version, bump=True, **columns)

    async def start_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seed: int,
        state: str,
        now: datetime,
        notation_version: int = 1,
        options: dict[str, str] | None = None,
    ) -> GameRow:
        """Lobby to running with the engine's first state; version + 1.

        `options`, when given, replace the lobby's: the complete options the
        game is played with (the engine filled in its defaults).

        `notation_version` is the engine's (`Engine.notation_version`): the
        notation every move of this game will be written in.
        """
        if type(notation_version) is not int or notation_version < 1:
            raise ValueError(f"a notation version is a positive integer, not {notation_version!r}")
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing="start", allowed=("lobby",))
            return await self._update(
                db,
                game_id,
                expected_version,
                bump=True,
                status="running",
                seed=seed,
                state=state,
                notation_version=notation_version,
                **({} if options is None else {"options": _dump_json(options, "options")}),
                updated_at=stamp,
            )

    async def record_move(
        self,
        game_id: int,
        expected_version: int,
        *,
        seat: int,
        action: str,
        state: str,
        outcome: dict[str, Any] | None,
        now: datetime,
        previous: GameRow | None = None,
        notation_version: int | None = None,
    ) -> GameRow:
        """Append a move and store the state after it, in one transaction; version + 1.

        With an `outcome` the move ends the game: status becomes 'finished'.
        `previous`, the row as the caller read it at `expected_version`, saves
        reading the game back: the new row is that one with this move's changes.
        `notation_version`, when given, is the notation `action` is written in:
        a log kept in another one raises `OtherNotation` and nothing is
        written (`upgrade_move_log` first), so one log never mixes two.
        """
        stamp = _stamp(now)
        outcome_text = None if outcome is None else _dump_json(outcome, "outcome")
        assignments = "state = ?, updated_at = ?, version = version + 1"
        params: list[Any] = [state, stamp]
        if outcome_text is not None:
            assignments += ", status = 'finished', outcome = ?"
            params.append(outcome_text)
        # A paused game takes no move, even from a process whose copy of it is older news.
        conditions = "id = ? AND version = ? AND status = 'running' AND paused_at IS NULL"
        params += [game_id, expected_version]
        if notation_version is not None:
            conditions += " AND notation_version = ?"
            params.append(notation_version)
        async with self._transaction(write=True) as db:
            # Compare and set in one statement; only when it changes nothing is the reason looked up.
            changed = await _run(db, f"UPDATE games SET {assignments} WHERE {conditions}", params)
            if changed != 1:
                await self._check(
                    db, game_id, expected_version, doing="record a move in", allowed=("running",)
                )
                stored = await _fetch_one(db, "SELECT notation_version FROM games WHERE id = ?", (game_id,))
                if stored is not None and notation_version is not None and stored[0] != notation_version:
                    raise OtherNotation(game_id, stored[0], notation_version)
                raise StaleVersion(game_id, expected_version, "changed meanwhile")
            await _do(
                db,
                "INSERT INTO moves (game_id, number, seat, action, version, created_at) VALUES "
                "(?, (SELECT COALESCE(MAX(number), 0) + 1 FROM moves WHERE game_id = ?), ?, ?, ?, ?)",
                (game_id, game_id, seat, action, expected_version + 1, stamp),
            )
            if previous is None or previous.id != game_id or previous.version != expected_version:
                return await self._load_game(db, game_id)
        return replace(
            previous,
            state=state,
            updated_at=datetime.fromisoformat(stamp),
            version=expected_version + 1,
            status="finished" if outcome is not None else previous.status,
            outcome=json.loads(outcome_text) if outcome_text is not None else previous.outcome,
        )

    async def replace_seat(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        *,
        user_id: int | None,
        name: str,
        is_ai: bool,
        now: datetime,
        level: str = DEFAULT_LEVEL,
    ) -> GameRow:
        """Give an existing seat to someone else (or an AI at `level`) in a lobby or running
        game; version + 1."""
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(
                db, game_id, expected_version, doing="replace a seat in", allowed=("lobby", "running")
            )
            changed = await _run(
                db,
                "UPDATE seats SET user_id = ?, name = ?, is_ai = ?, level = ? WHERE game_id = ? AND seat = ?",
                (user_id, name, int(bool(is_ai)), level, game_id, seat),
            )
            if changed != 1:
                raise StoreError(f"game {game_id} has no seat {seat}")
            return await self._update(db, game_id, expected_version, bump=True, updated_at=stamp)

    async def set_state(self, game_id: int, expected_version: int, *, state: str, now: datetime) -> GameRow:
        """Repair the state cache (after a replay) without a version bump; refused when stale."""
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing="store a state for", allowed=_STARTED)
            return await self._update(
                db, game_id, expected_version, bump=False, state=state, updated_at=stamp
            )

    async def finish(
        self,
        game_id: int,
        expected_version: int,
        *,
        status: str,
        outcome: dict[str, Any] | None,
        now: datetime,
    ) -> GameRow:
        """End the game: 'abandoned' (from the lobby or a running game) or 'finished' (running only)."""
        if status not in ("finished", "abandoned"):
            raise ValueError(f"a game ends as 'finished' or 'abandoned', not {status!r}")
        stamp = _stamp(now)
        outcome_text = None if outcome is None else _dump_json(outcome, "outcome")
        allowed = ("running",) if status == "finished" else ("lobby", "running")
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing=f"mark as {status}", allowed=allowed)
            return await self._update(
                db,
                game_id,
                expected_version,
                bump=True,
                status=status,
                outcome=outcome_text,
                updated_at=stamp,
            )

    async def set_announced(self, game_id: int, version: int) -> None:
        """Remember that the thread has seen the game up to `version`; never lowers it."""
        await self._raise_mark("announced_version", game_id, version)

    async def delete_lobby(self, game_id: int) -> bool:
        """Remove a game that never left its lobby (its lobby message could not be posted)."""
        return await self._statement("DELETE FROM games WHERE id = ? AND status = 'lobby'", (game_id,)) == 1

    async def set_pinged(self, game_id: int, version: int) -> None:
        """Remember that everyone obliged up to `version` was pinged; never lowers it."""
        await self._raise_mark("pinged_version", game_id, version)

    async def _raise_mark(self, column: str, game_id: int, version: int) -> None:
        """Raise the game's `column` (a version it has been dealt with up to) to `version`;
        a higher one stays."""
        changed = await self._statement(
            f"UPDATE games SET {column} = CASE WHEN {column} < ? THEN ? ELSE {column} END WHERE id = ?",
            (version, version, game_id),
        )
        if changed != 1:
            raise GameNotFound(game_id)

    async def upgrade_move_log(
        self,
        game_id: int,
        expected_version: int,
        *,
        notation_version: int,
        actions: Sequence[str],
        now: datetime,
    ) -> GameRow:
        """Rewrite the game's move log in a newer notation, in one transaction; no version bump.

        `actions` are the texts of every move in order, each the stored one
        passed through `Engine.upgrade_notation`; the game then records its
        log as written in `notation_version`. What the game is does not change,
        so the version stays; a move recorded since `expected_version` makes
        this stale. For a running game that outlived a change of notation: its
        new moves must not join a log written in the old one.
        """
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(
                db, game_id, expected_version, doing="upgrade the move log of", allowed=_STARTED
            )
            stored = await _fetch_one(db, "SELECT notation_version FROM games WHERE id = ?", (game_id,))
            assert stored is not None  # _check found the game in this transaction
            if type(notation_version) is not int or notation_version <= stored[0]:
                raise ValueError(
                    f"game {game_id}'s log is in notation {stored[0]}; {notation_version!r} is not newer"
                )
            numbers = [
                row[0]
                for row in await _fetch_all(
                    db, "SELECT number FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
                )
            ]
            if len(numbers) != len(actions):
                raise StoreError(f"game {game_id} has {len(numbers)} moves, not {len(actions)}")
            await db.executemany(
                "UPDATE moves SET action = ? WHERE game_id = ? AND number = ?",
                [(action, game_id, number) for action, number in zip(actions, numbers, strict=True)],
            )
            return await self._update(
                db, game_id, expected_version, bump=False, notation_version=notation_version, updated_at=stamp
            )

    # ------------------------------------------------------ undo and settings

    async def undo_move(
        self, game_id: int, expected_version: int, *, number: int, state: str, now: datetime
    ) -> GameRow:
        """Take back the game's last move (`number`); store the state before it; version + 1.

        The version only ever grows, so a button made before the undo stays stale.
        A turn post that showed the move is marked unannounced again.
        """
        stamp = _stamp(now)
        async with self._transaction(write=True) as db:
            await self._check(
                db, game_id, expected_version, doing="take back a move in", allowed=("running",)
            )
            last = await _fetch_one(
                db,
                "SELECT number, version FROM moves WHERE game_id = ? ORDER BY number DESC LIMIT 1",
                (game_id,),
            )
            if last is None or last[0] != number:
                raise StaleVersion(game_id, expected_version, "its last move changed")
            before = await _fetch_one(
                db,
                "SELECT version FROM moves WHERE game_id = ? AND number < ? ORDER BY number DESC LIMIT 1",
                (game_id, number),
            )
            previous = before[0] if before is not None else last[1] - 1
            await _run(db, "DELETE FROM moves WHERE game_id = ? AND number = ?", (game_id, number))
            await _run(
                db,
                "UPDATE games SET "
                "announced_version = CASE WHEN announced_version > ? THEN ? ELSE announced_version END, "
                "pinged_version = CASE WHEN pinged_version > ? THEN ? ELSE pinged_version END WHERE id = ?",
                (previous, previous, previous, previous, game_id),
            )
            return await self._update(db, game_id, expected_version, bump=True, state=state, updated_at=stamp)

    async def set_options(
        self, game_id: int, expected_version: int, options: dict[str, str], *, now: datetime
    ) -> GameRow:
        """The lobby's game options (the host chose one); version + 1."""
        text = _dump_json(options, "options")
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing="choose options in", allowed=("lobby",))
            return await self._update(
                db, game_id, expected_version, bump=True, options=text, updated_at=_stamp(now)
            )

    async def set_settings(self, game_id: int, settings: dict[str, Any]) -> GameRow:
        """Replace the game's settings (deadline, what happens when it passes). No version bump."""
        text = _dump_json(settings, "settings")
        async with self._transaction(write=True) as db:
            if await _run(db, "UPDATE games SET settings = ? WHERE id = ?", (text, game_id)) != 1:
                raise GameNotFound(game_id)
            return await self._load_game(db, game_id)

    async def set_paused(self, game_id: int, expected_version: int, paused_at: datetime | None) -> GameRow:
        """Pause a running game since `paused_at`, or resume it (None). No version bump:
        the position is the same, and buttons shown before stay good after it resumes."""
        async with self._transaction(write=True) as db:
            await self._check(db, game_id, expected_version, doing="pause or resume", allowed=("running",))
            stamp = None if paused_at is None else _stamp(paused_at)
            await _run(db, "UPDATE games SET paused_at = ? WHERE id = ?", (stamp, game_id))
            return await self._load_game(db, game_id)

    async def mark_summary_posted(self, game_id: int) -> None:
        async with self._transaction(write=True) as db:
            if await _run(db, "UPDATE games SET summary_posted = 1 WHERE id = ?", (game_id,)) != 1:
                raise GameNotFound(game_id)

    async def turn_start(self, game_id: int, seat: int) -> int:
        """The version at which `seat`'s current turn began: after the last move of anyone else."""
        async with self._transaction(write=False) as db:
            row = await _fetch_one(
                db,
                "SELECT MAX(version) FROM moves WHERE game_id = ? AND seat != ?",
                (game_id, seat),
            )
            if row is not None and row[0] is not None:
                return int(row[0])
            first = await _fetch_one(db, "SELECT MIN(version) FROM moves WHERE game_id = ?", (game_id,))
            if first is not None and first[0] is not None:
                return int(first[0]) - 1
            current = await _fetch_one(db, "SELECT version FROM games WHERE id = ?", (game_id,))
            if current is None:
                raise GameNotFound(game_id)
            return int(current[0])

    async def last_move_version(self, game_id: int, seat: int) -> int | None:
        """The version the seat's newest move made; None before its first move."""
        row = _first(
            await self._query(
                "SELECT MAX(version) FROM moves WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
        )
        return None if row is None or row[0] is None else int(row[0])
