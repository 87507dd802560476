"""The board in words, for the description (alt text) of its image.

Reads the spectator's view only (see `Engine.describe_board`), so it names no card in
anyone's hand: every player's buildings, the pyramid, the robber and the last roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Message
from games.core import Param
from games.core import Player
from games.core import listing

__all__ = ["describe_board"]

#: What a player builds, in the order the description names it.
_PIECES = ("settlements", "cities", "roads", "ships")


def describe_board(view: Mapping[str, Any]) -> list[Message]:
    """A sentence per player's buildings, then the pyramid, the robber and the dice."""
    players = int(view["players"])

    def count(pieces: str, seat: int) -> int:
        return sum(1 for piece in view[pieces] if piece["seat"] == seat)

    facts: list[Message] = []
    for seat in range(players):
        built: dict[str, Param] = {kind: count(kind, seat) for kind in _PIECES}
        if any(built.values()):
            facts.append(Message("catan-cheops.alt.buildings", {"player": Player(seat), **built}))
        else:
            facts.append(Message("catan-cheops.alt.nothing_built", {"player": Player(seat)}))
    pyramid = view["pyramid"]
    blocks: list[Param] = [
        Message("catan-cheops.alt.blocks", {"player": Player(seat), "count": seats["blocks"]})
        for seat, seats in enumerate(view["seats"])
        if seats["blocks"]
    ]
    if not pyramid["blocks"]:
        facts.append(Message("catan-cheops.alt.pyramid_empty", {"places": int(pyramid["places"])}))
    else:
        facts.append(
            Message(
                "catan-cheops.alt.pyramid",
                {
                    "built": len(pyramid["blocks"]),
                    "places": int(pyramid["places"]),
                    "black": int(pyramid["black"]),
                    "by": listing(blocks) if blocks else Message("catan-cheops.alt.none"),
                },
            )
        )
    hexes = {hex_["id"]: hex_ for hex_ in view["board"]["hexes"]}
    robbed = hexes.get(view.get("robber"))
    if robbed is not None:
        terrain = Message(f"catan-cheops.board.terrain.{robbed['terrain']}")
        token = robbed["token"]
        key = "catan-cheops.alt.robber_token" if token else "catan-cheops.alt.robber"
        facts.append(Message(key, {"terrain": terrain, "token": token or 0}))
    if view.get("last_roll"):
        first, second = view["last_roll"]
        facts.append(Message("catan-cheops.alt.roll", {"total": first + second}))
    return facts
