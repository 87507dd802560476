"""Hard: Normal's player with a look-ahead where a choice matters.

It sees only what its seat may see: every simulation starts from the seat's
public state, in the main phase a determinization of it
(`ai.catan_cheops.sampling.determinize`: the unseen cards — other hands,
their development cards, the deck's order — and the dice dealt again from
the decision's seed).

* **The founding settlements.** Normal values each spot alone; Hard plays
  Normal's `FOUNDING_CANDIDATES` best spots out: the rest of the founding as
  Normal plays it for every seat (the others are Normal players: this is
  what they will take), and the seat's own later settlements as Normal
  chooses them. It takes the spot whose founding leaves the seat the most,
  each of its new settlements valued as Normal values a spot when it takes
  it (`_founding_worth`): a spot whose neighbours the others will take first
  is worth less than it looks, a second-best spot that keeps a good one free
  for the seat's next settlement more. (Valuing the end of the founding as
  a position, `value` below, lost to Normal: it misses what Normal's spot
  values weigh.)
* **The main phase.** When Normal's goals give it something to build, it
  weighs the candidates — Normal's own move, ending the turn, the builds
  Normal values most (`MAIN_CANDIDATES` in all) — in `SAMPLES`
  determinizations each (the same ones for every candidate): the candidate,
  then the rest of the turn and every other seat's turn as Normal plays them
  (dice, robber, offers and answers), then the position at the start of the
  seat's next turn valued in points (`value`). Stopping at the end of its own
  turn instead missed what the others do with what it leaves them.
* Everything else (the founding roads, the roll, the robber, discards,
  answers) is Normal's.

The budget is a fixed number of simulations, never a wall-clock time, so a
state and a seed always give the same move. Normal's own move keeps a small
head start (`LOYALTY`): another candidate must be clearly better.
"""

from __future__ import annotations

from typing import Any

from ai.catan_cheops import player as normal
from ai.catan_cheops.evaluation import CARD_WORTH
from ai.catan_cheops.evaluation import NODE_YIELD
from ai.catan_cheops.evaluation import SITE_BONUS
from ai.catan_cheops.evaluation import public_state
from ai.catan_cheops.evaluation import spot_value
from ai.catan_cheops.player import CARD_VALUE
from ai.catan_cheops.player import FOUNDING_REACH
from ai.catan_cheops.player import Mind
from ai.catan_cheops.sampling import determinize
from ai.common import only_move
from games.catan_cheops import actions as act
from games.catan_cheops.actions import Move
from games.catan_cheops.data import GENERIC
from games.catan_cheops.data import NODE_HARBOUR
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.data import bits
from games.catan_cheops.rules import VICTORY
from games.catan_cheops.rules import apply
from games.catan_cheops.rules import legal_actions
from games.catan_cheops.rules import points
from games.catan_cheops.rules import to_act
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OVER
from games.catan_cheops.state import State
from games.core import Action

__all__ = ["choose", "value"]

#: Determinizations per candidate of the main phase.
SAMPLES = 2
#: Candidates weighed in the main phase (Normal's move and the end of the turn among them).
MAIN_CANDIDATES = 5
#: Moves simulated at most after a candidate (the rest of the round).
HORIZON = 150
#: Founding spots played out per founding settlement.
FOUNDING_CANDIDATES = 4
#: The head start of Normal's own move, in points.
LOYALTY = 0.15
#: A simulated end of the game: won or lost.
DECIDED = 100.0
#: Production beyond this many pips of one resource is worth half.
PLENTY_PIPS = 10.0
#: Below this many pips of a resource, each pip counts up to `LACK_WEIGHT` more (Normal's weights).
ENOUGH_PIPS = 6.0
LACK_WEIGHT = 0.6
#: Weighted pips a generic harbour is worth (Normal's value of one at a spot).
HARBOUR_PIPS = 1.5
#: What a block of the seat's is worth beyond the points it changes at once: the standing it
#: keeps against the curse and towards the blessing (Normal's `BLOCK_BASE` and more).
BLOCK_WORTH = 0.4
#: What the best spot within the network's reach counts (roads and ships are built towards it).
REACH_WEIGHT = 0.5
#: What the hand's promise counts beside built points: the builds it affords are not yet built
#: (a 7 may take half), and a build must beat keeping its cards.
HAND_WEIGHT = 0.4


def choose(state: Any, seat: int, seed: int) -> Action:
    """Hard's move for `seat`: always one of `legal_actions(state, seat)`."""
    public = public_state(state, seat)
    legal = legal_actions(public, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    mind = Mind(public, seat, seed)
    if public.phase == FOUND and legal[0].kind == act.SETTLEMENT:
        return _found(mind, legal, seed)
    chosen = mind.decide(legal)
    if public.phase != MAIN:
        return chosen
    candidates = _main_candidates(mind, legal, chosen)
    if len(candidates) == 1:
        return chosen
    return _search(public, seat, seed, candidates, chosen)


def _main_candidates(mind: Mind, legal: list[Move], chosen: Move) -> list[Move]:
    """Normal's move, the end of the turn and the legal builds Normal values most."""
    legal_set = set(legal)
    candidates = [chosen]
    if act.END_TURN not in candidates and act.END_TURN in legal_set:
        candidates.append(act.END_TURN)
    for goal in sorted(mind.goals, key=lambda goal: -goal.value):
        if len(candidates) >= MAIN_CANDIDATES:
            break
        if goal.move in legal_set and goal.move not in candidates:
            candidates.append(goal.move)
    return candidates


def _search(public: State, seat: int, seed: int, candidates: list[Move], chosen: Move) -> Move:
    """The candidate with the best average value over `SAMPLES` determinizations."""
    worlds = [determinize(public, seat, seed * 7919 + sample) for sample in range(SAMPLES)]
    best, best_value = chosen, float("-inf")
    for move in candidates:
        total = 0.0
        for sample, world in enumerate(worlds):
            total += value(_finish_round(apply(world, seat, move), seat, seed + sample), seat)
        average = total / SAMPLES + (LOYALTY if move == chosen else 0.0)
        if average > best_value:
            best, best_value = move, average
    return best


def _finish_round(state: State, seat: int, seed: int) -> State:
    """The position when the seat's next turn begins (or the game ends, or `HORIZON` moves on),
    every seat playing as Normal: the rest of its turn, then each other seat's."""
    others_began = False
    for step in range(HORIZON):
        if state.phase == OVER:
            break
        if state.turn != seat:
            others_began = True
        elif others_began:
            break
        acting = to_act(state)
        answering = sorted(other for other in acting if other != state.turn)
        actor = answering[0] if answering else min(acting)
        state = apply(state, actor, normal.choose(state, actor, seed * 131 + step))
    return state


def value(state: State, seat: int) -> float:
    """The seat's standing in points: its points less half the others' average, its production
    (`pip_vp` per weighted pip: `_pips_worth`, and a pyramid site and harbours as Normal values
    them), what its hand promises for Normal's goals (`HAND_WEIGHT`: not yet built), its
    development cards and knights, the best spot its network reaches and its pyramid blocks; a
    game over is won or lost."""
    others = [other for other in range(state.players) if other != seat]
    mine = points(state, seat)
    if state.phase == OVER:
        best_other = max(points(state, other) for other in others)
        return DECIDED + mine if mine >= best_other else -DECIDED + mine
    theirs = sum(points(state, other, hidden=False) for other in others) / len(others)
    mind = Mind(public_state(state, seat), seat, 0)
    pips = sum(CARD_WORTH[r] * _pips_worth(amount) for r, amount in enumerate(mind.prod))
    if mind.has_site:
        pips += SITE_BONUS
    for kind in _harbours(state, seat):
        pips += HARBOUR_PIPS if kind == GENERIC else 0.3 * mind.prod[kind]
    # A knight played keeps the worth it had in the hand (towards the army); its robber and
    # theft show in the production and the hand.
    cards = sum(state.devs[seat]) - state.devs[seat][VICTORY] + state.knights[seat]
    card_worth = CARD_VALUE * max(0.4, mind.pv / 0.13)
    return (
        mine
        - 0.5 * theirs
        + mind.pv * pips
        + HAND_WEIGHT * mind.hand_worth(state.hands[seat], state.gold[seat])
        + card_worth * cards
        + REACH_WEIGHT * _reach(mind)
        + BLOCK_WORTH * state.pyramid.count(seat)
    )


def _reach(mind: Mind) -> float:
    """The best settlement spot the seat's network leads to, discounted per piece still to build
    (Normal's `Expansion`): what a road or ship towards it has gained."""
    expansion = mind.expansion
    return max((expansion.reach(node) for node in bits(expansion.frontier)), default=0.0)


def _pips_worth(amount: float) -> float:
    """Weighted pips of one resource: the first few count more (as Normal values a spot's
    resources the seat lacks), and beyond `PLENTY_PIPS` each counts half."""
    if amount < ENOUGH_PIPS:
        worth = amount + LACK_WEIGHT * (amount - amount * amount / (2 * ENOUGH_PIPS))
    else:
        worth = amount + LACK_WEIGHT * ENOUGH_PIPS / 2
    return worth - 0.5 * max(0.0, amount - PLENTY_PIPS)


def _harbours(state: State, seat: int) -> set[int]:
    return {NODE_HARBOUR[node] for node in bits(state.blds[seat]) if NODE_HARBOUR[node] >= 0}


def _found(mind: Mind, legal: list[Move], seed: int) -> Move:
    """The founding settlement whose founding, played out by Normal for every seat, leaves the
    seat the spots Normal values most, each valued as Normal values a spot when it takes it."""
    scored = sorted(mind.founding_scores(legal), key=lambda item: -item[0])
    candidates = [move for _, move in scored[:FOUNDING_CANDIDATES]]
    # The first of equals wins, as in the ranking: a state and a seed give the same spot.
    return max(candidates, key=lambda move: _founding_worth(mind.state, mind.seat, move, seed))


def _founding_worth(state: State, seat: int, move: Move, seed: int) -> float:
    """What founding at `move` leaves the seat: the founding played out by Normal for every
    seat; each settlement the seat founds from now on valued by Normal's `spot_value` for the
    production it had when founding it (its earlier settlements count as production only), and
    the best spot its network then reaches, as Normal's founding values it."""
    taken = [move.a]
    state = apply(state, seat, move)
    step = 0
    while state.phase == FOUND:
        (actor,) = to_act(state)
        chosen = normal.decide_as(Mind, state, actor, seed * 131 + step)
        if actor == seat and chosen.kind == act.SETTLEMENT:
            taken.append(chosen.a)
        state = apply(state, actor, chosen)
        step += 1
    mine = [node for node in bits(state.blds[seat]) if node not in taken]
    prod = [0.0] * 6
    has_site = False
    worth = 0.0
    for node in [*mine, *taken]:
        if node in taken:
            worth += spot_value(state, seat, node, prod, has_site=has_site)
        for resource, amount in enumerate(NODE_YIELD[node]):
            prod[resource] += amount
        has_site = has_site or bool(PYRAMID_SITES >> node & 1)
    end = Mind(public_state(state, seat), seat, 0)
    return worth + FOUNDING_REACH * _reach(end) / max(end.pv, 1e-6)
