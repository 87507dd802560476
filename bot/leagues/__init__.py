"""Leagues, the pure part: how a round's players are seated, and the standings.

Nothing here touches Discord, the database or the clock: `seating` splits a
round's players into tables and orders each table's seats, `standings` ranks
the players from the results of the tables played. The service stores what
they decide; both are deterministic from the league's seed.
"""

from __future__ import annotations

from bot.leagues.seating import AI, Seating, Tables, repeats, round_robin_rounds, seat_round, table_sizes
from bot.leagues.standings import Result, Row, rank_points, standings, winner

__all__ = [
    "AI",
    "Result",
    "Row",
    "Seating",
    "Tables",
    "rank_points",
    "repeats",
    "round_robin_rounds",
    "seat_round",
    "standings",
    "table_sizes",
    "winner",
]
