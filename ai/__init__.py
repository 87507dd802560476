"""AI players: one per game, pure functions of a state.

`register(game_id, choose)` adds a game's AI (`choose(state, seat, seed) ->
Action`); `chooser(game_id)` gives the function to run (in a worker process:
it is sent by name), `choose(game_id, state, seat, seed)` runs it here.
Deterministic for the same state and seed, so a game with AI seats replays
exactly. A game without an AI of its own gets a seeded random legal move.
The built-in AIs register themselves when their module is imported, the
first time the registry is read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import games
from games.core import Action, Engine, Rng

__all__ = ["Chooser", "choose", "chooser", "has_ai", "random_choice", "register"]

#: An AI: `choose(state, seat, seed) -> Action`, one of the seat's legal actions.
Chooser = Callable[[Any, int, int], Action]

_REGISTRY: dict[str, Chooser] = {}
_loaded = False


def register(game_id: str, choose: Chooser) -> None:
    """Add (or replace) a game's AI. Pass a module-level function: worker
    processes import it by its name."""
    _REGISTRY[game_id] = choose


def _registry() -> dict[str, Chooser]:
    global _loaded
    if not _loaded:
        _loaded = True
        # The built-in AIs register themselves when imported.
        import ai.catan_cheops
        import ai.china
        import ai.chinesische_mauer
        import ai.mauerbauer  # noqa: F401
    return _REGISTRY


def has_ai(game_id: str) -> bool:
    """Whether the game has an AI of its own (else moves are random)."""
    return game_id in _registry()


def random_choice(engine: Engine, state: Any, seat: int, seed: int) -> Action:
    """A seeded random legal action: the AI of a game that has none of its own."""
    legal = engine.legal_actions(state, seat)
    index, _ = Rng.below(Rng.seed(seed), len(legal))
    return legal[index]


def chooser(game_id: str) -> Chooser:
    """The game's AI, or a seeded random player bound to its engine."""
    found = _registry().get(game_id)
    if found is not None:
        return found
    return partial(random_choice, games.get(game_id))


def choose(game_id: str, state: Any, seat: int, seed: int) -> Action:
    """The AI's action for `seat`; it must be one of the legal actions."""
    return chooser(game_id)(state, seat, seed)
