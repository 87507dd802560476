"""Gardens: a small game that lives in the test suite, registered the way an outside package would be.

It exercises what Chinesische Mauer does not: several seats deciding at
once (a storm), options with a refused combination (garden size and
weather), hundreds of legal moves (400 cells in the large garden), and
randomness during play (a die after every planting). Nothing in the bot
knows it: `register()` adds it to the three registries (engine, renderer,
AI), as a test or a third-party package does. How to add a game:
docs/adding-a-game.md.
"""

from __future__ import annotations

# Under other names: this package has modules called `ai` and `render` of its own.
import ai as ai_registry
import games
import renderers

from .ai import choose as choose_move
from .ai import hints as hint_moves
from .engine import GardensEngine
from .render import render as render_board
from .rules import GAME_ID
from .rules import Pass
from .rules import Plant
from .rules import Shelter
from .rules import State

__all__ = [
    "ENGINE",
    "GAME_ID",
    "GardensEngine",
    "Pass",
    "Plant",
    "Shelter",
    "State",
    "choose_move",
    "hint_moves",
    "register",
    "render_board",
]

ENGINE = GardensEngine()


def register() -> None:
    """Add Gardens to the game, renderer and AI registries, with its hints (again: no change)."""
    if ENGINE not in games.all():
        games.register(ENGINE)
    renderers.register(GAME_ID, render_board)
    ai_registry.register(GAME_ID, choose_move, hint=hint_moves)
