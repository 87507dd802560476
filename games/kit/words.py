"""Messages made quickly, for games that describe hundreds of moves a position.

`games.core.english` formats any template; a game whose templates hold only
plain `{name}` fields gets the same English several times faster from
`plain_english` (`str.format_map`, or `games.core.fill` for a template with
word forms by number), which counts where every legal move is described (the
conformance checks, the log, autocomplete).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.core import Message
from games.core import Param
from games.core import Player
from games.core import fill

__all__ = ["plain_english"]


def _shown(value: Param) -> str:
    # As `games.core.english` shows parameters in the English default.
    if isinstance(value, Player):
        return f"Player {value.seat + 1}"
    if isinstance(value, Message):
        return value.default
    return str(value)


def plain_english(templates: Mapping[str, str], key: str, **params: Param) -> Message:
    """The message with its English default, as `games.core.english(templates, key, ...)` makes it
    for a template of plain `{name}` fields (no attribute or index lookups); one with word
    forms by number (`{count:# card|# cards}`) is filled by `games.core.fill`."""
    shown = {name: _shown(value) for name, value in params.items()}
    template = templates[key]
    return Message(key, params, fill(template, shown) if "|" in template else template.format_map(shown))
