"""The move notation: a verb and a cell, case-insensitive, spaces free.

    plant C7        shelter C7        pass

A cell is its column letter (A–L in the small garden, A–T in the large one)
and its row, counted from 1 at the top. `format_action` writes the canonical
form (upper-case letter, one space); `parse_action` reads that and variants
such as "Plant c 7". Parsing checks syntax and the garden's bounds only;
whether the move is allowed now is `rules.apply`'s job.
"""

from __future__ import annotations

import re

from games.core import IllegalAction
from games.kit.notation import shown_text

from .rules import COLUMNS
from .rules import Pass
from .rules import Plant
from .rules import Shelter
from .rules import State
from .rules import cell_name
from .rules import illegal

__all__ = ["format_action", "parse_action", "parse_cell"]

# Rows are capped at six digits: longer numbers are never a cell, and int() of
# thousands of digits is refused by Python itself.
_MOVE = re.compile(r"(plant|shelter) ?([a-z]) ?([0-9]{1,6})")
_CELL = re.compile(r"([a-z]) ?([0-9]{1,6})")


def format_action(state: State, action: object, locale: str | None = None) -> str:
    # Gardens writes its moves the same way in every language.
    if type(action) is Plant:
        return f"plant {cell_name(state.width, action.cell)}"
    if type(action) is Shelter:
        return f"shelter {cell_name(state.width, action.cell)}"
    if type(action) is Pass:
        return "pass"
    raise illegal("gardens.error.unknown_action")


def parse_action(state: State, seat: int, text: object, locale: str | None = None) -> Plant | Shelter | Pass:
    if not isinstance(text, str):
        raise illegal("gardens.error.unknown_action")
    line = " ".join(text.lower().split())
    if line == "pass":
        return Pass()
    if match := _MOVE.fullmatch(line):
        verb, letter, row = match.groups()
        cell = _cell(state, letter, row)
        return Plant(cell) if verb == "plant" else Shelter(cell)
    raise illegal("gardens.error.notation", text=shown_text(text))


def parse_cell(state: State, text: str) -> int | None:
    """The cell written as `C7` (any case, a space allowed), or None."""
    match = _CELL.fullmatch(" ".join(text.lower().split()))
    if match is None:
        return None
    try:
        return _cell(state, *match.groups())
    except IllegalAction:
        return None


def _cell(state: State, letter: str, row_text: str) -> int:
    width = state.width
    column = COLUMNS.lower().find(letter)
    row = int(row_text)
    if not 0 <= column < width or not 1 <= row <= width:
        raise illegal("gardens.error.no_cell", cell=f"{letter.upper()}{row_text}")
    return (row - 1) * width + column
