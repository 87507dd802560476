"""Races: the same move twice at once, two players at once, stale buttons.

Exactly one request applies; every other one is refused with its sentence,
and the move log grows by exactly one entry. True overlap is checked at the
service (one service, and two services sharing the database as two bot
processes would); the real bot's buttons in SimCord, which delivers one
interaction at a time, get the same clicks one after the other.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime
from typing import Any

import pytest
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import move_buttons
from simcord import MemberActor
from simcord import ResponseMessage

import games
import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.service import GameService
from bot.store import Store
from games.core import Engine

GUILD, CHANNEL = 8, 9
ANNA, BOB, CARL = (Caller(n, name, GUILD, CHANNEL) for n, name in ((1, "Anna"), (2, "Bob"), (3, "Carl")))


def no_image(game_id: str, view: dict[str, Any], locale: str | None = None) -> bytes:
    return b""


def make_service(store: Store) -> GameService:
    return GameService(store, clock=lambda: datetime(2026, 1, 1, tzinfo=UTC), render=no_image)


@pytest.fixture
async def stores(store_location: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database: two bot processes."""
    first = await Store.open(store_location)
    second = await Store.open(store_location)
    yield first, second
    await first.close()
    await second.close()


async def humans_only_game(service: GameService, engine: Engine) -> int:
    reply = await service.new_game(ANNA, engine.id)
    assert reply.game_id is not None
    for player in (BOB, CARL)[: engine.min_players - 1]:
        await service.join(player, reply.game_id)
    await service.start(ANNA, reply.game_id)
    return reply.game_id


async def mover_and_move(service: GameService, game_id: int) -> tuple[Caller, Caller, str, int]:
    """The caller to act, a seated caller who must wait, a legal move, the version."""
    row = await service.store.get_game(game_id)
    engine = games.get(row.engine)
    assert row.state is not None
    state = engine.loads(row.state)
    seat = min(engine.to_act(state))
    callers = {c.user_id: c for c in (ANNA, BOB, CARL)}
    mover = callers[row.seats[seat].user_id or 0]
    waiting = next(callers[s.user_id or 0] for s in row.seats if s.user_id != mover.user_id)
    notation = engine.format_action(state, engine.legal_actions(state, seat)[0])
    return mover, waiting, notation, row.version


def outcomes(results: list[Any]) -> tuple[int, list[str]]:
    """(requests that applied, keys of the refusals)."""
    refusals = [r.message.key for r in results if isinstance(r, PlayerError)]
    others = [r for r in results if isinstance(r, BaseException) and not isinstance(r, PlayerError)]
    assert others == [], "only refusals may come back"
    return len(results) - len(refusals), refusals


@pytest.mark.parametrize("engine", games.all(), ids=lambda engine: engine.id)
@pytest.mark.parametrize("processes", [1, 2], ids=["one service", "two services"])
async def test_the_same_move_twice_at_once_applies_once(
    engine: Engine, processes: int, stores: tuple[Store, Store]
) -> None:
    services = [make_service(stores[0]), make_service(stores[processes - 1])]
    game_id = await humans_only_game(services[0], engine)
    mover, _, notation, version = await mover_and_move(services[0], game_id)
    moves_before = len(await stores[0].moves(game_id))

    results = await asyncio.gather(
        *(service.move(mover, game_id, notation, expected_version=version) for service in services),
        return_exceptions=True,
    )

    applied, refusals = outcomes(list(results))
    assert applied == 1
    assert refusals == ["error.stale"]
    assert len(await stores[0].moves(game_id)) == moves_before + 1


@pytest.mark.parametrize("engine", games.all(), ids=lambda engine: engine.id)
async def test_two_players_moving_at_once(engine: Engine, stores: tuple[Store, Store]) -> None:
    service = make_service(stores[0])
    game_id = await humans_only_game(service, engine)
    mover, waiting, notation, version = await mover_and_move(service, game_id)
    moves_before = len(await stores[0].moves(game_id))

    results = await asyncio.gather(
        service.move(waiting, game_id, notation, expected_version=version),
        service.move(mover, game_id, notation, expected_version=version),
        return_exceptions=True,
    )

    applied, refusals = outcomes(list(results))
    assert applied == 1 and not isinstance(results[1], BaseException)
    # The waiting player is refused for the turn or for the position that moved on.
    assert refusals in (["error.not_your_turn"], ["error.stale"])
    assert len(await stores[0].moves(game_id)) == moves_before + 1


@pytest.mark.parametrize("processes", [1, 2], ids=["one service", "two services"])
async def test_two_players_taking_the_last_seat_at_once(processes: int, stores: tuple[Store, Store]) -> None:
    engine = games.all()[0]
    services = [make_service(stores[0]), make_service(stores[processes - 1])]
    reply = await services[0].new_game(ANNA, engine.id)
    assert reply.game_id is not None
    # The host sits; fill all but one seat.
    for _ in range(engine.max_players - 2):
        await services[0].add_bot(ANNA, reply.game_id)
    before = await stores[0].get_game(reply.game_id)

    results = await asyncio.gather(
        services[0].join(BOB, reply.game_id), services[1].join(CARL, reply.game_id), return_exceptions=True
    )

    applied, refusals = outcomes(list(results))
    assert applied == 1
    assert refusals in (["error.lobby_full"], ["error.busy"])
    after = await stores[0].get_game(reply.game_id)
    assert len(after.seats) == engine.max_players
    assert after.version == before.version + 1


async def test_a_stale_move_is_refused(stores: tuple[Store, Store]) -> None:
    service = make_service(stores[0])
    game_id = await humans_only_game(service, games.all()[0])
    mover, _, notation, version = await mover_and_move(service, game_id)
    await service.move(mover, game_id, notation, expected_version=version)
    row = await stores[0].get_game(game_id)
    moves = len(await stores[0].moves(game_id))

    with pytest.raises(PlayerError) as refused:
        await service.move(mover, game_id, notation, expected_version=version)

    assert refused.value.message.key == "error.stale"
    after = await stores[0].get_game(game_id)
    assert (after.version, after.state) == (row.version, row.state)
    assert len(await stores[0].moves(game_id)) == moves


# ------------------------------------------------------------------ through Discord


async def a_hand_on_turn(world: World, table: Table) -> tuple[int, MemberActor, ResponseMessage]:
    """A game of two just started: its id, the person on turn, and their /hand with its buttons."""
    game_id = (await table.start_for_two()).id
    mover = await table.on_turn(game_id)
    assert mover is not None
    hand = await mover.slash(world.channel, "hand", game=str(game_id))
    assert hand.response is not None
    return game_id, mover, hand.response


async def test_a_double_click_on_a_move_button_applies_once(world: World, table: Table) -> None:
    game_id, mover, hand = await a_hand_on_turn(world, table)
    button = move_buttons(hand)[0]
    moves = len(await table.service.store.moves(game_id))

    # SimCord delivers one interaction at a time (true overlap is tested at the
    # service above); Discord delivers a double click the same way: twice, same id.
    clicks = [await mover.click(hand, custom_id=button) for _ in range(2)]

    said = [click.response.content if click.response else "" for click in clicks]
    assert said[0].startswith("✅")
    assert said[1] == texts.t("error.stale")
    assert len(await table.service.store.moves(game_id)) == moves + 1


async def test_a_stale_button_is_refused_and_changes_nothing(world: World, table: Table) -> None:
    game_id, mover, hand = await a_hand_on_turn(world, table)
    first, second = move_buttons(hand)[:2]
    await mover.click(hand, custom_id=first)
    row = await table.row(game_id)
    moves = len(await table.service.store.moves(game_id))

    stale = await mover.click(hand, custom_id=second)

    assert stale.ephemeral and stale.response is not None
    assert stale.response.content == texts.t("error.stale")
    after = await table.row(game_id)
    assert (after.version, after.state) == (row.version, row.state)
    assert len(await table.service.store.moves(game_id)) == moves


async def test_two_players_clicking_join_for_the_last_seat(world: World, table: Table) -> None:
    game = await table.open(world.anna)
    engine = games.get((await table.row(game.id)).engine)
    for _ in range(engine.max_players - 2):
        await add_bot(world.anna, game.lobby)
    lobby = table.message(world.channel, game.lobby.id)
    version = (await table.row(game.id)).version

    # Both clicked on the lobby as it was; SimCord delivers the clicks one after the other.
    clicks = [await world.bob.click(lobby, label="Join"), await world.carl.click(lobby, label="Join")]

    said = [click.response.content if click.response else "" for click in clicks]
    full = texts.t("error.lobby_full", max=engine.max_players)
    assert said[1] == full and said[0] != full, said
    row = await table.row(game.id)
    assert len(row.seats) == engine.max_players and row.version == version + 1
