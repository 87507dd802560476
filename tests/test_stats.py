"""`/stats`: the games of the server where it is asked, counted by the database (each backend)."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime

import pytest

from bot.community import Community
from bot.errors import PlayerError
from bot.results import Caller
from bot.store import Store

NOW = datetime(2026, 1, 1, tzinfo=UTC)
HERE, THERE = 100, 200
ANNA, BOB = 1, 2


async def played(
    store: Store,
    guild_id: int | None,
    winners: list[int],
    *,
    engine: str = "chinesische-mauer",
    seats: tuple[tuple[int | None, str, bool], ...] = ((ANNA, "Anna", False), (BOB, "Bob", False)),
    end: str = "finished",
) -> None:
    """A game of `seats` in that server that ended so (`winners`: seats), or still runs."""
    game = await store.create_game(
        engine=engine, guild_id=guild_id, channel_id=1, host_id=ANNA, host_name="Anna", options={}, now=NOW
    )
    game = await store.set_seats(game.id, game.version, seats, now=NOW)
    game = await store.start_game(game.id, game.version, seed=1, state="s", now=NOW)
    if end == "finished":
        outcome = {"scores": [1] * len(seats), "ranks": [1] * len(seats), "winners": winners}
        await store.record_move(
            game.id, game.version, seat=0, action="a", state="s", outcome=outcome, now=NOW
        )
    elif end == "abandoned":
        await store.finish(game.id, game.version, status="abandoned", outcome=None, now=NOW)


async def two_servers(store: Store) -> None:
    """Anna's games: here two of Chinesische Mauer (one won) and one of China (lost);
    there three of Chinesische Mauer, all won; and some that do not count."""
    await played(store, HERE, [0])
    await played(store, HERE, [1])
    await played(store, HERE, [1], engine="china")
    for _ in range(3):
        await played(store, THERE, [0])
    await played(store, HERE, [], end="running")
    await played(store, HERE, [], end="abandoned")
    await played(store, HERE, [1], seats=((None, "AI Li", True), (BOB, "Bob", False)))
    await played(store, None, [0])  # at a terminal


async def test_the_database_counts_a_persons_games_and_wins_per_server(store: Store) -> None:
    await two_servers(store)
    chinesische_mauer = "chinesische-mauer"

    assert await store.finished_counts(ANNA, guild_id=HERE) == {chinesische_mauer: (2, 1), "china": (1, 0)}
    assert await store.finished_counts(ANNA, guild_id=THERE) == {chinesische_mauer: (3, 3)}
    assert await store.finished_counts(ANNA, guild_id=HERE, engine="china") == {"china": (1, 0)}
    assert await store.finished_counts(ANNA, guild_id=None) == {chinesische_mauer: (5, 4), "china": (1, 0)}
    assert await store.finished_counts(BOB, guild_id=HERE) == {chinesische_mauer: (3, 2), "china": (1, 1)}
    assert await store.finished_counts(3, guild_id=HERE) == {}


async def test_a_seat_of_the_person_among_several_winners_is_a_win(store: Store) -> None:
    await played(store, HERE, [0, 1])
    await played(store, HERE, [1], seats=((ANNA, "Anna", False), (ANNA, "Anna", False)))
    # A person in two seats of one game (at a terminal, say) played it once.
    assert await store.finished_counts(ANNA, guild_id=HERE) == {"chinesische-mauer": (2, 2)}


async def test_stats_in_a_server_show_that_servers_games(store: Store) -> None:
    await two_servers(store)
    community = Community(store)

    here = await community.stats(Caller(BOB, "Bob", guild_id=HERE), ANNA, "Anna", None)
    assert "in this server" in here.text
    assert "**Chinesische Mauer**: played 2 · won 1" in here.text
    assert "**China**: played 1 · won 0" in here.text
    there = await community.stats(Caller(ANNA, "Anna", guild_id=THERE), ANNA, "Anna", None)
    assert "**Chinesische Mauer**: played 3 · won 3" in there.text and "China**" not in there.text
    elsewhere = await community.stats(Caller(ANNA, "Anna", guild_id=300), ANNA, "Anna", None)
    assert "No finished games yet" in elsewhere.text


async def test_stats_in_a_direct_message_are_ones_own_in_every_server(store: Store) -> None:
    await two_servers(store)
    community = Community(store)

    mine = await community.stats(Caller(ANNA, "Anna"), ANNA, "Anna", None)
    assert "in every server" in mine.text
    assert "**Chinesische Mauer**: played 5 · won 4" in mine.text
    with pytest.raises(PlayerError) as refused:
        await community.stats(Caller(BOB, "Bob"), ANNA, "Anna", None)
    assert refused.value.message.key == "stats.others_in_server"
