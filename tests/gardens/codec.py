"""The state as versioned JSON (format "gardens", version 1), validated on load.

    {"format": "gardens", "version": 1, "players": 3, "size": "large",
     "weather": "calm", "rng": <64-bit generator state>, "plantings": 7,
     "board": [[-1, 0, ...], ...],          # rows top to bottom; seat or -1
     "last_roll": 6,                        # null before the first planting
     "storm": {"cell": 45, "answers": [-3, -2, 44]} | null,
     "last_storm": {"cell": 12, "answers": [...], "lost": [13]} | null}

Answers per seat: -3 not asked, -2 still to answer, -1 passed, else the
sheltered cell (row * width + column). `loads` accepts only what the rules
can produce; anything else is a ValueError: besides damaged text, a stormy
garden that is not large, a small one for 4, more flowers of a seat than it
planted, a die rolled before the first planting, a storm on a calm roll or
without the planter's flower, answers from seats the storm does not ask,
a shelter on another's flower, a storm every seat has answered, a last storm
that is still unanswered, and lost cells that are not the storm's neighbours.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from games.kit.codec import SaveReader
from games.kit.codec import changed
from games.kit.codec import write

from .rules import NOT_INVOLVED
from .rules import PLANTS_PER_SEAT
from .rules import SIZES
from .rules import WAITING
from .rules import LastStorm
from .rules import State
from .rules import neighbours
from .rules import new_game
from .rules import storms_on

__all__ = ["FORMAT", "VERSION", "dumps", "impossible_saves", "loads"]

FORMAT = "gardens"
VERSION = 1
WEATHERS = ("calm", "stormy")


def dumps(state: State) -> str:
    width = state.width
    last = state.last_storm
    data = {
        "players": state.players,
        "size": state.size,
        "weather": state.weather,
        "rng": state.rng,
        "plantings": state.plantings,
        "board": [list(state.board[row * width : (row + 1) * width]) for row in range(width)],
        "last_roll": state.last_roll,
        "storm": {"cell": state.storm, "answers": list(state.answers)} if state.stormy else None,
        "last_storm": (
            None
            if last is None
            else {"cell": last.cell, "answers": list(last.answers), "lost": list(last.lost)}
        ),
    }
    return write(FORMAT, VERSION, data)


#: Every save has the fields of a new game's.
_read = SaveReader("Gardens", dumps(new_game(2, 0, "small", "calm")))


def loads(text: str) -> State:
    if not isinstance(text, str):
        raise _read.fail("a save is text")
    data = _read.fields(_read.json(text), "the save", _read.keys)
    if data["format"] != FORMAT:
        raise _read.fail(f"the format must be {FORMAT!r}")
    if type(data["version"]) is not int or data["version"] != VERSION:
        raise _read.fail(f"unknown version {data['version']!r}")
    players = _read.integer(data["players"], "players", 2, 5)
    size = tuple(SIZES)[_read.choice(data["size"], "size", tuple(SIZES))]
    weather = WEATHERS[_read.choice(data["weather"], "weather", WEATHERS)]
    if weather == "stormy" and size != "large":
        raise _read.fail("stormy weather needs the large garden")
    if size == "small" and players > 3:
        raise _read.fail("the small garden is for at most 3 players")
    width = SIZES[size]
    cells = width * width
    rng = _read.integer(data["rng"], "rng", 0, 1 << 64)
    plantings = _read.integer(data["plantings"], "plantings", 0, PLANTS_PER_SEAT[size] * players + 1)
    board: list[int] = []
    for row in _read.array(data["board"], "board", width):
        board.extend(
            _read.integer(owner, "a board cell", -1, players) for owner in _read.array(row, "a row", width)
        )
    if plantings == 0:
        if data["last_roll"] is not None:
            raise _read.fail("no die is rolled before the first planting")
        last_roll = None
    else:
        last_roll = _read.integer(data["last_roll"], "last_roll", 1, 7)
    state = State(
        players=players,
        size=size,
        weather=weather,
        rng=rng,
        plantings=plantings,
        board=tuple(board),
        last_roll=last_roll,
        storm=-1,
        answers=(NOT_INVOLVED,) * players,
        last_storm=None,
    )
    for seat in range(players):
        if board.count(seat) > state.planted(seat):
            raise _read.fail(f"seat {seat} has more flowers than it planted")
    storm, answers = _storm(data["storm"], state, cells)
    last_storm = _last_storm(data["last_storm"], state, cells)
    return dataclasses.replace(state, storm=storm, answers=answers, last_storm=last_storm)


def _storm(value: Any, state: State, cells: int) -> tuple[int, tuple[int, ...]]:
    if value is None:
        return -1, (NOT_INVOLVED,) * state.players
    data = _read.fields(value, "storm", ("cell", "answers"))
    if state.plantings == 0 or state.last_roll is None or not storms_on(state.weather, state.last_roll):
        raise _read.fail("a storm comes only after a planting, on a storm roll")
    planter = (state.plantings - 1) % state.players
    cell = _read.integer(data["cell"], "the storm's cell", 0, cells)
    if state.board[cell] != planter:
        raise _read.fail("the storm comes with a flower of the seat that planted last")
    answers = []
    for seat, answer in enumerate(_read.array(data["answers"], "the storm's answers", state.players)):
        answer = _read.integer(answer, "an answer", NOT_INVOLVED, cells)
        asked = seat != planter and seat in state.board
        if (answer == NOT_INVOLVED) == asked:
            raise _read.fail(
                f"seat {seat} is asked by the storm exactly when it has flowers and did not plant"
            )
        if answer >= 0 and state.board[answer] != seat:
            raise _read.fail(f"seat {seat} shelters a flower that is not its own")
        answers.append(answer)
    if WAITING not in answers:
        raise _read.fail("a storm that every seat has answered has blown over")
    return cell, tuple(answers)


def _last_storm(value: Any, state: State, cells: int) -> LastStorm | None:
    if value is None:
        return None
    data = _read.fields(value, "last_storm", ("cell", "answers", "lost"))
    if state.plantings == 0:
        raise _read.fail("no storm before the first planting")
    cell = _read.integer(data["cell"], "the last storm's cell", 0, cells)
    answers = tuple(
        _read.integer(answer, "an answer", NOT_INVOLVED, cells)
        for answer in _read.array(data["answers"], "the last storm's answers", state.players)
    )
    if WAITING in answers or all(answer == NOT_INVOLVED for answer in answers):
        raise _read.fail("the last storm was answered by every seat it asked")
    around = set(neighbours(state.width, cell))
    lost = tuple(
        _read.integer(lost, "a lost cell", 0, cells) for lost in _read.array(data["lost"], "lost cells")
    )
    if list(lost) != sorted(set(lost)) or not set(lost) <= around or cell in lost:
        raise _read.fail("lost cells are distinct neighbours of the storm, ascending")
    return LastStorm(cell, answers, lost)


def impossible_saves(saved: str) -> list[tuple[str, str]]:
    """`saved` changed into positions no game reaches (`Engine.impossible_saves`): a flower of a
    seat that planted all of its flowers already on the board, and a die rolled before the
    first planting."""
    data = json.loads(saved)
    state = loads(saved)
    found: list[tuple[str, str]] = []
    full = [seat for seat in range(state.players) if state.board.count(seat) == state.planted(seat)]
    if full and -1 in state.board:
        cell = state.board.index(-1)
        board = [list(row) for row in data["board"]]
        board[cell // state.width][cell % state.width] = full[0]
        found.append(changed(data, "a flower more than its seat planted", board=board))
    if state.plantings == 0:
        found.append(changed(data, "a die rolled before the first planting", last_roll=3))
    return found
