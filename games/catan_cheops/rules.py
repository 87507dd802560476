"""The rules: a new game, the legal moves of a seat, and applying a move.

Rules and decisions: docs/catan-cheops.md (after specs/catan-cheops.md).
`apply` checks each move kind by the rules it names and refuses with the
sentence a player needs; `legal_actions` lists exactly the moves `apply`
accepts. Both work on bitmasks of intersections and edges (see `data`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from games.catan_cheops.actions import ACCEPT
from games.catan_cheops.actions import ACCEPT_OFFER
from games.catan_cheops.actions import BANK
from games.catan_cheops.actions import BLOCK
from games.catan_cheops.actions import BUY
from games.catan_cheops.actions import BUY_CARD
from games.catan_cheops.actions import CANCEL_OFFER
from games.catan_cheops.actions import CITY
from games.catan_cheops.actions import CITY_AT
from games.catan_cheops.actions import DECLINE
from games.catan_cheops.actions import DECLINE_OFFER
from games.catan_cheops.actions import DISCARD
from games.catan_cheops.actions import END
from games.catan_cheops.actions import END_TURN
from games.catan_cheops.actions import OFFER
from games.catan_cheops.actions import PLAY
from games.catan_cheops.actions import ROAD_AT
from games.catan_cheops.actions import ROBBER
from games.catan_cheops.actions import ROLL
from games.catan_cheops.actions import ROLL_DICE
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import SETTLEMENT_AT
from games.catan_cheops.actions import SHIP_AT
from games.catan_cheops.actions import TRADE
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import pack
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import BANK as BANK_SIZE
from games.catan_cheops.data import BLACK_BLOCKS
from games.catan_cheops.data import BLOCKS
from games.catan_cheops.data import CITIES
from games.catan_cheops.data import COSTS
from games.catan_cheops.data import DECK
from games.catan_cheops.data import DEV_KINDS
from games.catan_cheops.data import EDGE_ENDS
from games.catan_cheops.data import EDGE_NAMES
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import FOUNDING_NODES
from games.catan_cheops.data import GENERIC
from games.catan_cheops.data import GOAL
from games.catan_cheops.data import GOLD
from games.catan_cheops.data import HARBOUR_NODES
from games.catan_cheops.data import HEX_NODES
from games.catan_cheops.data import HEX_RESOURCE
from games.catan_cheops.data import LAND_HEXES
from games.catan_cheops.data import LAND_NODES
from games.catan_cheops.data import NODE_EDGE_MASK
from games.catan_cheops.data import NODE_EDGES
from games.catan_cheops.data import NODE_HARBOUR
from games.catan_cheops.data import NODE_HEXES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import NODE_NEIGHBOUR_MASK
from games.catan_cheops.data import NODES
from games.catan_cheops.data import PRODUCTION
from games.catan_cheops.data import PYRAMID_PLACES
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.data import ROAD_EDGES
from games.catan_cheops.data import ROADS
from games.catan_cheops.data import SETTLEMENTS
from games.catan_cheops.data import SHIP_EDGES
from games.catan_cheops.data import SHIPS
from games.catan_cheops.data import START_GOLD
from games.catan_cheops.data import bits
from games.catan_cheops.state import ANSWERS
from games.catan_cheops.state import ARMY
from games.catan_cheops.state import BANK_
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import BLDS
from games.catan_cheops.state import BLESSING
from games.catan_cheops.state import BLOCKED
from games.catan_cheops.state import BY_BLACK
from games.catan_cheops.state import BY_POINTS
from games.catan_cheops.state import BY_PYRAMID
from games.catan_cheops.state import COVERED
from games.catan_cheops.state import DECK_
from games.catan_cheops.state import DEVS
from games.catan_cheops.state import DISCARD as DISCARD_PHASE
from games.catan_cheops.state import DISCARDS
from games.catan_cheops.state import EDGES_
from games.catan_cheops.state import ENDED
from games.catan_cheops.state import ENDS
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import FREE
from games.catan_cheops.state import FREE_ROADS
from games.catan_cheops.state import FRESH
from games.catan_cheops.state import FSTEP
from games.catan_cheops.state import GOLD_
from games.catan_cheops.state import HANDS
from games.catan_cheops.state import KNIGHTS
from games.catan_cheops.state import LAST_NODE
from games.catan_cheops.state import LAST_ROLL
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import NETS
from games.catan_cheops.state import NODES_
from games.catan_cheops.state import OCCUPIED
from games.catan_cheops.state import OFFER as OFFER_PHASE
from games.catan_cheops.state import OFFER_
from games.catan_cheops.state import OFFERS_MADE
from games.catan_cheops.state import OVER
from games.catan_cheops.state import PHARAOHS
from games.catan_cheops.state import PHASE
from games.catan_cheops.state import PLAYED
from games.catan_cheops.state import PYRAMID
from games.catan_cheops.state import RESUME
from games.catan_cheops.state import RNG
from games.catan_cheops.state import ROBBER as ROBBER_PHASE
from games.catan_cheops.state import ROBBER_
from games.catan_cheops.state import ROLL as ROLL_PHASE
from games.catan_cheops.state import RULEBOOK
from games.catan_cheops.state import SEVEN
from games.catan_cheops.state import TURN
from games.catan_cheops.state import TURNS
from games.catan_cheops.state import State
from games.catan_cheops.state import freeze
from games.catan_cheops.state import from_stored
from games.catan_cheops.words import card_name
from games.catan_cheops.words import cards
from games.catan_cheops.words import illegal
from games.catan_cheops.words import resource_name
from games.catan_cheops.words import say
from games.core import IllegalAction
from games.core import Message
from games.core import Player
from games.core import Rng

__all__ = [
    "FOUNDING_STEPS",
    "KNIGHT",
    "MAX_OFFER",
    "MAX_OFFERS",
    "MONOPOLY",
    "PLENTY",
    "ROAD_BUILDING",
    "VICTORY",
    "apply",
    "block_counts",
    "current_turn",
    "cursed",
    "discard_options",
    "founding_nodes",
    "harbour_rates",
    "hidden_acting",
    "legal_actions",
    "new_game",
    "points",
    "reachable",
    "reveals",
    "to_act",
    "trade_reach",
    "turn_number",
]

KNIGHT, VICTORY, ROAD_BUILDING, PLENTY, MONOPOLY = range(5)
#: An offer gives 1 to MAX_OFFER cards of one resource for 1 to MAX_OFFER of another
#: (docs/catan-cheops.md). The rulebook sets no limit on offers, one open at a time; ours
#: stops at MAX_OFFERS a turn, only so that no game can be kept from its end by offers.
MAX_OFFER = 3
MAX_OFFERS = 20
#: More than this many resource cards: discard half on a 7.
HAND_LIMIT = 7

_ROAD_COST = COSTS["road"]
_SHIP_COST = COSTS["ship"]
_SETTLEMENT_COST = COSTS["settlement"]
_CITY_COST = COSTS["city"]
_CARD_COST = COSTS["card"]
_BLOCK_COST = COSTS["block"]
_ZERO5 = (0, 0, 0, 0, 0)


def _founding_steps(players: int) -> tuple[tuple[int, bool, bool, bool], ...]:
    """(seat, a settlement (else a road or ship), the third settlement, a new turn begins)."""
    steps: list[tuple[int, bool, bool, bool]] = []
    for seat in range(players):
        steps += [(seat, True, False, True), (seat, False, False, False)]
    for seat in reversed(range(players)):
        steps += [(seat, True, False, True), (seat, False, False, False)]
        steps += [(seat, True, True, False), (seat, False, False, False)]
    return tuple(steps)


FOUNDING_STEPS: dict[int, tuple[tuple[int, bool, bool, bool], ...]] = {
    players: _founding_steps(players) for players in (3, 4)
}


def new_game(players: int, seed: int, pharaoh: str = "rulebook") -> State:
    """A new game; `pharaoh` is the option's value (see `state.PHARAOHS`)."""
    rng = Rng.seed(seed)
    deck, rng = Rng.shuffle(rng, DECK)
    deserts = [h for h in LAND_HEXES if HEX_RESOURCE[h] < 0]
    pick, rng = Rng.below(rng, len(deserts))
    return from_stored(
        players=players,
        rng=rng,
        phase=FOUND,
        turn=0,
        turns=0,
        fstep=0,
        last_node=-1,
        nodes=(-1,) * len(NODES),
        edges=(-1,) * len(EDGES),
        hands=(_ZERO5,) * players,
        gold=(START_GOLD,) * players,
        bank=(BANK_SIZE,) * 5,
        deck=tuple(deck),
        devs=(_ZERO5,) * players,
        fresh=_ZERO5,
        played=0,
        knights=(0,) * players,
        army=-1,
        robber=deserts[pick],
        pyramid=(),
        blessing=-1,
        discards=(0,) * players,
        free_roads=0,
        resume=MAIN,
        offer=(),
        answers=(-1,) * players,
        offers_made=0,
        last_roll=(),
        ended=0,
        pharaoh=PHARAOHS.index(pharaoh),
    )


# -- who acts -----------------------------------------------------------------------------------------

_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(4))


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase == OVER:
        return _NOBODY
    if phase == DISCARD_PHASE:
        return frozenset(seat for seat, need in enumerate(state.discards) if need)
    if phase == OFFER_PHASE:
        # The offer closes when every seat asked has answered: only then does the proposer
        # choose (trade or cancel), so no answer shows before the others are in.
        waiting = frozenset(seat for seat, answer in enumerate(state.answers) if answer == 0)
        return waiting or _ONLY[state.turn]
    return _ONLY[state.turn]


def hidden_acting(state: State) -> dict[int, Move]:
    """The seats asked to answer the open offer: those who can pay it, which nobody else
    may learn; one that stays silent declines."""
    if state.phase != OFFER_PHASE:
        return {}
    return {seat: DECLINE_OFFER for seat, answer in enumerate(state.answers) if answer == 0}


def current_turn(state: State) -> int | None:
    """The player to move keeps the turn while others discard or answer an offer."""
    return None if state.phase == OVER else int(state.turn)


def turn_number(state: State) -> int:
    return int(state.turns)


# -- scores ---------------------------------------------------------------------------------------------


def block_counts(state: State) -> list[int]:
    pyramid = state.pyramid
    return [pyramid.count(seat) for seat in range(state.players)]


def cursed(state: State) -> list[bool]:
    """Who carries the curse: once a player block stands, the seats with the fewest
    blocks, unless every seat has as many."""
    counts = block_counts(state)
    if not any(counts):
        return [False] * state.players
    low = min(counts)
    if low == max(counts):
        return [False] * state.players
    return [count == low for count in counts]


def points(state: State, seat: int, *, hidden: bool = True) -> int:
    """Victory points; `hidden` counts the seat's victory point cards too."""
    nodes = state.nodes
    total = nodes.count(seat) + 2 * nodes.count(seat + 4)
    if state.army == seat:
        total += 2
    if state.blessing == seat:
        total += 3
    if state.pyramid and cursed(state)[seat]:
        total -= 2
    if hidden:
        total += state.devs[seat][VICTORY]
    return total


# -- helpers --------------------------------------------------------------------------------------------


def _frontier(state: State, seat: int) -> int:
    """Intersections a new road or ship of the seat may start from: its buildings, and the
    ends of its roads and ships where no other player's building stands."""
    own = state.blds[seat]
    return (state.ends[seat] & ~(state.occupied & ~own)) | own


def _free_edges(state: State, seat: int) -> int:
    return _edges_at(_frontier(state, seat)) & ~state.covered


@lru_cache(maxsize=1 << 16)
def _edges_at(nodes: int) -> int:
    """The edges touching any of those intersections."""
    mask = 0
    for node in bits(nodes):
        mask |= NODE_EDGE_MASK[node]
    return mask


def _settlement_nodes(state: State, seat: int) -> int:
    return state.ends[seat] & LAND_NODES & ~state.blocked


def _affords(hand: tuple[int, ...], cost: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(hand, cost, strict=True))


def trade_reach(state: State, seat: int) -> int:
    """Intersections joined to one of the seat's buildings by a trade route: an unbroken line
    of roads and ships of any players."""
    return reachable(state.covered, state.blds[seat])


@lru_cache(maxsize=1 << 14)
def reachable(covered: int, start: int) -> int:
    """The intersections joined to those of `start` along edges of `covered` (bitmasks)."""
    reached = start
    frontier = reached
    while frontier:
        grown = 0
        for node in bits(frontier):
            for edge in NODE_EDGES[node]:
                if covered >> edge & 1:
                    grown |= EDGE_ENDS[edge]
        frontier = grown & ~reached
        reached |= grown
    return reached


def harbour_rates(state: State, seat: int) -> tuple[int, ...]:
    """The seat's own bank rates per resource, and for gold last (4, 3 or 2 to 1)."""
    return _rates(state.blds[seat] & HARBOUR_NODES)


@lru_cache(maxsize=4096)
def _rates(harbours: int) -> tuple[int, ...]:
    rates = [4, 4, 4, 4, 4, 4]
    for node in bits(harbours):
        kind = NODE_HARBOUR[node]
        if kind == GENERIC:
            rates = [min(rate, 3) for rate in rates]
        elif kind >= 0:
            rates[kind] = 2
    return tuple(rates)


def _foreign_harbours(state: State, seat: int) -> tuple[tuple[int, int], ...]:
    """(owner, kind) of the other players' harbours a trade route joins the seat to."""
    if not state.occupied & ~state.blds[seat] & HARBOUR_NODES:
        return ()
    return _harbours_reached(state.covered, state.blds, seat)


@lru_cache(maxsize=1 << 14)
def _harbours_reached(covered: int, blds: tuple[int, ...], seat: int) -> tuple[tuple[int, int], ...]:
    found: list[tuple[int, int]] = []
    reach = -1
    for other, own in enumerate(blds):
        if other == seat:
            continue
        for node in bits(own & HARBOUR_NODES):
            kind = NODE_HARBOUR[node]
            if (other, kind) in found:
                continue
            if reach < 0:
                reach = reachable(covered, blds[seat])
            if reach >> node & 1:
                found.append((other, kind))
    return tuple(found)


def _foreign_sites(state: State, seat: int) -> list[int]:
    """Other seats with a building on a pyramid site that a trade route joins the seat to."""
    found = []
    reach = -1
    for other in range(state.players):
        if other != seat and state.blds[other] & PYRAMID_SITES:
            if reach < 0:
                reach = trade_reach(state, seat)
            if reach & state.blds[other] & PYRAMID_SITES:
                found.append(other)
    return found


@lru_cache(maxsize=4096)
def discard_options(hand: tuple[int, ...], need: int) -> tuple[Move, ...]:
    """Every way to discard `need` of the hand's cards, as moves."""
    found: list[Move] = []
    counts = [0] * 5

    def fill(resource: int, left: int) -> None:
        if resource == 4:
            if left <= hand[4]:
                counts[4] = left
                found.append(Move(DISCARD, pack(counts)))
            return
        rest = sum(hand[resource + 1 :])
        for n in range(max(0, left - rest), min(hand[resource], left) + 1):
            counts[resource] = n
            fill(resource + 1, left - n)
        counts[resource] = 0

    fill(0, need)
    return tuple(found)


_OFFERS: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(
        tuple(
            Move(OFFER, give, n, get, m) for get in range(5) if get != give for m in range(1, MAX_OFFER + 1)
        )
        for n in range(MAX_OFFER + 1)
    )
    for give in range(5)
)
_PLENTY = tuple(Move(PLAY, PLENTY, a, b) for a in range(5) for b in range(a, 5))
_MONOPOLY = tuple(Move(PLAY, MONOPOLY, r) for r in range(5))
_KNIGHT = Move(PLAY, KNIGHT)
_ROAD_BUILDING = Move(PLAY, ROAD_BUILDING)
_TRADE_WITH = tuple(Move(TRADE, seat) for seat in range(4))
_BLOCK_OWN = Move(BLOCK, -1)
_LAND = frozenset(LAND_HEXES)
_BLOCK_VIA = tuple(Move(BLOCK, seat) for seat in range(4))


# -- legal actions --------------------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Move]:
    phase = state.phase
    if phase == OVER or type(seat) is not int or not 0 <= seat < state.players:
        return []
    if phase == DISCARD_PHASE:
        need = state.discards[seat]
        return list(discard_options(state.hands[seat], need)) if need else []
    if phase == OFFER_PHASE:
        return _offer_answers(state, seat)
    if seat != state.turn:
        return []
    if phase == MAIN:
        return _main_actions(state, seat)
    if phase == ROLL_PHASE:
        return [ROLL_DICE, *_card_plays(state, seat)]
    if phase == ROBBER_PHASE:
        return _robber_moves(state, seat)
    if phase == FREE_ROADS:
        return _free_pieces(state, seat, _free_edges(state, seat))
    return _founding_actions(state, seat)


def _founding_actions(state: State, seat: int) -> list[Move]:
    _, settlement, _, _ = FOUNDING_STEPS[state.players][state.fstep]
    if settlement:
        return [SETTLEMENT_AT[n] for n in bits(founding_nodes(state))]
    return _free_pieces(state, seat, NODE_EDGE_MASK[state.last_node] & ~state.covered)


def founding_nodes(state: State) -> int:
    """Where a founding settlement may stand: free Nile-bank intersections under the distance
    rule; should none be left, any free land intersection under it."""
    free = FOUNDING_NODES & ~state.blocked
    return free or LAND_NODES & ~state.blocked


def _free_pieces(state: State, seat: int, edges: int) -> list[Move]:
    """Roads and ships on those free edges, as far as the seat has pieces (no cost)."""
    out: list[Move] = []
    if state.edges.count(seat) < ROADS:
        out += [ROAD_AT[e] for e in bits(edges & ROAD_EDGES)]
    if state.edges.count(seat + 4) < SHIPS:
        out += [SHIP_AT[e] for e in bits(edges & SHIP_EDGES)]
    return out


def _offer_answers(state: State, seat: int) -> list[Move]:
    answer = state.answers[seat]
    if answer == 0:
        _, _, get, m = state.offer
        if state.hands[seat][get] >= m:
            return [ACCEPT_OFFER, DECLINE_OFFER]
        return [DECLINE_OFFER]
    if seat == state.turn and 0 not in state.answers:
        return [*(_TRADE_WITH[other] for other, a in enumerate(state.answers) if a == 1), CANCEL_OFFER]
    return []


def _card_plays(state: State, seat: int) -> list[Move]:
    if state.played:
        return []
    devs = state.devs[seat]
    fresh = state.fresh
    out: list[Move] = []
    if devs[KNIGHT] > fresh[KNIGHT]:
        out.append(_KNIGHT)
    if devs[ROAD_BUILDING] > fresh[ROAD_BUILDING] and _free_pieces(state, seat, _free_edges(state, seat)):
        out.append(_ROAD_BUILDING)
    if devs[PLENTY] > fresh[PLENTY]:
        bank = state.bank
        out += [m for m in _PLENTY if bank[m.b] >= (2 if m.b == m.c else 1) and bank[m.c] >= 1]
    if devs[MONOPOLY] > fresh[MONOPOLY]:
        out += _MONOPOLY
    return out


def _main_actions(state: State, seat: int) -> list[Move]:
    out = [END_TURN]
    b, lumber, w, g, o = hand = state.hands[seat]
    edges = state.edges
    if lumber and (b or w):
        free = _free_edges(state, seat)
        if b and edges.count(seat) < ROADS:
            out += [ROAD_AT[e] for e in bits(free & ROAD_EDGES)]
        if w and edges.count(seat + 4) < SHIPS:
            out += [SHIP_AT[e] for e in bits(free & SHIP_EDGES)]
    nodes = state.nodes
    if b and lumber and w and g and nodes.count(seat) < SETTLEMENTS:
        out += [SETTLEMENT_AT[n] for n in bits(_settlement_nodes(state, seat))]
    if g >= 2 and o >= 3 and nodes.count(seat + 4) < CITIES:
        out += [CITY_AT[n] for n, owner in enumerate(nodes) if owner == seat]
    if w and g and o and state.deck:
        out.append(BUY_CARD)
    if b and o:
        out += _blocks(state, seat)
    out += _card_plays(state, seat)
    out += _bank_trades(state, seat, hand)
    if state.offers_made < MAX_OFFERS:
        for give in range(5):
            if hand[give]:
                out += _OFFERS[give][min(hand[give], MAX_OFFER)]
                for n in range(1, min(hand[give], MAX_OFFER)):
                    out += _OFFERS[give][n]
    return out


def _blocks(state: State, seat: int) -> list[Move]:
    if state.pyramid.count(seat) >= BLOCKS or len(state.pyramid) >= PYRAMID_PLACES:
        return []
    if state.blds[seat] & PYRAMID_SITES:
        return [_BLOCK_OWN]
    if not state.gold[seat]:
        return []
    return [_BLOCK_VIA[other] for other in _foreign_sites(state, seat)]


def _bank_trades(state: State, seat: int, hand: tuple[int, ...]) -> list[Move]:
    rates = harbour_rates(state, seat)
    bank = state.bank
    gold = state.gold[seat]
    out: list[Move] = []
    for give in range(5):
        if hand[give] >= rates[give]:
            out += [_bank_move(give, get, rates[give], -1) for get in range(5) if get != give and bank[get]]
    if gold >= rates[GOLD]:
        out += [_bank_move(GOLD, get, rates[GOLD], -1) for get in range(5) if bank[get]]
    if gold and any(h >= 2 for h in hand):
        for owner, kind in _foreign_harbours(state, seat):
            for give in range(5) if kind == GENERIC else (kind,):
                rate = 3 if kind == GENERIC else 2
                if rate < rates[give] and hand[give] >= rate:
                    out += [
                        _bank_move(give, get, rate, owner) for get in range(5) if get != give and bank[get]
                    ]
    return out


@lru_cache(maxsize=2048)
def _bank_move(give: int, get: int, rate: int, via: int) -> Move:
    return Move(BANK, give, get, rate, via)


def _robber_moves(state: State, seat: int) -> list[Move]:
    hands = state.hands
    robbed: dict[int, set[int]] = {}
    for other, own in enumerate(state.blds):
        if other != seat and own and any(hands[other]):
            for node in bits(own):
                for hex_ in NODE_HEXES[node]:
                    robbed.setdefault(hex_, set()).add(other)
    out: list[Move] = []
    robber = state.robber
    for hex_ in LAND_HEXES:
        if hex_ == robber:
            continue
        victims = robbed.get(hex_)
        if victims:
            out += [_robber_move(hex_, victim) for victim in sorted(victims)]
        else:
            out.append(_robber_move(hex_, -1))
    return out


def _victims(nodes: tuple[int, ...], hands: tuple[tuple[int, ...], ...], hex_: int, seat: int) -> list[int]:
    found: list[int] = []
    for node in HEX_NODES[hex_]:
        owner = nodes[node]
        if owner >= 0:
            other = owner & 3
            if other != seat and other not in found and any(hands[other]):
                found.append(other)
    found.sort()
    return found


@lru_cache(maxsize=1024)
def _robber_move(hex_: int, victim: int) -> Move:
    return Move(ROBBER, hex_, victim)


# -- apply ----------------------------------------------------------------------------------------------


def apply(state: State, seat: int, action: object) -> State:
    if state.phase == OVER:
        raise illegal("error.over")
    if type(action) is not Move or type(seat) is not int or not 0 <= seat < state.players:
        raise illegal("error.unknown_action")
    kind = action.kind
    if type(kind) is not int or not 0 <= kind < len(_APPLY):
        raise illegal("error.unknown_action")
    for value in action:
        if type(value) is not int:
            raise illegal("error.unknown_action")
    phase = state.phase
    if (seat not in to_act(state)) if phase in (DISCARD_PHASE, OFFER_PHASE) else seat != state.turn:
        if phase == OFFER_PHASE and seat == state.turn:
            raise illegal("error.offer_waiting")
        raise illegal("error.not_acting")
    return _APPLY[kind](state, seat, action)


def _draft(state: State) -> list[Any]:
    return list(state)


def _sub(hand: tuple[int, ...], cost: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(h - c for h, c in zip(hand, cost, strict=True))


def _add(hand: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(h + c for h, c in zip(hand, more, strict=True))


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)


def _pay(draft: list[Any], seat: int, cost: tuple[int, ...]) -> None:
    draft[HANDS] = _put(draft[HANDS], seat, _sub(draft[HANDS][seat], cost))
    draft[BANK_] = _add(draft[BANK_], cost)


def _need(state: State, seat: int, cost: tuple[int, ...], thing: str) -> None:
    if not _affords(state.hands[seat], cost):
        raise illegal("error.cost", cost=cards(cost), thing=_thing(thing))


def _thing(name: str) -> Message:
    return say(f"thing.{name}")


def _main_only(state: State, seat: int) -> None:
    """The move needs the seat's own turn after the roll, with nothing else pending."""
    phase = state.phase
    if phase == MAIN:
        return
    if phase == ROLL_PHASE:
        raise illegal("error.roll_first")
    if phase == OFFER_PHASE:
        raise illegal("error.offer_open")
    if phase == FREE_ROADS:
        raise illegal("error.free_roads")
    if phase == ROBBER_PHASE:
        raise illegal("error.robber_first")
    if phase == DISCARD_PHASE:
        raise illegal("error.discard_first")
    raise illegal("error.founding")


def _check_node(action: Move) -> int:
    node = action.a
    if not 0 <= node < len(NODES) or action.b != -1 or action.c != -1 or action.d != -1:
        raise illegal("error.unknown_action")
    return node


def _check_edge(action: Move) -> int:
    edge = action.a
    if not 0 <= edge < len(EDGES) or action.b != -1 or action.c != -1 or action.d != -1:
        raise illegal("error.unknown_action")
    return edge


def _no_args(action: Move) -> None:
    if action.a != -1 or action.b != -1 or action.c != -1 or action.d != -1:
        raise illegal("error.unknown_action")


def _apply_roll(state: State, seat: int, action: Move) -> State:
    _no_args(action)
    if state.phase != ROLL_PHASE:
        if state.phase == FOUND:
            raise illegal("error.founding")
        raise illegal("error.rolled")
    rng = state.rng
    one, rng = Rng.below(rng, 6)
    two, rng = Rng.below(rng, 6)
    total = one + two + 2
    draft = _draft(state)
    draft[RNG] = rng
    draft[LAST_ROLL] = (one + 1, two + 1)
    if total == 7:
        discards = tuple(sum(hand) // 2 if sum(hand) > HAND_LIMIT else 0 for hand in state.hands)
        draft[DISCARDS] = discards
        draft[RESUME] = SEVEN
        draft[PHASE] = DISCARD_PHASE if any(discards) else ROBBER_PHASE
        return freeze(draft)
    _produce(draft, state, total)
    draft[PHASE] = MAIN
    return freeze(draft)


def _produce(draft: list[Any], state: State, total: int) -> None:
    players = state.players
    nodes = state.nodes
    robber = state.robber
    owed = [[0] * 6 for _ in range(players)]
    paid = False
    for hex_, resource, ring in PRODUCTION[total]:
        if hex_ == robber:
            continue
        for node in ring:
            owner = nodes[node]
            if owner >= 0:
                owed[owner & 3][resource] += 1 + (owner >> 2)
                paid = True
    if not paid:
        return
    hands = [list(hand) for hand in state.hands]
    bank = list(state.bank)
    for resource in range(5):
        wanted = [row[resource] for row in owed]
        total_owed = sum(wanted)
        if not total_owed:
            continue
        if total_owed <= bank[resource]:
            for seat in range(players):
                hands[seat][resource] += wanted[seat]
            bank[resource] -= total_owed
        else:
            owing = [seat for seat in range(players) if wanted[seat]]
            if len(owing) == 1:
                hands[owing[0]][resource] += bank[resource]
                bank[resource] = 0
    draft[HANDS] = tuple(tuple(hand) for hand in hands)
    draft[BANK_] = tuple(bank)
    if any(row[GOLD] for row in owed):
        draft[GOLD_] = tuple(g + row[GOLD] for g, row in zip(state.gold, owed, strict=True))


def _apply_end(state: State, seat: int, action: Move) -> State:
    _no_args(action)
    _main_only(state, seat)
    draft = _draft(state)
    nxt = (seat + 1) % state.players
    draft[TURN] = nxt
    draft[TURNS] = state.turns + 1
    draft[PHASE] = ROLL_PHASE
    draft[PLAYED] = 0
    draft[FRESH] = _ZERO5
    draft[OFFERS_MADE] = 0
    return _check_win(freeze(draft))


def _check_win(state: State) -> State:
    """The game ends at once when the seat to move has 12 points on its turn."""
    if state.phase not in (FOUND, OVER) and points(state, state.turn) >= GOAL:
        return state._replace(phase=OVER, ended=BY_POINTS)
    return state


def _apply_road(state: State, seat: int, action: Move) -> State:
    return _apply_piece(state, seat, action, ship=False)


def _apply_ship(state: State, seat: int, action: Move) -> State:
    return _apply_piece(state, seat, action, ship=True)


def _apply_piece(state: State, seat: int, action: Move, *, ship: bool) -> State:
    edge = _check_edge(action)
    phase = state.phase
    free = False
    if phase == FOUND:
        _, settlement, _, _ = FOUNDING_STEPS[state.players][state.fstep]
        if settlement:
            raise illegal("error.found_settlement")
        if not NODE_EDGE_MASK[state.last_node] >> edge & 1:
            raise illegal("error.found_edge", node=NODE_NAMES[state.last_node])
        free = True
    elif phase == FREE_ROADS:
        free = True
    else:
        _main_only(state, seat)
    name = EDGE_NAMES[edge]
    if state.covered >> edge & 1:
        raise illegal("error.edge_taken", edge=name)
    if ship and not SHIP_EDGES >> edge & 1:
        raise illegal("error.not_ship_edge", edge=name)
    if not ship and not ROAD_EDGES >> edge & 1:
        raise illegal("error.not_road_edge", edge=name)
    if state.edges.count(seat + 4 if ship else seat) >= (SHIPS if ship else ROADS):
        raise illegal("error.no_ships" if ship else "error.no_roads")
    if phase != FOUND and not EDGE_ENDS[edge] & _frontier(state, seat):
        raise illegal("error.not_connected", edge=name)
    if not free:
        _need(state, seat, _SHIP_COST if ship else _ROAD_COST, "ship" if ship else "road")
    draft = _draft(state)
    if not free:
        _pay(draft, seat, _SHIP_COST if ship else _ROAD_COST)
    draft[EDGES_] = _put(state.edges, edge, seat + 4 if ship else seat)
    draft[NETS] = _put(state.nets, seat, state.nets[seat] | 1 << edge)
    draft[ENDS] = _put(state.ends, seat, state.ends[seat] | EDGE_ENDS[edge])
    draft[COVERED] = state.covered | 1 << edge
    if phase == FOUND:
        return _next_founding(draft, state)
    if phase == FREE_ROADS:
        left = state.free_roads - 1
        draft[FREE] = left
        after = freeze(draft)
        if left <= 0 or not _free_pieces(after, seat, _free_edges(after, seat)):
            return after._replace(phase=state.resume, free_roads=0)
        return after
    return freeze(draft)


def _next_founding(draft: list[Any], state: State) -> State:
    steps = FOUNDING_STEPS[state.players]
    step = state.fstep + 1
    turns = state.turns
    while step < len(steps):
        _, settlement, _, new_turn = steps[step]
        if new_turn:
            turns += 1
        if settlement:
            break
        # A road step whose settlement has no free edge left is skipped.
        probe = freeze(draft)
        if NODE_EDGE_MASK[probe.last_node] & ~probe.covered:
            break
        step += 1
    draft[TURNS] = turns
    if step >= len(steps):
        draft[FSTEP] = len(steps)
        draft[PHASE] = ROLL_PHASE
        draft[TURN] = 0
        draft[TURNS] = turns + 1
        draft[LAST_NODE] = -1
        return freeze(draft)
    draft[FSTEP] = step
    draft[TURN] = steps[step][0]
    return freeze(draft)


def _apply_settlement(state: State, seat: int, action: Move) -> State:
    node = _check_node(action)
    name = NODE_NAMES[node]
    phase = state.phase
    if phase == FOUND:
        _, settlement, third, _ = FOUNDING_STEPS[state.players][state.fstep]
        if not settlement:
            raise illegal("error.found_road", node=NODE_NAMES[state.last_node])
        if state.occupied >> node & 1:
            raise illegal("error.node_taken", node=name)
        if state.blocked >> node & 1:
            raise illegal("error.distance")
        if not founding_nodes(state) >> node & 1:
            raise illegal("error.found_bank")
        draft = _draft(state)
        _place_settlement(draft, state, seat, node)
        draft[LAST_NODE] = node
        if third:
            _first_harvest(draft, seat, node)
        return _next_founding(draft, state)
    _main_only(state, seat)
    if state.occupied >> node & 1:
        raise illegal("error.node_taken", node=name)
    if not LAND_NODES >> node & 1:
        raise illegal("error.not_land", node=name)
    if state.blocked >> node & 1:
        raise illegal("error.distance")
    if not state.ends[seat] >> node & 1:
        raise illegal("error.settlement_unconnected", node=name)
    if state.nodes.count(seat) >= SETTLEMENTS:
        raise illegal("error.no_settlements")
    _need(state, seat, _SETTLEMENT_COST, "settlement")
    draft = _draft(state)
    _pay(draft, seat, _SETTLEMENT_COST)
    _place_settlement(draft, state, seat, node)
    return _check_win(freeze(draft))


def _place_settlement(draft: list[Any], state: State, seat: int, node: int) -> None:
    draft[NODES_] = _put(state.nodes, node, seat)
    draft[BLDS] = _put(state.blds, seat, state.blds[seat] | 1 << node)
    draft[OCCUPIED] = state.occupied | 1 << node
    draft[BLOCKED] = state.blocked | 1 << node | NODE_NEIGHBOUR_MASK[node]


def _first_harvest(draft: list[Any], seat: int, node: int) -> None:
    """The third founding settlement takes one of each resource (or gold) of its hexes."""
    hand = list(draft[HANDS][seat])
    bank = list(draft[BANK_])
    gold = draft[GOLD_][seat]
    for hex_ in NODE_HEXES[node]:
        resource = HEX_RESOURCE[hex_]
        if resource == GOLD:
            gold += 1
        elif resource >= 0 and bank[resource]:
            hand[resource] += 1
            bank[resource] -= 1
    draft[HANDS] = _put(draft[HANDS], seat, tuple(hand))
    draft[BANK_] = tuple(bank)
    draft[GOLD_] = _put(draft[GOLD_], seat, gold)


def _apply_city(state: State, seat: int, action: Move) -> State:
    node = _check_node(action)
    _main_only(state, seat)
    if state.nodes[node] != seat:
        raise illegal("error.no_own_settlement", node=NODE_NAMES[node])
    if state.nodes.count(seat + 4) >= CITIES:
        raise illegal("error.no_cities")
    _need(state, seat, _CITY_COST, "city")
    draft = _draft(state)
    _pay(draft, seat, _CITY_COST)
    draft[NODES_] = _put(state.nodes, node, seat + 4)
    return _check_win(freeze(draft))


def _apply_buy(state: State, seat: int, action: Move) -> State:
    _no_args(action)
    _main_only(state, seat)
    if not state.deck:
        raise illegal("error.deck_empty")
    _need(state, seat, _CARD_COST, "card")
    draft = _draft(state)
    _pay(draft, seat, _CARD_COST)
    card = state.deck[-1]
    draft[DECK_] = state.deck[:-1]
    devs = list(state.devs[seat])
    devs[card] += 1
    draft[DEVS] = _put(state.devs, seat, tuple(devs))
    fresh = list(state.fresh)
    fresh[card] += 1
    draft[FRESH] = tuple(fresh)
    return _check_win(freeze(draft))


def _apply_block(state: State, seat: int, action: Move) -> State:
    via = action.a
    if not -1 <= via < state.players or via == seat or action.b != -1 or action.c != -1 or action.d != -1:
        raise illegal("error.unknown_action")
    _main_only(state, seat)
    if state.pyramid.count(seat) >= BLOCKS:
        raise illegal("error.no_blocks")
    own_site = bool(state.blds[seat] & PYRAMID_SITES)
    if via < 0 and not own_site:
        raise illegal("error.no_site")
    if via >= 0:
        if own_site:
            raise illegal("error.own_site")
        if not state.blds[via] & PYRAMID_SITES:
            raise illegal("error.no_site_of", player=Player(via))
        if not trade_reach(state, seat) & state.blds[via] & PYRAMID_SITES:
            raise illegal("error.no_route_site", player=Player(via))
        if not state.gold[seat]:
            raise illegal("error.fee", player=Player(via))
    _need(state, seat, _BLOCK_COST, "block")
    draft = _draft(state)
    _pay(draft, seat, _BLOCK_COST)
    if via >= 0:
        gold = list(state.gold)
        gold[seat] -= 1
        gold[via] += 1
        draft[GOLD_] = tuple(gold)
    pyramid = (*state.pyramid, seat)
    draft[PYRAMID] = pyramid
    holder = state.blessing
    if holder < 0 or pyramid.count(seat) > pyramid.count(holder):
        draft[BLESSING] = seat
    if len(pyramid) >= PYRAMID_PLACES:
        draft[PHASE] = OVER
        draft[ENDED] = BY_PYRAMID
        return freeze(draft)
    return _check_win(freeze(draft))


def _apply_bank(state: State, seat: int, action: Move) -> State:
    give, get, rate, via = action.a, action.b, action.c, action.d
    if not (0 <= give <= GOLD and 0 <= get < 5 and -1 <= via < state.players and via != seat):
        raise illegal("error.unknown_action")
    _main_only(state, seat)
    if give == get:
        raise illegal("error.like_for_like")
    if not state.bank[get]:
        raise illegal("error.bank_empty", resource=resource_name(get))
    own = harbour_rates(state, seat)[give]
    if via < 0:
        if rate != own:
            raise illegal("error.rate", resource=resource_name(give), rate=own)
    else:
        if give == GOLD:
            raise illegal("error.gold_harbour")
        offered = [
            3 if kind == GENERIC else 2
            for owner, kind in _foreign_harbours(state, seat)
            if owner == via and kind in (GENERIC, give)
        ]
        if not offered:
            raise illegal("error.no_harbour_route", player=Player(via), resource=resource_name(give))
        if rate not in offered or rate >= own:
            raise illegal(
                "error.rate_via", player=Player(via), resource=resource_name(give), rate=min(offered)
            )
        if not state.gold[seat]:
            raise illegal("error.fee", player=Player(via))
    have = state.gold[seat] if give == GOLD else state.hands[seat][give]
    if have < rate:
        raise illegal("error.not_enough", cards=_counted(give, rate))
    draft = _draft(state)
    hand = list(state.hands[seat])
    bank = list(state.bank)
    gold = list(state.gold)
    if give == GOLD:
        gold[seat] -= rate
    else:
        hand[give] -= rate
        bank[give] += rate
    hand[get] += 1
    bank[get] -= 1
    if via >= 0:
        gold[seat] -= 1
        gold[via] += 1
    draft[HANDS] = _put(state.hands, seat, tuple(hand))
    draft[BANK_] = tuple(bank)
    draft[GOLD_] = tuple(gold)
    return freeze(draft)


def _counted(resource: int, count: int) -> Any:
    if resource == GOLD:
        return cards(_ZERO5, count)
    counts = [0] * 5
    counts[resource] = count
    return cards(counts)


def _apply_offer(state: State, seat: int, action: Move) -> State:
    give, n, get, m = action.a, action.b, action.c, action.d
    if not (0 <= give < 5 and 0 <= get < 5):
        raise illegal("error.unknown_action")
    _main_only(state, seat)
    if give == get or n < 1 or m < 1:
        raise illegal("error.like_for_like")
    if n > MAX_OFFER or m > MAX_OFFER:
        raise illegal("error.offer_size", most=MAX_OFFER)
    if state.offers_made >= MAX_OFFERS:
        raise illegal("error.offer_limit", count=MAX_OFFERS)
    if state.hands[seat][give] < n:
        raise illegal("error.not_enough", cards=_counted(give, n))
    draft = _draft(state)
    draft[OFFERS_MADE] = state.offers_made + 1
    # The offer goes to everyone, but only those who could pay are asked (privately: see
    # `hidden_acting`); the others have declined, a question whose only answer is no.
    answers = tuple(
        -1 if other == seat else 0 if state.hands[other][get] >= m else 2 for other in range(state.players)
    )
    if 0 in answers:
        draft[PHASE] = OFFER_PHASE
        draft[OFFER_] = (give, n, get, m)
        draft[ANSWERS] = answers
    return freeze(draft)


def _offer_pending(state: State) -> None:
    if state.phase != OFFER_PHASE:
        raise illegal("error.no_offer")


def _apply_answer(state: State, seat: int, action: Move) -> State:
    _no_args(action)
    _offer_pending(state)
    if state.answers[seat] != 0:
        raise illegal("error.not_asked")
    accept = action.kind == ACCEPT
    if accept:
        _, _, get, m = state.offer
        if state.hands[seat][get] < m:
            raise illegal("error.cannot_accept", cards=_counted(get, m))
    answers = _put(state.answers, seat, 1 if accept else 2)
    if 0 not in answers and 1 not in answers:
        # Everyone asked declined: the offer lapses.
        return state._replace(phase=MAIN, offer=(), answers=(-1,) * state.players)
    return state._replace(answers=answers)


def _apply_trade(state: State, seat: int, action: Move) -> State:
    other = action.a
    if not 0 <= other < state.players or action.b != -1 or action.c != -1 or action.d != -1:
        raise illegal("error.unknown_action")
    _offer_pending(state)
    if seat != state.turn:
        raise illegal("error.not_proposer")
    if state.answers[other] != 1:
        raise illegal("error.not_accepted", player=Player(other))
    give, n, get, m = state.offer
    hands = [list(hand) for hand in state.hands]
    hands[seat][give] -= n
    hands[other][give] += n
    hands[other][get] -= m
    hands[seat][get] += m
    return state._replace(
        phase=MAIN,
        offer=(),
        answers=(-1,) * state.players,
        hands=tuple(tuple(hand) for hand in hands),
    )


def _apply_cancel(state: State, seat: int, action: Move) -> State:
    _no_args(action)
    _offer_pending(state)
    if seat != state.turn:
        raise illegal("error.not_proposer")
    return state._replace(phase=MAIN, offer=(), answers=(-1,) * state.players)


def _apply_discard(state: State, seat: int, action: Move) -> State:
    packed = action.a
    if packed < 0 or packed >= 1 << 40 or action.b != -1 or action.c != -1 or action.d != -1:
        raise illegal("error.unknown_action")
    if state.phase != DISCARD_PHASE or not state.discards[seat]:
        raise illegal("error.no_discard")
    counts = unpack(packed)
    need = state.discards[seat]
    if sum(counts) != need:
        raise illegal("error.discard_count", count=need)
    hand = state.hands[seat]
    if not _affords(hand, counts):
        raise illegal("error.not_enough", cards=cards(counts))
    discards = _put(state.discards, seat, 0)
    draft = _draft(state)
    draft[HANDS] = _put(state.hands, seat, _sub(hand, counts))
    draft[BANK_] = _add(state.bank, counts)
    draft[DISCARDS] = discards
    if not any(discards):
        draft[PHASE] = ROBBER_PHASE
    return freeze(draft)


def _apply_robber(state: State, seat: int, action: Move) -> State:
    hex_, victim = action.a, action.b
    if not 0 <= hex_ < len(HEX_NODES) or not -1 <= victim < state.players or action.c != -1 or action.d != -1:
        raise illegal("error.unknown_action")
    if state.phase != ROBBER_PHASE:
        raise illegal("error.no_robber")
    if hex_ not in _LAND:
        raise illegal("error.robber_water")
    if hex_ == state.robber:
        raise illegal("error.robber_stay")
    victims = _victims(state.nodes, state.hands, hex_, seat)
    if victim < 0 and victims:
        raise illegal("error.choose_victim")
    if victim >= 0 and victim not in victims:
        raise illegal("error.not_victim", player=Player(victim))
    draft = _draft(state)
    draft[ROBBER_] = hex_
    if victim >= 0:
        hand = state.hands[victim]
        pick, rng = Rng.below(state.rng, sum(hand))
        draft[RNG] = rng
        resource = _nth_card(hand, pick)
        hands = [list(h) for h in state.hands]
        hands[victim][resource] -= 1
        hands[seat][resource] += 1
        draft[HANDS] = tuple(tuple(h) for h in hands)
    resume = state.resume
    if resume == SEVEN:
        draft[PHASE] = MAIN
        pyramid = state.pyramid
        # The rulebook has the pharaoh build on every 7, so black blocks may come before any
        # player block; the designer's revision waits for the first player block.
        if state.pharaoh == RULEBOOK or any(block != BLACK for block in pyramid):
            pyramid = (*pyramid, BLACK)
            draft[PYRAMID] = pyramid
            if pyramid.count(BLACK) >= BLACK_BLOCKS:
                draft[PHASE] = OVER
                draft[ENDED] = BY_BLACK
            elif len(pyramid) >= PYRAMID_PLACES:
                draft[PHASE] = OVER
                draft[ENDED] = BY_PYRAMID
    else:
        draft[PHASE] = resume
    draft[RESUME] = MAIN
    return freeze(draft)


def _nth_card(hand: tuple[int, ...], pick: int) -> int:
    """The resource of card number `pick` of a hand laid out resource by resource."""
    for resource, count in enumerate(hand):
        if pick < count:
            return resource
        pick -= count
    raise ValueError("no such card")


def _apply_play(state: State, seat: int, action: Move) -> State:
    card, first, second = action.a, action.b, action.c
    if not 0 <= card < len(DEV_KINDS) or action.d != -1:
        raise illegal("error.unknown_action")
    if not (-1 <= first < 5 and -1 <= second < 5):
        raise illegal("error.unknown_action")
    needs = 2 if card == PLENTY else 1 if card == MONOPOLY else 0
    if (needs >= 1) != (first >= 0) or (needs == 2) != (second >= 0):
        raise illegal("error.unknown_action")
    if needs == 2 and first > second:
        raise illegal("error.unknown_action")
    if state.phase not in (MAIN, ROLL_PHASE):
        _main_only(state, seat)
    if card == VICTORY:
        raise illegal("error.victory_card")
    if state.played:
        raise illegal("error.card_played")
    have = state.devs[seat][card]
    if not have:
        raise illegal("error.no_card", card=card_name(card))
    if have <= state.fresh[card]:
        raise illegal("error.card_fresh", card=card_name(card))
    draft = _draft(state)
    devs = list(state.devs[seat])
    devs[card] -= 1
    draft[DEVS] = _put(state.devs, seat, tuple(devs))
    draft[PLAYED] = 1
    if card == KNIGHT:
        knights = _put(state.knights, seat, state.knights[seat] + 1)
        draft[KNIGHTS] = knights
        army = state.army
        if knights[seat] >= 3 and (army < 0 or knights[seat] > knights[army]):
            draft[ARMY] = seat
        draft[RESUME] = state.phase
        draft[PHASE] = ROBBER_PHASE
        return _check_win(freeze(draft))
    if card == ROAD_BUILDING:
        if not _free_pieces(state, seat, _free_edges(state, seat)):
            raise illegal("error.no_free_place")
        draft[RESUME] = state.phase
        draft[PHASE] = FREE_ROADS
        draft[FREE] = 2
        return freeze(draft)
    if card == PLENTY:
        bank = list(state.bank)
        hand = list(state.hands[seat])
        for resource in (first, second):
            if not bank[resource]:
                raise illegal("error.bank_empty", resource=resource_name(resource))
            bank[resource] -= 1
            hand[resource] += 1
        draft[BANK_] = tuple(bank)
        draft[HANDS] = _put(state.hands, seat, tuple(hand))
        return freeze(draft)
    hands = [list(hand) for hand in state.hands]
    taken = 0
    for other in range(state.players):
        if other != seat:
            taken += hands[other][first]
            hands[other][first] = 0
    hands[seat][first] += taken
    draft[HANDS] = tuple(tuple(hand) for hand in hands)
    return freeze(draft)


_APPLY: tuple[Callable[[State, int, Move], State], ...] = (
    _apply_roll,
    _apply_end,
    _apply_buy,
    _apply_answer,
    _apply_answer,
    _apply_cancel,
    _apply_road,
    _apply_ship,
    _apply_settlement,
    _apply_city,
    _apply_block,
    _apply_bank,
    _apply_offer,
    _apply_trade,
    _apply_discard,
    _apply_robber,
    _apply_play,
)
assert [f.__name__ for f in _APPLY] == [
    "_apply_roll", "_apply_end", "_apply_buy", "_apply_answer", "_apply_answer", "_apply_cancel",
    "_apply_road", "_apply_ship", "_apply_settlement", "_apply_city", "_apply_block", "_apply_bank",
    "_apply_offer", "_apply_trade", "_apply_discard", "_apply_robber", "_apply_play",
]  # fmt: skip


def _near_end(state: State) -> bool:
    """Whether a move might end the game now (which shows every hidden victory point card)."""
    pyramid = state.pyramid
    if len(pyramid) >= PYRAMID_PLACES - 1 or pyramid.count(BLACK) >= BLACK_BLOCKS - 1:
        return True
    # A move gains at most 5 points at once: the blessing and the end of a curse.
    return any(points(state, seat) >= GOAL - 5 for seat in range(state.players))


_MAY_END = frozenset({SETTLEMENT, CITY, BLOCK, PLAY, END, ROBBER})


def reveals(state: State, seat: int, action: object) -> bool:
    """Dice, card draws, steals and a monopoly reveal; so do an offer (who is asked) and the
    answer that closes it, and a move that ends the game (the victory point cards turn up).
    Everything else shows only what the move names."""
    if type(action) is not Move:
        raise illegal("error.unknown_action")
    kind = action.kind
    if kind in (ROLL, BUY) or (kind == ROBBER and action.b >= 0) or (kind == PLAY and action.a == MONOPOLY):
        return True
    # Who is asked shows who holds the cards asked for; the last answer shows every answer.
    if kind == OFFER or (kind in (ACCEPT, DECLINE) and state.answers.count(0) == 1):
        return True
    if kind in _MAY_END and state.phase != FOUND and _near_end(state):
        try:
            return apply(state, seat, action).phase == OVER
        except IllegalAction:
            return True
    return False
