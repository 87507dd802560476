"""A game is found only by those who may see where it is played.

A lobby opened in a channel a member cannot view is not offered to them, not
joinable, not listed, and its log and board stay closed to them.
"""

from __future__ import annotations

import re

from conftest import Table
from conftest import World


async def test_a_game_in_a_hidden_channel_stays_hidden(world: World, table: Table) -> None:
    hidden = world.closed_channel("mods-only", "view_channel", world.moderator, world.anna)
    await world.moderator.slash(hidden, "game new", game="chinesische-mauer")
    lobby = [message for message in hidden.history() if message.components][-1]
    found = re.search(r"#(\d+)", lobby.content)
    assert found is not None
    game_id = found[1]

    offered = await world.stranger.autocomplete(world.channel, "game join", "game", "")
    assert game_id not in [choice["value"] for choice in offered]
    assert game_id in [
        c["value"] for c in await world.anna.autocomplete(world.channel, "game join", "game", "")
    ]

    for command in ("game join", "game info", "game log", "board"):
        answer = await world.stranger.slash(world.channel, command, game=game_id)
        assert answer.response is not None, command
        assert f"There is no game #{game_id}" in answer.response.content, (command, answer.response.content)
    listed = await world.stranger.slash(world.channel, "game list")
    assert listed.response is not None and f"#{game_id}" not in listed.response.content
    assert len((await table.row(int(game_id))).seats) == 1, "the stranger did not get a seat"


async def test_boards_go_public_only_in_the_games_own_place_and_not_too_often(
    world: World, table: Table
) -> None:
    game = await table.start_against_ai()
    other = world.guild.create_text_channel("chat")

    elsewhere = await world.anna.slash(other, "board", game=str(game.id))
    assert elsewhere.ephemeral and elsewhere.response is not None
    assert "only" in elsewhere.response.content and elsewhere.response.attachments
    assert other.history() == [], "nothing was posted where the game is not played"

    await world.env.advance_time(30)
    posted = len(game.home.history())
    shown = await world.anna.slash(game.home, "board")
    assert not shown.ephemeral or len(game.home.history()) == posted + 1
    again = await world.anna.slash(game.home, "board")
    assert again.ephemeral and again.response is not None and "moments ago" in again.response.content
    assert len(game.home.history()) == posted + 1, "the second board went to her alone"
