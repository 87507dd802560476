"""The bot process of the liveness benchmark: the real service under injected faults.

    python -c "import liveness_child; liveness_child.main()" PLAN.json MODE SEED

(with the repository root and scripts/ on the path; `bench_liveness` starts
it). MODE is ``faulty`` or ``calm``. The child runs `GameService` on the
plan's SQLite file as the bot runs it — the restore at the start, the
deadline dispatcher, worker processes for drawing and the AI — and plays the
plan's games: it opens them (people and AI seats, a deadline of one game
hour), and simulated people answer their pings at random moments with
random legal moves, or not at all, so that deadlines pass and the AI stands
in. It runs the plan's leagues too, each in a server of its own: opened,
signed up and started through `Leagues`, their tables' games played by
their members as the other games are played, each table in a thread that
a stand-in for Discord makes (`Child.make_thread`). Game time runs `Plan.speed`
times faster than the wall clock (one real second is a game hour), so
deadlines and reminders come within seconds.

In ``faulty`` mode it injects faults: a board drawing raises, the AI raises
or hangs past its thinking budget, the database refuses a transaction,
Discord (the outbox) answers 5xx or makes no thread, and a worker process is
killed now and then; the parent SIGKILLs and SIGTERMs the whole process every
few seconds, and the process SIGKILLs itself now and then while it seats a
league's round or opens one of its tables (`Child.kill_while_seating`).
In ``calm`` mode nothing fails and the child ends by itself once every game
is finished and told ("settled" on stdout).

What the parent measures comes from files in the plan's folder, each line
one JSON record appended with a single `os.write` (so a SIGKILL never leaves
half a line, and a write that returned survives the process: it is in the
kernel's page cache; only a crash of the machine could lose it, which is not
what is tested, so there is no fsync):

- ``posts.jsonl``: every post Discord accepted (the outbox returned), with the
  complete turns it tells (the versions their last moves made);
- ``dropped.jsonl``: every post sent again that "Discord" did not make again, its
  nonce seen within the last `NONCE_KEPT` seconds;
- ``retries.jsonl``: every wait the bot announced before trying again
  (its WARNING "... trying again in ..."), per game;
- ``faults.jsonl``: every fault injected;
- ``threads.jsonl``: every thread made for a league's table (what Discord would
  hold: a thread made is found again by its name, as the front-end finds it).
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import json
import logging
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any
from typing import cast

import ai
import bot.workers
import games
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import DeliveryFailed
from bot.results import Dispatch
from bot.results import Post
from bot.service import GameService
from bot.service.clock import RETRY_AFTER
from bot.service.narrator import Narrator
from bot.service.robots import THINKING_BUDGET
from bot.store import GameRow
from bot.store import LeagueRow
from bot.store import Store
from bot.store import StoreError
from bot.store.sql import Backend
from bot.store.sql import Session
from bot.workers import Workers
from bot.workers import default_processes
from games.core import Action
from games.core import only_answer

__all__ = [
    "CALM",
    "FAULTY",
    "GAME_EPOCH",
    "GUILD",
    "PEOPLE_MOVES",
    "THREADS",
    "LeagueSeating",
    "Plan",
    "Seating",
    "append_record",
    "main",
    "read_records",
]

FAULTY = "faulty"
CALM = "calm"
#: Game time at the plan's start (any fixed moment; only differences count).
GAME_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
GUILD = 7
CHANNEL = 8
#: Person user ids: game index * 10 + seat in the lobby, above this.
PEOPLE = 1_000_000
#: League members' user ids: league index * 100 + member number, above this.
MEMBERS = 2_000_000
#: Each league is in a server of its own (one league never waits for a server's limit on
#: open leagues): its index above this, and its channel likewise.
LEAGUE_GUILDS = 1_000
LEAGUE_CHANNELS = 2_000
#: The ids of the threads made for league tables, above this.
THREAD_IDS = 10**12
#: As the bot's SHUTDOWN_GRACE (bot/discord_app/client.py): background work gets this
#: long to finish at a SIGTERM.
SHUTDOWN_GRACE = 10.0
#: As the bot's RECONCILE_EVERY (bot/discord_app/client.py).
RECONCILE_EVERY = 60.0
#: Where worker processes find the plan's folder (they record the faults they inject).
FOLDER_ENV = "BAUMEISTER_LIVENESS_FOLDER"
POSTS = "posts.jsonl"
#: Discord keeps a message's nonce "for a few minutes": a message sent again with the same
#: nonce (enforced) within them is not made again. Here: for this long, on the wall clock.
NONCE_KEPT = 120.0
#: Posts sent again that Discord did not make again, by their nonce.
DROPPED = "dropped.jsonl"
PEOPLE_MOVES = "people.jsonl"
RETRIES = "retries.jsonl"
FAULTS = "faults.jsonl"
THREADS = "threads.jsonl"

log = logging.getLogger("liveness")


@dataclass(frozen=True)
class Seating:
    """One planned game: its engine, people and AI seats, and options."""

    engine: str
    people: int
    ai_seats: int
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class LeagueSeating:
    """One planned league: its engine, format (`bot.store.LEAGUE_FORMATS`), rounds (for a
    round robin: at most) and how many members sign up."""

    engine: str
    format: str
    rounds: int
    members: int


@dataclass(frozen=True)
class Plan:
    """What the parent asks of every child (written once as JSON)."""

    database: str
    folder: str
    games: list[Seating]
    leagues: list[LeagueSeating]
    #: Wall time (`time.time()`) that is `GAME_EPOCH` in game time.
    started: float
    #: Game seconds per wall second.
    speed: float
    deadline_hours: int = 1
    #: The share of decisions a person makes (the others wait for the deadline), and
    #: how late they come: uniformly up to this many deadlines after the ping.
    act_share: float = 0.8
    lateness: float = 1.3
    #: Fault rates (faulty mode).
    render_fails: float = 0.05
    ai_raises: float = 0.015
    ai_hangs: float = 0.005
    database_refuses: float = 0.02
    discord_fails: float = 0.05
    #: Seconds between two worker kills (uniform).
    worker_kill_every: tuple[float, float] = (3.0, 12.0)
    #: The share of the steps of seating a league's round (before and after the round is
    #: stored, after a table's game is stored, after its thread is made, before the game
    #: starts) at which the bot process SIGKILLs itself (faulty mode).
    seating_kills: float = 0.05
    #: The AI's thinking budget in the child (`Robots.thinking_budget`).
    thinking_budget: float = THINKING_BUDGET

    def game_time(self, wall: float) -> datetime:
        return GAME_EPOCH + timedelta(seconds=(wall - self.started) * self.speed)

    def wall_time(self, moment: datetime) -> float:
        return self.started + (moment - GAME_EPOCH).total_seconds() / self.speed

    def now(self) -> datetime:
        """The service's clock."""
        return self.game_time(time.time())

    @property
    def deadline_seconds(self) -> float:
        """A deadline in wall seconds."""
        return self.deadline_hours * 3600 / self.speed

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(asdict(self)), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Plan:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["games"] = [Seating(**seating) for seating in data["games"]]
        data["leagues"] = [LeagueSeating(**league) for league in data["leagues"]]
        data["worker_kill_every"] = tuple(data["worker_kill_every"])
        return cls(**data)


# ------------------------------------------------------------------ records

_FILES: dict[str, int] = {}


def append_record(folder: str, name: str, **fields: Any) -> None:
    """Append one JSON line, in one write: whole or not at all, whoever is killed when."""
    path = os.path.join(folder, name)
    fd = _FILES.get(path)
    if fd is None:
        fd = _FILES[path] = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.write(fd, (json.dumps({"t": time.time(), **fields}) + "\n").encode())


def read_records(folder: Path, name: str) -> list[dict[str, Any]]:
    """Every whole line of a record file."""
    path = folder / name
    if not path.exists():
        return []
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError):
            found.append(json.loads(line))
    return found


def _fault(kind: str) -> None:
    folder = os.environ.get(FOLDER_ENV)
    if folder:
        append_record(folder, FAULTS, fault=kind)


# ------------------------------------------- faults inside worker processes


def skip_samples(_number: int) -> bool:
    """The workers' warm-up without drawing sample boards: nothing here draws real boards,
    and each worker (after every hang and kill) would pay about a second of CPU for them."""
    return False


def faulty_render(share: float, game_id: str, view: dict[str, Any], locale: str | None) -> bytes:
    """A board that costs nothing to draw, and fails to draw in `share` of the drawings."""
    if random.random() < share:
        _fault("render")
        raise RuntimeError("injected: the board could not be drawn")
    return b"\x89PNG liveness"


def faulty_animate(share: float, subject: Any, views: list[dict[str, Any]], locale: str | None) -> bytes:
    """The end-of-game replay: a drawing like the boards, failing as often."""
    if random.random() < share:
        _fault("render")
        raise RuntimeError("injected: the replay could not be drawn")
    return b"GIF89a liveness"


def faulty_choose(
    raises: float,
    hangs: float,
    hang_seconds: float,
    choose: Callable[[Any, int, int], Action],
    state: Any,
    seat: int,
    seed: int,
) -> Action:
    """The game's own AI, which raises in `raises` of its decisions and hangs in `hangs`."""
    roll = random.random()
    if roll < raises:
        _fault("ai-raise")
        raise RuntimeError("injected: the AI fell over")
    if roll < raises + hangs:
        _fault("ai-hang")
        time.sleep(hang_seconds)  # the bot ends the worker long before
    return choose(state, seat, seed)


# ------------------------------------------------------ faults in the child


class FaultyBackend:
    """The store's database, refusing `share` of transactions and statements as a
    dropped connection would: the work of a refused transaction is rolled back.
    Everything else is the database's own (`__getattr__`)."""

    def __init__(self, inner: Backend, share: float, rng: random.Random) -> None:
        self._inner = inner
        self._share = share
        self._rng = rng

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def _refuses(self) -> bool:
        if self._rng.random() < self._share:
            _fault("database")
            return True
        return False

    @asynccontextmanager
    async def transaction(self, *, write: bool) -> AsyncIterator[Session]:
        async with self._inner.transaction(write=write) as session:
            yield session
            # At the commit: all the transaction did is rolled back.
            if self._refuses():
                raise StoreError("injected: the connection to the database was lost")

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if self._refuses():
            raise StoreError("injected: the connection to the database was lost")
        return await self._inner.query(sql, params)

    async def statement(self, sql: str, params: Sequence[Any] = ()) -> int:
        if self._refuses():
            raise StoreError("injected: the connection to the database was lost")
        return await self._inner.statement(sql, params)


#: (game, text) of each post made by `Narrator.turn_post` -> the complete turns it tells
#: (by text, not by object: the service may copy a post, e.g. to leave out a ping).
_TOLD: dict[tuple[int, str], list[int]] = {}
#: Posts made but never delivered are forgotten beyond this many.
_TOLD_KEPT = 10_000


def _label_turn_posts() -> None:
    """Remember which turns each turn post tells, so that the outbox can record it: the
    post's text is made from exactly these turns."""
    original = Narrator.turn_post

    async def turn_post(
        self: Narrator, game: Any, run: Any, pinged: Any, locale: str | None, *rest: Any, **named: Any
    ) -> Post:
        post = await original(self, game, run, pinged, locale, *rest, **named)
        if len(_TOLD) >= _TOLD_KEPT:
            for key in list(_TOLD)[: _TOLD_KEPT // 2]:
                del _TOLD[key]
        _TOLD[(game.row.id, post.text)] = [turn.last_version for turn in run]
        return post

    Narrator.turn_post = turn_post  # type: ignore[method-assign]  # instrumentation only


class _RetryLog(logging.Handler):
    """Records the waits the bot announces before trying again ("... trying again in 5 s")."""

    def __init__(self, plan: Plan) -> None:
        super().__init__(logging.WARNING)
        self._plan = plan

    def emit(self, record: logging.LogRecord) -> None:
        message = str(record.msg)
        if "trying again" not in message:
            return
        args = record.args if isinstance(record.args, tuple) else ()
        game = args[0] if args and isinstance(args[0], int) else None
        wait: float | None = None
        if "shortly" in message:
            # The deadline dispatcher: RETRY_AFTER in game time.
            wait = RETRY_AFTER / self._plan.speed
        elif args and isinstance(args[-1], timedelta):
            wait = args[-1].total_seconds() / self._plan.speed  # a timer's lease, in game time
        elif args and isinstance(args[-1], int | float):
            wait = float(args[-1])  # the back-off of a game's work, in seconds
        if wait is not None:
            # Whose wait: a game's background work ("turns") or a timer ("clock").
            part = record.name.rsplit(".", 1)[-1]
            append_record(self._plan.folder, RETRIES, game=game, wait=wait, part=part)


# ------------------------------------------------------------------- people


def _caller(index: int, number: int) -> Caller:
    return Caller(PEOPLE + index * 10 + number, f"P{index}-{number}", GUILD, CHANNEL)


def league_place(index: int) -> tuple[int, int]:
    """The server and channel of the plan's league of that index."""
    return LEAGUE_GUILDS + index, LEAGUE_CHANNELS + index


def _member(index: int, number: int) -> Caller:
    """A member of the plan's league of that index; number 0 organises it too."""
    guild, channel = league_place(index)
    user = MEMBERS + index * 100 + number
    return Caller(user, f"M{index}-{number}", guild, channel, is_manager=number == 0)


def _seat_of(row: GameRow, user_id: int) -> int | None:
    return next((s.seat for s in row.seats if s.user_id == user_id and not s.is_ai), None)


class People:
    """The simulated people: each answers a ping (or what they see when they look) at
    a random moment with a random legal move, or lets the deadline pass."""

    def __init__(self, service: GameService, plan: Plan, rng: random.Random) -> None:
        self._service = service
        self._plan = plan
        self._rng = rng
        #: (game, user) -> the person's pending decision.
        self._deciding: dict[tuple[int, int], asyncio.Task[None]] = {}
        #: (game, user) -> the game's version when they chose to let it pass.
        self._ignoring: dict[tuple[int, int], int] = {}
        self._glances: set[asyncio.Task[None]] = set()

    def pinged(self, game_id: int) -> None:
        """A post mentioned people of this game: they look at it."""
        task = asyncio.create_task(self._glance(game_id))
        self._glances.add(task)
        task.add_done_callback(self._glances.discard)

    async def _glance(self, game_id: int) -> None:
        with contextlib.suppress(Exception):  # the database refused: `look` comes by soon
            await self._look_at(game_id)

    async def _look_at(self, game_id: int) -> None:
        """Each person who must act in the game decides what to do about it, once for
        each version of the game they see."""
        row, engine, state = await self._service.current(game_id)
        if row.status != "running" or state is None:
            return
        for seat in engine.to_act(state):
            user = row.seats[seat].user_id
            if user is not None and not row.seats[seat].is_ai:
                self._consider(row.id, user, row.version)

    def _consider(self, game_id: int, user: int, version: int, *, hurry: bool = False) -> None:
        key = (game_id, user)
        task = self._deciding.get(key)
        if task is not None and not task.done():
            return
        if self._ignoring.get(key) == version:
            return  # let it pass: until the game changes, the deadline is what comes
        if self._rng.random() >= self._plan.act_share:
            self._ignoring[key] = version
            return
        most = self._plan.deadline_seconds * (0.25 if hurry else self._plan.lateness)
        delay = self._rng.uniform(0, most)
        self._deciding[key] = asyncio.create_task(self._decide(game_id, user, delay))

    async def _decide(self, game_id: int, user: int, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            row, engine, state = await self._service.current(game_id)
            seat = _seat_of(row, user)
            if row.status != "running" or state is None or seat not in engine.to_act(state):
                return
            action = self._rng.choice(engine.legal_actions(state, seat))
            notation = engine.format_action(state, action)
            # Where the game is played: the plan's channel, or a league table's thread.
            caller = Caller(user, row.seats[seat].name, row.guild_id, row.thread_id or row.channel_id)
            reply = await self._service.move(caller, game_id, notation, expected_version=row.version)
        except PlayerError:
            return  # too late (the AI stood in) or stale: the next ping says what is next
        except Exception:
            # "Something went wrong": the person presses again a moment later.
            self._deciding.pop((game_id, user), None)
            self._deciding[(game_id, user)] = asyncio.create_task(
                self._decide(game_id, user, self._rng.uniform(0, self._plan.deadline_seconds / 4))
            )
            return
        append_record(self._plan.folder, PEOPLE_MOVES, game=game_id, version=reply.version)
        self._deciding.pop((game_id, user), None)
        # Still their turn (a turn of several moves): they go on, without a new ping.
        if reply.version is not None:
            self._consider(game_id, user, reply.version, hurry=True)

    async def look(self) -> None:
        """Now and then each person looks at their running games, as after a restart
        (when what the last process planned is gone)."""
        while True:
            with contextlib.suppress(Exception):  # the database refused: the next look
                rows = await self._service.store.list_games(statuses=("running",), with_state=False)
                # In no fixed order, and one refused read spoils one game's look only.
                for row in self._rng.sample(rows, len(rows)):
                    await self._glance(row.id)
            await asyncio.sleep(2.0)

    def stop(self) -> None:
        for task in [*self._deciding.values(), *self._glances]:
            task.cancel()


# -------------------------------------------------------------------- the bot


class Child:
    """One bot process: the service, its outbox, the people and the faults."""

    def __init__(self, plan: Plan, mode: str, seed: int) -> None:
        self.plan = plan
        self.faulty = mode == FAULTY
        self.rng = random.Random(seed)
        self.service: GameService | None = None
        self.people: People | None = None
        #: Discord's memory of recent nonces (of every bot process so far): nonce -> when sent.
        self.nonces = {
            entry["nonce"]: entry["t"]
            for entry in read_records(Path(plan.folder), POSTS)
            if entry.get("nonce") and entry["t"] > time.time() - NONCE_KEPT
        }
        #: Discord's threads made for league tables (by every bot process so far):
        #: (channel, name) -> thread id.
        self.threads = {
            (int(entry["channel"]), str(entry["title"])): int(entry["thread"])
            for entry in read_records(Path(plan.folder), THREADS)
        }

    async def deliver(self, dispatch: Dispatch) -> None:
        """The outbox: Discord, answering 5xx to some requests."""
        if self.faulty and self.rng.random() < self.plan.discord_fails:
            _fault("discord")
            raise DeliveryFailed("503 Service Unavailable (injected)")
        for post in dispatch.posts:
            turns = _TOLD.pop((dispatch.game_id, post.text), None)
            if post.nonce and self.nonces.get(post.nonce, 0.0) > time.time() - NONCE_KEPT:
                # Discord returns the message it has: none is made.
                append_record(self.plan.folder, DROPPED, game=dispatch.game_id, nonce=post.nonce)
                continue
            if post.nonce:
                self.nonces[post.nonce] = time.time()
            kind = "turn" if turns is not None else "summary" if post.filename == "replay.gif" else "other"
            forced = await self._forced(dispatch.game_id, post.mentions)
            append_record(
                self.plan.folder,
                POSTS,
                game=dispatch.game_id,
                kind=kind,
                turns=turns or [],
                mentions=list(post.mentions),
                forced=forced,
                pid=os.getpid(),
                nonce=post.nonce,
                channel=dispatch.channel_id,
            )
            # A league's channel posts are of no game (0): only a table's own posts call to play.
            if self.people is not None and post.mentions and dispatch.game_id:
                self.people.pinged(dispatch.game_id)

    async def _forced(self, game_id: int, mentions: Sequence[int]) -> list[int]:
        """The people this post pings for a decision with one legal answer that tells nobody
        anything (`games.core.only_answer`): the bot should have made it for them."""
        if not mentions or not game_id or self.service is None:
            return []
        row = await self.service.store.get_game(game_id)
        if row.state is None or row.status != "running":
            return []
        engine = games.get(row.engine)
        state = engine.loads(row.state)
        return [
            seat.user_id
            for seat in row.seats
            if seat.user_id in mentions
            and seat.seat in engine.to_act(state)
            and only_answer(engine, state, seat.seat) is not None
        ]

    async def make_thread(self, channel_id: int, name: str) -> int | None:
        """Discord making a league table's thread, as the front-end asks for it
        (`bot/discord_app/league_cog.py`): a thread of that name made in that channel before
        is the one; one refused (5xx) is none, and the table plays in the channel."""
        made = self.threads.get((channel_id, name))
        if made is not None:
            return made
        if self.faulty and self.rng.random() < self.plan.discord_fails:
            _fault("thread")
            return None
        thread_id = THREAD_IDS + len(self.threads) + 1
        append_record(self.plan.folder, THREADS, channel=channel_id, title=name, thread=thread_id)
        self.threads[(channel_id, name)] = thread_id
        return thread_id

    async def open_games(self) -> None:
        """Open the plan's games not opened yet; finish lobbies a stop left half made."""
        service = self.service
        assert service is not None
        while True:
            try:
                # The plan's games are those of its server; the leagues' tables are in others.
                found = await service.store.list_games(guild_id=GUILD, with_state=False)
                rows = sorted(found, key=lambda row: row.id)
                for index, row in enumerate(rows):
                    if row.status == "lobby" and index < len(self.plan.games):
                        await self._seat_and_start(index, row.id)
                if len(rows) >= len(self.plan.games):
                    return
                seating = self.plan.games[len(rows)]
                reply = await service.new_game(_caller(len(rows), 0), seating.engine, seating.options)
                assert reply.game_id is not None
                await self._seat_and_start(len(rows), reply.game_id)
            except Exception:
                log.warning("opening a game failed; trying again", exc_info=True)
                await asyncio.sleep(0.2)

    async def open_leagues(self) -> None:
        """Open, fill and start the plan's leagues not started yet, each in its own server
        (found again by it after a stop), as their organisers and members would."""
        service = self.service
        assert service is not None
        while True:
            try:
                opened = {league.guild_id: league for league in await self._leagues()}
                for index, planned in enumerate(self.plan.leagues):
                    league = opened.get(league_place(index)[0])
                    if league is None:
                        name = f"League {index + 1}"
                        answer = await service.leagues.new(
                            _member(index, 0),
                            planned.engine,
                            planned.format,
                            planned.rounds,
                            name,
                            deadline_hours=self.plan.deadline_hours,
                        )
                        assert answer.league_id is not None
                        league = await service.leagues.find(_member(index, 0), str(answer.league_id))
                    if league.status == "signup":
                        await self._sign_up_and_start(index, league)
                return
            except Exception:
                log.warning("opening a league failed; trying again", exc_info=True)
                await asyncio.sleep(0.2)

    async def _leagues(self) -> list[LeagueRow]:
        assert self.service is not None
        return await self.service.store.leagues(limit=len(self.plan.leagues) + 1)

    async def _sign_up_and_start(self, index: int, league: LeagueRow) -> None:
        service = self.service
        assert service is not None
        joined = {member.user_id for member in await service.store.members(league.id)}
        for number in range(self.plan.leagues[index].members):
            member = _member(index, number)
            if member.user_id not in joined:
                await service.leagues.join(member, str(league.id))
        await service.leagues.start(_member(index, 0), str(league.id))

    def kill_while_seating(self) -> None:
        """The process SIGKILLs itself now and then while it seats a league's round: just
        before or after the round is stored, after a table's game is stored (in the lobby,
        not started), after its thread is made (not yet the game's), before the game starts."""
        service = self.service
        assert service is not None
        store, lobby = service.store, service.leagues._lobby
        die = self._die_sometimes
        seat_round, open_table, start_table = store.seat_league_round, lobby.open_table, lobby.start_table
        make_thread = service.leagues.threads
        assert make_thread is not None

        async def seat_league_round(*args: Any, **kwargs: Any) -> bool:
            die("before seating a round")
            seated = await seat_round(*args, **kwargs)
            if seated:
                die("after seating a round")
            return seated

        async def open_table_then_die(**kwargs: Any) -> GameRow:
            row = await open_table(**kwargs)
            die("after storing a table's game")
            return row

        async def start_table_after_dying(game_id: int) -> GameRow:
            die("before starting a table's game")
            return await start_table(game_id)

        async def thread_then_die(channel_id: int, name: str) -> int | None:
            thread_id = await make_thread(channel_id, name)
            if thread_id is not None:
                die("after making a table's thread")
            return thread_id

        # Instrumentation only: the same calls, each followed (or preceded) by a chance to die.
        store.seat_league_round = seat_league_round  # type: ignore[method-assign]
        lobby.open_table = open_table_then_die  # type: ignore[method-assign]
        lobby.start_table = start_table_after_dying  # type: ignore[method-assign]
        service.leagues.threads = thread_then_die

    def _die_sometimes(self, where: str) -> None:
        if self.rng.random() < self.plan.seating_kills:
            _fault(f"kill {where}")
            os.kill(os.getpid(), signal.SIGKILL)

    async def _seat_and_start(self, index: int, game_id: int) -> None:
        service = self.service
        assert service is not None
        seating = self.plan.games[index]
        host = _caller(index, 0)
        await service.settings(host, game_id, deadline=self.plan.deadline_hours, on_timeout="ai")
        row, _, _ = await service.current(game_id)
        seated = {seat.user_id for seat in row.seats if not seat.is_ai}
        for number in range(1, seating.people):
            if _caller(index, number).user_id not in seated:
                await service.join(_caller(index, number), game_id)
        for _ in range(seating.ai_seats - sum(seat.is_ai for seat in row.seats)):
            await service.add_bot(host, game_id)
        await service.start(host, game_id)

    async def kill_workers(self) -> None:
        """Now and then one worker process dies (as when the kernel's OOM killer takes it)."""
        while True:
            await asyncio.sleep(self.rng.uniform(*self.plan.worker_kill_every))
            workers = multiprocessing.active_children()
            if workers:
                _fault("worker-kill")
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.rng.choice(workers).pid or 0, signal.SIGKILL)

    async def settled(self) -> bool:
        """Every planned game and league is finished, every game's summary and every
        league's post made, and no work is left."""
        service = self.service
        assert service is not None
        rows = await service.store.list_games(with_state=False)
        if sum(row.guild_id == GUILD for row in rows) < len(self.plan.games):
            return False
        done = all(row.status == "finished" and row.summary_posted for row in rows)
        if not done or any(row.announced_version != row.version for row in rows):
            return False
        leagues = await self._leagues()
        if len(leagues) < len(self.plan.leagues) or any(league.status != "finished" for league in leagues):
            return False
        for league in leagues:
            if await service.store.owed_league_posts(league.id):
                return False
        return True

    async def reconcile(self) -> None:
        """The bot's periodic pass over work nobody is doing."""
        service = self.service
        assert service is not None
        while True:
            await asyncio.sleep(RECONCILE_EVERY)
            try:
                await service.reconcile()
            except Exception:
                log.warning("the reconciling pass failed", exc_info=True)

    async def run(self) -> int:
        plan = self.plan
        os.environ[FOLDER_ENV] = plan.folder
        # Nothing here draws a real board: the workers' warm-up drawing is left out.
        bot.workers._draw_sample = skip_samples
        store = await Store.open(plan.database)
        if self.faulty:
            store._backend = cast(Backend, FaultyBackend(store._backend, plan.database_refuses, self.rng))
        workers = Workers(default_processes())
        render_fails = plan.render_fails if self.faulty else 0.0
        service = self.service = GameService(
            store,
            clock=plan.now,
            render=partial(faulty_render, render_fails),
            animate=partial(faulty_animate, render_fails),
            outbox=self.deliver,
            workers=workers,
        )
        service.robots.thinking_budget = plan.thinking_budget
        service.leagues.threads = self.make_thread
        if self.faulty:
            self.kill_while_seating()
        # Game time runs `speed` times faster: the dispatcher sleeps that much shorter, and
        # its spacing between due timers (meant for a flood after a long stop) would hold
        # back timers that come `speed` times as often as in a real server.
        dispatcher = service.deadlines
        nap = dispatcher._nap

        async def shorter_nap(seconds: float) -> None:
            await nap(seconds / plan.speed)

        dispatcher._nap = shorter_nap  # type: ignore[method-assign]  # the fast game clock
        dispatcher.fire_spacing = 0.0
        if self.faulty:
            for engine in games.all():
                choose = ai.chooser(engine.id)
                hang = plan.thinking_budget * 3
                ai.register(engine.id, partial(faulty_choose, plan.ai_raises, plan.ai_hangs, hang, choose))
        _label_turn_posts()
        logging.getLogger("bot").addHandler(_RetryLog(plan))

        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stopping.set)
        log.warning("started (%s)", "faulty" if self.faulty else "calm")
        try:
            await service.resume(wait=False)
        except Exception:
            # As the bot does: the database may be away at the start; the reconciling pass
            # takes the work up.
            log.warning("resuming the running games failed", exc_info=True)
        dispatcher.start()
        print("ready", flush=True)

        people = self.people = People(service, plan, self.rng)
        chores = [self.open_games(), self.open_leagues(), people.look(), self.reconcile()]
        if self.faulty:
            chores.append(self.kill_workers())
        tasks = [asyncio.create_task(chore) for chore in chores]
        try:
            while not stopping.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stopping.wait(), timeout=1.0)
                if not self.faulty and await self.settled():
                    print("settled", flush=True)
                    break
        finally:
            # As the bot closes: no new work, background work finished or left for the next start.
            began = time.monotonic()
            for task in tasks:
                task.cancel()
            people.stop()
            await dispatcher.stop()
            service.stop_retrying()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(service.idle(), timeout=SHUTDOWN_GRACE)
            idle = time.monotonic() - began
            workers.close()
            closed = time.monotonic() - began
            await store.close()
            log.warning(
                "stopped: idle after %.1f s, workers closed after %.1f s, store after %.1f s",
                idle,
                closed,
                time.monotonic() - began,
            )
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    plan = Plan.load(Path(args[0]))
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(process)d %(name)s %(message)s")
    # A stop that hangs is asked for the threads' stacks (into the bots' log) before the kill.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    return asyncio.run(Child(plan, args[1], int(args[2])).run())
