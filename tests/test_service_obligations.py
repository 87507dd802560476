"""Several seats deciding at once, through the service: pings, deadlines, stand-ins.

Gardens' storms oblige every other gardener with flowers to answer at once.
Each person who becomes obliged is pinged once, with the engine's prompt;
each has a deadline of their own, counted from when they became obliged, so
one answering does not move the other's clock; when a deadline passes the
game's AI answers for that person alone.
"""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

import pytest
from service_support import clocked_service

import texts
from bot.results import Caller
from bot.results import Post
from bot.service import GameService
from bot.store.rows import TimerRow

GUILD = 5
START = datetime(2026, 3, 1, 12, tzinfo=UTC)
PEOPLE = [Caller(i, name, guild_id=GUILD, channel_id=40) for i, name in ((1, "Ann"), (2, "Ben"), (3, "Cy"))]


@pytest.fixture
async def setup(store_location: str) -> Any:
    async with clocked_service(store_location) as service_and_clock:
        yield service_and_clock


def posts(service: GameService) -> list[Post]:
    return [post for dispatch in service.dispatched for post in dispatch.posts]


async def obliged(service: GameService, game_id: int) -> list[int]:
    await service.idle()
    row, engine, state = await service.current(game_id)
    return sorted(engine.to_act(state)) if row.status == "running" else []


async def stormy_game(service: GameService) -> int:
    host = PEOPLE[0]
    game_id = (await service.new_game(host, "gardens", {"weather": "stormy"})).game_id
    assert game_id is not None
    for person in PEOPLE[1:]:
        await service.join(person, game_id)
    await service.start(host, game_id)
    return game_id


async def until_two_must_answer(service: GameService, game_id: int) -> list[int]:
    """Each move: the first suggestion of whoever must decide, until two must answer at once."""
    for _ in range(300):
        seats = await obliged(service, game_id)
        assert seats, "the game ended without a storm for two"
        if len(seats) == 2:
            return seats
        (seat,) = seats
        first = (await service.suggestions(PEOPLE[seat], game_id, ""))[0]
        await service.move(PEOPLE[seat], game_id, first)
    raise AssertionError("no storm for two came")


async def test_each_obliged_person_is_pinged_once_with_the_prompt(setup: Any) -> None:
    service, _ = setup
    game_id = await stormy_game(service)
    first, second = await until_two_must_answer(service, game_id)
    asked = {PEOPLE[first].user_id, PEOPLE[second].user_id}

    pings = [post for post in posts(service) if set(post.mentions) == asked]
    assert len(pings) == 1
    assert pings[0].text.count("shelter one of your flowers or pass") == 2

    def pinged_second() -> int:
        return sum(PEOPLE[second].user_id in post.mentions for post in posts(service))

    before = pinged_second()
    await service.move(PEOPLE[first], game_id, "pass")
    await service.idle()
    assert pinged_second() == before, "the one still to answer is not pinged again"


async def test_each_obliged_seat_has_its_own_deadline_and_stand_in(setup: Any) -> None:
    service, now = setup
    game_id = await stormy_game(service)
    first, second = await until_two_must_answer(service, game_id)
    deadlines = {t.seat: t for t in await service.store.timers(game_id) if t.kind == "deadline"}
    assert set(deadlines) == {first, second}
    began = deadlines[first].turn_version
    assert deadlines[second].turn_version == began, "both became obliged with the same move"

    now.moment += timedelta(hours=10)
    await service.move(PEOPLE[first], game_id, "pass")
    await service.idle()
    left = {t.seat: t for t in await service.store.timers(game_id) if t.kind == "deadline"}
    assert set(left) == {second}
    assert left[second].due_at == deadlines[second].due_at, "one answer moves no one else's clock"

    version = (await service.store.get_game(game_id)).version
    now.moment = left[second].due_at + timedelta(minutes=1)
    await service.deadlines.fire_due()
    await service.idle()
    moves = await service.store.moves(game_id)
    stand_in = [m for m in moves if m.version > version]
    assert stand_in and stand_in[0].seat == second, "the AI answered for the late seat"
    assert stand_in[0].action == "pass" or stand_in[0].action.startswith("shelter")
    assert len(stand_in) == 1 or stand_in[1].seat != second, "only that one decision"
    said = [post.text for post in posts(service)]
    assert any(PEOPLE[second].name in text and "AI" in text for text in said)


async def test_a_person_who_asked_for_direct_messages_gets_one_when_obliged(setup: Any) -> None:
    service, _ = setup
    for person in PEOPLE:
        await service.notify(person, dm=True)
    game_id = await stormy_game(service)
    first, second = await until_two_must_answer(service, game_id)
    _, engine, state = await service.current(game_id)
    storm = texts.render(engine.prompt(state, first))
    storm_dms = [
        message for dispatch in service.dispatched for message in dispatch.direct if storm in message.text
    ]
    assert {message.user_id for message in storm_dms} == {PEOPLE[first].user_id, PEOPLE[second].user_id}
    assert len(storm_dms) == 2, "one each"


async def test_a_timer_of_an_obligation_already_over_leaves_the_seats_next_deadline(setup: Any) -> None:
    """A timer taken from the table just before its seat moved: by the time it is handled,
    the same seat may already owe its next decision, with timers of its own. Handling the
    old one must not take those away (the seat would have to act without a deadline)."""
    service, _ = setup
    game_id = await stormy_game(service)
    (seat,) = await obliged(service, game_id)
    old = next(t for t in await service.store.timers(game_id) if t.seat == seat and t.kind == "deadline")

    async def timers_of_seat() -> list[TimerRow]:
        return [t for t in await service.store.timers(game_id) if t.seat == seat]

    for _ in range(300):
        acting = (await obliged(service, game_id))[0]
        first = (await service.suggestions(PEOPLE[acting], game_id, ""))[0]
        await service.move(PEOPLE[acting], game_id, first)
        await service.idle()
        if any(t.turn_version > old.turn_version for t in await timers_of_seat()):
            break
    new = await timers_of_seat()
    assert new and all(t.turn_version > old.turn_version for t in new)

    await service.deadlines._fire(old)  # claimed before the moves above, handled after them

    assert await timers_of_seat() == new, "the seat keeps the deadline of the decision it owes now"


async def test_a_stop_between_telling_a_person_and_giving_them_a_deadline_is_mended_by_the_old_timer(
    setup: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game still has the timers of the obligation before: when they fall due, the
    person who must decide now gets the deadline the stop kept from them."""
    service, now = setup
    game_id = await stormy_game(service)
    (seat,) = await obliged(service, game_id)
    old = {t.kind: t for t in await service.store.timers(game_id)}
    clock = service.deadlines

    async def stopped(*args: Any, **kwargs: Any) -> None:
        pass  # the process stopped right after the post telling the next person

    monkeypatch.setattr(clock, "sync", stopped)
    first = (await service.suggestions(PEOPLE[seat], game_id, ""))[0]
    await service.move(PEOPLE[seat], game_id, first)
    await service.idle()
    monkeypatch.undo()
    clock._known.pop(game_id)  # a new process remembers nothing
    (next_seat,) = await obliged(service, game_id)
    assert {t.seat for t in await service.store.timers(game_id)} == {seat}, "only the old timers"

    now.moment = old["reminder"].due_at + timedelta(minutes=1)
    await clock.fire_due()

    mended = {t.kind for t in await service.store.timers(game_id) if t.seat == next_seat}
    assert mended == {"reminder", "deadline"}
    assert all(t.seat == next_seat for t in await service.store.timers(game_id))
