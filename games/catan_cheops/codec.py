"""The state as versioned JSON (format "catan-cheops", version 2), validated on load.

Only what cannot be derived is stored; the bitmasks that speed play up are
rebuilt on load (`state.derive`). `loads` accepts only what the rules can
produce: every field present with its type, seats, names and counts in
range, every resource card of the game accounted for (hands and bank hold
19 of each), no more development cards than the deck has, piece limits and
the distance rule kept, roads on land and ships along water, the pyramid
within its places, blessing and largest army where the rules put them, and
the phase's own fields (an open offer, discards still owed) consistent with
the phase. Anything else is a ValueError.

Version 2 adds `pharaoh` (the option). A version 1 save is a game begun
before the option, when the pharaoh built only once a player block stood: it
loads as "revised" and goes on as it was played.
"""

from __future__ import annotations

import json
from typing import Any

from games.catan_cheops.data import BANK
from games.catan_cheops.data import BLACK_BLOCKS
from games.catan_cheops.data import BLOCKS
from games.catan_cheops.data import CITIES
from games.catan_cheops.data import DECK
from games.catan_cheops.data import DEV_KINDS
from games.catan_cheops.data import EDGE_NAMES
from games.catan_cheops.data import HEX_NAMES
from games.catan_cheops.data import LAND_HEXES
from games.catan_cheops.data import LAND_NODES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import NODE_NEIGHBOUR_MASK
from games.catan_cheops.data import PYRAMID_PLACES
from games.catan_cheops.data import RESOURCES
from games.catan_cheops.data import ROAD_EDGES
from games.catan_cheops.data import ROADS
from games.catan_cheops.data import SETTLEMENTS
from games.catan_cheops.data import SHIP_EDGES
from games.catan_cheops.data import SHIPS
from games.catan_cheops.rules import FOUNDING_STEPS
from games.catan_cheops.rules import KNIGHT
from games.catan_cheops.rules import MAX_OFFERS
from games.catan_cheops.rules import new_game
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import DISCARD
from games.catan_cheops.state import ENDINGS
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import FREE_ROADS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OFFER
from games.catan_cheops.state import OVER
from games.catan_cheops.state import PHARAOHS
from games.catan_cheops.state import PHASES
from games.catan_cheops.state import REVISED
from games.catan_cheops.state import ROLL
from games.catan_cheops.state import RULEBOOK
from games.catan_cheops.state import SEVEN
from games.catan_cheops.state import State
from games.catan_cheops.state import from_stored
from games.kit.codec import SaveReader
from games.kit.codec import changed
from games.kit.codec import write

__all__ = ["FORMAT", "VERSION", "dumps", "impossible_saves", "loads"]

FORMAT = "catan-cheops"
VERSION = 2
#: Version 1 lacks the `pharaoh` field and is still read (see above).
_OLD_VERSION = 1

_RESUMES = {"roll": ROLL, "main": MAIN, "seven": SEVEN}
_RESUME_NAMES = {v: k for k, v in _RESUMES.items()}
_NODE_INDEX = {name: i for i, name in enumerate(NODE_NAMES)}
_EDGE_INDEX = {name: i for i, name in enumerate(EDGE_NAMES)}
_HEX_INDEX = {name: i for i, name in enumerate(HEX_NAMES)}
_MAX_TURNS = 1 << 20
_MAX_GOLD = 1 << 16


def _counts(values: tuple[int, ...]) -> list[int]:
    return list(values)


def dumps(state: State) -> str:
    data = {
        "players": state.players,
        "rng": state.rng,
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "turns": state.turns,
        "founding_step": state.fstep,
        "last_settlement": NODE_NAMES[state.last_node] if state.last_node >= 0 else None,
        "buildings": [
            [NODE_NAMES[n], owner & 3, "city" if owner >= 4 else "settlement"]
            for n, owner in enumerate(state.nodes)
            if owner >= 0
        ],
        "pieces": [
            [EDGE_NAMES[e], owner & 3, "ship" if owner >= 4 else "road"]
            for e, owner in enumerate(state.edges)
            if owner >= 0
        ],
        "hands": [list(hand) for hand in state.hands],
        "gold": list(state.gold),
        "bank": list(state.bank),
        # Top card last.
        "deck": [DEV_KINDS[card] for card in state.deck],
        "cards": [list(devs) for devs in state.devs],
        "new_cards": list(state.fresh),
        "played_card": bool(state.played),
        "knights": list(state.knights),
        "army": state.army if state.army >= 0 else None,
        "robber": HEX_NAMES[state.robber],
        "pyramid": ["black" if b == BLACK else b for b in state.pyramid],
        "blessing": state.blessing if state.blessing >= 0 else None,
        "discards": list(state.discards),
        "free_roads": state.free_roads,
        "resume": _RESUME_NAMES[state.resume],
        "offer": list(state.offer) if state.offer else None,
        "answers": list(state.answers),
        "offers_made": state.offers_made,
        "last_roll": list(state.last_roll),
        "ended": ENDINGS[state.ended],
        "pharaoh": PHARAOHS[state.pharaoh],
    }
    return write(FORMAT, VERSION, data)


# -- loading -----------------------------------------------------------------------------------------

#: Every save has the fields of a new game's.
_read = SaveReader("Catan: Cheops", dumps(new_game(3, 0)))
_OLD_KEYS = frozenset(_read.keys) - {"pharaoh"}


def _seat_or_none(value: Any, what: str, players: int) -> int:
    return -1 if value is None else _read.integer(value, what, 0, players)


def _name(value: Any, what: str, index: dict[str, int]) -> int:
    if type(value) is not str or value not in index:
        raise _read.fail(f"{what} must name a place of the board")
    return index[value]


def loads(text: str) -> State:
    data = _read.json(text)
    if type(data) is not dict or "version" not in data:
        raise _read.fail("the fields are not the expected ones")
    old = type(data["version"]) is int and data["version"] == _OLD_VERSION
    if set(data) != (_OLD_KEYS if old else set(_read.keys)):
        raise _read.fail("the fields are not the expected ones")
    if data["format"] != FORMAT:
        raise _read.fail("another format")
    if not old and (type(data["version"]) is not int or data["version"] != VERSION):
        raise _read.fail(f"version {data['version']!r} is not {VERSION}")
    pharaoh = REVISED if old else _read.choice(data["pharaoh"], "pharaoh", PHARAOHS)
    players = _read.integer(data["players"], "players", 3, 5)
    rng = _read.integer(data["rng"], "rng", 0, 1 << 64)
    phase = _read.choice(data["phase"], "phase", PHASES)
    turn = _read.integer(data["turn"], "turn", 0, players)
    turns = _read.integer(data["turns"], "turns", 0, _MAX_TURNS)
    steps = FOUNDING_STEPS[players]
    fstep = _read.integer(data["founding_step"], "founding_step", 0, len(steps) + 1)
    last_node = (
        -1
        if data["last_settlement"] is None
        else _name(data["last_settlement"], "last_settlement", _NODE_INDEX)
    )

    nodes = [-1] * len(NODE_NAMES)
    blocked = 0
    for entry in _read.array(data["buildings"], "buildings"):
        name, seat, kind = _read.array(entry, "a building", 3)
        node = _name(name, "a building's place", _NODE_INDEX)
        seat = _read.integer(seat, "a building's seat", 0, players)
        kind = _read.choice(kind, "a building's kind", ("settlement", "city"))
        if nodes[node] >= 0 or blocked >> node & 1:
            raise _read.fail("buildings must keep the distance rule")
        if not LAND_NODES >> node & 1:
            raise _read.fail("buildings stand next to land")
        nodes[node] = seat + 4 * kind
        blocked |= 1 << node | NODE_NEIGHBOUR_MASK[node]
    edges = [-1] * len(EDGE_NAMES)
    for entry in _read.array(data["pieces"], "pieces"):
        name, seat, kind = _read.array(entry, "a piece", 3)
        edge = _name(name, "a piece's place", _EDGE_INDEX)
        seat = _read.integer(seat, "a piece's seat", 0, players)
        kind = _read.choice(kind, "a piece's kind", ("road", "ship"))
        if edges[edge] >= 0:
            raise _read.fail("one piece per edge")
        if not (SHIP_EDGES if kind else ROAD_EDGES) >> edge & 1:
            raise _read.fail("roads run along land, ships along water")
        edges[edge] = seat + 4 * kind
    for seat in range(players):
        if nodes.count(seat) > SETTLEMENTS or nodes.count(seat + 4) > CITIES:
            raise _read.fail("more buildings than a player has")
        if edges.count(seat) > ROADS or edges.count(seat + 4) > SHIPS:
            raise _read.fail("more roads or ships than a player has")

    hands = tuple(
        _read.integers(hand, "a hand", 5, 0, BANK + 1)
        for hand in _read.array(data["hands"], "hands", players)
    )
    bank = _read.integers(data["bank"], "bank", 5, 0, BANK + 1)
    for r in range(5):
        if bank[r] + sum(hand[r] for hand in hands) != BANK:
            raise _read.fail(f"the {RESOURCES[r]} cards do not add up to {BANK}")
    gold = _read.integers(data["gold"], "gold", players, 0, _MAX_GOLD)
    deck = tuple(_read.choice(card, "a card", DEV_KINDS) for card in _read.array(data["deck"], "deck"))
    devs = tuple(
        _read.integers(d, "cards", 5, 0, len(DECK) + 1) for d in _read.array(data["cards"], "cards", players)
    )
    fresh = _read.integers(data["new_cards"], "new_cards", 5, 0, len(DECK) + 1)
    knights = _read.integers(data["knights"], "knights", players, 0, len(DECK) + 1)
    for kind in range(len(DEV_KINDS)):
        used = deck.count(kind) + sum(d[kind] for d in devs) + (sum(knights) if kind == KNIGHT else 0)
        if used > DECK.count(kind):
            raise _read.fail(f"more {DEV_KINDS[kind]} cards than the deck has")
    if any(f > d for f, d in zip(fresh, devs[turn], strict=True)):
        raise _read.fail("new cards must be in the hand of the player to move")
    played = _read.boolean(data["played_card"], "played_card")
    army = _seat_or_none(data["army"], "army", players)
    if army >= 0 and (knights[army] < 3 or knights[army] < max(knights)):
        raise _read.fail("the largest army belongs to the most knights, at least 3")
    if army < 0 and max(knights) >= 3:
        raise _read.fail("3 knights make the largest army")
    robber = _name(data["robber"], "robber", _HEX_INDEX)
    if robber not in LAND_HEXES:
        raise _read.fail("the robber stands on land")
    pyramid = tuple(
        BLACK if b == "black" else _read.integer(b, "a block", 0, players)
        for b in _read.array(data["pyramid"], "pyramid")
    )
    if len(pyramid) > PYRAMID_PLACES or pyramid.count(BLACK) > BLACK_BLOCKS:
        raise _read.fail("too many blocks")
    if any(pyramid.count(seat) > BLOCKS for seat in range(players)):
        raise _read.fail("more blocks than a player has")
    first = next((i for i, b in enumerate(pyramid) if b != BLACK), len(pyramid))
    if pharaoh != RULEBOOK and BLACK in pyramid[:first]:
        raise _read.fail("the pharaoh builds only once the first player block stands")
    blessing = _seat_or_none(data["blessing"], "blessing", players)
    counts = [pyramid.count(seat) for seat in range(players)]
    if (blessing >= 0) != any(counts) or (blessing >= 0 and counts[blessing] < max(counts)):
        raise _read.fail("the blessing belongs to a player with the most blocks")
    discards = _read.integers(data["discards"], "discards", players, 0, 5 * BANK)
    free_roads = _read.integer(data["free_roads"], "free_roads", 0, 3)
    resume = _RESUMES.get(data["resume"]) if type(data["resume"]) is str else None
    if resume is None:
        raise _read.fail("resume must be roll, main or seven")
    answers = _read.integers(data["answers"], "answers", players, -1, 3)
    offers_made = _read.integer(data["offers_made"], "offers_made", 0, MAX_OFFERS + 1)
    offer: tuple[int, ...] = ()
    if data["offer"] is not None:
        offer = _read.integers(data["offer"], "offer", 4, 0, 5)
        if offer[0] == offer[2] or not offer[1] or not offer[3]:
            raise _read.fail("an offer gives something for something else")
    if (phase == OFFER) != bool(offer):
        raise _read.fail("an offer is open exactly while the phase is offer")
    if phase == OFFER:
        if answers[turn] != -1 or all(a == -1 for a in answers):
            raise _read.fail("another player answers an offer")
        if all(a in (-1, 2) for a in answers) or offers_made < 1:
            raise _read.fail("an offer everyone declined has lapsed")
        if hands[turn][offer[0]] < offer[1]:
            raise _read.fail("an offer gives cards the player has")
    elif any(a != -1 for a in answers):
        raise _read.fail("answers only while an offer is open")
    if (phase == DISCARD) != any(discards):
        raise _read.fail("discards are owed exactly in the discard phase")
    if any(need > sum(hand) for need, hand in zip(discards, hands, strict=True)):
        raise _read.fail("a discard larger than the hand")
    if (phase == FREE_ROADS) != bool(free_roads):
        raise _read.fail("free roads only while building them")
    roll = _read.array(data["last_roll"], "last_roll")
    if len(roll) not in (0, 2):
        raise _read.fail("last_roll holds two dice or none")
    last_roll = tuple(_read.integer(d, "a die", 1, 7) for d in roll)
    ended = _read.choice(data["ended"], "ended", ENDINGS)
    if (phase == OVER) != bool(ended):
        raise _read.fail("a game over says why it ended")
    if phase == FOUND:
        if fstep >= len(steps) or steps[fstep][0] != turn:
            raise _read.fail("the founding step and the turn disagree")
        if not steps[fstep][1] and (last_node < 0 or nodes[last_node] != turn):
            raise _read.fail("a founding road follows the player's settlement")
    elif fstep != len(steps) or last_node != -1:
        raise _read.fail("the founding is over")
    return from_stored(
        players=players,
        rng=rng,
        phase=phase,
        turn=turn,
        turns=turns,
        fstep=fstep,
        last_node=last_node,
        nodes=tuple(nodes),
        edges=tuple(edges),
        hands=hands,
        gold=gold,
        bank=bank,
        deck=deck,
        devs=devs,
        fresh=fresh,
        played=int(played),
        knights=knights,
        army=army,
        robber=robber,
        pyramid=pyramid,
        blessing=blessing,
        discards=discards,
        free_roads=free_roads,
        resume=resume,
        offer=offer,
        answers=answers,
        offers_made=offers_made,
        last_roll=last_roll,
        ended=ended,
        pharaoh=pharaoh,
    )


# -- what `loads` refuses, shown on a save ------------------------------------------------------------


def impossible_saves(saved: str) -> list[tuple[str, str]]:
    """`saved` changed into positions no game reaches (`Engine.impossible_saves`), where the
    position allows: the robber on the sea, a settlement beside a building, and a discard
    owed outside the discard phase."""
    data = json.loads(saved)
    found: list[tuple[str, str]] = []
    sea = next(name for h, name in enumerate(HEX_NAMES) if h not in LAND_HEXES)
    found.append(changed(data, "the robber on the sea", robber=sea))
    taken = [_NODE_INDEX[name] for name, _, _ in data["buildings"]]
    for node in taken:
        beside = [n for n in range(len(NODE_NAMES)) if NODE_NEIGHBOUR_MASK[node] >> n & 1 and n not in taken]
        if beside and sum(seat == 0 for _, seat, _ in data["buildings"]) < SETTLEMENTS:
            building = [NODE_NAMES[beside[0]], 0, "settlement"]
            found.append(
                changed(data, "a settlement beside a building", buildings=[*data["buildings"], building])
            )
            break
    if data["phase"] != PHASES[DISCARD]:
        discards = [int(bool(sum(hand))) for hand in data["hands"]]
        if any(discards):
            found.append(changed(data, "a discard owed outside the discard phase", discards=discards))
    return found
