"""AI players: one per game, pure functions of a state.

`choose(engine_id, state, seat, seed)` returns the action the AI makes.
Deterministic for the same state and seed, so a game with AI seats replays
exactly. Games without their own AI get a random legal move.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import games
from games.core import Action, Rng

__all__ = ["choose", "has_ai"]

#: Engine id -> module under `ai` that defines `choose(state, seat, seed)`.
_MODULES = {"chinesische-mauer": "ai.chinesische_mauer"}

Chooser = Callable[[Any, int, int], Action]


def _chooser(engine_id: str) -> Chooser | None:
    name = _MODULES.get(engine_id)
    if name is None:
        return None
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        return None
    chooser: Chooser = module.choose
    return chooser


def has_ai(engine_id: str) -> bool:
    """Whether the game has an AI of its own (else moves are random)."""
    return _chooser(engine_id) is not None


def choose(engine_id: str, state: Any, seat: int, seed: int) -> Action:
    """The AI's action for `seat`; it must be one of the legal actions."""
    chooser = _chooser(engine_id)
    if chooser is not None:
        return chooser(state, seat, seed)
    legal = games.get(engine_id).legal_actions(state, seat)
    index, _ = Rng.below(Rng.seed(seed), len(legal))
    return legal[index]
