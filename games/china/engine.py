"""`ChinaEngine`: the `games.core.Engine` contract for China."""

from __future__ import annotations

from collections.abc import Mapping

from games.china import codec
from games.china import describe
from games.china import notation
from games.china import offers
from games.china import rules
from games.china import view as views
from games.china.actions import End
from games.china.data import BOARD_VERSIONS
from games.china.data import LOCALES
from games.china.data import SIDE_PLAYERS
from games.china.data import TEXTS
from games.china.words import illegal
from games.china.words import say
from games.core import Action
from games.core import Message
from games.core import Option
from games.core import Player
from games.core import State
from games.kit.engine import ModularEngine

__all__ = ["ChinaEngine"]


class ChinaEngine(ModularEngine):
    """Michael Schacht's China for 3 to 5 players: board side and fortresses as options, and
    the board's version (games keep the board they began on)."""

    id = "china"
    title = "China"
    min_players, max_players = 3, 5
    options = (
        # No default: side B for 3 players, side A for 4 and 5 (4 players may choose B).
        Option("side", ("A", "B")),
        Option("fortresses", ("off", "on"), default="off"),
        # The board's version, named by Ch'in's house spaces: no host's choice. Games begun
        # before Ch'in had its sixth space were played with 5 and keep them.
        Option("board", BOARD_VERSIONS, default=BOARD_VERSIONS[0], before="5", offered=False),
    )
    texts, locales = TEXTS, LOCALES
    modules = (rules, notation, views, codec, describe, offers)

    def check_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        complete = super().check_options(players, options)
        if options.get("side") is None:
            complete["side"] = "B" if players <= 3 else "A"
        side = complete["side"]
        if players not in SIDE_PLAYERS[side]:
            raise illegal(f"china.error.side_{side.lower()}")
        return complete

    def describe_forced(self, state: State, seat: int, action: Action) -> Message:
        # Placing ends by itself when no piece fits the province any more; an end that is
        # still the only move is one no card in hand could pay for.
        if isinstance(action, End):
            return say("china.move.end_unpaid", player=Player(seat))
        return super().describe_forced(state, seat, action)
