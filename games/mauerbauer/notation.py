"""The move notation: case-insensitive, spaces free; its keywords in the game's language.

    wall 23                      build a wall on line 23 (lines 1-78)
    tower T5 black               towers on the new wall's free ends (T1-T34)
    towers T5 black T6 grey
    house A3 red                 houses beside the new wall (fields A1-C15)
    houses A3 red A4 green
    merge B7 / no merge          merge the new city with the city holding B7
    play city-7 / play city-7 water / discard walls
    play city-7 water for B7     the final round: a city card names its city
    swap walls / done            the catch-up exchange
    pass                         the final round: play nothing

`format_action` writes the canonical form (placements by tower field or
field, cards in the order of the card list, a city by its first field);
`parse_action` also accepts "towers" for "tower", "houses" for "house",
"gray" for "grey", a line as "wall #23" and any field of a city.
In German or Dutch the keywords, colours and card names are those of the
locale (`mauer 23`, `türme T5 schwarz`, `speel stad-7 water`; the table in
docs/mauerbauer.md), and the English ones are read too; fields, tower fields
and numbers are the same in every language. The move log stores English.
"""

from __future__ import annotations

import re

from games.kit.notation import Keywords
from games.kit.notation import shown_text
from games.mauerbauer import actions
from games.mauerbauer.data import CORNER_NAMES
from games.mauerbauer.data import CORNERS
from games.mauerbauer.data import FIELD_INDEX
from games.mauerbauer.data import FIELD_NAMES
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import KIND_INDEX
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import LINES
from games.mauerbauer.data import LOCALES
from games.mauerbauer.data import TEXTS
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.state import State
from games.mauerbauer.words import illegal

__all__ = ["KEYWORDS", "format_action", "parse_action"]

#: The notation's keywords in German and Dutch (`mauerbauer.keyword.*` in the locales).
KEYWORDS = Keywords("mauerbauer", TEXTS, LOCALES)

_NUMBER = re.compile(r"#?([0-9]{1,6})")
_TOWER = re.compile(r"t([0-9]{1,6})")
_TOWER_COLOUR = {name: index for index, name in enumerate(TOWER_COLOURS)} | {"gray": 1}
_HOUSE_COLOUR = {name: index for index, name in enumerate(HOUSE_COLOURS)}


def format_action(state: State, action: object, locale: str | None = None) -> str:
    """The move's notation (the same in every position), in `locale`'s words."""
    return KEYWORDS.write(_english(action), locale)


def _english(action: object) -> str:
    if type(action) is actions.BuildWall:
        return f"wall {action.line + 1}"
    if type(action) is actions.PlaceTowers:
        word = "tower" if len(action.placements) == 1 else "towers"
        placed = (f"{CORNER_NAMES[c]} {TOWER_COLOURS[colour]}" for c, colour in action.placements)
        return " ".join([word, *placed])
    if type(action) is actions.PlaceHouses:
        word = "house" if len(action.placements) == 1 else "houses"
        placed = (f"{FIELD_NAMES[f]} {HOUSE_COLOURS[colour]}" for f, colour in action.placements)
        return " ".join([word, *placed])
    if type(action) is actions.Merge:
        return "no merge" if action.city is None else f"merge {FIELD_NAMES[action.city]}"
    if type(action) is actions.Play:
        cards = " ".join(KINDS[card] for card in action.cards)
        return f"play {cards}" if action.city is None else f"play {cards} for {FIELD_NAMES[action.city]}"
    if type(action) is actions.Discard:
        return f"discard {KINDS[action.card]}"
    if type(action) is actions.Swap:
        return f"swap {KINDS[action.card]}"
    if type(action) is actions.Done:
        return "done"
    if type(action) is actions.Pass:
        return "pass"
    raise illegal("mauerbauer.error.unknown_action")


def parse_action(state: State, seat: int, text: str, locale: str | None = None) -> actions.Action:
    """Read one move, in `locale`'s words or in English; syntax and names only (whether it
    is allowed now is `apply`'s job)."""
    if not isinstance(text, str):
        raise illegal("mauerbauer.error.unknown_action")
    words = KEYWORDS.read(text, locale).lower().split()
    if not words or len(words) > 8:
        raise _unreadable(text)
    verb, rest = words[0], words[1:]
    if verb == "wall" and len(rest) == 1:
        return actions.BuildWall(_line(rest[0], text))
    if verb in ("tower", "towers") and rest and len(rest) % 2 == 0 and len(rest) <= 4:
        pairs = [(_corner(rest[i]), _colour(rest[i + 1], _TOWER_COLOUR)) for i in range(0, len(rest), 2)]
        return actions.PlaceTowers(_placements(pairs, text))
    if verb in ("house", "houses") and rest and len(rest) % 2 == 0 and len(rest) <= 4:
        pairs = [(_field(rest[i]), _colour(rest[i + 1], _HOUSE_COLOUR)) for i in range(0, len(rest), 2)]
        return actions.PlaceHouses(_placements(pairs, text))
    if words == ["no", "merge"]:
        return actions.Merge(None)
    if verb == "merge" and len(rest) == 1:
        return actions.Merge(_city(state, _field(rest[0])))
    if verb == "play" and rest:
        city = None
        if len(rest) >= 3 and rest[-2] == "for":
            city = _city(state, _field(rest[-1]))
            rest = rest[:-2]
        if len(rest) > 2:
            raise illegal("mauerbauer.error.too_many")
        return actions.Play(tuple(sorted(_card(name) for name in rest)), city)
    if verb == "discard" and len(rest) == 1:
        return actions.Discard(_card(rest[0]))
    if verb == "swap" and len(rest) == 1:
        return actions.Swap(_card(rest[0]))
    if words == ["done"]:
        return actions.DONE
    if words == ["pass"]:
        return actions.PASS
    raise _unreadable(text)


def _unreadable(text: str) -> Exception:
    return illegal("mauerbauer.error.notation", text=shown_text(text))


def _line(word: str, text: str) -> int:
    match = _NUMBER.fullmatch(word)
    if match is None:
        raise _unreadable(text)
    number = int(match.group(1))
    if not 1 <= number <= LINES:
        raise illegal("mauerbauer.error.no_line", line=str(number))
    return number - 1


def _corner(word: str) -> int:
    match = _TOWER.fullmatch(word)
    if match is None or not 1 <= int(match.group(1)) <= CORNERS:
        raise illegal("mauerbauer.error.no_tower_field", name=word[:12])
    return int(match.group(1)) - 1


def _field(word: str) -> int:
    field = FIELD_INDEX.get(word)
    if field is None:
        raise illegal("mauerbauer.error.no_field", name=word[:12])
    return field


def _colour(word: str, colours: dict[str, int]) -> int:
    colour = colours.get(word)
    if colour is None:
        raise illegal("mauerbauer.error.unknown_colour", name=word[:12])
    return colour


def _card(word: str) -> int:
    kind = KIND_INDEX.get(word)
    if kind is None:
        raise illegal("mauerbauer.error.unknown_card", name=word[:20])
    return kind


def _placements(pairs: list[tuple[int, int]], text: str) -> tuple[tuple[int, int], ...]:
    places = [place for place, _ in pairs]
    if len(set(places)) != len(places):
        raise _unreadable(text)
    return tuple(sorted(pairs))


def _city(state: State, field: int) -> int:
    """A city by any of its fields, as its first field; a field outside every city stays itself."""
    bit = 1 << field
    for city in state.cities:
        if city.fields & bit:
            return (city.fields & -city.fields).bit_length() - 1
    return field
