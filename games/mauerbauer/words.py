"""Player-facing words: every sentence is a key of `texts.json` with parameters."""

from __future__ import annotations

from games.core import IllegalAction
from games.core import Message
from games.core import Param
from games.core import english
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import TEXTS
from games.mauerbauer.data import TOWER_COLOURS

__all__ = [
    "card_list",
    "card_name",
    "colour_list",
    "house_colour",
    "illegal",
    "say",
    "tower_colour",
]


def say(key: str, **params: Param) -> Message:
    return english(TEXTS, key, **params)


def illegal(key: str, **params: Param) -> IllegalAction:
    """The refusal of a move, with the reason as a sentence (to raise)."""
    return IllegalAction(say(key, **params))


def card_name(kind: int) -> Message:
    return say(f"mauerbauer.card.{KINDS[kind]}")


def card_list(cards: tuple[int, ...]) -> Message:
    """One card's name, or "A and B"."""
    if len(cards) == 1:
        return card_name(cards[0])
    return say("mauerbauer.and", first=card_name(cards[0]), second=card_name(cards[1]))


def tower_colour(colour: int) -> Message:
    return say(f"mauerbauer.colour.{TOWER_COLOURS[colour]}")


def house_colour(colour: int) -> Message:
    return say(f"mauerbauer.colour.{HOUSE_COLOURS[colour]}")


def colour_list(colours: list[Message]) -> Message:
    """ "red", "red or blue", "red, blue or green"."""
    if len(colours) == 1:
        return colours[0]
    message = say("mauerbauer.or", first=colours[-2], second=colours[-1])
    for colour in reversed(colours[:-2]):
        message = say("mauerbauer.list", first=colour, rest=message)
    return message
