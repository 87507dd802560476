"""League seating: table sizes, everyone seated once, the fewest repeated tablemates.

The property sweep runs every number of players from 2 to 64 against every
registered game's seat range, six rounds with players dropping at random:
each player still in is seated exactly once a round, the table sizes are
legal (AI seats only where no split of people alone is), and the repeated
tablemates are never above what the best split allows — proven against every
split where there are few enough to list, and against many drawn splits
where there are not.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import games
from bot.leagues.seating import AI
from bot.leagues.seating import MOST_AT_A_TABLE
from bot.leagues.seating import Tables
from bot.leagues.seating import count_splits
from bot.leagues.seating import first_seats
from bot.leagues.seating import met_counts
from bot.leagues.seating import repeats
from bot.leagues.seating import round_robin_rounds
from bot.leagues.seating import seat_round
from bot.leagues.seating import table_sizes

#: Splits listed in full to prove the best one (more: drawn at random).
LISTED = 3_000
DRAWN = 30


def seat_ranges() -> list[tuple[int, int]]:
    return sorted({(engine.min_players, engine.max_players) for engine in games.all()})


def legal_split_exists(players: int, least: int, most: int) -> bool:
    most = min(most, MOST_AT_A_TABLE)
    return any(k * least <= players <= k * most for k in range(1, players + 1))


@pytest.mark.parametrize(
    ("players", "least", "most", "sizes", "ai"),
    [
        (11, 3, 5, (4, 4, 3), 0),
        (10, 3, 5, (5, 5), 0),
        (5, 2, 4, (3, 2), 0),
        (5, 3, 4, (3, 3), 1),
        (2, 3, 4, (3,), 1),
        (6, 2, 5, (3, 3), 0),
        (7, 3, 4, (4, 3), 0),
        (64, 2, 8, (5,) * 12 + (4,), 0),
        (0, 3, 4, (), 0),
    ],
)
def test_the_fewest_tables_as_even_as_possible(
    players: int, least: int, most: int, sizes: tuple[int, ...], ai: int
) -> None:
    assert table_sizes(players, least, most) == (sizes, ai)


@pytest.mark.parametrize(("least", "most"), seat_ranges())
def test_table_sizes_for_every_count_of_players(least: int, most: int) -> None:
    for players in range(2, 65):
        sizes, ai = table_sizes(players, least, most)
        assert sum(sizes) == players + ai
        assert all(least <= size <= min(most, MOST_AT_A_TABLE) for size in sizes)
        assert max(sizes) - min(sizes) <= 1
        assert (ai == 0) == legal_split_exists(players, least, most)
        # The fewest tables: one fewer could not hold everyone.
        assert (len(sizes) - 1) * min(most, MOST_AT_A_TABLE) < players + ai
        if ai:
            assert ai <= len(sizes)  # at most one AI seat a table


def splits(people: Sequence[int], rooms: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every split of `people` into groups of these sizes (groups of equal size unordered)."""
    if not rooms:
        yield []
        return
    first, rest = people[0], people[1:]
    sizes = sorted(set(rooms))
    for size in sizes:
        left = list(rooms)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in splits(remaining, left):
                yield [(first, *others), *tail]


def best_possible(people: list[int], rooms: list[int], history: Sequence[Tables]) -> int:
    """The fewest repeated tablemates any split allows (listed in full)."""
    met = met_counts(history)
    return min(repeats(tuple(split), met) for split in splits(people, rooms))


def drawn_best(people: list[int], rooms: list[int], history: Sequence[Tables], seed: int) -> int:
    """The fewest repeated tablemates among `DRAWN` random splits."""
    met = met_counts(history)
    rng = random.Random(seed)
    best = math.inf
    for _ in range(DRAWN):
        order = list(people)
        rng.shuffle(order)
        groups, cursor = [], 0
        for room in rooms:
            groups.append(tuple(order[cursor : cursor + room]))
            cursor += room
        best = min(best, repeats(tuple(groups), met))
    return int(best)


def check_round(
    tables: Tables, active: list[int], least: int, most: int, history: Sequence[Tables], seed: int
) -> None:
    seated = [player for table in tables for player in table if player is not AI]
    assert sorted(seated) == sorted(active), "everyone still in, seated exactly once"
    sizes, ai = table_sizes(len(active), least, most)
    assert sorted(len(table) for table in tables) == sorted(sizes)
    assert sum(table.count(AI) for table in tables) == ai
    for table in tables:
        assert all(seat is AI for seat in table[len(table) - table.count(AI) :]), "AI seats come last"
    # The first seat goes to one of the table's people who sat there least often.
    firsts = first_seats(history)
    for table in tables:
        people = [player for player in table if player is not AI]
        assert table[0] is not AI
        assert firsts[table[0]] == min(firsts[player] for player in people)
    rooms = [len(table) - table.count(AI) for table in tables]
    got = repeats(tables, met_counts(history))
    if count_splits(rooms) <= LISTED:
        assert got == best_possible(sorted(active), rooms, history)
    else:
        assert got <= drawn_best(sorted(active), rooms, history, seed)


def play_league(players: int, least: int, most: int, seed: int, *, swiss: bool, drop_chance: float) -> None:
    rng = random.Random(seed)
    active = [1000 + n for n in range(players)]
    history: list[Tables] = []
    for number in range(1, 7):
        if number > 1 and len(active) > 2:
            active = [p for p in active if rng.random() >= drop_chance] or active[:2]
        # Standings after earlier rounds: some order of the players still in.
        standing = sorted(active, key=lambda _: rng.random())
        seating = seat_round(
            standing, least=least, most=most, history=history, seed=seed, number=number, swiss=swiss
        )
        check_round(seating.tables, active, least, most, history, seed + number)
        assert seating.repeats == repeats(seating.tables, met_counts(history))
        history.append(seating.tables)


@pytest.mark.parametrize(("least", "most"), seat_ranges())
@pytest.mark.parametrize("swiss", [True, False])
def test_six_rounds_for_every_count_of_players(least: int, most: int, swiss: bool) -> None:
    for players in range(2, 65):
        play_league(players, least, most, seed=players * 31 + least, swiss=swiss, drop_chance=0.1)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 64),
    seat_range=st.sampled_from(seat_ranges()),
    seed=st.integers(0, 1 << 62),
    swiss=st.booleans(),
    drop_chance=st.floats(0, 0.4),
)
def test_six_rounds_with_random_drops(
    players: int, seat_range: tuple[int, int], seed: int, swiss: bool, drop_chance: float
) -> None:
    play_league(players, *seat_range, seed, swiss=swiss, drop_chance=drop_chance)


def test_seating_is_deterministic_from_the_seed() -> None:
    players = list(range(1, 21))

    def seat(seed: int) -> Tables:
        return seat_round(players, least=3, most=5, seed=seed, number=1, swiss=True).tables

    assert seat(5) == seat(5)
    assert seat(5) != seat(6)


def test_a_swiss_round_seats_the_leaders_together() -> None:
    standing = [7, 3, 9, 1, 4, 8, 2, 6]
    tables = seat_round(standing, least=3, most=4, seed=1, number=2, swiss=True).tables
    assert [set(table) for table in tables] == [{7, 3, 9, 1}, {4, 8, 2, 6}]


def test_a_swiss_round_avoids_a_rematch_before_the_standings() -> None:
    standing = [1, 2, 3, 4, 5, 6]
    history: list[Tables] = [((1, 2, 3), (4, 5, 6))]
    tables = seat_round(standing, least=3, most=3, history=history, seed=1, number=2, swiss=True).tables
    assert repeats(tables, met_counts(history)) == 2  # each table of 3 holds two of one old table
    history = [((1, 2, 3), (4, 5, 6)), ((1, 4, 5), (2, 3, 6))]
    # Tables of two: after these rounds a split without a rematch exists and is chosen.
    tables = seat_round(standing, least=2, most=2, history=history, seed=1, number=3, swiss=True).tables
    assert repeats(tables, met_counts(history)) == 0


def test_first_seats_rotate() -> None:
    players = list(range(12))
    history: list[Tables] = []
    for number in range(1, 7):
        history.append(
            seat_round(players, least=3, most=4, history=history, seed=3, number=number, swiss=True).tables
        )
    # Three tables of four, six rounds: 18 first seats for 12 players, nobody thrice.
    assert max(first_seats(history).values()) <= 2


def test_a_round_robin_lasts_until_everyone_met() -> None:
    players = [10, 20, 30, 40, 50]
    rounds = round_robin_rounds(players, least=2, most=4, seed=4, cap=20)
    history: list[Tables] = []
    for number in range(1, rounds + 1):
        history.append(
            seat_round(players, least=2, most=4, history=history, seed=4, number=number, swiss=False).tables
        )
        met = met_counts(history)
        everyone = all(met[frozenset(pair)] for pair in itertools.combinations(players, 2))
        assert everyone == (number == rounds)
    # Tables of 3 and 2 meet 4 of the 10 pairs a round: at least 3 rounds.
    assert rounds >= 3
    assert round_robin_rounds(players, least=2, most=4, seed=4, cap=2) == 2
    assert round_robin_rounds([1, 2, 3, 4], least=2, most=5, seed=4, cap=9) == 1
