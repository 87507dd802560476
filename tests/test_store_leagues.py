"""Leagues in the store (both backends): sign-up, rounds seated once, tables and their games."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from conftest import execute
from conftest import is_postgres

from bot.shards import Shards
from bot.shards import shard_of
from bot.store import CorruptRow
from bot.store import LeagueTableRow
from bot.store import MemberRow
from bot.store import OwedPost
from bot.store import Store
from bot.store import TableTaken

T0 = datetime(2024, 5, 1, 9, 30, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
GUILD, CHANNEL = 7, 70


async def new_league(store: Store, name: str = "Spring") -> int:
    row = await store.create_league(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=1,
        name=name,
        engine="china",
        format="swiss",
        rounds=3,
        deadline_hours=48,
        seed=2**62 + 3,
        locale="de",
        now=T0,
    )
    return row.id


async def test_a_league_is_stored_and_listed(store: Store) -> None:
    first = await new_league(store)
    second = await new_league(store, "Summer")
    league = await store.league(first)
    assert league is not None
    assert (league.name, league.engine, league.format, league.rounds, league.status, league.round) == (
        "Spring",
        "china",
        "swiss",
        3,
        "signup",
        0,
    )
    assert league.seed == 2**62 + 3 and league.locale == "de" and league.created_at == T0
    assert [row.id for row in await store.leagues(GUILD)] == [second, first]
    assert await store.leagues(GUILD + 1) == []
    assert await store.league(second + 100) is None
    await store.set_league_message(first, 2**60)
    assert (await store.league(first)).message_id == 2**60  # type: ignore[union-attr]


async def test_members_join_and_leave_only_during_sign_up(store: Store) -> None:
    league = await new_league(store)
    assert await store.add_member(league, 10, "Anna", now=T0)
    assert not await store.add_member(league, 10, "Anna", now=T0 + MINUTE)
    assert await store.add_member(league, 11, "Bob", now=T0 + MINUTE)
    assert await store.add_member(league, 12, "Carl", now=T0 + 2 * MINUTE)
    assert await store.remove_member(league, 12)
    assert not await store.remove_member(league, 12)
    assert await store.members(league) == [MemberRow(10, "Anna"), MemberRow(11, "Bob")]
    assert await store.set_league_status(league, "running", was=("signup",), now=T0, rounds=2)
    assert not await store.set_league_status(league, "running", was=("signup",), now=T0)
    assert (await store.league(league)).rounds == 2  # type: ignore[union-attr]
    # Once running, nobody joins or leaves; a member may drop, once.
    assert not await store.add_member(league, 13, "Dora", now=T0)
    assert not await store.remove_member(league, 11)
    assert await store.drop_member(league, 11, 1)
    assert not await store.drop_member(league, 11, 2)
    assert await store.members(league) == [MemberRow(10, "Anna"), MemberRow(11, "Bob", 1)]


async def test_a_round_is_seated_once_and_its_tables_get_their_games(store: Store) -> None:
    league = await new_league(store)
    tables = [(10, 11, 12), (13, 14, None)]
    assert not await store.seat_league_round(league, 1, tables, now=T0)  # still signing up
    await store.set_league_status(league, "running", was=("signup",), now=T0)
    assert not await store.seat_league_round(league, 2, tables, now=T0)  # round 1 first
    assert await store.seat_league_round(league, 1, tables, now=T0)
    assert not await store.seat_league_round(league, 1, tables, now=T0)  # never twice
    # Seating a round makes its posts owed with it: the pairings, and each table's.
    assert [owed.what for owed in await store.owed_league_posts(league)] == [
        "pairings:1",
        "table:1:1",
        "table:1:2",
    ]
    seats = [(13, "m", False), (14, "n", False), (None, "AI", True)]
    fields = {"engine": "china", "guild_id": GUILD, "channel_id": CHANNEL, "host_id": 1, "host_name": "x"}
    game = await store.create_game(**fields, options={}, now=T0, seats=seats, table=(league, 1, 2))
    assert [(seat.user_id, seat.name, seat.is_ai) for seat in game.seats] == seats
    # A table takes one game: a second is not stored at all.
    with pytest.raises(TableTaken):
        await store.create_game(**fields, options={}, now=T0, seats=seats, table=(league, 1, 2))
    assert len(await store.list_games(guild_id=GUILD)) == 1
    assert await store.league_tables(league) == [
        LeagueTableRow(1, 1, (10, 11, 12), None),
        LeagueTableRow(1, 2, (13, 14, None), game.id),
    ]
    assert await store.league_of_game(game.id) == league
    assert await store.league_of_game(game.id + 1) is None
    assert (await store.league(league)).round == 1  # type: ignore[union-attr]
    assert await store.leagues_owing() == [league]
    for what in ("pairings:1", "table:1:1", "table:1:2"):
        await store.league_post_done(league, what)
    await store.set_league_status(league, "finished", was=("running",), now=T0, owe="final")
    assert await store.leagues_owing() == [league]
    assert await store.owed_league_posts(league) == [OwedPost("final")]
    await store.league_post_done(league, "final")
    assert await store.leagues_owing() == []


async def test_a_post_that_keeps_failing_is_given_up_after_its_tries(store: Store) -> None:
    league = await new_league(store)
    assert await store.owe_league_post(league, "final", now=T0)
    assert not await store.owe_league_post(league, "final", now=T0), "owed once"
    assert not await store.league_post_failed(league, "final", most=3, now=T0)
    assert not await store.league_post_failed(league, "final", most=3, now=T0 + MINUTE)
    assert await store.owed_league_posts(league) == [OwedPost("final", 2, T0 + MINUTE)]
    assert await store.league_post_failed(league, "final", most=3, now=T0 + 2 * MINUTE)
    assert await store.owed_league_posts(league) == []
    assert await store.league_posts(league) == {"final": ("given_up", 3)}
    assert not await store.owe_league_post(league, "final", now=T0), "a post given up is not owed again"


async def test_the_leagues_with_work_are_read_a_page_at_a_time_and_by_shard(store: Store) -> None:
    leagues = [await new_league(store) for _ in range(5)]
    for league in leagues:
        await store.set_league_status(league, "running", was=("signup",), now=T0)
    assert await store.leagues_owing(limit=2) == leagues[:2]
    assert await store.leagues_owing(after=leagues[1], limit=2) == leagues[2:4]
    assert await store.leagues_owing(after=leagues[3], limit=2) == leagues[4:]
    other_shard = Shards.of(2, [1])  # GUILD's shard is 0 of 2
    assert shard_of(GUILD, 2) == 0
    assert await store.leagues_owing(shards=other_shard) == []


#: A league's columns damaged from outside the schema (its CHECK on the status set aside),
#: and the column the refusal names.
LEAGUE_DAMAGE = {
    "created_at is no time": ("UPDATE leagues SET created_at = 'yesterday'", "leagues.created_at"),
    "status is unknown": ("UPDATE leagues SET status = 'paused'", "leagues.status"),
}


@pytest.mark.parametrize("damage", sorted(LEAGUE_DAMAGE))
async def test_a_damaged_league_is_a_corrupt_row(store: Store, store_location: str, damage: str) -> None:
    league = await new_league(store)
    sql, column = LEAGUE_DAMAGE[damage]
    if is_postgres(store_location):
        await execute(store_location, "ALTER TABLE leagues DROP CONSTRAINT leagues_status_check")
        await execute(store_location, sql)
    else:
        with closing(sqlite3.connect(store_location)) as connection:
            connection.execute("PRAGMA ignore_check_constraints = ON")  # lasts as long as this connection
            connection.execute(sql)
            connection.commit()
    with pytest.raises(CorruptRow, match=column) as raised:
        await store.league(league)
    assert raised.value.game_id == league


async def test_unreadable_seats_are_a_corrupt_row(store: Store, store_location: str) -> None:
    league = await new_league(store)
    await store.set_league_status(league, "running", was=("signup",), now=T0)
    await store.seat_league_round(league, 1, [(1, 2)], now=T0)
    await execute(store_location, "UPDATE league_tables SET seats = '{\"a\": 1}'")
    with pytest.raises(CorruptRow, match="seats"):
        await store.league_tables(league)
