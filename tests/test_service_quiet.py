"""Quiet hours and deadlines, through the service: the clock of a turn does not run during
the quiet hours of whoever must act, however many nights its deadline spans, and quiet
hours last at most half a day.

Every case runs on both daylight-saving changes of Europe/Berlin in 2026, with quiet
hours from 22 to 7:
- spring (clocks forward on Sunday 29 March at 02:00 CET): the night of 28 to 29 March
  runs from 22:00 CET (21:00 UTC) to 07:00 CEST (05:00 UTC on the 29th), eight real
  hours; the next from 22:00 CEST (20:00 UTC on the 29th) to 05:00 UTC on the 30th;
- autumn (clocks back on Sunday 25 October at 03:00 CEST): the night of 24 to 25
  October runs from 22:00 CEST (20:00 UTC) to 07:00 CET (06:00 UTC on the 25th), ten
  real hours; the next from 22:00 CET (21:00 UTC on the 25th) to 06:00 UTC on the 26th.
The days between are 15 hours long on the local clock: 07:00 to 22:00.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from service_support import Now
from service_support import clocked_service
from service_support import person
from service_support import started

import texts
from bot.errors import PlayerError
from bot.service import GameService
from bot.service.quiet import Quiet
from bot.store import PlayerRow

ZONE = "Europe/Berlin"
HOST, GUEST = person(1, 5), person(2, 5)
SECOND = timedelta(seconds=1)


@pytest.fixture
async def setup(store_location: str) -> AsyncIterator[tuple[GameService, Now]]:
    async with clocked_service(store_location) as service_and_clock:
        yield service_and_clock


async def turn_from(service: GameService, now: Now, begin: datetime, hours: int) -> tuple[int, int]:
    """A game whose player on turn, in quiet hours 22 to 7 in Berlin like everyone, gets a
    deadline of `hours` at `begin` (the host sets it then: open turns get it from now).
    Returns the game and its version."""
    now.moment = begin - timedelta(days=3)
    game_id = await started(service, HOST, GUEST, "chinesische-mauer")
    await service.idle()  # the first turn is told and has its timers
    for caller in (HOST, GUEST):
        await service.quiet(caller, 22, 7, ZONE)
    now.moment = begin
    await service.settings(HOST, game_id, deadline=hours, on_timeout="ai")
    await service.idle()
    return game_id, (await service.store.get_game(game_id)).version


async def deadline_of(service: GameService, game_id: int) -> datetime:
    return next(t.due_at for t in await service.store.timers(game_id) if t.kind == "deadline")


async def run_until(service: GameService, now: Now, moment: datetime) -> None:
    """Move the clock to `moment`, handling each timer at the time it falls due (as the
    dispatcher does: a timer moved when it falls due is handled again when it falls due anew)."""
    for _ in range(100):
        due = await service.store.next_due()
        if due is None or due > moment:
            break
        now.moment = max(now.moment, due)
        await service.deadlines.fire_due()
        await service.idle()
    now.moment = moment


async def passes_at(service: GameService, now: Now, game_id: int, version: int, expected: datetime) -> None:
    """The deadline is `expected`, nothing happens a second before it, and the AI moves at it."""
    assert await deadline_of(service, game_id) == expected
    await run_until(service, now, expected - SECOND)
    assert (await service.store.get_game(game_id)).version == version, "not a second early"
    await run_until(service, now, expected)
    assert (await service.store.get_game(game_id)).version > version, "the AI made the move"


def case(name: str, begin: datetime, hours: int, expected: datetime) -> object:
    return pytest.param(begin, hours, expected, id=name)


@pytest.mark.parametrize(
    ("begin", "hours", "expected"),
    [
        # A turn starting in quiet hours has all its time after them.
        # 23:00 CET on 28 March, 4 hours: the clock starts when the night ends, 05:00 UTC
        # on the 29th; 4 hours later: 09:00 UTC (11:00 CEST). (The old rule: 10:00 UTC.)
        case("inside-spring", datetime(2026, 3, 28, 22, tzinfo=UTC), 4, datetime(2026, 3, 29, 9, tzinfo=UTC)),
        # 23:00 CEST on 24 October, 4 hours: the night ends 06:00 UTC on the 25th; 4 hours
        # later: 10:00 UTC (11:00 CET). (The old rule: 11:00 UTC.)
        case(
            "inside-autumn", datetime(2026, 10, 24, 21, tzinfo=UTC), 4, datetime(2026, 10, 25, 10, tzinfo=UTC)
        ),
        # A turn starting before them keeps what was left when they began.
        # 20:00 CET on 28 March (19:00 UTC), 12 hours: 2 run until 22:00 CET (21:00 UTC),
        # the other 10 from 05:00 UTC on the 29th: 15:00 UTC (17:00 CEST).
        case(
            "before-spring", datetime(2026, 3, 28, 19, tzinfo=UTC), 12, datetime(2026, 3, 29, 15, tzinfo=UTC)
        ),
        # 20:00 CEST on 24 October (18:00 UTC), 12 hours: 2 run until 20:00 UTC, the
        # other 10 from 06:00 UTC on the 25th: 16:00 UTC (17:00 CET).
        case(
            "before-autumn",
            datetime(2026, 10, 24, 18, tzinfo=UTC),
            12,
            datetime(2026, 10, 25, 16, tzinfo=UTC),
        ),
        # A deadline spanning two nights skips both.
        # 20:00 CET on 28 March (19:00 UTC), 20 hours: 2 before the first night (to
        # 21:00 UTC), 15 on the 29th (05:00 to 20:00 UTC), the last 3 after the second
        # night, from 05:00 UTC on the 30th: 08:00 UTC (10:00 CEST).
        case(
            "two-nights-spring",
            datetime(2026, 3, 28, 19, tzinfo=UTC),
            20,
            datetime(2026, 3, 30, 8, tzinfo=UTC),
        ),
        # 20:00 CEST on 24 October (18:00 UTC), 20 hours: 2 before the first night (to
        # 20:00 UTC), 15 on the 25th (06:00 to 21:00 UTC), the last 3 after the second
        # night, from 06:00 UTC on the 26th: 09:00 UTC (10:00 CET).
        case(
            "two-nights-autumn",
            datetime(2026, 10, 24, 18, tzinfo=UTC),
            20,
            datetime(2026, 10, 26, 9, tzinfo=UTC),
        ),
        # A deadline shorter than the quiet hours still to come runs after them.
        # 05:00 CEST on 29 March (03:00 UTC), 1 hour, shorter than the 2 of the night
        # left: the clock starts at 05:00 UTC, the hour ends 06:00 UTC (08:00 CEST).
        # (The old rule counted the night from its start: 12:00 UTC.)
        case("short-spring", datetime(2026, 3, 29, 3, tzinfo=UTC), 1, datetime(2026, 3, 29, 6, tzinfo=UTC)),
        # 05:00 CET on 25 October (04:00 UTC), 1 hour: the clock starts at 06:00 UTC, the
        # hour ends 07:00 UTC (08:00 CET). (The old rule: 15:00 UTC.)
        case("short-autumn", datetime(2026, 10, 25, 4, tzinfo=UTC), 1, datetime(2026, 10, 25, 7, tzinfo=UTC)),
    ],
)
async def test_a_deadline_passes_when_its_time_outside_quiet_hours_has_run(
    setup: tuple[GameService, Now], begin: datetime, hours: int, expected: datetime
) -> None:
    service, now = setup
    game_id, version = await turn_from(service, now, begin, hours)
    await passes_at(service, now, game_id, version, expected)


async def test_quiet_hours_set_during_a_turn_stop_its_clock_from_then(setup: tuple[GameService, Now]) -> None:
    service, now = setup
    now.moment = datetime(2026, 3, 25, 12, tzinfo=UTC)
    game_id = await started(service, HOST, GUEST, "chinesische-mauer")
    await service.idle()
    # 20:00 CET on 28 March (19:00 UTC): a 12-hour deadline, 07:00 UTC on the 29th.
    now.moment = datetime(2026, 3, 28, 19, tzinfo=UTC)
    await service.settings(HOST, game_id, deadline=12, on_timeout="ai")
    version = (await service.store.get_game(game_id)).version
    assert await deadline_of(service, game_id) == datetime(2026, 3, 29, 7, tzinfo=UTC)
    # An hour later both set quiet hours from 22: 1 hour had run, 1 more runs until
    # 21:00 UTC, the other 10 from 05:00 UTC on the 29th: 15:00 UTC.
    now.moment = datetime(2026, 3, 28, 20, tzinfo=UTC)
    for caller in (HOST, GUEST):
        await service.quiet(caller, 22, 7, ZONE)
    await passes_at(service, now, game_id, version, datetime(2026, 3, 29, 15, tzinfo=UTC))


async def on_turn(service: GameService, game_id: int) -> int:
    _, engine, state = await service.current(game_id)
    (seat,) = engine.to_act(state)
    return seat


@pytest.mark.parametrize("stop", ["absence", "pause"])
async def test_a_clock_stopped_into_quiet_hours_resumes_when_they_end(
    setup: tuple[GameService, Now], stop: str
) -> None:
    service, now = setup
    # 20:00 CET on 28 March (19:00 UTC), 12 hours: due 15:00 UTC on the 29th (as above).
    game_id, version = await turn_from(service, now, datetime(2026, 3, 28, 19, tzinfo=UTC), hours=12)
    player = (HOST, GUEST)[await on_turn(service, game_id)]
    # Her clock stands still for 3 hours from then, until 23:00 CET (22:00 UTC), in her
    # quiet hours: all 12 hours are left from their end, 05:00 UTC on the 29th, so
    # 17:00 UTC (19:00 CEST). (Moved by the 3 hours alone it said 18:00 UTC.)
    if stop == "absence":
        await service.away(player, "3")
        now.moment = datetime(2026, 3, 28, 22, tzinfo=UTC)
    else:
        await service.pause(HOST, game_id)
        now.moment = datetime(2026, 3, 28, 22, tzinfo=UTC)
        await service.unpause(HOST, game_id)
    await passes_at(service, now, game_id, version, datetime(2026, 3, 29, 17, tzinfo=UTC))


async def test_a_reminder_due_as_quiet_hours_begin_waits_for_their_end(
    setup: tuple[GameService, Now],
) -> None:
    service, now = setup
    # 19:00 CET on 28 March (18:00 UTC), 4 hours: the reminder, a quarter before the end,
    # is due after 3, at 22:00 CET (21:00 UTC), as her quiet hours begin; the last hour
    # runs from 07:00 CEST (05:00 UTC on the 29th): the deadline is 06:00 UTC.
    game_id, version = await turn_from(service, now, datetime(2026, 3, 28, 18, tzinfo=UTC), hours=4)

    def reminders() -> int:
        return sum("your turn is waiting" in post.text for d in service.dispatched for post in d.posts)

    await run_until(service, now, datetime(2026, 3, 28, 21, tzinfo=UTC))
    assert reminders() == 0, "no ping in her quiet hours"
    await run_until(service, now, datetime(2026, 3, 29, 5, tzinfo=UTC))
    assert reminders() == 1, "the reminder comes as they end, an hour before the deadline"
    await passes_at(service, now, game_id, version, datetime(2026, 3, 29, 6, tzinfo=UTC))


@pytest.mark.parametrize(("start", "end"), [(6, 5), (19, 8), (0, 13)])
async def test_quiet_hours_longer_than_twelve_hours_are_refused(
    setup: tuple[GameService, Now], start: int, end: int
) -> None:
    service, _ = setup
    with pytest.raises(PlayerError) as refused:
        await service.quiet(HOST, start, end, ZONE)
    assert refused.value.message.key == "quiet.too_long"
    for locale in ("en", "de", "nl"):
        said = texts.render(refused.value.message, locale)
        assert "12" in said and f"{start}:00" in said, said
    assert await service.store.player(HOST.user_id) == PlayerRow(HOST.user_id), "nothing stored"


async def test_twelve_hours_are_allowed(setup: tuple[GameService, Now]) -> None:
    service, _ = setup
    await service.quiet(HOST, 20, 8, ZONE)
    assert (await service.store.player(HOST.user_id)).quiet_to == 8


def test_a_longer_span_stored_before_is_clipped_to_twelve_hours() -> None:
    # 6 to 5 (23 hours) was accepted once; it reads as 6 to 18.
    quiet = Quiet.of(PlayerRow(1, quiet_from=6, quiet_to=5, quiet_zone=ZONE))
    assert quiet is not None and (quiet.start, quiet.end) == (6, 18)
    # A 4-hour deadline at 07:00 CEST on 30 March (05:00 UTC), inside them: the clock
    # starts at 18:00 CEST (16:00 UTC) and runs until 22:00 CEST, 20:00 UTC: hours, not
    # the 23 days the unclipped span made of it.
    begin = datetime(2026, 3, 30, 5, tzinfo=UTC)
    assert quiet.due(begin, timedelta(hours=4)) == datetime(2026, 3, 30, 20, tzinfo=UTC)
