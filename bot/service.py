"""The game service: lobbies, seats, turns, AI seats — everything but Discord.

Front-ends (the Discord adapter, the console) call these coroutines with a
`Caller` and deliver the `Reply` they get back. Every refusal is a
`PlayerError` carrying its sentence. Moves on one game are serialised by a
lock here and guarded by the stored version in the database.

A move is answered as soon as it is stored. What follows from it — AI seats
taking their turns, the thread's post with the board image, direct messages,
deadlines for the next player, the end-of-game summary — is the game's
background work: one task per game at a time, so its posts keep their order,
delivered through the `outbox` the front-end provides. Rendering and AI
thinking run in worker threads so the event loop never blocks. Nothing of it
is lost when the process stops: the store knows which moves the thread has
not heard of yet, and `resume` picks them up.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import ai
import games
import renderers
import texts
from bot import presenters
from bot.errors import PlayerError
from bot.history import History, Step, Turn, group_turns, replay
from bot.results import Caller, DirectMessage, Dispatch, LobbyCard, MoveButton, Post, Reply
from bot.store import CorruptRow, GameNotFound, GameRow, PlayerRow, StaleVersion, Store, WrongStatus
from bot.workers import Workers
from games.core import Engine, IllegalAction, Message, Outcome, Player, State

__all__ = ["GameService", "Outbox", "Turn", "utcnow"]

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


class GameService:
    """All game logic a front-end needs, over a `Store`."""

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
        from bot.community import Community
        from bot.deadlines import Deadlines

        self.deadlines = Deadlines(self)
        self.community = Community(self)

    @property
    def clock(self) -> Callable[[], datetime]:
        return self._clock

    # ----------------------------------------------------------------- helpers

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

    # ------------------------------------------------------------ finding games

    async def find_game(self, caller: Caller, ref: str | int | None = None) -> int:
        """The game a command is about: named, this thread's, or the caller's only one."""
        if ref is not None and str(ref).strip():
            text = str(ref).strip().lstrip("#")
            # Plain ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
            if not re.fullmatch(r"[0-9]{1,18}", text):
                raise PlayerError("error.bad_game_ref", ref=str(ref))
            game_id = int(text)
            await self._load(game_id, caller)
            return game_id
        if caller.channel_id is not None and caller.guild_id is not None:
            for row in await self.store.list_games(guild_id=caller.guild_id):
                if row.thread_id == caller.channel_id:
                    return row.id
        mine = await self.store.list_games(
            guild_id=caller.guild_id, user_id=caller.user_id, statuses=("lobby", "running")
        )
        if len(mine) == 1:
            return mine[0].id
        if not mine:
            raise PlayerError("error.no_game_here")
        raise PlayerError("error.which_game", games=", ".join(f"#{row.id}" for row in mine))

    async def game_choices(self, caller: Caller, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for a `game:` option: the caller's games in this server,
        then the server's open lobbies (so /game join can find them)."""
        rows = await self.store.list_games(guild_id=caller.guild_id, user_id=caller.user_id)
        seen = {row.id for row in rows}
        lobbies = await self.store.list_games(guild_id=caller.guild_id, statuses=("lobby",))
        rows += [row for row in lobbies if row.id not in seen]
        choices = []
        for row in rows:
            engine = self._engine(row.engine)
            status = self._text(caller, f"status.{row.status}")
            label = f"#{row.id} {engine.title} — {status}"
            if typed.strip().lstrip("#").lower() in label.lower():
                choices.append((label[:100], str(row.id)))
        return choices[:_AUTOCOMPLETE_LIMIT]

    # ------------------------------------------------------------------- lobby

    async def new_game(self, caller: Caller, engine_id: str, options: dict[str, Any] | None = None) -> Reply:
        engine = self._engine(engine_id)
        options = dict(options or {})
        try:
            engine.setup(engine.min_players, 0, options or None)
        except ValueError as error:
            raise PlayerError("error.bad_options", reason=str(error)) from None
        row = await self.store.create_game(
            engine=engine.id,
            guild_id=caller.guild_id,
            channel_id=caller.channel_id,
            host_id=caller.user_id,
            host_name=caller.name,
            options=options,
            now=self._clock(),
            locale=caller.guild_locale,
        )
        card = self._lobby_card(row, caller)
        return Reply(card.text, public=True, game_id=row.id, version=row.version, lobby=card)

    async def attach(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        lobby_message_id: int | None = None,
        channel_id: int | None = None,
    ) -> None:
        """Remember where the game's lobby message and thread are."""
        self.forget(game_id)
        await self.store.set_places(
            game_id, thread_id=thread_id, lobby_message_id=lobby_message_id, channel_id=channel_id
        )

    def _lobby_card(self, row: GameRow, caller: Caller | None = None) -> LobbyCard:
        """The public lobby message, in the server's language (whoever clicked last)."""
        engine = self._engine(row.engine)
        locale = row.locale

        def say(key: str, **params: Any) -> str:
            return texts.t(key, locale, **params)

        lines = [say("lobby.title", game=engine.title, id=row.id)]
        host = next((s.name for s in row.seats if s.user_id == row.host_id and not s.is_ai), None)
        lines.append(say("lobby.host", host=host or "?"))
        lines.append(say("lobby.seats", count=len(row.seats), min=engine.min_players, max=engine.max_players))
        for seat in row.seats:
            marker = "🤖" if seat.is_ai else "👤"
            lines.append(f"{seat.seat + 1}. {marker} {seat.name}")
        if row.status == "lobby":
            lines.append(say("lobby.howto"))
        else:
            lines.append(say(f"lobby.closed.{row.status}"))
        return LobbyCard(
            row.id, "\n".join(lines), row.status == "lobby", row.channel_id, row.lobby_message_id, locale
        )

    async def _lobby_row(self, caller: Caller, game_id: int) -> GameRow:
        row = (await self._load(game_id, caller)).row
        if row.status != "lobby":
            raise PlayerError("error.not_in_lobby", game=game_id)
        return row

    async def _set_seats(
        self, caller: Caller, row: GameRow, seats: list[tuple[int | None, str, bool]], ack: str, **params: Any
    ) -> Reply:
        try:
            self.forget(row.id)
            new = await self.store.set_seats(row.id, row.version, seats, now=self._clock())
        except StaleVersion:
            raise PlayerError("error.busy") from None
        return Reply(
            self._text(caller, ack, **params),
            game_id=new.id,
            version=new.version,
            lobby=self._lobby_card(new, caller),
        )

    @staticmethod
    def _seat_list(row: GameRow) -> list[tuple[int | None, str, bool]]:
        return [(seat.user_id, seat.name, seat.is_ai) for seat in row.seats]

    async def join(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            engine = self._engine(row.engine)
            if any(seat.user_id == caller.user_id and not seat.is_ai for seat in row.seats):
                raise PlayerError("error.already_seated")
            if len(row.seats) >= engine.max_players:
                raise PlayerError("error.lobby_full", max=engine.max_players)
            seats = [*self._seat_list(row), (caller.user_id, caller.name, False)]
            return await self._set_seats(caller, row, seats, "lobby.joined", id=game_id)

    async def leave(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            if not any(seat.user_id == caller.user_id and not seat.is_ai for seat in row.seats):
                raise PlayerError("error.not_seated")
            seats = [s for s in self._seat_list(row) if not (s[0] == caller.user_id and not s[2])]
            humans = [s for s in seats if not s[2]]
            if caller.user_id == row.host_id:
                if not humans:
                    return await self._abandon_row(caller, row)
                # The next human in the lobby becomes the host.
                try:
                    self.forget(row.id)
                    new = await self.store.set_seats(
                        row.id, row.version, seats, now=self._clock(), host_id=humans[0][0]
                    )
                except StaleVersion:
                    raise PlayerError("error.busy") from None
                return Reply(
                    self._text(caller, "lobby.left_host", host=humans[0][1]),
                    game_id=row.id,
                    version=new.version,
                    lobby=self._lobby_card(new, caller),
                )
            return await self._set_seats(caller, row, seats, "lobby.left", id=game_id)

    def _require_host(self, caller: Caller, row: GameRow) -> None:
        if caller.user_id != row.host_id:
            host = next((s.name for s in row.seats if s.user_id == row.host_id), "?")
            raise PlayerError("error.host_only", host=host)

    async def add_bot(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            self._require_host(caller, row)
            engine = self._engine(row.engine)
            if len(row.seats) >= engine.max_players:
                raise PlayerError("error.lobby_full", max=engine.max_players)
            taken = {seat.name for seat in row.seats}
            name = next((f"AI {n}" for n in _AI_NAMES if f"AI {n}" not in taken), f"AI {len(row.seats) + 1}")
            seats = [*self._seat_list(row), (None, name, True)]
            return await self._set_seats(caller, row, seats, "lobby.bot_added", name=name)

    async def start(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            self._require_host(caller, row)
            engine = self._engine(row.engine)
            if len(row.seats) < engine.min_players:
                raise PlayerError("error.too_few", min=engine.min_players)
            seed = random.SystemRandom().randrange(1 << 62)
            state = engine.setup(len(row.seats), seed, row.options or None)
            try:
                self.forget(row.id)
                row = await self.store.start_game(
                    row.id, row.version, seed=seed, state=engine.dumps(state), now=self._clock()
                )
            except StaleVersion:
                raise PlayerError("error.busy") from None
            self._states[row.id] = (row.version, state)
            self._history[row.id] = History(row.version)
            self._notify(row.id, self._start_notice(_Game(row, engine, state)))
        self._kick(row.id)
        return Reply(
            self._text(caller, "game.started", id=row.id),
            game_id=row.id,
            version=row.version,
            lobby=self._lobby_card(row, caller),
        )

    def _start_notice(self, game: _Game) -> _Notice:
        engine = game.engine
        start_state = engine.setup(len(game.row.seats), game.row.seed or 0, game.row.options or None)
        order = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(game.names))
        first = engine.current_turn(start_state)
        return _Notice(
            "game.start_post",
            {
                "game": engine.title,
                "id": game.row.id,
                "seats": order,
                "first": Player(first if first is not None else 0),
            },
        )

    # -------------------------------------------------------------------- play

    async def move(
        self, caller: Caller, game_id: int, notation: str, expected_version: int | None = None
    ) -> Reply:
        """Make a move as the caller; answered once it is stored (AI seats move after)."""
        async with self._lock(game_id):
            remembered = self._remembered(game_id, caller)
            if remembered is not None:
                try:
                    return await self._move(caller, remembered, notation, expected_version)
                except PlayerError:
                    self.forget(game_id)  # refused on what was remembered: ask the database
            return await self._move(caller, await self._load(game_id, caller), notation, expected_version)

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

    async def _move(self, caller: Caller, game: _Game, notation: str, expected_version: int | None) -> Reply:
        game_id = game.row.id
        seat = self._acting_seat(caller, game)
        if expected_version is not None and expected_version != game.row.version:
            raise PlayerError("error.stale")
        engine, state = game.engine, game.state
        try:
            action = engine.parse_action(state, seat, notation)
            new_state = engine.apply(state, seat, action)
        except IllegalAction as error:
            raise PlayerError.from_message(error.message, game.names) from None
        description = engine.describe(state, seat, action)
        game = await self._commit(game, seat, engine.format_action(state, action), new_state, description)
        self._kick(game_id)
        done = texts.render(description, caller.locale, game.names)
        if game.row.status == "running" and seat in engine.to_act(game.state):
            # Text and buttons only: the answer comes at once, and /hand draws the picture.
            private = await self._private(caller, game, seat, with_image=False)
            return Reply(
                f"✅ {done}\n{private.text}",
                game_id=game_id,
                version=private.version,
                buttons=private.buttons,
            )
        return Reply(
            f"✅ {done}\n{self._text(caller, 'move.turn_over')}", game_id=game_id, version=game.row.version
        )

    def _acting_seat(self, caller: Caller, game: _Game) -> int:
        seat = self._playing_seat(caller, game)
        acting = game.engine.to_act(game.state)
        if seat not in acting:
            turn = game.engine.current_turn(game.state)
            raise PlayerError("error.not_your_turn", player=game.names[turn] if turn is not None else "?")
        return seat

    def _playing_seat(self, caller: Caller, game: _Game) -> int:
        if game.row.status == "lobby":
            raise PlayerError("error.not_started", id=game.row.id)
        if game.row.status != "running" or game.state is None:
            raise PlayerError("error.game_over", id=game.row.id)
        seat = game.seat_of(caller.user_id)
        if seat is None:
            raise PlayerError("error.not_player", id=game.row.id)
        return seat

    async def _commit(
        self, game: _Game, seat: int, notation: str, new_state: State, description: Message
    ) -> _Game:
        outcome = game.engine.outcome(new_state)
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
            )
        except StaleVersion:
            raise PlayerError("error.stale") from None
        except WrongStatus:
            raise PlayerError("error.game_over", id=game.row.id) from None
        history = self._history.get(row.id) or History(game.row.version)
        self._history[row.id] = history.add(game.row.version, Step(row.version, seat, description, new_state))
        self._states[row.id] = (row.version, new_state)
        self._rows[row.id] = row
        return _Game(row, game.engine, new_state)

    async def _ai_move(self, game: _Game, seat: int) -> _Game:
        """One move chosen by the AI for `seat` (an AI seat, or a person whose time ran out)."""
        seed = (game.row.seed or 0) + game.row.version
        action = await self.workers.run(ai.choose, game.engine.id, game.state, seat, seed)
        new_state = game.engine.apply(game.state, seat, action)
        notation = game.engine.format_action(game.state, action)
        description = game.engine.describe(game.state, seat, action)
        return await self._commit(game, seat, notation, new_state, description)

    async def _run_ai(self, game: _Game) -> _Game:
        """Let AI seats move until a human must act or the game is over."""
        for _ in range(_MAX_AI_STEPS):
            if game.row.status != "running" or game.state is None:
                return game
            acting = sorted(game.engine.to_act(game.state))
            ai_seats = [s for s in acting if game.row.seats[s].is_ai]
            if not ai_seats:
                return game
            game = await self._ai_move(game, ai_seats[0])
        log.error("game %s: AI chain stopped after %s steps", game.row.id, _MAX_AI_STEPS)
        return game

    async def play_for(self, game_id: int, seat: int, turn_version: int) -> bool:
        """The AI makes the current turn of a person's seat (their deadline passed).

        Only while that very turn is still open (`turn_version` is when it
        began); False when it is over already.
        """
        async with self._lock(game_id):
            game = await self._load(game_id)
            if not await self._turn_is_open(game, seat, turn_version):
                return False
            for _ in range(_MAX_AI_STEPS):
                if game.row.status != "running" or seat not in game.engine.to_act(game.state):
                    break
                game = await self._ai_move(game, seat)
            self._notify(game_id, _Notice("deadline.ai_moved", {"player": game.names[seat]}))
        self._kick(game_id)
        return True

    async def _turn_is_open(self, game: _Game, seat: int, turn_version: int) -> bool:
        if game.row.status != "running" or game.state is None:
            return False
        if seat not in game.engine.to_act(game.state) or game.row.seats[seat].is_ai:
            return False
        return await self.turn_start(game.row.id, seat) == turn_version

    # -------------------------------------------------------------------- undo

    async def undo(self, caller: Caller, game_id: int) -> Reply:
        """Take back the caller's last action, if nothing was revealed and nobody acted since."""
        await self.settled(game_id)
        async with self._lock(game_id):
            game = await self._load(game_id, caller)
            seat = self._playing_seat(caller, game)
            moves = await self.store.moves(game_id)
            mine = [move for move in moves if move.seat == seat]
            if not mine:
                raise PlayerError("undo.nothing")
            last = moves[-1]
            if last.seat != seat:
                raise PlayerError("undo.others_acted", player=game.names[last.seat])
            start, steps = replay(game.engine, game.row, moves)
            before = steps[-2].state if len(steps) > 1 else start
            action = game.engine.parse_action(before, seat, last.action)
            description = steps[-1].description
            if game.engine.reveals(before, seat, action):
                said = texts.render(description, caller.locale, game.names)
                raise PlayerError("undo.revealed", move=said)
            was_posted = game.row.announced_version >= last.version
            try:
                self.forget(game_id)
                row = await self.store.undo_move(
                    game_id,
                    game.row.version,
                    number=last.number,
                    state=game.engine.dumps(before),
                    now=self._clock(),
                )
            except (StaleVersion, WrongStatus):
                raise PlayerError("error.busy") from None
            self._history.pop(game_id, None)
            self._states[game_id] = (row.version, before)
            game = _Game(row, game.engine, before)
            if was_posted:
                self._notify(
                    game_id,
                    _Notice("undo.post", {"player": game.names[seat], "move": description}, board=True),
                )
        self._kick(game_id)
        private = await self._private(caller, game, seat)
        taken_back = self._text(caller, "undo.done", game.names, move=description)
        return Reply(
            f"↩️ {taken_back}\n{private.text}",
            image=private.image,
            game_id=game_id,
            version=row.version,
            buttons=private.buttons,
        )

    # -------------------------------------------------------- background work

    def _notify(self, game_id: int, notice: _Notice) -> None:
        self._notices.setdefault(game_id, []).append(notice)

    def _kick(self, game_id: int) -> None:
        """Run the game's background work soon (again, if it is running now)."""
        self._dirty.add(game_id)
        if game_id not in self._workers:
            self._workers[game_id] = asyncio.create_task(self._work(game_id), name=f"game-{game_id}")

    async def _work(self, game_id: int) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                try:
                    await self._advance(game_id)
                except PlayerError as error:
                    log.warning("game %s: background work refused: %s", game_id, error.message.key)
                except Exception:
                    log.exception("game %s: background work failed", game_id)
        finally:
            self._workers.pop(game_id, None)

    async def settled(self, game_id: int) -> None:
        """Wait until the game's background work is done."""
        while (task := self._workers.get(game_id)) is not None:
            await asyncio.wait({task})

    async def idle(self) -> None:
        """Wait until no game has background work left (for tests, scripts and shutdown)."""
        while self._workers:
            await asyncio.wait(set(self._workers.values()))

    async def _advance(self, game_id: int) -> None:
        """AI turns, then the posts nobody has seen yet, then deadlines and the end."""
        async with self._lock(game_id):
            game = self._remembered(game_id) or await self._load(game_id)
            announced = max(game.row.announced_version, self._announced.get(game_id, 0))
            if announced != game.row.announced_version:
                game = _Game(replace(game.row, announced_version=announced), game.engine, game.state)
            if game.row.status == "running":
                game = await self._run_ai(game)
            notices = self._notices.pop(game_id, [])
            include_start = game.row.announced_version == 0 and game.state is not None
            turns: list[Turn] = []
            if game.state is not None:
                turns = [t for t in await self._unannounced_turns(game) if t.complete]
        locale = game.row.locale
        posts = [await self._notice_post(game, notice, locale) for notice in notices]
        newest = game.row.announced_version
        for turn in turns:
            posts.append(await self._turn_post(game, turn, locale))
            newest = turn.last_version
        if include_start and not turns and game.state is not None:
            posts.append(await self._state_post(game, game.state, locale))
            newest = game.row.version
        direct = await self._turn_messages(game, posts)
        if posts or direct:
            channel = self._post_channel(game.row)
            await self._deliver(Dispatch(game_id, channel, tuple(posts), tuple(direct), locale))
        if newest > game.row.announced_version:
            await self.store.set_announced(game_id, newest)
            self._announced[game_id] = max(newest, self._announced.get(game_id, 0))
            history = self._history.get(game_id)
            if history is not None:
                history.trim(newest)
        await self.deadlines.sync(game_id, (game.row, game.engine, game.state))
        if game.row.status == "finished" and not game.row.summary_posted:
            await self._conclude(game)

    async def _deliver(self, dispatch: Dispatch) -> None:
        if self.outbox is None:
            self.dispatched.append(dispatch)
            return
        try:
            await self.outbox(dispatch)
        except Exception:
            log.exception("game %s: delivering %d post(s) failed", dispatch.game_id, len(dispatch.posts))

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

    async def turn_is_open(self, game_id: int, seat: int, turn_version: int) -> bool:
        """Whether `seat` (a person) still has the turn that began at `turn_version`."""
        return await self._turn_is_open(await self._load(game_id), seat, turn_version)

    async def direct(self, game_id: int, message: DirectMessage) -> None:
        """A direct message about a game (a reminder), outside any interaction."""
        await self._deliver(Dispatch(game_id, None, (), (message,)))

    async def tell(self, game_id: int, key: str, *, mentions: tuple[int, ...] = (), **params: Any) -> None:
        """Post a notice in the game's thread (reminders, questions to the host) in order."""
        self._notify(game_id, _Notice(key, params, mentions=mentions))
        self._kick(game_id)

    async def ask_host(self, game_id: int, seat: int, turn_version: int) -> None:
        """A deadline passed in a game whose host decides: ask them, with buttons."""
        row = await self._row(game_id)
        names = [s.name for s in row.seats]
        locale = row.locale
        actions = (
            (texts.t("deadline.button.ai", locale), f"{seat}:{turn_version}:ai"),
            (texts.t("deadline.button.wait", locale), f"{seat}:{turn_version}:wait"),
        )
        self._notify(
            game_id,
            _Notice(
                "deadline.ask_host",
                {"player": names[seat], "host": _host_name(row)},
                mentions=(row.host_id,),
                actions=actions,
            ),
        )
        self._kick(game_id)

    async def resolve_timeout(
        self, caller: Caller, game_id: int, seat: int, turn_version: int, choice: str
    ) -> Reply:
        """The host's answer to a passed deadline: the AI moves, or the player gets more time."""
        game = await self._load(game_id, caller)
        self._require_host(caller, game.row)
        if not await self._turn_is_open(game, seat, turn_version):
            raise PlayerError("deadline.already_over")
        if choice == "ai":
            await self.play_for(game_id, seat, turn_version)
            return Reply(self._text(caller, "deadline.ai_chosen", player=game.names[seat]), game_id=game_id)
        await self.deadlines.restart(game_id, seat)
        return Reply(self._text(caller, "deadline.wait_chosen", player=game.names[seat]), game_id=game_id)

    # ------------------------------------------------------------------ posts

    def _unannounced_history(self, game: _Game) -> History | None:
        history = self._history.get(game.row.id)
        if history is not None and history.covers(game.row.announced_version, game.row.version):
            return history
        return None

    async def _steps_after(self, game: _Game, version: int) -> list[Step]:
        """The moves after `version`, from memory when it reaches back so far, else replayed."""
        history = self._history.get(game.row.id)
        if history is not None and history.covers(version, game.row.version):
            return history.after(version)
        _, steps = replay(game.engine, game.row, await self.store.moves(game.row.id))
        self._history[game.row.id] = History(steps[0].version - 1 if steps else game.row.version, steps)
        return [step for step in steps if step.version > version]

    async def _unannounced_turns(self, game: _Game) -> list[Turn]:
        steps = await self._steps_after(game, game.row.announced_version)
        return group_turns(game.engine, steps)

    async def turns(self, game_id: int, since_version: int = 0) -> list[Turn]:
        """The game's moves grouped into turns, after `since_version` (replayed from the log)."""
        game = await self._load(game_id)
        _, steps = replay(game.engine, game.row, await self.store.moves(game_id))
        return group_turns(game.engine, steps, since_version)

    async def _since_last_turn(self, game: _Game, seat: int, locale: str | None, skip: int = 0) -> list[str]:
        """What the others did since `seat` last acted, a line per turn (the newest `skip` left out)."""
        return (await self._since(game, seat, locale, skip))[0]

    async def _since(self, game: _Game, seat: int, locale: str | None, skip: int) -> tuple[list[str], bool]:
        """The lines of `_since_last_turn`, and whether `seat` has moved at all yet."""
        history = self._history.get(game.row.id)
        last = None
        if history is not None:
            last = next((step.version for step in reversed(history.steps) if step.seat == seat), None)
        if last is None:
            last = await self.store.last_move_version(game.row.id, seat)
        steps = await self._steps_after(game, last or 0)
        turns = [t for t in group_turns(game.engine, steps) if t.seat != seat]
        if skip:
            turns = turns[:-skip]
        return [self._turn_line(game, turn, locale) for turn in turns], last is not None

    def _turn_line(self, game: _Game, turn: Turn, locale: str | None) -> str:
        said = " ".join(texts.render(d, locale, game.names) for d in turn.descriptions)
        return f"▸ **{game.names[turn.seat]}**: {said}"

    async def _notice_post(self, game: _Game, notice: _Notice, locale: str | None) -> Post:
        text = texts.t(notice.key, locale, game.names, **notice.params)
        if notice.board and game.state is not None:
            board = await self._state_post(game, game.state, locale)
            # No new ping: whoever undid an action already knows it is their turn.
            return Post(f"{text}\n{board.text}", board.image, notice.mentions, actions=notice.actions)
        return Post(text, mentions=notice.mentions, actions=notice.actions)

    async def _turn_post(self, game: _Game, turn: Turn, locale: str | None) -> Post:
        lines = [texts.render(d, locale, game.names) for d in turn.descriptions]
        header = texts.t("turn.header", locale, game.names, player=Player(turn.seat))
        body = "\n".join(f"• {line}" for line in lines)
        post = await self._state_post(game, turn.state, locale)
        text = f"{header}\n{body}\n{post.text}".strip()
        if post.mentions and turn.state is game.state:
            # Who is pinged also reads what else happened since they last acted.
            for seat in self._pinged_seats(game, turn.state):
                earlier, has_moved = await self._since(game, seat, locale, skip=1)
                if earlier:
                    key = "turn.since" if has_moved else "turn.since_start"
                    heading = texts.t(key, locale, player=game.names[seat])
                    text += "\n" + heading + "\n" + "\n".join(earlier)
        return Post(text, post.image, post.mentions)

    def _pinged_seats(self, game: _Game, state: State) -> list[int]:
        return [s for s in sorted(game.engine.to_act(state)) if not game.row.seats[s].is_ai]

    async def _state_post(self, game: _Game, state: State, locale: str | None) -> Post:
        """The board after a turn: image, whose turn, and a ping for them."""
        image = await self._image(game, state, None, locale)
        outcome = game.engine.outcome(state)
        if outcome is not None:
            return Post(texts.t("outcome.title", locale), image)
        acting = sorted(game.engine.to_act(state))
        humans = self._pinged_seats(game, state)
        mentions = tuple(game.row.seats[s].user_id or 0 for s in humans)
        names = ", ".join(game.names[s] for s in acting)
        key = "turn.next_human" if humans else "turn.next_ai"
        return Post(texts.t(key, locale, game.names, players=names), image, tuple(m for m in mentions if m))

    async def _turn_messages(self, game: _Game, posts: Sequence[Post]) -> list[DirectMessage]:
        """A direct message for each pinged player who asked for them: once per turn."""
        pinged = {user for post in posts for user in post.mentions}
        messages = []
        for user_id in sorted(pinged):
            player = await self.player(user_id)
            if not player.dm:
                continue
            seat = game.seat_of(user_id)
            if seat is None or game.state is None or seat not in game.engine.to_act(game.state):
                continue
            locale = player.locale or game.row.locale
            lines = [
                texts.t(
                    "notify.your_turn",
                    locale,
                    game=game.engine.title,
                    id=game.row.id,
                    link=self.link(game.row),
                )
            ]
            earlier = await self._since_last_turn(game, seat, locale)
            if earlier:
                lines.append(texts.t("turn.since_you", locale))
                lines.extend(earlier)
            messages.append(DirectMessage(user_id, "\n".join(lines)))
        return messages

    def title(self, row: GameRow) -> str:
        return self._engine(row.engine).title

    @staticmethod
    def link(row: GameRow) -> str:
        """A link to the game's thread (or channel), for direct messages."""
        channel = row.thread_id or row.channel_id
        if row.guild_id is None or channel is None:
            return f"#{row.id}"
        return f"https://discord.com/channels/{row.guild_id}/{channel}"

    def _outcome_text(self, game: _Game, outcome: Outcome, locale: str | None) -> str:
        lines = [texts.t("outcome.title", locale)]
        for seat in outcome.ranking:
            detail = outcome.details[seat] if seat < len(outcome.details) else {}
            parts = ", ".join(
                texts.t(f"outcome.detail.{name}", locale, value=value) for name, value in detail.items()
            )
            lines.append(
                texts.t(
                    "outcome.line",
                    locale,
                    rank=outcome.ranks[seat],
                    player=game.names[seat],
                    details=parts or texts.t("outcome.score", locale, score=outcome.scores[seat]),
                )
            )
        winners = ", ".join(game.names[s] for s in sorted(outcome.winners))
        key = "outcome.winner" if len(outcome.winners) == 1 else "outcome.winners"
        lines.append(texts.t(key, locale, players=winners))
        return "\n".join(lines)

    async def _conclude(self, game: _Game) -> None:
        """The end of a game: ratings, the summary with its breakdown, the animated replay."""
        outcome = game.engine.outcome(game.state) if game.state is not None else None
        if outcome is None:
            return
        locale = game.row.locale
        changes = await self.community.rate(game.row, outcome, locale)
        summary = self._outcome_text(game, outcome, locale)
        if changes:
            summary += "\n" + texts.t("ratings.title", locale) + "\n" + "\n".join(changes)
        replay_gif = await self._replay_image(game, locale)
        post = Post(summary, replay_gif, filename="replay.gif") if replay_gif else Post(summary)
        await self._deliver(Dispatch(game.row.id, self._post_channel(game.row), (post,), locale=locale))
        self.forget(game.row.id)
        await self.store.mark_summary_posted(game.row.id)

    async def _replay_image(self, game: _Game, locale: str | None) -> bytes | None:
        """The animated replay: the start, then the board after every turn."""
        start, steps = await self.workers.run(
            replay, game.engine, game.row, await self.store.moves(game.row.id)
        )
        states = [start] + [turn.state for turn in group_turns(game.engine, steps) if turn.complete]
        views = []
        for state in states:
            view = game.engine.view(state, None)
            view["names"] = game.names
            views.append(view)
        try:
            return await self.workers.run(self._animate, game.engine.id, views, locale)
        except ValueError:
            log.warning("game %s: the replay does not fit the upload limit", game.row.id)
            return None

    async def suggestions(self, caller: Caller, game_id: int, typed: str) -> list[str]:
        """The caller's legal moves in notation, filtered by what they typed."""
        try:
            game = await self._load(game_id, caller)
            seat = self._acting_seat(caller, game)
        except PlayerError:
            return []
        notations = [
            game.engine.format_action(game.state, a) for a in game.engine.legal_actions(game.state, seat)
        ]
        words = typed.lower().split()
        matching = [n for n in notations if all(word in n.lower() for word in words)]
        return matching[:_AUTOCOMPLETE_LIMIT]

    async def hand(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        seat = game.seat_of(caller.user_id)
        if seat is None:
            raise PlayerError("error.not_player", id=game_id)
        if game.state is None:
            raise PlayerError("error.not_started", id=game_id)
        reply = await self._private(caller, game, seat)
        if game.row.status != "running":
            return reply
        earlier = await self._since_last_turn(game, seat, caller.locale)
        if not earlier:
            return reply
        since = "\n".join([self._text(caller, "turn.since_you"), *earlier])
        return Reply(
            f"{since}\n\n{reply.text}",
            image=reply.image,
            game_id=reply.game_id,
            version=reply.version,
            buttons=reply.buttons,
        )

    async def _private(self, caller: Caller, game: _Game, seat: int, *, with_image: bool = True) -> Reply:
        engine, state = game.engine, game.state
        view = engine.view(state, seat)
        lines = [presenters.private_summary(engine.id, view, caller.locale)]
        buttons: tuple[MoveButton, ...] = ()
        if seat in engine.to_act(state):
            notations = [engine.format_action(state, a) for a in engine.legal_actions(state, seat)]
            picked = presenters.pick_buttons(engine.id, notations)
            buttons = tuple(MoveButton(n, n) for n in picked)
            lines.append(self._text(caller, "hand.your_turn", count=len(notations)))
        elif game.row.status == "running":
            turn = engine.current_turn(state)
            lines.append(
                self._text(caller, "hand.waiting", player=game.names[turn] if turn is not None else "?")
            )
        image = await self._image(game, state, seat, caller.locale) if with_image else None
        return Reply(
            "\n".join(line for line in lines if line),
            image=image,
            game_id=game.row.id,
            version=game.row.version,
            buttons=buttons,
        )

    async def board(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        if game.state is None:
            return Reply(self._lobby_card(game.row, caller).text, public=True, game_id=game_id)
        # Public: in the language of the server, like the game's other posts.
        locale = caller.guild_locale or game.row.locale
        post = await self._state_post(game, game.state, locale)
        text = post.text
        outcome = game.engine.outcome(game.state)
        if outcome is not None:
            text = self._outcome_text(game, outcome, locale)
        title = texts.t("board.title", locale, game=game.engine.title, id=game_id)
        return Reply(
            f"{title}\n{text}", image=post.image, public=True, game_id=game_id, version=game.row.version
        )

    # ---------------------------------------------------------------- the rest

    async def info(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        row, engine = game.row, game.engine
        lines = [
            self._text(caller, "info.title", game=engine.title, id=row.id),
            self._text(caller, "info.status", status=self._text(caller, f"status.{row.status}")),
        ]
        view = engine.view(game.state, None) if game.state is not None else None
        turn = engine.current_turn(game.state) if game.state is not None else None
        outcome = engine.outcome(game.state) if game.state is not None else None
        for seat in row.seats:
            marker = "🤖" if seat.is_ai else "👤"
            extra = ""
            if view is not None:
                extra = presenters.seat_summary(engine.id, view, seat.seat, caller.locale)
            if outcome is not None:
                extra = self._text(caller, "info.score", score=outcome.scores[seat.seat]) + " " + extra
            arrow = " ⬅️" if turn == seat.seat else ""
            lines.append(f"{seat.seat + 1}. {marker} **{seat.name}** {extra}{arrow}".rstrip())
            player = await self.player(seat.user_id) if seat.user_id and not seat.is_ai else None
            if player is not None and player.away_until is not None and player.away_until > self._clock():
                lines.append("   " + self._text(caller, "away.info", until=_discord_time(player.away_until)))
        options = ", ".join(f"{k}={v}" for k, v in (row.options or {}).items())
        lines.append(self._text(caller, "info.options", options=options or self._text(caller, "info.none")))
        lines.append(self.deadlines.describe(row, caller.locale))
        if row.status == "running":
            lines.extend(await self.deadlines.pending_lines(row, caller.locale))
        lines.append(self._text(caller, "info.moves", count=row.version))
        return Reply("\n".join(lines), game_id=game_id, version=row.version)

    async def log(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        if game.state is None:
            raise PlayerError("error.not_started", id=game_id)
        _, steps = replay(game.engine, game.row, await self.store.moves(game_id))
        turns = group_turns(game.engine, steps)
        lines: list[str] = []
        for number, turn in enumerate(turns, 1):
            said = "; ".join(texts.render(d, caller.locale, game.names) for d in turn.descriptions)
            lines.append(f"{number}. {said}")
        if not lines:
            return Reply(self._text(caller, "log.empty"), game_id=game_id)
        out: list[str] = []
        size = 0
        for line in reversed(lines):
            if size + len(line) + 1 > _LOG_LIMIT:
                out.append(self._text(caller, "log.earlier", count=len(lines) - len(out)))
                break
            out.append(line)
            size += len(line) + 1
        return Reply("\n".join(reversed(out)), game_id=game_id)

    async def list_games(self, caller: Caller) -> Reply:
        rows = await self.store.list_games(guild_id=caller.guild_id)
        if not rows:
            return Reply(self._text(caller, "list.empty"))
        mine = [r for r in rows if any(s.user_id == caller.user_id for s in r.seats)]
        others = [r for r in rows if r not in mine]
        lines: list[str] = []
        for title_key, group in (("list.yours", mine), ("list.others", others)):
            if not group:
                continue
            lines.append(self._text(caller, title_key))
            for status in ("lobby", "running", "finished", "abandoned"):
                for row in [r for r in group if r.status == status][:10]:
                    lines.append(self._list_line(caller, row))
        return Reply("\n".join(lines)[:_LOG_LIMIT])

    def _list_line(self, caller: Caller, row: GameRow) -> str:
        engine = self._engine(row.engine)
        names = ", ".join(s.name for s in row.seats)
        status = self._text(caller, f"status.{row.status}")
        extra = ""
        if row.status == "running" and row.state is not None:
            try:
                turn = engine.current_turn(engine.loads(row.state))
            except ValueError:
                turn = None
            if turn is not None:
                extra = " — " + self._text(caller, "list.turn", player=row.seats[turn].name)
        return f"`#{row.id}` **{engine.title}** ({status}{extra}) · {names}"

    async def resign(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            game = await self._load(game_id, caller)
            if game.row.status != "running":
                raise PlayerError("error.not_running", id=game_id)
            seat = game.seat_of(caller.user_id)
            if seat is None:
                raise PlayerError("error.not_player", id=game_id)
            name = texts.t("resign.ai_name", game.row.locale, name=game.names[seat])
            try:
                self.forget(game_id)
                row = await self.store.replace_seat(
                    game_id, game.row.version, seat, user_id=None, name=name, is_ai=True, now=self._clock()
                )
            except StaleVersion:
                raise PlayerError("error.busy") from None
            if game.state is not None:
                self._states[game_id] = (row.version, game.state)
            self._notify(game_id, _Notice("resign.post", {"player": caller.name, "ai": name}))
        self._kick(game_id)
        return Reply(self._text(caller, "resign.done", id=game_id), game_id=game_id, version=row.version)

    async def abandon(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = (await self._load(game_id, caller)).row
            if row.status not in ("lobby", "running"):
                raise PlayerError("error.not_running", id=game_id)
            if caller.user_id != row.host_id and not caller.is_manager:
                raise PlayerError("error.abandon_rights")
            return await self._abandon_row(caller, row)

    async def _abandon_row(self, caller: Caller, row: GameRow) -> Reply:
        try:
            self.forget(row.id)
            new = await self.store.finish(
                row.id, row.version, status="abandoned", outcome=None, now=self._clock()
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None
        if row.status == "running":
            self._notify(row.id, _Notice("abandon.post", {"id": row.id, "player": caller.name}))
            self._kick(row.id)
        return Reply(
            self._text(caller, "abandon.done", id=row.id),
            game_id=row.id,
            version=new.version,
            lobby=self._lobby_card(new, caller),
        )

    def rules(self, engine_id: str, locale: str | None = None) -> str:
        engine = self._engine(engine_id)
        return texts.t(f"rules.{engine.id}", locale)

    async def resume(self) -> None:
        """At start-up: finish the AI turns, posts and summaries a stop interrupted.

        Every running game is looked at once, which also brings its recent moves
        back into memory, so the first move after a restart does not wait for a
        replay of its game's log.
        """
        for row in await self.store.list_games(statuses=("running", "finished")):
            unfinished = row.status == "running" or not row.summary_posted
            if unfinished or row.announced_version < row.version:
                self._kick(row.id)
        await self.idle()

    # ------------------------------------------------ settings and preferences

    async def settings(
        self, caller: Caller, game_id: int, deadline: int | None = None, on_timeout: str | None = None
    ) -> Reply:
        """Show, or (host only) change, the turn deadline and what happens when it passes."""
        game = await self._load(game_id, caller)
        if deadline is None and on_timeout is None:
            return Reply(self.deadlines.describe(game.row, caller.locale), game_id=game_id)
        self._require_host(caller, game.row)
        if game.row.status not in ("lobby", "running"):
            raise PlayerError("error.not_running", id=game_id)
        row = await self.deadlines.configure(game.row, deadline, on_timeout)
        said = self._text(caller, "settings.saved") + "\n" + self.deadlines.describe(row, caller.locale)
        return Reply(said, game_id=game_id)

    async def away(self, caller: Caller, hours: str) -> Reply:
        """`/away hours:<n>` pauses the caller's deadlines in every game; `off` ends it."""
        return await self.deadlines.away(caller, hours)

    async def notify(self, caller: Caller, dm: bool) -> Reply:
        """`/notify dm:on|off`: a direct message when it is the caller's turn."""
        player = await self.player(caller.user_id)
        await self.save_player(replace(player, dm=dm, locale=caller.locale or player.locale))
        return Reply(self._text(caller, "notify.on" if dm else "notify.off"))

    # -------------------------------------------------- results and statistics

    async def replay(self, caller: Caller, game_id: int) -> Reply:
        """The animated replay of a finished game, posted again."""
        game = await self._load(game_id, caller)
        if game.row.status != "finished" or game.state is None:
            raise PlayerError("replay.not_finished", id=game_id)
        locale = caller.guild_locale or game.row.locale
        image = await self._replay_image(game, locale)
        if image is None:
            raise PlayerError("replay.too_big", id=game_id)
        title = texts.t("replay.title", locale, game=game.engine.title, id=game_id)
        return Reply(title, image=image, public=True, game_id=game_id, filename="replay.gif")

    async def stats(self, caller: Caller, user_id: int, name: str, engine_id: str | None) -> Reply:
        if engine_id is not None:
            self._engine(engine_id)
        return await self.community.stats(caller, user_id, name, engine_id)

    async def leaderboard(self, caller: Caller, engine_id: str) -> Reply:
        return await self.community.leaderboard(caller, self._engine(engine_id))
