"""The state as versioned JSON (format "gardens", version 1), validated on load.

    {"format": "gardens", "version": 1, "players": 3, "size": "large",
     "weather": "calm", "rng": <64-bit generator state>, "plantings": 7,
     "board": [[-1, 0, ...], ...],          # rows top to bottom; seat or -1
     "last_roll": 6,                        # null before the first planting
     "storm": {"cell": 45, "answers": [-3, -2, 44]} | null,
     "last_storm": {"cell": 12, "answers": [...], "lost": [13]} | null}

Answers per seat: -3 not asked, -2 still to answer, -1 passed, else the
sheltered cell (row * width + column). `loads` accepts only what the rules
can produce; anything else is a ValueError.
"""

from __future__ import annotations

import json
from typing import Any

from .rules import (
    NOT_INVOLVED,
    PLANTS_PER_SEAT,
    SIZES,
    WAITING,
    LastStorm,
    State,
    neighbours,
    storms_on,
)

__all__ = ["FORMAT", "VERSION", "dumps", "loads"]

FORMAT = "gardens"
VERSION = 1
WEATHERS = ("calm", "stormy")
_KEYS = (
    "format",
    "version",
    "players",
    "size",
    "weather",
    "rng",
    "plantings",
    "board",
    "last_roll",
    "storm",
    "last_storm",
)
_MASK = (1 << 64) - 1


def dumps(state: State) -> str:
    width = state.width
    last = state.last_storm
    data = {
        "format": FORMAT,
        "version": VERSION,
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
    return json.dumps(data, separators=(",", ":"))


def _fail(what: str) -> ValueError:
    return ValueError(f"not a valid Gardens state: {what}")


def _int(value: Any, what: str, low: int, high: int) -> int:
    """An int (not a bool) with low <= value <= high."""
    if type(value) is not int or not low <= value <= high:
        raise _fail(f"{what} must be an integer from {low} to {high}")
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise _fail(f"{what} must be a list" + ("" if length is None else f" of {length} items"))
    return value


def _object(value: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if type(value) is not dict or set(value) != set(keys):
        raise _fail(f"{what} must be an object with exactly the keys {', '.join(keys)}")
    return value


def _choice(value: Any, what: str, choices: tuple[str, ...]) -> str:
    if type(value) is not str or value not in choices:
        raise _fail(f"{what} must be one of {', '.join(choices)}")
    return value


def loads(text: str) -> State:
    if not isinstance(text, str):
        raise _fail("a save is text")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise _fail("not JSON") from error
    data = _object(raw, "the save", _KEYS)
    if data["format"] != FORMAT:
        raise _fail(f"the format must be {FORMAT!r}")
    if type(data["version"]) is not int or data["version"] != VERSION:
        raise _fail(f"unknown version {data['version']!r}")
    players = _int(data["players"], "players", 2, 4)
    size = _choice(data["size"], "size", tuple(SIZES))
    weather = _choice(data["weather"], "weather", WEATHERS)
    if weather == "stormy" and size != "large":
        raise _fail("stormy weather needs the large garden")
    if size == "small" and players > 3:
        raise _fail("the small garden is for at most 3 players")
    width = SIZES[size]
    cells = width * width
    rng = _int(data["rng"], "rng", 0, _MASK)
    plantings = _int(data["plantings"], "plantings", 0, PLANTS_PER_SEAT[size] * players)
    board: list[int] = []
    for row in _list(data["board"], "board", width):
        board.extend(_int(owner, "a board cell", -1, players - 1) for owner in _list(row, "a row", width))
    if plantings == 0:
        if data["last_roll"] is not None:
            raise _fail("no die is rolled before the first planting")
        last_roll = None
    else:
        last_roll = _int(data["last_roll"], "last_roll", 1, 6)
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
            raise _fail(f"seat {seat} has more flowers than it planted")
    storm, answers = _storm(data["storm"], state, cells)
    last_storm = _last_storm(data["last_storm"], state, cells)
    return State(
        players=players,
        size=size,
        weather=weather,
        rng=rng,
        plantings=plantings,
        board=tuple(board),
        last_roll=last_roll,
        storm=storm,
        answers=answers,
        last_storm=last_storm,
    )


def _storm(value: Any, state: State, cells: int) -> tuple[int, tuple[int, ...]]:
    if value is None:
        return -1, (NOT_INVOLVED,) * state.players
    data = _object(value, "storm", ("cell", "answers"))
    if state.plantings == 0 or state.last_roll is None or not storms_on(state.weather, state.last_roll):
        raise _fail("a storm comes only after a planting, on a storm roll")
    planter = (state.plantings - 1) % state.players
    cell = _int(data["cell"], "the storm's cell", 0, cells - 1)
    if state.board[cell] != planter:
        raise _fail("the storm comes with a flower of the seat that planted last")
    answers = []
    for seat, answer in enumerate(_list(data["answers"], "the storm's answers", state.players)):
        answer = _int(answer, "an answer", NOT_INVOLVED, cells - 1)
        asked = seat != planter and seat in state.board
        if (answer == NOT_INVOLVED) == asked:
            raise _fail(f"seat {seat} is asked by the storm exactly when it has flowers and did not plant")
        if answer >= 0 and state.board[answer] != seat:
            raise _fail(f"seat {seat} shelters a flower that is not its own")
        answers.append(answer)
    if WAITING not in answers:
        raise _fail("a storm that every seat has answered has blown over")
    return cell, tuple(answers)


def _last_storm(value: Any, state: State, cells: int) -> LastStorm | None:
    if value is None:
        return None
    data = _object(value, "last_storm", ("cell", "answers", "lost"))
    if state.plantings == 0:
        raise _fail("no storm before the first planting")
    cell = _int(data["cell"], "the last storm's cell", 0, cells - 1)
    answers = tuple(
        _int(answer, "an answer", NOT_INVOLVED, cells - 1)
        for answer in _list(data["answers"], "the last storm's answers", state.players)
    )
    if WAITING in answers or all(answer == NOT_INVOLVED for answer in answers):
        raise _fail("the last storm was answered by every seat it asked")
    around = set(neighbours(state.width, cell))
    lost = tuple(_int(lost, "a lost cell", 0, cells - 1) for lost in _list(data["lost"], "lost cells"))
    if list(lost) != sorted(set(lost)) or not set(lost) <= around or cell in lost:
        raise _fail("lost cells are distinct neighbours of the storm, ascending")
    return LastStorm(cell, answers, lost)
