"""A restart in the middle of things: the game goes on and old buttons still work."""

from __future__ import annotations

import pytest
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import execute
from conftest import move_buttons
from conftest import text_of

#: Restarts depend on the store: on both backends.
pytestmark = pytest.mark.both_backends


async def test_lobby_and_move_buttons_survive_restarts(
    world: World, table: Table, restart: Restarter
) -> None:
    first_bot = world.env.bot
    game = await table.open(world.anna)

    await restart()
    # The commands stay registered with Discord: the new bot does not sync.
    assert world.env.bot is not first_bot

    joined = await world.bob.click(game.lobby, label="Join")
    assert joined.response is not None and f"You joined game #{game.id}" in joined.response.content
    started = await world.anna.click(game.lobby, label="Start")
    assert started.response is not None and "has started" in started.response.content
    assert table.message(world.channel, game.lobby.id).components == []

    mover = await table.on_turn(game.id)
    assert mover is not None
    hand = await mover.slash(game.home, "hand")
    assert hand.response is not None
    offered = move_buttons(hand.response)
    assert offered
    version = (await table.row(game.id)).version

    await restart()

    moved = await mover.click(hand.response, custom_id=offered[0])
    assert moved.response is not None and moved.response.content.startswith("✅")
    assert (await table.row(game.id)).version == version + 1

    # The game goes on with commands too, on the new bot.
    now = await table.on_turn(game.id)
    assert now is not None
    choice = (await now.autocomplete(game.home, "move", "action", ""))[0]["value"]
    answer = await now.slash(game.home, "move", action=choice)
    assert answer.response is not None and answer.response.content.startswith("✅")
    assert (await table.row(game.id)).version == version + 2

    # The first bot's buttons, clicked on the third bot, are stale now, not broken.
    stale = await mover.click(hand.response, custom_id=offered[-1])
    assert stale.response is not None
    assert "moved on" in stale.response.content or "turn, not yours" in stale.response.content


async def test_turns_a_stop_left_unposted_are_posted_after_the_restart(
    world: World, table: Table, restart: Restarter, database: str
) -> None:
    game = await table.start_against_ai()
    started = len(game.home.history())
    while len(game.home.history()) == started:  # until anna's turn is over and posted
        choice = (await world.anna.autocomplete(game.home, "move", "action", ""))[0]["value"]
        await world.anna.slash(game.home, "move", action=choice)
    row = await table.row(game.id)
    posted = len(game.home.history())
    # As if the bot had stopped after the moves but before posting them.
    await execute(
        database, "UPDATE games SET announced_version = 0, pinged_version = 0 WHERE id = ?", (game.id,)
    )

    await restart()

    reposted = game.home.history()[posted:]
    assert reposted, "the unannounced turns are posted once the new bot is ready"
    assert reposted[-1].attachments and world.anna.mention in text_of(reposted[-1])
    assert (await table.row(game.id)).announced_version == row.announced_version
