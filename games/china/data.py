"""The board, the cards and the texts, read once from the package's JSON files.

Everything the engine compares in play is a small int: colours are indexes in
`COLOURS`, provinces indexes in `PROVINCES`, a house space is its province
and its number - 1, a set of spaces of one province is a bitmask. Names
appear only at the edges (notation, view, JSON). The board is a
reconstruction (see the "note" in board.json); replacing board.json with the
printed board needs no change of code, as long as it keeps the same shape.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from games.kit.data import load_locales
from games.kit.data import load_texts
from games.kit.data import read_json

__all__ = [
    "ALLIANCES",
    "BOARD",
    "BOARD_VERSIONS",
    "CARD_COUNTS",
    "COLOURS",
    "COLOUR_BY_NAME",
    "EMISSARIES",
    "FORTRESSES",
    "HAND_SIZE",
    "HOUSES",
    "LOCALES",
    "NOTE",
    "OPEN_CARDS",
    "PROVINCES",
    "PROVINCE_BY_NAME",
    "PROVINCE_COLOUR",
    "PROVINCE_NAMES",
    "REMOVED_PER_COLOUR",
    "ROADS",
    "ROAD_NEIGHBOURS",
    "SIDES",
    "SIDE_PLAYERS",
    "SPACES",
    "SPACE_INDEX",
    "SPACE_OF",
    "TEXTS",
    "TOTAL_SPACES",
    "VERSION_OF",
    "VERSION_SPACES",
    "Space",
]


#: The board as stored (for drawing: coordinates of provinces, spaces, dragon
#: fields and alliance labels). Renderers read it from here, never from a view.
BOARD: Any = read_json(__file__, "board.json")
NOTE: str = str(BOARD["note"])

#: Colour names in their fixed order (the order of hands and counts everywhere).
COLOURS: tuple[str, ...] = tuple(str(entry["colour"]) for entry in BOARD["colours"])
COLOUR_BY_NAME: MappingProxyType[str, int] = MappingProxyType({name: i for i, name in enumerate(COLOURS)})
#: Cards of each colour in the full game (5 players).
CARD_COUNTS: tuple[int, ...] = tuple(int(entry["cards"]) for entry in BOARD["colours"])
#: Player count -> cards of each colour taken out before the game.
REMOVED_PER_COLOUR: MappingProxyType[int, int] = MappingProxyType(
    {int(players): int(count) for players, count in BOARD["removed_per_colour"].items()}
)
HOUSES: int = int(BOARD["pieces"]["houses"])
EMISSARIES: int = int(BOARD["pieces"]["emissaries"])
FORTRESSES: int = int(BOARD["pieces"]["fortresses"])
HAND_SIZE: int = int(BOARD["hand_size"])
OPEN_CARDS: int = int(BOARD["open_cards"])

#: Province ids ("CHU", "WEI", ...) in board order; `PROVINCE_NAMES` as printed ("Ch'in").
PROVINCES: tuple[str, ...] = tuple(str(p["id"]) for p in BOARD["provinces"])
PROVINCE_NAMES: tuple[str, ...] = tuple(str(p["name"]) for p in BOARD["provinces"])
PROVINCE_COLOUR: tuple[int, ...] = tuple(COLOUR_BY_NAME[p["colour"]] for p in BOARD["provinces"])
#: House spaces per province.
SPACES: tuple[int, ...] = tuple(len(p["spaces"]) for p in BOARD["provinces"])
TOTAL_SPACES: int = sum(SPACES)


def _parts(text: str) -> tuple[int, int]:
    """A space as written in board.json ("QIN6") -> (province, number)."""
    letters = text.rstrip("0123456789")
    return PROVINCES.index(letters), int(text[len(letters) :])


def _earlier_spaces(without: list[str]) -> tuple[int, ...]:
    spaces = list(SPACES)
    # Removed spaces are the last numbers of their provinces, so a space keeps its number.
    for p, number in sorted((_parts(name) for name in without), reverse=True):
        if number != spaces[p]:
            raise ValueError(f"board.json: space {number} is not the last of {PROVINCES[p]}")
        spaces[p] -= 1
    return tuple(spaces)


#: The board's versions, named by Ch'in's house spaces, the current one first: a game keeps
#: the board it began on (option `board`); an earlier one lacks some provinces' last spaces.
BOARD_VERSIONS: tuple[str, ...] = (
    str(BOARD["versions"]["current"]),
    *(str(version) for version in BOARD["versions"]["earlier"]),
)
#: Board version -> house spaces per province (a game's rows have these lengths).
VERSION_SPACES: MappingProxyType[str, tuple[int, ...]] = MappingProxyType(
    {
        BOARD_VERSIONS[0]: SPACES,
        **{
            str(version): _earlier_spaces([str(name) for name in entry["without"]])
            for version, entry in BOARD["versions"]["earlier"].items()
        },
    }
)
#: House spaces per province -> the board version with them.
VERSION_OF: MappingProxyType[tuple[int, ...], str] = MappingProxyType(
    {spaces: version for version, spaces in VERSION_SPACES.items()}
)
#: Every accepted way of writing a province in the notation -> its index.
PROVINCE_BY_NAME: MappingProxyType[str, int] = MappingProxyType(
    {
        alias: index
        for index, (pid, name) in enumerate(zip(PROVINCES, PROVINCE_NAMES, strict=True))
        for alias in {pid.lower(), name.lower(), name.lower().replace("'", "")}
    }
)


#: A house space as (province, number - 1).
Space = tuple[int, int]
#: Space -> its index among all spaces (province by province), and back.
SPACE_OF: tuple[Space, ...] = tuple((p, s) for p in range(len(PROVINCES)) for s in range(SPACES[p]))
SPACE_INDEX: MappingProxyType[Space, int] = MappingProxyType({space: i for i, space in enumerate(SPACE_OF)})

#: The 15 alliances, numbered 1 to 15 (index + 1): pairs of bordering provinces, scored in this order.
ALLIANCES: tuple[tuple[int, int], ...] = tuple(
    (PROVINCES.index(a["provinces"][0]), PROVINCES.index(a["provinces"][1])) for a in BOARD["alliances"]
)

#: The board sides and the player counts each is for.
SIDES: tuple[str, ...] = tuple(BOARD["sides"])
SIDE_PLAYERS: MappingProxyType[str, tuple[int, ...]] = MappingProxyType(
    {side: tuple(int(n) for n in entry["players"]) for side, entry in BOARD["sides"].items()}
)


def _space(text: str) -> int:
    p, number = _parts(text)
    return SPACE_INDEX[(p, number - 1)]


def _roads(side: str) -> tuple[tuple[int, int], ...]:
    return tuple(
        (min(a, b), max(a, b))
        for a, b in ((_space(x), _space(y)) for x, y in (road.split("-") for road in BOARD["roads"][side]))
    )


#: Side -> its roads as pairs of space indexes (lower first).
ROADS: MappingProxyType[str, tuple[tuple[int, int], ...]] = MappingProxyType(
    {side: _roads(side) for side in SIDES}
)


def _neighbours(side: str) -> tuple[tuple[int, ...], ...]:
    found: list[list[int]] = [[] for _ in SPACE_OF]
    for a, b in ROADS[side]:
        found[a].append(b)
        found[b].append(a)
    return tuple(tuple(sorted(n)) for n in found)


#: Side -> per space index, the space indexes a road leads to (precomputed for chains).
ROAD_NEIGHBOURS: MappingProxyType[str, tuple[tuple[int, ...], ...]] = MappingProxyType(
    {side: _neighbours(side) for side in SIDES}
)

#: English templates of every message key, and the same keys in other languages.
TEXTS = load_texts(__file__)
LOCALES = load_locales(__file__)
