"""A PostgreSQL server that is wrong, refuses, or goes away in the middle of a game.

A URL that cannot work stops the start with a sentence that names what to
check (and never shows a password); a server that goes away makes a move
fail whole — the player hears that nothing changed — and once it is back the
same move, against the same version, applies once. These tests stop and
start a server of their own, so the suite's shared one is never disturbed.
"""

from __future__ import annotations

import subprocess
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
from conftest import GAME
from conftest import Table
from conftest import World
from postgres_server import PostgresServer

import games
from bot import create_bot
from bot.errors import PlayerError
from bot.history import replay
from bot.results import Caller
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store
from bot.store import StoreError
from bot.store import StoreUnavailable
from bot.store.postgres import PostgresBackend
from bot.workers import Workers

ROOT = Path(__file__).resolve().parent.parent
GUILD = 77
ANN, BEN = Caller(1, "Ann", GUILD, 40), Caller(2, "Ben", GUILD, 40)


class Outage:
    """A server of the test's own, stopped and started again on demand."""

    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self.url = server.new_database()
        # The suite's servers skip waiting for the log on commit (speed); a server stopped
        # at once then forgets the last commits. Here they must last, as in production.
        name = urllib.parse.urlsplit(self.url).path.lstrip("/")
        server.execute(f"ALTER DATABASE {name} SET synchronous_commit = on")

    def stop(self) -> None:
        """Gone at once, as a crashed or rebooted server is: no goodbye to the clients."""
        self.server._pg_ctl("-m", "immediate", "-w", "stop")

    def start(self) -> None:
        self.server._pg_ctl("-l", str(self.server.folder / "server.log"), "-w", "-t", "60", "start")


@pytest.fixture
def outage() -> Iterator[Outage]:
    server = PostgresServer.start()
    try:
        yield Outage(server)
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgresql://postgres@/baumeister?host=/nonexistent-folder&port=5432", "cannot connect"),
        ("postgresql://bot:secret-word@127.0.0.1:1/baumeister", "cannot connect"),
        ("postgresql://bot@localhost:notaport/baumeister", "cannot connect"),
    ],
)
async def test_a_url_that_cannot_work_is_refused_in_a_sentence(url: str, says: str) -> None:
    with pytest.raises(StoreUnavailable, match=says) as refused:
        await Store.open(url)
    assert "secret-word" not in str(refused.value), "a password is never shown"


async def test_a_database_that_does_not_exist_is_named(postgres_server: PostgresServer) -> None:
    missing = postgres_server.url("no_such_database")
    with pytest.raises(StoreError, match="no_such_database"):
        await Store.open(missing)


def test_the_bot_started_on_an_unreachable_database_says_what_to_check(tmp_path: Path) -> None:
    env = {
        "DISCORD_TOKEN": "not-a-real-token",
        "BOT_DATABASE": "postgresql://bot:secret-word@127.0.0.1:1/baumeister",
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Baumeister cannot use its database" in done.stderr
    assert "BOT_DATABASE" in done.stderr
    assert "Traceback" not in done.stderr and "secret-word" not in done.stderr


async def move_of(service: GameService, game_id: int) -> tuple[Caller, str, int]:
    row = await service.store.get_game(game_id)
    engine = games.get(row.engine)
    assert row.state is not None
    state = engine.loads(row.state)
    seat = min(engine.to_act(state))
    mover = ANN if row.seats[seat].user_id == ANN.user_id else BEN
    return mover, engine.format_action(state, engine.legal_actions(state, seat)[0]), row.version


async def test_a_server_gone_mid_game_fails_the_move_whole_and_the_same_move_applies_once_it_is_back(
    outage: Outage,
) -> None:
    store = await Store.open(outage.url)
    service = GameService(store, render=lambda *_: b"png", workers=Workers(0))
    try:
        game_id = (await service.new_game(ANN, GAME)).game_id
        assert game_id is not None
        await service.join(BEN, game_id)
        await service.start(ANN, game_id)
        for _ in range(3):
            mover, notation, version = await move_of(service, game_id)
            await service.move(mover, game_id, notation, expected_version=version)
        await service.idle()
        mover, notation, version = await move_of(service, game_id)
        moves_before = len(await store.moves(game_id))

        outage.stop()
        with pytest.raises(StoreUnavailable):
            await service.move(mover, game_id, notation, expected_version=version)
        await service.idle()
        outage.start()

        assert len(await store.moves(game_id)) == moves_before, "the failed move left nothing behind"
        await service.move(mover, game_id, notation, expected_version=version)
        with pytest.raises(PlayerError):
            await service.move(mover, game_id, notation, expected_version=version)
        await service.idle()
        row = await store.get_game(game_id)
        moves = await store.moves(game_id)
        assert len(moves) == moves_before + 1
        start, steps = replay(games.get(row.engine), row, moves)
        assert games.get(row.engine).dumps(steps[-1].state if steps else start) == row.state
    finally:
        await service.idle()
        await store.close()


async def test_a_player_hears_that_the_database_is_away_and_then_plays_on(
    outage: Outage, tmp_path: Path
) -> None:
    import simcord

    bot = create_bot(Settings(database=outage.url, workers=0))
    # While the server is away, asyncpg's pool tries to reconnect in the background after 1, 2,
    # 4, 8, 16 … s; SimCord waits for every such timer due within its settle timeout on the
    # wall clock. Ten seconds is plenty for what this test draws (one board, in a thread),
    # where the suite's sixty (made for animated replays) kept it waiting a minute.
    env = simcord.Env(bot, shard_count=1, settle_timeout=10.0)
    guild = env.create_guild("Brettspiele")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("anna", "bob", "carl", "zed", "mo")]
    await env.start()
    try:
        await bot.tree.sync()
        world = World(env, guild, channel, *members)
        table = Table(world)
        game = await table.start_for_two()

        outage.stop()
        answer = await world.anna.slash(game.home, "game list")
        assert answer.ephemeral and answer.response is not None
        assert "database cannot be reached" in answer.response.content
        outage.start()

        answer = await world.anna.slash(game.home, "game list")
        assert answer.response is not None and "database" not in answer.response.content
        assert f"#{game.id}" in answer.response.content
    finally:
        await env.shutdown()
        await bot.close()
        assert isinstance(bot, discord.Client)


async def test_a_connection_given_back_inside_a_transaction_is_rolled_back_before_its_next_use(
    postgres_server: PostgresServer,
) -> None:
    """The pool resets nothing else (the store keeps no session state), but never hands
    out a connection with someone's half-done transaction on it."""
    backend = await PostgresBackend.open(postgres_server.new_database())
    try:
        pool = backend._pool
        assert pool is not None
        connection = await pool.acquire()
        await connection.execute("BEGIN")
        await connection.execute("INSERT INTO players (user_id) VALUES (7)")
        await pool.release(connection)  # as a bug or a cancellation would leave it
        assert await backend.query("SELECT count(*) FROM players") == [(0,)]
        async with backend.transaction(write=True) as db:
            await db.do("INSERT INTO players (user_id) VALUES (8)")
        assert await backend.query("SELECT user_id FROM players") == [(8,)]
    finally:
        await backend.close()
