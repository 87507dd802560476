"""Chinesische Mauer's Easy and Hard levels, its greedy baseline and its hints: legal,
deterministic, blind to what the seat cannot see, registered. (Their strength is
measured by scripts/ai_strength.py, not here.)

Positions come from seeded games of Normal players, so every run checks the
same, realistic ones; hidden information is varied as in test_ai_cm.py.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest
from ai_support import check_blind
from ai_support import check_legal
from ai_support import check_replays
from ai_support import positions
from test_ai_cm import _hide_differently

import ai
import games
import texts
from ai import Chooser
from ai.chinesische_mauer import easy
from ai.chinesische_mauer import greedy
from ai.chinesische_mauer import hard
from ai.chinesische_mauer import hints
from ai.chinesische_mauer import player
from ai.chinesische_mauer.evaluation import Context
from ai.chinesische_mauer.model import position_from_view
from ai.chinesische_mauer.player import _Planner
from ai.chinesische_mauer.seat import seat_moves
from ai.common import Jitter
from games.chinesische_mauer import TakeTile
from games.core import Action
from games.core import Message
from games.core import State

ENGINE = games.get("chinesische-mauer")
LEVELS: dict[str, Chooser] = {"easy": easy.choose, "hard": hard.choose, "greedy": greedy.choose}


@functools.cache
def normal_positions(players: int, seed: int, every: int) -> tuple[tuple[State, int], ...]:
    """Every `every`-th position of a seeded game of Normal players, with the seat to act
    (made once: Normal plays every move of the game)."""

    def normal(state: State, seat: int, number: int, _rng: random.Random) -> Action:
        return player.choose(state, seat, number)

    return tuple(positions(ENGINE, players, seed, every, mover=normal))


def four_players() -> tuple[tuple[State, int], ...]:
    """The positions most tests share: a four-player game of Normal players."""
    return normal_positions(4, 21, 3)


def two_players() -> tuple[tuple[State, int], ...]:
    return normal_positions(2, 62, 3)


def test_the_registry_knows_every_level_the_baseline_and_the_hints() -> None:
    assert ai.levels(ENGINE.id) == ai.LEVELS
    assert ai.chooser(ENGINE.id, "easy") is easy.choose
    assert ai.chooser(ENGINE.id, "normal") is player.choose
    assert ai.chooser(ENGINE.id, "hard") is hard.choose
    assert ai.baselines(ENGINE.id)["greedy"] is greedy.choose
    state, seat = four_players()[3]
    assert ai.hints(ENGINE.id, state, seat, 1) == hints.hint(state, seat, 1)


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_every_move_is_legal(name: str) -> None:
    choose = LEVELS[name]
    found = [*four_players()[::2], *two_players()[::2], *positions(ENGINE, 5, 65, every=5)]
    assert check_legal(ENGINE, choose, found, 9) > 40


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_same_state_and_seed_give_the_same_move(name: str) -> None:
    assert check_replays(ENGINE, LEVELS[name], four_players()[1::4], 99) > 8


@pytest.mark.parametrize("name", ["easy", "hard"])
def test_what_the_seat_cannot_see_does_not_change_the_move(name: str) -> None:
    """Two states that differ only in other hands, decks, the supply order and other seats'
    won tiles give the same move for the same seed: Hard deals the rivals' hands from what
    the seat sees, never from the real ones."""
    rng = random.Random(5)
    found = [*four_players()[::2], *two_players()[::2]]
    compared, changed = check_blind(ENGINE, LEVELS[name], found, _hide_differently, rng, seeds=(0,))
    assert compared > 15
    assert changed > 15


def test_hard_weighs_several_plans_and_makes_normals_move_when_there_is_one_plan() -> None:
    """Hard searches among Normal's best plans: with a single candidate it plays as Normal."""
    differs = 0
    for state, seat in four_players()[::2]:
        legal, view, moves = seat_moves(state, seat)
        if len(legal) < 2 or view["pending_scoring"]:
            continue
        position = position_from_view(view)
        planner = _Planner(position, moves, Context.of(position))
        plans = hard.ranked_plans(planner, moves, Jitter(4), hard.CANDIDATES)
        move = hard.choose(state, seat, 4)
        if len(plans) < 2:
            assert move == player.choose(state, seat, 4)
        differs += move != player.choose(state, seat, 4)
    assert differs > 0


def test_greedy_makes_the_move_that_leaves_its_standing_score_highest() -> None:
    checked = 0
    for state, seat in four_players():
        legal = ENGINE.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        scores = [greedy.standing_score(ENGINE.apply(state, seat, action), seat) for action in legal]
        chosen = greedy.choose(state, seat, 3)
        assert scores[legal.index(chosen)] == max(scores)
        assert greedy.standing_score(state, seat) >= sum(state.won[seat])
        checked += 1
    assert checked > 20


# -- hints ----------------------------------------------------------------------------------------


def hint_positions() -> Iterator[tuple[State, int]]:
    yield from four_players()
    yield from two_players()


def test_hints_are_legal_distinct_and_at_most_three() -> None:
    named = 0
    for state, seat in hint_positions():
        found = hints.hint(state, seat, 2)
        legal = ENGINE.legal_actions(state, seat)
        assert 1 <= len(found) <= ai.MAX_HINTS
        actions = [hint.action for hint in found]
        assert all(action in legal for action in actions)
        assert len(set(actions)) == len(actions)
        named += len(found)
    assert named > 60


def test_the_first_hint_is_normals_move_and_the_rest_follow_by_worth() -> None:
    """Best first by Normal's evaluation: the first action hint is nearly always the move
    Normal makes (a tie may fall the other way), and the plans behind the hints are worth
    less and less; takes come first, richest first."""
    compared = agreed = 0
    for state, seat in hint_positions():
        found = hints.hint(state, seat, 6)
        legal, view, moves = seat_moves(state, seat)
        position = position_from_view(view)
        if position.pending:
            takes = [hint.action for hint in found if isinstance(hint.action, TakeTile)]
            assert [hint.action for hint in found[: len(takes)]] == takes
            richness = [sum(value for value, _ in position.sites[take.site].tiles) for take in takes]
            assert richness == sorted(richness, reverse=True)
            continue
        if len(legal) == 1:
            continue
        agreed += found[0].action == player.choose(state, seat, 6)
        planner = _Planner(position, moves, Context.of(position))
        plans = hard.ranked_plans(planner, moves, Jitter(6), ai.MAX_HINTS)
        worths = [worth for worth in map(planner.worth, plans) if worth is not None]
        assert len(worths) == len(plans) == len(found)
        assert worths == sorted(worths, reverse=True)
        compared += 1
    assert compared > 20
    assert agreed >= 0.9 * compared


def _keys(message: Message) -> Iterator[str]:
    yield message.key
    for value in message.params.values():
        if isinstance(value, Message):
            yield from _keys(value)


def test_every_why_is_one_line_in_every_language() -> None:
    keys: set[str] = set()
    names = ["Anna", "Ben", "Cleo", "Dirk"]
    for state, seat in hint_positions():
        for found in hints.hint(state, seat, 1):
            assert found.why.key.startswith("hint.")
            keys.update(_keys(found.why))
            for locale in ("en", "de", "nl"):
                line = texts.render(found.why, locale, names)
                assert line and "\n" not in line and "{" not in line
    assert len({key for key in keys if key.startswith("hint.")}) >= 4
    for locale in ("de", "nl"):
        assert all(key in ENGINE.locales[locale] for key in keys)
    assert all(key in ENGINE.texts for key in keys)


def test_hints_name_only_what_the_seat_can_see() -> None:
    """Twin states that differ only in what the seat cannot see get the same hints, lines too."""
    rng = random.Random(9)
    compared = 0
    for state, seat in four_players()[1::2]:
        twin = _hide_differently(state, seat, rng)
        if twin is None:
            continue
        assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
        assert hints.hint(twin, seat, 3) == hints.hint(state, seat, 3)
        compared += 1
    assert compared > 10
