"""What finished games add up to: ratings after each game, `/stats` and `/leaderboard`.

Ratings are per person and game (see `bot.ratings` for the model). A game
is rated once, in the same transaction that stores the new ratings, so a
restart in the middle can neither skip nor repeat it. Games and wins are
counted from the finished games themselves rather than kept as counters, so
they can never disagree with the record.
"""

from __future__ import annotations

import logging

import games
import texts
from bot import ratings
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Reply
from bot.service.model import hints_on
from bot.service.model import seat_name
from bot.store import GameRow
from bot.store import Store
from games.core import Engine
from games.core import Outcome

__all__ = ["LEADERBOARD_SIZE", "Community"]

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 10


def _rating(stored: tuple[float, float] | None) -> ratings.Rating:
    return ratings.DEFAULT_RATING if stored is None else ratings.Rating(*stored)


class Community:
    """Ratings, statistics and leaderboards, read from the finished games in the store."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def rate(self, row: GameRow, outcome: Outcome, locale: str | None) -> list[str]:
        """Update the ratings of a finished game's players, once; the changes in words.

        Only games in a server are rated: a game at one terminal (no server) has
        players who may all be the same person, under names that mean nothing
        outside that terminal. Nor is a game with hints on: the AI helped its players.
        Either is marked rated all the same, so it is done once.
        """
        store = self._store
        if row.guild_id is None or hints_on(row):
            await store.record_ratings(row.id, row.engine, {})
            return []
        people = [seat.user_id for seat in row.seats if not seat.is_ai and seat.user_id is not None]
        current = await store.ratings(row.engine, people)
        entrants = [
            ratings.Entrant(ratings.ai_rating(row.engine, seat.level), True)
            if seat.is_ai or seat.user_id is None
            else ratings.Entrant(_rating(current.get(seat.user_id)), False)
            for seat in row.seats
        ]
        new = ratings.rate(entrants, outcome.ranks)
        if new is None:
            await store.record_ratings(row.id, row.engine, {})
            return []
        changed = {
            seat.user_id: (rating.mu, rating.sigma)
            for seat, rating in zip(row.seats, new, strict=True)
            if not seat.is_ai and seat.user_id is not None
        }
        shown = [
            (seat.seat, ratings.display(_rating(current.get(seat.user_id))), ratings.display(rating))
            for seat, rating in zip(row.seats, new, strict=True)
            if not seat.is_ai and seat.user_id is not None
        ]
        if not await store.record_ratings(row.id, row.engine, changed, shown):
            # Rated already (a summary posted again after a failure): the changes made then.
            shown = await store.rating_changes(row.id)
        names = {seat.seat: texts.escape_words(seat_name(seat, locale)) for seat in row.seats}
        return [
            texts.t(
                "ratings.change",
                locale,
                player=names.get(seat, "?"),
                before=before,
                after=after,
                delta=f"{after - before:+d}",
            )
            for seat, before, after in shown
        ]

    async def stats(self, caller: Caller, user_id: int, name: str, engine_id: str | None) -> Reply:
        """Games, wins and ratings of one person, per game; their favourite game.

        In a server, the games of that server: a server's members see what was
        played among them, and nothing of servers they may not share. In a direct
        message (no server) a person asks about themselves, and sees their games
        in every server; someone else's record is asked for in a server. The
        database does the counting (`Store.finished_counts`): a row per game comes
        back, never every game a person played. Ratings are a person's in every
        server (as on the leaderboard).
        """
        everywhere = caller.guild_id is None
        if everywhere and user_id != caller.user_id:
            raise PlayerError("stats.others_in_server")
        store = self._store
        counts = await store.finished_counts(user_id, guild_id=caller.guild_id, engine=engine_id)
        scope = "stats.scope.everywhere" if everywhere else "stats.scope.server"
        lines = [
            texts.t("stats.title", caller.locale, player=texts.escape_words(name)),
            texts.t(scope, caller.locale),
        ]
        if not counts:
            lines.append(texts.t("stats.none", caller.locale))
            return Reply("\n".join(lines))
        stored = await store.user_ratings(user_id)
        for engine in sorted(counts, key=lambda e: (-counts[e][0], e)):
            played, won = counts[engine]
            lines.append(
                texts.t(
                    "stats.line",
                    caller.locale,
                    game=_title(engine),
                    games=played,
                    wins=won,
                    rating=ratings.display(_rating(stored.get(engine))),
                )
            )
        favourite = max(counts, key=lambda e: (counts[e][0], e))
        lines.append(texts.t("stats.favourite", caller.locale, game=_title(favourite)))
        return Reply("\n".join(lines))

    async def leaderboard(self, caller: Caller, engine: Engine) -> Reply:
        """The server's ten best-rated players of one game (people are shown as mentions)."""
        rows = await self._store.rated_players(caller.guild_id, engine.id)
        ranked = sorted(rows, key=lambda r: (-ratings.display(ratings.Rating(r[1], r[2])), -r[1], r[0]))
        lines = [texts.t("leaderboard.title", caller.locale, game=engine.title)]
        if not ranked:
            lines.append(texts.t("leaderboard.empty", caller.locale))
        for place, (user_id, mu, sigma) in enumerate(ranked[:LEADERBOARD_SIZE], 1):
            rating = ratings.display(ratings.Rating(mu, sigma))
            lines.append(
                texts.t("leaderboard.line", caller.locale, place=place, player=f"<@{user_id}>", rating=rating)
            )
        return Reply("\n".join(lines))


def _title(engine_id: str) -> str:
    try:
        return games.get(engine_id).title
    except KeyError:
        return engine_id
