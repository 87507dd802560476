"""A league's standings from the results of its finished tables.

A table of n seats gives rank points (n − rank) / (n − 1): 1 for first, 0
for last; players tied share the points of the places they cover (their
average). A player whose move deadline passed in that game (`absent`) ranks
last at the table — among several such, by score. The standings order
players by points, then by their opponents' average points (each opponent
counted once per table shared, with their points per game), then by their
game score as a share of their table winner's score (the average over their
games), then by a draw from the league's seed. Points are exact fractions,
so equal sums compare equal however they were added.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Result", "Row", "rank_points", "standings", "winner"]


@dataclass(frozen=True)
class Result:
    """One seat's result at a finished table: the player (None: an AI seat), the game's
    score and rank (1 best, ties share a rank), and whether their deadline passed."""

    player: int | None
    score: float
    rank: int
    absent: bool = False


@dataclass(frozen=True)
class Row:
    """One player's line of the standings."""

    place: int
    player: int
    points: Fraction
    played: int
    #: Tie-breaks: opponents' average points per game; score as a share of the table winner's.
    opponents: Fraction
    share: Fraction
    dropped: bool


def rank_points(table: Sequence[Result]) -> list[Fraction]:
    """Each seat's rank points at this table, in seat order."""
    n = len(table)
    if n < 2:
        return [Fraction(1)] * n

    def key(result: Result) -> tuple[int, float]:
        # The absent after everyone else, best score first among them.
        return (1, -result.score) if result.absent else (0, result.rank)

    order = sorted(range(n), key=lambda seat: key(table[seat]))
    points = [Fraction(0)] * n
    place = 1
    while place <= n:
        first = order[place - 1]
        tied = [seat for seat in order if key(table[seat]) == key(table[first])]
        covered = range(place, place + len(tied))
        shared = sum((Fraction(n - p, n - 1) for p in covered), Fraction(0)) / len(tied)
        for seat in tied:
            points[seat] = shared
        place += len(tied)
    return points


def _share(table: Sequence[Result], seat: int) -> Fraction:
    """The seat's score as a share of the table winner's (1 for the best score)."""
    best = max(Fraction(result.score) for result in table)
    score = Fraction(table[seat].score)
    if best > 0:
        return score / best
    return Fraction(1) if score == best else Fraction(0)


def standings(
    players: Sequence[int], tables: Iterable[Sequence[Result]], *, dropped: Collection[int] = (), seed: int
) -> list[Row]:
    """Every player of the league ranked (those without a game yet too), best first."""
    points = {player: Fraction(0) for player in players}
    played = dict.fromkeys(players, 0)
    shares: dict[int, list[Fraction]] = {player: [] for player in players}
    faced: dict[int, list[int]] = {player: [] for player in players}
    for table in tables:
        for seat, gained in enumerate(rank_points(table)):
            player = table[seat].player
            if player is None or player not in points:
                continue
            points[player] += gained
            played[player] += 1
            shares[player].append(_share(table, seat))
            faced[player] += [r.player for r in table if r.player is not None and r.player != player]

    def average(player: int) -> Fraction:
        return points[player] / played[player] if played[player] else Fraction(0)

    def opponents(player: int) -> Fraction:
        met = [average(other) for other in faced[player] if other in points]
        return sum(met, Fraction(0)) / len(met) if met else Fraction(0)

    def share(player: int) -> Fraction:
        return sum(shares[player], Fraction(0)) / len(shares[player]) if shares[player] else Fraction(0)

    rng = random.Random(f"league/{seed}/standings")
    drawn = {player: rng.random() for player in sorted(players)}
    order = sorted(players, key=lambda p: (-points[p], -opponents(p), -share(p), drawn[p]))
    return [
        Row(place, p, points[p], played[p], opponents(p), share(p), p in dropped)
        for place, p in enumerate(order, start=1)
    ]


def winner(rows: Iterable[Row]) -> int | None:
    """The top player who did not drop (None: everyone dropped)."""
    return next((row.player for row in rows if not row.dropped), None)
