"""The Easy Mauerbauer AI: Normal's judgement with the mistakes of a casual player.

It values every move with Normal's evaluation (`ai.mauerbauer.player.values`),
seeing what its seat may see only, but like a player who has not yet got the
hang of the game:

* it does not think about the dice: a wall that closes a city is valued with
  the pieces already on the board, never with the towers and houses the roll
  will bring (it closes the city that looks good now);
* it hardly watches the rivals: what a city or a card gives them counts for
  a fraction of what it gives itself (`RIVALS`), so it often closes a city
  that suits a rival's hand better than its own;
* it misjudges close calls: every value has seeded noise on it (`NOISE`
  points), so of two moves worth about the same it takes either, and of two
  clearly different ones the better (it never blunders at random);
* in the catch-up exchange it keeps its hand (it does not count the cards it
  has not seen yet).

The noise comes from the decision's seed: a state and a seed give one move.
"""

from __future__ import annotations

import random
from typing import Any

from ai.common import only_move
from ai.mauerbauer.evaluation import Weights
from ai.mauerbauer.player import values
from games.core import Action
from games.mauerbauer import rules
from games.mauerbauer.actions import DONE
from games.mauerbauer.state import EXCHANGE

__all__ = ["NOISE", "RIVALS", "choose"]

#: Standard deviation, in points, of the noise on every value.
NOISE = 5.0
#: How much the rivals' worth counts against its own (Normal: 1).
RIVALS = 0.0
_CARELESS = Weights(rivals=RIVALS)


def choose(state: Any, seat: int, seed: int) -> Action:
    """The Easy AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    legal = rules.legal_actions(state, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    if state.phase == EXCHANGE:
        return DONE
    rng = random.Random(seed)
    valued = values(state, seat, seed, _CARELESS, budget=0)
    return max(valued, key=lambda item: item[1] + rng.gauss(0.0, NOISE))[0]
