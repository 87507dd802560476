"""Whole games: hundreds of random games end properly, in every player count and option combination."""

from __future__ import annotations

import random

import pytest
from conformance_support import check_option_rules
from conformance_support import option_cases

from games.china import ENGINE
from games.china.data import BOARD_VERSIONS
from games.china.data import HOUSES
from games.china.rules import anyone_can_place
from games.china.state import OVER
from games.china.state import derive

CASES = [(players, options) for players in (3, 4, 5) for options in option_cases(ENGINE, players)]
#: The board of new games; the earlier one (5 spaces in Ch'in) only for games begun on it.
CURRENT = [case for case in CASES if case[1]["board"] == BOARD_VERSIONS[0]]
EARLIER = [case for case in CASES if case[1]["board"] != BOARD_VERSIONS[0]]


def case_id(case: tuple[int, dict[str, str]]) -> str:
    players, options = case
    return f"{players}p-" + "-".join(f"{k}={v}" for k, v in sorted(options.items()))


def test_every_combination_is_covered() -> None:
    # Sides and fortresses: 8 combinations, each on both versions of the board.
    assert len(CURRENT) == len(EARLIER) == 8
    for players in (3, 4, 5):
        check_option_rules(ENGINE, players)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_end_by_the_rules(case: tuple[int, dict[str, str]]) -> None:
    players, options = case
    chooser = random.Random(players)
    for seed in range(40):
        state = ENGINE.setup(players, seed, dict(options))
        moves = 0
        while (seat := ENGINE.current_turn(state)) is not None:
            legal = ENGINE.legal_actions(state, seat)
            state = ENGINE.apply(state, seat, chooser.choice(legal))
            moves += 1
            assert derive(state) == state
            assert all(0 <= n <= HOUSES for n in state.houses_left)
        assert state.step == OVER and moves > 20
        by_round = state.exhausted == 2 and state.turn == (state.start - 1) % players
        assert by_round or not anyone_can_place(state)
        result = ENGINE.outcome(state)
        assert result is not None
        # The end post says which end it was.
        assert result.ending is not None
        assert result.ending.key == ("china.ending.deck" if by_round else "china.ending.blocked")
        assert result.scores == tuple(sum(part.values()) for part in result.details)


# The conformance checks of random games, light and full (saves, notation, views and replay at
# every step), are tests/test_conformance.py's, in every player count and option combination.
