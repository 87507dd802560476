"""Leagues through the service: sign-up, rounds that follow each other, drops, timeouts,
the final standings; refusals that change nothing; a league that picks up after a stop."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import plain_drawing
import pytest
from league_support import play_out

from bot.errors import PlayerError
from bot.leagues.seating import AI
from bot.results import Caller
from bot.service import GameService
from bot.service import backlog
from bot.shards import Shards
from bot.store import ServerRow
from bot.store import Store

GUILD, CHANNEL, OTHER_CHANNEL = 5, 40, 41
ORGANISER = Caller(900, "Olga", guild_id=GUILD, channel_id=CHANNEL, is_manager=True)
T0 = datetime(2026, 3, 1, tzinfo=UTC)


def member(n: int, channel: int = CHANNEL) -> Caller:
    return Caller(n, f"Player {n}", guild_id=GUILD, channel_id=channel)


class Now:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def now() -> Now:
    return Now()


async def serving(location: str, now: Now) -> AsyncIterator[GameService]:
    store = await Store.open(location)
    made = GameService(store, clock=now, render=plain_drawing.board, animate=plain_drawing.replay)
    yield made
    await made.idle()
    made.workers.close()
    await store.close()


@pytest.fixture
async def service(store_location: str, now: Now) -> AsyncIterator[GameService]:
    async for made in serving(store_location, now):
        yield made


@pytest.fixture
async def long_service(database: str, now: Now) -> AsyncIterator[GameService]:
    """For the whole leagues played out: on SQLite only (the store's part is the same)."""
    async for made in serving(database, now):
        yield made


async def started_league(service: GameService, name: str, *, members: int = 2, rounds: int = 1) -> int:
    """A Swiss league of Chinesische Mauer for `members` people, started, its first work done."""
    league_id = (await service.leagues.new(ORGANISER, "chinesische-mauer", "swiss", rounds, name)).league_id
    assert league_id is not None
    for n in range(1, members + 1):
        await service.leagues.join(member(n))
    await service.leagues.start(ORGANISER)
    await service.idle()
    return league_id


async def tables_of(
    service: GameService, league_id: int, number: int
) -> list[tuple[tuple[int | None, ...], int]]:
    return [
        (table.seats, table.game_id)
        for table in await service.store.league_tables(league_id)
        if table.round == number and table.game_id is not None
    ]


@pytest.mark.slow
async def test_a_swiss_league_of_china_for_11_with_a_drop_and_a_timeout(
    long_service: GameService, now: Now
) -> None:
    service = long_service
    rng = random.Random(1)
    answer = await service.leagues.new(ORGANISER, "china", "swiss", 3, "Spring Cup", 24)
    league_id = answer.league_id
    assert league_id is not None and answer.card is not None and "Spring Cup" in answer.card
    for n in range(1, 12):
        await service.leagues.join(member(n))
    await service.leagues.start(ORGANISER, str(league_id))
    await service.idle()
    round_one = await tables_of(service, league_id, 1)
    assert sorted(len(seats) for seats, _ in round_one) == [3, 4, 4]
    assert sorted(p for seats, _ in round_one for p in seats) == list(range(1, 12))
    # Each table is a running game with its players seated, the league's deadline and no lobby.
    for seats, game_id in round_one:
        row, _, _ = await service.current(game_id)
        assert row.status == "running"
        assert [seat.user_id for seat in row.seats] == list(seats)
        assert row.settings["deadline_hours"] == 24
    pairings = [d for d in service.dispatched if d.game_id == 0 and "round 1 of 3" in d.posts[0].text]
    assert len(pairings) == 1
    # Round 1: one player's time runs out at the last table still playing.
    (late_seats, late_game), *others = round_one
    for _, game_id in others:
        await play_out(service, game_id, rng)
    late = late_seats[0]
    await play_out(service, late_game, rng, until_seat=0)
    now.at += timedelta(hours=25)
    await service.deadlines.fire_due()
    await service.idle()
    row, _, _ = await service.current(late_game)
    assert row.seats[0].is_ai, "the AI plays the absent player's seat to the end"
    await play_out(service, late_game, rng)
    await service.idle()
    round_two = await tables_of(service, league_id, 2)
    assert sorted(p for seats, _ in round_two for p in seats) == list(range(1, 12)), (
        "the absent is seated again"
    )
    standings = await service.leagues.standings(member(1))
    assert "round 1 of 3" in standings.text
    # The absent player ranks last at their table: no points from round 1.
    (late_row,) = [
        line.split(",") for line in standings.csv.decode().splitlines() if line.split(",")[1] == str(late)
    ]
    assert float(late_row[3]) == 0
    # Round 2: one player drops; their game goes on with the AI in their seat.
    dropper = round_two[0][0][1]
    assert dropper is not None
    await service.leagues.drop(member(dropper))
    with pytest.raises(PlayerError) as refused:
        await service.leagues.drop(member(dropper))
    assert refused.value.message.key == "league.error.not_in"
    for _, game_id in round_two:
        await play_out(service, game_id, rng)
    await service.idle()
    round_three = await tables_of(service, league_id, 3)
    seated = sorted(p for seats, _ in round_three for p in seats if p is not AI)
    assert seated == [p for p in range(1, 12) if p != dropper]
    assert sorted(len(seats) for seats, _ in round_three) == [5, 5]
    for _, game_id in round_three:
        await play_out(service, game_id, rng)
    await service.idle()
    league = await service.store.league(league_id)
    assert league is not None and league.status == "finished"
    posts = await service.store.league_posts(league_id)
    assert posts["final"] == ("done", 0) and {state for state, _ in posts.values()} == {"done"}
    final = [d for d in service.dispatched if d.game_id == 0 and "is over" in d.posts[0].text]
    assert len(final) == 1
    assert [post.filename for post in final[0].posts[1:]] == ["standings.png", "standings.csv"]
    image = final[0].posts[1].image
    assert image is not None and image.startswith(b"\x89PNG")
    rows = final[0].posts[-1].image
    assert rows is not None and rows.decode().splitlines()[0].startswith("place,user_id,name,points")
    text = final[0].posts[0].text
    winner = int(text.split("<@")[1].split(">")[0])
    assert winner != dropper
    # The absent player ranked last at their table in round 1.
    results = (await service.leagues.standings(member(1))).csv.decode().splitlines()
    assert any(line.split(",")[1] == str(dropper) and line.endswith(",1") for line in results)


@pytest.mark.slow
async def test_a_round_robin_of_mauerbauer_for_5(long_service: GameService) -> None:
    service = long_service
    rng = random.Random(2)
    answer = await service.leagues.new(ORGANISER, "mauerbauer", "round-robin", 10, "Walls", None)
    league_id = answer.league_id
    assert league_id is not None
    for n in range(1, 6):
        await service.leagues.join(member(n))
    await service.leagues.start(ORGANISER)
    await service.idle()
    league = await service.store.league(league_id)
    assert league is not None and 3 <= league.rounds < 10
    met: set[frozenset[int]] = set()
    for number in range(1, league.rounds + 1):
        tables = await tables_of(service, league_id, number)
        assert sorted(len(seats) for seats, _ in tables) == [2, 3]
        for seats, game_id in tables:
            met |= {frozenset((a, b)) for a in seats for b in seats if a != b and a and b}
            await play_out(service, game_id, rng)
        await service.idle()
    assert len(met) == 10, "everyone met everyone"
    league = await service.store.league(league_id)
    assert league is not None and league.status == "finished"
    posts = await service.store.league_posts(league_id)
    assert posts["final"] == ("done", 0) and {state for state, _ in posts.values()} == {"done"}


async def test_bad_input_is_refused_and_changes_nothing(service: GameService) -> None:
    async def refused(key: str, work: object) -> None:
        with pytest.raises(PlayerError) as caught:
            await work  # type: ignore[misc]
        assert caught.value.message.key == key

    await refused("league.error.name", service.leagues.new(ORGANISER, "china", "swiss", 3, "x" * 500))
    await refused("league.error.name_invisible", service.leagues.new(ORGANISER, "china", "swiss", 3, "   "))
    await refused("league.error.format", service.leagues.new(ORGANISER, "china", "knockout", 3, "Cup"))
    await refused("league.error.rounds", service.leagues.new(ORGANISER, "china", "swiss", 0, "Cup"))
    await refused("league.error.organiser_only", service.leagues.new(member(1), "china", "swiss", 3, "Cup"))
    assert await service.store.leagues(GUILD) == []
    first = (await service.leagues.new(ORGANISER, "china", "swiss", 3, "First")).league_id
    second = (await service.leagues.new(ORGANISER, "china", "swiss", 3, "Second")).league_id
    assert first is not None and second is not None
    # Two leagues in one channel: a command must name one.
    await refused("league.error.which", service.leagues.join(member(1)))
    await service.leagues.join(member(1), str(first))
    await service.leagues.join(member(2), str(first))
    await refused("league.error.joined_already", service.leagues.join(member(1), str(first)))
    # A stranger may not start it, nor cancel it.
    await refused("league.error.not_organiser", service.leagues.start(member(2), str(first)))
    await refused("league.error.not_organiser", service.leagues.cancel(member(2), str(first)))
    # Another server's league is not found here.
    stranger = Caller(3, "Stranger", guild_id=GUILD + 1, channel_id=CHANNEL)
    await refused("league.error.not_found", service.leagues.join(stranger, str(first)))
    await refused("league.error.too_few", service.leagues.start(ORGANISER, str(second)))
    await service.leagues.start(ORGANISER, str(first))
    await refused("league.error.started", service.leagues.join(member(3), str(first)))
    await refused("league.error.started_leave", service.leagues.leave(member(1), str(first)))
    await refused("league.error.not_running", service.leagues.drop(member(1), str(second)))
    await service.idle()
    members = await service.store.members(first)
    assert [m.user_id for m in members] == [1, 2]
    await service.leagues.cancel(ORGANISER, str(first))
    await refused("league.error.not_running", service.leagues.drop(member(1), str(first)))
    await refused("league.error.over", service.leagues.cancel(ORGANISER, str(first)))
    assert "First" in await service.leagues.listing(member(1))


async def test_a_league_in_a_channel_the_caller_may_not_view_is_none_for_them(service: GameService) -> None:
    league_id = (
        await service.leagues.new(ORGANISER, "chinesische-mauer", "swiss", 1, "Secret Cup")
    ).league_id
    assert league_id is not None
    blind = Caller(7, "Blind", guild_id=GUILD, channel_id=OTHER_CHANNEL, sees=lambda place: place != CHANNEL)
    for ref in (str(league_id), str(league_id + 1000)):
        with pytest.raises(PlayerError) as caught:
            await service.leagues.join(blind, ref)
        assert caught.value.message.key == "league.error.not_found"
    with pytest.raises(PlayerError) as caught:
        await service.leagues.standings(blind)
    assert caught.value.message.key == "league.error.none"
    assert await service.leagues.choices(blind, "") == []
    assert "Secret Cup" not in await service.leagues.listing(blind)
    assert await service.store.members(league_id) == []
    # Who may view the channel finds it from elsewhere.
    sighted = Caller(8, "Sighted", guild_id=GUILD, channel_id=OTHER_CHANNEL, sees=lambda place: True)
    assert [value for _, value in await service.leagues.choices(sighted, "")] == [str(league_id)]


async def test_a_league_goes_on_after_a_stop(store_location: str, now: Now) -> None:
    """The next round follows from what is stored: a stop between the end of a round's last
    game and the next round's seating loses nothing."""
    rng = random.Random(3)
    store = await Store.open(store_location)
    service = GameService(store, clock=now, render=plain_drawing.board, animate=plain_drawing.replay)
    try:
        league_id = await started_league(service, "Restart", members=4, rounds=2)
        ((seats, game_id),) = await tables_of(service, league_id, 1)
        # The league's work is lost at the end of the game: as if the process stopped then.
        service.leagues.kick = lambda league_id: None  # type: ignore[method-assign]
        await play_out(service, game_id, rng)
        await service.idle()
        assert await tables_of(service, league_id, 2) == []
    finally:
        await service.idle()
        await store.close()
    store = await Store.open(store_location)
    again = GameService(store, clock=now, render=plain_drawing.board, animate=plain_drawing.replay)
    try:
        await again.resume()
        await again.idle()
        round_two = await tables_of(again, league_id, 2)
        assert len(round_two) == 1 and sorted(round_two[0][0]) == sorted(seats)
    finally:
        await again.idle()
        await store.close()


async def test_a_league_whose_work_fails_is_worked_on_again_after_a_wait(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backlog, "RETRY_FIRST", 0.01)
    advance = service.leagues._advance
    failed: list[int] = []

    async def fails_once(league_id: int) -> None:
        if not failed:
            failed.append(league_id)
            raise OSError("the database went away")
        await advance(league_id)

    monkeypatch.setattr(service.leagues, "_advance", fails_once)
    league_id = await started_league(service, "Flaky")
    assert failed == [league_id]
    for _ in range(100):
        await asyncio.sleep(0.01)
        await service.idle()
        if await tables_of(service, league_id, 1):
            break
    assert len(await tables_of(service, league_id, 1)) == 1


async def test_a_league_of_another_process_s_server_is_left_to_that_process(service: GameService) -> None:
    # Server 5 is on shard 0 of 2; this process owns shard 1 only.
    service.own(Shards.of(2, [1]))
    league_id = await started_league(service, "Elsewhere")
    assert await tables_of(service, league_id, 1) == []
    service.own(None)
    await service.leagues.catch_up()
    await service.idle()
    assert len(await tables_of(service, league_id, 1)) == 1


async def test_the_standings_text_keeps_its_code_block_and_columns(service: GameService) -> None:
    league_id = (await service.leagues.new(ORGANISER, "china", "swiss", 1, "Names")).league_id
    assert league_id is not None
    for n, name in ((1, "李小龍"), (2, "a```b"), (3, "Zoë")):
        await service.leagues.join(Caller(n, name, guild_id=GUILD, channel_id=CHANNEL))
    text = (await service.leagues.standings(member(1), str(league_id))).text
    lines = text.splitlines()
    assert [line for line in lines if "`" in line] == ["```", "```"]
    table = lines[2:-1]
    # The points column starts at the same place on every line, wide letters counting twice.
    starts = [
        sum(
            2 if ord(c) > 0x2E80 else 1
            for c in line[: line.index("  0") if "  0" in line else line.index("  Points")]
        )
        for line in table
    ]
    assert len(set(starts)) == 1, table


async def test_the_organiser_role_opens_and_runs_leagues(service: GameService, now: Now) -> None:
    role = 77
    await service.store.save_server_settings(ServerRow(GUILD, organiser_role=role), now=now())
    with_role = Caller(31, "Rita", guild_id=GUILD, channel_id=CHANNEL, roles=frozenset({role}))
    league_id = (await service.leagues.new(with_role, "mauerbauer", "swiss", 1, "Roles")).league_id
    assert league_id is not None
    for n in (1, 2):
        await service.leagues.join(member(n))
    # Another holder of the role runs it too; a member without it does not.
    other = Caller(32, "Otto", guild_id=GUILD, channel_id=CHANNEL, roles=frozenset({role}))
    with pytest.raises(PlayerError) as refused:
        await service.leagues.start(member(1))
    assert refused.value.message.key == "league.error.not_organiser"
    await service.leagues.start(other)
    league = await service.store.league(league_id)
    assert league is not None and league.status == "running" and league.organiser_id == with_role.user_id
