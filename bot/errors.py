"""The one hierarchy of errors a player can cause.

Each carries its own sentence as a catalogue key with parameters, so every
front-end can show it in the player's language; nothing else about an error
reaches a player.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Message
from games.core import Param

__all__ = ["PlayerError"]


class PlayerError(Exception):
    """A refusal: the request changes nothing and the player is told why."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__(key)
        self.message = Message(key, params)
        #: Seat names, for messages that refer to players by seat.
        self.names: tuple[str, ...] = ()

    @classmethod
    def from_message(cls, message: Message, names: Sequence[str] = ()) -> PlayerError:
        """A refusal worded by an engine; `names` name the seats it mentions."""
        error = cls(message.key)
        error.message = message
        error.names = tuple(names)
        return error
