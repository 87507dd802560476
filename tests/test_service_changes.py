"""What a player sees change: each posted board is drawn with the board of the post before
(`since`), for the renderer to mark what changed; a private answer carries the close-up of
the caller's decision where the game draws one."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

import pytest
from service_support import Now
from service_support import person
from service_support import started

import renderers
from bot.service import GameService
from bot.store import Store

GAME = "chinesische-mauer"
GUILD = 90


class Boards:
    """A renderer stand-in that keeps every view it is asked to draw."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def __call__(self, game_id: str, view: dict[str, Any], locale: str | None) -> bytes:
        self.views.append(view)
        return b"png"

    def posted(self) -> list[dict[str, Any]]:
        """The public boards drawn, in order (a spectator's view, `viewer` None)."""
        return [view for view in self.views if view.get("viewer") is None]


@pytest.fixture
async def drawn(store_location: str) -> AsyncIterator[tuple[GameService, Boards]]:
    store = await Store.open(store_location)
    boards = Boards()
    service = GameService(store, clock=Now(), render=boards)
    try:
        yield service, boards
        await service.idle()
    finally:
        await store.close()


def without_since(view: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "since"}


async def test_each_posted_board_carries_the_board_of_the_post_before(
    drawn: tuple[GameService, Boards],
) -> None:
    service, boards = drawn
    anna, bob = person(1, GUILD), person(2, GUILD)
    game_id = await started(service, anna, bob, GAME)
    await service.settled(game_id)
    (first,) = boards.posted()
    assert "since" not in first, "the first board has nothing before it"
    rng = random.Random(4)
    for _ in range(6):
        row, engine, state = await service.current(game_id)
        assert state is not None
        seat = min(engine.to_act(state))
        mover = anna if row.seats[seat].user_id == anna.user_id else bob
        action = rng.choice(engine.legal_actions(state, seat))
        await service.move(mover, game_id, engine.format_action(state, action))
        await service.settled(game_id)
    posted = boards.posted()
    assert len(posted) > 2
    for earlier, later in itertools.pairwise(posted):
        assert later["since"] == without_since(earlier), "marked against the board posted before it"


async def test_a_private_answer_carries_the_close_up_of_the_decision(
    store_location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[Sequence[str], Any]] = []

    def closeup(view: Mapping[str, Any], legal: Sequence[str], locale: str | None) -> bytes:
        asked.append((legal, view["viewer"]))
        return b"closeup"

    renderers.game_ids()  # the registry is read: the game's own close-up is replaced below
    monkeypatch.setitem(renderers._CLOSEUPS, GAME, closeup)
    store = await Store.open(store_location)
    service = GameService(store, clock=Now())
    try:
        anna, bob = person(1, GUILD), person(2, GUILD)
        game_id = await started(service, anna, bob, GAME)
        await service.settled(game_id)
        row, engine, state = await service.current(game_id)
        assert state is not None
        seat = min(engine.to_act(state))
        on_turn, waiting = (anna, bob) if row.seats[seat].user_id == anna.user_id else (bob, anna)
        reply = await service.hand(on_turn, game_id)
        legal = [engine.format_action(state, action) for action in engine.legal_actions(state, seat)]
        assert reply.closeup == b"closeup" and reply.closeup_description
        assert asked == [(legal, seat)], "drawn from the seat's own view with its legal moves"
        assert (await service.hand(waiting, game_id)).closeup is None, "no decision, no close-up"
        await service.idle()
    finally:
        await store.close()
