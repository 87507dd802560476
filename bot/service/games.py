"""`Games`: the one reader and writer of game rows and states.

Every other part of the service reads a game and writes it through here, so
the in-memory copies kept to save work — the newest committed state, the row
a move left, the recent moves in words, what the thread has heard — are made
and dropped in this one place: no writer can forget to clear them.

A write that changes what players should hear about (a move, an undo, a
start) tells the listeners (`on_change`): the game's background work then
runs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

import games
from bot.errors import PlayerError
from bot.history import History, Step, Turn, group_turns, obligation_start, replay, step
from bot.results import Caller
from bot.service.model import MAX_GAME_ID, Loaded
from bot.store import (
    CorruptRow,
    GameNotFound,
    GameRow,
    MoveRow,
    OtherNotation,
    StaleVersion,
    Store,
    WrongStatus,
)
from games.core import Engine, Message, State

__all__ = ["Games"]

log = logging.getLogger(__name__)


def engine_of(engine_id: str) -> Engine:
    """The registered engine; a player's sentence when the game is unknown here."""
    try:
        return games.get(engine_id)
    except KeyError:
        raise PlayerError("error.unknown_game", game=engine_id) from None


class Games:
    """Game rows and states: loading, committing moves, and every other write."""

    def __init__(self, store: Store, clock: Callable[[], datetime]) -> None:
        self.store = store
        self._clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        #: game id -> the newest moves, in words, with their states.
        self._history: dict[int, History] = {}
        #: game id -> (version, state) of the newest state this process committed.
        self._states: dict[int, tuple[int, State]] = {}
        #: game id -> the row as this process's last move left it. Moves and the
        #: background work start from it instead of reading the game again; every
        #: other write drops it, and a refusal based on it is checked against a
        #: fresh read, so it can only save work, never decide anything.
        self._rows: dict[int, GameRow] = {}
        #: game id -> the newest version announced in the thread, and the newest up to
        #: which every obliged seat was pinged (the row may lag behind both).
        self._announced: dict[int, int] = {}
        self._pinged: dict[int, int] = {}
        #: Called with a game id after a write that players should hear about.
        self.on_change: list[Callable[[int], None]] = []

    # ------------------------------------------------------------- reading

    def lock(self, game_id: int) -> asyncio.Lock:
        """Moves and lobby changes on one game happen one at a time."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def row(self, game_id: int) -> GameRow:
        if not 0 < game_id < MAX_GAME_ID:
            raise PlayerError("error.no_such_game", game=game_id)
        try:
            return await self.store.get_game(game_id)
        except GameNotFound:
            raise PlayerError("error.no_such_game", game=game_id) from None
        except CorruptRow:
            log.exception("game %s: unreadable database row", game_id)
            raise PlayerError("error.corrupt", game=game_id) from None

    async def load(self, game_id: int, caller: Caller | None = None) -> Loaded:
        """The game as stored now (a caller from another server is told there is none)."""
        row = await self.row(game_id)
        if not _visible(row, caller):
            raise PlayerError("error.no_such_game", game=game_id)
        engine = engine_of(row.engine)
        cached = self._states.get(row.id)
        if cached is not None and cached[0] == row.version and row.status in ("running", "finished"):
            # The state this process committed at this very version: no need to parse it again.
            return Loaded(row, engine, cached[1])
        state = None
        if row.status in ("running", "finished") and row.state is not None:
            try:
                state = engine.loads(row.state)
            except ValueError:
                log.exception("game %s: stored state is damaged; replaying the move log", game_id)
                state = await self._repair(row, engine)
        return Loaded(row, engine, state)

    def remembered(self, game_id: int, caller: Caller | None = None) -> Loaded | None:
        """The game as this process's last move left it, if nothing else changed it since."""
        row = self._rows.get(game_id)
        cached = self._states.get(game_id)
        if row is None or cached is None or cached[0] != row.version or not _visible(row, caller):
            return None
        announced = max(row.announced_version, self._announced.get(game_id, 0))
        if announced != row.announced_version:
            row = replace(row, announced_version=announced)
        return Loaded(row, engine_of(row.engine), cached[1])

    async def fresh(self, game_id: int) -> Loaded:
        """The remembered game, else the stored one, with what the thread has heard."""
        game = self.remembered(game_id) or await self.load(game_id)
        announced = max(game.row.announced_version, self._announced.get(game_id, 0))
        if announced != game.row.announced_version:
            game = Loaded(replace(game.row, announced_version=announced), game.engine, game.state)
        return game

    async def _repair(self, row: GameRow, engine: Engine) -> State:
        """Rebuild a damaged state cache from seed and move log (the truth)."""
        try:
            start, steps = replay(engine, row, await self.store.moves(row.id))
            state = steps[-1].state if steps else start
            self._rows.pop(row.id, None)
            await self.store.set_state(row.id, row.version, state=engine.dumps(state), now=self._clock())
        except Exception:
            log.exception("game %s: the move log cannot be replayed either", row.id)
            raise PlayerError("error.corrupt", game=row.id) from None
        return state

    async def moves(self, game_id: int) -> list[MoveRow]:
        return await self.store.moves(game_id)

    async def steps_after(self, game: Loaded, version: int) -> list[Step]:
        """The moves after `version`, from memory when it reaches back so far, else replayed."""
        history = self._history.get(game.row.id)
        if history is not None and history.covers(version, game.row.version):
            return history.after(version)
        steps = await self._replayed(game)
        return [item for item in steps if item.version > version]

    async def _replayed(self, game: Loaded) -> list[Step]:
        _, steps = replay(game.engine, game.row, await self.store.moves(game.row.id))
        start_version = steps[0].version - 1 if steps else game.row.version
        self._history[game.row.id] = History(start_version, steps)
        return steps

    async def obligation_start(self, game: Loaded, seat: int) -> int:
        """The version at which `seat`'s current obligation began (it entered `to_act`)."""
        history = self._history.get(game.row.id)
        if history is not None and history.end == game.row.version:
            found = obligation_start(history.steps, seat)
            if found is not None:
                return found
        steps = await self._replayed(game)
        found = obligation_start(steps, seat)
        # Obliged since the start: the version before the first move.
        return found if found is not None else (steps[0].version - 1 if steps else game.row.version)

    async def acted_since(self, game: Loaded, seat: int, version: int) -> bool:
        """Whether `seat` made a move after `version`."""
        history = self._history.get(game.row.id)
        if history is not None and history.covers(version, game.row.version):
            return any(item.seat == seat for item in history.after(version))
        last = await self.store.last_move_version(game.row.id, seat)
        return last is not None and last > version

    async def last_move_version(self, game: Loaded, seat: int) -> int | None:
        history = self._history.get(game.row.id)
        if history is not None and history.end == game.row.version:
            found = next((item.version for item in reversed(history.steps) if item.seat == seat), None)
            if found is not None:
                return found
        return await self.store.last_move_version(game.row.id, seat)

    async def all_turns(self, game: Loaded, since_version: int = 0) -> list[Turn]:
        """Every turn of the game after `since_version`, replayed from the log."""
        _, steps = replay(game.engine, game.row, await self.store.moves(game.row.id))
        return group_turns(game.engine, steps, since_version)

    async def by_thread(self, thread_id: int) -> GameRow | None:
        return await self.store.game_by_thread(thread_id)

    async def list_games(self, **filters: Any) -> list[GameRow]:
        return await self.store.list_games(**filters)

    # ------------------------------------------------------------- writing

    def _changed(self, game_id: int) -> None:
        for listener in self.on_change:
            listener(game_id)

    def forget(self, game_id: int) -> None:
        """Drop the remembered row: the next move reads the game again."""
        self._rows.pop(game_id, None)

    async def commit(
        self, game: Loaded, seat: int, notation: str, new_state: State, description: Message
    ) -> Loaded:
        """Store a move (compare-and-set on the version) and remember what it made."""
        outcome = game.engine.outcome(new_state)
        if game.row.notation_version < game.engine.notation_version:
            game = await self._upgrade_log(game)
        try:
            row = await self.store.record_move(
                game.row.id,
                game.row.version,
                seat=seat,
                action=notation,
                state=game.engine.dumps(new_state),
                outcome=outcome.to_json() if outcome else None,
                now=self._clock(),
                previous=game.row,
                notation_version=game.engine.notation_version,
            )
        except (StaleVersion, OtherNotation):
            self.forget(game.row.id)
            raise PlayerError("error.stale") from None
        except WrongStatus:
            self.forget(game.row.id)
            raise PlayerError("error.game_over", id=game.row.id) from None
        made = step(game.engine, row.version, seat, description, game.state, new_state)
        history = self._history.get(row.id) or History(game.row.version)
        self._history[row.id] = history.add(game.row.version, made)
        self._states[row.id] = (row.version, new_state)
        self._rows[row.id] = row
        self._changed(row.id)
        return Loaded(row, game.engine, new_state)

    async def _upgrade_log(self, game: Loaded) -> Loaded:
        """The game's moves rewritten in the engine's newer notation, before a move is added
        (so that one log never mixes two notations)."""
        engine, row = game.engine, game.row
        moves = await self.store.moves(row.id)
        actions = [engine.upgrade_notation(move.action, row.notation_version) for move in moves]
        try:
            upgraded = await self.store.upgrade_move_log(
                row.id,
                row.version,
                notation_version=engine.notation_version,
                actions=actions,
                now=self._clock(),
            )
        except StaleVersion:
            self.forget(row.id)
            raise PlayerError("error.stale") from None
        self._rows.pop(row.id, None)
        log.info("game %s: move log upgraded to notation %s", row.id, engine.notation_version)
        return Loaded(upgraded, engine, game.state)

    async def undo(self, game: Loaded, number: int, before: State) -> Loaded:
        """Take back the newest move (number `number`); `before` is the state before it."""
        self.forget(game.row.id)
        try:
            row = await self.store.undo_move(
                game.row.id,
                game.row.version,
                number=number,
                state=game.engine.dumps(before),
                now=self._clock(),
            )
        except (StaleVersion, WrongStatus):
            raise PlayerError("error.busy") from None
        self._history.pop(game.row.id, None)
        self._pinged.pop(game.row.id, None)
        self._announced.pop(game.row.id, None)
        self._states[row.id] = (row.version, before)
        self._changed(row.id)
        return Loaded(row, game.engine, before)

    async def create(self, **fields: Any) -> GameRow:
        return await self.store.create_game(now=self._clock(), **fields)

    async def delete_lobby(self, game_id: int) -> None:
        self.forget(game_id)
        await self.store.delete_lobby(game_id)

    async def set_places(self, game_id: int, **places: int | None) -> None:
        self.forget(game_id)
        await self.store.set_places(game_id, **places)

    async def set_seats(
        self, row: GameRow, seats: list[tuple[int | None, str, bool]], host_id: int | None = None
    ) -> GameRow:
        self.forget(row.id)
        try:
            return await self.store.set_seats(row.id, row.version, seats, now=self._clock(), host_id=host_id)
        except StaleVersion:
            raise PlayerError("error.busy") from None

    async def set_options(self, row: GameRow, options: dict[str, str]) -> GameRow:
        self.forget(row.id)
        try:
            return await self.store.set_options(row.id, row.version, options, now=self._clock())
        except StaleVersion:
            raise PlayerError("error.busy") from None

    async def start(self, row: GameRow, engine: Engine, seed: int, options: dict[str, str]) -> Loaded:
        state = engine.setup(len(row.seats), seed, options)
        self.forget(row.id)
        try:
            started = await self.store.start_game(
                row.id,
                row.version,
                seed=seed,
                state=engine.dumps(state),
                now=self._clock(),
                options=options,
                notation_version=engine.notation_version,
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None
        self._states[started.id] = (started.version, state)
        self._history[started.id] = History(started.version)
        self._changed(started.id)
        return Loaded(started, engine, state)

    async def replace_seat(self, game: Loaded, seat: int, *, name: str) -> GameRow:
        """A person leaves a running game: an AI takes the seat."""
        self.forget(game.row.id)
        try:
            row = await self.store.replace_seat(
                game.row.id, game.row.version, seat, user_id=None, name=name, is_ai=True, now=self._clock()
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None
        if game.state is not None:
            self._states[row.id] = (row.version, game.state)
        self._changed(row.id)
        return row

    async def finish(self, row: GameRow, *, status: str) -> GameRow:
        self.forget(row.id)
        try:
            return await self.store.finish(
                row.id, row.version, status=status, outcome=None, now=self._clock()
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None

    async def set_settings(self, row: GameRow, settings: dict[str, Any]) -> GameRow:
        self.forget(row.id)
        return await self.store.set_settings(row.id, settings)

    async def announced(self, game_id: int, version: int) -> None:
        """The thread has heard of every move up to `version`."""
        await self.store.set_announced(game_id, version)
        self._announced[game_id] = max(version, self._announced.get(game_id, 0))
        history = self._history.get(game_id)
        if history is not None:
            history.trim(version)

    def pinged_through(self, game: Loaded) -> int:
        """Everyone obliged up to this version has been pinged (or heard of it in a turn's post)."""
        row = game.row
        return max(row.announced_version, row.pinged_version, self._pinged.get(row.id, 0))

    async def pinged(self, game_id: int, version: int) -> None:
        """Everyone obliged up to `version` has now been pinged."""
        if version > self._pinged.get(game_id, 0):
            await self.store.set_pinged(game_id, version)
            self._pinged[game_id] = version

    async def summary_posted(self, game_id: int) -> None:
        self.forget(game_id)
        await self.store.mark_summary_posted(game_id)


def _visible(row: GameRow, caller: Caller | None) -> bool:
    """A game is found only from its own server (or from anywhere when it has none), and
    only by those who may see its thread and channel."""
    if caller is None:
        return True
    if caller.guild_id is not None and row.guild_id not in (None, caller.guild_id):
        return False
    return caller.may_see(row.channel_id, row.thread_id)


def visible(rows: list[GameRow], caller: Caller) -> list[GameRow]:
    """The games among `rows` that the caller may see."""
    return [row for row in rows if _visible(row, caller)]


def seat_list(row: GameRow) -> list[tuple[int | None, str, bool]]:
    return [(seat.user_id, seat.name, seat.is_ai) for seat in row.seats]
