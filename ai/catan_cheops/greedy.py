"""A greedy Catan: Cheops player: the baseline the AI is measured against.

Each decision takes what gives the most points or production at once, in a
fixed order, on the seat's public state (`ai.catan_cheops.evaluation.public_state`):

* founding: the free Nile-bank spot with the most pips (resources it lacks
  count a little more), and the road or ship towards the best spot beyond it;
* the main phase: a city on its best-producing settlement; else a
  settlement on the best spot its network reaches; else a pyramid block when
  it gains points at once or keeps it out of the curse; else a road or ship
  towards the best spot; else a development card. When a city or settlement
  is within reach of bank trades (its harbour rates, gold coins) of cards the
  build does not use, it trades for it. It plays a knight when the robber
  blocks it (before the roll) or when one is ready, year of plenty when it
  completes a build, road building when a road leads somewhere; it makes no
  offers and ends the turn otherwise;
* the robber: the hex of the seat with the most points where it blocks the
  most pips, never its own, robbing that seat;
* discards: from its most plentiful resources;
* offers: accepts when it gets a resource it lacks for one it has two more
  of than it needs, declines otherwise.

Ties are broken by a seeded random choice.
"""

from __future__ import annotations

from typing import Any

from ai.catan_cheops.evaluation import CITY_COST
from ai.catan_cheops.evaluation import NODE_YIELD
from ai.catan_cheops.evaluation import PIPS
from ai.catan_cheops.evaluation import SETTLEMENT_COST
from ai.catan_cheops.evaluation import Expansion
from ai.catan_cheops.evaluation import missing
from ai.catan_cheops.evaluation import production
from ai.catan_cheops.evaluation import public_points
from ai.catan_cheops.evaluation import public_state
from ai.catan_cheops.evaluation import spot_value
from ai.common import only_move
from ai.common import pick
from games.catan_cheops import actions as act
from games.catan_cheops import rules
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import GOLD
from games.catan_cheops.data import HEX_NODES
from games.catan_cheops.data import HEX_RESOURCE
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import LAND_NODES
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import FREE_ROADS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OFFER
from games.catan_cheops.state import ROBBER
from games.catan_cheops.state import ROLL as ROLL_PHASE
from games.catan_cheops.state import State
from games.core import Action

__all__ = ["choose"]

#: Weighted pips a pyramid site adds to a spot for a seat without one (fixed: the baseline does
#: not move when the AI's own value is tuned).
SITE = 3.0


def choose(state: Any, seat: int, seed: int) -> Action:
    """The greedy move for `seat`; ties by a seeded random choice."""
    public = public_state(state, seat)
    legal = rules.legal_actions(public, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    scored = _scores(public, seat, legal)
    best = max(scored)
    top = [move for move, score in zip(legal, scored, strict=True) if score == best]
    return pick(top, seed)


def _scores(state: State, seat: int, legal: list[Move]) -> list[float]:
    phase = state.phase
    prod = production(state, seat)
    has_site = bool(state.blds[seat] & PYRAMID_SITES)
    if phase in (FOUND, FREE_ROADS):
        if legal[0].kind == act.SETTLEMENT:
            return [spot_value(state, seat, m.a, prod, has_site=has_site, site_bonus=SITE) for m in legal]
        expansion = Expansion(state, seat, prod, has_site=has_site, pv=0.1, site_bonus=SITE)
        return [expansion.edge_value(m.a) if m.kind in (act.ROAD, act.SHIP) else -1.0 for m in legal]
    if phase == ROLL_PHASE:
        blocked = _robbed(state, seat)
        return [1.0 if m.kind == act.PLAY and blocked else 0.5 if m.kind == act.ROLL else 0.0 for m in legal]
    if phase == ROBBER:
        return [_robber_score(state, seat, m) for m in legal]
    if phase == OFFER:
        return [_answer_score(state, seat, m) for m in legal]
    if phase == MAIN:
        return _main_scores(state, seat, legal, prod, has_site)
    # Discard: keep the hand balanced, take from the biggest piles.
    hand = state.hands[seat]
    out = []
    for m in legal:
        left = [h - d for h, d in zip(hand, unpack(m.a), strict=True)]
        out.append(-float(sum(x * x for x in left)))
    return out


def _robbed(state: State, seat: int) -> bool:
    hex_ = state.robber
    return HEX_RESOURCE[hex_] >= 0 and any(
        state.nodes[n] >= 0 and state.nodes[n] & 3 == seat for n in HEX_NODES[hex_]
    )


def _robber_score(state: State, seat: int, move: Move) -> float:
    hex_, victim = move.a, move.b
    leader = max((o for o in range(state.players) if o != seat), key=lambda o: public_points(state, o))
    score = 0.0
    pips = PIPS[HEX_TOKEN[hex_]] if HEX_RESOURCE[hex_] >= 0 else 0
    for node in HEX_NODES[hex_]:
        owner = state.nodes[node]
        if owner >= 0:
            if owner & 3 == seat:
                score -= 10.0 * pips
            elif owner & 3 == leader:
                score += pips * (2 if owner >= 4 else 1)
    if victim == leader:
        score += 0.5
    elif victim >= 0:
        score += 0.2
    return score


def _answer_score(state: State, seat: int, move: Move) -> float:
    if move.kind == act.TRADE:
        return 1.0
    if move.kind == act.CANCEL:
        return 0.0
    if move.kind == act.DECLINE:
        return 0.5
    assert move.kind == act.ACCEPT
    give, n, get, m = state.offer
    hand = state.hands[seat]
    # I receive `n` of `give` and pay `m` of `get`.
    needs = [max(a, b) for a, b in zip(CITY_COST, SETTLEMENT_COST, strict=True)]
    if hand[give] < needs[give] and hand[get] - m >= needs[get] and n >= m:
        return 1.0
    return 0.0


def _main_scores(
    state: State, seat: int, legal: list[Move], prod: list[float], has_site: bool
) -> list[float]:
    hand = state.hands[seat]
    legal_set = set(legal)
    # Cards first: knight, plenty that completes a build, road building.
    if not state.played:
        for m in legal:
            if m.kind == act.PLAY and m.a == rules.KNIGHT:
                return _only(legal, m)
        for m in legal:
            if m.kind == act.PLAY and m.a == rules.PLENTY:
                after = list(hand)
                after[m.b] += 1
                after[m.c] += 1
                if missing(after, CITY_COST) == 0 or missing(after, SETTLEMENT_COST) == 0:
                    return _only(legal, m)
    cities = [m for m in legal if m.kind == act.CITY]
    if cities:
        return _only(legal, max(cities, key=lambda m: (sum(NODE_YIELD[m.a][:5]), m.a)))
    settlements = [m for m in legal if m.kind == act.SETTLEMENT]
    if settlements:
        return _only(
            legal,
            max(
                settlements,
                key=lambda m: (spot_value(state, seat, m.a, prod, has_site=has_site, site_bonus=SITE), m.a),
            ),
        )
    # Bank trades towards a city or settlement with cards the build does not use.
    for cost in (CITY_COST, SETTLEMENT_COST):
        if cost is SETTLEMENT_COST and not _spots(state, seat):
            continue
        if cost is CITY_COST and state.nodes.count(seat) == 0:
            continue
        trade = _trade_towards(state, seat, cost, legal_set)
        if trade is not None:
            return _only(legal, trade)
    blocks = [m for m in legal if m.kind == act.BLOCK]
    if blocks:
        m = blocks[0]
        counts = rules.block_counts(state)
        others = [c for o, c in enumerate(counts) if o != seat]
        built = rules.apply(state, seat, m)
        gain = public_points(built, seat) - public_points(state, seat)
        if gain > 0 or (any(counts) and counts[seat] <= min(others)):
            return _only(legal, m)
    pieces = [m for m in legal if m.kind in (act.ROAD, act.SHIP)]
    if pieces and not _spots(state, seat):
        expansion = Expansion(state, seat, prod, has_site=has_site, pv=0.1, site_bonus=SITE)
        best = max(pieces, key=lambda m: (expansion.edge_value(m.a), m.kind == act.ROAD, m.a))
        if expansion.edge_value(best.a) > 0.05:
            return _only(legal, best)
    if Move(act.BUY) in legal_set:
        return _only(legal, Move(act.BUY))
    if not state.played:
        roads = Move(act.PLAY, rules.ROAD_BUILDING)
        if roads in legal_set and not _spots(state, seat):
            return _only(legal, roads)
    return _only(legal, Move(act.END))


def _spots(state: State, seat: int) -> bool:
    return bool(state.ends[seat] & LAND_NODES & ~state.blocked)


def _trade_towards(state: State, seat: int, cost: tuple[int, ...], legal: set[Move]) -> Move | None:
    """The first bank trade of a plan that makes `cost` affordable now, if there is one."""
    hand = list(state.hands[seat])
    rates = rules.harbour_rates(state, seat)
    gold = state.gold[seat]
    need = sum(max(0, c - h) for h, c in zip(hand, cost, strict=True))
    if not need:
        return None
    spare = sum((hand[r] - cost[r]) // rates[r] for r in range(5) if hand[r] > cost[r]) + gold // rates[GOLD]
    if spare < need:
        return None
    want = next(r for r in range(5) if hand[r] < cost[r])
    for give in sorted(range(5), key=lambda r: -(hand[r] - cost[r])):
        if give != want and hand[give] - cost[give] >= rates[give]:
            move = Move(act.BANK, give, want, rates[give], -1)
            if move in legal:
                return move
    if gold >= rates[GOLD]:
        move = Move(act.BANK, GOLD, want, rates[GOLD], -1)
        if move in legal:
            return move
    return None


def _only(legal: list[Move], chosen: Move) -> list[float]:
    return [1.0 if m == chosen else 0.0 for m in legal]
