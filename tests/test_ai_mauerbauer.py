"""The Mauerbauer AI: legal, deterministic, blind to hidden information, bounded in work, and strong.

Positions come from seeded games, so every run checks the same ones.
Mauerbauer is not a built-in game yet: importing its package registers the
engine, which is taken back here (as `tests/mauerbauer/conftest.py` does) so
that the suite-wide tests over `games.all()` see only the games they know;
these tests use the engine directly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

import ai
import ai.mauerbauer
import games
import games.mauerbauer
from ai.mauerbauer import decide
from ai.mauerbauer import greedy as mauerbauer_greedy
from ai.mauerbauer.model import public_state
from games.core import Action
from games.mauerbauer.state import State

ENGINE = games.mauerbauer.ENGINE
#: Positions valued by one decision: the wall budget plus the closing walls past it.
MAX_VALUED = 2000
#: The goal is one second at worst; a test on a shared machine allows five.
GENEROUS_SECONDS = 5.0


def mixed_positions(players: int, seed: int, every: int = 3) -> Iterator[tuple[State, int]]:
    """Every `every`-th position of a seeded game of random and greedy moves, with the seat to act."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, seed)
    move = 0
    while ENGINE.to_act(state):
        seat = min(ENGINE.to_act(state))
        if move % every == 0:
            yield state, seat
        action: Action
        if rng.random() < 0.5:
            action = mauerbauer_greedy.choose(state, seat, seed * 1000 + move)
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action)
        move += 1


def play_out(players: int, seed: int, ai_seat: int, others: str) -> State:
    """A whole game, the AI at `ai_seat`, random or greedy players elsewhere; the end state."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, seed)
    moves = 0
    while ENGINE.to_act(state):
        seat = min(ENGINE.to_act(state))
        action: Action
        if seat == ai_seat:
            action = ai.mauerbauer.choose(state, seat, seed * 1000 + moves)
        elif others == "greedy":
            action = mauerbauer_greedy.choose(state, seat, seed * 1000 + moves)
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action)
        moves += 1
        assert moves < 3000, "the game does not end"
    return state


# -- legality, registry, determinism ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_move_is_always_legal(players: int) -> None:
    checked = 0
    for seed in range(3):
        for state, seat in mixed_positions(players, seed):
            assert ai.mauerbauer.choose(state, seat, seed) in ENGINE.legal_actions(state, seat)
            checked += 1
    assert checked > 80


def test_the_greedy_baseline_moves_legally() -> None:
    for state, seat in mixed_positions(3, 7, every=2):
        assert mauerbauer_greedy.choose(state, seat, 1) in ENGINE.legal_actions(state, seat)


def test_registered_for_the_game() -> None:
    assert ai.has_ai("mauerbauer")
    assert ai.chooser("mauerbauer") is ai.mauerbauer.choose


def test_same_state_and_seed_give_the_same_move() -> None:
    for state, seat in mixed_positions(3, 11, every=4):
        first = ai.mauerbauer.choose(state, seat, 5)
        assert ai.mauerbauer.choose(ENGINE.loads(ENGINE.dumps(state)), seat, 5) == first
        assert ai.mauerbauer.choose(state, seat, 5) == first


def test_whole_games_replay_exactly() -> None:
    first = play_out(3, 21, 0, "greedy")
    second = play_out(3, 21, 0, "greedy")
    assert ENGINE.dumps(first) == ENGINE.dumps(second)


# -- hidden information ---------------------------------------------------------------------------


def _reshuffled(state: State, seat: int, seed: int) -> State:
    """The same public position with the other hands, the deck and the generator changed."""
    rng = random.Random(seed)
    hidden = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    hidden += list(state.deck)
    rng.shuffle(hidden)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)])))
            hidden = hidden[len(hand) :]
    return state._replace(hands=tuple(hands), deck=tuple(hidden), rng=rng.getrandbits(64))


def test_the_move_depends_only_on_what_the_seat_may_see() -> None:
    checked = 0
    for players in (3, 4):
        for state, seat in mixed_positions(players, 30 + players, every=2):
            other = _reshuffled(state, seat, checked)
            assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
            assert ai.mauerbauer.choose(other, seat, 9) == ai.mauerbauer.choose(state, seat, 9)
            checked += 1
    assert checked > 50


def test_the_public_state_hides_other_hands_the_deck_and_the_roll() -> None:
    state = ENGINE.setup(3, 4)
    public = public_state(state, 1)
    assert public.hands[1] == state.hands[1]
    assert all(set(public.hands[o]) <= {0} for o in (0, 2))
    assert [len(h) for h in public.hands] == [len(h) for h in state.hands]
    assert set(public.deck) <= {0} and len(public.deck) == len(state.deck)
    assert public.rng == 0


# -- bounded work ---------------------------------------------------------------------------------


def test_decisions_are_bounded_in_work_and_time() -> None:
    worst = 0.0
    most = 0
    for players in (3, 4):
        for state, seat in mixed_positions(players, 50 + players, every=2):
            started = time.perf_counter()
            decision = decide(state, seat, 3)
            worst = max(worst, time.perf_counter() - started)
            most = max(most, decision.valued)
    assert most <= MAX_VALUED
    assert worst < GENEROUS_SECONDS


# -- strength -------------------------------------------------------------------------------------


def test_it_beats_random_players_clearly() -> None:
    wins = 0
    for seed in range(6):
        end = play_out(3, 100 + seed, seed % 3, "random")
        outcome = ENGINE.outcome(end)
        assert outcome is not None
        wins += (seed % 3) in outcome.winners
    assert wins >= 5


def test_it_outscores_greedy_players() -> None:
    mine: list[int] = []
    theirs: list[int] = []
    for seed in range(6):
        seat = seed % 3
        end = play_out(3, 200 + seed, seat, "greedy")
        mine.append(end.scores[seat])
        theirs.extend(score for other, score in enumerate(end.scores) if other != seat)
    assert sum(mine) / len(mine) > sum(theirs) / len(theirs)
