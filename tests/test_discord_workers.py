"""The AI and the drawing share the worker processes, through the real bot in SimCord:
its time counts only its thinking, and a stuck AI ends only its own worker.

The bot has two workers here, as on a machine of two cores; a long job stands in
for a replay or a burst of boards.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from pathlib import Path

import discord
import pytest
from conftest import GAME
from conftest import Bots
from conftest import OpenGame
from conftest import Table
from worker_support import alive
from worker_support import ended_worker
from worker_support import eventually
from worker_support import nap_noted
from worker_support import noted
from worker_support import noting_ai
from worker_support import stuck_once_ai
from worker_support import wait_until_noted

import ai
import games
from bot.history import replay
from bot.service.model import Loaded
from bot.workers import Workers
from games.core import Action


@pytest.fixture
def simcord_bot(bots: Bots, two_workers: Workers) -> discord.Client:
    bots.workers = two_workers
    return bots.new()


async def turn_number(table: Table, game_id: int) -> int:
    _, engine, state = await table.state(game_id)
    return engine.turn_number(state)


async def anna_plays_her_turn(table: Table, game: OpenGame) -> None:
    """Anna, on turn, makes the first suggested move until her turn is over; the AI's
    turn follows within the same settling of the bot."""
    anna = table.world.anna
    first = await turn_number(table, game.id)
    while await turn_number(table, game.id) == first:
        choice = (await anna.autocomplete(game.home, "move", "action", ""))[0]["value"]
        answer = await anna.slash(game.home, "move", action=choice)
        assert answer.response is not None and answer.response.content.startswith("✅")
    assert await turn_number(table, game.id) == first + 2, "the AI made its turn"
    assert await table.on_turn(game.id) is anna


async def ai_moves(table: Table, game_id: int, choose: ai.Chooser) -> list[tuple[str, str]]:
    """Each AI move of the game, with the move `choose` (the game's AI) makes there itself."""
    row = await table.row(game_id)
    engine = games.get(row.engine)
    moves = await table.service.store.moves(game_id)
    state, steps = replay(engine, row, moves)
    made = []
    for move, step in zip(moves, steps, strict=True):
        if row.seats[move.seat].is_ai:
            # As the bot asks it: seeded by the game's version before the move.
            own = choose(state, move.seat, (row.seed or 0) + move.version - 1)
            made.append((move.action, engine.format_action(state, own)))
        state = step.state
    return made


@pytest.fixture
async def game(table: Table) -> OpenGame:
    """Anna against the AI, started (the AI has played if it began), with a short budget
    for the AI, so that a wait longer than it is quick to make."""
    table.service.robots.thinking_budget = 1.0
    return await table.start_against_ai()


async def test_the_ai_goes_before_long_jobs_queued_ahead_and_its_budget_counts_only_thinking(
    table: Table,
    game: OpenGame,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    robots, workers = table.service.robots, table.service.workers
    # The game's own AI, noting when it begins to think.
    began = tmp_path / "began"
    own_ai = ai.chooser(GAME)
    monkeypatch.setitem(ai._REGISTRY, GAME, {"normal": partial(noting_ai, began, own_ai)})
    # Just before the AI's turn, long jobs: one under way in each worker, longer than the
    # AI's budget, and one waiting.
    long_jobs: list[asyncio.Future[int]] = []
    decide = robots.decide

    async def decide_after_long_jobs(game: Loaded, seat: int) -> Action:
        if not long_jobs:
            for seconds in (1.5, 2.5, 0.5):
                long_jobs.append(asyncio.ensure_future(workers.run(nap_noted, began, "long", seconds)))
            # Under way in both workers before the AI's job is queued.
            await asyncio.to_thread(wait_until_noted, began, 2)
        return await decide(game, seat)

    monkeypatch.setattr(robots, "decide", decide_after_long_jobs)

    caplog.set_level(logging.WARNING)
    await anna_plays_her_turn(table, game)

    # The AI waited for a worker longer than its budget, then thought and played its own moves.
    assert noted(began)[:3] == ["long", "long", "ai"], "the AI waited behind the job queued ahead"
    assert not caplog.records, [record.getMessage() for record in caplog.records]
    made = await ai_moves(table, game.id, own_ai)
    assert made and all(move == own for move, own in made), made
    await asyncio.gather(*long_jobs)


@pytest.fixture
def stuck_ai(game: OpenGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """From the game's start on, the AI's next decision never comes; where its worker's
    process id will be written."""
    stuck = tmp_path / "stuck"
    monkeypatch.setitem(ai._REGISTRY, GAME, {"normal": partial(stuck_once_ai, stuck, ai.chooser(GAME))})
    return stuck


async def test_a_stuck_ai_ends_only_its_own_worker_and_the_game_goes_on(
    table: Table, game: OpenGame, stuck_ai: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Meanwhile the other worker draws something long.
    runs = tmp_path / "runs"
    other = asyncio.ensure_future(table.service.workers.run(nap_noted, runs, "other", 3.0))
    assert await eventually(runs.exists)

    caplog.set_level(logging.WARNING, logger="bot.service.robots")
    await anna_plays_her_turn(table, game)

    # A random legal move stood in for the AI's.
    warnings = [record.getMessage() for record in caplog.records if record.name == "bot.service.robots"]
    assert len(warnings) == 1 and "thought longer than 1 s" in warnings[0], warnings
    # The stuck AI's worker was ended; the other worker's job finished, once, where it began.
    assert await eventually(ended_worker(stuck_ai))
    survivor = await other
    assert noted(runs) == ["other"], "the other worker's job was done again"
    assert alive(survivor)
