"""Leagues through the real bot in SimCord when things go wrong: a channel that refuses the
bot's posts, a database that fails part-way through seating a round, a cancel while tables
are being played, a server the bot leaves, and the limits that keep a league sane.

Errors are injected at discord.py's HTTP layer (SimCord's `inject_error`) and at the
store's methods (`RefusesOnce`): each is a fault that happens in real life.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from conftest import Table
from conftest import World
from conftest import text_of
from fault_support import RefusesOnce
from fault_support import sent_nonces
from league_support import members
from league_support import open_league
from league_support import play_out
from league_support import round_tables
from league_support import signup

from bot.service import backlog
from bot.service import leagues
from bot.service.backlog import RETRY_LONGEST
from bot.service.leagues import POST_TRIES

pytestmark = pytest.mark.plain_drawing

MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}
GAME = "chinesische-mauer"


async def test_a_channel_that_refuses_the_league_s_posts_holds_nothing_back(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every retry waits as long as the longest, so that SimCord's virtual time alone brings it.
    monkeypatch.setattr(backlog, "RETRY_FIRST", RETRY_LONGEST)
    rng = random.Random(3)
    players = await members(world, 3)
    league_id = await open_league(world, GAME, "swiss", 2, players)
    # The organiser's channel stops taking the bot's messages; threads still work.
    world.env.inject_error(
        "POST", f"/channels/{world.channel.id}/messages", times=None, **MISSING_PERMISSIONS
    )
    await world.moderator.slash(world.channel, "league start")

    (seats, game_id), *_ = await round_tables(table, league_id, 1)
    home = (await table.row(game_id)).thread_id
    thread = next(t for t in world.channel.threads if t.id == home)
    told = [m for m in thread.history() if "round 1 of 2" in text_of(m)]
    assert len(told) == 1, "the table's own thread has its pairing"
    assert all(f"<@{player}>" in text_of(told[0]) for player in seats)
    await play_out(table.service, game_id, rng)

    # The next round is seated when the last table ends, whatever was posted.
    round_two = await round_tables(table, league_id, 2)
    assert round_two, "round 2 is seated"
    for _, game_id in round_two:
        await play_out(table.service, game_id, rng)
    await table.service.idle()
    league = await table.service.store.league(league_id)
    assert league is not None and league.status == "finished"

    # The posts the channel refused are tried a bounded number of times, then given up,
    # and the organiser is told once, directly, since the channel cannot be told.
    for _ in range(POST_TRIES + 2):
        await world.env.advance_time(RETRY_LONGEST + 1)
    posts = await table.service.store.league_posts(league_id)
    assert posts["final"] == ("given_up", POST_TRIES)
    assert posts["trouble"][0] == "done"
    assert await table.service.store.leagues_owing() == []
    said = [
        text_of(m) for m in world.channel.history() if text_of(m).startswith(("📋", "🏆 **Spring Cup** is"))
    ]
    assert said == [], "nothing got through"
    direct = [m for m in world.moderator.user.dm_channel.history() if "gave up" in m.content]
    assert len(direct) == 1 and "Spring Cup" in direct[0].content


async def test_a_fault_at_each_step_of_seating_leaves_one_game_and_one_thread_per_table(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backlog, "RETRY_FIRST", RETRY_LONGEST)
    nonces = sent_nonces(monkeypatch)
    players = await members(world, 4)
    league_id = await open_league(world, GAME, "swiss", 1, players)
    # The database fails once at each step: storing a table's game, recording its thread,
    # starting it, and recording that a post was made.
    faults = [
        RefusesOnce(monkeypatch, name)
        for name in ("create_game", "set_places", "start_game", "league_post_done")
    ]
    await world.moderator.slash(world.channel, "league start")
    for _ in range(6):
        await world.env.advance_time(RETRY_LONGEST + 1)
    await table.service.idle()
    assert all(fault.refused == 1 for fault in faults)

    tables = await table.service.store.league_tables(league_id)
    games = await table.service.store.list_games(guild_id=world.guild.id)
    assert len(games) == len(tables) and all(row.status == "running" for row in games)
    assert sorted(row.id for row in games) == sorted(t.game_id for t in tables if t.game_id is not None)
    threads = [t for t in world.channel.threads if "Spring Cup" in t.name]
    assert len(threads) == len(tables), "a thread made before a fault is found again, not made twice"
    assert {row.thread_id for row in games} == {t.id for t in threads}
    # A post whose record failed went out again with the nonce it had, for Discord to drop.
    league_nonces = [nonce for nonce in nonces if nonce and nonce.startswith(f"L{league_id}")]
    assert league_nonces and len(set(league_nonces)) < len(league_nonces)
    posts = await table.service.store.league_posts(league_id)
    assert {state for state, _ in posts.values()} == {"done"}


async def test_a_league_table_that_has_not_started_is_no_lobby(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backlog, "RETRY_FIRST", RETRY_LONGEST)
    players = await members(world, 2)
    league_id = await open_league(world, GAME, "swiss", 1, players)
    RefusesOnce(monkeypatch, "start_game")
    await world.moderator.slash(world.channel, "league start")
    await table.service.idle()
    ((_, game_id),) = await round_tables(table, league_id, 1)
    assert (await table.row(game_id)).status == "lobby", "stopped between storing and starting"
    # Nobody else may join it, it is not offered, and it counts against no one's lobbies.
    offered = await world.stranger.autocomplete(world.channel, "game join", "game", "")
    assert str(game_id) not in [choice["value"] for choice in offered]
    joined = await world.stranger.slash(world.channel, "game join", game=str(game_id))
    assert joined.response is not None and "league table" in joined.response.content
    organiser_game = await world.moderator.slash(world.channel, "game new", game=GAME)
    assert organiser_game.response is not None and "#" in organiser_game.response.content
    await world.env.advance_time(RETRY_LONGEST + 1)
    await table.service.idle()
    row = await table.row(game_id)
    assert row.status == "running" and [seat.user_id for seat in row.seats] != [world.stranger.id]


async def test_cancel_ends_its_running_tables_unrated_with_one_post_each(world: World, table: Table) -> None:
    players = await members(world, 4)
    league_id = await open_league(world, GAME, "swiss", 2, players)
    await world.moderator.slash(world.channel, "league start")
    tables = await round_tables(table, league_id, 1)
    for _, game_id in tables:
        assert await table.service.store.timers(game_id), "deadlines run"
    ratings = await table.service.store.ratings(GAME, [p.id for p in players])

    cancelled = await world.moderator.slash(world.channel, "league cancel")
    assert cancelled.response is not None and "cancelled" in cancelled.response.content
    await table.service.idle()
    for _, game_id in tables:
        row = await table.row(game_id)
        assert row.status == "abandoned"
        assert await table.service.store.timers(game_id) == [], "their timers go"
        thread = next(t for t in world.channel.threads if t.id == row.thread_id)
        assert len([m for m in thread.history() if "was cancelled" in text_of(m)]) == 1
    assert await table.service.store.ratings(GAME, [p.id for p in players]) == ratings, "unrated"
    assert len([m for m in world.channel.history() if "was cancelled by its organiser" in text_of(m)]) == 1
    shown = await world.bob.slash(world.channel, "league standings", league=str(league_id))
    assert shown.response is not None and "cancelled" in shown.response.content.split("\n")[0]
    assert await table.service.store.leagues_owing() == []


async def test_a_server_that_removes_the_bot_has_its_leagues_closed(world: World, table: Table) -> None:
    players = await members(world, 2)
    signing_up = await open_league(world, GAME, "swiss", 1, players)
    guild = world.env.bot.get_guild(world.guild.id)
    assert guild is not None
    world.env.bot.dispatch("guild_remove", guild)
    for _ in range(50):
        league = await table.service.store.league(signing_up)
        if league is not None and league.status == "cancelled":
            break
        await asyncio.sleep(0.01)
    assert league is not None and league.status == "cancelled"
    assert await table.service.store.leagues_owing() == [], "it holds no place in the work"


async def test_a_league_takes_no_more_members_than_its_server_allows(world: World, table: Table) -> None:
    assert (await table.service.config.of(world.guild.id)).league_members == 64
    answer = await world.moderator.slash(world.channel, "config")
    panel = answer.followups[-1] if answer.followups else answer.response
    assert panel is not None
    await world.moderator.select(panel, ["8"], custom_id="bm:config:league_members")
    players = await members(world, 9)
    await open_league(world, GAME, "swiss", 1, players[:8])
    refused = await players[8].click(signup(world), label="Join")
    assert refused.response is not None and "is full" in refused.response.content
    assert "at most 8 members" in refused.response.content


async def test_a_server_has_no_more_open_leagues_than_it_allows(world: World, table: Table) -> None:
    for number in range(5):
        opened = await world.moderator.slash(
            world.channel, "league new", game=GAME, format="swiss", rounds=1, name=f"Cup {number}"
        )
        assert opened.response is not None and "is open" in opened.response.content
    refused = await world.moderator.slash(
        world.channel, "league new", game=GAME, format="swiss", rounds=1, name="One too many"
    )
    assert refused.response is not None and "5 open leagues already" in refused.response.content
    newest = max(league.id for league in await table.service.store.leagues(world.guild.id))
    await world.moderator.slash(world.channel, "league cancel", league=str(newest))
    again = await world.moderator.slash(
        world.channel, "league new", game=GAME, format="swiss", rounds=1, name="Now there is room"
    )
    assert again.response is not None and "is open" in again.response.content


@pytest.mark.parametrize("name", ["\u200b", "\u202e\u200b ", "\u2066\u2069"])
async def test_a_league_name_needs_a_visible_letter(world: World, table: Table, name: str) -> None:
    refused = await world.moderator.slash(
        world.channel, "league new", game=GAME, format="swiss", rounds=1, name=name
    )
    assert refused.response is not None and "visible letter" in refused.response.content
    assert await table.service.store.leagues(world.guild.id) == []


async def test_every_league_with_work_is_reached_however_many_there_are(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The reconciling pass reads the leagues with work a page at a time: here a page is one.
    monkeypatch.setattr(leagues, "CATCH_UP_PAGE", 1)
    players = await members(world, 2)
    ids = [await open_league(world, GAME, "swiss", 1, players) for _ in range(3)]
    for league_id in ids:
        await table.service.store.set_league_status(
            league_id, "running", was=("signup",), now=world.env.now()
        )
    await table.service.reconcile()
    await table.service.idle()
    for league_id in ids:
        assert await round_tables(table, league_id, 1), f"league {league_id} is seated"
