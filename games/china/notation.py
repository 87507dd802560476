"""The move notation: one step of a turn per move, lower-case words, spaces free.

    house wei 3             house wei 3 joker green
    emissary qin            emissary qin joker red
    fortress wei 3          fortress wei 3 joker green
    end                     pass
    take red                take deck
    swap red for green      swap red for deck

A province is its name (`chin` and `ch'in` for Ch'in, `qin` too); a house
space its number in the province, from 1. `joker green` pays with two green
cards instead of one card of the province's colour. `format_action` writes
that canonical form; `parse_action` reads it and accepts the German and
Dutch names of pieces and colours too (`haus`, `huis`, `gesandter`,
`afgezant`, `festung`, `versterking`, `rot`, `rood`..., and `stapel` for
the deck). Given the game's language, `format_action` writes every keyword
in it (`nimm rot`, `tausche rot gegen grün`, `ruil rood voor stapel`; the
table in docs/china.md) and `parse_action` reads them beside the English;
provinces and numbers are the same in every language, and the move log
stores English. Parsing checks the
words and ranges; whether the move is allowed now is `rules.apply`'s job.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from games.china.actions import END
from games.china.actions import PASS
from games.china.actions import Action
from games.china.actions import End
from games.china.actions import Pass
from games.china.actions import Place
from games.china.actions import Swap
from games.china.actions import Take
from games.china.actions import place
from games.china.actions import swap
from games.china.actions import take
from games.china.data import COLOUR_BY_NAME
from games.china.data import COLOURS
from games.china.data import LOCALES
from games.china.data import PROVINCE_BY_NAME
from games.china.data import PROVINCES
from games.china.data import TEXTS
from games.china.state import DECK
from games.china.state import EMISSARY
from games.china.state import FORTRESS
from games.china.state import HOUSE
from games.china.state import PIECES
from games.china.state import State
from games.china.words import illegal
from games.china.words import province_name
from games.kit.notation import Keywords
from games.kit.notation import shown_text

__all__ = [
    "COLOUR_WORDS",
    "KEYWORDS",
    "PIECE_WORDS",
    "canonical_words",
    "format_action",
    "move_notation",
    "parse_action",
]

#: The notation's keywords in German and Dutch (`china.keyword.*` in the locales).
KEYWORDS = Keywords("china", TEXTS, LOCALES)

#: Every accepted word for a piece (English, German, Dutch) -> its index.
PIECE_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        "house": HOUSE,
        "haus": HOUSE,
        "huis": HOUSE,
        "landhuis": HOUSE,
        "emissary": EMISSARY,
        "envoy": EMISSARY,
        "gesandter": EMISSARY,
        "gesandten": EMISSARY,
        "afgezant": EMISSARY,
        "fortress": FORTRESS,
        "festung": FORTRESS,
        "versterking": FORTRESS,
    }
)
#: Every accepted word for a colour -> its index.
COLOUR_WORDS: MappingProxyType[str, int] = MappingProxyType(
    {
        **COLOUR_BY_NAME,
        "lila": 0,
        "violett": 0,
        "paars": 0,
        "violet": 0,
        "rot": 1,
        "rood": 1,
        "grün": 2,
        "gruen": 2,
        "groen": 2,
        "gelb": 3,
        "geel": 3,
        "oranje": 4,
    }
)
_SOURCE_WORDS = MappingProxyType({**COLOUR_WORDS, "deck": DECK, "stapel": DECK})
# Space numbers are capped at six digits: longer numbers are never a space, and
# int() of thousands of digits is refused by Python itself.
_NUMBER = re.compile(r"[0-9]{1,6}")


def format_action(state: State, action: object, locale: str | None = None) -> str:
    """The contract's notation of a move, in `locale`'s words: it does not depend on the position."""
    return KEYWORDS.write(move_notation(action), locale)


def move_notation(action: object) -> str:
    """The notation of a move (the same in every position)."""
    kind = type(action)
    if kind is Place:
        assert isinstance(action, Place)
        if 0 <= action.piece < len(PIECES) and 0 <= action.province < len(PROVINCES):
            words = [PIECES[action.piece], PROVINCES[action.province].lower()]
            if action.space >= 0:
                words.append(str(action.space + 1))
            if 0 <= action.joker < len(COLOURS):
                words += ["joker", COLOURS[action.joker]]
            return " ".join(words)
    elif kind is End:
        return "end"
    elif kind is Pass:
        return "pass"
    elif kind is Take:
        assert isinstance(action, Take)
        return f"take {_source_name(action.source)}"
    elif kind is Swap:
        assert isinstance(action, Swap)
        if 0 <= action.give < len(COLOURS):
            return f"swap {COLOURS[action.give]} for {_source_name(action.take)}"
    raise illegal("china.error.unknown_action")


def _source_name(source: int) -> str:
    if source == DECK:
        return "deck"
    if 0 <= source < len(COLOURS):
        return COLOURS[source]
    raise illegal("china.error.unknown_action")


def canonical_words(text: str) -> list[str]:
    """The typed words, lower-case, with the apostrophe of Ch'in dropped."""
    return text.lower().replace("'", "").replace("’", "").split()


def parse_action(state: State, seat: int, text: object, locale: str | None = None) -> Action:
    """Read one move, in `locale`'s words or in English; syntax and ranges only."""
    if not isinstance(text, str):
        raise illegal("china.error.unknown_action")
    words = canonical_words(KEYWORDS.read(text, locale))
    if words == ["end"]:
        return END
    if words == ["pass"]:
        return PASS
    if len(words) == 2 and words[0] == "take" and words[1] in _SOURCE_WORDS:
        return take(_SOURCE_WORDS[words[1]])
    if len(words) == 4 and words[0] == "swap" and words[2] == "for":
        give, source = COLOUR_WORDS.get(words[1]), _SOURCE_WORDS.get(words[3])
        if give is not None and source is not None:
            return swap(give, source)
    if words and words[0] in PIECE_WORDS:
        return _placement(state, PIECE_WORDS[words[0]], words[1:], text)
    raise _unreadable(text)


def _placement(state: State, piece: int, words: list[str], text: str) -> Place:
    if not words or words[0] not in PROVINCE_BY_NAME:
        if words and not _NUMBER.fullmatch(words[0]):
            raise illegal("china.error.unknown_province", name=shown_text(words[0]))
        raise _unreadable(text)
    province = PROVINCE_BY_NAME[words[0]]
    rest = words[1:]
    space = -1
    if piece != EMISSARY:
        if not rest or not _NUMBER.fullmatch(rest[0]):
            raise illegal("china.error.which_space", province=PROVINCES[province].lower())
        space = int(rest[0]) - 1
        # The spaces of the board the game is played on.
        if not 0 <= space < len(state.board[province]):
            raise illegal("china.error.no_space", province=province_name(province), space=rest[0])
        rest = rest[1:]
    joker = -1
    if rest:
        if len(rest) != 2 or rest[0] != "joker" or rest[1] not in COLOUR_WORDS:
            raise _unreadable(text)
        joker = COLOUR_WORDS[rest[1]]
    return place(piece, province, space, joker)


def _unreadable(text: str) -> Exception:
    return illegal("china.error.notation", text=shown_text(text))
