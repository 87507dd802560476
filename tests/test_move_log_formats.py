"""Move logs outlive the code that wrote them: an older schema, an older notation.

The move log is the truth, kept as the engine's notation text. A database
written before the notation version was stored must open, migrate and replay
to the very state it holds (an SQLite file, and a PostgreSQL database with the
same steps in that backend's types); a log written in an older notation must
replay under an engine whose notation changed, through `Engine.upgrade_notation`.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

import pytest
from conftest import execute
from conftest import fetch
from conftest import is_postgres
from conftest import schema_version
from service_support import started

import games
from bot.history import replay
from bot.results import Caller
from bot.service import GameService
from bot.store import MIGRATIONS
from bot.store import GameRow
from bot.store import OtherNotation
from bot.store import StaleVersion
from bot.store import Store
from bot.store.postgres import translate_schema
from games.chinesische_mauer.engine import ChineseWallEngine
from games.core import Action
from games.core import IllegalAction
from games.core import Message
from games.core import State

T0 = datetime(2024, 5, 1, 9, 30, tzinfo=UTC)
SEED = 20240501
#: The schema version before `games.notation_version` existed (steps are never
#: edited once released, so the first steps build that schema exactly).
BEFORE_NOTATION_VERSIONS = 2


def stamp(minutes: int) -> str:
    return (T0 + timedelta(minutes=minutes)).isoformat(timespec="microseconds")


def play(
    engine: ChineseWallEngine, players: int, seed: int, moves: int
) -> tuple[list[tuple[int, str]], State]:
    """`moves` moves of a seeded game (fewer if it ends), as (seat, notation), and the state after."""
    rng = random.Random(seed)
    state = engine.setup(players, seed)
    log: list[tuple[int, str]] = []
    while len(log) < moves and engine.to_act(state):
        (seat,) = engine.to_act(state)
        action = rng.choice(engine.legal_actions(state, seat))
        log.append((seat, engine.format_action(state, action)))
        state = engine.apply(state, seat, action)
    return log, state


class PickEngine(ChineseWallEngine):
    """Chinesische Mauer with notation 2, where drawing a card is written "pick", not "draw"."""

    notation_version = 2

    def format_action(self, state: State, action: object, locale: str | None = None) -> str:
        text = super().format_action(state, action, locale)
        return "pick" if text == "draw" else text

    def parse_action(self, state: State, seat: int, text: str, locale: str | None = None) -> Action:
        words = " ".join(text.lower().split())
        if words == "draw":
            raise IllegalAction(Message("cm.error.notation", {"text": text}, f"{text!r} is not a move"))
        return super().parse_action(state, seat, "draw" if words == "pick" else text, locale)

    def upgrade_notation(self, text: str, version: int) -> str:
        if version < 2 and " ".join(text.lower().split()) == "draw":
            return "pick"
        return text


def test_the_renamed_notation_round_trips() -> None:
    """The stand-in for a changed notation keeps the notation contract."""
    engine = PickEngine()
    state = engine.setup(3, SEED)
    for _ in range(30):
        (seat,) = engine.to_act(state)
        texts = [engine.format_action(state, action) for action in engine.legal_actions(state, seat)]
        assert "draw" not in texts
        for action in engine.legal_actions(state, seat):
            assert engine.parse_action(state, seat, engine.format_action(state, action)) == action
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[0])


# ------------------------------------------------ (a) a database of the older schema


# The rows of the old game, as the code of version 2 wrote them.
OLD_GAME = (
    "INSERT INTO games (engine, guild_id, channel_id, thread_id, host_id, status, options, seed, "
    "state, version, announced_version, created_at, updated_at, locale, settings) "
    "VALUES (?, 100, 200, 300, 1, 'running', '{}', ?, ?, ?, ?, ?, ?, 'de', '{}')"
)
OLD_SEATS = "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)"
OLD_MOVES = "INSERT INTO moves (game_id, number, seat, action, version, created_at) VALUES (?, ?, ?, ?, ?, ?)"


async def old_database(location: str, engine: ChineseWallEngine) -> tuple[int, str, list[tuple[int, str]]]:
    """A database of schema version 2 holding a started 3-player game with moves,
    written as the code of that version wrote it; the game's id, state and log."""
    log, final = play(engine, 3, SEED, 60)
    # Created at version 0, seated at 1, started at 2, then one version per move.
    game = (engine.id, SEED, engine.dumps(final), 2 + len(log), 2 + len(log), stamp(0), stamp(len(log) + 2))
    steps = [statement for step in MIGRATIONS[:BEFORE_NOTATION_VERSIONS] for statement in step]
    if is_postgres(location):
        # The same steps as the PostgreSQL backend writes them, and its version table.
        await execute(
            location,
            "; ".join(translate_schema(statement) for statement in steps)
            + "; CREATE TABLE baumeister_schema (version BIGINT NOT NULL)"
            + f"; INSERT INTO baumeister_schema (version) VALUES ({BEFORE_NOTATION_VERSIONS})",
        )
        ((game_id,),) = await fetch(location, OLD_GAME + " RETURNING id", *game)
    else:
        connection = sqlite3.connect(location, isolation_level=None)
        try:
            connection.execute("BEGIN IMMEDIATE")
            for statement in steps:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {BEFORE_NOTATION_VERSIONS}")
            game_id = connection.execute(OLD_GAME, game).lastrowid
            connection.execute("COMMIT")
        finally:
            connection.close()
    assert game_id is not None
    await execute(
        location,
        OLD_SEATS,
        (game_id, 0, 1, "Ada", 0),
        (game_id, 1, 2, "Bo", 0),
        (game_id, 2, None, "AI Ming", 1),
    )
    await execute(
        location,
        OLD_MOVES,
        *[
            (game_id, number, seat, text, 2 + number, stamp(2 + number))
            for number, (seat, text) in enumerate(log, start=1)
        ],
    )
    return game_id, engine.dumps(final), log


async def test_a_database_of_the_previous_schema_migrates_and_replays_exactly(store_location: str) -> None:
    assert len(MIGRATIONS) > BEFORE_NOTATION_VERSIONS
    engine = ChineseWallEngine()
    game_id, stored_state, log = await old_database(store_location, engine)
    assert "draw" in [text for _, text in log]

    store = await Store.open(store_location)
    try:
        row = await store.get_game(game_id)
        moves = await store.moves(game_id)
    finally:
        await store.close()
    assert await schema_version(store_location) == len(MIGRATIONS)

    assert row.notation_version == 1
    assert (row.status, row.seed, row.version, row.locale, row.thread_id) == (
        "running",
        SEED,
        2 + len(log),
        "de",
        300,
    )
    assert [seat.name for seat in row.seats] == ["Ada", "Bo", "AI Ming"]
    assert [(move.seat, move.action) for move in moves] == log
    start, steps = replay(engine, row, moves)
    assert engine.dumps(start) == engine.dumps(engine.setup(3, SEED))
    assert [step.version for step in steps] == [move.version for move in moves]
    assert engine.dumps(steps[-1].state) == stored_state == row.state


# ------------------------------------------------ (b) a log in an older notation


async def recorded_game(store: Store, engine: ChineseWallEngine, moves: int) -> tuple[GameRow, State]:
    """A 2-player game started and played through the store by `engine`, at its notation."""
    row = await store.create_game(
        engine=engine.id, guild_id=100, channel_id=200, host_id=1, host_name="Ada", options={}, now=T0
    )
    row = await store.set_seats(row.id, row.version, [(1, "Ada", False), (2, "Bo", False)], now=T0)
    state = engine.setup(2, SEED)
    row = await store.start_game(
        row.id,
        row.version,
        seed=SEED,
        state=engine.dumps(state),
        now=T0,
        notation_version=engine.notation_version,
    )
    log, _ = play(engine, 2, SEED, moves)
    for seat, text in log:
        state = engine.apply(state, seat, engine.parse_action(state, seat, text))
        row = await store.record_move(
            row.id,
            row.version,
            seat=seat,
            action=text,
            state=engine.dumps(state),
            outcome=None,
            now=T0,
            notation_version=engine.notation_version,
        )
    return row, state


async def test_a_game_recorded_in_notation_1_replays_under_notation_2(store: Store) -> None:
    old, new = ChineseWallEngine(), PickEngine()
    row, state = await recorded_game(store, old, 40)
    moves = await store.moves(row.id)
    assert row.notation_version == 1
    assert "draw" in [move.action for move in moves]

    _, steps = replay(new, row, moves)
    assert new.dumps(steps[-1].state) == old.dumps(state) == row.state
    assert [step.description for step in steps] == [step.description for step in replay(old, row, moves)[1]]

    # Read as if it were already in notation 2, the same log cannot be replayed.
    with pytest.raises(IllegalAction):
        replay(new, replace(row, notation_version=2), moves)


async def test_a_log_in_a_newer_notation_is_refused_by_an_older_engine(store: Store) -> None:
    row, _ = await recorded_game(store, PickEngine(), 40)
    assert row.notation_version == 2
    assert "pick" in [move.action for move in await store.moves(row.id)]
    with pytest.raises(ValueError, match="notation 2"):
        replay(ChineseWallEngine(), row, await store.moves(row.id))


async def test_a_running_game_moves_its_log_to_the_new_notation(store: Store) -> None:
    old, new = ChineseWallEngine(), PickEngine()
    row, state = await recorded_game(store, old, 30)
    moves = await store.moves(row.id)

    # A move in notation 2 does not join a log in notation 1.
    (seat,) = new.to_act(state)
    action = new.legal_actions(state, seat)[0]
    after = new.apply(state, seat, action)

    async def record_in_notation_2(row: GameRow) -> GameRow:
        return await store.record_move(
            row.id,
            row.version,
            seat=seat,
            action=new.format_action(state, action),
            state=new.dumps(after),
            outcome=None,
            now=T0,
            notation_version=2,
        )

    with pytest.raises(OtherNotation):
        await record_in_notation_2(row)
    assert await store.get_game(row.id) == row

    upgraded = [new.upgrade_notation(move.action, row.notation_version) for move in moves]
    with pytest.raises(StaleVersion):
        await store.upgrade_move_log(row.id, row.version - 1, notation_version=2, actions=upgraded, now=T0)
    with pytest.raises(ValueError, match="not newer"):
        await store.upgrade_move_log(row.id, row.version, notation_version=1, actions=upgraded, now=T0)
    row = await store.upgrade_move_log(row.id, row.version, notation_version=2, actions=upgraded, now=T0)
    assert row.notation_version == 2 and row.version == moves[-1].version
    assert [move.action for move in await store.moves(row.id)] == upgraded
    assert "pick" in upgraded and "draw" not in upgraded

    row = await record_in_notation_2(row)
    _, steps = replay(new, row, await store.moves(row.id))
    assert new.dumps(steps[-1].state) == row.state


async def test_the_service_moves_a_running_game_to_the_new_notation(store: Store) -> None:
    """A game begun under notation 1 goes on after an update to notation 2: its log is
    rewritten before the first new move, and every view of it still replays."""
    from games.chinesische_mauer import ENGINE

    service = GameService(store, render=lambda *_: b"")
    anna, bob = Caller(1, "Anna", guild_id=3), Caller(2, "Bob", guild_id=3)
    game_id = await started(service, anna, bob, ENGINE.id)
    for _ in range(6):
        row, engine, state = await service.current(game_id)
        seat = min(engine.to_act(state))
        person = (anna, bob)[seat]
        offered = service_moves(engine, state, seat)
        await service.move(person, game_id, "draw" if "draw" in offered else offered[0])
    await service.idle()
    turns_before = await service.turns(game_id)
    games.register(PickEngine())
    try:
        row, engine, state = await service.current(game_id)
        seat = min(engine.to_act(state))
        first = service_moves(engine, state, seat)[0]
        await service.move((anna, bob)[seat], game_id, first)
        await service.idle()
        row = await store.get_game(game_id)
        assert row.notation_version == 2
        logged = [move.action for move in await store.moves(game_id)]
        assert "draw" not in logged and "pick" in logged
        assert len(await service.turns(game_id)) >= len(turns_before)
    finally:
        games.register(ENGINE)


def service_moves(engine: Any, state: State, seat: int) -> list[str]:
    return [engine.format_action(state, action) for action in engine.legal_actions(state, seat)]
