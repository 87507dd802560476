"""Seating a league round: which players share a table, and in which seat order.

The rules (the Leagues section of the Discord spec):

- Tables have sizes the game allows, at most `MOST_AT_A_TABLE`: the fewest
  tables, then as even as possible (11 → 4+4+3, 10 → 5+5, 5 in a 2–4 game →
  3+2). Where no split into legal sizes exists (5 players of a 3–4 game), the
  fewest AI seats that make one fill the smallest tables.
- Among the splits into those sizes, the one with the fewest repeated
  tablemates (a pair that met k times before counts k); in a Swiss round
  after the first, among those the one closest to the standings (the least
  spread of standing places at each table, leaders at the first table).
  The first round of Swiss, and every round of round robin, start from an
  order drawn from the league's seed instead of the standings.
- At each table the first seat goes to a player who sat there least often
  (ties drawn from the seed); AI seats come last.

Small rounds are searched exhaustively (the best split, proven); larger
ones by swapping players between tables from several starts until no swap
helps — deterministic, and well under a second for 64 players.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "AI",
    "MOST_AT_A_TABLE",
    "Seating",
    "Tables",
    "count_splits",
    "first_seats",
    "met_counts",
    "repeats",
    "round_robin_rounds",
    "seat_round",
    "table_sizes",
]

#: An AI seat in a table (a league's players are numbers: their user ids).
AI = None
#: No league table is larger than this, whatever the game allows.
MOST_AT_A_TABLE = 5
#: Rounds with at most this many splits are searched exhaustively.
EXHAUSTIVE_SPLITS = 6_000
#: Starts of the swap search for a larger round (the first is the standings' order).
STARTS = 6

#: A round: each table's seats in order, a player's id or `AI`.
Tables = tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True)
class Seating:
    """A seated round: the tables, and how many tablemates met before (`repeats`)."""

    tables: Tables
    repeats: int


def table_sizes(players: int, least: int, most: int) -> tuple[tuple[int, ...], int]:
    """The table sizes for that many players of a game of `least`..`most` seats (largest
    first), and how many of those seats are AI seats (0 while any legal split exists)."""
    most = min(most, MOST_AT_A_TABLE)
    least = max(least, 1)
    if least > most:
        raise ValueError(f"no table size between {least} and {most}")
    if players <= 0:
        return (), 0
    seats = players
    while True:
        tables = -(-seats // most)
        if tables * least <= seats:
            break
        seats += 1
    base, larger = divmod(seats, tables)
    return (base + 1,) * larger + (base,) * (tables - larger), seats - players


def met_counts(history: Iterable[Tables]) -> Counter[frozenset[int]]:
    """How often each pair of players shared a table in these rounds (AI seats aside)."""
    met: Counter[frozenset[int]] = Counter()
    for tables in history:
        for table in tables:
            people = [player for player in table if player is not AI]
            met.update(frozenset(pair) for pair in itertools.combinations(people, 2))
    return met


def first_seats(history: Iterable[Tables]) -> Counter[int]:
    """How often each player had the first seat of a table in these rounds."""
    return Counter(table[0] for tables in history for table in tables if table and table[0] is not AI)


def repeats(tables: Tables, met: Counter[frozenset[int]]) -> int:
    """The repeated tablemates of a round: each pair at a table counts the times it met before."""
    total = 0
    for table in tables:
        people = [player for player in table if player is not AI]
        total += sum(met[frozenset(pair)] for pair in itertools.combinations(people, 2))
    return total


def seat_round(
    players: Sequence[int],
    *,
    least: int,
    most: int,
    history: Sequence[Tables] = (),
    seed: int,
    number: int,
    swiss: bool,
) -> Seating:
    """Seat round `number` (from 1) of these players (in standing order, best first, for
    a Swiss round; any order otherwise) after the rounds of `history`."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    rng = random.Random(f"league/{seed}/{number}")
    order = list(players)
    by_standing = swiss and number > 1
    if not by_standing:
        order.sort()
        rng.shuffle(order)
    sizes, ai_seats = table_sizes(len(order), least, most)
    rooms = _rooms(sizes, ai_seats)
    met = met_counts(history)
    firsts = first_seats(history)
    n = len(order)
    matrix = [[met[frozenset((a, b))] if a != b else 0 for b in order] for a in order]
    search = _Search(matrix, rooms, weigh_spread=by_standing)
    groups = search.exhaustive() if count_splits(rooms) <= EXHAUSTIVE_SPLITS else search.swaps(rng, STARTS)
    # Leaders' tables first (by the best standing place at each).
    groups.sort(key=lambda group: min(group) if group else n)
    # Each group fills a table's room for people; the AI seats are what its size adds.
    free = sorted(zip(rooms, sizes, strict=True))
    tables = []
    for group in groups:
        size = next(size for room, size in free if room == len(group))
        free.remove((len(group), size))
        people = [order[index] for index in group]
        ties = {player: rng.random() for player in sorted(people)}
        people.sort(key=lambda player: (firsts[player], ties[player]))
        tables.append((*people, *([AI] * (size - len(group)))))
    seated = tuple(tables)
    return Seating(seated, repeats(seated, met))


def _rooms(sizes: Sequence[int], ai_seats: int) -> list[int]:
    """Each table's room for people: the AI seats go one each to the smallest tables, from the last."""
    rooms = list(sizes)
    index = len(rooms) - 1
    for _ in range(ai_seats):
        rooms[index] -= 1
        index = index - 1 if index > 0 else len(rooms) - 1
    return rooms


def count_splits(rooms: Sequence[int]) -> int:
    """How many different ways there are to split sum(rooms) players into those rooms."""
    total = math.factorial(sum(rooms))
    for room in rooms:
        total //= math.factorial(room)
    for count in Counter(rooms).values():
        total //= math.factorial(count)
    return total


class _Search:
    """The best split of players 0..n-1 (standing order) into groups of the rooms' sizes.

    Cost, compared as a pair: (repeated tablemates, spread of standing places) —
    the spread counts only where `weigh_spread` (a Swiss round after the first).
    """

    def __init__(self, met: list[list[int]], rooms: list[int], *, weigh_spread: bool) -> None:
        self.met = met
        self.rooms = rooms
        self.weigh_spread = weigh_spread

    def _cost(self, group: Sequence[int]) -> tuple[int, int]:
        met = self.met
        repeated = sum(met[a][b] for a, b in itertools.combinations(group, 2))
        spread = (max(group) - min(group)) if self.weigh_spread and group else 0
        return repeated, spread

    def exhaustive(self) -> list[list[int]]:
        """Every split (tables of equal room taken as the same), the best kept; branch and bound."""
        rooms = sorted(self.rooms, reverse=True)
        n = sum(rooms)
        groups: list[list[int]] = [[] for _ in rooms]
        best: list[list[int]] = []
        best_cost = (math.inf, math.inf)
        met = self.met

        def place(player: int, repeated: int, spread: int) -> None:
            nonlocal best, best_cost
            if (repeated, spread) >= best_cost:
                return
            if player == n:
                best, best_cost = [list(group) for group in groups], (repeated, spread)
                return
            tried_empty: set[int] = set()
            for index, group in enumerate(groups):
                if len(group) >= rooms[index]:
                    continue
                if not group:
                    if rooms[index] in tried_empty:
                        continue  # an empty table like one tried already: the same split
                    tried_empty.add(rooms[index])
                added = sum(met[player][other] for other in group)
                # Players come in standing order, so the table's spread grows by the step.
                grown = (player - group[-1]) if group and self.weigh_spread else 0
                group.append(player)
                place(player + 1, repeated + added, spread + grown)
                group.pop()

        place(0, 0, 0)
        return best

    def swaps(self, rng: random.Random, starts: int) -> list[list[int]]:
        """From the standings' order, then from orders drawn from `rng`: swap players between
        tables while that lowers the cost; the best result."""
        n = sum(self.rooms)
        best: list[list[int]] = []
        best_cost = (math.inf, math.inf)
        for start in range(starts):
            order = list(range(n))
            if start:
                rng.shuffle(order)
            groups, cursor = [], 0
            for room in self.rooms:
                groups.append(order[cursor : cursor + room])
                cursor += room
            self._climb(groups, rng)
            cost = self._total(groups)
            if cost < best_cost:
                best, best_cost = groups, cost
            if cost == (0, self._least_spread()):
                break
        return best

    def _least_spread(self) -> int:
        return sum(room - 1 for room in self.rooms if room) if self.weigh_spread else 0

    def _total(self, groups: Sequence[Sequence[int]]) -> tuple[int, int]:
        costs = [self._cost(group) for group in groups]
        return sum(c[0] for c in costs), sum(c[1] for c in costs)

    def _climb(self, groups: list[list[int]], rng: random.Random) -> None:
        met, weigh = self.met, self.weigh_spread
        pairs = [(a, b) for a in range(len(groups)) for b in range(a + 1, len(groups))]
        improved = True
        while improved:
            improved = False
            rng.shuffle(pairs)
            for a, b in pairs:
                first, second = groups[a], groups[b]
                for i, j in itertools.product(range(len(first)), range(len(second))):
                    p, q = first[i], second[j]
                    # What the swap changes: p leaves first for second, q the other way.
                    repeated = sum(met[q][x] - met[p][x] for x in first if x != p)
                    repeated += sum(met[p][y] - met[q][y] for y in second if y != q)
                    if repeated > 0:
                        continue
                    spread = 0
                    if weigh and repeated == 0:
                        before = _spread(first) + _spread(second)
                        first[i], second[j] = q, p
                        spread = _spread(first) + _spread(second) - before
                        first[i], second[j] = p, q
                    if (repeated, spread) < (0, 0):
                        first[i], second[j] = q, p
                        improved = True


def _spread(group: Sequence[int]) -> int:
    return max(group) - min(group)


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


def round_robin_rounds(players: Sequence[int], *, least: int, most: int, seed: int, cap: int) -> int:
    """How many rounds a round robin of these players needs (at most `cap`): until every
    two have shared a table once, seated as `seat_round` seats them, none dropping."""
    everyone = set(itertools.combinations(sorted(players), 2))
    history: list[Tables] = []
    for number in range(1, cap + 1):
        seating = seat_round(
            players, least=least, most=most, history=history, seed=seed, number=number, swiss=False
        )
        history.append(seating.tables)
        met = met_counts(history)
        if all(met[frozenset(pair)] for pair in everyone):
            return number
    return cap
