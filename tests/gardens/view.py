"""What a seat (or a spectator) sees, the result, moves in words, and what to offer a player.

The board, the flowers and who must answer a storm are public. The one
secret is how each seat answered a storm still raging: a seat's own view
shows its answer under "shelter" (a private view key); nobody else learns
any answer before the storm blows over, when "last_storm" shows them all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.core import MAX_QUICK_ACTIONS
from games.core import Message
from games.core import Outcome
from games.core import Player
from games.core import rank_by_scores
from games.kit.view import outcome_view

from .rules import COLUMNS
from .rules import GAME_ID
from .rules import NOT_INVOLVED
from .rules import PASS
from .rules import WAITING
from .rules import Pass
from .rules import Plant
from .rules import Shelter
from .rules import State
from .rules import answer_ranking
from .rules import cell_name
from .rules import illegal
from .rules import largest_group
from .rules import legal_actions
from .rules import plant_scores
from .rules import say
from .rules import storm_losses
from .rules import to_act

__all__ = [
    "describe",
    "outcome",
    "private_summary",
    "prompt",
    "quick_actions",
    "seat_summary",
    "suggest",
    "view",
]

#: With nothing typed, suggestions start with this many of the best cells.
_BEST_FIRST = 5
_TYPED_CELL = re.compile(r"([a-z])([0-9]{0,6})")


def outcome(state: State) -> Outcome | None:
    """The largest group of flowers wins; more flowers break a tie; a full tie shares the win."""
    if not state.over:
        return None
    groups = [largest_group(state.board, state.width, seat) for seat in range(state.players)]
    counts = [state.board.count(seat) for seat in range(state.players)]
    details = [{"group": g, "flowers": n} for g, n in zip(groups, counts, strict=True)]
    return rank_by_scores(groups, tiebreak=counts, details=details)


def _where(width: int, cell: int) -> dict[str, Any]:
    row, column = divmod(cell, width)
    return {"cell": cell_name(width, cell), "row": row, "column": column}


def view(state: State, viewer: int | None) -> dict[str, Any]:
    width = state.width
    running = not state.over
    result = outcome(state)
    acting = sorted(to_act(state))
    storm = None
    if state.stormy:
        asked = [seat for seat, answer in enumerate(state.answers) if answer != NOT_INVOLVED]
        storm = {
            **_where(width, state.storm),
            "asked": asked,
            "waiting": acting,
            "answered": [seat for seat in asked if seat not in acting],
        }
    last = state.last_storm
    out: dict[str, Any] = {
        "game": GAME_ID,
        "players": state.players,
        "viewer": viewer,
        "size": state.size,
        "weather": state.weather,
        "width": width,
        "columns": COLUMNS[:width],
        "board": [
            [None if owner < 0 else owner for owner in state.board[row * width : (row + 1) * width]]
            for row in range(width)
        ],
        "phase": "over" if not running else "storm" if state.stormy else "plant",
        "turn": state.turn if running else None,
        "turn_number": state.turn_number,
        "turns": state.rounds * state.players,
        "rounds": state.rounds,
        "to_act": acting,
        "last_roll": state.last_roll,
        "storm": storm,
        "last_storm": (
            None
            if last is None
            else {
                **_where(width, last.cell),
                "lost": [_where(width, cell) for cell in last.lost],
                "answers": [_answer_view(width, answer) for answer in last.answers],
            }
        ),
        "seats": [
            {
                "flowers": state.board.count(seat),
                "group": largest_group(state.board, width, seat),
                "planted": state.planted(seat),
            }
            for seat in range(state.players)
        ],
        "outcome": outcome_view(result, "flowers"),
    }
    if viewer is not None:
        # The viewer's own answer to the raging storm: the one secret of the game.
        out["shelter"] = _answer_view(width, state.answers[viewer]) if state.stormy else None
    return out


def _answer_view(width: int, answer: int) -> dict[str, Any] | None:
    """An answer to a storm: None when not asked or still to answer."""
    if answer in (NOT_INVOLVED, WAITING):
        return None
    if answer == PASS:
        return {"answer": "pass", "cell": None}
    return {"answer": "shelter", **_where(width, answer)}


def describe(state: State, seat: int, action: object) -> Message:
    """The move in words. An answer to a storm does not say which flower: that stays secret
    until the last answer, whose description says what the storm took."""
    player = Player(seat)
    if type(action) is Plant and type(action.cell) is int and 0 <= action.cell < len(state.board):
        return say("gardens.move.plant", player=player, cell=cell_name(state.width, action.cell))
    if type(action) in (Shelter, Pass) and action in legal_actions(state, seat):
        answers = list(state.answers)
        answers[seat] = action.cell if isinstance(action, Shelter) else PASS
        if WAITING in answers:
            return say("gardens.move.answer", player=player)
        lost = len(storm_losses(state, tuple(answers)))
        return say("gardens.move.answer_last", player=player, lost=lost)
    raise illegal("gardens.error.unknown_action")


def prompt(state: State, seat: int) -> Message:
    if state.stormy and 0 <= seat < state.players and state.answers[seat] == WAITING:
        return say("gardens.prompt.storm", cell=cell_name(state.width, state.storm))
    if not state.stormy and not state.over and seat == state.turn:
        return say("gardens.prompt.plant")
    return say("gardens.prompt.wait")


def seat_summary(state: State, seat: int) -> Message | None:
    if not 0 <= seat < state.players:
        return None
    return say(
        "gardens.summary.seat",
        flowers=state.board.count(seat),
        group=largest_group(state.board, state.width, seat),
        planted=state.planted(seat),
        rounds=state.rounds,
    )


def private_summary(state: State, seat: int) -> Message | None:
    if not state.stormy or not 0 <= seat < state.players:
        return None
    answer = state.answers[seat]
    if answer == NOT_INVOLVED:
        return None
    if answer == WAITING:
        return say("gardens.summary.waiting", cell=cell_name(state.width, state.storm))
    if answer == PASS:
        return say("gardens.summary.pass")
    return say("gardens.summary.shelter", cell=cell_name(state.width, answer))


def quick_actions(state: State, seat: int) -> Sequence[Plant | Shelter | Pass]:
    """The best plantings by `rules.plant_scores`, or the answers to a storm, most useful first."""
    if not legal_actions(state, seat):
        return []
    if state.stormy:
        return answer_ranking(state, seat)[:MAX_QUICK_ACTIONS]
    return [Plant(cell) for cell, _ in plant_scores(state, seat)[:MAX_QUICK_ACTIONS]]


def suggest(state: State, seat: int, typed: str, limit: int, locale: str | None = None) -> list[str]:
    """Autocomplete: narrows by the verb, then by column letter, then by row digits.

    With nothing (or only the verb) typed: the best few cells, then the best
    cell of each column, so that every column is one keystroke away. With
    "plant C" or "C": the cells of column C, best first; "C1" keeps rows 1,
    10-19. During a storm the few answers, best first, filtered by the words.
    """
    if limit <= 0 or not legal_actions(state, seat):
        return []
    width = state.width
    if state.stormy:
        words = typed.lower().split()
        found = []
        for action in answer_ranking(state, seat):
            text = f"shelter {cell_name(width, action.cell)}" if isinstance(action, Shelter) else "pass"
            if all(word in text.lower() for word in words):
                found.append(text)
        return found[:limit]
    words = typed.lower().split()
    if words and "plant".startswith(words[0]):
        words = words[1:]
    rest = "".join(words)
    ranked = [cell for cell, _ in plant_scores(state, seat)]
    chosen: list[int] = []
    if not rest:
        chosen = ranked[:_BEST_FIRST]
        seen_columns: set[int] = set()
        for cell in ranked:
            column = cell % width
            if column not in seen_columns:
                seen_columns.add(column)
                if cell not in chosen:
                    chosen.append(cell)
    else:
        match = _TYPED_CELL.fullmatch(rest)
        if match is None:
            return []
        column = COLUMNS.lower().find(match.group(1))
        digits = match.group(2)
        if not 0 <= column < width:
            return []
        chosen = [
            cell for cell in ranked if cell % width == column and str(cell // width + 1).startswith(digits)
        ]
    return [f"plant {cell_name(width, cell)}" for cell in chosen[:limit]]
