"""Cities on the board: finding a closed boundary, founding and merging cities, palaces.

Everything here works on bit masks (see `data`). A closed city is a set of
fields whose boundary lines, the board's edge included, all carry walls.
Every such set becomes a city at the moment its last wall is built, so a wall
closes at most one new city: the region on one of its two sides.
"""

from __future__ import annotations

from games.mauerbauer.data import ALL_FIELDS
from games.mauerbauer.data import FIELD_CORNER_MASK
from games.mauerbauer.data import FIELD_LINE_MASK
from games.mauerbauer.data import LINE_CORNER_MASK
from games.mauerbauer.data import LINE_FIELDS
from games.mauerbauer.data import NEIGHBOURS
from games.mauerbauer.data import bits
from games.mauerbauer.state import City

__all__ = [
    "all_corners",
    "boundary_of",
    "closed_region",
    "corners_of",
    "enclosure",
    "found_city",
    "make_city",
    "palaces",
    "walled_in",
]


def closed_region(walls: int, line: int) -> int:
    """The field mask of the region the wall on `line` closes, or 0 when it closes none.

    A region grows from a field beside the line across every line without a
    wall; reaching an edge line without a wall means it is open.
    """
    for start in LINE_FIELDS[line]:
        region = enclosure(walls, start)
        if region:
            return region
    return 0


def enclosure(walls: int, start: int) -> int:
    """The field mask of the walled-in region holding the field `start`, or 0 when its region
    is open (reaches an edge line without a wall)."""
    seen = 1 << start
    todo = [start]
    while todo:
        field = todo.pop()
        for across, other in NEIGHBOURS[field]:
            if walls >> across & 1:
                continue
            if other < 0:
                return 0
            bit = 1 << other
            if not seen & bit:
                seen |= bit
                todo.append(other)
    return seen


def walled_in(walls: int) -> int:
    """The mask of every field in a walled-in region: the fields no path across lines
    without a wall leads to from an edge line without a wall."""
    todo = [
        field
        for field in range(len(NEIGHBOURS))
        if any(other < 0 and not walls >> line & 1 for line, other in NEIGHBOURS[field])
    ]
    seen = 0
    for field in todo:
        seen |= 1 << field
    while todo:
        field = todo.pop()
        for across, other in NEIGHBOURS[field]:
            if other >= 0 and not walls >> across & 1 and not seen >> other & 1:
                seen |= 1 << other
                todo.append(other)
    return ALL_FIELDS & ~seen


def boundary_of(fields: int) -> int:
    """The lines with exactly one side in `fields` (edge lines of its fields included):
    a line between two of its fields appears twice and cancels out."""
    lines = 0
    for field in bits(fields):
        lines ^= FIELD_LINE_MASK[field]
    return lines


def corners_of(lines: int) -> int:
    """The tower fields at the ends of those lines."""
    corners = 0
    for line in bits(lines):
        corners |= LINE_CORNER_MASK[line]
    return corners


def make_city(fields: int, houses: tuple[int, ...], palaces_: tuple[int, ...]) -> City:
    """A city with its derived masks worked out."""
    boundary = boundary_of(fields)
    every = 0
    for field in bits(fields):
        every |= FIELD_LINE_MASK[field]
    return City(fields, houses, palaces_, boundary, corners_of(boundary), every & ~boundary)


def all_corners(fields: int) -> int:
    corners = 0
    for field in bits(fields):
        corners |= FIELD_CORNER_MASK[field]
    return corners


def palaces(
    houses: tuple[int, ...],
    built: tuple[int, ...],
    house_supply: tuple[int, ...],
    palace_supply: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Two houses of one colour in a city become a palace of that colour while palaces last.

    Returns the city's houses and palaces, and both supplies.
    """
    if max(houses) < 2:
        return houses, built, house_supply, palace_supply
    h, p, hs, ps = list(houses), list(built), list(house_supply), list(palace_supply)
    for colour in range(len(h)):
        while h[colour] >= 2 and ps[colour] > 0:
            h[colour] -= 2
            hs[colour] += 2
            p[colour] += 1
            ps[colour] -= 1
    return tuple(h), tuple(p), tuple(hs), tuple(ps)


def found_city(
    fields: int,
    walls: int,
    towers: tuple[int, ...],
    houses: tuple[tuple[int, ...], ...],
) -> tuple[City, int, tuple[int, ...], tuple[tuple[int, ...], ...], int, tuple[int, ...]]:
    """Found the city on `fields`: free-standing walls and towers inside it go back, its
    houses are pooled (palaces are the caller's next step).

    Returns the city (without palaces yet), the walls left on the board, the
    towers, the houses of the fields, and the walls and towers (per colour)
    given back.
    """
    pooled = [0] * len(houses[0])
    field_houses = list(houses)
    empty = (0,) * len(pooled)
    for field in bits(fields):
        here = field_houses[field]
        if any(here):
            for colour, count in enumerate(here):
                pooled[colour] += count
            field_houses[field] = empty
    city = make_city(fields, tuple(pooled), empty)
    freed = walls & city.inside
    interior = all_corners(fields) & ~city.corners
    back_towers = [0, 0, 0]
    tower_list = towers
    if interior:
        changed = list(towers)
        for corner in bits(interior):
            if changed[corner] >= 0:
                back_towers[changed[corner]] += 1
                changed[corner] = -1
        tower_list = tuple(changed)
    return city, walls & ~freed, tower_list, tuple(field_houses), freed.bit_count(), tuple(back_towers)
