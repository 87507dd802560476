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
from ai_support import check_blind
from ai_support import check_legal
from ai_support import check_registered
from ai_support import check_replays
from ai_support import mean
from ai_support import play_out
from ai_support import positions
from ai_support import results
from mauerbauer.mb_builders import resample_hidden

import ai.mauerbauer
import games.mauerbauer
from ai.mauerbauer import decide
from ai.mauerbauer import greedy
from ai.mauerbauer.model import public_state
from games.core import Action
from games.mauerbauer.state import State

ENGINE = games.mauerbauer.ENGINE
choose = ai.mauerbauer.choose
#: Positions valued by one decision: the wall budget plus the closing walls past it.
MAX_VALUED = 2000
#: The goal is one second at worst; a test on a shared machine allows five.
GENEROUS_SECONDS = 5.0


def mixed_positions(players: int, seed: int, every: int = 3) -> Iterator[tuple[State, int]]:
    """Every `every`-th position of a seeded game of random and greedy moves, with the seat to act."""

    def mixed(state: State, seat: int, move: int, rng: random.Random) -> Action:
        if rng.random() < 0.5:
            return greedy.choose(state, seat, seed * 1000 + move)
        return rng.choice(ENGINE.legal_actions(state, seat))

    return positions(ENGINE, players, seed, every, mover=mixed)


# -- legality, registry, determinism ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_move_is_always_legal(players: int) -> None:
    assert sum(check_legal(ENGINE, choose, mixed_positions(players, seed), seed) for seed in range(3)) > 80


def test_the_greedy_baseline_moves_legally() -> None:
    check_legal(ENGINE, greedy.choose, mixed_positions(3, 7, every=2), 1)


def test_registered_for_the_game() -> None:
    check_registered(ENGINE, choose, *next(mixed_positions(3, 11)))


def test_same_state_and_seed_give_the_same_move() -> None:
    assert check_replays(ENGINE, choose, mixed_positions(3, 11, every=4), 5) > 5


def test_whole_games_replay_exactly() -> None:
    first = play_out(ENGINE, 3, 21, {0: choose}, greedy.choose)
    second = play_out(ENGINE, 3, 21, {0: choose}, greedy.choose)
    assert ENGINE.dumps(first) == ENGINE.dumps(second)


# -- hidden information ---------------------------------------------------------------------------


def test_the_move_depends_only_on_what_the_seat_may_see() -> None:
    rng = random.Random(3)
    checked = 0
    for players in (3, 4):
        found = mixed_positions(players, 30 + players, every=2)
        checked += check_blind(ENGINE, choose, found, resample_hidden, rng, seeds=(9,))[0]
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
    wins, _, _ = results(ENGINE, 3, range(100, 106), choose)
    assert wins >= 5


def test_it_outscores_greedy_players() -> None:
    _, mine, theirs = results(ENGINE, 3, range(200, 206), choose, greedy.choose)
    assert mean(mine) > mean(theirs)
