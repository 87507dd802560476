"""`ChineseWallEngine`: the `games.core.Engine` contract for Chinesische Mauer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.chinesische_mauer import codec, notation, prompts, quick_actions, rules
from games.chinesische_mauer import view as views
from games.chinesische_mauer.data import LOCALES, TEXTS
from games.chinesische_mauer.state import State
from games.kit.engine import ModularEngine, setup_options

__all__ = ["ChineseWallEngine"]


class ChineseWallEngine(ModularEngine):
    """Reiner Knizia's Chinesische Mauer for 2 to 5 players (no options)."""

    id = "chinesische-mauer"
    title = "Chinesische Mauer"
    min_players = 2
    max_players = 5
    texts: Mapping[str, str] = TEXTS
    locales: Mapping[str, Mapping[str, str]] = LOCALES
    #: Top-level view keys where a seat's view may differ from the spectator
    #: view: who is viewing, its hand, and "seats" (its own won points there).
    private_view_keys: frozenset[str] = frozenset({"viewer", "hand", "seats"})
    # No `suggest` among them: a position has few moves, and the contract's default lists them.
    modules = (rules, notation, views, codec, prompts, quick_actions)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        setup_options(self, players, seed, options)
        return rules.new_game(players, seed)
