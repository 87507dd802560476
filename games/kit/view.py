"""What the games' views share: the seat a caller names, and the result as a view shows it."""

from __future__ import annotations

from typing import Any

from games.core import Outcome

__all__ = ["check_seat", "outcome_view"]


def check_seat(players: int, seat: object) -> None:
    """Refuse a seat that is not one of the game's `players` seats (a bool or a str is none)."""
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"no seat {seat!r} in this game")


def outcome_view(result: Outcome | None, tiebreak: str | None = None, details: bool = False) -> Any:
    """The view's "outcome": None while the game runs; else scores, the tiebreak values under
    the game's own name for them (`tiebreak`), ranks and winners, and the scores' `details`."""
    if result is None:
        return None
    shown: dict[str, Any] = {"scores": list(result.scores)}
    if tiebreak is not None:
        shown[tiebreak] = list(result.tiebreak)
    shown["ranks"] = list(result.ranks)
    shown["winners"] = sorted(result.winners)
    if details:
        shown["details"] = [dict(part) for part in result.details]
    return shown
