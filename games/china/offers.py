"""What to offer the seat to move: its prompt, autocomplete and buttons.

A prompt may be posted in the game's thread, so it says only what everybody
can see (the step, the province of the turn, supplies and the open row),
never what a hand holds; the one exception is `pass`, which only the seat
itself is offered.
"""

from __future__ import annotations

from functools import cache

from games.china.actions import END
from games.china.actions import PASS
from games.china.actions import Action
from games.china.actions import End
from games.china.actions import Place
from games.china.actions import Swap
from games.china.actions import Take
from games.china.data import COLOURS
from games.china.data import HAND_SIZE
from games.china.data import PROVINCE_BY_NAME
from games.china.data import PROVINCES
from games.china.data import ROAD_NEIGHBOURS
from games.china.data import SPACE_INDEX
from games.china.data import SPACE_OF
from games.china.notation import COLOUR_WORDS
from games.china.notation import KEYWORDS
from games.china.notation import PIECE_WORDS
from games.china.notation import canonical_words
from games.china.notation import move_notation
from games.china.rules import legal_actions
from games.china.state import DECK
from games.china.state import EMISSARY
from games.china.state import HOUSE
from games.china.state import OVER
from games.china.state import PIECES
from games.china.state import PLACE
from games.china.state import State
from games.china.words import province_name
from games.china.words import say
from games.core import MAX_QUICK_ACTIONS
from games.core import Message
from games.core import Player
from games.kit.notation import narrowed

__all__ = ["notation_of", "prompt", "quick_actions", "suggest"]


@cache
def notation_of(action: Action) -> str:
    """The notation of one of the engine's shared action values (cached: they are few)."""
    return move_notation(action)


def prompt(state: State, seat: int) -> Message:
    if state.step == OVER:
        return say("china.prompt.over")
    if seat != state.turn:
        return say("china.prompt.waiting", player=Player(state.turn))
    if state.step == PLACE:
        if state.placed:
            message = say("china.prompt.more", province=province_name(state.province))
        elif legal_actions(state, seat) == [PASS]:
            message = say("china.prompt.pass")
        else:
            message = say("china.prompt.start")
    else:
        need = HAND_SIZE - sum(state.hands[seat])
        if not state.deck:
            message = say("china.prompt.refill_open", need=need)
        elif not any(state.open):
            message = say("china.prompt.refill_deck", need=need)
        else:
            message = say("china.prompt.refill", need=need)
    if state.exhausted >= 2:
        message = say("china.prompt.with_note", prompt=message, note=say("china.prompt.note.last_round"))
    return message


# -- buttons -------------------------------------------------------------------------------------------


def _touching(state: State, seat: int, action: Place) -> int:
    """How many of the seat's houses a road joins to that space (more: a longer chain)."""
    neighbours = ROAD_NEIGHBOURS[state.side][SPACE_INDEX[(action.province, action.space)]]
    board = state.board
    return sum(1 for other in neighbours if _owner(board, *SPACE_OF[other]) == seat)


def _owner(board: tuple[tuple[int, ...], ...], province: int, space: int) -> int:
    """The seat with a house on that space, or -1 (also for a space this board lacks)."""
    row = board[province]
    return row[space] if space < len(row) else -1


def _rank(state: State, seat: int, action: Action) -> tuple[int, ...]:
    """Sort key, lower first: placements paid by a card, the end of placing, swaps, jokers."""
    if type(action) is Place:
        assert isinstance(action, Place)
        joker = 1 if action.joker >= 0 else 0
        if action.piece == HOUSE:
            return (
                joker * 4,
                0,
                -_touching(state, seat, action),
                action.province,
                action.space,
                action.joker,
            )
        if action.piece == EMISSARY:
            return (joker * 4, 1, action.province, action.joker)
        return (joker * 4 + 1, 2, action.province, action.space, action.joker)
    if type(action) is End:
        return (2,)
    if type(action) is Swap:
        assert isinstance(action, Swap)
        return (3, 0 if action.take == DECK else 1, action.give, action.take)
    if type(action) is Take:
        assert isinstance(action, Take)
        return (0, 1 if action.source == DECK else 0, action.source)
    return (9,)


def quick_actions(state: State, seat: int) -> list[Action]:
    """At most 20: per province the best house and the emissary paid by a card, ending the
    placement, swaps for the deck's top, then jokers; while refilling every take."""
    legal = legal_actions(state, seat)
    if len(legal) <= MAX_QUICK_ACTIONS:
        return sorted(legal, key=lambda action: _rank(state, seat, action))
    ranked = sorted(legal, key=lambda action: _rank(state, seat, action))
    chosen: list[Action] = []
    seen: set[tuple[int, int, int]] = set()
    for action in ranked:
        if type(action) is Place:
            assert isinstance(action, Place)
            # One house (the best space) and one fortress per province and payment.
            key = (action.piece, action.province, action.joker)
            if key in seen:
                continue
            seen.add(key)
        chosen.append(action)
    # END (if any) must not fall off the end: it is the way on.
    if END in legal and END not in chosen[:MAX_QUICK_ACTIONS]:
        chosen.insert(MAX_QUICK_ACTIONS - 1, END)
    return chosen[:MAX_QUICK_ACTIONS]


# -- autocomplete ---------------------------------------------------------------------------------------

_ALIASES = {
    **{word: PIECES[piece] for word, piece in PIECE_WORDS.items()},
    **{word: COLOURS[colour] for word, colour in COLOUR_WORDS.items()},
    **{word: PROVINCES[p].lower() for word, p in PROVINCE_BY_NAME.items()},
    "stapel": "deck",
}


def suggest(state: State, seat: int, typed: str, limit: int, locale: str | None = None) -> list[str]:
    """Legal notations fitting what was typed, narrowing by kind of move, then province, then space.

    The notations are in `locale`'s words. Each typed word must begin the
    word at its place in the notation (German, Dutch and English names count
    as the locale's); failing that, each must
    occur somewhere. The suggestions are spread out: first one per next
    word (one per kind of move with nothing typed, one per province after
    `house `, ...), then the rest in order. A move typed in full comes first.
    """
    if limit <= 0 or not isinstance(typed, str):
        return []
    legal = legal_actions(state, seat)
    if not legal:
        return []
    ordered = sorted(legal, key=lambda action: _rank(state, seat, action))
    texts = [KEYWORDS.write(notation_of(action), locale) for action in ordered]
    english = " ".join(_ALIASES.get(word, word) for word in canonical_words(typed))
    words = KEYWORDS.write(english, locale).split()
    # A notation has at most five words: "house wei 3 joker green".
    return narrowed(texts, words, typed, limit, deepest=5)
