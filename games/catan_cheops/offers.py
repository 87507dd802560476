"""What to offer a seat: its prompt, autocomplete and buttons.

A prompt may be posted in the game's thread, so it says only what everybody
can see (the phase, the offer, how many cards a seat holds), never what a
hand holds.
"""

from __future__ import annotations

from functools import lru_cache

from games.catan_cheops.actions import BANK
from games.catan_cheops.actions import BLOCK
from games.catan_cheops.actions import BUY
from games.catan_cheops.actions import CITY
from games.catan_cheops.actions import DISCARD
from games.catan_cheops.actions import END
from games.catan_cheops.actions import END_TURN
from games.catan_cheops.actions import OFFER
from games.catan_cheops.actions import PLAY
from games.catan_cheops.actions import ROAD
from games.catan_cheops.actions import ROBBER
from games.catan_cheops.actions import ROLL
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import SHIP
from games.catan_cheops.actions import Move
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import EDGES
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import NODE_HEXES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import RESOURCES
from games.catan_cheops.notation import KEYWORDS
from games.catan_cheops.notation import RESOURCE_WORDS
from games.catan_cheops.notation import canonical_words
from games.catan_cheops.notation import move_notation
from games.catan_cheops.rules import FOUNDING_STEPS
from games.catan_cheops.rules import legal_actions
from games.catan_cheops.rules import to_act
from games.catan_cheops.state import DISCARD as DISCARD_PHASE
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import FREE_ROADS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OVER
from games.catan_cheops.state import ROBBER as ROBBER_PHASE
from games.catan_cheops.state import ROLL as ROLL_PHASE
from games.catan_cheops.state import State
from games.catan_cheops.words import cards
from games.catan_cheops.words import say
from games.core import MAX_QUICK_ACTIONS
from games.core import Message
from games.core import Player
from games.kit.notation import narrowed

__all__ = ["notation_of", "prompt", "quick_actions", "ranked", "suggest"]


@lru_cache(maxsize=65536)
def notation_of(action: Move) -> str:
    """The notation of a move (cached: the same moves come back all game)."""
    return move_notation(action)


def prompt(state: State, seat: int) -> Message:
    phase = state.phase
    if phase == OVER:
        return say("prompt.over")
    if seat not in to_act(state):
        return say("prompt.waiting", player=Player(state.turn))
    if phase == FOUND:
        _, settlement, third, _ = FOUNDING_STEPS[state.players][state.fstep]
        if settlement:
            return say("prompt.found_third" if third else "prompt.found_settlement")
        return say("prompt.found_road", node=NODE_NAMES[state.last_node])
    if phase == ROLL_PHASE:
        return say("prompt.roll")
    if phase == MAIN:
        return say("prompt.main")
    if phase == DISCARD_PHASE:
        return say("prompt.discard", count=state.discards[seat], total=sum(state.hands[seat]))
    if phase == ROBBER_PHASE:
        return say("prompt.robber")
    if phase == FREE_ROADS:
        return say("prompt.free_roads", count=state.free_roads)
    give, n, get, m = state.offer
    if seat != state.turn:
        return say("prompt.answer", player=Player(state.turn), give=_one(give, n), get=_one(get, m))
    if 0 not in state.answers:
        return say("prompt.choose")
    return say("prompt.wait_answers")


def _one(resource: int, count: int) -> Message:
    counts = [0] * 5
    counts[resource] = count
    return cards(counts)


# -- ranking ----------------------------------------------------------------------------------------------


def _pips(token: int) -> int:
    return 6 - abs(7 - token) if token else 0


_NODE_PIPS = tuple(sum(_pips(HEX_TOKEN[h]) for h in hexes) for hexes in NODE_HEXES)
_EDGE_PIPS = tuple(max(_NODE_PIPS[a], _NODE_PIPS[b]) for a, b in EDGES)
_HEX_PIPS = tuple(_pips(token) for token in HEX_TOKEN)
_KIND_ORDER = {
    ROLL: 0,
    CITY: 1,
    SETTLEMENT: 2,
    BLOCK: 3,
    BUY: 4,
    PLAY: 5,
    ROAD: 6,
    SHIP: 7,
    BANK: 8,
    END: 9,
    OFFER: 10,
}


def _key(state: State, seat: int, action: Move) -> tuple[int, int, int]:
    kind = action.kind
    if kind in (SETTLEMENT, CITY):
        return (_KIND_ORDER[kind], -_NODE_PIPS[action.a], action.a)
    if kind in (ROAD, SHIP):
        return (_KIND_ORDER[kind], -_EDGE_PIPS[action.a], action.a)
    if kind == ROBBER:
        # Hexes where someone is robbed, the most productive first.
        return (0 if action.b >= 0 else 1, -_HEX_PIPS[action.a], action.a * 8 + action.b)
    if kind == DISCARD:
        # Keep the hand balanced: discard from the largest piles first.
        left = [h - n for h, n in zip(state.hands[seat], unpack(action.a), strict=True)]
        return (sum(n * n for n in left), max(left), action.a)
    if kind == BANK:
        return (_KIND_ORDER[BANK], action.c, action.a * 8 + action.b)
    return (_KIND_ORDER.get(kind, 5), 0, 0)


def ranked(state: State, seat: int) -> list[Move]:
    """Every legal move of the seat, most useful first."""
    return sorted(legal_actions(state, seat), key=lambda action: _key(state, seat, action))


def quick_actions(state: State, seat: int) -> list[Move]:
    """At most 20: while building, the best of each kind of move and always `end`; else the best."""
    best = ranked(state, seat)
    if len(best) <= MAX_QUICK_ACTIONS:
        return best
    if state.phase != MAIN:
        return best[:MAX_QUICK_ACTIONS]
    chosen: list[Move] = []
    per_kind: dict[int, int] = {}
    limits = {ROAD: 3, SHIP: 2, SETTLEMENT: 3, CITY: 3, BANK: 4, PLAY: 4, OFFER: 0}
    for action in best:
        taken = per_kind.get(action.kind, 0)
        if taken >= limits.get(action.kind, 2):
            continue
        per_kind[action.kind] = taken + 1
        chosen.append(action)
    # `end` must not fall off the end: it is the way on.
    if END_TURN in chosen[MAX_QUICK_ACTIONS - 1 :]:
        chosen.remove(END_TURN)
        chosen.insert(MAX_QUICK_ACTIONS - 1, END_TURN)
    return chosen[:MAX_QUICK_ACTIONS]


# -- autocomplete ---------------------------------------------------------------------------------------

_ALIASES = {word: (RESOURCES[i] if i < 5 else "gold") for word, i in RESOURCE_WORDS.items()}


def suggest(state: State, seat: int, typed: str, limit: int, locale: str | None = None) -> list[str]:
    """Legal notations fitting what was typed: first one per kind of move, then narrowing by the
    next word (the target), best first.

    The notations are in `locale`'s words. Each typed word must begin the
    word at its place in the notation (German, Dutch and English words count
    as the locale's); failing that, each must occur
    somewhere. A move typed in full comes first.
    """
    if limit <= 0 or not isinstance(typed, str):
        return []
    legal = ranked(state, seat)
    if not legal:
        return []
    texts = [KEYWORDS.write(notation_of(action), locale) for action in legal]
    english = " ".join(_ALIASES.get(word, word) for word in canonical_words(typed))
    words = KEYWORDS.write(english, locale).split()
    # Seven words tell every move apart but discards: "bank 4 brick for ore via 3".
    return narrowed(texts, words, typed, limit, deepest=7)
