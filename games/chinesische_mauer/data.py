"""The game's components and texts, read once from the package's JSON files.

Card kinds are small integers in the engine (their index in `KINDS`) so the
hot path compares ints; names appear only at the edges (notation, view, JSON).
"""

from __future__ import annotations

from types import MappingProxyType

from games.kit.data import load_locales
from games.kit.data import load_texts
from games.kit.data import read_json

__all__ = [
    "BASE_VALUES",
    "DECK_COUNTS",
    "DRAGON",
    "HAND_SIZE",
    "HORSEMAN",
    "KINDS",
    "KIND_BY_NAME",
    "LOCALES",
    "NOBLE",
    "SITES_BY_PLAYERS",
    "TEXTS",
    "TILE_SET",
    "WALL",
    "WARRIOR",
]


_CARDS = read_json(__file__, "cards.json")

#: Kind names in their fixed order (the order of hands in views and JSON).
KINDS: tuple[str, ...] = tuple(entry["kind"] for entry in _CARDS["kinds"])
#: Value of each kind at a site without a Noble; a warrior's entry is only the
#: first warrior's value (the k-th visible warrior of a colour counts k).
BASE_VALUES: tuple[int, ...] = tuple(int(entry["value"]) for entry in _CARDS["kinds"])
#: How many cards of each kind one player's deck holds.
DECK_COUNTS: tuple[int, ...] = tuple(int(entry["count"]) for entry in _CARDS["kinds"])
#: Every accepted input name (singular, plural, synonyms) -> kind index.
KIND_BY_NAME: MappingProxyType[str, int] = MappingProxyType(
    {name: index for index, entry in enumerate(_CARDS["kinds"]) for name in entry["names"]}
)
#: The 36 fame tiles as a sorted tuple of values.
TILE_SET: tuple[int, ...] = tuple(
    sorted(int(value) for value, count in _CARDS["tiles"].items() for _ in range(int(count)))
)
#: Player count -> number of construction sites.
SITES_BY_PLAYERS: MappingProxyType[int, int] = MappingProxyType(
    {int(players): int(sites) for players, sites in _CARDS["sites"].items()}
)
HAND_SIZE: int = int(_CARDS["hand_size"])

WALL = KINDS.index("wall")
NOBLE = KINDS.index("noble")
WARRIOR = KINDS.index("warrior")
HORSEMAN = KINDS.index("horseman")
DRAGON = KINDS.index("dragon")

#: English templates of every message key, and the same keys in other languages.
TEXTS = load_texts(__file__)
LOCALES = load_locales(__file__)
