"""What a seat (or a spectator) sees, the result, moves and seats in words.

The view follows the format documented in docs/catan-cheops.md. Public: the
board and every piece on it, the robber, the pyramid and who built each
block, blessing and curse, the dice, each seat's number of resource cards,
development cards and gold coins, played knights and public points, the
open offer with every answer, who still has to discard how many cards. A
seat's view adds, under "hand", its resource cards, its unplayed
development cards (victory point cards included) and its points with them.
Nobody sees the deck's order or another seat's cards; at the end every
seat's victory point cards are shown.
"""

from __future__ import annotations

import json
from typing import Any

from games.catan_cheops.actions import ACCEPT
from games.catan_cheops.actions import BANK
from games.catan_cheops.actions import BLOCK
from games.catan_cheops.actions import BUY
from games.catan_cheops.actions import CANCEL
from games.catan_cheops.actions import CITY
from games.catan_cheops.actions import DECLINE
from games.catan_cheops.actions import DISCARD
from games.catan_cheops.actions import END
from games.catan_cheops.actions import OFFER
from games.catan_cheops.actions import PLAY
from games.catan_cheops.actions import ROAD
from games.catan_cheops.actions import ROBBER
from games.catan_cheops.actions import ROLL
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import SHIP
from games.catan_cheops.actions import TRADE
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import BLACK_BLOCKS
from games.catan_cheops.data import BLOCKS
from games.catan_cheops.data import CITIES
from games.catan_cheops.data import DEV_KINDS
from games.catan_cheops.data import EDGE_NAMES
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import FOUNDING_NODES
from games.catan_cheops.data import GENERIC
from games.catan_cheops.data import HARBOURS
from games.catan_cheops.data import HEX_NAMES
from games.catan_cheops.data import HEX_TERRAIN
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import HEXES
from games.catan_cheops.data import LAYERS
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import NODES
from games.catan_cheops.data import PYRAMID_HEXES
from games.catan_cheops.data import PYRAMID_PLACES
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.data import RESOURCES
from games.catan_cheops.data import ROADS
from games.catan_cheops.data import SETTLEMENTS
from games.catan_cheops.data import SHIPS
from games.catan_cheops.data import bits
from games.catan_cheops.rules import FOUNDING_STEPS
from games.catan_cheops.rules import VICTORY
from games.catan_cheops.rules import apply
from games.catan_cheops.rules import block_counts
from games.catan_cheops.rules import cursed
from games.catan_cheops.rules import harbour_rates
from games.catan_cheops.rules import points
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import ENDINGS
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import OFFER as OFFER_PHASE
from games.catan_cheops.state import OVER
from games.catan_cheops.state import PHASES
from games.catan_cheops.state import State
from games.catan_cheops.words import GAME_ID
from games.catan_cheops.words import card_name
from games.catan_cheops.words import cards
from games.catan_cheops.words import illegal
from games.catan_cheops.words import resource_name
from games.catan_cheops.words import say
from games.core import Message
from games.core import Outcome
from games.core import Param
from games.core import Player
from games.core import listing
from games.core import rank_by_scores
from games.kit.view import outcome_view

__all__ = [
    "describe",
    "details",
    "outcome",
    "private_description",
    "private_summary",
    "seat_summary",
    "static_board",
    "view",
]

#: A seat's answer to the offer: to itself while it is open, to everyone once it closed.
_ANSWERS = {-1: None, 0: "waiting", 1: "accepted", 2: "declined"}


def _counts(values: tuple[int, ...]) -> dict[str, int]:
    return {name: values[i] for i, name in enumerate(RESOURCES)}


def details(state: State) -> list[dict[str, int]]:
    """Per seat, the points broken down (victory point cards included)."""
    curse = cursed(state)
    out = []
    for seat in range(state.players):
        out.append(
            {
                "settlements": state.nodes.count(seat),
                "cities": 2 * state.nodes.count(seat + 4),
                "army": 2 if state.army == seat else 0,
                "victory_cards": state.devs[seat][VICTORY],
                "blessing": 3 if state.blessing == seat else 0,
                "curse": -2 if curse[seat] else 0,
            }
        )
    return out


def outcome(state: State) -> Outcome | None:
    """Most points win; tied players share the win."""
    if state.phase != OVER:
        return None
    parts = details(state)
    # Who reached 12 points is the player whose turn it was (only that sentence names them).
    why = say(f"ending.{ENDINGS[state.ended]}", player=Player(state.turn))
    return rank_by_scores([sum(part.values()) for part in parts], details=parts, ending=why)


def _static() -> dict[str, Any]:
    return {
        "note": "A design inspired by the printed board of the scenario; see board.json.",
        "hexes": [
            {
                "id": HEX_NAMES[h],
                "q": q,
                "r": r,
                "x": 2 * q + r,
                "y": 3 * r,
                "terrain": HEX_TERRAIN[h],
                "token": HEX_TOKEN[h] or None,
                "pyramid": h in PYRAMID_HEXES,
            }
            for h, (q, r) in enumerate(HEXES)
        ],
        "intersections": [[x, y] for x, y in NODES],
        "edges": [[a, b] for a, b in EDGES],
        "harbours": [
            {
                "edge": EDGE_NAMES[edge],
                "intersections": [NODE_NAMES[n] for n in EDGES[edge]],
                "kind": "generic" if kind == GENERIC else RESOURCES[kind],
                "rate": 3 if kind == GENERIC else 2,
            }
            for edge, kind in HARBOURS
        ],
        "pyramid_sites": [NODE_NAMES[n] for n in bits(PYRAMID_SITES)],
        "founding": [NODE_NAMES[n] for n in bits(FOUNDING_NODES)],
    }


#: The fixed part as JSON text: loading it is the quickest way to a fresh copy.
_STATIC = json.dumps(_static(), separators=(",", ":"))


def static_board() -> dict[str, Any]:
    """The board's fixed part of every view (a fresh copy)."""
    copied: dict[str, Any] = json.loads(_STATIC)
    return copied


def view(state: State, viewer: int | None) -> dict[str, Any]:
    running = state.phase != OVER
    players = state.players
    result = outcome(state)
    curse = cursed(state)
    blocks = block_counts(state)
    from games.catan_cheops.rules import hidden_acting
    from games.catan_cheops.rules import to_act

    founding = None
    if state.phase == FOUND:
        _, settlement, third, _ = FOUNDING_STEPS[players][state.fstep]
        founding = {
            "step": state.fstep,
            "steps": len(FOUNDING_STEPS[players]),
            "place": "settlement" if settlement else "road_or_ship",
            "next_to": None if settlement else NODE_NAMES[state.last_node],
            "harvest": third,
        }
    offer = None
    if state.phase == OFFER_PHASE:
        give, n, get, m = state.offer
        offer = {
            "from": state.turn,
            "give": {RESOURCES[give]: n},
            "get": {RESOURCES[get]: m},
            "answers": _closed_answers(state) if 0 not in state.answers else None,
        }
    out: dict[str, Any] = {
        "game": GAME_ID,
        "players": players,
        "viewer": viewer,
        "board": static_board(),
        "phase": PHASES[state.phase],
        "turn": state.turn if running else None,
        "turn_number": state.turns,
        "to_act": sorted(to_act(state) - hidden_acting(state).keys()),
        "founding": founding,
        "last_roll": list(state.last_roll) if state.last_roll else None,
        "robber": HEX_NAMES[state.robber],
        "settlements": [{"at": NODE_NAMES[n], "seat": o} for n, o in enumerate(state.nodes) if 0 <= o < 4],
        "cities": [{"at": NODE_NAMES[n], "seat": o - 4} for n, o in enumerate(state.nodes) if o >= 4],
        "roads": [{"at": EDGE_NAMES[e], "seat": o} for e, o in enumerate(state.edges) if 0 <= o < 4],
        "ships": [{"at": EDGE_NAMES[e], "seat": o - 4} for e, o in enumerate(state.edges) if o >= 4],
        "pyramid": {
            "layers": list(LAYERS),
            "places": PYRAMID_PLACES,
            "blocks": ["black" if b == BLACK else b for b in state.pyramid],
            "black": state.pyramid.count(BLACK),
            "black_left": BLACK_BLOCKS - state.pyramid.count(BLACK),
        },
        "blessing": state.blessing if state.blessing >= 0 else None,
        "cursed": [seat for seat in range(players) if curse[seat]],
        "army": state.army if state.army >= 0 else None,
        "bank": _counts(state.bank),
        "deck": len(state.deck),
        "played_card": bool(state.played),
        "free_roads": state.free_roads,
        "offer": offer,
        "offers_made": state.offers_made,
        "discards": list(state.discards),
        "seats": [
            {
                "points": points(state, seat, hidden=not running),
                "resources": sum(state.hands[seat]),
                "cards": sum(state.devs[seat]),
                "gold": state.gold[seat],
                "knights": state.knights[seat],
                "blocks": blocks[seat],
                "harbours": _harbour_names(state, seat),
                "left": {
                    "settlements": SETTLEMENTS - state.nodes.count(seat),
                    "cities": CITIES - state.nodes.count(seat + 4),
                    "roads": ROADS - state.edges.count(seat),
                    "ships": SHIPS - state.edges.count(seat + 4),
                    "blocks": BLOCKS - blocks[seat],
                },
            }
            for seat in range(players)
        ],
        "ended": ENDINGS[state.ended] or None,
        "outcome": outcome_view(result, details=True),
    }
    if viewer is not None:
        own = state.devs[viewer]
        fresh = state.fresh if viewer == state.turn and running else (0,) * len(DEV_KINDS)
        out["hand"] = {
            "resources": _counts(state.hands[viewer]),
            "cards": {name: own[i] for i, name in enumerate(DEV_KINDS)},
            "new_cards": {name: fresh[i] for i, name in enumerate(DEV_KINDS)},
            "points": points(state, viewer),
        }
        if offer is not None and offer["answers"] is None and viewer != state.turn:
            out["hand"]["answer"] = _ANSWERS[state.answers[viewer]]
    return out


def _closed_answers(state: State) -> list[str | None]:
    """Every other seat's answer, shown together once the offer closed (one that could
    not pay declined)."""
    return [
        None if seat == state.turn else "accepted" if answer == 1 else "declined"
        for seat, answer in enumerate(state.answers)
    ]


def _harbour_names(state: State, seat: int) -> list[str]:
    rates = harbour_rates(state, seat)
    names = [RESOURCES[r] for r in range(5) if rates[r] == 2]
    if 3 in rates:
        names.insert(0, "generic")
    return names


# -- words ---------------------------------------------------------------------------------------------


#: The kinds of move said by who made them alone, and by the edge or the intersection too.
_SAID = {
    END: "move.end",
    BUY: "move.buy",
    CANCEL: "move.cancel",
}
_SAID_ON_EDGE = {ROAD: "move.road", SHIP: "move.ship"}
_SAID_AT_NODE = {SETTLEMENT: "move.settlement", CITY: "move.city"}


def describe(state: State, seat: int, action: object) -> Message:
    """The move in words, for the log (public: it names only what the move shows)."""
    if type(action) is not Move:
        raise illegal("error.unknown_action")
    kind, a, b, c, d = action
    player = Player(seat)
    try:
        if kind == ROLL:
            return _rolled(state, seat, action)
        if kind in _SAID:
            return say(_SAID[kind], player=player)
        if kind in _SAID_ON_EDGE:
            return say(_SAID_ON_EDGE[kind], player=player, edge=EDGE_NAMES[a])
        if kind in _SAID_AT_NODE:
            return say(_SAID_AT_NODE[kind], player=player, node=NODE_NAMES[a])
        if kind == BLOCK:
            if a < 0:
                return say("move.block", player=player)
            return say("move.block_via", player=player, other=Player(a))
        if kind == BANK:
            given = _one(a, c)
            if d < 0:
                return say("move.bank", player=player, give=given, get=resource_name(b))
            return say("move.bank_via", player=player, give=given, get=resource_name(b), other=Player(d))
        if kind == OFFER:
            # Who can pay stays secret: an offer nobody can pay closes at once, as if all declined.
            key = "move.offer" if apply(state, seat, action).phase == OFFER_PHASE else "move.offer_lapses"
            return say(key, player=player, give=_one(a, b), get=_one(c, d))
        if kind in (ACCEPT, DECLINE):
            return _answered(state, seat, action)
        if kind == TRADE:
            if len(state.offer) == 4:
                give, n, get, m = state.offer
                return say("move.trade", player=player, other=Player(a), give=_one(give, n), get=_one(get, m))
            return say("move.trade_plain", player=player, other=Player(a))
        if kind == DISCARD:
            return say("move.discard", player=player, cards=cards(unpack(a)))
        if kind == ROBBER:
            if b < 0:
                return say("move.robber", player=player, hex=HEX_NAMES[a])
            return say("move.robber_steal", player=player, hex=HEX_NAMES[a], other=Player(b))
        if kind == PLAY:
            if a == 3:
                return say("move.plenty", player=player, cards=cards(_pair(b, c)))
            if a == 4:
                return say("move.monopoly", player=player, resource=resource_name(b))
            return say("move.play", player=player, card=card_name(a))
    except (IndexError, ValueError, TypeError):
        # A move value out of any range (or not a number) is no move.
        pass
    raise illegal("error.unknown_action")


def _rolled(state: State, seat: int, action: Move) -> Message:
    """The dice and what each player received from them: both are public in Catan."""
    after = apply(state, seat, action)
    first, second = after.last_roll
    gains: list[Param] = []
    for other in range(state.players):
        got = [n - m for n, m in zip(after.hands[other], state.hands[other], strict=True)]
        coins = after.gold[other] - state.gold[other]
        if any(got) or coins:
            gains.append(say("move.gain", player=Player(other), cards=cards(got, coins)))
    dice: dict[str, Param] = {
        "player": Player(seat),
        "first": first,
        "second": second,
        "total": first + second,
    }
    if first + second == 7:
        return say("move.roll_seven", **dice)
    if not gains:
        return say("move.roll_nothing", **dice)
    return say("move.roll", **dice, gains=listing(gains, groups=True))


def private_description(state: State, seat: int, action: object, viewer: int) -> Message | None:
    """The card the robber took, for the thief and the victim only: the public log names
    neither; and an answer to an offer, for the seat that gave it."""
    if type(action) is Move and action.kind in (ACCEPT, DECLINE) and viewer == seat:
        key = "move.accepted" if action.kind == ACCEPT else "move.declined"
        return say(key, player=Player(seat))
    if type(action) is not Move or action.kind != ROBBER or action.b < 0 or viewer not in (seat, action.b):
        return None
    after = apply(state, seat, action)
    taken = [n - m for n, m in zip(after.hands[seat], state.hands[seat], strict=True)]
    return say(
        "move.robber_took",
        player=Player(seat),
        hex=HEX_NAMES[action.a],
        other=Player(action.b),
        cards=cards(taken),
    )


def _answered(state: State, seat: int, action: Move) -> Message:
    """An answer says nothing of itself (the service tells it to nobody but the seat while
    the offer is open); the last one closes the offer and shows every answer at once,
    without naming who gave it last."""
    after = apply(state, seat, action)
    if after.phase == OFFER_PHASE and 0 in after.answers:
        return say("move.answer", player=Player(seat))
    takers: list[Param] = [Player(other) for other, answer in enumerate(after.answers) if answer == 1]
    if not takers:
        return say("move.answer_lapses")
    return say("move.answer_closes", players=listing(takers))


def _one(resource: int, count: int) -> Message:
    counts = [0] * 5
    if resource == 5:
        return cards(counts, count)
    counts[resource] = count
    return cards(counts)


def _pair(first: int, second: int) -> list[int]:
    counts = [0] * 5
    counts[first] += 1
    counts[second] += 1
    return counts


def private_summary(state: State, seat: int) -> Message:
    """The seat's cards, development cards and points (its own victory point cards included)."""
    devs = state.devs[seat]
    items = [say("card_count", count=n, card=card_name(k)) for k, n in enumerate(devs) if n]
    developed = items[-1] if items else say("no_cards")
    for item in reversed(items[:-1]):
        developed = say("list", first=item, rest=developed)
    return say(
        "summary.hand",
        cards=cards(state.hands[seat], state.gold[seat]),
        developments=developed,
        points=points(state, seat),
    )


def seat_summary(state: State, seat: int) -> Message:
    """The seat's public figures."""
    return say(
        "summary.seat",
        points=points(state, seat, hidden=state.phase == OVER),
        resources=sum(state.hands[seat]),
        cards=sum(state.devs[seat]),
        gold=state.gold[seat],
        knights=state.knights[seat],
        blocks=state.pyramid.count(seat),
    )
