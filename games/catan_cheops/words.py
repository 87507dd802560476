"""Player-facing words: every sentence is a key of `texts.json` with parameters."""

from __future__ import annotations

from games.catan_cheops.data import DEV_KINDS
from games.catan_cheops.data import RESOURCES
from games.catan_cheops.data import TEXTS
from games.core import IllegalAction
from games.core import Message
from games.core import Param
from games.kit.words import plain_english

__all__ = ["GAME_ID", "card_name", "cards", "illegal", "resource_name", "say"]

GAME_ID = "catan-cheops"
_PREFIX = GAME_ID + "."


def say(key: str, **params: Param) -> Message:
    """The message `catan-cheops.<key>` with its English default (plain templates: made quickly)."""
    return plain_english(TEXTS, _PREFIX + key, **params)


def illegal(key: str, **params: Param) -> IllegalAction:
    """The refusal of a move, with the reason as a sentence (to raise)."""
    return IllegalAction(say(key, **params))


_RESOURCE_NAMES = tuple(say(f"resource.{name}") for name in (*RESOURCES, "gold"))
_CARD_NAMES = tuple(say(f"card.{name}") for name in DEV_KINDS)


def resource_name(resource: int) -> Message:
    """A resource's name (index 5: gold) as a nested message ("brick", "Lehm", "leem")."""
    return _RESOURCE_NAMES[resource]


def card_name(kind: int) -> Message:
    """A development card's name as a nested message."""
    return _CARD_NAMES[kind]


def cards(counts: tuple[int, ...] | list[int], gold: int = 0) -> Message:
    """Counted resources in words: "1 brick and 2 ore", "nothing"."""
    items = [say("count", count=n, resource=resource_name(r)) for r, n in enumerate(counts) if n]
    if gold:
        items.append(say("count", count=gold, resource=resource_name(5)))
    if not items:
        return say("nothing")
    said = items[-1]
    if len(items) > 1:
        said = say("list_last", first=items[-2], last=said)
        for item in reversed(items[:-2]):
            said = say("list", first=item, rest=said)
    return said
