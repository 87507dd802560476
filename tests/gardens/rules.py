"""The rules of Gardens: the state, the moves, and what a move does.

Seats take turns planting a flower on an empty cell; after each planting a
die is rolled from the state's RNG. On a 6 (in stormy weather on a 5 or 6)
a storm comes: every other seat that has a flower answers at the same time,
sheltering one of its own flowers or passing. When the last has answered,
the unsheltered flowers of those seats next to the new flower are lost (the
planter's own flowers are the eye of the storm and stay). The game ends
after every seat has planted its flowers; the largest connected group
scores, total flowers break ties.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.core import IllegalAction
from games.core import Message
from games.core import Param
from games.core import Player
from games.core import Rng
from games.core import english
from games.kit.data import load_locales
from games.kit.data import load_texts

__all__ = [
    "COLUMNS",
    "GAME_ID",
    "LOCALES",
    "NOT_INVOLVED",
    "PASS",
    "PLANTS_PER_SEAT",
    "SIZES",
    "TEXTS",
    "WAITING",
    "LastStorm",
    "Pass",
    "Plant",
    "Shelter",
    "State",
    "answer_ranking",
    "apply",
    "cell_name",
    "current_turn",
    "flowers",
    "illegal",
    "largest_group",
    "legal_actions",
    "neighbours",
    "new_game",
    "plant_scores",
    "resample_hidden",
    "reveals",
    "say",
    "storm_losses",
    "storms_on",
    "to_act",
    "turn_number",
]

GAME_ID = "gardens"

#: English templates of every message key (the text catalogue's English), and the
#: same keys in other languages.
TEXTS = load_texts(__file__)
LOCALES = load_locales(__file__)

#: Garden size -> cells along each side.
SIZES: MappingProxyType[str, int] = MappingProxyType({"small": 12, "large": 20})
#: Garden size -> flowers each seat plants before the game ends.
PLANTS_PER_SEAT: MappingProxyType[str, int] = MappingProxyType({"small": 6, "large": 8})
#: Column letters, A to T (the large garden is 20 wide).
COLUMNS = "ABCDEFGHIJKLMNOPQRST"

#: A seat's answer to a storm, as kept in `State.answers`: a cell index is the
#: flower it shelters; these mark the other cases.
PASS = -1
WAITING = -2
NOT_INVOLVED = -3

_MAX_CELLS = max(SIZES.values()) ** 2


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plant:
    """Plant a flower on the empty cell `cell` (index row * width + column)."""

    cell: int


@dataclass(frozen=True, slots=True)
class Shelter:
    """Answer a storm by sheltering one's own flower on `cell`."""

    cell: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Answer a storm by sheltering nothing."""


#: One shared value per cell: the legal plantings of a position are built at every step.
_PLANTS = tuple(Plant(cell) for cell in range(_MAX_CELLS))
_SHELTERS = tuple(Shelter(cell) for cell in range(_MAX_CELLS))
_PASS = Pass()


# --- state ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LastStorm:
    """The storm that blew over last, as everybody may see it afterwards."""

    cell: int
    #: Per seat, its answer (see `PASS`, `NOT_INVOLVED`; a cell is a sheltered flower).
    answers: tuple[int, ...]
    #: The cells whose flowers were lost, ascending.
    lost: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    """A position. `board[cell]` is the seat whose flower grows there, or -1."""

    players: int
    size: str
    weather: str
    rng: int
    #: Flowers planted so far by all seats together; seat 0 plants first.
    plantings: int
    board: tuple[int, ...]
    #: The last die rolled (None before the first planting).
    last_roll: int | None
    #: The flower that brought the storm now raging, or -1 when there is none.
    storm: int
    #: Per seat during a storm: WAITING, PASS, a sheltered cell, or NOT_INVOLVED.
    answers: tuple[int, ...]
    last_storm: LastStorm | None

    @property
    def width(self) -> int:
        return SIZES[self.size]

    @property
    def rounds(self) -> int:
        return PLANTS_PER_SEAT[self.size]

    @property
    def stormy(self) -> bool:
        return self.storm >= 0

    @property
    def over(self) -> bool:
        return not self.stormy and self.plantings >= self.rounds * self.players

    @property
    def turn(self) -> int:
        """The planting seat: during a storm and at the end still the last one who planted."""
        if self.stormy or self.over:
            return (self.plantings - 1) % self.players
        return self.plantings % self.players

    @property
    def turn_number(self) -> int:
        """Planting turns begun before the current one (the last one's number at the end)."""
        return self.plantings - 1 if self.stormy or self.over else self.plantings

    def planted(self, seat: int) -> int:
        """How many flowers `seat` has planted (some may have been lost since)."""
        whole, rest = divmod(self.plantings, self.players)
        return whole + (1 if seat < rest else 0)


# --- words ---------------------------------------------------------------------------------------


def say(key: str, **params: Param) -> Message:
    return english(TEXTS, key, **params)


def illegal(key: str, **params: Param) -> IllegalAction:
    """The refusal of a move, with the reason as a sentence (to raise)."""
    return IllegalAction(say(key, **params))


def cell_name(width: int, cell: int) -> str:
    """`C7`: the column letter, then the row counted from 1 at the top."""
    row, column = divmod(cell, width)
    return f"{COLUMNS[column]}{row + 1}"


# --- the board -----------------------------------------------------------------------------------


def neighbours(width: int, cell: int) -> Iterator[int]:
    """The orthogonal neighbours of a cell inside the garden."""
    row, column = divmod(cell, width)
    if row > 0:
        yield cell - width
    if row < width - 1:
        yield cell + width
    if column > 0:
        yield cell - 1
    if column < width - 1:
        yield cell + 1


def flowers(state: State, seat: int) -> list[int]:
    """The cells of `seat`'s flowers, ascending."""
    return [cell for cell, owner in enumerate(state.board) if owner == seat]


def _labels(board: tuple[int, ...], width: int) -> tuple[list[int], list[int]]:
    """Per cell the number of its group (-1: empty), and per group number its size.

    A group is an orthogonally connected set of one seat's flowers.
    """
    labels = [-1] * len(board)
    sizes: list[int] = []
    for start, owner in enumerate(board):
        if owner < 0 or labels[start] >= 0:
            continue
        number = len(sizes)
        labels[start] = number
        members = [start]
        index = 0
        while index < len(members):
            for other in neighbours(width, members[index]):
                if labels[other] < 0 and board[other] == owner:
                    labels[other] = number
                    members.append(other)
            index += 1
        sizes.append(len(members))
    return labels, sizes


def largest_group(board: tuple[int, ...], width: int, seat: int) -> int:
    """The size of `seat`'s largest group of flowers (0 without flowers)."""
    labels, sizes = _labels(board, width)
    return max((sizes[labels[cell]] for cell, owner in enumerate(board) if owner == seat), default=0)


def plant_scores(state: State, seat: int) -> list[tuple[int, int]]:
    """Every empty cell with how good planting there is for `seat`, best first.

    A cell is worth the size of the group it would make (itself and the
    seat's groups it touches), then nearness to the middle of the garden;
    ties go to the lower cell. Quick actions, suggestions and the AI use it.
    """
    width = state.width
    board = state.board
    labels, sizes = _labels(board, width)
    middle = width - 1  # twice the middle, so that distances stay integers
    scored: list[tuple[int, int, int]] = []
    for cell, owner in enumerate(board):
        if owner >= 0:
            continue
        touched = {labels[other] for other in neighbours(width, cell) if board[other] == seat}
        row, column = divmod(cell, width)
        distance = abs(2 * row - middle) + abs(2 * column - middle)
        scored.append((1 + sum(sizes[group] for group in touched), -distance, cell))
    scored.sort(key=lambda entry: (-entry[0], -entry[1], entry[2]))
    return [(cell, 100 * size + distance) for size, distance, cell in scored]


# --- play ----------------------------------------------------------------------------------------


def storms_on(weather: str, roll: int) -> bool:
    """Whether that die roll brings a storm in that weather."""
    return roll == 6 or (weather == "stormy" and roll == 5)


def new_game(players: int, seed: int, size: str, weather: str) -> State:
    return State(
        players=players,
        size=size,
        weather=weather,
        rng=Rng.seed(seed),
        plantings=0,
        board=(-1,) * SIZES[size] ** 2,
        last_roll=None,
        storm=-1,
        answers=(NOT_INVOLVED,) * players,
        last_storm=None,
    )


_NOBODY: frozenset[int] = frozenset()


def to_act(state: State) -> frozenset[int]:
    if state.stormy:
        return frozenset(seat for seat, answer in enumerate(state.answers) if answer == WAITING)
    if state.over:
        return _NOBODY
    return frozenset((state.turn,))


def current_turn(state: State) -> int | None:
    """During a storm the planting seat keeps the turn while the others answer."""
    return None if state.over else state.turn


def turn_number(state: State) -> int:
    return state.turn_number


def legal_actions(state: State, seat: int) -> list[Plant | Shelter | Pass]:
    if not 0 <= seat < state.players or state.over:
        return []
    if state.stormy:
        if state.answers[seat] != WAITING:
            return []
        found: list[Plant | Shelter | Pass] = [_SHELTERS[cell] for cell in flowers(state, seat)]
        found.append(_PASS)
        return found
    if seat != state.turn:
        return []
    return [_PLANTS[cell] for cell, owner in enumerate(state.board) if owner < 0]


def apply(state: State, seat: int, action: object) -> State:
    """The state after `seat` makes `action`; raises IllegalAction (and changes nothing)."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise illegal("gardens.error.no_seat")
    if state.over:
        raise illegal("gardens.error.over")
    kind = type(action)
    if kind is Plant:
        assert isinstance(action, Plant)
        return _plant(state, seat, action.cell)
    if kind is Shelter or kind is Pass:
        if not state.stormy:
            raise illegal("gardens.error.no_storm")
        answer = PASS
        if isinstance(action, Shelter):
            answer = action.cell
        return _answer(state, seat, answer)
    raise illegal("gardens.error.unknown_action")


def reveals(state: State, seat: int, action: object) -> bool:
    """Planting rolls the die: True. An answer to a storm reveals nothing (the others
    learn only that this seat has answered), unless it is the last answer: then the
    storm blows over and every answer is shown."""
    if type(action) not in (Shelter, Pass) or not state.stormy:
        return True
    if not 0 <= seat < state.players or state.answers[seat] != WAITING:
        return True
    return sum(answer == WAITING for answer in state.answers) == 1


def _cell(state: State, cell: object) -> int:
    if type(cell) is not int or not 0 <= cell < len(state.board):
        raise illegal("gardens.error.unknown_action")
    return cell


def _plant(state: State, seat: int, cell: object) -> State:
    if state.stormy:
        if state.answers[seat] == WAITING:
            raise illegal("gardens.error.answer_storm")
        raise illegal("gardens.error.storm_raging")
    if seat != state.turn:
        raise illegal("gardens.error.not_your_turn", player=Player(state.turn))
    where = _cell(state, cell)
    if state.board[where] >= 0:
        raise illegal("gardens.error.occupied", cell=cell_name(state.width, where))
    board = list(state.board)
    board[where] = seat
    roll, rng = Rng.below(state.rng, 6)
    roll += 1
    planted = _replace(state, rng=rng, plantings=state.plantings + 1, board=tuple(board), last_roll=roll)
    if not storms_on(state.weather, roll):
        return planted
    answers = tuple(
        WAITING if other != seat and other in board else NOT_INVOLVED for other in range(state.players)
    )
    if WAITING not in answers:
        # Nobody else has a flower yet: the storm finds nothing to take.
        return planted
    return _replace(planted, storm=where, answers=answers)


def _answer(state: State, seat: int, answer: int) -> State:
    current = state.answers[seat]
    if current == NOT_INVOLVED:
        raise illegal("gardens.error.not_asked")
    if current != WAITING:
        raise illegal("gardens.error.answered")
    if answer != PASS:
        where = _cell(state, answer)
        if state.board[where] != seat:
            raise illegal("gardens.error.not_your_flower", cell=cell_name(state.width, where))
    answers = list(state.answers)
    answers[seat] = answer
    if WAITING in answers:
        return _replace(state, answers=tuple(answers))
    return _blow_over(state, tuple(answers))


def storm_losses(state: State, answers: tuple[int, ...]) -> tuple[int, ...]:
    """The cells whose flowers the storm takes, given every seat's answer."""
    lost = []
    for other in neighbours(state.width, state.storm):
        owner = state.board[other]
        if owner >= 0 and answers[owner] not in (NOT_INVOLVED, other):
            lost.append(other)
    return tuple(sorted(lost))


def _blow_over(state: State, answers: tuple[int, ...]) -> State:
    """Every seat has answered: the unsheltered flowers next to the storm are lost."""
    lost = storm_losses(state, answers)
    board = list(state.board)
    for cell in lost:
        board[cell] = -1
    return _replace(
        state,
        board=tuple(board),
        storm=-1,
        answers=(NOT_INVOLVED,) * state.players,
        last_storm=LastStorm(state.storm, answers, lost),
    )


def _replace(state: State, **changes: Any) -> State:
    return dataclasses.replace(state, **changes)


def answer_ranking(state: State, seat: int) -> list[Shelter | Pass]:
    """`seat`'s answers to the storm, most useful first.

    First the threatened flowers (next to the storm), the one whose rescue
    keeps the largest group first; then passing; then sheltering a flower
    the storm cannot reach (legal, but of no use).
    """
    width = state.width
    mine = flowers(state, seat)
    around = set(neighbours(width, state.storm))
    threatened = [cell for cell in mine if cell in around]

    def kept(saved: int) -> int:
        board = list(state.board)
        for cell in threatened:
            if cell != saved:
                board[cell] = -1
        return largest_group(tuple(board), width, seat)

    ranked: list[Shelter | Pass] = [
        _SHELTERS[cell] for cell in sorted(threatened, key=lambda cell: (-kept(cell), cell))
    ]
    ranked.append(_PASS)
    ranked.extend(_SHELTERS[cell] for cell in mine if cell not in around)
    return ranked


def resample_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    """`state` with what `viewer` may not see drawn again: the other seats' answers to a
    raging storm (each a pass or one of its own flowers) and the generator (the dice to come).

    For tests of hidden information (tests/test_hidden_information.py).
    """
    answers = list(state.answers)
    for seat, answer in enumerate(answers):
        if seat != viewer and answer not in (NOT_INVOLVED, WAITING):
            answers[seat] = rng.choice([PASS, *flowers(state, seat)])
    return _replace(state, answers=tuple(answers), rng=rng.getrandbits(64))
