"""The game service's state and the helpers every part uses."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

import games
import renderers
import texts
from bot.community import Community
from bot.deadlines import Deadlines
from bot.errors import PlayerError
from bot.history import History, replay
from bot.results import Caller, Dispatch
from bot.store import CorruptRow, GameNotFound, GameRow, PlayerRow, Store
from bot.workers import Workers
from games.core import Engine, State

if TYPE_CHECKING:
    from bot.service import GameService

__all__ = ["Outbox", "ServiceBase", "utcnow"]

#: Where a game's posts and direct messages go (the front-end delivers them).
Outbox = Callable[[Dispatch], Awaitable[None]]

log = logging.getLogger(__name__)

#: A safety net: no chain of AI moves may run longer than this.
_MAX_AI_STEPS = 5_000
_AI_NAMES = ("Li", "Wu", "Zhao", "Qin", "Han", "Song", "Tang", "Ming")
_AUTOCOMPLETE_LIMIT = 25
_MAX_GAME_ID = 1 << 63
_LOG_LIMIT = 1_900


def utcnow() -> datetime:
    return datetime.now(UTC)


def _host_name(row: GameRow) -> str:
    return next((s.name for s in row.seats if s.user_id == row.host_id and not s.is_ai), "?")


def _animate_replay(game_id: str, views: list[dict[str, Any]], locale: str | None) -> bytes:
    from renderers.replay import animate

    return animate(game_id, views, locale)


def _discord_time(moment: datetime) -> str:
    """A time Discord shows in each reader's own time zone (and language)."""
    return f"<t:{int(moment.timestamp())}:f>"


@dataclass(frozen=True)
class _Notice:
    """A post about a game that is not a turn: its text in the thread's language, maybe a board."""

    key: str
    params: dict[str, Any]
    board: bool = False
    mentions: tuple[int, ...] = ()
    actions: tuple[tuple[str, str], ...] = ()


@dataclass
class _Game:
    row: GameRow
    engine: Engine
    state: State | None

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.row.seats]

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.row.seats:
            if seat.user_id == user_id and not seat.is_ai:
                return seat.seat
        return None


class ServiceBase:
    """The state every layer of `GameService` shares, and the helpers they all use."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] = utcnow,
        render: Callable[[str, dict[str, Any], str | None], bytes] = renderers.render,
        outbox: Outbox | None = None,
        animate: Callable[[str, list[dict[str, Any]], str | None], bytes] | None = None,
        workers: Workers | None = None,
    ) -> None:
        self.store = store
        self._clock = clock
        self._render = render
        self._animate = animate or _animate_replay
        #: Drawing and AI thinking run here, off the event loop.
        self.workers = workers or Workers()
        #: Where posts go; without one (tests, scripts) they are kept in `dispatched`.
        self.outbox = outbox
        self.dispatched: list[Dispatch] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._history: dict[int, History] = {}
        #: game id -> (version, state) of the newest state this process committed.
        self._states: dict[int, tuple[int, State]] = {}
        #: game id -> the row as this process's last move left it. Moves and the
        #: background work start from it instead of reading the game again; every
        #: other write forgets it, and a refusal based on it is checked against a
        #: fresh read, so it can only save work, never decide anything.
        self._rows: dict[int, GameRow] = {}
        #: game id -> the newest version announced in the thread (the row may lag behind).
        self._announced: dict[int, int] = {}
        #: Background work: one task per game, and games whose work must run again.
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()
        #: Posts about a game waiting for its background work (resignations, undos, timeouts).
        self._notices: dict[int, list[_Notice]] = {}
        #: People's choices (direct messages, absence), read on every turn: kept in memory.
        self._players: dict[int, PlayerRow] = {}
        # Only the top layer is ever made, so `self` is the whole service they serve.
        service = cast("GameService", self)
        self.deadlines = Deadlines(service)
        self.community = Community(service)

    @property
    def clock(self) -> Callable[[], datetime]:
        return self._clock

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @staticmethod
    def _text(caller: Caller | None, key: str, names: Sequence[str] = (), **params: Any) -> str:
        return texts.t(key, caller.locale if caller else None, names, **params)

    @staticmethod
    def _engine(engine_id: str) -> Engine:
        try:
            return games.get(engine_id)
        except KeyError:
            raise PlayerError("error.unknown_game", game=engine_id) from None

    async def _row(self, game_id: int) -> GameRow:
        if not 0 < game_id < _MAX_GAME_ID:
            # SQLite's integers end at 2**63; a button or option can carry anything.
            raise PlayerError("error.no_such_game", game=game_id)
        try:
            return await self.store.get_game(game_id)
        except GameNotFound:
            raise PlayerError("error.no_such_game", game=game_id) from None
        except CorruptRow:
            log.exception("game %s: unreadable database row", game_id)
            raise PlayerError("error.corrupt", game=game_id) from None

    async def _load(self, game_id: int, caller: Caller | None = None) -> _Game:
        row = await self._row(game_id)
        if caller is not None and caller.guild_id is not None and row.guild_id not in (None, caller.guild_id):
            raise PlayerError("error.no_such_game", game=game_id)
        engine = self._engine(row.engine)
        state = None
        cached = self._states.get(row.id)
        if cached is not None and cached[0] == row.version and row.status in ("running", "finished"):
            # The state this process committed at this very version: no need to parse it again.
            return _Game(row, engine, cached[1])
        if row.status in ("running", "finished") and row.state is not None:
            try:
                state = engine.loads(row.state)
            except ValueError:
                log.exception("game %s: stored state is damaged; replaying the move log", game_id)
                state = await self._repair(row, engine)
        return _Game(row, engine, state)

    async def _repair(self, row: GameRow, engine: Engine) -> State:
        """Rebuild a damaged state cache from seed and move log (the truth)."""
        try:
            start, steps = replay(engine, row, await self.store.moves(row.id))
            state = steps[-1].state if steps else start
            self.forget(row.id)
            await self.store.set_state(row.id, row.version, state=engine.dumps(state), now=self._clock())
        except Exception:
            log.exception("game %s: the move log cannot be replayed either", row.id)
            raise PlayerError("error.corrupt", game=row.id) from None
        return state

    async def _image(self, game: _Game, state: State, seat: int | None, locale: str | None) -> bytes:
        view = game.engine.view(state, seat)
        view["names"] = game.names
        return await self.workers.run(self._render, game.engine.id, view, locale)

    def _post_channel(self, row: GameRow) -> int | None:
        return row.thread_id or row.channel_id

    def _remembered(self, game_id: int, caller: Caller | None = None) -> _Game | None:
        """The game as this process's last move left it, if nothing else changed it since."""
        row = self._rows.get(game_id)
        cached = self._states.get(game_id)
        if row is None or cached is None or cached[0] != row.version:
            return None
        if caller is not None and caller.guild_id is not None and row.guild_id not in (None, caller.guild_id):
            return None
        return _Game(row, self._engine(row.engine), cached[1])

    def forget(self, game_id: int) -> None:
        """Another write changed the game: the next move reads it again."""
        self._rows.pop(game_id, None)

    async def player(self, user_id: int) -> PlayerRow:
        """What a person chose (direct messages, absence, language)."""
        found = self._players.get(user_id)
        if found is None:
            found = self._players[user_id] = await self.store.player(user_id)
        return found

    async def save_player(self, player: PlayerRow) -> None:
        await self.store.save_player(player)
        self._players[player.user_id] = player

    async def turn_start(self, game_id: int, seat: int) -> int:
        """The version at which `seat`'s current turn began (after anyone else's last move)."""
        history = self._history.get(game_id)
        if history is not None:
            for step in reversed(history.steps):
                if step.seat != seat:
                    return step.version
        return await self.store.turn_start(game_id, seat)

    async def current(self, game_id: int) -> tuple[GameRow, Engine, State | None]:
        """The game's row, engine and state, as stored now."""
        game = await self._load(game_id)
        return game.row, game.engine, game.state

    def _require_host(self, caller: Caller, row: GameRow) -> None:
        if caller.user_id != row.host_id:
            host = next((s.name for s in row.seats if s.user_id == row.host_id), "?")
            raise PlayerError("error.host_only", host=host)

    def title(self, row: GameRow) -> str:
        return self._engine(row.engine).title

    @staticmethod
    def link(row: GameRow) -> str:
        """A link to the game's thread (or channel), for direct messages."""
        channel = row.thread_id or row.channel_id
        if row.guild_id is None or channel is None:
            return f"#{row.id}"
        return f"https://discord.com/channels/{row.guild_id}/{channel}"
