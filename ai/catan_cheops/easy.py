"""Easy: Normal's player (`ai.catan_cheops.player.Mind`) with the mistakes a beginner makes.

It sees what Normal sees (the seat's public state) and plays the same kind of
sensible moves, but:

* **It misjudges what builds are worth.** Every goal's value carries seeded
  noise (up to `NOISE` either way), so it often saves for the second-best
  build, as a player does who counts pips roughly.
* **It looks no further than the spot.** Founding settlements are chosen by
  the spot's own production only, never by the spots a road beyond it would
  reach: a beginner's look-ahead of one placement.
* **It overlooks the curse.** A pyramid block is worth only the points it
  changes at once; the threat of slipping into the curse (one block of
  another seat away) and the blessing about to pass go unnoticed.
* **It saves for one build at a time**: while it lacks cards for its target
  it builds nothing else with the cards the target does not need, so its
  hand grows and a 7 costs it half.
* **It forgets its harbours and its gold coins** at the bank: it trades only
  4:1, and only resources no harbour of its own serves.
* **It forgets to trade with the players.** It makes no offers, and it trades
  surplus at the bank only when that completes its build at once.
* **It robs the richest hex**, without weighing who leads or who holds cards.
* **It discards from its biggest piles** after a 7, whatever its builds need.
* **It forgets the largest army**: a knight is played to free its own hexes,
  never to win the army.

Every draw comes from the decision's seed, so a state and a seed always give
the same move.
"""

from __future__ import annotations

from typing import Any

from ai.catan_cheops.evaluation import NODE_YIELD
from ai.catan_cheops.player import BLOCK_BASE
from ai.catan_cheops.player import Goal
from ai.catan_cheops.player import Mind
from ai.catan_cheops.player import decide_as
from games.catan_cheops import actions as act
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import unpack
from games.core import Action
from games.core import Rng

__all__ = ["NOISE", "choose"]

#: How far (a fraction either way) a goal's value may be misjudged.
NOISE = 0.8
#: The bank's rate without a harbour, the only one Easy remembers, and the rate of one it forgets.
PLAIN_RATE = 4
FORGOTTEN = 99
#: A block valued this far from zero ends the game (Normal's values of a win and a loss).
WIN = 50.0


def choose(state: Any, seat: int, seed: int) -> Action:
    """Easy's move for `seat`: always one of `legal_actions(state, seat)`."""
    return decide_as(EasyMind, state, seat, seed)


class EasyMind(Mind):
    """Normal's decision with a beginner's misjudgements (see the module's docstring)."""

    # It saves for its one target and builds nothing else meanwhile.
    SPARE_WORTH = float("inf")

    def __init__(self, state: Any, seat: int, seed: int) -> None:
        super().__init__(state, seat, seed)
        # Harbours and gold coins forgotten: only the plain 4:1 trade comes to mind.
        remembered = [rate if rate == PLAIN_RATE else FORGOTTEN for rate in self.rates[:5]]
        self.rates = (*remembered, FORGOTTEN)
        # A stream of its own, so the tie-breaking jitter stays as Normal draws it.
        self._noise = Rng.seed(seed ^ 0x5EED)

    def _misjudged(self) -> float:
        value, self._noise = Rng.next(self._noise)
        return 1.0 + NOISE * (2.0 * value / 2.0**64 - 1.0)

    def _find_goals(self) -> list[Goal]:
        return [goal._replace(value=goal.value * self._misjudged()) for goal in super()._find_goals()]

    def _founding(self, legal: list[Move]) -> Move:
        if legal[0].kind != act.SETTLEMENT:
            return self._free_road(legal)
        return self._best([(sum(NODE_YIELD[move.a]), move) for move in legal])

    def _block_value(self, move: Move) -> float:
        # Only the points it changes at once, and never more than a small build is worth; a
        # block that wins or loses the game at once it does see.
        value = super()._block_value(move)
        return value if abs(value) >= WIN else min(0.2, value - BLOCK_BASE)

    def _standing_at_stake(self) -> float:
        return 0.0

    def _offer(self, target: Goal, legal: set[Move]) -> Move | None:
        return None

    def _progress_trade(self, target: Goal, legal: set[Move]) -> Move | None:
        return None

    def discard_scores(self, legal: list[Move]) -> list[tuple[float, Move]]:
        # The biggest piles first, whatever its builds need: the hand left as even as can be.
        hand = self.hand
        return [(-sum((h - d) ** 2 for h, d in zip(hand, unpack(m.a), strict=True)), m) for m in legal]

    def _army_gain(self) -> bool:
        return False

    def _army_close(self) -> bool:
        return False

    def _blocking_weight(self, other: int, lead: int) -> float:
        return 1.0

    def _robbing_worth(self, victim: int) -> float:
        return 1.0
