"""Player-facing words: every sentence is a key of `texts.json` with parameters."""

from __future__ import annotations

from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.data import TEXTS
from games.core import IllegalAction
from games.core import Message
from games.core import Param
from games.core import english

__all__ = ["card_name", "illegal", "say"]


def say(key: str, **params: Param) -> Message:
    return english(TEXTS, key, **params)


def card_name(kind: int, count: int = 1) -> Message:
    """The card's name as a nested message (singular, or plural for count != 1)."""
    return say(f"cm.card.{KINDS[kind]}" if count == 1 else f"cm.cards.{KINDS[kind]}")


def illegal(key: str, **params: Param) -> IllegalAction:
    """The refusal of a move, with the reason as a friendly sentence (to raise)."""
    return IllegalAction(say(key, **params))
