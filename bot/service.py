"""The game service: lobbies, seats, turns, AI seats — everything but Discord.

Front-ends (the Discord adapter, the console) call these coroutines with a
`Caller` and deliver the `Reply` they get back. Every refusal is a
`PlayerError` carrying its sentence. Rendering and AI thinking run in worker
threads so the event loop never blocks; moves on one game are serialised by
a lock here and guarded by the stored version in the database.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import ai
import games
import renderers
import texts
from bot import presenters
from bot.errors import PlayerError
from bot.results import Caller, LobbyCard, MoveButton, Post, Reply
from bot.store import CorruptRow, GameNotFound, GameRow, MoveRow, StaleVersion, Store, WrongStatus
from games.core import Engine, IllegalAction, Message, Outcome, Player, State

__all__ = ["GameService", "Turn", "utcnow"]

log = logging.getLogger(__name__)

#: A safety net: no chain of AI moves may run longer than this.
_MAX_AI_STEPS = 5_000
_AI_NAMES = ("Li", "Wu", "Zhao", "Qin", "Han", "Song", "Tang", "Ming")
_AUTOCOMPLETE_LIMIT = 25
_MAX_GAME_ID = 1 << 63
_LOG_LIMIT = 1_900


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Turn:
    """The moves one seat made in a row, and the state after them."""

    seat: int
    descriptions: tuple[Message, ...]
    state: State
    last_version: int
    complete: bool


@dataclass(frozen=True)
class _Step:
    """One move: the version it made, who made it, in words, and the state after it."""

    version: int
    seat: int
    description: Message
    state: State


@dataclass
class _Recent:
    """Moves made in this process since version `base`, in order."""

    base: int
    steps: list[_Step]

    @property
    def end(self) -> int:
        return self.steps[-1].version if self.steps else self.base


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
    ) -> None:
        self.store = store
        self._clock = clock
        self._render = render
        self._locks: dict[int, asyncio.Lock] = {}
        self._recent: dict[int, _Recent] = {}
        #: game id -> (version, state) of the newest state this process committed.
        self._states: dict[int, tuple[int, State]] = {}

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
            turns_state = self._replay(engine, row, await self.store.moves(row.id))[-1][1]
            await self.store.set_state(
                row.id, row.version, state=engine.dumps(turns_state), now=self._clock()
            )
        except Exception:
            log.exception("game %s: the move log cannot be replayed either", row.id)
            raise PlayerError("error.corrupt", game=row.id) from None
        return turns_state

    @staticmethod
    def _replay(
        engine: Engine, row: GameRow, moves: Sequence[MoveRow]
    ) -> list[tuple[MoveRow | None, State, Message | None]]:
        """Every state from the start: (move, state after it, its description)."""
        if row.seed is None:
            raise ValueError(f"game {row.id} has no seed")
        state = engine.setup(len(row.seats), row.seed, row.options or None)
        out: list[tuple[MoveRow | None, State, Message | None]] = [(None, state, None)]
        for move in moves:
            action = engine.parse_action(state, move.seat, move.action)
            description = engine.describe(state, move.seat, action)
            state = engine.apply(state, move.seat, action)
            out.append((move, state, description))
        return out

    async def _image(self, game: _Game, state: State, seat: int | None, locale: str | None) -> bytes:
        view = game.engine.view(state, seat)
        view["names"] = game.names
        return await asyncio.to_thread(self._render, game.engine.id, view, locale)

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
        await self.store.set_places(
            game_id, thread_id=thread_id, lobby_message_id=lobby_message_id, channel_id=channel_id
        )

    def _lobby_card(self, row: GameRow, caller: Caller | None) -> LobbyCard:
        engine = self._engine(row.engine)
        lines = [self._text(caller, "lobby.title", game=engine.title, id=row.id)]
        host = next((s.name for s in row.seats if s.user_id == row.host_id and not s.is_ai), None)
        lines.append(self._text(caller, "lobby.host", host=host or "?"))
        lines.append(
            self._text(
                caller, "lobby.seats", count=len(row.seats), min=engine.min_players, max=engine.max_players
            )
        )
        for seat in row.seats:
            marker = "🤖" if seat.is_ai else "👤"
            lines.append(f"{seat.seat + 1}. {marker} {seat.name}")
        if row.status == "lobby":
            lines.append(self._text(caller, "lobby.howto"))
        else:
            lines.append(self._text(caller, f"lobby.closed.{row.status}"))
        return LobbyCard(
            row.id, "\n".join(lines), row.status == "lobby", row.channel_id, row.lobby_message_id
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
                row = await self.store.start_game(
                    row.id, row.version, seed=seed, state=engine.dumps(state), now=self._clock()
                )
            except StaleVersion:
                raise PlayerError("error.busy") from None
            game = _Game(row, engine, state)
            game = await self._run_ai(game)
            posts = [self._start_post(game)]
            posts += await self._turn_posts(game, include_start=True)
            return Reply(
                self._text(caller, "game.started", id=row.id),
                game_id=row.id,
                version=game.row.version,
                posts=tuple(posts),
                lobby=self._lobby_card(game.row, caller),
                post_channel_id=self._post_channel(game.row),
            )

    def _start_post(self, game: _Game) -> Post:
        engine = game.engine
        start_state = engine.setup(len(game.row.seats), game.row.seed or 0, game.row.options or None)
        order = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(game.names))
        first = engine.current_turn(start_state)
        text = self._text(
            None,
            "game.start_post",
            game.names,
            game=engine.title,
            id=game.row.id,
            seats=order,
            first=Player(first if first is not None else 0),
        )
        return Post(text)

    # -------------------------------------------------------------------- play

    async def move(
        self, caller: Caller, game_id: int, notation: str, expected_version: int | None = None
    ) -> Reply:
        """Make a move as the caller; AI seats then move until a human must act."""
        async with self._lock(game_id):
            game = await self._load(game_id, caller)
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
            game = await self._run_ai(game)
            posts = await self._turn_posts(game)
            done = texts.render(description, caller.locale, game.names)
            if game.row.status == "running" and seat in engine.to_act(game.state):
                private = await self._private(caller, game, seat)
                return Reply(
                    f"✅ {done}\n{private.text}",
                    image=private.image,
                    game_id=game_id,
                    version=private.version,
                    buttons=private.buttons,
                    posts=tuple(posts),
                    post_channel_id=self._post_channel(game.row),
                )
            return Reply(
                f"✅ {done}\n{self._text(caller, 'move.turn_over')}",
                game_id=game_id,
                version=game.row.version,
                posts=tuple(posts),
                post_channel_id=self._post_channel(game.row),
            )

    def _acting_seat(self, caller: Caller, game: _Game) -> int:
        if game.row.status == "lobby":
            raise PlayerError("error.not_started", id=game.row.id)
        if game.row.status != "running" or game.state is None:
            raise PlayerError("error.game_over", id=game.row.id)
        seat = game.seat_of(caller.user_id)
        if seat is None:
            raise PlayerError("error.not_player", id=game.row.id)
        acting = game.engine.to_act(game.state)
        if seat not in acting:
            turn = game.engine.current_turn(game.state)
            raise PlayerError("error.not_your_turn", player=game.names[turn] if turn is not None else "?")
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
            )
        except StaleVersion:
            raise PlayerError("error.stale") from None
        except WrongStatus:
            raise PlayerError("error.game_over", id=game.row.id) from None
        self._remember(row.id, game.row.version, _Step(row.version, seat, description, new_state))
        self._states[row.id] = (row.version, new_state)
        return _Game(row, game.engine, new_state)

    async def _run_ai(self, game: _Game) -> _Game:
        """Let AI seats move until a human must act or the game is over."""
        for _ in range(_MAX_AI_STEPS):
            if game.row.status != "running" or game.state is None:
                return game
            acting = sorted(game.engine.to_act(game.state))
            ai_seats = [s for s in acting if game.row.seats[s].is_ai]
            if not ai_seats:
                return game
            seat = ai_seats[0]
            seed = (game.row.seed or 0) + game.row.version
            action = await asyncio.to_thread(ai.choose, game.engine.id, game.state, seat, seed)
            new_state = game.engine.apply(game.state, seat, action)
            notation = game.engine.format_action(game.state, action)
            description = game.engine.describe(game.state, seat, action)
            game = await self._commit(game, seat, notation, new_state, description)
        log.error("game %s: AI chain stopped after %s steps", game.row.id, _MAX_AI_STEPS)
        return game

    async def turns(self, game_id: int, since_version: int = 0) -> list[Turn]:
        """The game's moves grouped into turns, after `since_version`."""
        game = await self._load(game_id)
        return self._turns(game, await self.store.moves(game_id), since_version)

    def _turns(self, game: _Game, moves: Sequence[MoveRow], since_version: int) -> list[Turn]:
        history = self._replay(game.engine, game.row, moves)
        steps = [
            _Step(move.version, move.seat, description, state)
            for move, state, description in history[1:]
            if move is not None and description is not None
        ]
        return self._group_turns(game, steps, since_version)

    @staticmethod
    def _group_turns(game: _Game, steps: Sequence[_Step], since_version: int) -> list[Turn]:
        """Consecutive moves of one seat form a turn; the last may still be going on."""
        steps = [step for step in steps if step.version > since_version]
        turns: list[Turn] = []
        current: list[Message] = []
        for index, step in enumerate(steps):
            current.append(step.description)
            over = not game.engine.to_act(step.state)
            turn_ends = over or game.engine.current_turn(step.state) != step.seat
            if index + 1 < len(steps):
                turn_ends = turn_ends or steps[index + 1].seat != step.seat
            if turn_ends:
                turns.append(Turn(step.seat, tuple(current), step.state, step.version, True))
                current = []
        if current:
            last = steps[-1]
            turns.append(Turn(last.seat, tuple(current), last.state, last.version, False))
        return turns

    def _remember(self, game_id: int, before: int, step: _Step) -> None:
        """Keep the moves not yet announced in memory, so posting a turn needs
        no replay of the whole move log; a gap starts the memory afresh."""
        recent = self._recent.get(game_id)
        if recent is None or recent.end != before:
            recent = self._recent[game_id] = _Recent(before, [])
        recent.steps.append(step)

    async def _unannounced_turns(self, game: _Game) -> list[Turn]:
        row = game.row
        recent = self._recent.get(row.id)
        if recent is not None and recent.base <= row.announced_version and recent.end == row.version:
            return self._group_turns(game, recent.steps, row.announced_version)
        return self._turns(game, await self.store.moves(row.id), row.announced_version)

    def _forget_until(self, game_id: int, version: int) -> None:
        recent = self._recent.get(game_id)
        if recent is not None and recent.base < version:
            recent.steps = [step for step in recent.steps if step.version > version]
            recent.base = version

    async def _turn_posts(self, game: _Game, include_start: bool = False) -> list[Post]:
        """One post per completed turn not yet announced; then mark them announced.

        With `include_start`, a game whose first turn is a human's still gets
        its first board and ping.
        """
        row = game.row
        since = row.announced_version
        turns = [turn for turn in await self._unannounced_turns(game) if turn.complete]
        posts = [await self._turn_post(game, turn) for turn in turns]
        newest = turns[-1].last_version if turns else since
        if include_start and not turns:
            posts.append(await self._state_post(game, game.state))
            newest = row.version
        if newest > since:
            await self.store.set_announced(row.id, newest)
            self._forget_until(row.id, newest)
        return posts

    async def _turn_post(self, game: _Game, turn: Turn) -> Post:
        lines = [texts.render(d, None, game.names) for d in turn.descriptions]
        header = self._text(None, "turn.header", game.names, player=Player(turn.seat))
        body = "\n".join(f"• {line}" for line in lines)
        post = await self._state_post(game, turn.state)
        return Post(f"{header}\n{body}\n{post.text}".strip(), post.image, post.mentions)

    async def _state_post(self, game: _Game, state: State) -> Post:
        """The board after a turn: image, whose turn, and a ping for them."""
        image = await self._image(game, state, None, None)
        outcome = game.engine.outcome(state)
        if outcome is not None:
            return Post(self._outcome_text(game, outcome, None), image)
        acting = sorted(game.engine.to_act(state))
        humans = [s for s in acting if not game.row.seats[s].is_ai]
        mentions = tuple(game.row.seats[s].user_id or 0 for s in humans)
        names = ", ".join(game.names[s] for s in acting)
        key = "turn.next_human" if humans else "turn.next_ai"
        return Post(self._text(None, key, game.names, players=names), image, tuple(m for m in mentions if m))

    def _outcome_text(self, game: _Game, outcome: Outcome, caller: Caller | None) -> str:
        lines = [self._text(caller, "outcome.title")]
        for seat in outcome.ranking:
            detail = outcome.details[seat] if seat < len(outcome.details) else {}
            parts = ", ".join(
                self._text(caller, f"outcome.detail.{name}", value=value) for name, value in detail.items()
            )
            lines.append(
                self._text(
                    caller,
                    "outcome.line",
                    rank=outcome.ranks[seat],
                    player=game.names[seat],
                    details=parts or self._text(caller, "outcome.score", score=outcome.scores[seat]),
                )
            )
        winners = ", ".join(game.names[s] for s in sorted(outcome.winners))
        key = "outcome.winner" if len(outcome.winners) == 1 else "outcome.winners"
        lines.append(self._text(caller, key, players=winners))
        return "\n".join(lines)

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
        return await self._private(caller, game, seat)

    async def _private(self, caller: Caller, game: _Game, seat: int) -> Reply:
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
        image = await self._image(game, state, seat, caller.locale)
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
        post = await self._state_post(game, game.state)
        title = self._text(caller, "board.title", game=game.engine.title, id=game_id)
        return Reply(
            f"{title}\n{post.text}", image=post.image, public=True, game_id=game_id, version=game.row.version
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
        options = ", ".join(f"{k}={v}" for k, v in (row.options or {}).items())
        lines.append(self._text(caller, "info.options", options=options or self._text(caller, "info.none")))
        lines.append(self._text(caller, "info.moves", count=row.version))
        return Reply("\n".join(lines), game_id=game_id, version=row.version)

    async def log(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        if game.state is None:
            raise PlayerError("error.not_started", id=game_id)
        turns = self._turns(game, await self.store.moves(game_id), 0)
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
            name = self._text(None, "resign.ai_name", name=game.names[seat])
            try:
                row = await self.store.replace_seat(
                    game_id, game.row.version, seat, user_id=None, name=name, is_ai=True, now=self._clock()
                )
            except StaleVersion:
                raise PlayerError("error.busy") from None
            game = _Game(row, game.engine, game.state)
            game = await self._run_ai(game)
            posts = [Post(self._text(None, "resign.post", player=caller.name, ai=name))]
            posts += await self._turn_posts(game)
            return Reply(
                self._text(caller, "resign.done", id=game_id),
                game_id=game_id,
                version=game.row.version,
                posts=tuple(posts),
                post_channel_id=self._post_channel(game.row),
            )

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
            new = await self.store.finish(
                row.id, row.version, status="abandoned", outcome=None, now=self._clock()
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None
        post = Post(self._text(None, "abandon.post", id=row.id, player=caller.name))
        return Reply(
            self._text(caller, "abandon.done", id=row.id),
            game_id=row.id,
            version=new.version,
            posts=(post,) if row.status == "running" else (),
            lobby=self._lobby_card(new, caller),
            post_channel_id=self._post_channel(new),
        )

    def rules(self, engine_id: str, locale: str | None = None) -> str:
        engine = self._engine(engine_id)
        return texts.t(f"rules.{engine.id}", locale)

    async def resume(self) -> list[Reply]:
        """At start-up: finish AI chains and turn posts a stop interrupted."""
        replies = []
        for row in await self.store.list_games(statuses=("running",)):
            async with self._lock(row.id):
                try:
                    game = await self._load(row.id)
                    game = await self._run_ai(game)
                    posts = await self._turn_posts(game)
                except PlayerError:
                    log.exception("game %s could not be resumed", row.id)
                    continue
            if posts:
                replies.append(
                    Reply(
                        "", game_id=row.id, posts=tuple(posts), post_channel_id=self._post_channel(game.row)
                    )
                )
        return replies
