"""`GardensEngine`: the `games.core.Engine` contract for Gardens."""

from __future__ import annotations

from collections.abc import Mapping

from games.core import Option
from games.kit.engine import ModularEngine

from . import codec
from . import notation
from . import rules
from . import view as views
from .rules import GAME_ID
from .rules import LOCALES
from .rules import TEXTS

__all__ = ["GardensEngine"]


class GardensEngine(ModularEngine):
    """Gardens for 2 to 4 players, with a garden size and the weather as options."""

    id = GAME_ID
    title = "Gardens"
    min_players, max_players = 2, 4
    options = (
        # No default: the small garden for 2 players, the large one for more (or for storms).
        Option("size", ("small", "large")),
        Option("weather", ("calm", "stormy"), default="calm"),
    )
    texts, locales = TEXTS, LOCALES
    #: A seat's view adds its own answer to a raging storm, which nobody else sees.
    private_view_keys: frozenset[str] = frozenset({"viewer", "shelter"})
    #: Every method of the contract is the function of the same name in one of these.
    modules = (rules, notation, views, codec)

    def check_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        complete = super().check_options(players, options)
        if options.get("size") is None:
            small = players <= 2 and complete["weather"] != "stormy"
            complete["size"] = "small" if small else "large"
        if complete["weather"] == "stormy" and complete["size"] != "large":
            raise rules.illegal("gardens.error.stormy_needs_large")
        if complete["size"] == "small" and players > 3:
            raise rules.illegal("gardens.error.small_for_three")
        return complete
