"""The AI player for China.

`choose(state, seat, seed)` first turns the state into the seat's public
state (`ai.china.evaluation.public_state`): other hands and the deck order are
replaced by stand-ins of the same sizes before anything is weighed, so the
AI sees only what the seat may see (its own hand, the open cards, the
discards, the board, supplies, sizes and scores). The legal moves of the
real state are the legal moves of the public one: they depend on nothing
hidden.

A decision looks ahead over the rest of the seat's own turn, one step being
one action of the engine:

* placing: every first placement, each followed by every possible second
  placement or by ending there, is valued by the position it leaves
  (`ai.china.evaluation.Evaluation`: points scored, projected majorities,
  alliances and chains of every seat, mine against the rivals') plus the
  worth of the hand after refilling it as well as possible. A swap is
  valued by the hand it gives. The first action of the best plan is made;
  the next step plans again (cheap, and the plan stays the same);
* refilling: each take is valued by the best way to finish the refill, an
  open card known, a deck card by the chances of the colours not seen.

Ties are broken by a tiny seeded jitter (`ai.common.Jitter`), so a state and a
seed always give the same move.
"""

from __future__ import annotations

from typing import Any

import games.china
from ai.china.evaluation import DEFAULT_WEIGHTS
from ai.china.evaluation import Context
from ai.china.evaluation import Evaluation
from ai.china.evaluation import Weights
from ai.china.evaluation import public_state
from ai.common import Decision
from ai.common import Jitter
from ai.common import best_index
from ai.common import decision
from games.china import rules
from games.china.actions import End
from games.china.actions import Pass
from games.china.actions import Place
from games.china.actions import Swap
from games.china.actions import Take
from games.china.data import HAND_SIZE
from games.china.state import DECK
from games.china.state import PLACE
from games.china.state import REFILL
from games.china.state import State
from games.core import Action

__all__ = ["Decision", "best_ideas", "choose", "decide", "ranked"]

ENGINE_ID = "china"


def choose(state: Any, seat: int, seed: int) -> Action:
    """The AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    return decide(state, seat, seed).action


def decide(state: State, seat: int, seed: int, weights: Weights = DEFAULT_WEIGHTS) -> Decision:
    """`choose`, with the work it took; other weights serve to measure and tune them."""
    legal = games.china.ENGINE.legal_actions(state, seat)
    return decision(legal, seat, lambda: _Planner(public_state(state, seat), seat, seed, weights))


def ranked(
    state: State, seat: int, seed: int, weights: Weights = DEFAULT_WEIGHTS
) -> list[tuple[Action, float]]:
    """Every legal move of the seat with its worth as `decide` weighs it (the same jitter,
    drawn in the same order), best first: the first is the move `decide` makes."""
    legal = games.china.ENGINE.legal_actions(state, seat)
    planner = _Planner(public_state(state, seat), seat, seed, weights)
    worths = [planner.worth(action) + planner.jitter() for action in legal]
    order = sorted(range(len(legal)), key=lambda index: (-worths[index], index))
    return [(legal[index], worths[index]) for index in order]


def best_ideas(ranked_moves: list[tuple[Action, float]], count: int) -> list[Action]:
    """The best move of each idea among `ranked_moves` (best first), at most `count`: a
    placement's idea is its piece and province (where on it and how it is paid are
    details); any other move is an idea of its own."""
    ideas: list[Action] = []
    seen: set[Any] = set()
    for action, _ in ranked_moves:
        idea = (action.piece, action.province) if isinstance(action, Place) else action
        if idea not in seen:
            seen.add(idea)
            ideas.append(action)
            if len(ideas) == count:
                break
    return ideas


class _Planner:
    """Values the moves of one decision on the public state."""

    def __init__(self, public: State, seat: int, seed: int, weights: Weights) -> None:
        self.state = public
        self.seat = seat
        self.context = Context.of(public, seat, weights)
        self.evaluation = Evaluation.of(public, self.context)
        self.base = self.evaluation.utility(self.evaluation.base_totals())
        self.jitter = Jitter(seed)
        self._finished: dict[tuple[Any, ...], float] = {}
        #: Positions valued in this decision (a bound for tests).
        self.valued = 0

    def best(self, legal: list[Action]) -> int:
        return best_index((self.worth(action) for action in legal), self.jitter)

    def worth(self, action: Action) -> float:
        state = self.state
        if state.step == REFILL:
            assert isinstance(action, Take)
            return self._take_worth(action)
        if isinstance(action, Place):
            return self._place_worth(rules.apply(state, self.seat, action), action.province)
        if isinstance(action, End):
            return self._finish(state, state.province)
        if isinstance(action, Swap):
            return self._swap_worth(action)
        assert isinstance(action, Pass)
        return self.base

    # -- placing ---------------------------------------------------------------------------------

    def _place_worth(self, after: State, province: int) -> float:
        """The best way to go on from a placement: end there, or place once more."""
        worth = self._finish(after, province)
        if after.step == PLACE and after.turn == self.seat:
            for action in rules.legal_actions(after, self.seat):
                if isinstance(action, Place):
                    worth = max(worth, self._finish(rules.apply(after, self.seat, action), province))
        return worth

    def _finish(self, after: State, province: int) -> float:
        """Worth of the position after placing in `province`, with the hand refilled well."""
        hand = after.hands[self.seat]
        key = (after.board[province], after.envoys[province], after.forts[province], hand)
        found = self._finished.get(key)
        if found is not None:
            return found
        self.valued += 1
        evaluation = self.evaluation
        worth = evaluation.utility(evaluation.totals_after(after, province))
        state = self.state
        need = max(0, min(HAND_SIZE - sum(hand), len(state.deck) + sum(state.open)))
        worth += evaluation.refill_value(hand, state.open, len(state.deck), need)
        self._finished[key] = worth
        return worth

    # -- cards -----------------------------------------------------------------------------------

    def _swap_worth(self, action: Swap) -> float:
        self.valued += 1
        state, evaluation = self.state, self.evaluation
        hand = list(state.hands[self.seat])
        hand[action.give] -= 1
        kept = tuple(hand)
        if action.take == DECK:
            worth = evaluation.deck_value(kept, state.open, len(state.deck), 1)
        else:
            hand[action.take] += 1
            worth = evaluation.hand_value(tuple(hand))
        return self.base + worth

    def _take_worth(self, action: Take) -> float:
        self.valued += 1
        state, evaluation = self.state, self.evaluation
        hand = state.hands[self.seat]
        need = max(1, min(HAND_SIZE - sum(hand), len(state.deck) + sum(state.open)))
        if action.source == DECK:
            return evaluation.deck_value(hand, state.open, len(state.deck), need)
        source = action.source
        taken = tuple(n + (c == source) for c, n in enumerate(hand))
        rest = tuple(n - (c == source) for c, n in enumerate(state.open))
        return evaluation.refill_value(taken, rest, len(state.deck), need - 1)
