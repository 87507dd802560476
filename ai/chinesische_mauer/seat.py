"""What every level of the Chinesische Mauer AI starts a decision with: the seat's view and
the notation of its legal moves, and nothing else of the game's state."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

import games
from ai.chinesische_mauer.model import Move
from ai.chinesische_mauer.model import parse_move
from ai.common import only_move
from games.core import Action

__all__ = ["ENGINE_ID", "MoveChooser", "decide_on_view", "seat_moves"]

ENGINE_ID = "chinesische-mauer"

#: Picks a move on a seat's view: `(view, moves, seed) -> index into moves`.
MoveChooser = Callable[[dict[str, Any], Sequence[Move], int], int]


def seat_moves(state: Any, seat: int) -> tuple[list[Action], dict[str, Any], list[Move]]:
    """The seat's legal actions, its view, and the actions as notation (in the same order)."""
    engine = games.get(ENGINE_ID)
    legal = engine.legal_actions(state, seat)
    moves = [parse_move(engine.format_action(state, action)) for action in legal]
    return legal, engine.view(state, seat), moves


def decide_on_view(state: Any, seat: int, seed: int, choose_move: MoveChooser) -> Action:
    """The action `choose_move` picks on the seat's view; a single legal move is made without
    asking. ValueError when the seat has no move to make."""
    legal, view, moves = seat_moves(state, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    return legal[choose_move(view, moves, seed)]
