"""`CatanCheopsEngine`: the `games.core.Engine` contract for Catan: Cheops."""

from __future__ import annotations

from games.catan_cheops import codec
from games.catan_cheops import describe
from games.catan_cheops import notation
from games.catan_cheops import offers
from games.catan_cheops import rules
from games.catan_cheops import view as views
from games.catan_cheops.data import LOCALES
from games.catan_cheops.data import TEXTS
from games.catan_cheops.state import PHARAOHS
from games.catan_cheops.words import GAME_ID
from games.core import Option
from games.kit.engine import ModularEngine

__all__ = ["CatanCheopsEngine"]


class CatanCheopsEngine(ModularEngine):
    """The Catan scenario Cheops (Klaus Teuber) for 3 or 4 players; option `pharaoh`: does
    the pharaoh build on every 7 (`rulebook`) or once a player block stands (`revised`)."""

    id = GAME_ID
    title = "Catan: Cheops"
    min_players, max_players = 3, 4
    texts, locales = TEXTS, LOCALES
    # Games stored before the option were played with the pharaoh waiting for the first
    # player block: they go on as `revised`.
    options = (Option("pharaoh", PHARAOHS, default="rulebook", before="revised"),)
    modules = (rules, notation, views, codec, describe, offers)
