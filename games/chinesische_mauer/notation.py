"""The move notation: 1-based sites and positions, case-insensitive, spaces free.

    tile 5 on 3.2        take 3            draw
    play wall 3          play 2 wall 3     play dragon 3
    dragon on 2.4        free horseman 3   play 2 horsemen 3

`format_action` writes the canonical form (count left out when 1, singular
kind names); `parse_action` accepts that and a few friendly variants
(plurals, "watchtower", spaces around the dot). In German or Dutch every
keyword and card name is the locale's (`kärtchen 5 auf 3.2`, `speel 2 muur 3`;
the table in docs/chinesische-mauer.md), and the English ones are read too;
numbers are the same in every language. The move log stores English.
"""

from __future__ import annotations

import re

from games.chinesische_mauer.actions import Action
from games.chinesische_mauer.actions import DragonOn
from games.chinesische_mauer.actions import Draw
from games.chinesische_mauer.actions import PlaceTile
from games.chinesische_mauer.actions import PlayCards
from games.chinesische_mauer.actions import TakeTile
from games.chinesische_mauer.data import HORSEMAN
from games.chinesische_mauer.data import KIND_BY_NAME
from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.data import LOCALES
from games.chinesische_mauer.data import TEXTS
from games.chinesische_mauer.state import State
from games.chinesische_mauer.words import illegal
from games.kit.notation import Keywords
from games.kit.notation import shown_text

__all__ = ["KEYWORDS", "format_action", "parse_action"]

#: The notation's keywords in German and Dutch (`cm.keyword.*` in the locales).
KEYWORDS = Keywords("cm", TEXTS, LOCALES)

# Numbers are capped at six digits: longer ones are never a move, and int() of
# thousands of digits is refused by Python itself.
_N = r"([0-9]{1,6})"
_TILE = re.compile(rf"tile {_N} on {_N}\.{_N}")
_TAKE = re.compile(rf"take {_N}")
_PLAY = re.compile(rf"(play|free) (?:{_N} )?([a-z]+) {_N}")
_DRAGON_ON = re.compile(rf"dragon on {_N}\.{_N}")


def format_action(state: State, action: object, locale: str | None = None) -> str:
    """The move's notation (the same in every position), in `locale`'s words."""
    return KEYWORDS.write(_english(action), locale)


def _english(action: object) -> str:
    if type(action) is PlaceTile:
        return f"tile {action.value} on {action.site + 1}.{action.position + 1}"
    if type(action) is TakeTile:
        return f"take {action.site + 1}"
    if type(action) is PlayCards:
        verb = "free" if action.free else "play"
        count = "" if action.count == 1 else f"{action.count} "
        return f"{verb} {count}{action.kind} {action.site + 1}"
    if type(action) is DragonOn:
        return f"dragon on {action.site + 1}.{action.position + 1}"
    if type(action) is Draw:
        return "draw"
    raise illegal("cm.error.unknown_action")


def parse_action(state: State, seat: int, text: str, locale: str | None = None) -> Action:
    """Read one move, in `locale`'s words or in English; syntax and ranges only (whether it
    is allowed now is `apply`'s job)."""
    if not isinstance(text, str):
        raise illegal("cm.error.unknown_action")
    line = re.sub(r"\s*\.\s*", ".", " ".join(KEYWORDS.read(text, locale).lower().split()))
    if line == "draw":
        return Draw()
    if match := _TILE.fullmatch(line):
        value, site, position = (int(group) for group in match.groups())
        return PlaceTile(_site(state, site), value, _position(site, position))
    if match := _TAKE.fullmatch(line):
        return TakeTile(_site(state, int(match.group(1))))
    if match := _DRAGON_ON.fullmatch(line):
        site, position = (int(group) for group in match.groups())
        return DragonOn(_site(state, site), _position(site, position))
    if match := _PLAY.fullmatch(line):
        verb, count_text, name, site_text = match.groups()
        kind = KIND_BY_NAME.get(name)
        if kind is None:
            raise illegal("cm.error.unknown_card", name=name)
        free = verb == "free"
        if free and kind != HORSEMAN:
            raise illegal("cm.error.free_horsemen_only")
        count = 1 if count_text is None else int(count_text)
        if count < 1:
            raise illegal("cm.error.count")
        return PlayCards(KINDS[kind], count, _site(state, int(site_text)), free)
    raise illegal("cm.error.notation", text=shown_text(text))


def _site(state: State, number: int) -> int:
    if not 1 <= number <= len(state.sites):
        raise illegal("cm.error.no_site", site=number)
    return number - 1


def _position(site: int, number: int) -> int:
    if number < 1:
        raise illegal("cm.error.no_position", site=site, position=number)
    return number - 1
