"""League standings: rank points, the absent ranked last, the tie-breaks in their order."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.leagues.standings import Result
from bot.leagues.standings import rank_points
from bot.leagues.standings import standings
from bot.leagues.standings import winner


def table(*seats: tuple[int | None, float, int] | tuple[int | None, float, int, bool]) -> list[Result]:
    return [Result(*seat) for seat in seats]


def test_rank_points_run_from_one_to_nothing() -> None:
    four = table((1, 40, 1), (2, 30, 2), (3, 20, 3), (4, 10, 4))
    assert rank_points(four) == [1, Fraction(2, 3), Fraction(1, 3), 0]
    assert rank_points(table((1, 5, 2), (2, 9, 1))) == [0, 1]


def test_tied_players_share_the_places_they_cover() -> None:
    tied = table((1, 30, 1), (2, 30, 1), (3, 10, 3), (4, 10, 3), (5, 0, 5))
    # Five seats: places give 1, 3/4, 1/2, 1/4, 0.
    assert rank_points(tied) == [Fraction(7, 8), Fraction(7, 8), Fraction(3, 8), Fraction(3, 8), 0]


def test_an_absent_player_ranks_last_and_among_the_absent_by_score() -> None:
    # The game ranked player 1 first, but their deadline passed: last.
    absent = table((1, 50, 1, True), (2, 40, 2), (3, 30, 3), (4, 45, 1, True))
    points = rank_points(absent)
    assert points[1] == 1 and points[2] == Fraction(2, 3)
    assert points[0] == Fraction(1, 3) and points[3] == 0  # the better score of the two absent


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=2, max_size=5))
def test_a_table_gives_the_points_of_its_places(seats: list[tuple[int, bool]]) -> None:
    results = [
        Result(n, score, 1 + sum(other > score for other, _ in seats), absent)
        for n, (score, absent) in enumerate(seats)
    ]
    points = rank_points(results)
    n = len(seats)
    assert sum(points) == Fraction(n, 2)  # the places' points: 1 + … + 0
    assert all(0 <= p <= 1 for p in points)
    for a in range(n):
        for b in range(n):
            if results[a].absent and not results[b].absent:
                assert points[a] <= points[b]


def test_points_then_opponents_then_score_share_then_the_seed() -> None:
    # 1 and 2 both win one table and come last at the other: equal points.
    # 1's opponents did better (player 3 won a table), so 1 is ahead of 2.
    rounds = [
        table((1, 10, 1), (4, 5, 2)),
        table((2, 10, 1), (5, 5, 2)),
        table((3, 10, 1), (1, 2, 2)),
        table((6, 10, 1), (2, 4, 2)),  # 2 has the better score share
        table((3, 10, 1), (6, 5, 2)),
    ]
    rows = standings([1, 2, 3, 4, 5, 6], rounds, seed=1)
    order = [row.player for row in rows]
    assert order.index(1) < order.index(2)
    one, two = (next(row for row in rows if row.player == p) for p in (1, 2))
    assert one.points == two.points == 1
    assert one.opponents > two.opponents
    # Equal points and opponents: the score share decides.
    rounds = [table((1, 10, 1), (2, 9, 2)), table((3, 10, 1), (4, 2, 2))]
    rows = standings([1, 2, 3, 4], rounds, seed=1)
    assert [row.player for row in rows][2:] == [2, 4]
    assert rows[2].share == Fraction(9, 10)
    # Everything equal: the seed decides, the same way each time.
    alike = [table((1, 5, 1), (2, 5, 1))]
    first = [row.player for row in standings([1, 2], alike, seed=7)]
    assert first == [row.player for row in standings([1, 2], alike, seed=7)]
    assert {tuple(row.player for row in standings([1, 2], alike, seed=s)) for s in range(20)} == {
        (1, 2),
        (2, 1),
    }


def test_a_dropped_player_keeps_their_row_and_cannot_win() -> None:
    rounds = [table((1, 10, 1), (2, 5, 2), (None, 1, 3))]
    rows = standings([1, 2, 3], rounds, dropped={1}, seed=1)
    assert [(row.player, row.dropped, row.played) for row in rows] == [
        (1, True, 1),
        (2, False, 1),
        (3, False, 0),
    ]
    assert rows[1].points == Fraction(1, 2)  # an AI seat counts as a seat
    assert winner(rows) == 2
    assert winner(standings([1], rounds, dropped={1}, seed=1)) is None
