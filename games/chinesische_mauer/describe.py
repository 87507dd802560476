"""The board in words, for the description (alt text) of its image.

Reads the spectator's view only (see `Engine.describe_board`), so it names no card in
anyone's hand or deck: only the sites of the wall, their fame tiles and the cards
played there, by owner.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Message
from games.core import Param
from games.core import Player
from games.core import listing

__all__ = ["describe_board"]


def describe_board(view: Mapping[str, Any]) -> list[Message]:
    """A sentence per site of the wall, in the order of the wall, then the supply."""
    facts = [_site(number, site) for number, site in enumerate(view["sites"], start=1)]
    facts.append(Message("cm.alt.supply", {"count": int(view["supply"])}))
    return facts


def _site(number: int, site: Mapping[str, Any]) -> Message:
    if not site["open"]:
        return Message("cm.alt.closed", {"number": number})
    tiles = listing([str(tile["value"]) for tile in site["tiles"]])
    kinds: dict[int, list[Param]] = {}
    for card in site["cards"]:
        for played in card["stack"]:
            kinds.setdefault(int(played["owner"]), []).append(Message(f"cm.card.{played['kind']}"))
    if not kinds:
        return Message("cm.alt.site_empty", {"number": number, "tiles": tiles})
    owners: list[Param] = []
    for owner in sorted(kinds):
        total = site["totals"][owner]
        owners.append(
            Message(
                "cm.alt.owner",
                {
                    "player": Player(owner),
                    "total": 0 if total is None else int(total),
                    "cards": listing(kinds[owner]),
                },
            )
        )
    # Each owner's cards are a list themselves: owners apart by semicolons.
    return Message("cm.alt.site", {"number": number, "tiles": tiles, "cards": listing(owners, groups=True)})
