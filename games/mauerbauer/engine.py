"""`MauerbauerEngine`: the `games.core.Engine` contract for Mauerbauer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kit.engine import ModularEngine, setup_options
from games.mauerbauer import codec, notation, offers, rules
from games.mauerbauer import view as views
from games.mauerbauer.data import LOCALES, TEXTS
from games.mauerbauer.state import State

__all__ = ["MauerbauerEngine"]


class MauerbauerEngine(ModularEngine):
    """Leo Colovini's Mauerbauer for 2 to 4 players (no options)."""

    id = "mauerbauer"
    title = "Mauerbauer"
    min_players = 2
    max_players = 4
    texts: Mapping[str, str] = TEXTS
    locales: Mapping[str, Mapping[str, str]] = LOCALES
    modules = (rules, notation, views, codec, offers)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        setup_options(self, players, seed, options)
        return rules.new_game(players, seed)
