"""Leagues, the pure part: how a round's players are seated, and the standings.

Nothing here touches Discord, the database or the clock: `seating` splits a
round's players into tables and orders each table's seats, `standings` ranks
the players from the results of the tables played. The service stores what
they decide; both are deterministic from the league's seed.
"""

from __future__ import annotations

from bot.leagues.seating import AI
from bot.leagues.seating import Seating
from bot.leagues.seating import Tables
from bot.leagues.seating import repeats
from bot.leagues.seating import round_robin_rounds
from bot.leagues.seating import seat_round
from bot.leagues.seating import table_sizes
from bot.leagues.standings import Result
from bot.leagues.standings import Row
from bot.leagues.standings import rank_points
from bot.leagues.standings import standings
from bot.leagues.standings import winner

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
