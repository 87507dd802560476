"""China's Easy and Hard levels and its hints: legal, deterministic, blind to what the seat
cannot see; the hints best first with a why in every language.

Strength is measured by scripts/ai_strength.py, not here (docs/china.md, "Levels").
"""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Iterator

from ai_support import check_blind
from ai_support import check_legal
from ai_support import check_replays
from ai_support import play_out
from ai_support import positions
from china.china_support import position
from china.china_support import resample_hidden

import ai
import games.china
import texts
from ai.china import easy
from ai.china import hard
from ai.china import hints
from ai.china import player
from games.china.rules import total_cards
from games.china.state import PLACE
from games.china.state import State

ENGINE = games.china.ENGINE


def some_positions(players: int, seed: int, every: int = 3) -> Iterator[tuple[State, int]]:
    return positions(ENGINE, players, seed, every)


def searched(players: int, seed: int, count: int) -> list[tuple[State, int]]:
    """Positions where Hard plays several ideas out (a turn's first decision without a clear
    best), from a game of random moves."""
    found = (
        (state, seat)
        for state, seat in positions(ENGINE, players, seed, 1)
        if state.step == PLACE and not state.placed and len(hard.ideas(state, seat, 2)) > 1
    )
    return list(itertools.islice(found, 0, None, 3))[:count]


def test_the_registry_offers_every_level_and_the_hints() -> None:
    state, seat = next(some_positions(4, 1))
    assert ai.levels("china") == ("easy", "normal", "hard")
    assert ai.chooser("china", "easy") is easy.choose
    assert ai.chooser("china", "hard") is hard.choose
    assert ai.hints("china", state, seat, 3) == hints.hint(state, seat, 3)


def test_easy_plays_legal_moves_the_same_way_for_the_same_seed() -> None:
    assert check_legal(ENGINE, easy.choose, some_positions(4, 2), 5) > 20
    assert check_replays(ENGINE, easy.choose, some_positions(3, 3, every=7), 8) > 5


def test_easy_makes_mistakes_normal_does_not() -> None:
    found = list(some_positions(4, 4, every=2))
    differ = sum(easy.choose(state, seat, 1) != player.choose(state, seat, 1) for state, seat in found)
    assert 0 < differ < len(found)


def test_hard_plays_legal_moves_the_same_way_for_the_same_seed() -> None:
    starts = searched(4, 5, 2)
    assert check_legal(ENGINE, hard.choose, starts, 2) == 2
    assert check_replays(ENGINE, hard.choose, starts[:1], 4) == 1
    # Between the turns' first decisions Hard plays as Normal.
    later = [
        (state, seat) for state, seat in some_positions(5, 6, every=5) if state.step != PLACE or state.placed
    ]
    assert check_legal(ENGINE, hard.choose, later, 3) > 5


def test_hard_decides_alike_in_positions_that_differ_only_in_what_the_seat_cannot_see() -> None:
    rng = random.Random(11)
    compared, changed = check_blind(ENGINE, hard.choose, searched(4, 12, 3), resample_hidden, rng, (2,))
    assert compared == 3
    assert changed == 3


def test_easy_and_the_hints_are_blind_too() -> None:
    rng = random.Random(13)
    assert check_blind(ENGINE, easy.choose, some_positions(4, 14, every=5), resample_hidden, rng)[0] > 10

    def first_hint(state: State, seat: int, seed: int) -> object:
        return hints.hint(state, seat, seed)

    assert check_blind(ENGINE, first_hint, some_positions(3, 15, every=6), resample_hidden, rng)[0] > 5


def test_hard_plays_two_rounds_ahead_and_near_the_end_to_the_end() -> None:
    starts = [(state, seat) for state, seat in some_positions(4, 40, every=1) if state.step == PLACE]
    early, last = starts[0], starts[-1]
    assert hard.horizon(*early) == early[0].turns + 2 * 4
    assert hard.horizon(*last) == sys.maxsize


def test_a_played_out_game_is_worth_the_lead_over_the_best_rival_and_more_for_a_win() -> None:
    end = play_out(ENGINE, 4, 41, {}, player.choose)
    outcome = ENGINE.outcome(end)
    assert outcome is not None
    for seat, score in enumerate(outcome.scores):
        lead = score - max(other for rival, other in enumerate(outcome.scores) if rival != seat)
        bonus = hard.WIN if lead > 0 else hard.WIN / 2 if lead == 0 else 0.0
        assert hard.final_lead(end, seat) == lead + bonus


def test_a_sampled_world_looks_to_the_seat_like_the_real_one() -> None:
    for state, seat in itertools.islice(some_positions(5, 16, every=4), 20):
        world = hard.determinize(state, seat, 9, 0)
        assert ENGINE.view(world, seat) == ENGINE.view(state, seat)
        cards = [sum(hand[c] for hand in world.hands) + world.open[c] + world.discard[c] for c in range(5)]
        cards = [n + world.deck.count(c) for c, n in enumerate(cards)]
        assert tuple(cards) == total_cards(5)
        assert hard.determinize(state, seat, 9, 0) == world
        assert hard.determinize(state, seat, 9, 1) != world or not world.deck


def test_hints_are_legal_distinct_and_best_first() -> None:
    checked = 0
    for players in (3, 4, 5):
        for state, seat in some_positions(players, 20 + players, every=4):
            given = hints.hint(state, seat, 6)
            legal = ENGINE.legal_actions(state, seat)
            actions = [h.action for h in given]
            assert 1 <= len(given) <= ai.MAX_HINTS
            assert len(set(actions)) == len(actions)
            assert all(action in legal for action in actions)
            worth = dict(player.ranked(state, seat, 6))
            assert [worth[a] for a in actions] == sorted((worth[a] for a in actions), reverse=True)
            assert actions[0] == player.choose(state, seat, 6)
            assert given == hints.hint(state, seat, 6)
            checked += 1
    assert checked > 60


def test_every_why_is_a_sentence_of_the_game_in_every_language() -> None:
    keys = set()
    for players in (3, 4, 5):
        for state, seat in some_positions(players, 30 + players, every=2):
            for given in hints.hint(state, seat, 1):
                keys.add(given.why.key)
                for locale in ("en", "de", "nl"):
                    assert given.why.key in ENGINE.texts
                    words = texts.render(given.why, locale, names=[f"P{n}" for n in range(players)])
                    assert words and "{" not in words
    assert len(keys) >= 6
    for key in (k for k in ENGINE.texts if k.startswith("hint.")):
        assert key in ENGINE.locales["de"] and key in ENGINE.locales["nl"], key


def test_the_hint_that_fills_a_province_says_what_it_scores() -> None:
    # Lu (orange, 4 spaces) has 3 houses, 2 of them seat 0's: the fourth fills it, 4 points.
    state = position(houses={"LU1": 0, "LU2": 0, "LU3": 1}, hands=["orange", "", "", ""])
    why = hints.why(state, 0, ENGINE.parse_action(state, 0, "house lu 4"))
    assert why.key == "hint.china.house_scores"
    assert texts.render(why, "en") == "fills Lu, which is scored at once: 4 points for you"
    assert texts.render(why, "de") == "füllt Lu, das sofort gewertet wird: 4 Punkte für dich"


def test_the_hint_names_the_rival_a_house_draws_level_with() -> None:
    state = position(houses={"CHU1": 2, "CHU2": 2, "CHU3": 0}, hands=["purple", "", "", ""])
    why = hints.why(state, 0, ENGINE.parse_action(state, 0, "house chu 4"))
    assert texts.render(why, "en", names=["Anna", "Bert", "Cleo", "Dana"]) == (
        "draws level with Cleo in Chu: 2 houses each"
    )
