"""A greedy Gardens player: grow the largest group, rescue the most valuable flower.

Planting: among the cells that make the largest own group (see
`rules.plant_scores`), the seed picks one of those nearest the middle
(`ai.common.pick`, the seeded choice every AI draws its ties with).
In a storm: shelter the threatened flower whose rescue keeps the largest
group; pass when no flower of the seat is threatened. Always legal.
"""

from __future__ import annotations

from ai import MAX_HINTS
from ai import Hint
from ai.common import pick
from games.core import Action
from games.core import Message

from .rules import Pass
from .rules import Plant
from .rules import Shelter
from .rules import State
from .rules import answer_ranking
from .rules import legal_actions
from .rules import plant_scores

__all__ = ["choose", "hints"]


def choose(state: State, seat: int, seed: int) -> Action:
    """The AI's move for `seat` (one of its legal actions); deterministic for state and seed."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    if state.stormy:
        best: Shelter | Pass = answer_ranking(state, seat)[0]
        return best
    ranked = plant_scores(state, seat)
    top_value = ranked[0][1]
    ties = [cell for cell, value in ranked if value == top_value]
    return Plant(pick(ties, seed))


def hints(state: State, seat: int, seed: int) -> list[Hint]:
    """The best moves for `seat` as the AI ranks them, each with why."""
    if state.stormy:
        return [Hint(answer, Message("gardens.hint.storm", {})) for answer in answer_ranking(state, seat)][
            :MAX_HINTS
        ]
    return [
        Hint(Plant(cell), Message("gardens.hint.plant", {"size": -(-value // 100)}))
        for cell, value in plant_scores(state, seat)[:MAX_HINTS]
    ]
