"""Discord's bad days: posts that fail are not counted as delivered.

Errors are injected at discord.py's HTTP layer (SimCord's `inject_error`): a
refused or failed post keeps the next player unpinged and their clock
stopped until it goes out; it is retried with a back-off and at the latest
with the next move; a thread that is gone gives way to the game's channel.
A server that removes the bot has its games paused until it is back.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import text_of
from fault_support import RefusesOnce
from fault_support import sent_nonces

from bot.service import backlog
from bot.service.backlog import RETRY_LONGEST

#: Moves under faults depend on the store: on both backends.
pytestmark = pytest.mark.both_backends

#: What Discord answers when the bot lacks a permission, and for a deleted channel.
MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}
UNKNOWN_CHANNEL = {"status": 404, "code": 10003, "message": "Unknown Channel"}


async def test_a_refused_post_is_not_delivered_and_goes_out_once_allowed(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SimCord waits for the bot's timers that are due within its settle timeout on the wall
    # clock: the back-off's first tries (5, 10, 20 s) cost this test half a minute of waiting.
    # The first try waits as long as the longest instead, so advancing the virtual time alone
    # brings it; what is proven is the same: nothing while refused, the post once allowed.
    monkeypatch.setattr(backlog, "RETRY_FIRST", RETRY_LONGEST)
    game = await table.start_for_two()
    posted = len(game.home.history())
    world.env.inject_error("POST", "/channels/*/messages", times=None, **MISSING_PERMISSIONS)

    await table.finish_turn(game)

    waiting = await table.on_turn(game.id)
    assert waiting is not None
    row = await table.row(game.id)
    assert len(game.home.history()) == posted, "nothing got through"
    assert row.announced_version < row.version, "the turn is not counted as posted"
    timers = await table.service.store.timers(game.id)
    assert timers == [], "no clock runs for a player who was not told"

    world.env.backend.faults.clear()
    await world.env.advance_time(RETRY_LONGEST + 1)

    after = game.home.history()[posted:]
    assert after, "the post goes out once Discord takes it again"
    assert waiting.mention in text_of(after[-1]) and after[-1].attachments
    row = await table.row(game.id)
    assert row.announced_version == row.version or row.announced_version > 0
    assert [t.kind for t in await table.service.store.timers(game.id)] != []


async def test_a_failed_post_goes_out_with_the_next_move_at_the_latest(world: World, table: Table) -> None:
    game = await table.start_for_two()
    posted = len(game.home.history())
    world.env.inject_error("POST", "/channels/*/messages", times=1, status=500, code=0)
    await table.finish_turn(game)
    # The next player moves without having been told: the missed post comes first, then theirs.
    await table.finish_turn(game)
    contents = [text_of(message) for message in game.home.history()[posted:]]
    assert len(contents) >= 2, contents
    assert contents.count(contents[0]) == 1, "nothing is posted twice"


async def test_a_deleted_thread_gives_way_to_the_games_channel(world: World, table: Table) -> None:
    game = await table.start_for_two()
    in_channel = len(world.channel.history())
    world.env.inject_error("POST", f"/channels/{game.home.id}/messages", times=None, **UNKNOWN_CHANNEL)

    await table.finish_turn(game)

    moved = world.channel.history()[in_channel:]
    assert moved and moved[-1].attachments, "the turn's post went to the channel"
    waiting = await table.on_turn(game.id)
    assert waiting is not None and waiting.mention in text_of(moved[-1])
    row = await table.row(game.id)
    assert row.announced_version == row.version


async def test_a_lobby_that_cannot_be_posted_leaves_no_game_behind(world: World, table: Table) -> None:
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", **MISSING_PERMISSIONS)

    answer = await world.anna.slash(world.channel, "game new", game="chinesische-mauer")

    assert answer.response is not None and "may not post" in answer.response.content
    assert await table.service.store.list_games() == []
    # No orphan lobby confuses what comes next: a new game opens as usual.
    again = await table.open(world.anna)
    started = await world.anna.slash(world.channel, "game start")
    assert again.id and started.response is not None and "several games" not in started.response.content


async def test_a_server_that_removes_the_bot_has_its_games_paused_until_it_is_back(
    world: World, table: Table
) -> None:
    game = await table.start_for_two()
    await table.finish_turn(game)
    bot = world.env.bot
    guild = bot.get_guild(world.guild.id)
    assert guild is not None
    version = (await table.row(game.id)).version
    timers = await table.service.store.timers(game.id)
    assert timers, "the player on turn has a deadline"

    # Discord's event for a removal (kick, ban, deleted server) reaches the bot's listener.
    bot.dispatch("guild_remove", guild)
    await table.service.idle()
    store = table.service.store
    for _ in range(50):
        if await store.departed_guilds():
            break
        await asyncio.sleep(0.01)
    assert await store.departed_guilds() == {world.guild.id}
    latest = max(timer.due_at for timer in timers)
    assert await store.due_timers(latest + timedelta(days=30)) == [], "no deadline passes while away"
    await table.service.deadlines.fire_due()
    assert (await table.row(game.id)).version == version

    bot.dispatch("guild_join", guild)
    for _ in range(50):
        if not await store.departed_guilds():
            break
        await asyncio.sleep(0.01)
    assert await store.departed_guilds() == set()
    assert await store.due_timers(latest + timedelta(days=30)), "the deadlines count again"
    assert (await table.row(game.id)).version == version


async def test_a_post_whose_record_the_database_refused_is_not_posted_again(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await table.start_for_two()
    posted = len(game.home.history())
    refusal = RefusesOnce(monkeypatch, "set_announced")

    await table.finish_turn(game)
    assert refusal.refused == 1, "the post went out, then its record was refused"
    await world.env.advance_time(RETRY_LONGEST + 1)

    after = game.home.history()[posted:]
    assert len(after) == 1, [text_of(post) for post in after]
    row = await table.row(game.id)
    assert row.announced_version == row.version, "the record alone was stored on the next try"
    assert await table.service.store.timers(game.id), "the player told has their deadline"


async def test_a_post_sent_again_after_a_stop_carries_the_same_nonce_for_discord_to_drop(
    world: World, table: Table, restart: Restarter, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Discord keeps a message's nonce for a few minutes and, asked to enforce it, returns
    # the message it already has instead of making a second. SimCord does not, so what
    # is checked is what the bot asks of Discord: the same nonce, both times.
    game = await table.start_for_two()
    monkeypatch.setattr(backlog, "RETRY_FIRST", RETRY_LONGEST)  # the stop comes first
    nonces = sent_nonces(monkeypatch)
    RefusesOnce(monkeypatch, "set_announced")

    await table.finish_turn(game)
    told = nonces[-1]  # the turn's post, the last message sent
    sent = len(nonces)
    await restart()  # the record is lost with the process

    assert told in nonces[sent:], "the turn's post went out again with the nonce it had"
    row = await table.row(game.id)
    assert row.announced_version == row.version
