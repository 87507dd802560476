"""Player-facing words: every sentence is a key of `texts.json` with parameters."""

from __future__ import annotations

from games.china.data import COLOURS
from games.china.data import PROVINCE_NAMES
from games.china.data import TEXTS
from games.core import IllegalAction
from games.core import Message
from games.core import Param
from games.kit.words import plain_english

__all__ = ["colour_name", "illegal", "province_name", "say"]


def say(key: str, **params: Param) -> Message:
    """The message with its English default (plain templates: made quickly)."""
    return plain_english(TEXTS, key, **params)


_COLOUR_NAMES = tuple(say(f"china.colour.{name}") for name in COLOURS)


def colour_name(colour: int) -> Message:
    """A colour's name as a nested message ("red", "Rot", "rood")."""
    return _COLOUR_NAMES[colour]


def province_name(province: int) -> str:
    """Province names are proper names, the same in every language ("Ch'in")."""
    return PROVINCE_NAMES[province]


def illegal(key: str, **params: Param) -> IllegalAction:
    """The refusal of a move, with the reason as a sentence (to raise)."""
    return IllegalAction(say(key, **params))
