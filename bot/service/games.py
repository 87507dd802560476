"""`Games`: the one reader and writer of game rows and states.

Every other part of the service reads a game and writes it through here, so
the in-memory copies kept to save work — the newest committed state, the row
a move left, the recent moves in words, what the thread has heard — are made
and dropped in this one place: no writer can forget to clear them. They are
kept per game in a bounded least-recently-used map (`bot.service.cache`), so
memory follows the games in use, not every game ever touched; a finished
game keeps nothing once its summary is out. A game not in memory is read
from the store again.

A write that changes what players should hear about (a move, an undo, a
start) tells the listeners (`on_change`): the game's background work then
runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace
from datetime import datetime
from typing import Any

import games
from bot.errors import PlayerError
from bot.history import History
from bot.history import Step
from bot.history import Turn
from bot.history import group_turns
from bot.history import last_own_move
from bot.history import obligation_start
from bot.history import replay
from bot.history import step
from bot.history import told
from bot.results import Caller
from bot.service.cache import Locks
from bot.service.cache import Recent
from bot.service.model import MAX_GAME_ID
from bot.service.model import Loaded
from bot.store import CorruptRow
from bot.store import GameNotFound
from bot.store import GameRow
from bot.store import MoveRow
from bot.store import OtherNotation
from bot.store import Places
from bot.store import SeatSpec
from bot.store import StaleVersion
from bot.store import Store
from bot.store import WrongStatus
from games.core import Engine
from games.core import Message
from games.core import State
from texts import escape_words

__all__ = ["CACHED_GAMES", "Games"]

log = logging.getLogger(__name__)

#: How many games' rows, states and recent moves are kept in memory (the most
#: recently used ones). A game's entry is about 90 KB with its recent moves.
CACHED_GAMES = 500


@dataclass
class _Kept:
    """What is remembered of one game (each part may be missing)."""

    #: The row as this process's last move left it. Moves and the background work
    #: start from it instead of reading the game again; every other write drops it,
    #: and a refusal based on it is checked against a fresh read, so it can only
    #: save work, never decide anything.
    row: GameRow | None = None
    #: (version, state) of the newest state this process committed.
    state: tuple[int, State] | None = None
    #: The newest moves, in words, with their states.
    history: History | None = None
    #: The newest version announced in the thread, and the newest up to which every
    #: obliged seat was pinged (the row may lag behind both).
    announced: int = 0
    pinged: int = 0


def engine_of(engine_id: str) -> Engine:
    """The registered engine; a player's sentence when the game is unknown here."""
    try:
        return games.get(engine_id)
    except KeyError:
        # What was asked for may be anything a request carried: words, escaped.
        raise PlayerError("error.unknown_game", game=escape_words(engine_id)) from None


class Games:
    """Game rows and states: loading, committing moves, and every other write."""

    def __init__(
        self, store: Store, clock: Callable[[], datetime], *, cache_size: int = CACHED_GAMES
    ) -> None:
        self.store = store
        self._clock = clock
        #: Moves and lobby changes on one game happen one at a time.
        self.lock: Locks[int] = Locks()
        #: game id -> what is remembered of it, for the most recently used games.
        self._kept: Recent[int, _Kept] = Recent(cache_size)
        #: Called with a game id after a write that players should hear about.
        self.on_change: list[Callable[[int], None]] = []

    def now(self) -> datetime:
        return self._clock()

    # ------------------------------------------------------------- memory

    def _get(self, game_id: int) -> _Kept:
        """The game's entry (the newest now), empty when nothing is remembered."""
        return self._kept.get(game_id) or _Kept()

    def _keep(self, game_id: int) -> _Kept:
        """The game's entry, made when missing, to write into."""
        kept = self._kept.get(game_id)
        if kept is None:
            kept = _Kept()
            self._kept.put(game_id, kept)
        return kept

    def drop(self, game_id: int) -> None:
        """Remember nothing more of the game (it is over, or gone)."""
        self._kept.pop(game_id)

    def cached(self) -> int:
        """How many games something is remembered of (for tests and benchmarks)."""
        return len(self._kept)

    def remembers(self, game_id: int) -> bool:
        return game_id in self._kept

    # ------------------------------------------------------------- reading

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
        cached = self._get(row.id).state
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
        kept = self._kept.get(game_id)
        if kept is None:
            return None
        row, cached = kept.row, kept.state
        if row is None or cached is None or cached[0] != row.version or not _visible(row, caller):
            return None
        announced = max(row.announced_version, kept.announced)
        if announced != row.announced_version:
            row = replace(row, announced_version=announced)
        return Loaded(row, engine_of(row.engine), cached[1])

    async def fresh(self, game_id: int) -> Loaded:
        """The remembered game, else the stored one, with what the thread has heard."""
        game = self.remembered(game_id) or await self.load(game_id)
        announced = max(game.row.announced_version, self._get(game_id).announced)
        if announced != game.row.announced_version:
            game = Loaded(replace(game.row, announced_version=announced), game.engine, game.state)
        return game

    async def _repair(self, row: GameRow, engine: Engine) -> State:
        """Rebuild a damaged state cache from seed and move log (the truth)."""
        try:
            start, steps = replay(engine, row, await self.store.moves(row.id), words_later=True)
            state = steps[-1].state if steps else start
            self.forget(row.id)
            await self.store.set_state(row.id, row.version, state=engine.dumps(state), now=self._clock())
        except Exception:
            log.exception("game %s: the move log cannot be replayed either", row.id)
            raise PlayerError("error.corrupt", game=row.id) from None
        return state

    async def moves(self, game_id: int) -> list[MoveRow]:
        return await self.store.moves(game_id)

    async def steps_after(self, game: Loaded, version: int) -> list[Step]:
        """The moves after `version`, from memory when it reaches back so far, else replayed."""
        history = self._get(game.row.id).history
        until = game.row.version
        if history is not None and history.covers(version, until):
            return history.after(version, until)
        steps = await self._replayed(game)
        return [item for item in steps if version < item.version <= until]

    async def state_at(self, game: Loaded, version: int) -> State | None:
        """The state after the last move up to `version` (the start before the first move):
        the board the thread saw when it had heard of the moves up to `version`. From memory
        when it reaches back so far, else replayed; None for a game not started."""
        if game.state is None:
            return None
        if version >= game.row.version:
            return game.state
        history = self._get(game.row.id).history
        if history is not None and history.reaches(version):
            earlier = history.until(version)
            if earlier:
                return earlier[-1].state
        start, steps = replay(game.engine, game.row, await self.store.moves(game.row.id), words_later=True)
        earlier = [item for item in steps if item.version <= version]
        return earlier[-1].state if earlier else start

    async def _replayed(self, game: Loaded) -> list[Step]:
        _, steps = replay(game.engine, game.row, await self.store.moves(game.row.id), words_later=True)
        start_version = steps[0].version - 1 if steps else game.row.version
        if game.row.status == "running" or (game.row.status == "finished" and not game.row.summary_posted):
            # A game that is over and told keeps nothing in memory.
            self._keep(game.row.id).history = History(start_version, steps)
        return steps

    async def obligation_start(self, game: Loaded, seat: int) -> int:
        """The version at which `seat`'s current obligation began (it entered `to_act`)."""
        history = self._get(game.row.id).history
        if history is not None and history.reaches(game.row.version):
            found = obligation_start(history.until(game.row.version), seat)
            if found is not None:
                return found
        steps = [item for item in await self._replayed(game) if item.version <= game.row.version]
        found = obligation_start(steps, seat)
        # Obliged since the start: the version before the first move.
        return found if found is not None else (steps[0].version - 1 if steps else game.row.version)

    async def acted_since(self, game: Loaded, seat: int, version: int) -> bool:
        """Whether `seat` made a move after `version`."""
        history = self._get(game.row.id).history
        if history is not None and history.covers(version, game.row.version):
            return any(item.seat == seat for item in history.after(version))
        last = await self.store.last_move_version(game.row.id, seat)
        return last is not None and last > version

    async def last_move_version(self, game: Loaded, seat: int) -> int | None:
        """The version of the seat's newest move of its own choosing (`last_own_move`); None
        before its first."""
        history = self._get(game.row.id).history
        if history is not None and history.reaches(game.row.version):
            found = last_own_move(history.until(game.row.version), seat)
            if found is not None:
                return found
        if await self.store.last_move_version(game.row.id, seat) is None:
            return None
        # Older than memory reaches, or a move made for them: the whole log tells.
        steps = [item for item in await self._replayed(game) if item.version <= game.row.version]
        return last_own_move(steps, seat)

    async def all_turns(self, game: Loaded, since_version: int = 0) -> list[Turn]:
        """Every turn of the game after `since_version`, replayed from the log."""
        _, steps = replay(game.engine, game.row, await self.store.moves(game.row.id))
        return group_turns(game.engine, steps, since_version)

    async def by_thread(self, thread_id: int) -> GameRow | None:
        return await self.store.game_by_thread(thread_id)

    async def list_games(self, **filters: Any) -> list[GameRow]:
        return await self.store.list_games(**filters)

    async def count_games(self, **filters: Any) -> int:
        return await self.store.count_games(**filters)

    # ------------------------------------------------------------- writing

    def _changed(self, game_id: int) -> None:
        for listener in self.on_change:
            listener(game_id)

    def forget(self, game_id: int) -> None:
        """Drop the remembered row: the next move reads the game again."""
        kept = self._kept.peek(game_id)
        if kept is not None:
            kept.row = None

    async def commit(
        self,
        game: Loaded,
        seat: int,
        notation: str,
        new_state: State,
        description: Message,
        *,
        forced: bool = False,
    ) -> Loaded:
        """Store a move (compare-and-set on the version) and remember what it made (`forced`:
        the service made it for a person, as their only move)."""
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
        private = told(game.engine, game.state, seat, notation)
        made = step(game.engine, row.version, seat, description, game.state, new_state, private, forced)
        kept = self._keep(row.id)
        kept.history = (kept.history or History(game.row.version)).add(game.row.version, made)
        kept.state = (row.version, new_state)
        kept.row = row
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
        self.forget(row.id)
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
        self.drop(game.row.id)
        self._keep(row.id).state = (row.version, before)
        self._changed(row.id)
        return Loaded(row, game.engine, before)

    async def create(self, **fields: Any) -> GameRow:
        return await self.store.create_game(now=self._clock(), **fields)

    async def delete_lobby(self, game_id: int) -> None:
        self.drop(game_id)
        await self.store.delete_lobby(game_id)

    async def set_places(self, game_id: int, places: Places) -> None:
        self.forget(game_id)
        await self.store.set_places(game_id, places)

    async def set_seats(self, row: GameRow, seats: list[SeatSpec], host_id: int | None = None) -> GameRow:
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
        kept = self._keep(started.id)
        kept.state = (started.version, state)
        kept.history = History(started.version)
        self._changed(started.id)
        return Loaded(started, engine, state)

    async def replace_seat(self, game: Loaded, seat: int) -> GameRow:
        """A person leaves a running game: an AI takes the seat, under the person's name
        (shown as an AI's: `seat_name`)."""
        name = game.row.seats[seat].name
        self.forget(game.row.id)
        try:
            row = await self.store.replace_seat(
                game.row.id, game.row.version, seat, user_id=None, name=name, is_ai=True, now=self._clock()
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None
        if game.state is not None:
            self._keep(row.id).state = (row.version, game.state)
        self._changed(row.id)
        return row

    async def finish(self, row: GameRow, *, status: str) -> GameRow:
        self.forget(row.id)
        try:
            ended = await self.store.finish(
                row.id, row.version, status=status, outcome=None, now=self._clock()
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None
        if ended.status != "running":
            self.drop(row.id)
        return ended

    async def set_settings(self, row: GameRow, settings: dict[str, Any]) -> GameRow:
        self.forget(row.id)
        return await self.store.set_settings(row.id, settings)

    async def set_paused(self, row: GameRow, paused_at: datetime | None) -> GameRow:
        """Pause the running game (since `paused_at`) or resume it (None)."""
        # Forgotten first: a move checked against the remembered row must see the pause.
        self.forget(row.id)
        try:
            return await self.store.set_paused(row.id, row.version, paused_at)
        except StaleVersion:
            raise PlayerError("error.busy") from None

    async def announced(self, game_id: int, version: int) -> None:
        """The thread has heard of every move up to `version`."""
        await self.store.set_announced(game_id, version)
        kept = self._kept.get(game_id)
        if kept is not None:
            kept.announced = max(version, kept.announced)
            if kept.history is not None:
                kept.history.trim(version)

    async def untold(self, game: Loaded) -> dict[int, int]:
        """People who must decide now and have not been told so (by a turn's post or a
        ping): seat -> the version their obligation began at."""
        if game.row.status != "running":
            return {}
        through = self.pinged_through(game)
        untold = {}
        for seat in sorted(game.acting()):
            if game.row.seats[seat].is_ai:
                continue
            began = await self.obligation_start(game, seat)
            if began > through:
                untold[seat] = began
        return untold

    def pinged_through(self, game: Loaded) -> int:
        """Everyone obliged up to this version has been pinged (or heard of it in a turn's post)."""
        row = game.row
        return max(row.announced_version, row.pinged_version, self._get(row.id).pinged)

    async def pinged(self, game_id: int, version: int) -> None:
        """Everyone obliged up to `version` has now been pinged."""
        kept = self._kept.get(game_id)
        if kept is None or version > kept.pinged:
            await self.store.set_pinged(game_id, version)
            if kept is not None:
                kept.pinged = version

    async def summary_posted(self, game_id: int) -> None:
        """The end is told: the game is over and keeps nothing in memory."""
        self.drop(game_id)
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


def seat_list(row: GameRow) -> list[SeatSpec]:
    """The game's seats as the store takes them: (user id, name, AI, level)."""
    return [(seat.user_id, seat.name, seat.is_ai, seat.level) for seat in row.seats]
