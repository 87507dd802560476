"""Shared fixtures: the store's two backends, and the real bot (`bot.create_bot`) against
SimCord's simulated Discord.

`store_location` is where a test's store lives, once per backend: an SQLite
file, or a new database on a PostgreSQL server the tests start themselves
(`postgres_server`, started the first time a test needs it). Every test that
opens its store there (the store, the service, races, migrations) runs on both.

`simcord_bot` builds the bot on a fresh database (`database`). The bot's tests
run on SQLite: what they prove above the store is the same on either backend,
and the store's own tests prove the backends alike. Those marked
`both_backends` (one per command group, moves under faults, restarts) run on
PostgreSQL too. SimCord's plugin turns the bot into the running `simcord_env`. `world` adds a server
with a channel and a few members, and `Restarter` swaps in a new bot on the
same database.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import AsyncIterator
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import discord
import gardens
import plain_drawing
import pytest
import simcord
from discord.ext import commands
from hypothesis import settings
from postgres_server import PostgresServer
from simcord import ChannelHandle
from simcord import GuildHandle
from simcord import MemberActor

import games
import renderers
from bot import create_bot
from bot.history import replay
from bot.service import GameService
from bot.service.model import seat_name
from bot.settings import Settings
from bot.store import GameRow
from bot.store import Store
from bot.workers import Workers
from games.core import Engine

# Every property test draws the same examples on every run: a failure is repeatable, a
# run cannot fail by chance, and no example database is written into the tree.
settings.register_profile("baumeister", derandomize=True, database=None)
settings.load_profile("baumeister")

# A game from outside the project, registered the way any package would: every
# test that goes over `games.all()` (conformance, texts, the bot) covers it too.
gardens.register()


#: The store's backends: each test of the store and the service runs on every one.
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server, in a temporary folder; started when a test first needs it.

    Not skipped when PostgreSQL is missing: starting fails and says what to install.
    """
    server = PostgresServer.start()
    yield server
    server.stop()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test that opens a store runs once per backend; a test of the bot (it uses
    `database`) on SQLite alone, unless it is marked `both_backends`. A test that names
    its backends itself (`store_location` among its parameters) keeps them."""
    if "store_location" not in metafunc.fixturenames:
        return
    if any("store_location" in mark.args[0] for mark in metafunc.definition.iter_markers("parametrize")):
        return
    of_the_bot = "database" in metafunc.fixturenames
    both = not of_the_bot or metafunc.definition.get_closest_marker("both_backends") is not None
    metafunc.parametrize("store_location", BACKENDS if both else BACKENDS[:1], indirect=True)


@pytest.fixture
def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where this test's store lives: an SQLite file, or a new, empty PostgreSQL database (its URL).

    Opening it twice opens the same database twice (a restart, two bot processes).
    """
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite3")
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.new_database()
    yield url
    server.drop_database(url)  # ends any connection a test left open, too


@pytest.fixture
async def store(store_location: str) -> AsyncIterator[Store]:
    """The store at this test's location, open for the test and closed after it."""
    opened = await Store.open(store_location)
    yield opened
    await opened.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """An SQLite file, for the tests about SQLite's own ways (its query plans, its files)."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def sqlite_store(db_path: Path) -> AsyncIterator[Store]:
    """A store in the SQLite file `db_path`, open for the test and closed after it."""
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


def is_postgres(location: str) -> bool:
    return location.startswith("postgresql://")


def _numbered(sql: str) -> str:
    """``?`` marks as PostgreSQL numbers them: ``$1``, ``$2``, …"""
    numbers = iter(range(1, 1 + sql.count("?")))
    return re.sub(r"\?", lambda _: f"${next(numbers)}", sql)


async def execute(location: str, sql: str, *rows: tuple[Any, ...]) -> None:
    """Run `sql` on the database at `location` from outside the store, as another program
    would (damage, a stop at a chosen moment, many rows at once): once, or once for each
    row of parameters given (``?`` marks them), all in one transaction."""
    if is_postgres(location):
        connection = await asyncpg.connect(location)
        try:
            async with connection.transaction():
                if rows:
                    await connection.executemany(_numbered(sql), rows)
                else:
                    await connection.execute(sql)
        finally:
            await connection.close()
        return
    connection = sqlite3.connect(location)
    try:
        with connection:  # one transaction, committed at the end
            if rows:
                connection.executemany(sql, rows)
            else:
                connection.execute(sql)
    finally:
        connection.close()


async def fetch(location: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """The rows `sql` reads from the database at `location`, from outside the store."""
    if is_postgres(location):
        connection = await asyncpg.connect(location)
        try:
            return [tuple(row) for row in await connection.fetch(_numbered(sql), *params)]
        finally:
            await connection.close()
    connection = sqlite3.connect(location)
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


async def schema_version(location: str) -> int:
    """The schema version the database says it has (PostgreSQL: a table; SQLite: a pragma)."""
    if is_postgres(location):
        return int((await fetch(location, "SELECT version FROM baumeister_schema"))[0][0])
    return int((await fetch(location, "PRAGMA user_version"))[0][0])


@pytest.fixture
def database(store_location: str) -> str:
    """The bot's database (`Settings.database`): `store_location`, on SQLite unless the test
    is marked `both_backends`."""
    return store_location


def started(workers: Workers) -> Workers:
    """The workers once their processes have started and drawn their samples: until then
    boards are drawn in a thread of this process, and the tests of the processes would not
    see them."""
    deadline = time.monotonic() + 120
    while not workers.is_warm() and time.monotonic() < deadline:
        time.sleep(0.05)
    return workers


@pytest.fixture(scope="session")
def shared_workers() -> Iterator[Workers]:
    """One worker process that draws and thinks for every bot of the session, as a bot's
    own do: started once, where each bot starting its own (a new interpreter that imports
    everything and draws every game's first board) cost a second or two of every test."""
    workers = started(Workers(1))
    yield workers
    workers.close()


@pytest.fixture(scope="module")
def two_workers() -> Iterator[Workers]:
    """Two worker processes, as the bot has on a machine of two cores: for the tests of how
    jobs share them (one module's tests share them, a stuck job's worker is replaced)."""
    workers = started(Workers(2))
    yield workers
    workers.close()


@dataclass
class Bots:
    """Every bot a test built; each is closed (and its store with it) at the end."""

    database: str
    workers: Workers
    built: list[discord.Client]
    #: The bot looks at unfinished work once a minute; here once a day, unless a test
    #: needs it: SimCord runs every look of a long `advance_time`, and each costs time.
    reconcile_every: float = 24 * 3600.0
    #: Boards and replays drawn by stand-ins (`plain_drawing`), for tests marked so.
    plain_drawing: bool = False

    def new(self) -> discord.Client:
        # Workers in a process, as the bot's: its drawing is what the tests exercise.
        settings = Settings(database=self.database)
        if self.plain_drawing:
            bot = create_bot(
                settings, workers=self.workers, render=plain_drawing.board, animate=plain_drawing.replay
            )
        else:
            bot = create_bot(settings, workers=self.workers)
        bot.reconcile_every = self.reconcile_every  # type: ignore[attr-defined]
        self.built.append(bot)
        return bot


@pytest.fixture
async def bots(database: str, shared_workers: Workers, request: pytest.FixtureRequest) -> AsyncIterator[Bots]:
    plain = request.node.get_closest_marker("plain_drawing") is not None
    made = Bots(database, shared_workers, [], plain_drawing=plain)
    yield made
    for bot in made.built:
        await bot.close()


@pytest.fixture
def simcord_bot(bots: Bots) -> discord.Client:
    return bots.new()


@dataclass
class World:
    """A server with a #games channel, three players, a stranger and a moderator."""

    env: simcord.Env
    guild: GuildHandle
    channel: ChannelHandle
    anna: MemberActor
    bob: MemberActor
    carl: MemberActor
    stranger: MemberActor
    moderator: MemberActor

    @property
    def members(self) -> list[MemberActor]:
        return [self.anna, self.bob, self.carl, self.stranger, self.moderator]

    def closed_channel(self, name: str, permission: str, *members: MemberActor) -> ChannelHandle:
        """A new channel in which nobody has `permission` (`view_channel`, `send_messages`, ...)
        but the bot and `members`."""
        bot = self.guild.me
        assert bot is not None
        overwrites = {self.guild.default_role: discord.PermissionOverwrite(**{permission: False})}
        for allowed in (bot, *members):
            overwrites[allowed] = discord.PermissionOverwrite(**{permission: True})
        return self.guild.create_text_channel(name, overwrites=overwrites)


@pytest.fixture
async def world(simcord_env: simcord.Env) -> World:
    env = simcord_env
    guild = env.create_guild("Brettspiele")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("anna", "bob", "carl", "zed")]
    managers = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(env.create_user("mo"), roles=[managers])
    bot = env.bot
    assert isinstance(bot, commands.AutoShardedBot)
    await bot.tree.sync()
    anna, bob, carl, stranger = members
    return World(env, guild, channel, anna, bob, carl, stranger, moderator)


@dataclass
class Restarter:
    """Stops the running bot and starts a new one on the same database."""

    env: simcord.Env
    bots: Bots

    async def __call__(self) -> None:
        old = self.env.bot
        await self.env.restart_bot(self.bots.new())
        await old.close()


@pytest.fixture
def restart(simcord_env: simcord.Env, bots: Bots) -> Restarter:
    return Restarter(simcord_env, bots)


GAME = "chinesische-mauer"
#: How long SimCord waits for the bot to settle after an event. A game's last move draws
#: its animated replay, one board per turn: seconds of a worker's time, more on a busy
#: machine than SimCord's default of 5 s. (A bot that truly hangs still fails, later.)
SETTLE_SECONDS = 60.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("simcord") is None:
            # One shard: what Discord recommends to a bot in fewer than 2,500 servers.
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_SECONDS, shard_count=1))
    # The long tests first, so that the test workers (pytest-xdist) end together rather than
    # one of them finishing a minute-long game alone at the end. The order is the same in
    # every worker, as it must be.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


#: Test modules whose tests share a module-scoped fixture that is costly to make (a run of
#: the benchmark script, a replay drawn, a database built): one test worker runs each whole,
#: so it is made once. (xdist's own `xdist_group` mark does not reach its scheduler with
#: pytest 9.2, which no longer reads a test's id from the attribute that mark rewrites.)
ONE_WORKER_MODULES = frozenset(
    {"tests/test_benchmark_script.py", "tests/test_replay.py", "tests/test_migrate.py"}
)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Tests are handed to the workers one at a time as they become free, except those of
    `ONE_WORKER_MODULES`, each handed out whole (and first: the largest units go first)."""
    from xdist.scheduler import LoadScopeScheduling

    class OneAtATime(LoadScopeScheduling):  # type: ignore[misc]  # xdist has no type hints
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if module in ONE_WORKER_MODULES else nodeid

    return OneAtATime(config, log)


@dataclass
class OpenGame:
    """A game opened with `/game new`: its number, lobby message and thread."""

    id: int
    lobby: discord.Message
    thread: ChannelHandle | None
    answer: simcord.InteractionResult

    @property
    def home(self) -> ChannelHandle:
        """Where the game is played: its thread."""
        assert self.thread is not None, "this game has no thread"
        return self.thread


@dataclass
class Table:
    """Test helpers that look at a game the way the bot stored it."""

    world: World

    @property
    def service(self) -> GameService:
        service = getattr(self.world.env.bot, "service", None)
        assert isinstance(service, GameService)
        return service

    async def open(
        self, host: MemberActor, channel: ChannelHandle | None = None, game: str = GAME, **choices: str
    ) -> OpenGame:
        """`/game new` of `game` by `host` in `channel` (the world's channel unless named), with
        the command's other `choices` (such as `hints="on"`)."""
        channel = channel or self.world.channel
        threads_before = {thread.id for thread in channel.threads}
        answer = await host.slash(channel, "game new", game=game, **choices)
        lobby = [message for message in channel.history() if message.components][-1]
        found = re.search(r"#(\d+)", lobby.content)
        assert found is not None, lobby.content
        threads = [thread for thread in channel.threads if thread.id not in threads_before]
        return OpenGame(int(found[1]), lobby, threads[0] if threads else None, answer)

    def message(self, channel: ChannelHandle, message_id: int) -> discord.Message:
        """A message as it is now (edits included)."""
        return next(m for m in channel.history() if m.id == message_id)

    async def row(self, game_id: int) -> GameRow:
        return await self.service.store.get_game(game_id)

    async def state(self, game_id: int) -> tuple[GameRow, Engine, Any]:
        row = await self.row(game_id)
        engine = games.get(row.engine)
        assert row.state is not None
        return row, engine, engine.loads(row.state)

    async def on_turn(self, game_id: int) -> MemberActor | None:
        """The human who must act now; None when the game is over or an AI acts."""
        row, engine, state = await self.state(game_id)
        acting = sorted(engine.to_act(state))
        if not acting or row.seats[acting[0]].is_ai:
            return None
        user_id = row.seats[acting[0]].user_id
        return next(m for m in self.world.members if m.id == user_id)

    async def waiting(self, game_id: int) -> MemberActor:
        """A seated human who must not act now."""
        row = await self.row(game_id)
        now = await self.on_turn(game_id)
        ids = {seat.user_id for seat in row.seats if not seat.is_ai}
        return next(m for m in self.world.members if m.id in ids and m is not now)

    async def start_for_two(self) -> OpenGame:
        """A game of anna (the host) and bob, opened, joined and started."""
        game = await self.open(self.world.anna)
        await self.world.bob.click(game.lobby, label="Join")
        await self.world.anna.click(game.lobby, label="Start")
        return game

    async def start_against_ai(self) -> OpenGame:
        """A game of anna (the host) and an AI, opened and started."""
        game = await self.open(self.world.anna)
        await add_bot(self.world.anna, game.lobby)
        await self.world.anna.click(game.lobby, label="Start")
        return game

    async def finish_turn(self, game: OpenGame) -> None:
        """The person on turn makes the first suggested move until the turn passes."""
        mover = await self.on_turn(game.id)
        assert mover is not None, "a person is on turn"
        while await self.on_turn(game.id) is mover:
            choice = (await mover.autocomplete(game.home, "move", "action", ""))[0]["value"]
            answer = await mover.slash(game.home, "move", action=choice)
            assert answer.response is not None and answer.response.content.startswith("✅")

    async def spectator_image(self, game_id: int, *, marked_since_last_run: bool = False) -> bytes:
        """The public board of the current position, as the renderer draws it; with
        `marked_since_last_run`, as a turn's post draws it after a run of one seat's moves
        (two seats taking turns): what changed since the other seat's last move marked."""
        row, engine, state = await self.state(game_id)
        names = [seat_name(seat, row.locale) for seat in row.seats]
        view = {**engine.view(state, None), "names": names}
        if marked_since_last_run:
            moves = await self.service.store.moves(game_id)
            since = max(move.version for move in moves if move.seat != moves[-1].seat)
            _, steps = replay(engine, row, moves)
            before = [step.state for step in steps if step.version <= since][-1]
            view["since"] = {**engine.view(before, None), "names": names}
        return renderers.render(engine.id, view, None)


@pytest.fixture
def table(world: World) -> Table:
    return Table(world)


async def add_bot(
    host: MemberActor, lobby: discord.Message, level: str = "Normal", *, button: str = "Add bot"
) -> simcord.InteractionResult:
    """The host presses the lobby's Add bot (`button`: its label), then the AI's level (its
    label) in the private answer; the answer to that press."""
    asked = await host.click(lobby, label=button)
    assert asked.response is not None, asked
    return await host.click(asked.response, label=level)


def text_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """What a message says: the text of its text displays (a card's), a line each, else its content."""
    said = [text for component in _walk(message.components) if (text := _displayed(component)) is not None]
    return "\n".join(said) if said else message.content


def seat_colour(game_id: str, seat: int) -> discord.Colour:
    """The colour the game's boards draw `seat` in."""
    return discord.Colour.from_rgb(*renderers.seat_colour(game_id, seat))


def accent_of(card: discord.Message) -> discord.Colour | None:
    """The colour a card (a post) is edged in."""
    (frame,) = card.components
    assert isinstance(frame, discord.Container)
    return frame.accent_colour


def buttons_of(message: discord.Message) -> list[discord.Button]:
    """A message's buttons, in order: those of its rows and of the rows inside a card."""
    return [component for component in _walk(message.components) if isinstance(component, discord.Button)]


def _walk(components: list[Any]) -> Iterator[Any]:
    """Every component, each followed by those inside it (a card's frame, a row)."""
    for component in components:
        yield component
        if isinstance(component, dict):
            yield from _walk(component.get("components", []))
        else:
            yield from _walk(getattr(component, "children", []))


def _displayed(component: Any) -> str | None:
    """A text display's text (a sent message's component, or one as Discord received it)."""
    if isinstance(component, dict):
        is_text = component.get("type") == discord.ComponentType.text_display.value
        return component["content"] if is_text else None
    return component.content if isinstance(component, discord.TextDisplay) else None


def button_ids(message: simcord.ResponseMessage) -> list[str]:
    """The custom ids of a bot answer's buttons, in order."""
    return [
        child["custom_id"]
        for row in message.components
        for child in row.get("components", [])
        if child.get("custom_id")
    ]


def move_buttons(message: simcord.ResponseMessage) -> list[str]:
    """The custom ids of the move buttons among them."""
    return [custom_id for custom_id in button_ids(message) if custom_id.startswith("bm:move:")]
