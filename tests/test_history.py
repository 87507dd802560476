"""A game's moves in memory (`bot.history.History`, kept by `bot.service.games.Games`).

The background work of a game reads it once and then takes a while (a board
is drawn, a post goes out); meanwhile the next move may land. What it asks
of the moves — the turns since the last post, when a seat's obligation began,
a seat's last move — is answered for the version it read, from memory, as a
replay of the log up to that version would answer it: a replay costs more
than a move, so it must not happen for every move made during a post.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime

import pytest

import games
from bot.history import History
from bot.history import Step
from bot.history import obligation_start
from bot.history import replay
from bot.service.games import Games
from bot.service.model import Loaded
from bot.store import Store
from games.core import Message

ENGINE = "chinesische-mauer"
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def _step(version: int, seat: int) -> Step:
    return Step(version, seat, Message("x"), None)


def test_a_history_covers_the_moves_between_its_base_and_its_end() -> None:
    history = History(4, [_step(5, 0), _step(6, 1), _step(7, 2)])
    assert history.covers(4, 7) and history.covers(5, 6)
    assert not history.covers(3, 7), "moves before the base are not here"
    assert not history.covers(4, 8), "moves after the end are not here"
    assert history.reaches(4) and history.reaches(6) and not history.reaches(3) and not history.reaches(8)
    assert [item.version for item in history.after(4)] == [5, 6, 7]
    assert [item.version for item in history.after(4, until=6)] == [5, 6]
    assert [item.version for item in history.until(6)] == [5, 6]


@pytest.fixture
async def kept(store_location: str) -> AsyncIterator[tuple[Games, Loaded]]:
    """A game of five, 40 random moves in, made through `Games` (which remembers them)."""
    store = await Store.open(store_location)
    table = Games(store, lambda: NOW)
    engine = games.get(ENGINE)
    row = await table.create(engine=ENGINE, guild_id=1, channel_id=2, host_id=1, host_name="P1", options={})
    row = await table.set_seats(row, [(seat + 1, f"P{seat + 1}", False) for seat in range(5)])
    game = await table.start(row, engine, 11, engine.check_options(5, {}))
    rng = random.Random(3)
    for _ in range(40):
        seat = min(engine.to_act(game.state))
        action = rng.choice(engine.legal_actions(game.state, seat))
        description = engine.describe(game.state, seat, action)
        after = engine.apply(game.state, seat, action)
        game = await table.commit(game, seat, engine.format_action(game.state, action), after, description)
    yield table, game
    await store.close()


async def _move_on(table: Games, game: Loaded, moves: int) -> Loaded:
    for _ in range(moves):
        seat = min(game.engine.to_act(game.state))
        action = game.engine.legal_actions(game.state, seat)[0]
        description = game.engine.describe(game.state, seat, action)
        after = game.engine.apply(game.state, seat, action)
        notation = game.engine.format_action(game.state, action)
        game = await table.commit(game, seat, notation, after, description)
    return game


async def test_a_game_read_before_newer_moves_is_answered_from_memory_for_its_version(
    kept: tuple[Games, Loaded], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, read = kept
    await _move_on(table, read, 3)  # the moves that land while the read copy is worked on
    replayed = replay(read.engine, read.row, await table.moves(read.row.id))[1]
    up_to_read = [item for item in replayed if item.version <= read.row.version]

    reads: list[int] = []
    real_moves = table.store.moves

    async def counting(game_id: int) -> object:
        reads.append(game_id)
        return await real_moves(game_id)

    monkeypatch.setattr(table.store, "moves", counting)
    since = read.row.version - 6
    steps = await table.steps_after(read, since)
    assert [item.version for item in steps] == [item.version for item in up_to_read if item.version > since]
    assert [item.description for item in steps] == [item.description for item in up_to_read][-6:]
    for seat in range(5):
        expected = obligation_start(up_to_read, seat)
        if expected is not None:
            assert await table.obligation_start(read, seat) == expected
        last = next((item.version for item in reversed(up_to_read) if item.seat == seat), None)
        if last is not None:
            assert await table.last_move_version(read, seat) == last
    assert reads == [], "the move log was replayed although memory holds every move asked for"


async def test_without_the_moves_in_memory_the_log_is_replayed_up_to_the_version_read(
    kept: tuple[Games, Loaded],
) -> None:
    table, read = kept
    await _move_on(table, read, 3)
    table.drop(read.row.id)  # as after a restart: nothing remembered
    replayed = replay(read.engine, read.row, await table.moves(read.row.id))[1]
    up_to_read = [item for item in replayed if item.version <= read.row.version]
    since = read.row.version - 4
    steps = await table.steps_after(read, since)
    assert [item.version for item in steps] == [item.version for item in up_to_read if item.version > since]
    for seat in range(5):
        expected = obligation_start(up_to_read, seat)
        if expected is not None:
            assert await table.obligation_start(read, seat) == expected


async def test_a_replay_may_put_off_the_words_until_they_are_read(
    kept: tuple[Games, Loaded], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, game = kept
    moves = await table.moves(game.row.id)
    said_at_once = [item.description for item in replay(game.engine, game.row, moves)[1]]
    described: list[int] = []
    describe = game.engine.describe

    def counting(state: object, seat: int, action: object) -> Message:
        described.append(seat)
        return describe(state, seat, action)

    monkeypatch.setattr(game.engine, "describe", counting)
    _, steps = replay(game.engine, game.row, moves, words_later=True)
    assert described == [], "no move was put in words before its words were read"
    assert steps[-1].state == game.state
    assert [item.description for item in steps] == said_at_once
    assert len(described) == len(moves)
    assert [item.description for item in steps] == said_at_once and len(described) == len(moves), (
        "words once read are kept"
    )
