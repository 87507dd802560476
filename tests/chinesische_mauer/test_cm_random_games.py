"""Seeded random games: invariants that must hold at every step of real play."""

from __future__ import annotations

import random

import pytest

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.rules import eligible_sites
from games.chinesische_mauer.state import State
from games.chinesische_mauer.state import make_site
from games.core import IllegalAction


def check_step(state: State) -> None:
    for site in state.sites:
        if site.open:
            assert site == make_site(state.players, site.tiles, site.cards)
            assert len(site.tiles) == 2
    seat = state.turn
    for other in range(state.players):
        if other != seat:
            assert ENGINE.legal_actions(state, other) == []
    if state.pending:
        assert set(state.pending) <= set(eligible_sites(state.sites, seat))
    if state.cards_closed:
        assert state.pending


def check_end(state: State) -> None:
    assert state.over
    no_open_site = not any(site.open for site in state.sites)
    nobody_can_score = all(not eligible_sites(state.sites, seat) for seat in range(state.players))
    # End condition a, or end condition b after cards closed.
    assert no_open_site or (state.cards_closed and nobody_can_score)
    result = ENGINE.outcome(state)
    assert result is not None
    assert result.scores == tuple(sum(tiles) for tiles in state.won)
    assert result.winners


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_rules_invariants(players: int) -> None:
    endings = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = ENGINE.setup(players, seed)
        steps = 0
        while ENGINE.to_act(state):
            check_step(state)
            seat = state.turn
            actions = ENGINE.legal_actions(state, seat)
            assert actions
            assert len(set(actions)) == len(actions)
            action = rng.choice(actions)
            after = ENGINE.apply(state, seat, action)
            with pytest.raises(IllegalAction):
                ENGINE.apply(state, (seat + 1) % players, action)
            if steps % 25 == 0:
                assert ENGINE.loads(ENGINE.dumps(after)) == after
            state = after
            steps += 1
        check_end(state)
        assert ENGINE.loads(ENGINE.dumps(state)) == state
        endings.add("a" if not any(site.open for site in state.sites) else "b")
    # Random play reaches the last round; running out of tiles is rarer but must not break anything.
    assert "b" in endings
