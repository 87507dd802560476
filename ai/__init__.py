"""AI players: one per game, pure functions of a state, at three levels.

`register(game_id, choose)` adds a game's AI (`choose(state, seat, seed) ->
Action`), its Normal level; `easy=` and `hard=` add its other levels, `hint=`
its hints and `greedy=` its greedy baseline. `chooser(game_id, level)` gives
the function to run (in a worker process: it is sent by name), `choose(game_id,
state, seat, seed, level)` runs it here. Deterministic for the same state and
seed, so a game with AI seats replays exactly. A game without an AI of its own
gets a seeded random legal move; a level a game lacks plays as Normal.

The levels (`LEVELS`): Easy plays sensible moves with human mistakes, Normal
is the game's AI as it always was, Hard searches with Normal's evaluation.
None of them sees what its seat may not see.

`hints(game_id, state, seat, seed)` gives at most `MAX_HINTS` moves the AI
judges best for the seat, best first, each with one line of why (a `Message`
in the game's texts).

`baselines(game_id)` lists the players the levels are measured against by
name (a seeded random one for every game, the greedy one where there is one).

Each built-in AI is a package, `ai/<game>/` (its player, evaluation, model
and greedy baseline), that registers itself when imported, the first time
the registry is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import games
from ai.common import pick
from games.core import Action
from games.core import Engine
from games.core import Message

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "MAX_HINTS",
    "Chooser",
    "Hint",
    "Hinter",
    "baselines",
    "choose",
    "chooser",
    "has_ai",
    "hinter",
    "hints",
    "levels",
    "random_choice",
    "register",
]

#: An AI: `choose(state, seat, seed) -> Action`, one of the seat's legal actions.
Chooser = Callable[[Any, int, int], Action]

#: The AI levels, weakest first; every AI seat has one.
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
#: A hint names at most this many moves.
MAX_HINTS = 3


@dataclass(frozen=True)
class Hint:
    """A move the AI judges good for the seat, and one line of why ("closes city C15: 9
    points now"), in the game's texts."""

    action: Action
    why: Message


#: A game's hints: `hint(state, seat, seed) -> [Hint, ...]`, best first, at most `MAX_HINTS`,
#: each a legal action of the seat, judged from what the seat may see only.
Hinter = Callable[[Any, int, int], list[Hint]]

#: The AIs by game id, then level.
_REGISTRY: dict[str, dict[str, Chooser]] = {}
#: The greedy baselines, by game id (only measurements use them).
_GREEDY: dict[str, Chooser] = {}
_HINTS: dict[str, Hinter] = {}
_loaded = False


def register(
    game_id: str,
    choose: Chooser,
    greedy: Chooser | None = None,
    *,
    easy: Chooser | None = None,
    hard: Chooser | None = None,
    hint: Hinter | None = None,
) -> None:
    """Add (or replace) a game's AI, its Normal level, with its other levels, hints and
    greedy baseline where given (a baseline or hint registered before stays). Pass
    module-level functions: worker processes import them by their names."""
    given = {"easy": easy, "normal": choose, "hard": hard}
    _REGISTRY[game_id] = {level: player for level, player in given.items() if player is not None}
    if greedy is not None:
        _GREEDY[game_id] = greedy
    if hint is not None:
        _HINTS[game_id] = hint


def _registry() -> dict[str, dict[str, Chooser]]:
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


def levels(game_id: str) -> tuple[str, ...]:
    """The levels the game's AI plays, weakest first (Normal alone for a game whose AI
    has no other levels; every level for a game without an AI: each plays at random)."""
    own = _registry().get(game_id)
    if own is None:
        return LEVELS
    return tuple(level for level in LEVELS if level in own)


def random_choice(engine: Engine, state: Any, seat: int, seed: int) -> Action:
    """A seeded random legal action: the AI of a game that has none of its own."""
    legal = engine.legal_actions(state, seat)
    return pick(legal, seed)


def chooser(game_id: str, level: str = DEFAULT_LEVEL) -> Chooser:
    """The game's AI at `level` (Normal where the game has no such level), or a seeded
    random player bound to its engine."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    found = _registry().get(game_id)
    if found is not None:
        return found.get(level, found["normal"])
    return partial(random_choice, games.get(game_id))


def choose(game_id: str, state: Any, seat: int, seed: int, level: str = DEFAULT_LEVEL) -> Action:
    """The AI's action for `seat`; it must be one of the legal actions."""
    return chooser(game_id, level)(state, seat, seed)


def hinter(game_id: str) -> Hinter | None:
    """The game's hint function (to send to a worker process by name), or None for a game
    without hints."""
    _registry()
    return _HINTS.get(game_id)


def hints(game_id: str, state: Any, seat: int, seed: int) -> list[Hint]:
    """At most `MAX_HINTS` good moves for the seat, best first; none for a game without hints."""
    found = hinter(game_id)
    if found is None:
        return []
    return found(state, seat, seed)[:MAX_HINTS]


def baselines(game_id: str) -> dict[str, Chooser]:
    """The players a game's AI is measured against, by name: `random` (every
    game) and `greedy` (a game that registered one)."""
    players: dict[str, Chooser] = {"random": partial(random_choice, games.get(game_id))}
    _registry()  # the built-in baselines register with their AIs
    if game_id in _GREEDY:
        players["greedy"] = _GREEDY[game_id]
    return players
