"""The China AI: legal, deterministic, blind to hidden information, bounded in work, and strong.

Positions come from seeded random games, so every run checks the same ones.
China is not a built-in game yet: the engine and the AI are imported here,
which registers both.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from ai_support import check_blind
from ai_support import check_legal
from ai_support import check_registered
from ai_support import check_replays
from ai_support import play_out
from ai_support import positions
from ai_support import results
from china.china_support import position
from china.china_support import resample_hidden

import ai.china
import games.china
from ai.china import decide
from ai.china import greedy
from ai.china.evaluation import Context
from ai.china.evaluation import Evaluation
from ai.china.evaluation import province_values
from ai.china.evaluation import public_state
from games.china.data import COLOURS
from games.china.data import PROVINCES
from games.china.data import SPACES
from games.china.state import State

ENGINE = games.china.ENGINE
choose = ai.china.choose
#: Positions valued by one decision: far above what the look-ahead needs (a few hundred).
MAX_VALUED = 2000
#: The goal is one second at worst; a test on a shared machine allows five.
GENEROUS_SECONDS = 5.0


def random_positions(
    players: int, seed: int, every: int = 5, fortresses: bool = False
) -> Iterator[tuple[State, int]]:
    """Every `every`-th position of a seeded game of random moves, with the seat to act."""
    return positions(ENGINE, players, seed, every, {"fortresses": "on"} if fortresses else None)


def play(players: int, seed: int, ai_seats: range, others: str = "random", fortresses: bool = False) -> Any:
    """A whole game, the AI at `ai_seats`, random or greedy players elsewhere; the end state."""
    opponent = greedy.choose if others == "greedy" else None
    options = {"fortresses": "on"} if fortresses else None
    return play_out(ENGINE, players, seed, dict.fromkeys(ai_seats, choose), opponent, options)


# -- legality, registry, determinism ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "fortresses"), [(3, False), (4, False), (4, True), (5, True)])
def test_the_move_is_always_legal(players: int, fortresses: bool) -> None:
    checked = sum(
        check_legal(ENGINE, choose, random_positions(players, seed, 3, fortresses), seed) for seed in range(4)
    )
    assert checked > 100


def test_side_b_with_four_players() -> None:
    state = ENGINE.setup(4, 3, {"side": "B"})
    for move in range(80):
        seat = state.turn
        action = choose(state, seat, move)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action)


def test_the_registry_uses_this_ai() -> None:
    check_registered(ENGINE, choose, *next(random_positions(4, 11, every=9)))


def test_same_state_and_seed_give_the_same_move() -> None:
    assert check_replays(ENGINE, choose, random_positions(4, 21, every=4), 99) > 5


# -- hidden information -----------------------------------------------------------------------------


def test_hidden_information_does_not_change_the_move() -> None:
    rng = random.Random(7)
    compared = changed = 0
    for players in (3, 4, 5):
        for seed in range(3):
            found = random_positions(players, 60 + seed, every=3)
            more, differing = check_blind(ENGINE, choose, found, resample_hidden, rng)
            compared, changed = compared + more, changed + differing
    assert compared > 100
    assert changed > compared // 2


def test_the_public_state_keeps_only_what_the_seat_sees() -> None:
    state, seat = next(random_positions(4, 5, every=11))
    public = public_state(state, seat)
    assert public.hands[seat] == state.hands[seat]
    assert [sum(hand) for hand in public.hands] == [sum(hand) for hand in state.hands]
    assert len(public.deck) == len(state.deck) and set(public.deck) <= {0}
    assert public.rng == 0
    assert ENGINE.view(public, seat) == ENGINE.view(state, seat)


# -- the evaluation ---------------------------------------------------------------------------------


def test_projected_house_scoring_follows_the_rules_when_nothing_more_is_built() -> None:
    # 4/2/1 houses in Chu (8 spaces, 1 free) score 7/4/2 if the free space stays empty.
    row = (0, 0, 0, 0, 1, 1, 2, -1)
    assert province_values(row, 0, 4, fill=0.0) == [7.0, 4.0, 2.0, 0.0]
    # ... and the first place scores 8 when it is filled.
    assert province_values(row, 0, 4, fill=1.0)[0] == 8.0
    assert province_values((0, 0, 1, 1, 2, -1), 0, 3, fill=0.0) == [5.0, 5.0, 2.0]


def test_a_card_of_a_colour_is_worth_something_while_turns_remain() -> None:
    state, seat = next(random_positions(4, 9, every=17))
    public = public_state(state, seat)
    context = Context.of(public, seat)
    assert context.future_turns > 0
    assert abs(sum(context.unseen) - 1.0) < 1e-9
    evaluation = Evaluation.of(public, context)
    assert evaluation.hand_value((0,) * len(COLOURS)) == 0.0
    assert evaluation.hand_value((0, 2, 0, 0, 0)) >= evaluation.hand_value((0, 1, 0, 0, 0))


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_ai_builds_on_the_sixth_space_of_chin(side: str) -> None:
    """With every other space taken and no emissary left, the one piece the AI can place is a
    house on QIN6, which fills Ch'in and wins it outright (3 houses: 6 points, not a shared 5)."""
    houses = {
        f"{province}{number}": seat % 4
        for seat, (province, number) in enumerate(
            (p, n)
            for p, size in zip(PROVINCES, SPACES, strict=True)
            if p != "QIN"
            for n in range(1, size + 1)
        )
    }
    houses |= {"QIN1": 0, "QIN2": 0, "QIN3": 1, "QIN4": 1, "QIN5": 2}
    envoys = dict.fromkeys(("CHU", "WEI", "HAN", "ZHAO"), (2, 0, 0, 0))
    state = ENGINE.loads(
        ENGINE.dumps(position(side=side, houses=houses, envoys=envoys, hands=["yellow", "", "", ""]))
    )
    for seed in range(3):
        assert ENGINE.format_action(state, choose(state, 0, seed)) == "house qin 6"


# -- work and time ----------------------------------------------------------------------------------


def test_the_work_of_a_decision_stays_bounded() -> None:
    """The look-ahead values a bounded number of positions; the time is reported, not judged
    tightly (the goal is one second at worst; here five are allowed on a busy machine)."""
    most = 0
    slowest = 0.0
    for players in (3, 5):
        for state, seat in random_positions(players, 31, every=2, fortresses=players == 5):
            started = time.perf_counter()
            decision = decide(state, seat, 3)
            slowest = max(slowest, time.perf_counter() - started)
            most = max(most, decision.valued)
    assert 0 < most <= MAX_VALUED
    assert slowest < GENEROUS_SECONDS


# -- whole games and strength -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_games_with_only_ai_seats_end(players: int) -> None:
    outcome = ENGINE.outcome(play(players, 500 + players, range(players), fortresses=players == 4))
    assert outcome is not None
    assert sum(outcome.scores) > 0


def test_the_greedy_baseline_plays_legal_moves_to_the_end() -> None:
    assert ENGINE.outcome(play(4, 77, range(0), others="greedy")) is not None


@pytest.mark.slow
def test_the_ai_beats_random_players_clearly() -> None:
    """Over 20 seeded four-player games the AI wins far more than the 25% a random seat would."""
    wins, _, _ = results(ENGINE, 4, range(2000, 2020), choose)
    assert wins >= 17


@pytest.mark.slow
def test_the_ai_beats_greedy_players() -> None:
    """Over 12 seeded four-player games against three greedy players it wins more than its share."""
    wins, _, _ = results(ENGINE, 4, range(3000, 3012), choose, greedy.choose)
    assert wins >= 6
