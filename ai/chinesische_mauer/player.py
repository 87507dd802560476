"""The AI player for Chinesische Mauer.

`choose(state, seat, seed)` looks at the game only through the seat's view
(`ENGINE.view(state, seat)`) and the notation of its legal moves, so it can
never use another seat's hand, a deck order or the tile supply order.

It plans the rest of its turn, then makes the first move of that plan
(and plans again at its next decision, which is cheap):

* scoring: a tile that can be taken is taken; when a tile must be laid, it
  tries each tile on each of its cards and keeps the position the
  evaluation likes best, protecting the card a dragon would hurt most;
* actions: it weighs every single ordinary action, then pairs made from
  the most promising first actions, then adds free horseman plays to the
  best plans. A plan with a draw draws first, because the new card may
  change the plan.

Plans are scored by `ai.chinesische_mauer.evaluation` on the position they leave
behind: what each site is expected to bring in the coming round, plus what
the kept cards are worth. Equal plans are told apart by a tiny seeded
jitter, so a given state and seed always give the same move.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
from ai.chinesische_mauer.evaluation import DEFAULT_WEIGHTS
from ai.chinesische_mauer.evaluation import Context
from ai.chinesische_mauer.evaluation import Weights
from ai.chinesische_mauer.evaluation import cover_loss
from ai.chinesische_mauer.evaluation import hand_value
from ai.chinesische_mauer.evaluation import site_value
from ai.chinesische_mauer.model import DRAGON
from ai.chinesische_mauer.model import HORSEMAN
from ai.chinesische_mauer.model import Move
from ai.chinesische_mauer.model import Position
from ai.chinesische_mauer.model import apply_move
from ai.chinesische_mauer.model import parse_move
from ai.chinesische_mauer.model import position_from_view
from ai.common import Jitter
from games.core import Action

__all__ = ["choose", "choose_move"]

log = logging.getLogger(__name__)

ENGINE_ID = "chinesische-mauer"
#: How many of the best single actions are tried as the first of two.
FIRST_ACTIONS = 12
#: How many of the best plans get free horseman plays added.
PLANS_WITH_HORSEMEN = 8


def choose(state: Any, seat: int, seed: int) -> Action:
    """The AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    engine = games.get(ENGINE_ID)
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no move to make")
    view = engine.view(state, seat)
    moves = [parse_move(engine.format_action(state, action)) for action in legal]
    return legal[choose_move(view, moves, seed)]


def choose_move(
    view: dict[str, Any], moves: Sequence[Move], seed: int, weights: Weights = DEFAULT_WEIGHTS
) -> int:
    """Index into `moves` (the legal moves, as notation) of the move to make."""
    position = position_from_view(view)
    context = Context.of(position, weights)
    jitter = Jitter(seed)
    if position.pending:
        return _choose_scoring(position, moves, context, jitter)
    return _choose_action(position, moves, context, jitter)


# -- scoring --------------------------------------------------------------------------------------


def _choose_scoring(position: Position, moves: Sequence[Move], context: Context, jitter: Jitter) -> int:
    """Take every tile that can be taken; lay a tile where the site is left best for me."""
    for index, move in enumerate(moves):
        if move.verb == "take":
            return index
    best, best_worth = 0, float("-inf")
    for index, move in enumerate(moves):
        if move.verb != "tile":
            continue
        before = position.sites[move.site]
        after = apply_move(position, move).sites[move.site]
        # A card carrying a tile cannot be covered: protect the one a dragon would hurt most.
        worth = site_value(after, context) + context.weights.protection * cover_loss(
            before, move.position, context
        )
        worth += jitter()
        if worth > best_worth:
            best, best_worth = index, worth
    return best


# -- actions --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Plan:
    """Indexes into the legal moves: ordinary actions, then free horseman plays."""

    actions: tuple[int, ...]
    free: tuple[int, ...]


class _Planner:
    """Weighs whole plans for the rest of the turn on the model of my position."""

    def __init__(self, position: Position, moves: Sequence[Move], context: Context) -> None:
        self.position = position
        self.moves = moves
        self.context = context
        self.base_sites = [site_value(site, context) for site in position.sites]
        self.base_hand = hand_value(position.hand, context)

    def worth(self, plan: _Plan) -> float | None:
        """Gain of the plan over doing nothing; None when my cards do not allow it."""
        position = self.position
        draws = 0
        touched: set[int] = set()
        for index in (*plan.actions, *plan.free):
            move = self.moves[index]
            if not _affordable(position, move, draws):
                return None
            if move.verb == "draw":
                draws += 1
            else:
                touched.add(move.site)
            position = apply_move(position, move)
        gain = hand_value(position.hand, self.context) - self.base_hand + draws * self.context.draw_value
        for site in touched:
            gain += site_value(position.sites[site], self.context) - self.base_sites[site]
        return gain


def _affordable(position: Position, move: Move, draws: int) -> bool:
    """Whether my hand (and deck) still allow the move after the plan's earlier moves."""
    if move.verb == "draw":
        return position.deck_sizes[position.me] > draws
    if move.verb == "dragon":
        return position.hand[DRAGON] >= 1
    return position.hand[move.kind] >= move.count


def _choose_action(position: Position, moves: Sequence[Move], context: Context, jitter: Jitter) -> int:
    planner = _Planner(position, moves, context)
    ordinary = [i for i, move in enumerate(moves) if move.verb in ("play", "dragon", "draw")]
    # A horseman played as an action is never better than the same play for free.
    ordinary = [i for i in ordinary if not (moves[i].verb == "play" and moves[i].kind == HORSEMAN)]
    free = [i for i, move in enumerate(moves) if move.verb == "free"]

    plans = _ordinary_plans(planner, ordinary, position.actions_left, jitter)
    best_plan = _with_horsemen(planner, plans, free, jitter)
    if not best_plan.actions and not best_plan.free:
        # Doing nothing is not a move: make the least harmful one.
        return _best_single(planner, range(len(moves)), jitter)
    return _first_step(best_plan, moves)


def _ordinary_plans(
    planner: _Planner, ordinary: Sequence[int], actions_left: int, jitter: Jitter
) -> list[tuple[float, _Plan]]:
    """The best plans of ordinary actions, best first.

    Both remaining actions are compulsory, so a first action is judged
    together with its best partner; it stands alone only when nothing can
    follow it (my cards ran out).
    """
    singles: list[tuple[float, _Plan]] = []
    for index in ordinary:
        plan = _Plan((index,), ())
        worth = planner.worth(plan)
        if worth is not None:
            singles.append((worth + jitter(), plan))
    if not singles:
        return [(0.0, _Plan((), ()))]
    singles.sort(key=lambda entry: -entry[0])
    if actions_left < 2:
        return singles
    plans: list[tuple[float, _Plan]] = []
    # Unordered pairs already weighed: (a, b) and (b, a) leave the same position.
    feasible: dict[tuple[int, int], bool] = {}
    for single in singles[:FIRST_ACTIONS]:
        first = single[1].actions[0]
        has_partner = False
        for second in ordinary:
            key = (min(first, second), max(first, second))
            if key in feasible:
                has_partner = has_partner or feasible[key]
                continue
            plan = _Plan((first, second), ())
            worth = planner.worth(plan)
            feasible[key] = worth is not None
            if worth is not None:
                has_partner = True
                plans.append((worth + jitter(), plan))
        if not has_partner:
            plans.append(single)
    plans.sort(key=lambda entry: -entry[0])
    return plans


def _with_horsemen(
    planner: _Planner, plans: Sequence[tuple[float, _Plan]], free: Sequence[int], jitter: Jitter
) -> _Plan:
    """Add the best free horseman plays (none, one, or one to each of two sites) to the top plans."""
    options: list[tuple[int, ...]] = [(), *((i,) for i in free)]
    singles = [i for i in free if planner.moves[i].count == 1]
    options += [(a, b) for a in singles for b in singles if planner.moves[a].site < planner.moves[b].site]
    candidates = (
        _Plan(plan.actions, option) for _, plan in plans[:PLANS_WITH_HORSEMEN] for option in options
    )
    return _best_plan(planner, candidates, jitter, plans[0][1], plans[0][0])


def _best_single(planner: _Planner, indexes: Sequence[int], jitter: Jitter) -> int:
    singles = (_Plan((index,), ()) for index in indexes)
    return _best_plan(planner, singles, jitter, _Plan((indexes[0],), ()), float("-inf")).actions[0]


def _best_plan(
    planner: _Planner, candidates: Iterable[_Plan], jitter: Jitter, best: _Plan, best_worth: float
) -> _Plan:
    """The candidate worth most (with jitter) if it beats `best_worth`, else `best`; plans my
    cards do not allow are passed over (and draw no jitter)."""
    for candidate in candidates:
        worth = planner.worth(candidate)
        if worth is None:
            continue
        score = worth + jitter()
        if score > best_worth:
            best, best_worth = candidate, score
    return best


def _first_step(plan: _Plan, moves: Sequence[Move]) -> int:
    """Draw first (the new card may change the plan), then the free horsemen, then the rest."""
    for index in plan.actions:
        if moves[index].verb == "draw":
            return index
    if plan.free:
        return plan.free[0]
    return plan.actions[0]
