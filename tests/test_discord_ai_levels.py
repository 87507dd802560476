"""Every AI seat has its level, through the real bot in SimCord: chosen with `/game addbot
level:` or the lobby's Add-bot button, shown wherever seats are listed, and played."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
import simcord
from conftest import GAME
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import text_of
from worker_support import noted
from worker_support import noting_ai

import ai


def labels(message: simcord.ResponseMessage) -> list[str]:
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [button["label"] for row in rows for button in row.get("components", [])]


async def levels_of(table: Table, game_id: int) -> list[tuple[bool, str]]:
    return [(seat.is_ai, seat.level) for seat in (await table.row(game_id)).seats]


async def test_addbot_seats_an_ai_at_the_level_chosen_and_normal_by_default(
    world: World, table: Table
) -> None:
    game = await table.open(world.anna)

    hard = await world.anna.slash(game.home, "game addbot", level="hard")
    assert hard.response is not None and "AI Mira (Hard) takes a seat" in hard.response.content
    plain = await world.anna.slash(game.home, "game addbot")
    assert plain.response is not None and "(Normal) takes a seat" in plain.response.content

    assert await levels_of(table, game.id) == [(False, "normal"), (True, "hard"), (True, "normal")]
    lobby = table.message(world.channel, game.lobby.id).content
    assert "🤖 AI Mira (Hard)" in lobby and "(Normal)" in lobby
    refused = await world.bob.slash(game.home, "game addbot", level="easy")
    assert refused.response is not None and "Only the host (anna)" in refused.response.content
    assert len(await levels_of(table, game.id)) == 3


async def test_the_add_bot_button_offers_the_levels_to_the_host_alone(world: World, table: Table) -> None:
    game = await table.open(world.anna)

    asked = await world.anna.click(game.lobby, label="Add bot")
    assert asked.ephemeral and asked.response is not None
    assert "At which level should the AI play?" in asked.response.content
    assert labels(asked.response) == ["Easy", "Normal", "Hard"]
    assert await levels_of(table, game.id) == [(False, "normal")], "asking seats nobody"

    easy = await world.anna.click(asked.response, label="Easy")
    assert easy.response is not None and "AI Mira (Easy) takes a seat" in easy.response.content
    assert "AI Mira (Easy)" in table.message(world.channel, game.lobby.id).content

    # Only the host sees the levels (a private answer); a press once the lobby has started
    # is refused in a sentence and seats nobody.
    await world.anna.click(game.lobby, label="Start")
    late = await world.anna.click(asked.response, label="Hard")
    assert late.response is not None and "already started" in late.response.content
    assert await levels_of(table, game.id) == [(False, "normal"), (True, "easy")]


async def test_the_start_post_and_game_info_show_each_ais_level(world: World, table: Table) -> None:
    game = await table.open(world.anna)
    await add_bot(world.anna, game.lobby, "Hard")
    await world.anna.click(game.lobby, label="Start")
    await table.service.idle()

    start = next(text_of(post) for post in game.home.history() if "begins!" in text_of(post))
    assert "AI Mira (Hard)" in start, start
    info = await world.anna.slash(game.home, "game info")
    assert info.response is not None and "AI Mira** (Hard)" in info.response.content, info.response.content


async def test_each_ai_seat_plays_at_its_own_level(
    world: World, table: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = ai.chooser(GAME)
    played = {level: tmp_path / level for level in ai.LEVELS}
    monkeypatch.setitem(
        ai._REGISTRY, GAME, {level: partial(noting_ai, played[level], own) for level in ("easy", "normal")}
    )
    game = await table.open(world.anna)
    await add_bot(world.anna, game.lobby, "Easy")
    await world.anna.click(game.lobby, label="Start")
    if await table.on_turn(game.id) is world.anna:
        await table.finish_turn(game)
    await table.service.idle()

    assert noted(played["easy"]), "the Easy seat's AI chose its moves"
    assert not noted(played["normal"]) and not noted(played["hard"])
