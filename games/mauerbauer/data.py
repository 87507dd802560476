"""The board, the guild cards, the supply and the texts, read once from the package's JSON files.

The engine works on small integers: fields 0-44, wall lines 0-77 and tower
fields 0-33 in the reading order of `board.json` (the notation adds 1 to lines
and tower fields and names fields A1-C15), colours and card kinds as indexes.
Sets of fields, lines and tower fields are bit masks (an int), so closing a
city, finding its boundary and counting walls are a few integer operations.
Everything derived from the board is worked out here, at import.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

from games.kit.data import bits
from games.kit.data import load_locales
from games.kit.data import load_texts
from games.kit.data import read_json

__all__ = [
    "ALL_FIELDS",
    "ALL_LINES",
    "ANY",
    "BOARD",
    "CARDS",
    "CITY_KINDS",
    "COPIES",
    "CORNERS",
    "CORNER_LINE_MASK",
    "CORNER_NAMES",
    "DICE_HOUSE",
    "DICE_TOWER",
    "EDGE_LINES",
    "FIELDS",
    "FIELD_CORNERS",
    "FIELD_CORNER_MASK",
    "FIELD_INDEX",
    "FIELD_LINES",
    "FIELD_LINE_MASK",
    "FIELD_NAMES",
    "FIELD_REGION",
    "GROUPS",
    "HAND_SIZE",
    "HOUSE_COLOURS",
    "HOUSE_FACES",
    "KINDS",
    "KIND_INDEX",
    "LINES",
    "LINE_CORNER_MASK",
    "LINE_ENDS",
    "LINE_FIELDS",
    "LOCALES",
    "NEIGHBOURS",
    "REGIONS",
    "REGION_FIELDS",
    "SUPPLY_HOUSES",
    "SUPPLY_PALACES",
    "SUPPLY_TOWERS",
    "SUPPLY_WALLS",
    "TEXTS",
    "TOWER_COLOURS",
    "WATER",
    "bits",
    "dice_names",
    "geometry",
]


BOARD: MappingProxyType[str, Any] = MappingProxyType(read_json(__file__, "board.json"))
CARDS: MappingProxyType[str, Any] = MappingProxyType(read_json(__file__, "cards.json"))

TOWER_COLOURS: tuple[str, ...] = ("white", "grey", "black")
HOUSE_COLOURS: tuple[str, ...] = ("yellow", "green", "blue", "pink", "red")
#: The house dice's "?" face: a colour of free choice.
ANY = len(HOUSE_COLOURS)
REGIONS: tuple[str, ...] = tuple(BOARD["regions"])

# -- the board ---------------------------------------------------------------------------------------

FIELD_NAMES: tuple[str, ...] = tuple(field["name"] for field in BOARD["fields"])
CORNER_NAMES: tuple[str, ...] = tuple(tower["name"] for tower in BOARD["towers"])
FIELDS = len(FIELD_NAMES)
LINES = len(BOARD["lines"])
CORNERS = len(CORNER_NAMES)
#: Lower-case field name -> field index.
FIELD_INDEX: MappingProxyType[str, int] = MappingProxyType(
    {name.lower(): index for index, name in enumerate(FIELD_NAMES)}
)
_CORNER_INDEX = {name: index for index, name in enumerate(CORNER_NAMES)}


def _check_board() -> None:
    numbers = [line["number"] for line in BOARD["lines"]]
    if numbers != list(range(1, LINES + 1)):
        raise ValueError("board.json: wall lines must be numbered 1, 2, ... in order")
    if len(set(FIELD_NAMES)) != FIELDS or len(set(CORNER_NAMES)) != CORNERS:
        raise ValueError("board.json: names repeat")


_check_board()

#: Per line its two end tower fields; per line the one or two fields beside it.
LINE_ENDS: tuple[tuple[int, int], ...] = tuple(
    (_CORNER_INDEX[line["ends"][0]], _CORNER_INDEX[line["ends"][1]]) for line in BOARD["lines"]
)
LINE_FIELDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(FIELD_INDEX[name.lower()] for name in line["fields"]) for line in BOARD["lines"]
)
FIELD_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(number - 1 for number in field["lines"]) for field in BOARD["fields"]
)
FIELD_CORNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_CORNER_INDEX[name] for name in field["towers"]) for field in BOARD["fields"]
)
FIELD_REGION: tuple[int, ...] = tuple(REGIONS.index(field["region"]) for field in BOARD["fields"])

ALL_FIELDS = (1 << FIELDS) - 1
ALL_LINES = (1 << LINES) - 1
#: Lines on the board's edge (one field beside them).
EDGE_LINES = sum(1 << line for line, beside in enumerate(LINE_FIELDS) if len(beside) == 1)
#: Tower fields at the water.
WATER = sum(1 << corner for corner, tower in enumerate(BOARD["towers"]) if tower["water"])
FIELD_LINE_MASK: tuple[int, ...] = tuple(sum(1 << line for line in lines) for lines in FIELD_LINES)
FIELD_CORNER_MASK: tuple[int, ...] = tuple(sum(1 << c for c in corners) for corners in FIELD_CORNERS)
LINE_CORNER_MASK: tuple[int, ...] = tuple((1 << a) | (1 << b) for a, b in LINE_ENDS)
#: Per tower field, the lines that end there.
CORNER_LINE_MASK: tuple[int, ...] = tuple(
    sum(1 << line for line, ends in enumerate(LINE_ENDS) if corner in ends) for corner in range(CORNERS)
)
REGION_FIELDS: tuple[int, ...] = tuple(
    sum(1 << field for field in range(FIELDS) if FIELD_REGION[field] == region) for region in range(3)
)
#: Per field, its three lines with the field across each (-1: the board's edge).
NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (line, next((other for other in LINE_FIELDS[line] if other != field), -1))
        for line in FIELD_LINES[field]
    )
    for field in range(FIELDS)
)


def geometry() -> dict[str, Any]:
    """The static board as JSON-ready data (a fresh copy): what a renderer draws the view on.

    Fields, wall lines and tower fields with their names, neighbours, regions,
    water and drawing coordinates; the units are explained under "units".
    """
    copy: dict[str, Any] = json.loads(json.dumps(dict(BOARD)))
    return copy


# -- the cards and the supply ---------------------------------------------------------------------------

KINDS: tuple[str, ...] = tuple(kind["id"] for kind in CARDS["kinds"])
KIND_INDEX: MappingProxyType[str, int] = MappingProxyType({name: index for index, name in enumerate(KINDS)})
#: Per kind its group: "city" (the city just closed), "outside" (the board outside every
#: city) or "neutral" (the cities card).
GROUPS: tuple[str, ...] = tuple(kind["group"] for kind in CARDS["kinds"])
#: The kinds that score the city just closed (or, at the end, the city a player chooses).
CITY_KINDS: frozenset[int] = frozenset(index for index, group in enumerate(GROUPS) if group == "city")
COPIES: int = int(CARDS["copies"])
HAND_SIZE: int = int(CARDS["hand_size"])

SUPPLY_WALLS: int = int(CARDS["supply"]["walls"])
SUPPLY_TOWERS: tuple[int, ...] = tuple(int(CARDS["supply"]["towers"][c]) for c in TOWER_COLOURS)
SUPPLY_HOUSES: tuple[int, ...] = tuple(int(CARDS["supply"]["houses"][c]) for c in HOUSE_COLOURS)
SUPPLY_PALACES: tuple[int, ...] = tuple(int(CARDS["supply"]["palaces"][c]) for c in HOUSE_COLOURS)
#: The faces of the tower die (colour indexes) and of a house die (ANY for "?").
DICE_TOWER: tuple[int, ...] = tuple(TOWER_COLOURS.index(face) for face in CARDS["dice"]["tower"])
DICE_HOUSE: tuple[int, ...] = tuple(
    ANY if face == "any" else HOUSE_COLOURS.index(face) for face in CARDS["dice"]["house"]
)
#: The names of a house die's faces by index, "any" for ANY (the die's "?").
HOUSE_FACES: tuple[str, ...] = (*HOUSE_COLOURS, "any")


def dice_names(dice: tuple[int, ...]) -> dict[str, Any] | None:
    """A roll (tower colour or -1, two house dice) by its faces' names, as saves and views write
    it; None before the first roll (no dice)."""
    if not dice:
        return None
    return {
        "tower": None if dice[0] < 0 else TOWER_COLOURS[dice[0]],
        "houses": [HOUSE_FACES[dice[1]], HOUSE_FACES[dice[2]]],
    }


# -- texts ---------------------------------------------------------------------------------------------

#: English templates of every message key, and the same keys in other languages.
TEXTS = load_texts(__file__)
LOCALES = load_locales(__file__)
