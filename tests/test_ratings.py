"""Player ratings: who rises, who falls, what AI seats do, and what players see."""

from __future__ import annotations

import json
import math
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot import ratings
from bot.community import Community
from bot.ratings import AI_RATING
from bot.ratings import DEFAULT_RATING
from bot.ratings import DISPLAY_BASE
from bot.ratings import Entrant
from bot.ratings import Rating
from bot.ratings import display
from bot.ratings import rate
from bot.store import Store
from games.core import Outcome
from games.core import rank_by_scores


def human(mu: float = DEFAULT_RATING.mu, sigma: float = DEFAULT_RATING.sigma) -> Entrant:
    return Entrant(Rating(mu, sigma), is_ai=False)


AI = Entrant(AI_RATING, is_ai=True)


def rated(entrants: list[Entrant], ranks: list[int]) -> list[Rating]:
    """`rate` for a game that must be rated."""
    result = rate(entrants, ranks)
    assert result is not None
    assert len(result) == len(entrants)
    return result


# --- who rises, who falls -------------------------------------------------------------------------


def test_a_winner_rises_and_a_loser_falls() -> None:
    winner, loser = rated([human(), human()], [1, 2])
    assert winner.mu > DEFAULT_RATING.mu
    assert loser.mu < DEFAULT_RATING.mu
    assert display(winner) > display(DEFAULT_RATING) > display(loser)


def test_the_winner_need_not_sit_first() -> None:
    loser, winner = rated([human(), human()], [2, 1])
    assert winner.mu > DEFAULT_RATING.mu > loser.mu


def test_in_a_larger_game_the_finishing_order_orders_the_new_ratings() -> None:
    result = rated([human() for _ in range(5)], [3, 1, 5, 2, 4])
    by_place = [result[seat].mu for seat in (1, 3, 0, 4, 2)]
    assert by_place == sorted(by_place, reverse=True)
    assert len(set(by_place)) == 5
    assert by_place[0] > DEFAULT_RATING.mu > by_place[-1]


def test_a_game_makes_every_human_rating_more_certain() -> None:
    for new in rated([human(), human(), human()], [1, 2, 3]):
        assert new.sigma < DEFAULT_RATING.sigma


def test_tied_players_of_equal_rating_stay_equal() -> None:
    first, second = rated([human(), human()], [1, 1])
    assert first == second
    assert first.mu == pytest.approx(DEFAULT_RATING.mu)


def test_tied_players_in_the_middle_of_a_larger_game_stay_equal() -> None:
    strong = (30.0, 5.0)
    result = rated([human(), human(*strong), human(*strong), human()], [4, 2, 2, 1])
    assert result[1] == result[2]
    assert result[1] != Rating(*strong)


def test_beating_a_strong_player_gains_more_than_beating_a_weak_one() -> None:
    over_strong, _ = rated([human(), human(mu=35.0, sigma=3.0)], [1, 2])
    over_weak, _ = rated([human(), human(mu=15.0, sigma=3.0)], [1, 2])
    assert over_strong.mu - DEFAULT_RATING.mu > over_weak.mu - DEFAULT_RATING.mu > 0


def test_losing_to_a_weak_player_costs_more_than_losing_to_a_strong_one() -> None:
    _, under_weak = rated([human(mu=15.0, sigma=3.0), human()], [1, 2])
    _, under_strong = rated([human(mu=35.0, sigma=3.0), human()], [1, 2])
    assert DEFAULT_RATING.mu - under_weak.mu > DEFAULT_RATING.mu - under_strong.mu > 0


def test_a_player_who_keeps_winning_keeps_climbing_on_display() -> None:
    rating = DEFAULT_RATING
    shown = [display(rating)]
    for _ in range(10):
        rating = rated([human(rating.mu, rating.sigma), human()], [1, 2])[0]
        shown.append(display(rating))
    assert shown == sorted(shown)
    assert len(set(shown)) == len(shown)


def test_ranks_from_a_game_outcome_are_accepted() -> None:
    outcome = rank_by_scores([40, 55, 40])
    result = rated([human(), human(), human()], list(outcome.ranks))
    assert result[1].mu > result[0].mu
    assert result[0] == result[2]


# --- AI seats ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("ranks", [[1, 2, 3, 4], [4, 3, 2, 1], [2, 1, 1, 3], [1, 1, 1, 1]])
def test_ai_ratings_never_change(ranks: list[int]) -> None:
    result = rated([human(), AI, human(mu=30.0, sigma=4.0), AI], ranks)
    assert result[1] == AI_RATING
    assert result[3] == AI_RATING


def test_an_ai_seat_counts_as_an_opponent() -> None:
    without_ai = rated([human(), human()], [1, 2])
    behind_ai = rated([human(), human(), AI], [2, 3, 1])
    ahead_of_ai = rated([human(), human(), AI], [1, 3, 2])
    assert behind_ai[0].mu < without_ai[0].mu < ahead_of_ai[0].mu


@pytest.mark.parametrize("seats", [[False], [False, True], [True, False, True, True], [True, True], []])
def test_a_game_with_fewer_than_two_humans_is_not_rated(seats: list[bool]) -> None:
    entrants = [AI if is_ai else human() for is_ai in seats]
    assert rate(entrants, list(range(1, len(seats) + 1))) is None


def test_two_humans_among_ais_are_rated() -> None:
    assert rate([AI, human(), AI, human()], [1, 2, 3, 4]) is not None


# --- determinism and seat order ---------------------------------------------------------------------


def test_rating_is_deterministic() -> None:
    entrants = [human(27.0, 6.0), AI, human(21.0, 7.5), human()]
    ranks = [2, 1, 2, 4]
    assert rate(entrants, ranks) == rate(entrants, ranks)


entrant_strategy = st.builds(
    Entrant,
    rating=st.builds(
        Rating,
        mu=st.floats(min_value=0.0, max_value=50.0),
        sigma=st.floats(min_value=0.5, max_value=25.0 / 3.0),
    ),
    is_ai=st.booleans(),
)


@st.composite
def game_and_permutation(draw: st.DrawFn) -> tuple[list[Entrant], list[int], list[int]]:
    size = draw(st.integers(min_value=2, max_value=5))
    entrants = draw(st.lists(entrant_strategy, min_size=size, max_size=size))
    ranks = draw(st.lists(st.integers(min_value=1, max_value=size), min_size=size, max_size=size))
    permutation = draw(st.permutations(range(size)))
    return entrants, ranks, permutation


@settings(max_examples=150, deadline=None)
@given(game_and_permutation())
def test_permuting_entrants_and_ranks_together_permutes_the_result(
    game: tuple[list[Entrant], list[int], list[int]],
) -> None:
    entrants, ranks, permutation = game
    original = rate(entrants, ranks)
    permuted = rate([entrants[i] for i in permutation], [ranks[i] for i in permutation])
    if original is None:
        assert permuted is None
    else:
        assert permuted == [original[i] for i in permutation]


def test_a_fixed_game_rates_the_same_in_every_seat_order() -> None:
    entrants = [human(25.0, 8.0), human(25.0, 8.0), AI, human(31.0, 3.0)]
    ranks = [2, 2, 1, 4]
    original = rated(entrants, ranks)
    for permutation in ([3, 2, 1, 0], [1, 0, 3, 2], [2, 3, 0, 1]):
        permuted = rated([entrants[i] for i in permutation], [ranks[i] for i in permutation])
        assert permuted == [original[i] for i in permutation]


# --- what players see ---------------------------------------------------------------------------


def test_a_new_player_is_shown_the_documented_start_value() -> None:
    assert DISPLAY_BASE == 1000
    assert display(DEFAULT_RATING) == 1000


def test_display_is_the_conservative_estimate_on_the_friendly_scale() -> None:
    assert display(Rating(mu=30.0, sigma=2.0)) == 1000 + 40 * 24
    assert display(Rating(mu=20.0, sigma=5.0)) == 1000 + 40 * 5


def test_display_rewards_skill_and_certainty() -> None:
    assert display(Rating(30.0, 5.0)) > display(Rating(25.0, 5.0))
    assert display(Rating(25.0, 2.0)) > display(Rating(25.0, 5.0))


def test_display_is_never_negative() -> None:
    assert display(Rating(mu=-40.0, sigma=8.0)) == 0


# --- mistakes by the caller ---------------------------------------------------------------------------


def test_one_rank_per_entrant_is_required() -> None:
    with pytest.raises(ValueError, match="ranks"):
        rate([human(), human()], [1])


@pytest.mark.parametrize("bad_rank", [0, -1, True])
def test_ranks_start_at_one(bad_rank: int) -> None:
    with pytest.raises(ValueError, match="ranks"):
        rate([human(), human()], [1, bad_rank])


@pytest.mark.parametrize(("mu", "sigma"), [(math.nan, 1.0), (25.0, 0.0), (25.0, -1.0), (math.inf, 2.0)])
def test_a_rating_must_be_finite_with_a_positive_sigma(mu: float, sigma: float) -> None:
    with pytest.raises(ValueError, match="rating"):
        Rating(mu, sigma)


def test_equal_entrants_sharing_a_place_get_exactly_equal_results() -> None:
    # Found by hypothesis: the model alone may differ in the last bit between two equal seats.
    entrants = [human(0.0, 1.0)] * 4
    ranks = [1, 1, 1, 2]
    result = rated(entrants, ranks)
    assert result[0] == result[1] == result[2] != result[3]
    swapped = rated(entrants, [ranks[i] for i in (0, 2, 1, 3)])
    assert swapped == [result[i] for i in (0, 2, 1, 3)]


# --- what an AI seat brings: its level's fitted rating --------------------------------------------


def test_an_ai_seat_brings_its_levels_fitted_rating_or_the_fixed_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ladder = tmp_path / "ratings.json"
    ladder.write_text(
        json.dumps({"china": {"easy": {"mu": 18.5, "sigma": 1.25}, "random": {"mu": 9, "sigma": 2}}})
    )
    assert ratings.read_ladder(ladder) == {"china": {"easy": Rating(18.5, 1.25), "random": Rating(9.0, 2.0)}}
    ladder.write_text('{"china": {"easy": {"mu": 18.5}}}')
    assert ratings.read_ladder(ladder) == {} and "cannot be read" in caplog.text
    assert ratings.read_ladder(tmp_path / "missing.json") == {}


async def test_a_finished_game_rates_its_people_against_each_ai_seats_level(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    easy, hard = Rating(12.0, 1.5), Rating(31.0, 1.0)
    monkeypatch.setattr(ratings, "_ladder", {"chinesische-mauer": {"easy": easy, "hard": hard}})
    now = datetime(2026, 1, 1, tzinfo=UTC)
    game = await store.create_game(
        engine="chinesische-mauer", guild_id=1, channel_id=1, host_id=1, host_name="Anna", options={}, now=now
    )
    seats = [
        (1, "Anna", False),
        (None, "Mira", True, "easy"),
        (2, "Bob", False),
        (None, "Li", True, "normal"),
    ]
    game = await store.set_seats(game.id, game.version, seats, now=now)
    game = await store.start_game(game.id, game.version, seed=1, state="s", now=now)
    ranks = (2, 1, 4, 3)
    outcome = {"scores": [3, 4, 1, 2], "ranks": list(ranks), "winners": [1]}
    game = await store.record_move(
        game.id, game.version, seat=0, action="a", state="s", outcome=outcome, now=now
    )

    result = Outcome(scores=(3, 4, 1, 2), ranks=ranks, ranking=(1, 0, 3, 2), winners=frozenset({1}))
    await Community(store).rate(game, result, None)

    # The Normal seat: a level the ladder has not measured, so the fixed rating.
    expected = rated([human(), Entrant(easy, True), human(), AI], list(ranks))
    stored = await store.ratings("chinesische-mauer", [1, 2])
    assert [Rating(*stored[1]), Rating(*stored[2])] == [expected[0], expected[2]]
    assert expected != rated([human(), AI, human(), AI], list(ranks)), "the level's rating mattered"
