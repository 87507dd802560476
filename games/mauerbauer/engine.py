"""`MauerbauerEngine`: the `games.core.Engine` contract for Mauerbauer."""

from __future__ import annotations

from games.kit.engine import ModularEngine
from games.mauerbauer import codec
from games.mauerbauer import describe
from games.mauerbauer import notation
from games.mauerbauer import offers
from games.mauerbauer import rules
from games.mauerbauer import view as views
from games.mauerbauer.data import LOCALES
from games.mauerbauer.data import TEXTS

__all__ = ["MauerbauerEngine"]


class MauerbauerEngine(ModularEngine):
    """Leo Colovini's Mauerbauer for 2 to 4 players (no options)."""

    id = "mauerbauer"
    title = "Mauerbauer"
    min_players, max_players = 2, 4
    texts, locales = TEXTS, LOCALES
    modules = (rules, notation, views, codec, describe, offers)
