"""A game, and a league, is found only by those who may see where it is played.

A lobby opened in a channel a member cannot view is not offered to them, not
joinable, not listed, and its log and board stay closed to them. A league
there does not exist for them: not offered, not listed, and named by its
number it is answered as a league that does not exist.
"""

from __future__ import annotations

import re

from conftest import Table
from conftest import World
from conftest import text_of


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


async def hidden_league(world: World) -> str:
    """The number of a league opened in a channel that only the moderator and Anna may view."""
    hidden = world.closed_channel("mods-only", "view_channel", world.moderator, world.anna)
    opened = await world.moderator.slash(
        hidden, "league new", game="chinesische-mauer", format="swiss", rounds=1, name="Secret Cup"
    )
    assert opened.response is not None and "is open" in opened.response.content
    found = re.search(r"league #(\d+)", text_of(hidden.history()[-1]))
    assert found is not None
    return found[1]


async def test_a_league_in_a_hidden_channel_is_not_offered_nor_listed(world: World) -> None:
    league_id = await hidden_league(world)
    offered = await world.stranger.autocomplete(world.channel, "league standings", "league", "")
    assert league_id not in [choice["value"] for choice in offered]
    offered = await world.anna.autocomplete(world.channel, "league join", "league", "")
    assert league_id in [choice["value"] for choice in offered], "who may view the channel is offered it"

    listed = await world.stranger.slash(world.channel, "league list")
    assert listed.response is not None
    assert f"#{league_id}" not in listed.response.content and "Secret Cup" not in listed.response.content
    shown = await world.anna.slash(world.channel, "league list")
    assert shown.response is not None and "Secret Cup" in shown.response.content


async def test_a_league_in_a_hidden_channel_named_by_number_answers_as_none_would(
    world: World, table: Table
) -> None:
    league_id = await hidden_league(world)
    missing = str(int(league_id) + 1000)
    commands = (
        "league join",
        "league leave",
        "league start",
        "league standings",
        "league drop",
        "league cancel",
    )
    for command in commands:
        answers = []
        for ref in (league_id, missing):
            answer = await world.stranger.slash(world.channel, command, league=ref)
            assert answer.response is not None, command
            answers.append(answer.response.content.replace(f"#{ref}", "#N"))
        assert answers[0] == answers[1], (command, answers)
        assert "There is no league #N" in answers[0], (command, answers)
    assert await table.service.store.members(int(league_id)) == [], "the stranger did not sign up"
    league = await table.service.store.league(int(league_id))
    assert league is not None and league.status == "signup"


async def test_a_league_in_a_hidden_channel_is_not_the_one_a_command_finds(
    world: World, table: Table
) -> None:
    league_id = await hidden_league(world)
    unnamed = await world.stranger.slash(world.channel, "league join")
    assert unnamed.response is not None and "no league in this server" in unnamed.response.content
    assert f"#{league_id}" not in unnamed.response.content
    assert await table.service.store.members(int(league_id)) == [], "the stranger did not sign up"
