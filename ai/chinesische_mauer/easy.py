"""The Easy Chinesische Mauer player: Normal's judgement with a beginner's mistakes.

It values moves with Normal's evaluation (`ai.chinesische_mauer.evaluation`)
on the seat's view only, and errs the way a new player does:

* it thinks one action at a time: each move is weighed alone, never the
  two actions of a turn together (so it may draw, then find nothing good to
  do with the second action, or split cards a pair of plays would combine);
* its estimates are rough: every move's worth gets seeded noise of up to
  `NOISE` fame points either way, so it often misjudges which of two good
  moves is better;
* in three decisions of four (`CARELESS`) it overlooks the others: it
  thinks a lead cannot be taken from it and ignores what the rivals gain
  (`CARELESS_WEIGHTS`), so it leaves thin leads and lets rivals score.

When it must score it takes what it can, and lays its tile where Normal
would, up to the same noise. The same state and seed give the same move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ai.chinesische_mauer.evaluation import DEFAULT_WEIGHTS
from ai.chinesische_mauer.evaluation import Context
from ai.chinesische_mauer.model import Move
from ai.chinesische_mauer.model import position_from_view
from ai.chinesische_mauer.player import _best_single
from ai.chinesische_mauer.player import _choose_scoring
from ai.chinesische_mauer.player import _Planner
from ai.chinesische_mauer.seat import decide_on_view
from ai.common import JITTER
from ai.common import Jitter
from games.core import Action
from games.core import Rng

__all__ = ["CARELESS", "CARELESS_WEIGHTS", "NOISE", "choose", "choose_move"]

#: Up to how many fame points a move's worth is misjudged, either way.
NOISE = 6.0
#: The share of decisions in which the rivals are overlooked.
CARELESS = 0.75
#: The evaluation of a careless moment: no rival ever adds a point, their points cost nothing.
CARELESS_WEIGHTS = replace(DEFAULT_WEIGHTS, rival=0.0, threat=(1.0, 0.0))


class Noise(Jitter):
    """Seeded noise of up to `scale` either way, one draw per call (a coarse `Jitter`)."""

    def __init__(self, seed: int, scale: float) -> None:
        super().__init__(seed)
        self._scale = scale

    def __call__(self) -> float:
        unit = super().__call__() / JITTER
        return self._scale * (2.0 * unit - 1.0)


def choose(state: Any, seat: int, seed: int) -> Action:
    """Easy's move for `seat`: always one of `legal_actions(state, seat)`."""
    return decide_on_view(state, seat, seed, choose_move)


def choose_move(view: dict[str, Any], moves: Sequence[Move], seed: int) -> int:
    """Index into `moves` (the legal moves, as notation) of Easy's move."""
    position = position_from_view(view)
    careless_draw, _ = Rng.next(Rng.seed(seed))
    careless = careless_draw / 2.0**64 < CARELESS
    context = Context.of(position, CARELESS_WEIGHTS if careless else DEFAULT_WEIGHTS)
    noise = Noise(seed + 1, NOISE)
    if position.pending:
        return _choose_scoring(position, moves, context, noise)
    return _best_single(_Planner(position, moves, context), range(len(moves)), noise)
