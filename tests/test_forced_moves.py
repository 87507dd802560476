"""A decision with one possible answer that tells nobody anything is no decision: the
service makes it for the player at once, without a ping or a deadline, and says so."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from service_support import FixedSeed
from service_support import no_image
from service_support import person

import games
from bot.results import Caller
from bot.service import GameService
from bot.store import Store
from games.core import Engine
from games.core import only_answer

GAMES_PER_ENGINE = 30
STEPS_PER_GAME = 2_000


def asked_without_a_choice(engine: Engine) -> Counter[str]:
    """Over seeded random games: the prompts of the states where a seat to act has one legal
    action that reveals nothing and yet would be asked (the engine's `forced` leaves it to them)."""
    found: Counter[str] = Counter()
    for number in range(GAMES_PER_ENGINE):
        rng = random.Random(number)
        players = rng.randint(engine.min_players, engine.max_players)
        state = engine.setup(players, number, engine.check_options(players, {}))
        for _ in range(STEPS_PER_GAME):
            acting = sorted(engine.to_act(state))
            if not acting:
                break
            for seat in acting:
                only = only_answer(engine, state, seat)
                if only is not None and engine.forced(state, seat) != only:
                    found[str(engine.prompt(state, seat))] += 1
            seat = rng.choice(acting)
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return found


@pytest.mark.parametrize("engine", games.all(), ids=lambda engine: engine.id)
def test_no_seat_is_asked_a_decision_with_one_silent_answer(engine: Engine) -> None:
    assert asked_without_a_choice(engine) == Counter()


@pytest.mark.parametrize("engine", games.all(), ids=lambda engine: engine.id)
def test_a_seat_with_a_real_choice_is_never_forced(engine: Engine) -> None:
    rng = random.Random(3)
    state = engine.setup(engine.min_players, 3, engine.check_options(engine.min_players, {}))
    for _ in range(STEPS_PER_GAME):
        acting = sorted(engine.to_act(state))
        if not acting:
            break
        for seat in acting:
            legal = engine.legal_actions(state, seat)
            forced = engine.forced(state, seat)
            assert forced is None or legal == [forced]
        seat = rng.choice(acting)
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))


async def china_for_three(service: GameService, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[Caller]]:
    """A game of China between three people, started from seed 0: its id and the people."""
    monkeypatch.setattr(random, "SystemRandom", FixedSeed)
    people = [person(user_id, guild_id=40) for user_id in (1, 2, 3)]
    game_id = (await service.new_game(people[0], "china")).game_id
    assert game_id is not None
    for guest in people[1:]:
        await service.join(guest, game_id)
    await service.start(people[0], game_id)
    return game_id, people


async def first_moves_until(service: GameService, game_id: int, people: list[Caller], count: int) -> None:
    """Everyone asked takes their first legal move until the log holds `count` moves and the
    service has done what followed."""
    engine = games.get("china")
    while await service.idle() or len(await service.store.moves(game_id)) < count:
        row = await service.store.get_game(game_id)
        assert row.state is not None
        state = engine.loads(row.state)
        seat = min(engine.to_act(state))
        notation = engine.format_action(state, engine.legal_actions(state, seat)[0])
        await service.move(people[seat], game_id, notation)


async def test_china_placing_ends_by_itself_when_no_card_can_pay(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 0, everyone taking their first legal move: the fifth move is the second
    # player's `end` after one piece, with no card left that could pay for another; the
    # ninth is the next player's, so the first turn has been posted.
    service = GameService(store, render=no_image)
    game_id, people = await china_for_three(service, monkeypatch)
    engine = games.get("china")
    while len(await service.store.moves(game_id)) < 9:
        await service.idle()
        row = await service.store.get_game(game_id)
        assert row.state is not None
        state = engine.loads(row.state)
        seat = min(engine.to_act(state))
        # Whoever the service asks has a real decision.
        assert engine.forced(state, seat) is None, engine.prompt(state, seat)
        notation = engine.format_action(state, engine.legal_actions(state, seat)[0])
        await service.move(people[seat], game_id, notation)
    await service.idle()
    moves = await service.store.moves(game_id)
    assert [move.action for move in moves[4:5]] == ["end"]
    assert moves[4].seat == moves[3].seat
    said = "\n".join(post.text for dispatch in service.dispatched for post in dispatch.posts)
    assert "user3 has no card left to pay for another piece: placing ends." in said
    assert "or end placing" not in said


async def test_undo_takes_back_the_move_made_for_the_player_with_the_one_before(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As above: user3 places a piece, and placing ends for them as no card can pay.
    service = GameService(store, render=no_image)
    game_id, people = await china_for_three(service, monkeypatch)
    engine = games.get("china")
    await first_moves_until(service, game_id, people, 5)
    reply = await service.undo(people[2], game_id)
    await service.idle()
    # The piece is back in hand with the end: user3 decides again where to place.
    assert "builds a house on space 2 of Chu" in reply.text
    assert [move.action for move in await service.store.moves(game_id)][3:] == []
    row = await service.store.get_game(game_id)
    assert row.state is not None
    assert str(engine.prompt(engine.loads(row.state), 2)).startswith("Your turn: place 1 or 2 pieces")


@pytest.mark.parametrize("from_memory", [True, False], ids=["in-memory", "after-a-restart"])
async def test_since_your_last_move_counts_from_the_last_move_the_player_chose(
    store: Store, monkeypatch: pytest.MonkeyPatch, from_memory: bool
) -> None:
    # As above: user3 places a piece (the fourth move), and the service ends their placing
    # (the fifth). What user3 is told next goes back to their own move, not to the one made
    # for them, whether the moves are still in memory or read again from the log.
    service = GameService(store, render=no_image)
    game_id, people = await china_for_three(service, monkeypatch)
    await first_moves_until(service, game_id, people, 5)
    moves = await service.store.moves(game_id)
    assert moves[4].action == "end" and moves[3].seat == moves[4].seat == 2
    if not from_memory:
        service = GameService(store, render=no_image)
    game = await service._games.load(game_id)
    assert await service._games.last_move_version(game, 2) == moves[3].version
    other = next(m.seat for m in moves if m.seat != 2)
    newest = max(m.version for m in moves if m.seat == other)
    assert await service._games.last_move_version(game, other) == newest
