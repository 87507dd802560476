"""`CatanCheopsEngine`: the `games.core.Engine` contract for Catan: Cheops."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.catan_cheops import codec, notation, offers, rules
from games.catan_cheops import view as views
from games.catan_cheops.data import LOCALES, TEXTS
from games.catan_cheops.state import State
from games.catan_cheops.words import GAME_ID
from games.kit.engine import ModularEngine, setup_options

__all__ = ["CatanCheopsEngine"]


class CatanCheopsEngine(ModularEngine):
    """The Catan scenario Cheops (Klaus Teuber) for 3 or 4 players; no options."""

    id = GAME_ID
    title = "Catan: Cheops"
    min_players = 3
    max_players = 4
    texts: Mapping[str, str] = TEXTS
    locales: Mapping[str, Mapping[str, str]] = LOCALES
    modules = (rules, notation, views, codec, offers)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        setup_options(self, players, seed, options)
        return rules.new_game(players, seed)
