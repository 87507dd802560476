"""What the AIs of every game share: seeded tie-breaking and the shape of a decision.

An AI must give the same move for the same state and seed, so every random
choice it makes is drawn from `games.core.Rng` seeded with the decision's
seed: `pick` for a choice among equals, `Jitter` for the tiny noise that
breaks ties between moves valued alike (one draw per candidate, in order).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from typing import NamedTuple
from typing import Protocol
from typing import TypeVar

from games.core import Action
from games.core import Rng

__all__ = ["JITTER", "Decision", "Jitter", "Planner", "best_index", "decision", "only_move", "pick"]

#: Size of the seeded jitter that breaks ties: far below any difference a value means.
JITTER = 1e-6

T = TypeVar("T")


def only_move(legal: Sequence[T], seat: int) -> T | None:
    """The move to make without weighing anything: the only legal one (None when there are
    more). ValueError when there is none: the seat is not one that must act."""
    if not legal:
        raise ValueError(f"seat {seat} has no move to make")
    return legal[0] if len(legal) == 1 else None


def pick(options: Sequence[T], seed: int) -> T:
    """One of `options`, chosen uniformly by the seed."""
    index, _ = Rng.below(Rng.seed(seed), len(options))
    return options[index]


class Jitter:
    """Tiny seeded noise, one draw per call, so that ties do not always fall the same way."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng.seed(seed)

    def __call__(self) -> float:
        value, self._rng = Rng.next(self._rng)
        return JITTER * (value / 2.0**64)


def best_index(scores: Iterable[float], jitter: Jitter) -> int:
    """The index of the highest score, each score with a draw of `jitter` added in turn
    (the first one when none beats minus infinity)."""
    best, best_score = 0, float("-inf")
    for index, score in enumerate(scores):
        score += jitter()
        if score > best_score:
            best, best_score = index, score
    return best


class Decision(NamedTuple):
    """A move and how many positions were valued to find it (the work of the decision)."""

    action: Action
    valued: int


class Planner(Protocol):
    """Weighs the legal moves of one decision."""

    valued: int

    def best(self, legal: list[Action]) -> int:
        """The index of the move to make."""
        ...


def decision(legal: list[Action], seat: int, planner: Callable[[], Planner]) -> Decision:
    """The planner's move among `legal`; a single move is made without planning. ValueError
    when there is none: the seat is not one that must act."""
    only = only_move(legal, seat)
    if only is not None:
        return Decision(only, 0)
    chosen = planner()
    return Decision(legal[chosen.best(legal)], chosen.valued)
