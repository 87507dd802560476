"""Player-facing words: every sentence is a key of `texts.json` with parameters."""

from __future__ import annotations

from games.china.data import COLOURS, PROVINCE_NAMES, TEXTS
from games.core import IllegalAction, Message, Param, Player

__all__ = ["colour_name", "illegal", "province_name", "say"]


def _shown(value: Param) -> str:
    # As `games.core.english` shows parameters in the English default.
    if isinstance(value, Player):
        return f"Player {value.seat + 1}"
    if isinstance(value, Message):
        return value.default
    return str(value)


def say(key: str, **params: Param) -> Message:
    """The message with its English default, as `games.core.english(TEXTS, ...)` makes it.

    Formatted with `str.format_map`, which gives the same text for our plain
    `{name}` templates several times faster: the conformance checks and the
    log describe every move, and a position has hundreds.
    """
    shown = {name: _shown(value) for name, value in params.items()}
    return Message(key, params, TEXTS[key].format_map(shown))


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
