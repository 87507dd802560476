"""Leagues through the real bot in SimCord: `/league` from sign-up to the final standings.

The league's commands and buttons are clicked as members would; the table
games are played through the bot's own service (random legal moves of the
people seated), their posts, threads and deadlines being the bot's. Their
boards and replays are drawn by stand-ins (`plain_drawing`): the images are
the games' tests' to check, and drawing every turn of a dozen games took most
of these tests' time.
"""

from __future__ import annotations

import csv
import io
import random
import re
from datetime import datetime

import pytest
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import buttons_of
from conftest import text_of
from league_support import members
from league_support import open_league
from league_support import play_out
from league_support import posted
from league_support import round_tables
from league_support import signup
from simcord import MemberActor

from bot.leagues.seating import AI
from bot.results import Caller

HOUR = 3600


async def move_in_thread(world: World, table: Table, game_id: int, players: list[MemberActor]) -> None:
    """Whoever must act makes a move with `/move` in the table's thread."""
    await table.service.settled(game_id)
    row, engine, state = await table.service.current(game_id)
    assert state is not None
    seat = min(engine.to_act(state))
    mover = next(p for p in players if p.id == row.seats[seat].user_id)
    thread = next(t for t in world.channel.threads if t.id == row.thread_id)
    choice = (await mover.autocomplete(thread, "move", "action", ""))[0]["value"]
    moved = await mover.slash(thread, "move", action=choice)
    assert moved.response is not None and moved.response.content.startswith("✅")
    assert (await table.row(game_id)).version > row.version


@pytest.mark.slow
@pytest.mark.plain_drawing
async def test_a_swiss_league_of_china_for_11(world: World, table: Table) -> None:
    rng = random.Random(11)
    players = await members(world, 11)
    by_id = {player.id: player for player in players}
    league_id = await open_league(world, "china", "swiss", 3, players)
    # Bad input is refused with a sentence and changes nothing.
    stranger = await world.stranger.slash(world.channel, "league start", league=str(league_id))
    assert stranger.response is not None and "Only the organiser" in stranger.response.content
    long_name = await world.moderator.slash(
        world.channel, "league new", game="china", format="swiss", rounds=3, name="x" * 500
    )
    assert long_name.response is not None and "1 to 60 characters" in long_name.response.content
    started = await world.moderator.slash(world.channel, "league start")
    assert started.response is not None and "has started" in started.response.content
    assert signup(world).components == [], "the sign-up message loses its buttons"
    late_join = await world.stranger.slash(world.channel, "league join")
    assert late_join.response is not None and "has started already" in late_join.response.content
    assert len(await table.service.store.members(league_id)) == 11

    round_one = await round_tables(table, league_id, 1)
    assert sorted(len(seats) for seats, _ in round_one) == [3, 4, 4]
    pairings = posted(world, "round 1 of 3")
    assert len(pairings) == 1
    threads = {thread.id: thread for thread in world.channel.threads}
    for seats, game_id in round_one:
        row = await table.row(game_id)
        assert row.status == "running" and row.thread_id in threads
        assert f"<#{row.thread_id}>" in text_of(pairings[0])
        assert all(by_id[p].mention in text_of(pairings[0]) for p in seats if p is not AI)
        # The game's own thread has its first board.
        assert any(m.attachments for m in threads[row.thread_id].history())

    # Round 1: one player lets their time run out at the last table still playing.
    (late_seats, late_game), *others = round_one
    for _, game_id in others:
        await play_out(table.service, game_id, rng)
    await play_out(table.service, late_game, rng, until_seat=0)
    await world.env.advance_time(49 * HOUR)
    await table.service.idle()
    assert (await table.row(late_game)).seats[0].is_ai
    await play_out(table.service, late_game, rng)
    # The absent player ranks last at their table: no points from round 1.
    standings = (
        await table.service.leagues.standings(Caller(world.bob.id, "bob", guild_id=world.guild.id))
    ).csv
    (late_row,) = [
        line.split(",")
        for line in standings.decode().splitlines()
        if line.split(",")[1] == str(late_seats[0])
    ]
    assert float(late_row[3]) == 0

    round_two = await round_tables(table, league_id, 2)
    assert len(posted(world, "round 2 of 3")) == 1
    assert sorted(p for seats, _ in round_two for p in seats) == sorted(by_id)
    dropper = by_id[next(p for p in round_two[0][0] if p is not AI)]
    dropped = await dropper.slash(world.channel, "league drop")
    assert dropped.response is not None and "dropped out" in dropped.response.content
    for _, game_id in round_two:
        await play_out(table.service, game_id, rng)

    round_three = await round_tables(table, league_id, 3)
    assert sorted(p for seats, _ in round_three for p in seats if p is not AI) == sorted(
        set(by_id) - {dropper.id}
    )
    for _, game_id in round_three:
        await play_out(table.service, game_id, rng)
    await table.service.idle()

    final = posted(world, "is over. The winner is")
    assert len(final) == 1
    assert buttons_of(final[0]) == [], "the winner is named: there is no hand of a game to show"
    files = [a.filename for m in world.channel.history()[-3:] for a in m.attachments]
    assert "standings.png" in files and "standings.csv" in files
    assert dropper.mention not in text_of(final[0]).split("\n")[0]
    shown = await world.bob.slash(world.channel, "league standings", league=str(league_id))
    assert shown.response is not None and "standings after round 3 of 3" in shown.response.content
    attached = [a.filename for f in shown.followups for a in f.attachments]
    assert attached == ["standings.png", "standings.csv"]
    after = await world.bob.slash(world.channel, "league drop", league=str(league_id))
    assert after.response is not None and "is not running" in after.response.content
    listed = await world.bob.slash(world.channel, "league list")
    assert listed.response is not None and "Spring Cup" in listed.response.content


@pytest.mark.both_backends
@pytest.mark.plain_drawing
async def test_a_round_robin_of_mauerbauer_for_5_across_a_restart(
    world: World, table: Table, restart: Restarter
) -> None:
    rng = random.Random(5)
    players = await members(world, 5)
    refused = await world.anna.slash(
        world.channel, "league new", game="mauerbauer", format="swiss", rounds=2, name="Mine"
    )
    assert refused.response is not None and "Only members with Manage Server" in refused.response.content
    assert await table.service.store.leagues(world.guild.id) == []
    league_id = await open_league(world, "mauerbauer", "round-robin", 10, players)
    await world.moderator.slash(world.channel, "league start")
    league = await table.service.store.league(league_id)
    assert league is not None and 3 <= league.rounds < 10
    met: set[frozenset[int]] = set()
    for number in range(1, league.rounds + 1):
        tables = await round_tables(table, league_id, number)
        assert sorted(len(seats) for seats, _ in tables) == [2, 3]
        assert len(posted(world, f"round {number} of {league.rounds}")) == 1
        for index, (seats, game_id) in enumerate(tables):
            met |= {
                frozenset((a, b)) for a in seats for b in seats if a is not None and b is not None and a != b
            }
            if number == 1 and index == 0:
                # A table is played with the usual commands in its thread.
                await move_in_thread(world, table, game_id, players)
            if number == 1 and index == 1:
                # A restart in the middle of the league: the new bot carries on.
                await restart()
            await play_out(table.service, game_id, rng)
    await table.service.idle()
    assert len(met) == 10, "everyone met everyone"
    assert len(posted(world, "is over. The winner is")) == 1
    # A second league in the same channel: each command acts on the league it names, and
    # one league's command is refused by the other with a sentence.
    opened = await world.moderator.slash(
        world.channel, "league new", game="mauerbauer", format="swiss", rounds=2, name="Winter"
    )
    assert opened.response is not None and "is open" in opened.response.content
    winter = max(league.id for league in await table.service.store.leagues(world.guild.id))
    crossed = await world.anna.slash(world.channel, "league drop", league=str(winter))
    assert crossed.response is not None and "is not running" in crossed.response.content
    again = await world.moderator.slash(world.channel, "league start", league=str(league_id))
    assert again.response is not None and "has started already" in again.response.content
    joined = await world.anna.slash(world.channel, "league join")
    assert joined.response is not None and "Winter" in joined.response.content
    assert [m.user_id for m in await table.service.store.members(winter)] == [world.anna.id]
    assert len(await table.service.store.members(league_id)) == 5


async def signed_up(table: Table, league_id: int, count: int, now: datetime) -> None:
    """`count` more people on the league's list, straight into the store (the sign-up card
    is redrawn at the next join through Discord)."""
    have = len(await table.service.store.members(league_id))
    for n in range(have, have + count):
        await table.service.store.add_member(league_id, 10**17 + n, f"member{n}", now=now)


@pytest.mark.plain_drawing
async def test_standings_longer_than_a_message_keep_their_code_block(world: World, table: Table) -> None:
    league_id = await open_league(world, "china", "swiss", 3, [world.anna])
    await signed_up(table, league_id, 120, world.env.now())

    shown = await world.bob.slash(world.channel, "league standings", league=str(league_id))

    assert shown.response is not None
    pieces = [shown.response.content] + [f.content for f in shown.followups if f.content]
    assert len(pieces) > 1 and all(len(piece) <= 2000 for piece in pieces)
    assert pieces[0].startswith("**Spring Cup") and "\n```\n" in pieces[0]
    for piece in pieces:
        assert piece.count("```") == 2 and piece.endswith("```"), "each piece is a whole code block"
    for piece in pieces[1:]:
        assert piece.startswith("```\n")
    rows = [line for piece in pieces for line in piece.split("\n")[1:] if line != "```"]
    assert len(rows) == 1 + 121, "the header and every member, none lost or cut"


@pytest.mark.plain_drawing
async def test_a_full_sign_up_card_names_whom_it_can_and_counts_the_rest(world: World, table: Table) -> None:
    league_id = await open_league(world, "china", "swiss", 3, [world.anna])
    # People sign up until the card cannot name them all.
    card = ""
    for _ in range(200):
        card = await table.service.leagues.card(league_id)
        if len(card) > 2000 or "more" in card:
            break
        await signed_up(table, league_id, 1, world.env.now())
    lines = card.split("\n")
    assert len(card) <= 2000 and lines[-2] == "… and 1 more member", lines[-3:]

    # More than a league takes, put in the store from outside (a league takes at most 64
    # through the bot); the card is redrawn when someone leaves.
    await signed_up(table, league_id, 5, world.env.now())
    joined = await world.bob.click(signup(world), label="Join")
    assert joined.response is not None and "is full" in joined.response.content
    left = await world.anna.click(signup(world), label="Leave")

    assert left.response is not None and "withdrawn" in left.response.content
    shown = text_of(signup(world))
    lines = shown.split("\n")
    assert len(shown) <= 2000
    assert lines[-2] == "… and 5 more members" and lines[-1].startswith("Press **Join**")
    listed = [line for line in lines if re.fullmatch(r"\d+\. <@\d+>", line)]
    assert len(listed) == len(await table.service.store.members(league_id)) - 5
    assert [line for line in lines if "<@" in line and line not in listed] == [lines[2]], (
        "no mention cut: only the organiser's besides the list"
    )


@pytest.mark.plain_drawing
async def test_names_in_the_standings_csv_are_never_formulas(world: World, table: Table) -> None:
    names = ['=HYPERLINK("https://example.com","win")', "+1+1", "-2+3", "@SUM(A1:A9)", "\tcmd", "\rcmd"]
    people = [world.guild.add_member(world.env.create_user(name)) for name in names]
    league_id = await open_league(world, "china", "swiss", 3, people)

    shown = await world.bob.slash(world.channel, "league standings", league=str(league_id))

    (sheet,) = [a for f in shown.followups for a in f.attachments if a.filename == "standings.csv"]
    rows = list(csv.DictReader(io.StringIO((await sheet.read()).decode())))
    assert sorted(row["name"] for row in rows) == sorted(f"'{name}" for name in names)
    assert all(row["points"] == "0.0000" for row in rows), "figures stay figures"


@pytest.mark.plain_drawing
async def test_the_organiser_chooses_the_level_of_the_ai_standing_in_for_missing_members(
    world: World, table: Table
) -> None:
    opened = await world.moderator.slash(
        world.channel, "league new", game="china", format="swiss", rounds=1, name="Duo", level="hard"
    )
    assert opened.response is not None and "is open" in opened.response.content
    for player in (world.anna, world.bob):
        await player.click(signup(world), label="Join")
    [league] = await table.service.store.leagues(world.guild.id)
    assert league.ai_level == "hard"
    await world.moderator.slash(world.channel, "league start")

    [(seats, game_id)] = await round_tables(table, league.id, 1)
    assert AI in seats, "China needs three: an AI fills the table of two members"
    row = await table.row(game_id)
    assert [(seat.is_ai, seat.level) for seat in row.seats if seat.is_ai] == [(True, "hard")]
