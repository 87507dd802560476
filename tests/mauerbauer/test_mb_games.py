"""Whole games: random games end by the rules at every player count."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conformance_support import check_option_rules
from mb_builders import ENGINE

from games.mauerbauer.codec import loads
from games.mauerbauer.data import SUPPLY_WALLS
from games.mauerbauer.state import OVER

SUPPLIES = ("walls", "towers", "houses", "palaces")

# The conformance checks of random games, light and full (saves, notation, views and replay at
# every step), are tests/test_conformance.py's, at every player count.


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_options(players: int) -> None:
    assert check_option_rules(ENGINE, players) == [{}]


def test_hundreds_of_random_games_end_properly() -> None:
    ended_by = {"supply": 0, "closing": 0}
    named_by: Counter[str] = Counter()
    for game in range(300):
        players = 2 + game % 3
        chooser = random.Random(game)
        state = ENGINE.setup(players, game)
        turns = 0
        for _ in range(5000):
            acting = ENGINE.to_act(state)
            if not acting:
                break
            (seat,) = acting
            turns = ENGINE.turn_number(state)
            state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
        assert state.phase == OVER
        assert ENGINE.turn_number(state) == turns
        outcome = ENGINE.outcome(state)
        assert outcome is not None and outcome.winners
        supplies = (
            state.wall_supply,
            sum(state.tower_supply),
            sum(state.house_supply),
            sum(state.palace_supply),
        )
        assert state.ending
        ended_by["closing" if any(r.city for r in state.plays) else "supply"] += 1
        # The end post names the supply that ran out; a city the last wall closed may have
        # given pieces back, and then the supply is named as a whole.
        assert outcome.ending is not None
        named = outcome.ending.key.rsplit(".", 1)[1]
        empty = [name for name, left in zip(SUPPLIES, supplies, strict=True) if not left]
        assert named == (empty[0] if empty else "supply")
        named_by[named] += 1
        assert state.walls.bit_count() + state.wall_supply == SUPPLY_WALLS
        assert loads(ENGINE.dumps(state)) == state
        assert min(supplies) >= 0
    assert ended_by["supply"] and ended_by["closing"]
    assert named_by["towers"] and named_by["walls"], named_by
