"""Mauerbauer's Easy and Hard levels and its hints: legal, deterministic, blind to what the seat
cannot see; the hints best first by Normal's evaluation, with a why in every language.

Strength is measured by scripts/ai_strength.py, not here (docs/mauerbauer.md, "Levels").
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterator

from ai_support import check_blind
from ai_support import check_legal
from ai_support import check_replays
from mauerbauer.mb_builders import resample_hidden
from test_ai_mauerbauer import mixed_positions

import ai
import games.mauerbauer
import texts
from ai.mauerbauer import easy
from ai.mauerbauer import hard
from ai.mauerbauer import hints
from ai.mauerbauer import player
from ai.mauerbauer.evaluation import Context
from ai.mauerbauer.evaluation import pace
from ai.mauerbauer.model import public_state
from games.mauerbauer.actions import Discard
from games.mauerbauer.data import COPIES
from games.mauerbauer.state import OVER
from games.mauerbauer.state import PHASES
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State

ENGINE = games.mauerbauer.ENGINE


def wall_decisions(players: int, seed: int, count: int) -> list[tuple[State, int]]:
    """Positions where a seat builds a wall (where Hard searches), spread over a game."""
    found = (item for item in mixed_positions(players, seed, 1) if item[0].phase == WALL)
    return list(itertools.islice(found, 2, None, 5))[:count]


def test_the_registry_offers_every_level_and_the_hints() -> None:
    state, seat = next(mixed_positions(4, 1))
    assert ai.levels("mauerbauer") == ("easy", "normal", "hard")
    assert ai.chooser("mauerbauer", "easy") is easy.choose
    assert ai.chooser("mauerbauer", "normal") is player.choose
    assert ai.chooser("mauerbauer", "hard") is hard.choose
    assert ai.hints("mauerbauer", state, seat, 3) == hints.hint(state, seat, 3)


def test_easy_plays_legal_moves_the_same_way_for_the_same_seed() -> None:
    assert check_legal(ENGINE, easy.choose, mixed_positions(4, 2), 5) > 30
    assert check_replays(ENGINE, easy.choose, mixed_positions(3, 3, every=7), 8) > 5


def test_easy_sees_only_what_its_seat_may_see() -> None:
    compared, changed = check_blind(
        ENGINE, easy.choose, mixed_positions(4, 4, every=4), resample_hidden, random.Random(4)
    )
    assert compared > 10 and changed > 10


def test_easy_errs_on_close_calls_only() -> None:
    """Its noise is seeded and moderate: over many seeds it mostly takes Normal's move, yet not always."""
    agree = total = 0
    for state, seat in itertools.islice(mixed_positions(4, 5, every=2), 40):
        if len(ENGINE.legal_actions(state, seat)) < 2:
            continue
        total += 1
        agree += easy.choose(state, seat, total) == player.choose(state, seat, total)
    assert total > 20 and 0 < agree < total


def late_wall_decision(players: int, seed: int) -> tuple[State, int]:
    """The first wall decision of a game from which Hard plays out to the end of the game."""
    return next(
        (state, seat)
        for state, seat in mixed_positions(players, seed, 1)
        if state.phase == WALL and pace(public_state(state, seat))[0] <= hard.END_TURNS
    )


def test_hard_plays_legal_moves_the_same_way_for_the_same_seed() -> None:
    walls = wall_decisions(4, 6, 3)
    assert (
        check_legal(ENGINE, hard.choose, [*walls, *itertools.islice(mixed_positions(4, 6, every=5), 12)], 2)
        == 15
    )
    assert check_replays(ENGINE, hard.choose, walls[:2], 9) == 2


def test_hard_builds_one_of_its_judgements_best_walls() -> None:
    for state, seat in wall_decisions(4, 7, 3):
        ranked = sorted(player.values(state, seat, 1, hard.OWN_WEIGHTS), key=lambda item: -item[1])
        assert hard.choose(state, seat, 1) in [action for action, _ in ranked[: hard.CANDIDATES]]


def test_hards_judgement_values_a_deeper_hand_than_normals() -> None:
    """Hard counts `cards_per_round` cards of a hand a scoring round to come, Normal two: early in
    a game the hand worth takes more of Hard's cards."""
    state, seat = wall_decisions(4, 7, 1)[0]
    public = public_state(state, seat)
    rounds = pace(public)[1]
    assert hard.OWN_WEIGHTS.cards_per_round > 2
    normal = Context(public, seat, 1).capacity(public)
    own = Context(public, seat, 1, hard.OWN_WEIGHTS).capacity(public)
    per_round = hard.OWN_WEIGHTS.cards_per_round
    assert (normal, own) == (2 + int(2 * rounds + 0.5), 2 + int(per_round * rounds + 0.5))
    assert own > normal


def test_in_a_scoring_round_hard_decides_by_its_judgement_and_keeps_a_hand_at_least_as_large() -> None:
    """Every decision but the wall is Normal's with Hard's weights; where that differs from Normal,
    Hard leaves the round with at least as many cards (a discard draws two, a play of two
    cards leaves one fewer)."""

    def hand_after(action: object) -> int:
        return 1 if isinstance(action, Discard) else 1 - len(action.cards)  # type: ignore[attr-defined]

    differ = 0
    for seed in range(3):
        for state, seat in mixed_positions(4, seed, 1):
            if state.phase != SCORING:
                continue
            chosen = hard.choose(state, seat, 1)
            assert chosen == player.decide(state, seat, 1, hard.OWN_WEIGHTS).action
            normal = player.decide(state, seat, 1).action
            if chosen != normal:
                differ += 1
                assert hand_after(chosen) >= hand_after(normal)
    assert differ >= 3


def test_hard_never_reads_other_hands_the_deck_or_the_dice() -> None:
    """Two states that differ only in what the seat cannot see (the other hands, the deck order,
    the generator) give Hard the same wall for the same seed."""
    found = [*wall_decisions(4, 8, 2), late_wall_decision(4, 8)]
    compared, changed = check_blind(ENGINE, hard.choose, found, resample_hidden, random.Random(8), seeds=(3,))
    assert compared == changed == 3


def play_out_once(state: State, seat: int) -> tuple[State, State]:
    """The seat's public state and one of Hard's play-outs of its first legal wall from there."""
    public = public_state(state, seat)
    world = hard.determinize(public, seat, random.Random(1))
    wall = ENGINE.legal_actions(state, seat)[0]
    return public, hard.play_out(world, seat, wall, 1, hard.turns_ahead(public))


def test_hards_play_outs_go_round_the_table_to_the_seats_next_wall() -> None:
    """Early on a play-out covers a full round: every rival builds once (they are Normal players,
    and Normal plays them), up to the seat's own next wall."""
    for players in (3, 4):
        state, seat = wall_decisions(players, 12, 1)[0]
        _, end = play_out_once(state, seat)
        assert (end.phase, end.active, end.turns) == (WALL, seat, state.turns + players)


def test_near_the_end_hards_play_outs_go_to_the_end_where_a_win_counts() -> None:
    """A play-out that ends the game is valued by the lead over the best rival plus the bonus of
    a win (half of it shared: the same points and hand sizes)."""
    state, seat = late_wall_decision(4, 6)
    public, end = play_out_once(state, seat)
    assert end.phase == OVER
    assert hard.WIN_BONUS > 0
    context = Context(public, seat, 1)
    equal_hands = tuple((0, 0) for _ in end.hands)
    for scores, worth in (
        ((90, 80, 80, 80), hard.WIN_BONUS + 10),
        ((80, 80, 70, 70), hard.WIN_BONUS / 2),
        ((70, 80, 60, 60), -10),
    ):
        seat_first = scores[-seat:] + scores[:-seat]
        assert hard.value(context, end._replace(scores=seat_first, hands=equal_hands), seat) == worth


def test_a_determinization_keeps_what_the_seat_sees_and_deals_the_rest() -> None:
    state, seat = wall_decisions(3, 9, 2)[1]
    world = hard.determinize(public_state(state, seat), seat, random.Random(1))
    assert world.hands[seat] == state.hands[seat]
    assert world.discard == state.discard
    assert [len(hand) for hand in world.hands] == [len(hand) for hand in state.hands]
    assert len(world.deck) == len(state.deck)
    everything = Counter(world.deck) + Counter(world.discard)
    for hand in world.hands:
        everything += Counter(hand)
    assert set(everything.values()) == {COPIES} and len(everything) == 30
    assert world.rng != 0


def hint_positions() -> Iterator[tuple[State, int]]:
    for players in (2, 4):
        yield from mixed_positions(players, 20 + players, every=2)


def test_hints_are_the_best_legal_moves_by_normals_judgement_with_a_why_in_every_language() -> None:
    phases = set()
    for state, seat in hint_positions():
        given = hints.hint(state, seat, 4)
        legal = ENGINE.legal_actions(state, seat)
        moves = [found.action for found in given]
        assert 1 <= len(given) <= min(ai.MAX_HINTS, len(legal))
        assert len(set(moves)) == len(moves) and all(move in legal for move in moves)
        worth = dict(player.values(state, seat, 4))
        ranks = [worth[move] for move in moves]
        assert ranks == sorted(ranks, reverse=True)
        assert all(worth[move] <= ranks[-1] for move in legal if move not in moves)
        for found in given:
            assert found.why.key.startswith("mauerbauer.hint.") and found.why.key in ENGINE.texts
            for locale in ("en", "de", "nl"):
                words = texts.render(found.why, locale)
                assert words and "{" not in words
        phases.add(PHASES[state.phase])
    assert phases >= {"wall", "towers", "houses", "scoring", "exchange"}


def test_every_hint_key_is_translated() -> None:
    keys = [key for key in ENGINE.texts if key.startswith("mauerbauer.hint.")]
    assert len(keys) >= 10
    for key in keys:
        assert key in ENGINE.locales["de"] and key in ENGINE.locales["nl"], key


def test_a_wall_that_closes_a_city_says_which_and_what_it_scores() -> None:
    for state, seat in hint_positions():
        for found in hints.hint(state, seat, 1):
            if found.why.key == "mauerbauer.hint.wall_closes":
                words = texts.render(found.why, "en")
                assert re.fullmatch(
                    r"closes the city at [A-C]\d+ \(\d+ fields?\): .* scores \d+ points? there .*", words
                )
                return
    raise AssertionError("no hint closes a city")


def test_hints_name_only_what_the_seat_may_see() -> None:
    rng = random.Random(11)
    for state, seat in itertools.islice(hint_positions(), 0, None, 6):
        twin = resample_hidden(state, seat, rng)
        assert hints.hint(twin, seat, 2) == hints.hint(state, seat, 2)
