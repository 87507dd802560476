"""Board knowledge and values for the Catan: Cheops AI and its greedy baseline.

Everything here reads a seat's *public state* (`public_state`): the other
seats' resource and development cards become stand-ins of the same sizes, the
deck a row of blanks of the same length and the generator state zero, so no
value can depend on what the seat may not see.

Values are in victory points. Production is counted in pips (the number of
the 36 dice outcomes that roll a hex's token), weighted per resource by
`CARD_WORTH` (lumber and ore are scarce on this board, gold coins trade 4:1)
and by how little of it the seat already produces; `PIP_VP` turns a pip of
production into points, shrinking as the game nears its end.
"""

from __future__ import annotations

from games.catan_cheops.data import BLACK_BLOCKS
from games.catan_cheops.data import COSTS
from games.catan_cheops.data import EDGE_ENDS
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import GENERIC
from games.catan_cheops.data import GOAL
from games.catan_cheops.data import GOLD
from games.catan_cheops.data import HEX_RESOURCE
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import LAND_NODES
from games.catan_cheops.data import NODE_EDGES
from games.catan_cheops.data import NODE_HARBOUR
from games.catan_cheops.data import NODE_HEXES
from games.catan_cheops.data import NODES
from games.catan_cheops.data import PYRAMID_PLACES
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.data import bits
from games.catan_cheops.rules import points
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import State

__all__ = [
    "BLOCK_COST",
    "CARD_COST",
    "CARD_WORTH",
    "CITY_COST",
    "NODE_YIELD",
    "PIPS",
    "ROAD_COST",
    "SETTLEMENT_COST",
    "SHIP_COST",
    "Expansion",
    "block_shift",
    "game_left",
    "missing",
    "pip_vp",
    "production",
    "public_points",
    "public_state",
    "spot_value",
    "yield_value",
]

#: Dice outcomes (of 36) that roll each total.
PIPS: tuple[int, ...] = tuple(0 if t < 2 or t == 7 else 6 - abs(7 - t) for t in range(13))
#: What one card of each resource is worth, gold coins last.
CARD_WORTH: tuple[float, ...] = (1.0, 1.3, 0.85, 1.0, 1.3, 0.4)
#: Weighted pips a pyramid site is worth to a seat without one (blocks without fees, fees earned).
SITE_BONUS = 6.0

ROAD_COST, SHIP_COST, SETTLEMENT_COST, CITY_COST, CARD_COST, BLOCK_COST = (
    COSTS[build] for build in ("road", "ship", "settlement", "city", "card", "block")
)


def _yield(node: int) -> tuple[int, ...]:
    out = [0] * 6
    for hex_ in NODE_HEXES[node]:
        resource = HEX_RESOURCE[hex_]
        if resource >= 0:
            out[resource] += PIPS[HEX_TOKEN[hex_]]
    return tuple(out)


#: Per intersection, the pips it collects per resource (gold last).
NODE_YIELD: tuple[tuple[int, ...], ...] = tuple(_yield(n) for n in range(len(NODES)))


def public_state(state: State, seat: int) -> State:
    """The position as `seat` may know it: other hands, other development cards, the deck's
    order and the generator replaced by stand-ins of the same sizes."""
    hands = tuple(
        hand if other == seat else (sum(hand), 0, 0, 0, 0) for other, hand in enumerate(state.hands)
    )
    devs = tuple(
        cards if other == seat else (sum(cards), 0, 0, 0, 0) for other, cards in enumerate(state.devs)
    )
    fresh = state.fresh if state.turn == seat else (0, 0, 0, 0, 0)
    return state._replace(hands=hands, devs=devs, fresh=fresh, deck=(0,) * len(state.deck), rng=0)


def public_points(state: State, seat: int) -> int:
    """Points everybody can see (no victory point cards)."""
    return points(state, seat, hidden=False)


def production(state: State, seat: int) -> list[float]:
    """The seat's pips per resource (gold last); the robber's hex counts a third."""
    out = [0.0] * 6
    robber = state.robber
    for node in bits(state.blds[seat]):
        times = 2 if state.nodes[node] >= 4 else 1
        for hex_ in NODE_HEXES[node]:
            resource = HEX_RESOURCE[hex_]
            if resource >= 0:
                pips = PIPS[HEX_TOKEN[hex_]] * times
                out[resource] += pips / 3 if hex_ == robber else pips
    return out


def game_left(state: State) -> float:
    """How much of the game is left, from 1 (the start) towards 0.1: the leader's points and
    the pyramid's black blocks and places."""
    lead = max(public_points(state, seat) for seat in range(state.players))
    black = state.pyramid.count(BLACK)
    by_points = 1.0 - max(0, lead - 3) / (GOAL - 3)
    by_black = 1.0 - black / BLACK_BLOCKS
    by_places = 1.0 - len(state.pyramid) / PYRAMID_PLACES
    return max(0.1, min(by_points, by_black, by_places))


def pip_vp(state: State) -> float:
    """Points a pip of production is worth from now on."""
    return 0.13 * game_left(state)


def spot_value(
    state: State, seat: int, node: int, prod: list[float], *, has_site: bool, site_bonus: float | None = None
) -> float:
    """What a settlement at `node` adds to the seat, in weighted pips: its yield (resources the
    seat lacks count more), a harbour it can use, a pyramid site if the seat has none."""
    value = yield_value(node, prod)
    kind = NODE_HARBOUR[node]
    if kind == GENERIC:
        value += 1.5
    elif kind >= 0:
        value += 0.3 * (prod[kind] + NODE_YIELD[node][kind])
    if not has_site and PYRAMID_SITES >> node & 1:
        value += SITE_BONUS if site_bonus is None else site_bonus
    return value


def yield_value(node: int, prod: list[float], enough: float = 6.0, lack_weight: float = 0.6) -> float:
    """Weighted pips of a node's production: a resource the seat produces fewer than `enough`
    pips of counts up to `lack_weight` more (gold coins never)."""
    y = NODE_YIELD[node]
    value = 0.0
    for resource in range(6):
        if y[resource]:
            lack = 0.0 if resource == GOLD else max(0.0, 1.0 - prod[resource] / enough)
            value += CARD_WORTH[resource] * y[resource] * (1.0 + lack_weight * lack)
    return value


def missing(hand: tuple[int, ...] | list[int], cost: tuple[int, ...]) -> int:
    """Cards the hand lacks for the cost."""
    return sum(max(0, c - h) for h, c in zip(hand, cost, strict=True))


def block_shift(before: State, after: State, seat: int) -> float:
    """What a block changes in public points: mine, less half the others' average change."""
    mine = public_points(after, seat) - public_points(before, seat)
    others = [
        public_points(after, other) - public_points(before, other)
        for other in range(before.players)
        if other != seat
    ]
    return mine - 0.5 * sum(others) / len(others)


class Expansion:
    """Where the seat's network can grow: free edges from its frontier valued by the best
    settlement spot they lead to within a few more pieces. A spot is worth a point plus its
    production (`pip_vp` per weighted pip), times `weight`; every further piece discounts it."""

    DEPTH = 4
    DECAY = 0.6

    def __init__(
        self,
        state: State,
        seat: int,
        prod: list[float],
        *,
        has_site: bool,
        pv: float,
        weight: float = 1.0,
        site_bonus: float | None = None,
    ) -> None:
        self.state = state
        self.seat = seat
        own = state.blds[seat]
        others = state.occupied & ~own
        self.others = others
        self.frontier = (state.ends[seat] & ~others) | own
        self.spots: dict[int, float] = {}
        for node in bits(LAND_NODES & ~state.blocked):
            value = spot_value(state, seat, node, prod, has_site=has_site, site_bonus=site_bonus)
            self.spots[node] = weight * (1.0 + pv * value)
        self._reach: dict[int, float] = {}

    def reach(self, start: int) -> float:
        """The best discounted spot value from `start` (a spot at `start` itself undiscounted)."""
        if start in self._reach:
            return self._reach[start]
        state = self.state
        best = self.spots.get(start, 0.0)
        if not self.others >> start & 1:
            seen = {start}
            layer = [start]
            factor = 1.0
            for _ in range(self.DEPTH):
                factor *= self.DECAY
                nxt = []
                for node in layer:
                    for edge in NODE_EDGES[node]:
                        if state.covered >> edge & 1:
                            continue
                        a, b = EDGES[edge]
                        other = b if a == node else a
                        if other in seen:
                            continue
                        seen.add(other)
                        value = self.spots.get(other, 0.0) * factor
                        if value > best:
                            best = value
                        if not self.others >> other & 1:
                            nxt.append(other)
                layer = nxt
        self._reach[start] = best
        return best

    def edge_value(self, edge: int) -> float:
        """The discounted worth of the best spot a piece on `edge` leads towards."""
        ends = EDGE_ENDS[edge]
        far = ends & ~self.frontier
        if not far:
            return 0.0
        node = far.bit_length() - 1
        return self.DECAY * self.reach(node)
