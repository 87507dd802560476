"""AI players: one per game, pure functions of a state.

`register(game_id, choose)` adds a game's AI (`choose(state, seat, seed) ->
Action`); `chooser(game_id)` gives the function to run (in a worker process:
it is sent by name), `choose(game_id, state, seat, seed)` runs it here.
Deterministic for the same state and seed, so a game with AI seats replays
exactly. A game without an AI of its own gets a seeded random legal move.

`register(game_id, choose, greedy=...)` also names the game's greedy
baseline, the simple player its AI is measured against;
`baselines(game_id)` lists the players to measure against by name (a
seeded random one for every game, the greedy one where there is one).

Each built-in AI is a package, `ai/<game>/` (its player, evaluation, model
and greedy baseline), that registers itself when imported, the first time
the registry is read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import games
from ai.common import pick
from games.core import Action
from games.core import Engine

__all__ = ["Chooser", "baselines", "choose", "chooser", "has_ai", "random_choice", "register"]

#: An AI: `choose(state, seat, seed) -> Action`, one of the seat's legal actions.
Chooser = Callable[[Any, int, int], Action]

_REGISTRY: dict[str, Chooser] = {}
#: The greedy baselines, by game id (only measurements use them).
_GREEDY: dict[str, Chooser] = {}
_loaded = False


def register(game_id: str, choose: Chooser, greedy: Chooser | None = None) -> None:
    """Add (or replace) a game's AI, and its greedy baseline when given (a
    baseline registered before stays). Pass module-level functions: worker
    processes import them by their names."""
    _REGISTRY[game_id] = choose
    if greedy is not None:
        _GREEDY[game_id] = greedy


def _registry() -> dict[str, Chooser]:
    global _loaded
    if not _loaded:
        _loaded = True
        # The built-in AIs: importing a game's package registers its AI.
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
    return pick(legal, seed)


def chooser(game_id: str) -> Chooser:
    """The game's AI, or a seeded random player bound to its engine."""
    found = _registry().get(game_id)
    if found is not None:
        return found
    return partial(random_choice, games.get(game_id))


def choose(game_id: str, state: Any, seat: int, seed: int) -> Action:
    """The AI's action for `seat`; it must be one of the legal actions."""
    return chooser(game_id)(state, seat, seed)


def baselines(game_id: str) -> dict[str, Chooser]:
    """The players a game's AI is measured against, by name: `random` (every
    game) and `greedy` (a game that registered one)."""
    players: dict[str, Chooser] = {"random": partial(random_choice, games.get(game_id))}
    _registry()  # the built-in baselines register with their AIs
    if game_id in _GREEDY:
        players["greedy"] = _GREEDY[game_id]
    return players
