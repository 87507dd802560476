"""The board in words, for the description (alt text) of its image.

Reads the spectator's view only (see `Engine.describe_board`), so it names no card in
anyone's hand: the provinces with their houses and emissaries by player, and the
open cards everyone sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from games.core import Message
from games.core import Param
from games.core import Player
from games.core import listing

__all__ = ["describe_board"]


def describe_board(view: Mapping[str, Any]) -> list[Message]:
    """A sentence per province with pieces in it, then the empty ones, then the open cards."""
    facts: list[Message] = []
    empty: list[Param] = []
    for province in view["provinces"]:
        if not any(province["houses"]) and not any(province["emissaries"]):
            empty.append(str(province["name"]))
            continue
        key = "china.alt.province_scored" if province["scored"] else "china.alt.province"
        params: dict[str, Param] = {
            "name": str(province["name"]),
            "colour": Message(f"china.colour.{province['colour']}"),
            "spaces": len(province["spaces"]),
            "houses": _by_player(province["houses"]),
            "emissaries": _by_player(province["emissaries"]),
        }
        facts.append(Message(key, params))
    if empty:
        facts.append(Message("china.alt.empty", {"provinces": listing(empty)}))
    if view["open"]:
        cards = listing([Message(f"china.colour.{colour}") for colour in view["open"]])
        facts.append(Message("china.alt.open", {"cards": cards}))
    return facts


def _by_player(counts: Sequence[int]) -> Param:
    shares: list[Param] = [
        Message("china.alt.share", {"player": Player(seat), "count": count})
        for seat, count in enumerate(counts)
        if count
    ]
    return listing(shares) if shares else Message("china.alt.none")
