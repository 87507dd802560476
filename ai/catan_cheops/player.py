"""The AI player for Catan: Cheops.

`choose(state, seat, seed)` first turns the state into the seat's public
state (`ai.catan_cheops.evaluation.public_state`): the other hands and development
cards become stand-ins of the same sizes, the deck blanks and the generator
zero. It sees its own hand and cards, the board, the pyramid, the bank, hand
sizes and public points — nothing else. It simulates only its own
deterministic moves (a pyramid block, to read the blessing and the curse);
dice, draws and steals are never simulated.

How it decides, in the main phase:

* **Goals.** Every build it could aim at, valued in points: a city on each
  settlement (a point and its doubled production), a settlement on each spot
  its network reaches (a point, the spot's production — resources it lacks,
  lumber and ore weigh more — a harbour, a pyramid site), a road or ship
  towards the best spots a few pieces away, a pyramid block (the change in
  blessing and curse it makes, mine against the others', and how close my
  standing is to slipping), a development card. A move that wins at once
  always goes first; a block that ends the game while it loses never.
* **The target** is the goal with the best value discounted by the cards it
  lacks. It builds the target when it can; else it trades with the bank (its
  harbour rates, gold coins 4:1 or 3:1) when that completes it; else it builds
  something else with cards the target does not need; else, one or two cards
  short, it offers its surplus to the other players (one offer a turn: a
  second would ask the same players again) and takes the acceptor with the
  fewest points; else it ends the turn.
* **Cards** it plays: a knight when the robber sits on its production or the
  army is in reach (before the roll if that frees its hexes), year of plenty
  when it completes a build, monopoly when the others' production promises
  enough cards, road building when its network has good places to grow.

Founding: the Nile-bank spots with the most (and most varied, scarce)
production and the best spots beyond them; the roads towards those. The
robber goes where it hurts the leading seats most and never its own hexes;
it robs the leader. Discards keep the hand that serves its goals best; it
answers an offer by the same measure, and declines one from a seat close to
winning. Ties are broken by a tiny seeded jitter, so a state and a seed
always give the same move.
"""

from __future__ import annotations

from typing import Any
from typing import NamedTuple

from ai.catan_cheops.evaluation import BLOCK_COST
from ai.catan_cheops.evaluation import CARD_COST
from ai.catan_cheops.evaluation import CARD_WORTH
from ai.catan_cheops.evaluation import CITY_COST
from ai.catan_cheops.evaluation import PIPS
from ai.catan_cheops.evaluation import ROAD_COST
from ai.catan_cheops.evaluation import SETTLEMENT_COST
from ai.catan_cheops.evaluation import SHIP_COST
from ai.catan_cheops.evaluation import Expansion
from ai.catan_cheops.evaluation import block_shift
from ai.catan_cheops.evaluation import missing
from ai.catan_cheops.evaluation import pip_vp
from ai.catan_cheops.evaluation import production
from ai.catan_cheops.evaluation import public_points
from ai.catan_cheops.evaluation import public_state
from ai.catan_cheops.evaluation import spot_value
from ai.catan_cheops.evaluation import yield_value
from ai.common import Jitter
from ai.common import best_index
from ai.common import only_move
from games.catan_cheops import actions as act
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import BLOCKS
from games.catan_cheops.data import CITIES
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import GOAL
from games.catan_cheops.data import GOLD
from games.catan_cheops.data import HEX_NODES
from games.catan_cheops.data import HEX_RESOURCE
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import LAND_NODES
from games.catan_cheops.data import NODE_EDGE_MASK
from games.catan_cheops.data import NODE_EDGES
from games.catan_cheops.data import NODE_HEXES
from games.catan_cheops.data import PYRAMID_PLACES
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.data import ROAD_EDGES as ROAD_EDGES_MASK
from games.catan_cheops.data import ROADS
from games.catan_cheops.data import SETTLEMENTS
from games.catan_cheops.data import SHIP_EDGES as SHIP_EDGES_MASK
from games.catan_cheops.data import SHIPS
from games.catan_cheops.data import bits
from games.catan_cheops.rules import FOUNDING_STEPS
from games.catan_cheops.rules import KNIGHT
from games.catan_cheops.rules import MONOPOLY
from games.catan_cheops.rules import PLENTY
from games.catan_cheops.rules import ROAD_BUILDING
from games.catan_cheops.rules import apply
from games.catan_cheops.rules import block_counts
from games.catan_cheops.rules import harbour_rates
from games.catan_cheops.rules import legal_actions
from games.catan_cheops.rules import points
from games.catan_cheops.rules import trade_reach
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import FREE_ROADS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OFFER as OFFER_PHASE
from games.catan_cheops.state import OVER
from games.catan_cheops.state import ROBBER as ROBBER_PHASE
from games.catan_cheops.state import ROLL as ROLL_PHASE
from games.catan_cheops.state import State
from games.core import Action

__all__ = ["Goal", "Mind", "choose", "decide_as"]

ENGINE_ID = "catan-cheops"
#: A goal's value shrinks by this factor per card it still lacks.
LACK = 0.72
#: What a development card is worth on average (knights towards the army, victory points).
CARD_VALUE = 0.75
#: The share of the best spot within a founding settlement's reach that its value counts.
FOUNDING_REACH = 0.4
#: Public points from which a seat counts as close to winning (its offers are declined).
CLOSE = 9
#: What a block is worth beyond the points it changes at once (the standing it protects).
BLOCK_BASE = 0.3


class Goal(NamedTuple):
    """Something to build: its worth in points, its cost and the move that builds it."""

    value: float
    cost: tuple[int, ...]
    move: Move


def choose(state: Any, seat: int, seed: int) -> Action:
    """The AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    return decide_as(Mind, state, seat, seed)


def decide_as(mind: type[Mind], state: State, seat: int, seed: int) -> Move:
    """The move a `mind` (Normal's or a variant of it) makes for `seat` on its public state."""
    public = public_state(state, seat)
    legal = legal_actions(public, seat)
    only = only_move(legal, seat)
    return only if only is not None else mind(public, seat, seed).decide(legal)


def _add(
    hand: tuple[int, ...] | list[int], counts: tuple[int, ...] | list[int], sign: int = 1
) -> tuple[int, ...]:
    return tuple(h + sign * c for h, c in zip(hand, counts, strict=True))


class Mind:
    """One decision of one seat, on its public state."""

    #: The least a goal must be worth to be built with cards the target does not need.
    SPARE_WORTH = 0.25

    def __init__(self, state: State, seat: int, seed: int) -> None:
        self.state = state
        self.seat = seat
        self.hand: tuple[int, ...] = state.hands[seat]
        self.gold = state.gold[seat]
        self.prod = production(state, seat)
        self.has_site = bool(state.blds[seat] & PYRAMID_SITES)
        self.pv = pip_vp(state)
        self.rates = harbour_rates(state, seat)
        self.public = [public_points(state, other) for other in range(state.players)]
        self.mine = points(state, seat)
        self._jitter = Jitter(seed)
        self._goals: list[Goal] | None = None
        self._expansion: Expansion | None = None

    # -- plumbing --------------------------------------------------------------------------------------

    def _best(self, scored: list[tuple[float, Move]]) -> Move:
        return scored[best_index((score for score, _ in scored), self._jitter)][1]

    def decide(self, legal: list[Move]) -> Move:
        phase = self.state.phase
        if phase == FOUND:
            return self._founding(legal)
        if phase == ROLL_PHASE:
            return self._before_roll(legal)
        if phase == ROBBER_PHASE:
            return self._robber(legal)
        if phase == FREE_ROADS:
            return self._free_road(legal)
        if phase == OFFER_PHASE:
            return self._offer_phase(legal)
        if phase == MAIN:
            return self._main(legal)
        # DISCARD
        return self._discard(legal)

    @property
    def expansion(self) -> Expansion:
        if self._expansion is None:
            state, seat = self.state, self.seat
            settle = 1.0 if state.nodes.count(seat) < SETTLEMENTS else 0.3
            self._expansion = Expansion(
                state, seat, self.prod, has_site=self.has_site, pv=self.pv, weight=settle
            )
        return self._expansion

    # -- founding ----------------------------------------------------------------------------------------

    def _founding(self, legal: list[Move]) -> Move:
        if legal[0].kind == act.SETTLEMENT:
            return self._best(self.founding_scores(legal))
        return self._free_road(legal)

    def founding_scores(self, legal: list[Move]) -> list[tuple[float, Move]]:
        """Each founding settlement valued: its spot, the best spots a couple of pieces beyond."""
        state = self.state
        _, _, third, _ = FOUNDING_STEPS[state.players][state.fstep]
        expansion = self.expansion
        scored = []
        for move in legal:
            node = move.a
            value = spot_value(state, self.seat, node, self.prod, has_site=self.has_site)
            # The best spots a couple of pieces beyond it.
            value += (
                FOUNDING_REACH
                * max((expansion.reach(_far(edge, node)) for edge in _node_edges(node)), default=0.0)
                / max(self.pv, 1e-6)
            )
            if third:
                value += 0.3 * sum(1 for hex_ in NODE_HEXES[node] if HEX_RESOURCE[hex_] >= 0)
            scored.append((value, move))
        return scored

    def _free_road(self, legal: list[Move]) -> Move:
        return self._best(self.road_scores(legal))

    def road_scores(self, legal: list[Move]) -> list[tuple[float, Move]]:
        """Each road or ship valued by the spots it leads towards (anything else: -1)."""
        expansion = self.expansion
        scored = []
        for move in legal:
            if move.kind not in (act.ROAD, act.SHIP):
                scored.append((-1.0, move))
                continue
            value = expansion.edge_value(move.a)
            # Ships are the scarcer piece (8) and reach the far coasts; roads first on land.
            value += 0.001 if move.kind == act.ROAD else 0.0
            scored.append((value, move))
        return scored

    # -- the roll, the robber, cards -------------------------------------------------------------------

    def _robbed_pips(self) -> float:
        """My production the robber blocks now."""
        state = self.state
        hex_ = state.robber
        resource = HEX_RESOURCE[hex_]
        if resource < 0:
            return 0.0
        total = 0.0
        for node in HEX_NODES[hex_]:
            owner = state.nodes[node]
            if owner >= 0 and owner & 3 == self.seat:
                total += PIPS[HEX_TOKEN[hex_]] * (2 if owner >= 4 else 1)
        return total

    def _army_gain(self) -> bool:
        state = self.state
        mine = state.knights[self.seat] + 1
        if state.army == self.seat:
            return False
        holder = state.knights[state.army] if state.army >= 0 else 2
        return mine > holder and mine >= 3

    def _before_roll(self, legal: list[Move]) -> Move:
        knight = Move(act.PLAY, KNIGHT)
        if knight in legal and (self._robbed_pips() >= 3 or self._army_gain()):
            return knight
        return next(move for move in legal if move.kind == act.ROLL)

    def _robber(self, legal: list[Move]) -> Move:
        return self._best(self.robber_scores(legal))

    def robber_scores(self, legal: list[Move]) -> list[tuple[float, Move]]:
        """Each robber move valued: the pips it blocks (the leaders' more, mine at a loss) and the victim."""
        state = self.state
        seat = self.seat
        lead = max(self.public)
        scored = []
        for move in legal:
            hex_, victim = move.a, move.b
            resource = HEX_RESOURCE[hex_]
            score = 0.0
            if resource >= 0:
                pips = PIPS[HEX_TOKEN[hex_]] * CARD_WORTH[resource]
                for node in HEX_NODES[hex_]:
                    owner = state.nodes[node]
                    if owner < 0:
                        continue
                    other = owner & 3
                    times = 2 if owner >= 4 else 1
                    if other == seat:
                        score -= 3.0 * pips * times
                    else:
                        score += pips * times * self._blocking_weight(other, lead)
            if victim >= 0:
                score += self._robbing_worth(victim)
            scored.append((score, move))
        return scored

    def _blocking_weight(self, other: int, lead: int) -> float:
        """How much blocking a pip of `other` is worth: more the more points it has, most for the leader."""
        return 1.0 + 0.25 * max(0, self.public[other] - 3) + (1.0 if self.public[other] == lead else 0.0)

    def _robbing_worth(self, victim: int) -> float:
        """What robbing `victim` is worth: more for a big hand and a seat with many points."""
        return 2.0 + 0.3 * min(sum(self.state.hands[victim]), 8) + 0.6 * self.public[victim]

    def _discard(self, legal: list[Move]) -> Move:
        return self._best(self.discard_scores(legal))

    def discard_scores(self, legal: list[Move]) -> list[tuple[float, Move]]:
        """Each discard valued by what the hand left serves."""
        hand = self.hand
        return [(self.hand_worth(_add(hand, unpack(move.a), -1)), move) for move in legal]

    # -- goals ---------------------------------------------------------------------------------------------

    @property
    def goals(self) -> list[Goal]:
        if self._goals is None:
            self._goals = self._find_goals()
        return self._goals

    def _find_goals(self) -> list[Goal]:
        state, seat, pv = self.state, self.seat, self.pv
        nodes = state.nodes
        goals: list[Goal] = []
        near_win = self.mine + 2 >= GOAL
        if nodes.count(seat + 4) < CITIES:
            for node in bits(state.blds[seat]):
                if nodes[node] == seat:
                    # What a city adds: the settlement's yield once more.
                    value = 1.0 + pv * yield_value(node, self.prod, enough=8.0, lack_weight=0.4)
                    if near_win and self.mine + 1 >= GOAL:
                        value += 50.0
                    goals.append(Goal(value, CITY_COST, Move(act.CITY, node)))
        can_settle = nodes.count(seat) < SETTLEMENTS
        if can_settle:
            for node in bits(state.ends[seat] & LAND_NODES & ~state.blocked):
                value = 1.0 + pv * spot_value(state, seat, node, self.prod, has_site=self.has_site)
                if near_win and self.mine + 1 >= GOAL:
                    value += 50.0
                goals.append(Goal(value, SETTLEMENT_COST, Move(act.SETTLEMENT, node)))
        expansion = self.expansion
        roads_left = state.edges.count(seat) < ROADS
        ships_left = state.edges.count(seat + 4) < SHIPS
        free = _edges_at(expansion.frontier) & ~state.covered
        for edge in bits(free):
            value = expansion.edge_value(edge)
            if value <= 0.05:
                continue
            if roads_left and ROAD_EDGES_MASK >> edge & 1:
                goals.append(Goal(value, ROAD_COST, Move(act.ROAD, edge)))
            if ships_left and SHIP_EDGES_MASK >> edge & 1:
                goals.append(Goal(value - 0.02, SHIP_COST, Move(act.SHIP, edge)))
        for move in self._block_moves():
            goals.append(Goal(self._block_value(move), BLOCK_COST, move))
        if state.deck:
            goals.append(
                Goal(
                    CARD_VALUE * max(0.4, self.pv / 0.13) + (0.3 if self._army_close() else 0.0),
                    CARD_COST,
                    Move(act.BUY),
                )
            )
        return goals

    def _army_close(self) -> bool:
        state = self.state
        mine = state.knights[self.seat] + state.devs[self.seat][KNIGHT]
        best = max((k for other, k in enumerate(state.knights) if other != self.seat), default=0)
        return mine + 1 >= max(3, best + 1) and state.army != self.seat

    def _block_moves(self) -> list[Move]:
        state, seat = self.state, self.seat
        if state.pyramid.count(seat) >= BLOCKS or len(state.pyramid) >= PYRAMID_PLACES:
            return []
        if self.has_site:
            return [Move(act.BLOCK, -1)]
        if not self.gold:
            return []
        reach = -1
        out = []
        for other in range(state.players):
            if other != seat and state.blds[other] & PYRAMID_SITES:
                if reach < 0:
                    reach = trade_reach(state, seat)
                if reach & state.blds[other] & PYRAMID_SITES:
                    out.append(Move(act.BLOCK, other))
        # The cheapest: the seat with the fewest points earns the fee.
        out.sort(key=lambda move: self.public[move.a])
        return out[:1]

    def _block_value(self, move: Move) -> float:
        state, seat = self.state, self.seat
        hand = tuple(max(h, c) for h, c in zip(self.hand, BLOCK_COST, strict=True))
        probe = state._replace(hands=_put(state.hands, seat, hand), phase=MAIN, turn=seat)
        after = apply(probe, seat, move)
        if after.phase == OVER:
            mine = points(after, seat)
            best_other = max(
                public_points(after, other) + 1 for other in range(state.players) if other != seat
            )
            return 60.0 if mine >= best_other else -60.0
        value = BLOCK_BASE + block_shift(probe, after, seat) + self._standing_at_stake()
        if move.a >= 0:
            value -= 0.15
        return value

    def _standing_at_stake(self) -> float:
        """What a block adds by keeping my standing: out of the curse, the blessing kept or taken."""
        state, seat = self.state, self.seat
        counts = block_counts(state)
        if not any(counts):
            return 0.0
        mine = counts[seat]
        others = [count for other, count in enumerate(counts) if other != seat]
        value = 0.0
        if mine <= min(others):
            value += 0.8  # one block of theirs could curse me
        if state.blessing == seat and mine <= max(others) + 1:
            value += 0.8  # my blessing is one or two blocks from passing on
        elif state.blessing != seat and state.blessing >= 0 and mine + 1 == counts[state.blessing]:
            value += 0.4  # the next one takes the blessing
        return value

    # -- hands ---------------------------------------------------------------------------------------------

    def hand_worth(self, hand: tuple[int, ...], gold: int | None = None) -> float:
        """How well a hand serves the goals: the best few by value discounted per card lacking,
        and a little for every card."""
        best: dict[tuple[int, ...], float] = {}
        for goal in self.goals:
            value = goal.value * LACK ** missing(hand, goal.cost)
            if value > best.get(goal.cost, 0.0):
                best[goal.cost] = value
        if not self._has_spot():
            future = 0.8 * max((g.value for g in self.goals if g.cost in (ROAD_COST, SHIP_COST)), default=0.0)
            value = future * LACK ** missing(hand, SETTLEMENT_COST)
            best[(9,)] = value
        tops = sorted(best.values(), reverse=True)
        worth = sum(weight * value for weight, value in zip((1.0, 0.45, 0.2), tops, strict=False))
        worth += 0.04 * sum(CARD_WORTH[r] * min(hand[r], 4) for r in range(5))
        if gold is not None:
            worth += 0.03 * gold
        return worth

    def _has_spot(self) -> bool:
        return any(goal.move.kind == act.SETTLEMENT for goal in self.goals)

    # -- the main phase ------------------------------------------------------------------------------------

    def _main(self, legal: list[Move]) -> Move:
        legal_set = set(legal)
        goals = [goal for goal in self.goals if goal.value > 0.05]
        goals.sort(key=lambda goal: -goal.value)
        hand = self.hand
        play = self._card_play(legal_set, goals)
        if play is not None:
            return play
        if not goals:
            return act.END_TURN
        # The target: the best value, discounted by the cards it lacks.
        target = max(goals, key=lambda goal: goal.value * LACK ** missing(hand, goal.cost))
        if target.move in legal_set and missing(hand, target.cost) == 0:
            return target.move
        plan = self._trade_plan(hand, target.cost)
        if plan is not None and plan:
            move = plan[0]
            if move in legal_set:
                return move
        # Something else, with cards the target does not need.
        spare = tuple(max(0, h - c) for h, c in zip(hand, target.cost, strict=True))
        crowded = sum(hand) > 7
        for goal in goals:
            if goal is target or goal.move not in legal_set:
                continue
            if goal.value < self.SPARE_WORTH:
                continue
            if missing(spare, goal.cost) == 0 or (crowded and missing(hand, goal.cost) == 0):
                return goal.move
        offer = self._offer(target, legal_set)
        if offer is not None:
            return offer
        # Surplus far beyond the target's needs: convert it at the bank towards the target.
        step = self._progress_trade(target, legal_set)
        if step is not None:
            return step
        return act.END_TURN

    def _trade_plan(self, hand: tuple[int, ...], cost: tuple[int, ...]) -> list[Move] | None:
        """Bank trades (own rates, gold coins) that make the cost affordable, or None."""
        have = list(hand)
        gold = self.gold
        # A coin stays for the fee of a block from another seat's site, unless a city or
        # settlement needs it.
        big = cost in (CITY_COST, SETTLEMENT_COST, BLOCK_COST)
        reserve = 0 if self.has_site or big or not self._block_moves() else 1
        bank = list(self.state.bank)
        rates = self.rates
        plan: list[Move] = []
        for want in range(5):
            while have[want] < cost[want]:
                if bank[want] <= 0 or len(plan) >= 4:
                    return None
                best = None
                best_price = float("inf")
                for give in range(5):
                    if give != want and have[give] - cost[give] >= rates[give]:
                        price = rates[give] * CARD_WORTH[give]
                        if price < best_price:
                            best, best_price = give, price
                if gold - reserve >= rates[GOLD] and rates[GOLD] * CARD_WORTH[GOLD] <= best_price:
                    best = GOLD
                if best is None:
                    return None
                if best == GOLD:
                    gold -= rates[GOLD]
                else:
                    have[best] -= rates[best]
                    bank[best] += rates[best]
                have[want] += 1
                bank[want] -= 1
                plan.append(Move(act.BANK, best, want, rates[best], -1))
        return plan

    def _progress_trade(self, target: Goal, legal: set[Move]) -> Move | None:
        hand = self.hand
        need = [r for r in range(5) if hand[r] < target.cost[r]]
        if not need:
            return None
        crowded = sum(hand) > 7
        for give in sorted(range(5), key=lambda r: -(hand[r] - target.cost[r])):
            surplus = hand[give] - target.cost[give]
            rate = self.rates[give]
            if surplus >= rate + (0 if crowded else 2):
                want = max(need, key=lambda r: (target.cost[r] - hand[r], CARD_WORTH[r]))
                move = Move(act.BANK, give, want, rate, -1)
                if move in legal:
                    return move
        return None

    def _offer(self, target: Goal, legal: set[Move]) -> Move | None:
        state = self.state
        if state.offers_made:
            return None
        hand = self.hand
        lack = missing(hand, target.cost)
        if not 1 <= lack <= 2:
            return None
        want = max(range(5), key=lambda r: (target.cost[r] - hand[r], CARD_WORTH[r]))
        count = target.cost[want] - hand[want]
        needed = [0] * 5
        for goal in self.goals[:]:
            if goal.value >= target.value * 0.6:
                for r in range(5):
                    needed[r] = max(needed[r], goal.cost[r])
        needed = [max(n, c) for n, c in zip(needed, target.cost, strict=True)]
        best = None
        best_key: tuple[float, ...] = ()
        for give in range(5):
            if give == want:
                continue
            surplus = hand[give] - needed[give]
            if surplus < 1:
                continue
            n = min(3, count + (1 if surplus >= count + 2 else 0), surplus)
            key = (surplus, -CARD_WORTH[give])
            if best is None or key > best_key:
                best, best_key = Move(act.OFFER, give, n, want, count), key
        if best is not None and best in legal:
            return best
        return None

    def _offer_phase(self, legal: list[Move]) -> Move:
        state, seat = self.state, self.seat
        if seat == state.turn:
            takers = [move for move in legal if move.kind == act.TRADE]
            if takers:
                return min(takers, key=lambda move: (self.public[move.a], move.a))
            return next(move for move in legal if move.kind == act.CANCEL)
        accept = next((move for move in legal if move.kind == act.ACCEPT), None)
        decline = next(move for move in legal if move.kind != act.ACCEPT)
        if accept is None or not self.accepts():
            return decline
        return accept

    def accepts(self) -> bool:
        """Whether to accept the open offer: it must serve my goals and not help a seat close
        to winning."""
        state = self.state
        give, n, get, m = state.offer
        proposer = state.turn
        if self.public[proposer] >= CLOSE + 1:
            return False
        hand = self.hand
        after = list(hand)
        after[give] += n
        after[get] -= m
        gain = self.hand_worth(tuple(after)) - self.hand_worth(hand)
        margin = 0.05 + 0.08 * m
        lead = max(p for other, p in enumerate(self.public) if other != proposer)
        if self.public[proposer] >= CLOSE - 1 or self.public[proposer] > lead:
            margin += 0.3
        return gain > margin

    def _card_play(self, legal: set[Move], goals: list[Goal]) -> Move | None:
        state = self.state
        if state.played:
            return None
        knight = Move(act.PLAY, KNIGHT)
        if knight in legal and (self._robbed_pips() >= 2 or self._army_gain() or self._army_close()):
            return knight
        hand = self.hand
        plenty = [move for move in legal if move.kind == act.PLAY and move.a == PLENTY]
        if plenty:
            best, best_worth = None, self.hand_worth(hand) + 0.5
            for move in plenty:
                after = list(hand)
                after[move.b] += 1
                after[move.c] += 1
                worth = self.hand_worth(tuple(after))
                if (
                    any(missing(after, goal.cost) == 0 and goal.value >= 0.9 for goal in goals)
                    and worth > best_worth
                ):
                    best, best_worth = move, worth
            if best is not None:
                return best
        monopoly = [move for move in legal if move.kind == act.PLAY and move.a == MONOPOLY]
        if monopoly:
            grab = self._monopoly(monopoly)
            if grab is not None:
                return grab
        roads = Move(act.PLAY, ROAD_BUILDING)
        if roads in legal:
            values = sorted((g.value for g in goals if g.cost in (ROAD_COST, SHIP_COST)), reverse=True)
            if values and values[0] >= 0.35:
                return roads
        if knight in legal and self._robbed_pips() == 0 and state.devs[self.seat][KNIGHT] >= 2:
            return knight
        return None

    def _monopoly(self, options: list[Move]) -> Move | None:
        """The resource the others' production promises most of, weighed by my need."""
        state, seat = self.state, self.seat
        expected = [0.0] * 5
        for other in range(state.players):
            if other == seat:
                continue
            cards = sum(state.hands[other])
            prod = production(state, other)[:5]
            total = sum(prod)
            if not cards or not total:
                continue
            for r in range(5):
                expected[r] += cards * prod[r] / total
        hand = self.hand
        scored = []
        for move in options:
            r = move.a
            after = list(hand)
            after[r] += round(expected[r])
            gain = self.hand_worth(tuple(after)) - self.hand_worth(hand)
            if expected[r] >= 2.5 and gain > 0.4:
                scored.append((gain, move))
        return self._best(scored) if scored else None


# -- small helpers ---------------------------------------------------------------------------------------


def _node_edges(node: int) -> tuple[int, ...]:
    return NODE_EDGES[node]


def _far(edge: int, node: int) -> int:
    a, b = EDGES[edge]
    return b if a == node else a


def _edges_at(nodes: int) -> int:
    mask = 0
    for node in bits(nodes):
        mask |= NODE_EDGE_MASK[node]
    return mask


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)
