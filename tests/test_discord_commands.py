"""The looking and ending commands: info, log, list, board, rules, resign, abandon."""

from __future__ import annotations

import pytest
from conftest import Table
from conftest import World
from conftest import accent_of
from conftest import seat_colour
from conftest import text_of
from simcord.backend.errors import SetupError

from bot.results import Caller
from bot.results import Reply
from bot.service.play import Play
from bot.service.views import Views


@pytest.mark.both_backends
async def test_info_log_and_list(world: World, table: Table) -> None:
    game = await table.start_for_two()
    await table.finish_turn(game)
    waiting = await table.open(world.carl)

    info = await world.anna.slash(game.home, "game info")
    assert info.ephemeral and info.response is not None
    assert f"game #{game.id}" in info.response.content
    assert "Status: running" in info.response.content
    assert "anna" in info.response.content and "bob" in info.response.content
    # Where the game stands, in the players' words: its turn, not the store's version.
    assert "Turn 2" in info.response.content and "Version" not in info.response.content

    log = await world.bob.slash(world.channel, "game log", game=str(game.id))
    assert log.ephemeral and log.response is not None
    assert log.response.content.startswith("1. ")

    listed = await world.carl.slash(world.channel, "game list")
    assert listed.ephemeral and listed.response is not None
    text = listed.response.content
    assert text.index("Your games") < text.index(f"#{waiting.id}") < text.index("Other games")
    assert text.index("Other games") < text.index(f"#{game.id}")

    nothing_yet = await world.carl.slash(waiting.home, "game log")
    assert nothing_yet.response is not None and "has not started yet" in nothing_yet.response.content


@pytest.mark.both_backends
async def test_board_is_posted_publicly(world: World, table: Table) -> None:
    game = await table.start_for_two()
    posts_before = len(game.home.history())

    shown = await world.stranger.slash(game.home, "board")

    posts = game.home.history()
    assert len(posts) == posts_before + 1
    board = posts[-1]
    assert f"#{game.id}" in text_of(board)
    assert await board.attachments[0].read() == await table.spectator_image(game.id)
    assert board.mentions == [], "/board does not ping anybody"
    # A card like the game's own posts, edged in the colour of the seat to act.
    assert board.flags.components_v2 and board.content == ""
    row = await table.row(game.id)
    to_act = await table.on_turn(game.id)
    seat = next(s for s, taken in enumerate(row.seats) if to_act is not None and taken.user_id == to_act.id)
    assert accent_of(board) == seat_colour(row.engine, seat)
    # The private "thinking…" answer is gone; the board itself is the answer.
    assert shown.response is None


async def test_board_where_the_bot_may_not_post_is_shown_privately(world: World, table: Table) -> None:
    import discord

    game = await table.start_for_two()
    me = world.guild.me
    assert me is not None
    quiet = world.guild.create_text_channel(
        "quiet", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )

    shown = await world.anna.slash(quiet, "board", game=str(game.id))

    assert shown.ephemeral and shown.response is not None
    assert "only" in shown.response.content, "shown to her alone, saying so"
    assert shown.response.attachments
    assert quiet.history() == []


@pytest.mark.parametrize(
    ("game", "title"),
    [
        ("chinesische-mauer", "Chinesische Mauer"),
        ("china", "China"),
        ("mauerbauer", "Mauerbauer"),
        ("catan-cheops", "Catan: Cheops"),
    ],
)
async def test_rules_are_private_and_complete(world: World, game: str, title: str) -> None:
    shown = await world.stranger.slash(world.channel, "rules", game=game)

    assert shown.ephemeral and shown.response is not None
    parts = [shown.response, *shown.followups]
    text = "\n".join(part.content for part in parts)
    assert all(len(part.content) <= 2_000 for part in parts)
    assert text.startswith(f"**{title}**") and "How we decide what the rulebook leaves open" in text
    assert all(part.ephemeral for part in parts)


@pytest.mark.both_backends
async def test_resign_lets_an_ai_take_the_seat(world: World, table: Table) -> None:
    game = await table.start_for_two()

    resigned = await world.bob.slash(game.home, "game resign")

    assert resigned.ephemeral and resigned.response is not None
    assert "an AI plays your seat now" in resigned.response.content
    seats = (await table.row(game.id)).seats
    assert [seat.is_ai for seat in seats] == [False, True]
    assert any("bob resigned" in text_of(post) for post in game.home.history())
    # The game goes on: it is anna's turn now (the AI played bob's if it was his).
    assert await table.on_turn(game.id) is world.anna
    again = await world.bob.slash(game.home, "game resign")
    assert again.response is not None and f"You are not playing in game #{game.id}" in again.response.content


async def test_abandon_needs_the_host_or_a_server_manager(world: World, table: Table) -> None:
    game = await table.start_for_two()

    player = await world.bob.slash(game.home, "game abandon")
    assert player.ephemeral and player.response is not None
    assert "Only the host or a member who may manage this server" in player.response.content
    assert (await table.row(game.id)).status == "running"

    moderator = await world.moderator.slash(game.home, "game abandon")
    assert moderator.response is not None and f"Game #{game.id} is abandoned" in moderator.response.content
    assert (await table.row(game.id)).status == "abandoned"
    assert "was abandoned by mo" in text_of(game.home.history()[-1])

    after = await world.anna.slash(game.home, "move", action="draw")
    assert after.response is not None and "is over" in after.response.content


async def test_game_commands_are_not_offered_in_direct_messages(world: World) -> None:
    anna = world.anna.user
    offered = set(anna.available_commands())
    assert not {"game", "move", "hand", "board", "undo"} & {name.split()[0] for name in offered}
    for command in ("game list", "move"):
        with pytest.raises(SetupError, match="not visible"):
            await anna.slash(command)

    # The rules need no server.
    rules = await anna.slash("rules", game="chinesische-mauer")
    assert rules.response is not None and "Chinesische Mauer" in rules.response.content


async def test_commands_outside_any_game_are_refused(world: World, table: Table) -> None:
    for command in ("game info", "game start", "hand", "board"):
        answer = await world.anna.slash(world.channel, command)
        assert answer.ephemeral and answer.response is not None
        assert "You have no open game here" in answer.response.content, command

    nonsense = await world.anna.slash(world.channel, "game info", game="chess")
    assert nonsense.response is not None and "is not a game number" in nonsense.response.content
    unknown = await world.anna.slash(world.channel, "game info", game="#99")
    assert unknown.response is not None and "There is no game #99" in unknown.response.content

    first = await table.open(world.anna)
    second = await table.open(world.anna)
    which = await world.anna.slash(world.channel, "hand")
    assert which.response is not None
    assert f"#{first.id}" in which.response.content and f"#{second.id}" in which.response.content


async def test_an_unexpected_error_is_logged_and_answered_with_an_apology(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = await table.start_for_two()

    async def broken(part: object, caller: Caller, game_id: int) -> Reply:
        raise RuntimeError("the database fell over")

    # Behind the service's facade: `/game info` took `GameService.info` itself when it was made.
    monkeypatch.setattr(Views, "info", broken)
    monkeypatch.setattr(Play, "hand", broken)

    answer = await world.anna.slash(game.home, "game info")
    assert answer.ephemeral and answer.response is not None
    assert answer.response.content.startswith("Sorry, something went wrong")
    assert "Traceback" not in answer.response.content and "database" not in answer.response.content
    assert [str(error.__cause__ or error) for error in world.env.errors][-1:] == ["the database fell over"]

    clicked = await world.anna.click(game.home.history()[-1], label="Show my hand")
    assert clicked.ephemeral and clicked.response is not None
    assert clicked.response.content.startswith("Sorry, something went wrong")
    logged = [record for record in caplog.records if record.exc_info]
    assert any(f"game {game.id}:" in record.getMessage() for record in logged)
