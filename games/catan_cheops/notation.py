"""The move notation: lower-case words, names of the board as printed (`H7`, `I12`, `E34`).

    roll                          end
    road E34                      ship E35
    settlement I12                city I12
    buy card                      block            block via 2
    play knight                   play roads
    play plenty brick ore         play monopoly wool
    bank 4 brick for ore          bank 2 wool for grain via 3      bank 4 gold for ore
    offer 1 brick for 2 wool      accept     decline     trade with 2     cancel
    discard 2 brick 1 ore         robber H7        robber H7 steal 2

Seats are numbered from 1 (`via 2`, `steal 2`, `trade with 2` name the player
in seat 2). `format_action` writes this canonical form; `parse_action` reads
it, ignoring case and extra spaces; it also takes an intersection by the
bare number the board image shows (`settlement 12`) and an edge by the
intersections at its ends (`road 12 13`, `road I12-I13`), and accepts the German and Dutch names of
resources and pieces too (`lehm`, `leem`, `siedlung`, `dorp`...). Given the
game's language, `format_action` writes every keyword in it (`bank 4 lehm
gegen erz`, `bied 1 leem voor 2 wol`; the table in docs/catan-cheops.md) and
`parse_action` reads them beside the English; board names and numbers are
the same in every language, and the move log stores English. Parsing
checks words and ranges; whether the move is allowed now is `rules.apply`'s job.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from games.catan_cheops.actions import ACCEPT
from games.catan_cheops.actions import ACCEPT_OFFER
from games.catan_cheops.actions import BANK
from games.catan_cheops.actions import BLOCK
from games.catan_cheops.actions import BUY
from games.catan_cheops.actions import BUY_CARD
from games.catan_cheops.actions import CANCEL
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
from games.catan_cheops.actions import ROAD
from games.catan_cheops.actions import ROAD_AT
from games.catan_cheops.actions import ROBBER
from games.catan_cheops.actions import ROLL
from games.catan_cheops.actions import ROLL_DICE
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import SETTLEMENT_AT
from games.catan_cheops.actions import SHIP
from games.catan_cheops.actions import SHIP_AT
from games.catan_cheops.actions import TRADE
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import pack
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import DEV_KINDS
from games.catan_cheops.data import EDGE_NAMES
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import HEX_NAMES
from games.catan_cheops.data import HEXES
from games.catan_cheops.data import LOCALES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import NODES
from games.catan_cheops.data import RESOURCES
from games.catan_cheops.data import TEXTS
from games.catan_cheops.state import State
from games.catan_cheops.words import illegal
from games.kit.notation import Keywords
from games.kit.notation import shown_text

__all__ = [
    "CARD_WORDS",
    "KEYWORDS",
    "RESOURCE_WORDS",
    "VERB_WORDS",
    "canonical_words",
    "format_action",
    "move_notation",
    "parse_action",
]

#: The notation's keywords in German and Dutch (`catan-cheops.keyword.*` in the locales).
KEYWORDS = Keywords("catan-cheops", TEXTS, LOCALES)
_GOLD_NAME = "gold"
#: Every accepted word for a resource (English, German, Dutch) -> its index (5: gold).
RESOURCE_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        **{name: i for i, name in enumerate(RESOURCES)},
        "gold": 5,
        "lehm": 0,
        "leem": 0,
        "baksteen": 0,
        "holz": 1,
        "hout": 1,
        "wood": 1,
        "wolle": 2,
        "wol": 2,
        "getreide": 3,
        "graan": 3,
        "wheat": 3,
        "erz": 4,
        "erts": 4,
        "goud": 5,
    }
)
#: Card words after `play`.
CARD_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        "knight": 0,
        "ritter": 0,
        "ridder": 0,
        "roads": 2,
        "straßenbau": 2,
        "strassenbau": 2,
        "stratenbouw": 2,
        "plenty": 3,
        "erfindung": 3,
        "uitvinding": 3,
        "monopoly": 4,
        "monopol": 4,
        "monopolie": 4,
    }
)
_CARD_NAMES = {0: "knight", 2: "roads", 3: "plenty", 4: "monopoly"}
#: Verbs in other languages -> the English verb of the notation.
VERB_WORDS: MappingProxyType[str, str] = MappingProxyType(
    {
        "straße": "road",
        "strasse": "road",
        "straat": "road",
        "schiff": "ship",
        "schip": "ship",
        "siedlung": "settlement",
        "dorp": "settlement",
        "nederzetting": "settlement",
        "stadt": "city",
        "stad": "city",
        "würfeln": "roll",
        "wuerfeln": "roll",
        "dobbelen": "roll",
        "räuber": "robber",
        "raeuber": "robber",
        "rover": "robber",
        "ende": "end",
        "einde": "end",
    }
)
# Numbers are capped at six digits: longer ones are never on the board, and
# int() of thousands of digits is refused by Python itself.
_NUMBER = re.compile(r"[0-9]{1,6}")
_NAME = re.compile(r"([hie])([0-9]{1,6})")
#: The edge joining two intersections (lower index first).
_EDGE_BETWEEN: dict[tuple[int, int], int] = {pair: i for i, pair in enumerate(EDGES)}


#: The kinds of move written as words alone.
_WORDS = {ROLL: "roll", END: "end", BUY: "buy card", ACCEPT: "accept", DECLINE: "decline", CANCEL: "cancel"}


def _seat(seat: int) -> str:
    return str(seat + 1)


def format_action(state: State, action: object, locale: str | None = None) -> str:
    """The contract's notation of a move, in `locale`'s words: it does not depend on the position."""
    return KEYWORDS.write(move_notation(action), locale)


def move_notation(action: object) -> str:
    """The notation of a move (the same in every position)."""
    if type(action) is not Move:
        raise illegal("error.unknown_action")
    kind, a, b, c, d = action
    try:
        if kind in _WORDS:
            return _WORDS[kind]
        if kind in (ROAD, SHIP) and 0 <= a < len(EDGES):
            return f"{'road' if kind == ROAD else 'ship'} {EDGE_NAMES[a]}"
        if kind in (SETTLEMENT, CITY) and 0 <= a < len(NODES):
            return f"{'settlement' if kind == SETTLEMENT else 'city'} {NODE_NAMES[a]}"
        if kind == BLOCK:
            return "block" if a < 0 else f"block via {_seat(a)}"
        if kind == BANK and 0 <= a <= 5 and 0 <= b < 5:
            text = f"bank {c} {_resource(a)} for {_resource(b)}"
            return text if d < 0 else f"{text} via {_seat(d)}"
        if kind == OFFER and 0 <= a < 5 and 0 <= c < 5:
            return f"offer {b} {_resource(a)} for {d} {_resource(c)}"
        if kind == TRADE and a >= 0:
            return f"trade with {_seat(a)}"
        if kind == DISCARD and a >= 0:
            counts = unpack(a)
            return "discard " + " ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(counts) if n)
        if kind == ROBBER and 0 <= a < len(HEXES):
            return f"robber {HEX_NAMES[a]}" if b < 0 else f"robber {HEX_NAMES[a]} steal {_seat(b)}"
        if kind == PLAY and a in _CARD_NAMES:
            words = ["play", _CARD_NAMES[a]]
            words += [RESOURCES[r] for r in (b, c) if 0 <= r < 5]
            return " ".join(words)
    except (TypeError, IndexError):
        pass
    raise illegal("error.unknown_action")


def _resource(index: int) -> str:
    return _GOLD_NAME if index == 5 else RESOURCES[index]


def canonical_words(text: str) -> list[str]:
    """The typed words, lower-case, other languages' verbs as the English ones."""
    words = text.lower().split()
    return [VERB_WORDS.get(word, word) for word in words]


def parse_action(state: State, seat: int, text: object, locale: str | None = None) -> Move:
    """Read one move, in `locale`'s words or in English; syntax and ranges only."""
    if not isinstance(text, str):
        raise illegal("error.unknown_action")
    words = canonical_words(KEYWORDS.read(text, locale))
    if not words:
        raise _unreadable(text)
    verb, rest = words[0], words[1:]
    simple = _SIMPLE.get(" ".join(words))
    if simple is not None:
        return simple
    if verb in ("road", "ship") and 1 <= len(rest) <= 2:
        edge = _edge(rest, text)
        return ROAD_AT[edge] if verb == "road" else SHIP_AT[edge]
    if verb in ("settlement", "city") and len(rest) == 1:
        node = _node(rest[0], text)
        return SETTLEMENT_AT[node] if verb == "settlement" else CITY_AT[node]
    if verb == "block" and len(rest) == 2 and rest[0] == "via":
        return Move(BLOCK, _seat_number(rest[1], text))
    if verb == "robber" and len(rest) in (1, 3):
        hex_ = _name(rest[0], "h", len(HEXES), text)
        if len(rest) == 1:
            return Move(ROBBER, hex_, -1)
        if rest[1] == "steal":
            return Move(ROBBER, hex_, _seat_number(rest[2], text))
    if verb == "trade" and len(rest) == 2 and rest[0] == "with":
        return Move(TRADE, _seat_number(rest[1], text))
    if verb == "bank" and len(rest) in (4, 6) and rest[2] == "for":
        rate = _count(rest[0], text)
        give, get = _resource_word(rest[1], text), _resource_word(rest[3], text)
        if get == 5:
            raise _unreadable(text)
        via = -1
        if len(rest) == 6:
            if rest[4] != "via":
                raise _unreadable(text)
            via = _seat_number(rest[5], text)
        return Move(BANK, give, get, rate, via)
    if verb == "offer" and len(rest) == 5 and rest[2] == "for":
        give, get = _resource_word(rest[1], text), _resource_word(rest[4], text)
        if give == 5 or get == 5:
            raise illegal("error.offer_gold")
        return Move(OFFER, give, _count(rest[0], text), get, _count(rest[3], text))
    if verb == "discard" and rest and len(rest) % 2 == 0:
        counts = [0] * 5
        for i in range(0, len(rest), 2):
            resource = _resource_word(rest[i + 1], text)
            if resource == 5:
                raise illegal("error.discard_gold")
            counts[resource] += _count(rest[i], text)
        if max(counts) > 255:
            raise _unreadable(text)
        return Move(DISCARD, pack(counts))
    if verb == "play" and rest and rest[0] in CARD_WORDS:
        card = CARD_WORDS[rest[0]]
        named = [_resource_word(word, text) for word in rest[1:]]
        if 5 in named:
            raise illegal("error.gold_not_resource")
        if card == 3 and len(named) == 2:
            return Move(PLAY, card, min(named), max(named))
        if card == 4 and len(named) == 1:
            return Move(PLAY, card, named[0])
        if card in (0, 2) and not named:
            return Move(PLAY, card)
    if verb == "play" and len(rest) >= 1 and rest[0] in ("victory", "siegpunkt", "overwinningspunt"):
        return Move(PLAY, DEV_KINDS.index("victory"))
    raise _unreadable(text)


_SIMPLE: dict[str, Move] = {
    "roll": ROLL_DICE,
    "end": END_TURN,
    "buy card": BUY_CARD,
    "accept": ACCEPT_OFFER,
    "decline": DECLINE_OFFER,
    "cancel": CANCEL_OFFER,
    "block": Move(BLOCK, -1),
}


def _name(word: str, letter: str, size: int, text: str) -> int:
    found = _NAME.fullmatch(word)
    if not found or found.group(1) != letter:
        raise _unreadable(text)
    index = int(found.group(2)) - 1
    if not 0 <= index < size:
        raise illegal(f"error.no_{letter}", name=shown_text(word.upper()))
    return index


def _node(word: str, text: str) -> int:
    """An intersection by its name, `I12`, or by the bare number the board image shows, `12`."""
    return _name(f"i{word}" if _NUMBER.fullmatch(word) else word, "i", len(NODES), text)


def _edge(words: list[str], text: str) -> int:
    """An edge by its name, `E34`, or by the intersections at its ends: `I12 I13`, `12 13`, `12-13`."""
    if len(words) == 1 and "-" in words[0]:
        words = words[0].split("-", 1)
    if len(words) == 1:
        return _name(words[0], "e", len(EDGES), text)
    first, second = (_node(word, text) for word in words)
    edge = _EDGE_BETWEEN.get((min(first, second), max(first, second)))
    if edge is None:
        raise illegal("error.no_edge_between", first=NODE_NAMES[first], second=NODE_NAMES[second])
    return edge


def _count(word: str, text: str) -> int:
    if not _NUMBER.fullmatch(word):
        raise _unreadable(text)
    return int(word)


def _seat_number(word: str, text: str) -> int:
    if not _NUMBER.fullmatch(word) or not 1 <= int(word) <= 4:
        raise illegal("error.no_seat", name=shown_text(word))
    return int(word) - 1


def _resource_word(word: str, text: str) -> int:
    if word not in RESOURCE_WORDS:
        raise illegal("error.no_resource", name=shown_text(word))
    return RESOURCE_WORDS[word]


def _unreadable(text: str) -> Exception:
    return illegal("error.notation", text=shown_text(text))
