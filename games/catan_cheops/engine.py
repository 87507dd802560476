"""`CatanCheopsEngine`: the `games.core.Engine` contract for Catan: Cheops."""

from __future__ import annotations

from typing import Any

from games.catan_cheops import codec, describe, notation, offers, rules
from games.catan_cheops import view as views
from games.catan_cheops.data import LOCALES, TEXTS
from games.catan_cheops.state import PHARAOHS, State
from games.catan_cheops.words import GAME_ID
from games.core import Option
from games.kit.engine import ModularEngine, setup_options

__all__ = ["CatanCheopsEngine"]


class CatanCheopsEngine(ModularEngine):
    """The Catan scenario Cheops (Klaus Teuber) for 3 or 4 players; option `pharaoh`: does
    the pharaoh build on every 7 (`rulebook`) or once a player block stands (`revised`)."""

    id = GAME_ID
    title = "Catan: Cheops"
    min_players, max_players = 3, 4
    texts, locales = TEXTS, LOCALES
    options = (Option("pharaoh", PHARAOHS, default="rulebook"),)
    modules = (rules, notation, views, codec, describe, offers)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        chosen = setup_options(self, players, seed, options)
        # Games stored before the option have none (their options are empty), and they were
        # played with the pharaoh waiting for the first player block: they replay as `revised`.
        # A new game always has it, since the lobby stores what check_options completed.
        pharaoh = chosen["pharaoh"] if "pharaoh" in (options or {}) else "revised"
        return rules.new_game(players, seed, pharaoh)
