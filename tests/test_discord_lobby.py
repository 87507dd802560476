"""Opening a game in Discord: the lobby message, its buttons, its thread, the start."""

from __future__ import annotations

import discord
import pytest
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import buttons_of
from conftest import text_of


def labels(message: discord.Message) -> list[str]:
    return [button.label or "" for button in buttons_of(message)]


async def test_new_game_posts_a_lobby_with_buttons_and_opens_a_thread(world: World, table: Table) -> None:
    game = await table.open(world.anna)

    assert game.answer.ephemeral
    assert game.answer.response is not None
    assert f"Game #{game.id} is open" in game.answer.response.content
    assert not game.lobby.flags.ephemeral
    assert "Chinesische Mauer" in game.lobby.content and "anna" in game.lobby.content
    assert labels(game.lobby) == ["Join", "Leave", "Add bot", "Start"]
    assert game.thread is not None and game.thread.name == f"Chinesische Mauer #{game.id}"
    assert game.thread.mention in game.answer.response.content
    row = await table.row(game.id)
    assert (row.thread_id, row.lobby_message_id, row.channel_id) == (
        game.thread.id,
        game.lobby.id,
        world.channel.id,
    )


async def test_join_leave_and_add_bot_buttons_edit_the_lobby(world: World, table: Table) -> None:
    game = await table.open(world.anna)

    joined = await world.bob.click(game.lobby, label="Join")
    assert joined.ephemeral and joined.response is not None
    assert f"You joined game #{game.id}" in joined.response.content
    assert "bob" in table.message(world.channel, game.lobby.id).content

    again = await world.bob.click(game.lobby, label="Join")
    assert again.response is not None and "already have a seat" in again.response.content

    left = await world.bob.click(game.lobby, label="Leave")
    assert left.response is not None and f"You left game #{game.id}" in left.response.content
    assert "bob" not in table.message(world.channel, game.lobby.id).content

    not_host = await world.carl.click(game.lobby, label="Add bot")
    assert not_host.ephemeral and not_host.response is not None
    assert "Only the host (anna)" in not_host.response.content

    added = await add_bot(world.anna, game.lobby)
    assert added.response is not None and "takes a seat" in added.response.content
    assert "🤖" in table.message(world.channel, game.lobby.id).content
    assert [seat.is_ai for seat in (await table.row(game.id)).seats] == [False, True]


@pytest.mark.both_backends
async def test_start_posts_the_first_board_in_the_thread_and_pings(world: World, table: Table) -> None:
    game = await table.open(world.anna)
    await world.bob.slash(game.home, "game join")

    early = await world.bob.slash(game.home, "game start")
    assert early.ephemeral and early.response is not None
    assert "Only the host (anna)" in early.response.content

    started = await world.anna.slash(game.home, "game start")
    assert started.ephemeral and started.response is not None
    assert f"Game #{game.id} has started" in started.response.content

    posts = game.home.history()
    assert any("begins!" in text_of(post) for post in posts)
    board = posts[-1]
    assert board.attachments and board.attachments[0].filename == "board.png"
    first = await table.on_turn(game.id)
    assert first is not None
    assert first.mention in text_of(board)
    assert [user.id for user in board.mentions] == [first.id]
    assert labels(board) == ["Show my hand"]
    assert await board.attachments[0].read() == await table.spectator_image(game.id)

    # The lobby closed: its buttons are gone and it says where the game went.
    lobby = table.message(world.channel, game.lobby.id)
    assert lobby.components == []
    assert "running" in lobby.content


async def test_start_button_with_a_bot_seat(world: World, table: Table) -> None:
    game = await table.open(world.anna)
    await add_bot(world.anna, game.lobby)

    started = await world.anna.click(game.lobby, label="Start")

    assert started.response is not None and "has started" in started.response.content
    assert (await table.row(game.id)).status == "running"
    # Whoever began, the AI has played up to anna's turn, and she is pinged.
    assert await table.on_turn(game.id) is world.anna
    assert world.anna.mention in text_of(game.home.history()[-1])


async def test_too_few_players_and_closed_lobby_are_refused(world: World, table: Table) -> None:
    game = await table.open(world.anna)

    alone = await world.anna.click(game.lobby, label="Start")
    assert alone.response is not None and "at least 2 players" in alone.response.content

    await world.bob.click(game.lobby, label="Join")
    await world.anna.click(game.lobby, label="Start")
    late = await world.carl.slash(game.home, "game join")
    assert late.ephemeral and late.response is not None
    assert "already started" in late.response.content


async def test_without_thread_permission_the_game_stays_in_the_channel(world: World, table: Table) -> None:
    me = world.guild.me
    assert me is not None
    plain = world.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    game = await table.open(world.anna, plain)

    assert game.thread is None
    assert game.answer.response is not None and "played in this channel" in game.answer.response.content
    await world.bob.click(game.lobby, label="Join")
    await world.anna.slash(plain, "game start", game=str(game.id))

    assert plain.history()[-1].attachments, "the first board is posted in the channel itself"
    row = await table.row(game.id)
    assert row.thread_id is None and row.channel_id == plain.id


async def test_new_game_refused_where_the_bot_may_not_post_or_inside_a_thread(
    world: World, table: Table
) -> None:
    me = world.guild.me
    assert me is not None
    mute = world.guild.create_text_channel(
        "read-only", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    refused = await world.anna.slash(mute, "game new", game="chinesische-mauer")
    assert refused.ephemeral and refused.response is not None
    assert "may not post messages in this channel" in refused.response.content
    assert mute.history() == []

    game = await table.open(world.anna)
    nested = await world.bob.slash(game.home, "game new", game="chinesische-mauer")
    assert nested.response is not None and "not inside a thread" in nested.response.content
    assert await table.service.store.list_games() == [await table.row(game.id)]


async def test_host_may_abandon_an_open_lobby(world: World, table: Table) -> None:
    game = await table.open(world.anna)

    refused = await world.bob.slash(world.channel, "game abandon", game=str(game.id))
    assert refused.response is not None and "Only the host" in refused.response.content

    done = await world.anna.slash(game.home, "game abandon")
    assert done.response is not None and f"Game #{game.id} is abandoned" in done.response.content
    lobby = table.message(world.channel, game.lobby.id)
    assert lobby.components == [] and "abandoned" in lobby.content
    # It never started: joining it now says so, not that it has started.
    late = await world.bob.slash(world.channel, "game join", game=str(game.id))
    assert late.response is not None and "closed without starting" in late.response.content
    assert "already started" not in late.response.content
