"""China through the real bot: options in the lobby, moves step by step, the whole game.

Everything a player does goes through SimCord's simulated Discord: the lobby's
menus (board side, fortresses), `/move` with its suggestions, `/hand` and its
buttons, a board after every turn, and the final scores broken down the way
China counts them.
"""

from __future__ import annotations

import io
import re

import discord
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import text_of
from PIL import Image
from simcord import ChannelHandle

GAME = "china"
MOVE_LIMIT = 600


async def open_china(world: World) -> tuple[int, discord.Message, ChannelHandle]:
    game = await Table(world).open(world.anna, game=GAME)
    return game.id, game.lobby, game.home


def current(world: World, message: discord.Message) -> discord.Message:
    return next(m for m in world.channel.history() if m.id == message.id)


async def test_china_from_the_lobby_to_the_final_scores(world: World, table: Table) -> None:
    game_id, lobby, thread = await open_china(world)
    ids = [c.custom_id for row in lobby.components for c in row.children if getattr(c, "custom_id", None)]
    assert f"bm:option:{game_id}:side" in ids and f"bm:option:{game_id}:fortresses" in ids
    # The board's version is no host's choice.
    assert f"bm:option:{game_id}:board" not in ids
    await add_bot(world.anna, lobby)
    await add_bot(world.anna, current(world, lobby))

    # Side A is for 4 or 5 players: refused at the start with the engine's sentence.
    await world.anna.select(current(world, lobby), ["A"], custom_id=f"bm:option:{game_id}:side")
    refused = await world.anna.click(current(world, lobby), label="Start")
    assert refused.response is not None and "Side A" in refused.response.content
    assert (await table.row(game_id)).status == "lobby"
    await world.anna.select(current(world, lobby), ["B"], custom_id=f"bm:option:{game_id}:side")
    await world.anna.select(current(world, lobby), ["on"], custom_id=f"bm:option:{game_id}:fortresses")
    await world.anna.click(current(world, lobby), label="Start")
    row = await table.row(game_id)
    assert row.status == "running" and row.options == {"side": "B", "fortresses": "on", "board": "6"}

    hand = await world.anna.slash(thread, "hand")
    assert hand.response is not None and hand.response.attachments
    steps = 0
    while (await table.row(game_id)).status == "running" and steps < MOVE_LIMIT:
        assert await table.on_turn(game_id) is world.anna
        typed = "house" if steps % 3 == 0 else ""
        choices = await world.anna.autocomplete(thread, "move", "action", typed)
        if not choices:
            choices = await world.anna.autocomplete(thread, "move", "action", "")
        assert choices and len(choices) <= 25
        answer = await world.anna.slash(thread, "move", action=choices[0]["value"])
        assert answer.response is not None and answer.response.content.startswith("✅"), answer.response
        steps += 1
    assert (await table.row(game_id)).status == "finished"

    summary = thread.history()[-1]
    assert "🏆" in text_of(summary)
    # The final score broken down as China counts it.
    assert any(word in text_of(summary) for word in ("alliances", "provinces", "chains"))
    final_board = thread.history()[-2]
    image = Image.open(io.BytesIO(await final_board.attachments[0].read()))
    assert image.format == "PNG" and image.width >= 800
    for message in thread.history():
        assert "Your hand" not in text_of(message)


def test_options_typed_with_game_new_are_strings_as_the_engines_choices() -> None:
    from bot.discord_app.choices import parse_options

    assert parse_options("side=B fortresses=on") == {"side": "B", "fortresses": "on"}
    assert parse_options("side = A, fortresses=off") == {"side": "A", "fortresses": "off"}
    assert parse_options("") == {}


async def test_options_typed_with_game_new_reach_the_lobby(world: World, table: Table) -> None:
    await world.anna.slash(world.channel, "game new", game=GAME, options="side=B fortresses=on")
    lobby = [message for message in world.channel.history() if message.components][-1]
    assert "Fortresses" in lobby.content or "fortresses" in lobby.content.lower()
    found = re.search(r"#(\d+)", lobby.content)
    assert found is not None
    assert (await table.row(int(found[1]))).options == {"side": "B", "fortresses": "on"}
    refused = await world.anna.slash(world.channel, "game new", game=GAME, options="colour=red")
    assert refused.response is not None and "no option" in refused.response.content
    # A new game is played on today's board, whatever is typed.
    refused = await world.anna.slash(world.channel, "game new", game=GAME, options="board=5")
    assert refused.response is not None and "no option" in refused.response.content
