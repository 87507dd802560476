"""Hints for Catan: Cheops: the three moves Normal's judgement rates best, each with one line of why.

`hint(state, seat, seed)` reads the seat's public state only. The first hint
is the move Normal would make (`ai.catan_cheops.player`); the others follow by
Normal's valuation of each legal move (`ranked`):

* the main phase: the position after the move, valued by `hard.value` (points,
  production, what the hand promises for Normal's goals) in one
  determinization (`sampling.determinize`), so a card bought or a monopoly is
  valued on cards the seat cannot see dealt at random, never on the real ones;
  offers are left out (their worth hangs on the others' answers) unless Normal
  makes one;
* founding settlements, roads and ships, the robber and discards: Normal's own
  scores of them;
* the roll and the answers to an offer: Normal's move, then the other one.

Each line of why names the board, the cards and the players as the seat sees
them ("City on I40: +1 point and 11 more pips of production").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai import MAX_HINTS
from ai import Hint
from ai.catan_cheops.evaluation import NODE_YIELD
from ai.catan_cheops.evaluation import PIPS
from ai.catan_cheops.evaluation import missing
from ai.catan_cheops.evaluation import public_points
from ai.catan_cheops.evaluation import public_state
from ai.catan_cheops.hard import value
from ai.catan_cheops.player import CLOSE
from ai.catan_cheops.player import LACK
from ai.catan_cheops.player import Goal
from ai.catan_cheops.player import Mind
from ai.catan_cheops.sampling import determinize
from games.catan_cheops import actions as act
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import EDGE_NAMES
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import HEX_NAMES
from games.catan_cheops.data import HEX_NODES
from games.catan_cheops.data import HEX_RESOURCE
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import NODE_EDGES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.rules import KNIGHT
from games.catan_cheops.rules import MONOPOLY
from games.catan_cheops.rules import PLENTY
from games.catan_cheops.rules import apply
from games.catan_cheops.rules import block_counts
from games.catan_cheops.rules import legal_actions
from games.catan_cheops.rules import points
from games.catan_cheops.state import DISCARD
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import FREE_ROADS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import ROBBER
from games.catan_cheops.state import State
from games.catan_cheops.words import cards
from games.catan_cheops.words import resource_name
from games.catan_cheops.words import say
from games.core import Message
from games.core import Player

__all__ = ["hint", "ranked"]

#: The name of what a goal builds, by the kind of its move (`catan-cheops.thing.*`).
_THINGS = {
    act.CITY: "city",
    act.SETTLEMENT: "settlement",
    act.ROAD: "road",
    act.SHIP: "ship",
    act.BUY: "card",
    act.BLOCK: "block",
}


def hint(state: Any, seat: int, seed: int) -> list[Hint]:
    """At most `MAX_HINTS` moves for `seat`, best first, each with one line of why."""
    public = public_state(state, seat)
    mind = Mind(public, seat, seed)
    return [Hint(move, _why(mind, move)) for _, move in ranked(public, seat, seed)[:MAX_HINTS]]


def ranked(state: State, seat: int, seed: int) -> list[tuple[float, Move]]:
    """The seat's legal moves worth hinting, Normal's own move first (scored +inf), the others
    by Normal's valuation, best first; every move once."""
    public = public_state(state, seat)
    legal = legal_actions(public, seat)
    mind = Mind(public, seat, seed)
    chosen = mind.decide(legal)
    scored = [(score, move) for score, move in _scores(mind, legal, seed) if move != chosen]
    scored.sort(key=lambda pair: -pair[0])
    return [(float("inf"), chosen), *scored]


def _scores(mind: Mind, legal: list[Move], seed: int) -> list[tuple[float, Move]]:
    phase = mind.state.phase
    if phase == FOUND and legal[0].kind == act.SETTLEMENT:
        return mind.founding_scores(legal)
    if phase in (FOUND, FREE_ROADS):
        return [pair for pair in mind.road_scores(legal) if pair[1].kind in (act.ROAD, act.SHIP)]
    if phase == ROBBER:
        return mind.robber_scores(legal)
    if phase == DISCARD:
        return mind.discard_scores(legal)
    if phase == MAIN:
        world = determinize(mind.state, mind.seat, seed)
        return [
            (value(apply(world, mind.seat, move), mind.seat), move)
            for move in legal
            if move.kind != act.OFFER
        ]
    # The roll (or a knight first) and the offers' answers: no valuation beyond Normal's move.
    return [(0.0, move) for move in legal]


# -- why ---------------------------------------------------------------------------------------------------


def _why(mind: Mind, move: Move) -> Message:
    return _WHY[move.kind](mind, move)


def _why_roll(mind: Mind, move: Move) -> Message:
    return say("hint.roll")


def _why_city(mind: Mind, move: Move) -> Message:
    return say("hint.city", node=NODE_NAMES[move.a], pips=sum(NODE_YIELD[move.a]))


def _why_settlement(mind: Mind, move: Move) -> Message:
    return say("hint.settlement", node=NODE_NAMES[move.a], pips=sum(NODE_YIELD[move.a]))


def _why_piece(mind: Mind, move: Move) -> Message:
    piece = "road" if move.kind == act.ROAD else "ship"
    spot = _spot_towards(mind, move.a)
    if spot < 0:
        return say(f"hint.{piece}_plain", edge=EDGE_NAMES[move.a])
    return say(f"hint.{piece}", edge=EDGE_NAMES[move.a], node=NODE_NAMES[spot])


def _spot_towards(mind: Mind, edge: int) -> int:
    """The best free settlement spot at most two more pieces beyond the edge (-1: none)."""
    state = mind.state
    spots = mind.expansion.spots
    best, best_value = -1, 0.0
    layer = set(EDGES[edge])
    seen = set(layer)
    for _ in range(3):
        for node in sorted(layer):
            if spots.get(node, 0.0) > best_value:
                best, best_value = node, spots[node]
        nxt: set[int] = set()
        for node in layer:
            for other_edge in NODE_EDGES[node]:
                if not state.covered >> other_edge & 1:
                    nxt.update(end for end in EDGES[other_edge] if end not in seen)
        seen |= nxt
        layer = nxt
    return best


def _why_block(mind: Mind, move: Move) -> Message:
    state, seat = mind.state, mind.seat
    before = points(state, seat)
    after = points(apply(state, seat, move), seat)
    if after != before:
        return say("hint.block_points", before=before, after=after)
    counts = block_counts(state)
    others = [count for other, count in enumerate(counts) if other != seat]
    if any(counts) and counts[seat] <= min(others):
        return say("hint.block_curse")
    if state.blessing == seat:
        return say("hint.block_blessing")
    return say("hint.block", count=counts[seat] + 1, most=max(others))


def _why_buy(mind: Mind, move: Move) -> Message:
    return say("hint.buy", count=len(mind.state.deck))


def _why_play(mind: Mind, move: Move) -> Message:
    state, seat = mind.state, mind.seat
    if move.a == KNIGHT:
        robbed = _robbed_pips(state, seat)
        if robbed:
            return say("hint.knight_robber", pips=robbed)
        return say("hint.knight_army", count=state.knights[seat] + 1)
    if move.a == PLENTY:
        got = [0] * 5
        got[move.b] += 1
        got[move.c] += 1
        return say("hint.plenty", cards=cards(got), thing=_thing(_target(mind, _plus(mind.hand, got))))
    if move.a == MONOPOLY:
        return say("hint.monopoly", resource=resource_name(move.b))
    return say("hint.roads")


def _robbed_pips(state: State, seat: int) -> int:
    hex_ = state.robber
    if HEX_RESOURCE[hex_] < 0:
        return 0
    total = 0
    for node in HEX_NODES[hex_]:
        owner = state.nodes[node]
        if owner >= 0 and owner & 3 == seat:
            total += PIPS[HEX_TOKEN[hex_]] * (2 if owner >= 4 else 1)
    return total


def _why_bank(mind: Mind, move: Move) -> Message:
    give, get, count = move.a, move.b, move.c
    given = [0] * 5
    if give < 5:
        given[give] = count
    got = [0] * 5
    got[get] = 1
    after = _plus(_plus(mind.hand, got), [-n for n in given])
    return say(
        "hint.bank",
        give=cards(given, gold=count if give == 5 else 0),
        get=resource_name(get),
        thing=_thing(_target(mind, after)),
    )


def _why_offer(mind: Mind, move: Move) -> Message:
    give, n, get, m = move.a, move.b, move.c, move.d
    target = _target(mind, mind.hand)
    lack = missing(mind.hand, target.cost) if target is not None else 0
    return say(
        "hint.offer",
        give=cards(_one(give, n)),
        get=cards(_one(get, m)),
        count=lack,
        thing=_thing(target),
    )


def _why_end(mind: Mind, move: Move) -> Message:
    target = _target(mind, mind.hand)
    if target is None:
        return say("hint.end_nothing")
    return say("hint.end", thing=_thing(target))


def _why_robber(mind: Mind, move: Move) -> Message:
    state, seat = mind.state, mind.seat
    hex_, victim = move.a, move.b
    blocked = [0] * state.players
    if HEX_RESOURCE[hex_] >= 0:
        for node in HEX_NODES[hex_]:
            owner = state.nodes[node]
            if owner >= 0 and owner & 3 != seat:
                blocked[owner & 3] += PIPS[HEX_TOKEN[hex_]] * (2 if owner >= 4 else 1)
    most = max(range(state.players), key=lambda other: blocked[other])
    if blocked[most] and victim >= 0:
        return say(
            "hint.robber_steal",
            hex=HEX_NAMES[hex_],
            pips=blocked[most],
            player=Player(most),
            victim=Player(victim),
        )
    if blocked[most]:
        return say("hint.robber", hex=HEX_NAMES[hex_], pips=blocked[most], player=Player(most))
    if victim >= 0:
        return say("hint.robber_rob", hex=HEX_NAMES[hex_], victim=Player(victim))
    return say("hint.robber_away", hex=HEX_NAMES[hex_])


def _why_discard(mind: Mind, move: Move) -> Message:
    dropped = unpack(move.a)
    kept = _plus(mind.hand, [-n for n in dropped])
    return say("hint.discard", cards=cards(dropped), thing=_thing(_target(mind, kept)))


def _why_accept(mind: Mind, move: Move) -> Message:
    give, n, _, _ = mind.state.offer
    return say("hint.accept", get=cards(_one(give, n)))


def _why_decline(mind: Mind, move: Move) -> Message:
    proposer = mind.state.turn
    if public_points(mind.state, proposer) >= CLOSE - 1:
        return say("hint.decline_leader", player=Player(proposer), points=mind.public[proposer])
    return say("hint.decline")


def _why_trade(mind: Mind, move: Move) -> Message:
    return say("hint.trade", player=Player(move.a), points=mind.public[move.a])


def _why_cancel(mind: Mind, move: Move) -> Message:
    return say("hint.cancel")


_WHY: dict[int, Callable[[Mind, Move], Message]] = {
    act.ROLL: _why_roll,
    act.CITY: _why_city,
    act.SETTLEMENT: _why_settlement,
    act.ROAD: _why_piece,
    act.SHIP: _why_piece,
    act.BLOCK: _why_block,
    act.BUY: _why_buy,
    act.PLAY: _why_play,
    act.BANK: _why_bank,
    act.OFFER: _why_offer,
    act.END: _why_end,
    act.ROBBER: _why_robber,
    act.DISCARD: _why_discard,
    act.ACCEPT: _why_accept,
    act.DECLINE: _why_decline,
    act.TRADE: _why_trade,
    act.CANCEL: _why_cancel,
}


# -- small helpers -----------------------------------------------------------------------------------------


def _target(mind: Mind, hand: tuple[int, ...]) -> Goal | None:
    """The goal Normal would aim at with `hand`: the best value discounted per card lacking."""
    goals = [goal for goal in mind.goals if goal.value > 0.05]
    if not goals:
        return None
    return max(goals, key=lambda goal: goal.value * LACK ** missing(hand, goal.cost))


def _thing(goal: Goal | None) -> Message:
    return say(f"thing.{_THINGS.get(goal.move.kind, 'card') if goal is not None else 'card'}")


def _plus(hand: tuple[int, ...], more: list[int]) -> tuple[int, ...]:
    return tuple(h + m for h, m in zip(hand, more, strict=True))


def _one(resource: int, count: int) -> list[int]:
    out = [0] * 5
    out[resource] = count
    return out
