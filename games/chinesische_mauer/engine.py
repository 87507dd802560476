"""`ChineseWallEngine`: the `games.core.Engine` contract for Chinesische Mauer."""

from __future__ import annotations

from games.chinesische_mauer import codec
from games.chinesische_mauer import describe
from games.chinesische_mauer import notation
from games.chinesische_mauer import prompts
from games.chinesische_mauer import quick_actions
from games.chinesische_mauer import rules
from games.chinesische_mauer import view as views
from games.chinesische_mauer.data import LOCALES
from games.chinesische_mauer.data import TEXTS
from games.kit.engine import ModularEngine

__all__ = ["ChineseWallEngine"]


class ChineseWallEngine(ModularEngine):
    """Reiner Knizia's Chinesische Mauer for 2 to 5 players (no options)."""

    id = "chinesische-mauer"
    title = "Chinesische Mauer"
    min_players, max_players = 2, 5
    texts, locales = TEXTS, LOCALES
    #: Top-level view keys where a seat's view may differ from the spectator
    #: view: who is viewing, its hand, and "seats" (its own won points there).
    private_view_keys: frozenset[str] = frozenset({"viewer", "hand", "seats"})
    # No `suggest` among them: a position has few moves, and the contract's default lists them.
    modules = (rules, notation, views, codec, describe, prompts, quick_actions)
