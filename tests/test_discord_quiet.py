"""Quiet hours (`/notify quiet`) through the real bot: no pings in them, one ping when
they end, deadlines standing still, and the same local hours across daylight-saving
changes (the tests run on the dates of the changes)."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
import simcord
from conftest import Bots
from conftest import OpenGame
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import text_of
from simcord import MemberActor

from bot.service import clock
from bot.service.quiet import Quiet
from bot.store import PlayerRow

HOUR = 3600.0
MINUTE = timedelta(minutes=1)
DAY = timedelta(days=1)
YEAR = 365 * 24 * HOUR


@pytest.fixture(autouse=True)
def few_looks(bots: Bots, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests move the clock months ahead, to the days of the clock changes. The bot
    looks at its timers at least twice a day and at its games' work once a day (the
    tests' bot): each look costs SimCord a turn of real time, and hundreds of them took
    half a minute. What these tests check comes from timers, which wake the bot anyway."""
    monkeypatch.setattr(clock, "LONGEST_SLEEP", YEAR)
    bots.reconcile_every = YEAR


async def go_to(world: World, moment: datetime) -> None:
    """Move the virtual clock forward to `moment` (UTC)."""
    seconds = (moment - world.env.now()).total_seconds()
    assert seconds >= 0, "the clock only moves forward"
    await world.env.advance_time(seconds)


async def quiet_game(world: World, table: Table, sleeper: MemberActor) -> OpenGame:
    """A game of anna and bob in which `sleeper` waits for the other's move."""
    game = await table.start_for_two()
    if await table.on_turn(game.id) is sleeper:
        await table.finish_turn(game)
    return game


def mentioning(game: OpenGame, member: MemberActor, since: int) -> list[simcord.MessageLike]:
    return [post for post in game.home.history()[since:] if member.mention in text_of(post)]


async def set_quiet(member: MemberActor, world: World, start: int, end: int, zone: str) -> str:
    answer = await member.slash(world.channel, "notify quiet", **{"from": start, "to": end, "timezone": zone})
    assert answer.response is not None
    return answer.response.content


@pytest.mark.both_backends
async def test_berlin_spring_forward_no_ping_in_quiet_hours_and_one_when_they_end(
    world: World, table: Table, restart: Restarter
) -> None:
    # 28 March 2026, 20:00 UTC: 21:00 in Berlin, the night the clocks go forward.
    await go_to(world, datetime(2026, 3, 28, 20, tzinfo=UTC))
    said = await set_quiet(world.anna, world, 22, 7, "Europe/Berlin")
    assert "22:00" in said and "07:00" in said
    game = await quiet_game(world, table, world.anna)

    # 22:30 in Berlin (CET, UTC+1): bob's move would ping anna.
    await go_to(world, datetime(2026, 3, 28, 21, 30, tzinfo=UTC))
    seen = len(game.home.history())
    await table.finish_turn(game)
    assert await table.on_turn(game.id) is world.anna
    posted = game.home.history()[seen:]
    assert posted and any("anna" in text_of(post) for post in posted), "the post still names her"
    assert mentioning(game, world.anna, seen) == [], "but does not ping her"

    # The ping owed survives a restart.
    await restart()
    # 06:59 summer time (UTC+2) is 04:59 UTC: still quiet, though 05:59 by winter time.
    await go_to(world, datetime(2026, 3, 29, 4, 59, tzinfo=UTC))
    assert mentioning(game, world.anna, seen) == []
    # 07:00 summer time: one ping, with what she must decide.
    await go_to(world, datetime(2026, 3, 29, 5, 0, 30, tzinfo=UTC))
    pings = mentioning(game, world.anna, seen)
    assert len(pings) == 1 and "quiet hours are over" in text_of(pings[0])
    assert f"#{game.id}" in text_of(pings[0])
    await world.env.advance_time(6 * HOUR)
    assert len(mentioning(game, world.anna, seen)) == 1, "pinged once"


async def test_berlin_fall_back_quiet_hours_stay_22_to_7_local(world: World, table: Table) -> None:
    # 24 October 2026, 19:30 UTC: 21:30 in Berlin (CEST); the clocks go back that night.
    await go_to(world, datetime(2026, 10, 24, 19, 30, tzinfo=UTC))
    await set_quiet(world.anna, world, 22, 7, "Europe/Berlin")
    game = await quiet_game(world, table, world.anna)
    await go_to(world, datetime(2026, 10, 24, 20, 5, tzinfo=UTC))  # 22:05 CEST
    seen = len(game.home.history())
    await table.finish_turn(game)
    assert mentioning(game, world.anna, seen) == []
    # 06:30 winter time (UTC+1) is 05:30 UTC: still quiet, though 07:30 by summer time.
    await go_to(world, datetime(2026, 10, 25, 5, 30, tzinfo=UTC))
    assert mentioning(game, world.anna, seen) == []
    await go_to(world, datetime(2026, 10, 25, 6, 0, 30, tzinfo=UTC))  # 07:00 CET
    assert len(mentioning(game, world.anna, seen)) == 1


async def test_outside_quiet_hours_pings_go_out_as_ever(world: World, table: Table) -> None:
    # 8 March 2026 (New York goes to summer time at 02:00), 12:00 UTC: 08:00 EDT.
    await go_to(world, datetime(2026, 3, 8, 12, tzinfo=UTC))
    await set_quiet(world.anna, world, 22, 7, "America/New_York")
    game = await quiet_game(world, table, world.anna)
    seen = len(game.home.history())
    await table.finish_turn(game)
    assert len(mentioning(game, world.anna, seen)) == 1


async def test_a_deadline_stands_still_in_quiet_hours(world: World, table: Table) -> None:
    # 7 March 2026, 20:00 UTC: 15:00 in New York (EST), the day before summer time.
    await go_to(world, datetime(2026, 3, 7, 20, tzinfo=UTC))
    await set_quiet(world.anna, world, 22, 7, "America/New_York")
    game = await quiet_game(world, table, world.bob)
    await world.anna.slash(game.home, "game settings", deadline=8, on_timeout="ai")
    assert await table.on_turn(game.id) is world.anna
    # 7 of her 8 hours run until her quiet hours begin (22:00 EST = 03:00 UTC); the
    # last one after they end at 07:00 EDT (11:00 UTC): 12:00 UTC.
    deadline = next(t for t in await table.service.store.timers(game.id) if t.kind == "deadline")
    assert deadline.due_at == datetime(2026, 3, 8, 12, tzinfo=UTC)
    await go_to(world, datetime(2026, 3, 8, 10, 59, tzinfo=UTC))  # 06:59 EDT
    assert await table.on_turn(game.id) is world.anna, "no deadline passes in quiet hours"
    await go_to(world, datetime(2026, 3, 8, 11, 59, tzinfo=UTC))
    assert await table.on_turn(game.id) is world.anna
    await go_to(world, datetime(2026, 3, 8, 12, 1, tzinfo=UTC))
    assert await table.on_turn(game.id) is not world.anna, "then the clock runs out"


@pytest.mark.parametrize(
    ("begin", "expected"),
    [
        # 23:00 CET on 28 March, in her quiet hours (22 to 7 in Berlin): her clock starts
        # when they end, 07:00 CEST (05:00 UTC on the 29th, after the clocks went
        # forward); her 4 hours end at 09:00 UTC, 11:00 CEST. (It was 10:00 UTC, 12:00
        # CEST, when the hour of them before her turn began was counted as hers.)
        (datetime(2026, 3, 28, 22, tzinfo=UTC), datetime(2026, 3, 29, 9, tzinfo=UTC)),
        # 23:00 CEST on 24 October: they end at 07:00 CET (06:00 UTC on the 25th, after
        # the clocks went back); her 4 hours end at 10:00 UTC, 11:00 CET.
        (datetime(2026, 10, 24, 21, tzinfo=UTC), datetime(2026, 10, 25, 10, tzinfo=UTC)),
    ],
)
async def test_a_turn_beginning_in_quiet_hours_has_all_its_time_after_them(
    world: World, table: Table, begin: datetime, expected: datetime
) -> None:
    await go_to(world, begin - 2 * DAY)
    await set_quiet(world.anna, world, 22, 7, "Europe/Berlin")
    game = await quiet_game(world, table, world.bob)
    await go_to(world, begin)
    await world.anna.slash(game.home, "game settings", deadline=4, on_timeout="ai")
    assert await table.on_turn(game.id) is world.anna
    await go_to(world, expected - MINUTE)
    assert await table.on_turn(game.id) is world.anna, "her time has not run out"
    await go_to(world, expected + MINUTE)
    assert await table.on_turn(game.id) is not world.anna, "the AI made her move"


async def test_bad_input_is_refused_and_nothing_stored(world: World, table: Table) -> None:
    said = await set_quiet(world.anna, world, 22, 7, "Europe/Atlantis")
    assert "not a time zone" in said
    said = await set_quiet(world.anna, world, 7, 7, "Europe/Berlin")
    assert "begin and end" in said
    # 6 to 5 would leave her clock one hour a day.
    said = await set_quiet(world.anna, world, 6, 5, "Europe/Berlin")
    assert "at most 12 hours a day" in said and "23 hours" in said
    assert await table.service.store.player(world.anna.id) == PlayerRow(world.anna.id)


async def test_quiet_hours_can_be_switched_off(world: World, table: Table) -> None:
    await go_to(world, datetime(2026, 3, 28, 22, tzinfo=UTC))  # 23:00 in Berlin
    await set_quiet(world.anna, world, 22, 7, "Europe/Berlin")
    game = await quiet_game(world, table, world.anna)
    seen = len(game.home.history())
    await table.finish_turn(game)
    assert mentioning(game, world.anna, seen) == []
    off = await world.anna.slash(world.channel, "notify quiet-off")
    assert off.response is not None and "Quiet hours off" in off.response.content
    await world.env.advance_time(60)
    assert len(mentioning(game, world.anna, seen)) == 1, "what was held back goes out now"
    player = await table.service.store.player(world.anna.id)
    assert player.quiet_zone is None and player.quiet_owed is None


async def test_time_zones_autocomplete(world: World) -> None:
    found = await world.anna.autocomplete(world.channel, "notify quiet", "timezone", "berl")
    assert [choice["value"] for choice in found] == ["Europe/Berlin"]
    many = await world.anna.autocomplete(world.channel, "notify quiet", "timezone", "")
    assert len(many) == 25


def test_quiet_hours_are_local_wall_clock_hours() -> None:
    quiet = Quiet.of(PlayerRow(1, quiet_from=22, quiet_to=7, quiet_zone="America/New_York"))
    assert quiet is not None
    # The night New York goes to summer time: 22:00 EST to 07:00 EDT.
    assert quiet.period(datetime(2026, 3, 8, 5, tzinfo=UTC)) == (
        datetime(2026, 3, 8, 3, tzinfo=UTC),
        datetime(2026, 3, 8, 11, tzinfo=UTC),
    )
    # The night it goes back: 22:00 EDT to 07:00 EST.
    assert quiet.period(datetime(2026, 11, 1, 5, tzinfo=UTC)) == (
        datetime(2026, 11, 1, 2, tzinfo=UTC),
        datetime(2026, 11, 1, 12, tzinfo=UTC),
    )
    assert quiet.until(datetime(2026, 11, 1, 12, tzinfo=UTC)) is None
    # A clock started at 22:00 EST runs from 07:00 EDT: an hour later is 12:00 UTC.
    assert quiet.due(datetime(2026, 3, 8, 3, tzinfo=UTC), timedelta(hours=1)) == datetime(
        2026, 3, 8, 12, tzinfo=UTC
    )
    assert quiet.period(datetime(2026, 3, 8, 2, 59, tzinfo=UTC)) is None


async def test_no_direct_message_in_quiet_hours_and_one_when_they_end(world: World, table: Table) -> None:
    await go_to(world, datetime(2026, 3, 28, 22, tzinfo=UTC))  # 23:00 in Berlin
    await world.anna.slash(world.channel, "notify dm", state="on")
    await set_quiet(world.anna, world, 22, 7, "Europe/Berlin")
    game = await quiet_game(world, table, world.anna)
    await table.finish_turn(game)

    def direct() -> list[str]:
        channel = world.anna.user.dm_channel
        return [] if channel is None else [m.content for m in channel.history()]

    assert not any("your turn" in text for text in direct()), "no direct message in quiet hours"
    await go_to(world, datetime(2026, 3, 29, 5, 1, tzinfo=UTC))  # 07:01 in Berlin (summer time)
    over = [text for text in direct() if "quiet hours are over" in text]
    assert len(over) == 1 and f"#{game.id}" in over[0]


async def test_a_host_in_quiet_hours_is_asked_without_a_ping_and_pinged_when_they_end(
    world: World, table: Table
) -> None:
    await go_to(world, datetime(2026, 3, 28, 12, tzinfo=UTC))  # 13:00 in Berlin
    await set_quiet(world.anna, world, 22, 7, "Europe/Berlin")
    game = await quiet_game(world, table, world.anna)
    await world.anna.slash(game.home, "game settings", deadline=10, on_timeout="host")
    assert await table.on_turn(game.id) is world.bob
    seen = len(game.home.history())
    # Bob's time runs out at 22:00 UTC, 23:00 in Berlin: the host is in her quiet hours.
    await go_to(world, datetime(2026, 3, 28, 22, 1, tzinfo=UTC))
    asked = [p for p in game.home.history()[seen:] if "what now" in text_of(p)]
    assert len(asked) == 1 and mentioning(game, world.anna, seen) == []
    await go_to(world, datetime(2026, 3, 29, 5, 1, tzinfo=UTC))  # 07:01 in Berlin (summer time)
    pings = mentioning(game, world.anna, seen)
    assert len(pings) == 1 and "whose time ran out" in text_of(pings[0])
