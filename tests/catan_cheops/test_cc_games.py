"""Whole games: hundreds of random games end by the rules, and the conformance checks pass."""

from __future__ import annotations

import random

import pytest
from conformance_support import check_option_rules, play

from games.catan_cheops import ENGINE
from games.catan_cheops.rules import points
from games.catan_cheops.state import BLACK, OVER, derive

LIGHT_SEEDS = 12
FULL_SEEDS = 1


def test_options() -> None:
    for players in (3, 4):
        assert check_option_rules(ENGINE, players) == [{}]


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_end_by_the_rules(players: int) -> None:
    chooser = random.Random(players)
    endings = set()
    for seed in range(100):
        state = ENGINE.setup(players, seed)
        moves = 0
        while acting := ENGINE.to_act(state):
            seat = chooser.choice(sorted(acting))
            state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
            moves += 1
            if moves % 97 == 0:
                assert derive(state) == state
                assert all(sum(hand[r] for hand in state.hands) + state.bank[r] == 19 for r in range(5))
        assert state.phase == OVER and moves < 20_000
        endings.add(state.ended)
        if state.ended == 1:
            assert points(state, state.turn) >= 12
        elif state.ended == 2:
            assert state.pyramid.count(BLACK) == 16
        else:
            assert len(state.pyramid) == 29
        result = ENGINE.outcome(state)
        assert result is not None
        assert result.scores == tuple(sum(part.values()) for part in result.details)
    assert {1, 2} <= endings


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_conformance_light(players: int) -> None:
    for seed in range(LIGHT_SEEDS):
        play(ENGINE, players, seed, full=False)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_conformance_full(players: int) -> None:
    for seed in range(FULL_SEEDS):
        play(ENGINE, players, 1_000 + seed, full=True)
