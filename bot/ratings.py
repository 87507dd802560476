"""Player ratings: how a finished game moves each player's skill estimate.

No database, no Discord, no clock: the game service calls `rate` when a game
ends and stores what it returns; `display` turns a stored rating into the
number players see; `ai_rating` is what an AI seat of a level brings (read
once from `ai/ratings.json`).

Choices, and why:

* **Plackett–Luce (OpenSkill, Weng–Lin).** Our games seat two to five players
  and end in a full finishing order, often with shared places. Elo only knows
  pairs; splitting a five-player game into ten duels counts the same result
  ten times over. Plackett–Luce models the whole finishing order at once
  (first beat everyone, second beat everyone but the first, ...), handles
  ties, and keeps an uncertainty `sigma` next to the skill `mu`, so a new
  player's rating settles quickly while an established one moves slowly.

* **A fixed, measured rating for each AI level.** An AI seat plays at a known
  strength, so it takes part as an opponent with the rating its game's level
  was measured at (`ai_rating`): a firm yardstick, so finishing above or below
  it tells the model something about the humans. The measurement is
  `scripts/ai_strength.py --ladder`: every level and the baselines (random,
  greedy) play hundreds of seeded four-player games against each other, and
  this module's model fits each one's rating from them, from the same start as
  a newcomer's; it writes `ai/ratings.json` ({game: {player: {mu, sigma}}}).
  An Easy AI is thus rated below a Hard one by as much as they differ, not
  both at 25. A game or level the ladder has not measured takes part with `mu`
  25 and a small `sigma` (`AI_RATING`), as every AI seat did before. An AI's
  rating never changes with the games people play, because the bots do not
  learn from them and a drifting AI rating would only measure who happened to
  sit with it. A game with fewer
  than two humans is not rated at all: a rating says how someone plays
  against people, and a lone human could otherwise climb by replaying easy
  games against the bots.

* **A conservative number on display.** Players see `mu - 3*sigma`, the skill
  the system is almost sure a player has, rather than `mu`. A newcomer
  therefore starts at the bottom of what they might be and climbs as the
  evidence of good play accumulates; one lucky first win cannot put them at
  the top of a leaderboard. The estimate is mapped to a familiar scale,
  `1000 + 40 * (mu - 3*sigma)`, so a new player starts at exactly 1000
  (`mu - 3*sigma` is 0 for the default rating), a newcomer's first win over
  another newcomer is worth about 140 points, and the range the model
  produces in practice (about -10 to 35) lands between 600 and 2400.

`rate` is deterministic and independent of seat order: the entrants are put
into one canonical order before the model sees them, so permuting the
entrants (with their ranks) permutes the result and nothing else, down to
the last bit of every float.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from openskill.models import PlackettLuce
from openskill.models import PlackettLuceRating

log = logging.getLogger(__name__)

__all__ = [
    "AI_LADDER",
    "AI_RATING",
    "DEFAULT_RATING",
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "MIN_RATED_HUMANS",
    "Entrant",
    "Rating",
    "ai_rating",
    "display",
    "fit",
    "rate",
]


@dataclass(frozen=True)
class Rating:
    """A skill estimate: the mean `mu` and its standard deviation `sigma`."""

    mu: float
    sigma: float

    def __post_init__(self) -> None:
        if not math.isfinite(self.mu):
            raise ValueError(f"rating mu must be finite, not {self.mu!r}")
        if not (math.isfinite(self.sigma) and self.sigma > 0):
            raise ValueError(f"rating sigma must be finite and positive, not {self.sigma!r}")


@dataclass(frozen=True)
class Entrant:
    """One seat of a finished game: the rating it brought and whether a bot played it."""

    rating: Rating
    is_ai: bool


# The model's own defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300), spelled
# out so that a library upgrade cannot silently change how players are rated.
_DEFAULT_MU = 25.0
_DEFAULT_SIGMA = 25.0 / 3.0
_MODEL = PlackettLuce(mu=_DEFAULT_MU, sigma=_DEFAULT_SIGMA, beta=25.0 / 6.0, tau=25.0 / 300.0)

DEFAULT_RATING = Rating(mu=_DEFAULT_MU, sigma=_DEFAULT_SIGMA)
"""Where every human starts."""

AI_RATING = Rating(mu=25.0, sigma=2.0)
"""What an AI seat of a game or level the ladder has not measured plays as: average
strength, and known to be so."""

AI_LADDER = Path(__file__).resolve().parent.parent / "ai" / "ratings.json"
"""The AI levels' fitted ratings, {game: {player: {"mu": .., "sigma": ..}}} (the ladder's)."""

#: The ladder as read (None: not yet read).
_ladder: Mapping[str, Mapping[str, Rating]] | None = None

MIN_RATED_HUMANS = 2
"""A game with fewer humans than this is not rated."""

DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
"""`display` shows `DISPLAY_BASE + DISPLAY_SCALE * (mu - 3*sigma)`, never below 0."""

_CONSERVATIVE_SIGMAS = 3.0


def display(rating: Rating) -> int:
    """The number players see: a conservative skill estimate on a scale starting at 1000.

    `display(DEFAULT_RATING)` is exactly `DISPLAY_BASE` (1000). The value is
    rounded to the nearest integer and never shown below 0, because a
    negative rating reads as an error rather than as a beginner.
    """
    conservative = rating.mu - _CONSERVATIVE_SIGMAS * rating.sigma
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * conservative))


def ai_rating(game_id: str, level: str) -> Rating:
    """What an AI seat of `level` brings to a rated game of `game_id`: its fitted rating
    (`AI_LADDER`), or `AI_RATING` where the ladder has none."""
    global _ladder
    if _ladder is None:
        _ladder = read_ladder(AI_LADDER)
    return _ladder.get(game_id, {}).get(level, AI_RATING)


def read_ladder(path: Path) -> dict[str, dict[str, Rating]]:
    """The ratings in a ladder file; none (logged) when it is missing or damaged, so that
    the AI seats play as `AI_RATING` rather than stop a game's end."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
        return {
            str(game): {
                str(player): Rating(float(r["mu"]), float(r["sigma"])) for player, r in players.items()
            }
            for game, players in found.items()
        }
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
        log.warning("the AI ladder %s cannot be read (%s); AI seats play as rated %s", path, error, AI_RATING)
        return {}


def rate(entrants: Sequence[Entrant], ranks: Sequence[int]) -> list[Rating] | None:
    """The rating of every entrant after a game they finished in the given places.

    `ranks[i]` is entrant `i`'s 1-based finishing place; tied entrants share a
    rank, as in `games.core.Outcome.ranks`. Human entrants get their updated
    rating; AI entrants take part as opponents but are returned exactly as
    given (the service seats them with `AI_RATING`). Returns None when fewer
    than `MIN_RATED_HUMANS` entrants are human: such a game is not rated.

    Raises ValueError when `ranks` does not give one place (at least 1) per
    entrant.
    """
    if len(ranks) != len(entrants):
        raise ValueError(f"{len(entrants)} entrants but {len(ranks)} ranks")
    for rank in ranks:
        # bool is an int subclass, but True as a place is a caller's mistake.
        if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
            raise ValueError(f"ranks must be integers of at least 1, not {rank!r}")
    if sum(1 for entrant in entrants if not entrant.is_ai) < MIN_RATED_HUMANS:
        return None

    # The model sums over the seats in the order it gets them, so two seat
    # orders could differ in the last bit. A canonical order removes that, and
    # entrants that tie on the whole key are interchangeable: each gets the
    # result of the first of them (the model itself may differ in the last bit
    # between two equal seats), so they are equal wherever they sit.
    def key(i: int) -> tuple[int, float, float, bool]:
        return (ranks[i], entrants[i].rating.mu, entrants[i].rating.sigma, entrants[i].is_ai)

    order = sorted(range(len(entrants)), key=key)
    teams = [[_MODEL.rating(mu=entrants[i].rating.mu, sigma=entrants[i].rating.sigma)] for i in order]
    updated = _MODEL.rate(teams, ranks=[float(ranks[i]) for i in order])

    first_of: dict[tuple[int, float, float, bool], Rating] = {}
    result: list[Rating] = [entrant.rating for entrant in entrants]
    for position, index in enumerate(order):
        if not entrants[index].is_ai:
            result[index] = first_of.setdefault(key(index), _to_rating(updated[position][0]))
    return result


def fit(games: Iterable[tuple[Sequence[str], Sequence[int]]]) -> dict[str, Rating]:
    """Each player's rating (by name) fitted from `games` in their order, each its players
    (a seat each) and their 1-based places: every player starts where a newcomer does
    (`DEFAULT_RATING`) and every one moves, with this module's model (the AI ladder's
    measurement). A player in several seats of a game takes the mean of their results."""
    fitted: dict[str, Rating] = {}
    for players, ranks in games:
        before = [fitted.get(name, DEFAULT_RATING) for name in players]
        teams = [[_MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
        updated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
        seats_of: dict[str, list[Rating]] = {}
        for name, (rating,) in zip(players, updated, strict=True):
            seats_of.setdefault(name, []).append(_to_rating(rating))
        for name, seats in seats_of.items():
            fitted[name] = Rating(
                math.fsum(r.mu for r in seats) / len(seats), math.fsum(r.sigma for r in seats) / len(seats)
            )
    return fitted


def _to_rating(player: PlackettLuceRating) -> Rating:
    return Rating(mu=float(player.mu), sigma=float(player.sigma))
