"""The Easy China AI: Normal's look-ahead with the mistakes of a beginner.

It weighs the same moves as Normal (`ai.china.player.ranked`), on the same
public state, but with a beginner's judgement (`EASY_WEIGHTS`) and a
misjudgement on top:

* it plays its own game: the rivals' projected points do not count, so it
  neither blocks a rival's majority nor minds handing a rival a province;
* it overlooks long-term plans: chains of houses and half-built alliances
  are worth nothing to it, and it thinks little of the cards it keeps for
  later turns;
* it misjudges: every move's worth gets a seeded error of up to `NOISE`
  points, so a move a point or two worse than the best is often made, but
  not a move that throws many points away.

Its moves stay sensible (it still counts the points a placement scores and
the majorities it builds), and a state and a seed always give the same move.
"""

from __future__ import annotations

from typing import Any

from ai.china import player
from ai.china.evaluation import Weights
from ai.common import only_move
from games.core import Action
from games.core import Rng

__all__ = ["EASY_WEIGHTS", "NOISE", "choose"]

#: A beginner's judgement: no rivals, no chains, no half alliances, little thought for the hand.
EASY_WEIGHTS = Weights(
    rival_max=0.0, rival_mean=0.0, half_alliance=0.0, chain=0.0, chain_partial=(0.0,) * 4, hand=0.2
)
#: The largest error, in points, on a move's worth.
NOISE = 2.0


def choose(state: Any, seat: int, seed: int) -> Action:
    """The Easy AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    moves = player.ranked(state, seat, seed, EASY_WEIGHTS)
    if only_move(moves, seat) is not None:
        return moves[0][0]
    misjudged = [worth + error for (_, worth), error in zip(moves, _errors(seed, len(moves)), strict=True)]
    return moves[max(range(len(moves)), key=misjudged.__getitem__)][0]


def _errors(seed: int, count: int) -> list[float]:
    """`count` seeded errors, each between -NOISE and NOISE points."""
    rng = Rng.seed(seed)
    errors = []
    for _ in range(count):
        draw, rng = Rng.next(rng)
        errors.append(NOISE * (2 * draw / 2.0**64 - 1))
    return errors
