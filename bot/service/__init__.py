"""The game service: lobbies, seats, turns, AI seats — everything but Discord.

Front-ends (the Discord adapter, the console) call these coroutines with a
`Caller` and deliver the `Reply` they get back. Every refusal is a
`PlayerError` carrying its sentence. Moves on one game are serialised by a
lock and guarded by the stored version in the database.

`GameService` is a facade over parts, each in its own module and each handed
what it uses (the arrows point one way; nothing reaches into another part):

- `Games` — the only reader and writer of game rows and states, with every
  in-memory copy of them; `People` — what each person chose.
- `Drawing` (boards and replays in worker processes), `Narrator` (what is
  said about a game), `Notices` and `Delivery` (what waits to be said, and
  the way out to the front-end), `Robots` (AI moves).
- `Play` (moves, undo, hand, suggestions, a stand-in move), `Lobby` (seats,
  options, start), `Views` (board, info, log, list, replay).
- `Pauses` — a game paused and resumed by its host or a moderator.
- `Hints` — `/hint` (the AI's best moves, worked out in a worker) and the tips
  a member gets the first time they meet a kind of decision; `Play` adds both
  to its private answers.
- `Clock` — deadlines and reminders; when one passes it asks `Play` (given
  to it, not imported back) for the stand-in move.
- `Turns` — each game's background work after a change: AI seats, one post
  per turn, pings for every seat that must decide, deadlines, the end.
- `Community` — ratings, statistics, leaderboards.

A move is answered as soon as it is stored; what follows from it is the
game's background work, delivered through the `outbox` the front-end
provides. Rendering and AI thinking run in worker processes so the event
loop never blocks.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

import ai
import texts
from bot.community import Community
from bot.errors import PlayerError
from bot.history import Turn
from bot.results import Caller
from bot.results import Dispatch
from bot.results import Reply
from bot.service.clock import Clock
from bot.service.drawing import Animate
from bot.service.drawing import Drawing
from bot.service.drawing import Render
from bot.service.games import CACHED_GAMES
from bot.service.games import Games
from bot.service.games import engine_of
from bot.service.hints import Hints
from bot.service.leagues import Leagues
from bot.service.lobby import Lobby
from bot.service.model import Outbox
from bot.service.model import Ownership
from bot.service.model import host_name
from bot.service.model import utcnow
from bot.service.narrator import Narrator
from bot.service.narrator import link
from bot.service.notices import Delivery
from bot.service.notices import Notices
from bot.service.pauses import Pauses
from bot.service.people import People
from bot.service.play import Play
from bot.service.robots import Robots
from bot.service.server_settings import Config
from bot.service.servers import Servers
from bot.service.turns import Turns
from bot.service.views import Views
from bot.shards import Shards
from bot.store import GameRow
from bot.store import Places
from bot.store import PlayerRow
from bot.store import Store
from bot.workers import Priority
from bot.workers import Workers
from games.core import Engine
from games.core import State
from renderers.standings import render_standings

__all__ = ["GameService", "Outbox", "Turn", "utcnow"]


class GameService:
    """All game logic a front-end needs, over a `Store`; wires its parts once."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] = utcnow,
        render: Render | None = None,
        outbox: Outbox | None = None,
        animate: Animate | None = None,
        workers: Workers | None = None,
        cache_size: int = CACHED_GAMES,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        #: The servers whose background work is this process's (`bot.shards`; None: all).
        self.ownership = Ownership(shards)
        self.clock = clock
        #: Drawing and AI thinking run here, off the event loop.
        self.workers = workers or Workers()
        #: What is kept in memory per game is bounded: the `cache_size` most recently used.
        games = self._games = Games(store, clock, cache_size=cache_size)
        people = self._people = People(store)
        notices = Notices(store, clock)
        self._delivery = Delivery(outbox)
        narrator = Narrator(games, people, Drawing(self.workers, render, animate))
        #: The AI's moves; `robots.thinking_budget` is how long one decision may take.
        robots = self.robots = Robots(games, self.workers)
        self.community = Community(store)
        self._hints = Hints(games, people, self.workers)
        self._play = Play(games, notices, narrator, robots, self._hints)
        #: Each server's own settings (`/config`).
        self.config = Config(store, clock)
        self._lobby = Lobby(games, notices, self.config)
        self.deadlines = Clock(
            store, games, people, notices, self._delivery, clock, self._play.play_for, self.ownership
        )
        self._turns = Turns(
            games, notices, narrator, robots, self.deadlines, self.community, self._delivery, self.ownership
        )
        #: Pauses a server's games while the bot is removed from it.
        self.servers = Servers(games, self.deadlines, clock, self._turns.kick, self.ownership)
        self._pauses = Pauses(games, notices, self.deadlines, clock, self._turns.kick)
        self._views = Views(games, people, narrator, self.deadlines, self._lobby, clock)
        #: Leagues (`/league`): seasons of tables, each table a game of its own.
        self.leagues = Leagues(store, games, self._lobby, self.config, self._delivery, clock, self.ownership)
        self.leagues.draw = self._draw_standings
        self.servers.on_left.append(self.leagues.close_server)

    async def _draw_standings(
        self, title: str, note: str, headers: list[str], rows: list[list[str]]
    ) -> bytes:
        """The standings image, drawn in a worker process (the event loop never draws)."""
        return await self.workers.run(render_standings, title, note, headers, rows, priority=Priority.LONG)

    # ------------------------------------------------------- the front-end

    def own(self, shards: Shards | None) -> None:
        """This process does the background work of these shards' servers only (None: all)."""
        self.ownership.shards = shards
        self.deadlines.timers_changed()

    @property
    def outbox(self) -> Outbox | None:
        return self._delivery.outbox

    @outbox.setter
    def outbox(self, outbox: Outbox | None) -> None:
        self._delivery.outbox = outbox

    @property
    def dispatched(self) -> list[Dispatch]:
        """What was said while no outbox was set (tests, scripts)."""
        return self._delivery.dispatched

    # --------------------------------------------------------------- play

    async def move(
        self,
        caller: Caller,
        game_id: int,
        notation: str,
        expected_version: int | None = None,
        expected_turn: int | None = None,
    ) -> Reply:
        return await self._play.move(caller, game_id, notation, expected_version, expected_turn)

    async def undo(self, caller: Caller, game_id: int) -> Reply:
        # AI moves that follow the caller's are made first: they count as "someone acted".
        await self._turns.settled(game_id)
        return await self._play.undo(caller, game_id)

    async def hand(self, caller: Caller, game_id: int) -> Reply:
        return await self._play.hand(caller, game_id)

    async def hint(self, caller: Caller, game_id: int) -> Reply:
        return await self._play.hint(caller, game_id)

    async def tip(self, caller: Caller, game_id: int) -> str:
        return await self._play.tip(caller, game_id)

    async def suggestions(self, caller: Caller, game_id: int, typed: str) -> list[str]:
        return await self._play.suggestions(caller, game_id, typed)

    async def move_choices(self, caller: Caller, game_id: int, typed: str) -> list[tuple[str, str]]:
        return await self._play.move_choices(caller, game_id, typed)

    async def play_for(self, game_id: int, seat: int, began: int) -> bool:
        return await self._play.play_for(game_id, seat, began)

    async def resolve_timeout(
        self, caller: Caller, game_id: int, seat: int, began: int, choice: str
    ) -> Reply:
        return await self.deadlines.resolve(caller, game_id, seat, began, choice)

    # -------------------------------------------------------------- lobby

    async def find_game(self, caller: Caller, ref: str | int | None = None) -> int:
        return await self._lobby.find_game(caller, ref)

    async def game_choices(self, caller: Caller, typed: str) -> list[tuple[str, str]]:
        return await self._lobby.game_choices(caller, typed)

    async def new_game(
        self,
        caller: Caller,
        engine_id: str,
        options: Mapping[str, Any] | None = None,
        *,
        hints: bool | None = None,
    ) -> Reply:
        return await self._lobby.new_game(caller, engine_id, options, hints=hints)

    async def set_option(self, caller: Caller, game_id: int, name: str, value: str) -> Reply:
        return await self._lobby.set_option(caller, game_id, name, value)

    async def withdraw(self, game_id: int) -> None:
        """Take back a new game whose lobby message could not be posted."""
        await self._lobby.withdraw(game_id)

    async def attach(self, game_id: int, places: Places) -> None:
        await self._lobby.attach(game_id, places)

    async def join(self, caller: Caller, game_id: int) -> Reply:
        return await self._lobby.join(caller, game_id)

    async def leave(self, caller: Caller, game_id: int) -> Reply:
        return await self._lobby.leave(caller, game_id)

    async def add_bot(self, caller: Caller, game_id: int, level: str = ai.DEFAULT_LEVEL) -> Reply:
        return await self._lobby.add_bot(caller, game_id, level)

    async def bot_levels(self, caller: Caller, game_id: int) -> Reply:
        return await self._lobby.bot_levels(caller, game_id)

    async def start(self, caller: Caller, game_id: int) -> Reply:
        return await self._lobby.start(caller, game_id)

    async def resign(self, caller: Caller, game_id: int) -> Reply:
        return await self._lobby.resign(caller, game_id)

    async def abandon(self, caller: Caller, game_id: int) -> Reply:
        return await self._lobby.abandon(caller, game_id)

    # ---------------------------------------------------------- moderation

    async def replace_player(self, caller: Caller, game_id: int, user_id: int) -> Reply:
        return await self._lobby.replace(caller, game_id, user_id)

    async def kick(self, caller: Caller, game_id: int, user_id: int) -> Reply:
        return await self._lobby.kick(caller, game_id, user_id)

    async def pause(self, caller: Caller, game_id: int) -> Reply:
        return await self._pauses.pause(caller, game_id)

    async def unpause(self, caller: Caller, game_id: int) -> Reply:
        """`/game resume` (`resume` is the restore at start-up)."""
        return await self._pauses.resume(caller, game_id)

    # -------------------------------------------------------------- views

    async def board(self, caller: Caller, game_id: int) -> Reply:
        return await self._views.board(caller, game_id)

    async def info(self, caller: Caller, game_id: int) -> Reply:
        return await self._views.info(caller, game_id)

    async def log(self, caller: Caller, game_id: int) -> Reply:
        return await self._views.log(caller, game_id)

    async def list_games(self, caller: Caller) -> Reply:
        return await self._views.list_games(caller)

    async def replay(self, caller: Caller, game_id: int) -> Reply:
        return await self._views.replay(caller, game_id)

    def rules(self, engine_id: str, locale: str | None = None) -> str:
        return self._views.rules(engine_id, locale)

    async def turns(self, game_id: int, since_version: int = 0) -> list[Turn]:
        """The game's moves grouped into turns, after `since_version` (replayed from the log)."""
        return await self._games.all_turns(await self._games.load(game_id), since_version)

    async def current(self, game_id: int) -> tuple[GameRow, Engine, State | None]:
        """The game's row, engine and state, as stored now."""
        game = await self._games.load(game_id)
        return game.row, game.engine, game.state

    def title(self, row: GameRow) -> str:
        return engine_of(row.engine).title

    @staticmethod
    def link(row: GameRow) -> str:
        return link(row)

    # ---------------------------------------------------- people and time

    async def player(self, user_id: int) -> PlayerRow:
        """What a person chose (direct messages, absence, language)."""
        return await self._people.get(user_id)

    async def settings(
        self, caller: Caller, game_id: int, deadline: int | None = None, on_timeout: str | None = None
    ) -> Reply:
        """Show, or (host only) change, the deadline and what happens when it passes."""
        game = await self._games.load(game_id, caller)
        if deadline is None and on_timeout is None:
            return Reply(self.deadlines.describe(game.row, caller.locale), game_id=game_id)
        if caller.user_id != game.row.host_id:
            raise PlayerError("error.host_only", host=host_name(game.row))
        if game.row.status not in ("lobby", "running"):
            raise PlayerError("error.not_running", id=game_id)
        row = await self.deadlines.configure(game.row, deadline, on_timeout)
        said = self.deadlines.describe(row, caller.locale)
        return Reply(f"{_text(caller, 'settings.saved')}\n{said}", game_id=game_id)

    async def away(self, caller: Caller, hours: str) -> Reply:
        """`/away hours:<n>` pauses the caller's deadlines in every game; `off` ends it."""
        return await self.deadlines.away(caller, hours)

    async def notify(self, caller: Caller, dm: bool) -> Reply:
        """`/notify dm:on|off`: a direct message whenever the caller must decide."""
        player = await self._people.get(caller.user_id)
        await self._people.save(replace(player, dm=dm, locale=caller.locale or player.locale))
        return Reply(_text(caller, "notify.on" if dm else "notify.off"))

    async def tips(self, caller: Caller, on: bool) -> Reply:
        """`/notify tips state:on|off`: tips the first time the caller meets a kind of decision."""
        return await self._hints.set_tips(caller, on)

    async def quiet(
        self, caller: Caller, start: int | None = None, end: int | None = None, zone: str | None = None
    ) -> Reply:
        """`/notify quiet from:<hour> to:<hour> timezone:<tz>`: no pings for the caller in
        those hours, one when they end, no deadline passing during them; all None: off."""
        return await self.deadlines.set_quiet(caller, start, end, zone)

    async def stats(self, caller: Caller, user_id: int, name: str, engine_id: str | None) -> Reply:
        if engine_id is not None:
            engine_of(engine_id)
        return await self.community.stats(caller, user_id, name, engine_id)

    async def leaderboard(self, caller: Caller, engine_id: str) -> Reply:
        return await self.community.leaderboard(caller, engine_of(engine_id))

    # --------------------------------------------------- background work

    async def settled(self, game_id: int) -> None:
        """Wait until the game's background work is done."""
        await self._turns.settled(game_id)

    async def idle(self) -> None:
        """Wait until no game or league has background work left (for tests, scripts and
        shutdown): a game's end may seat a league's next round, whose games start."""
        while True:
            await self._turns.idle()
            if not self.leagues.busy():
                return
            await self.leagues.idle()

    def stop_retrying(self) -> None:
        """At shutdown: posts still waiting to be tried again, and games the restore did
        not reach yet, go out after the restart."""
        self._turns.stop_retrying()
        self._turns.stop_restoring()
        self.leagues.stop_retrying()

    async def resume(self, *, wait: bool = True) -> None:
        """At start-up: finish the AI turns, posts and summaries a stop interrupted.

        The work runs in the background, a few games at a time, oldest first
        (`Turns.resume`); with `wait` (tests, scripts, the terminal) this returns
        once it is done, without (the bot) at once — `restored` waits for it.
        """
        self._turns.resume()
        await self.leagues.catch_up()
        if wait:
            await self._turns.restored()
            await self.leagues.idle()

    async def restored(self) -> None:
        """Wait until the restore started by `resume` is done."""
        await self._turns.restored()

    async def reconcile(self) -> None:
        """Once a minute (the bot's loop): whatever a game owes and nobody is working on
        is taken up again, and the deadlines are looked at afresh, so that work lost
        to a failure, or timers moved by another process on the same database (an
        absence ended there), are at most a minute late; lobbies a week old close."""
        self._turns.catch_up()
        await self.leagues.catch_up()
        self.deadlines.start()
        self.deadlines.timers_changed()
        for card in await self._lobby.close_expired(self.clock(), self.ownership.shards):
            await self._delivery.deliver(Dispatch(card.game_id, None, locale=card.locale, lobby=card))

    def cached_games(self) -> int:
        """How many games something is kept in memory of (bounded by `cache_size`)."""
        return self._games.cached()


def _text(caller: Caller, key: str) -> str:
    return texts.t(key, caller.locale)
