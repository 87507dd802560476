"""Playing in Discord: /move with suggestions, /hand and its buttons, refusals, privacy."""

from __future__ import annotations

import io

import discord
import pytest
from conftest import OpenGame
from conftest import Table
from conftest import World
from conftest import accent_of
from conftest import button_ids
from conftest import buttons_of
from conftest import move_buttons
from conftest import seat_colour
from conftest import text_of
from PIL import Image

#: A game of Chinesische Mauer takes far fewer moves; this only stops a runaway loop.
MOVE_LIMIT = 1_000


def assert_nothing_private_in_public(world: World, game: OpenGame) -> None:
    for channel in (world.channel, game.home):
        for message in channel.history():
            assert "Your hand" not in text_of(message)
            assert not message.flags.ephemeral


async def test_a_whole_game_against_the_ai_with_suggested_moves(world: World, table: Table) -> None:
    game = await table.start_against_ai()

    moves = turns = 0
    while (await table.row(game.id)).status == "running":
        assert await table.on_turn(game.id) is world.anna
        choices = await world.anna.autocomplete(game.home, "move", "action", "")
        assert 0 < len(choices) <= 25
        assert all(choice["name"] == choice["value"] for choice in choices)
        posted = len(game.home.history())
        answer = await world.anna.slash(game.home, "move", action=choices[0]["value"])
        assert answer.ephemeral and answer.response is not None
        assert answer.response.content.startswith("✅")
        moves += 1
        assert moves < MOVE_LIMIT
        if len(game.home.history()) > posted:
            # Her turn ended and the AI answered: the newest post shows the position now.
            turns += 1
            # (Unless the bot has made her only possible move since: it follows that board.)
            row = await table.row(game.id)
            last = (await table.service.store.moves(game.id))[-1]
            made_for_her = row.seats[last.seat].user_id == world.anna.id
            if turns % 5 == 1 and row.status == "running" and not made_for_her:
                board = game.home.history()[-1]
                marked = await table.spectator_image(game.id, marked_since_last_run=True)
                assert await board.attachments[0].read() == marked

    *_, final_board, summary = game.home.history()
    assert "The game is over" in text_of(final_board)
    marked = await table.spectator_image(game.id, marked_since_last_run=True)
    assert await final_board.attachments[0].read() == marked
    # The summary: every player's score as the game counts it, the winner, and the replay.
    assert "fame points" in text_of(summary) and "🏆" in text_of(summary)
    assert [a.filename for a in summary.attachments] == ["replay.gif"]
    replay = Image.open(io.BytesIO(await summary.attachments[0].read()))
    turns_played = await table.service.turns(game.id)
    assert replay.format == "GIF" and replay.n_frames == len(turns_played) + 1
    # Both are edged in the winner's colour (in none after a tie).
    row, engine, state = await table.state(game.id)
    outcome = engine.outcome(state)
    assert outcome is not None
    winners = sorted(outcome.winners)
    expected = seat_colour(row.engine, winners[0]) if len(winners) == 1 else None
    assert accent_of(final_board) == accent_of(summary) == expected
    assert await world.anna.autocomplete(game.home, "move", "action", "") == []
    over = await world.anna.slash(game.home, "move", action="draw")
    assert over.response is not None and "is over" in over.response.content
    assert_nothing_private_in_public(world, game)


async def test_move_suggestions_follow_what_is_typed(world: World, table: Table) -> None:
    game = await table.start_against_ai()

    everything = [c["value"] for c in await world.anna.autocomplete(game.home, "move", "action", "")]
    drawing = [c["value"] for c in await world.anna.autocomplete(game.home, "move", "action", "draw")]

    assert drawing == ["draw"]
    assert "draw" in everything
    # Outside the thread the game is named with the game option.
    named = await world.anna.autocomplete(world.channel, "move", "action", "dr", game=str(game.id))
    assert "draw" in [c["value"] for c in named]
    assert all("dr" in c["value"] for c in named)
    games_offered = await world.anna.autocomplete(world.channel, "move", "game", "")
    assert [c["value"] for c in games_offered] == [str(game.id)]


async def test_hand_is_private_with_image_and_move_buttons(world: World, table: Table) -> None:
    game = await table.start_against_ai()

    hand = await world.anna.slash(game.home, "hand")

    assert hand.ephemeral and hand.response is not None
    assert "Your hand" in hand.response.content
    assert hand.response.attachments[0].filename == "board.png"
    image = await hand.response.attachments[0].read()
    assert image != await table.spectator_image(game.id)
    buttons = move_buttons(hand.response)
    assert 0 < len(buttons) <= 20
    assert all(len(custom_id) <= 100 for custom_id in button_ids(hand.response))
    assert f"bm:hand:{game.id}" in button_ids(hand.response)
    assert_nothing_private_in_public(world, game)


@pytest.mark.both_backends
async def test_a_hand_button_makes_the_move_and_a_stale_one_is_refused(world: World, table: Table) -> None:
    game = await table.start_against_ai()
    hand = await world.anna.slash(game.home, "hand")
    assert hand.response is not None
    first, second = move_buttons(hand.response)[:2]
    version = (await table.row(game.id)).version

    moved = await world.anna.click(hand.response, custom_id=first)

    assert moved.ephemeral and moved.response is not None
    assert moved.response.content.startswith("✅")
    assert (await table.row(game.id)).version > version
    after = (await table.row(game.id)).version

    stale = await world.anna.click(hand.response, custom_id=second)

    assert stale.ephemeral and stale.response is not None
    assert "The game has moved on" in stale.response.content
    assert (await table.row(game.id)).version == after
    assert_nothing_private_in_public(world, game)


async def test_refresh_and_show_my_hand_buttons(world: World, table: Table) -> None:
    game = await table.start_against_ai()
    board = game.home.history()[-1]

    shown = await world.anna.click(board, label="Show my hand")
    assert shown.ephemeral and shown.response is not None
    assert "Your hand" in shown.response.content and move_buttons(shown.response)

    refreshed = await world.anna.click(shown.response, label="Refresh")
    assert refreshed.response is not None and "Your hand" in refreshed.response.content

    stranger = await world.stranger.click(board, label="Show my hand")
    assert stranger.ephemeral and stranger.response is not None
    assert f"You are not playing in game #{game.id}" in stranger.response.content


async def test_out_of_turn_and_stranger_moves_are_refused(world: World, table: Table) -> None:
    game = await table.start_for_two()
    mover = await table.on_turn(game.id)
    waiting = await table.waiting(game.id)
    assert mover is not None
    version = (await table.row(game.id)).version

    early = await waiting.slash(game.home, "move", action="draw")
    assert early.ephemeral and early.response is not None
    assert f"It is {mover.name}'s turn, not yours." in early.response.content
    assert await waiting.autocomplete(game.home, "move", "action", "") == []

    stranger = await world.stranger.slash(game.home, "move", action="draw")
    assert stranger.ephemeral and stranger.response is not None
    assert f"You are not playing in game #{game.id}" in stranger.response.content

    nonsense = await mover.slash(game.home, "move", action="fly to the moon")
    assert nonsense.ephemeral and nonsense.response is not None
    assert not nonsense.response.content.startswith("✅")
    assert (await table.row(game.id)).version == version

    waiting_hand = await waiting.slash(game.home, "hand")
    assert waiting_hand.response is not None
    assert "Waiting for" in waiting_hand.response.content and move_buttons(waiting_hand.response) == []


@pytest.mark.both_backends
async def test_each_turn_is_posted_in_the_thread_with_one_ping(world: World, table: Table) -> None:
    game = await table.start_for_two()
    posts_before = len(game.home.history())

    for _ in range(3):
        mover = await table.on_turn(game.id)
        assert mover is not None
        while await table.on_turn(game.id) is mover:
            choice = (await mover.autocomplete(game.home, "move", "action", ""))[0]["value"]
            await mover.slash(game.home, "move", action=choice)

    turn_posts = game.home.history()[posts_before:]
    assert len(turn_posts) == 3
    for post in turn_posts:
        assert len(post.mentions) == 1
        assert post.attachments and post.attachments[0].filename == "board.png"
    assert turn_posts[-1].mentions[0].id == (await table.on_turn(game.id) or world.anna).id
    # Pings are explicit: only the player named in the post may be notified.
    sent = [
        entry.json
        for entry in world.env.http_requests
        if entry.method == "POST" and entry.path == f"/channels/{game.home.id}/messages"
    ][-3:]
    for post, request in zip(turn_posts, sent, strict=True):
        assert request is not None
        assert request.get("content") is None, "a card: its text is in its components"
        assert request["allowed_mentions"] == {"users": [post.mentions[0].id], "parse": []}
    assert_nothing_private_in_public(world, game)


@pytest.mark.both_backends
async def test_a_turn_post_is_one_card_edged_in_the_colour_of_who_acts(world: World, table: Table) -> None:
    game = await table.start_for_two()
    posts_before = len(game.home.history())
    await table.finish_turn(game)

    (card,) = game.home.history()[posts_before:]
    nxt = await table.on_turn(game.id)
    assert nxt is not None
    row = await table.row(game.id)
    seat = next(s for s, taken in enumerate(row.seats) if taken.user_id == nxt.id)
    assert card.flags.components_v2 and card.content == ""
    assert accent_of(card) == seat_colour(row.engine, seat)
    (frame,) = card.components
    assert isinstance(frame, discord.Container)
    story, board, buttons = frame.children
    # The story, the ping of who acts next at its end, and a ping that reaches them.
    assert isinstance(story, discord.TextDisplay) and story.content.endswith(nxt.mention)
    assert [user.id for user in card.mentions] == [nxt.id]
    # The board, with its description for screen readers.
    assert isinstance(board, discord.MediaGalleryComponent)
    (upload,) = card.attachments
    (picture,) = board.items
    assert picture.media.url == upload.url and picture.description == upload.description
    assert upload.description and upload.filename == "board.png"
    # Its button works from the card.
    assert isinstance(buttons, discord.ActionRow)
    assert [button.label for button in buttons_of(card)] == ["Show my hand"]
    shown = await nxt.click(card, label="Show my hand")
    assert shown.response is not None and "Your hand" in shown.response.content
