"""Whole games: hundreds of random games end by the rules."""

from __future__ import annotations

import random

import pytest
from conformance_support import RandomPlayer
from conformance_support import check_option_rules

from games.catan_cheops import ENGINE
from games.catan_cheops.rules import points
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import OVER
from games.catan_cheops.state import derive


def test_options() -> None:
    for players in (3, 4):
        assert check_option_rules(ENGINE, players) == [{"pharaoh": "rulebook"}, {"pharaoh": "revised"}]


@pytest.mark.parametrize("pharaoh", ["rulebook", "revised"])
@pytest.mark.parametrize("players", [3, 4])
def test_random_games_end_by_the_rules(players: int, pharaoh: str) -> None:
    chooser = random.Random(players)
    player = RandomPlayer(ENGINE, chooser)
    endings = set()
    for seed in range(100):
        state = ENGINE.setup(players, seed, {"pharaoh": pharaoh})
        moves = 0
        while acting := ENGINE.to_act(state):
            seat = chooser.choice(sorted(acting))
            state = ENGINE.apply(state, seat, player.choose(state, seat, ENGINE.legal_actions(state, seat)))
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
    # Random moves build slowly: with the pharaoh building from the first 7 (rulebook) his
    # 16th block always comes first; waiting for a player block leaves time for 12 points.
    assert endings == {2} if pharaoh == "rulebook" else {1, 2} <= endings


# The conformance checks, light and full (save, notation and replay at every step), are
# tests/test_conformance.py's: it plays Catan: Cheops under them in every player count and
# option, from seed 0 on.
