"""The final scoring: provinces not yet scored, alliances 1 to 15, chains of houses.

Pure functions of the board, computed when the game is over (and for the
rulebook's examples in the tests). House scoring during play is
`state.house_points`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from games.china.data import ALLIANCES
from games.china.data import ROAD_NEIGHBOURS
from games.china.data import SPACE_OF
from games.china.state import State
from games.china.state import house_points

__all__ = ["Final", "alliance_points", "chain_points", "final_scoring", "longest_chain", "road_groups"]

#: A chain scores only from this many houses on.
MIN_CHAIN = 4


class Final(NamedTuple):
    """Per seat: points of the final house scoring, of alliances and of chains."""

    provinces: tuple[int, ...]
    alliances: tuple[int, ...]
    chains: tuple[int, ...]


def alliance_points(envoys: tuple[tuple[int, ...], ...], players: int) -> list[int]:
    """Alliances 1 to 15: a seat with the most emissaries (ties count) in both provinces
    scores every emissary in the two; several such seats each score the full amount."""
    points = [0] * players
    for a, b in ALLIANCES:
        most_a, most_b = max(envoys[a]), max(envoys[b])
        if not most_a or not most_b:
            continue
        total = sum(envoys[a]) + sum(envoys[b])
        for seat in range(players):
            if envoys[a][seat] == most_a and envoys[b][seat] == most_b:
                points[seat] += total
    return points


def longest_chain(
    spaces: frozenset[int], neighbours: tuple[tuple[int, ...], ...], doubled: frozenset[int]
) -> int:
    """The best score of one group of a seat's houses: its longest unbranched path
    (houses on side branches do not count), at least `MIN_CHAIN` houses, doubled when
    the path holds a house on a fortress (the best such path when that scores more)."""
    best = 0

    def walk(space: int, seen: set[int], length: int, fortified: bool) -> None:
        nonlocal best
        if length >= MIN_CHAIN:
            best = max(best, length * 2 if fortified else length)
        for other in neighbours[space]:
            if other in spaces and other not in seen:
                seen.add(other)
                walk(other, seen, length + 1, fortified or other in doubled)
                seen.discard(other)

    for start in spaces:
        walk(start, {start}, 1, start in doubled)
    return best


def chain_points(state: State) -> list[int]:
    """Per seat, the chains of its houses along the roads of the board's side."""
    neighbours = ROAD_NEIGHBOURS[state.side]
    owner: dict[int, int] = {}
    doubled: set[int] = set()
    for index, (province, space) in enumerate(SPACE_OF):
        row = state.board[province]
        # An earlier version of the board lacks some provinces' last spaces.
        seat = row[space] if space < len(row) else -1
        if seat >= 0:
            owner[index] = seat
            if state.forts[province] >> space & 1:
                doubled.add(index)
    points = [0] * state.players
    for seat in range(state.players):
        for group in road_groups(frozenset(i for i, s in owner.items() if s == seat), neighbours):
            if len(group) >= MIN_CHAIN:
                points[seat] += longest_chain(group, neighbours, frozenset(doubled & group))
    return points


def road_groups(spaces: frozenset[int], neighbours: tuple[tuple[int, ...], ...]) -> Iterator[frozenset[int]]:
    """The groups of `spaces` that roads join (`neighbours`: per space, the spaces next to it
    along a road), each once, in the order of their first space in `spaces`."""
    seen: set[int] = set()
    for start in spaces:
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            for other in neighbours[todo.pop()]:
                if other in spaces and other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        yield frozenset(group)


def final_scoring(state: State) -> Final:
    provinces = [0] * state.players
    for province, row in enumerate(state.board):
        if state.free[province]:
            for seat, gained in enumerate(house_points(row, state.forts[province], state.players)):
                provinces[seat] += gained
    return Final(
        tuple(provinces),
        tuple(alliance_points(state.envoys, state.players)),
        tuple(chain_points(state)),
    )
