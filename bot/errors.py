"""The one hierarchy of errors a player can cause.

Each carries its own sentence as a catalogue key with parameters, so every
front-end can show it in the player's language; nothing else about an error
reaches a player.
"""

from __future__ import annotations

from games.core import Message, Param

__all__ = ["PlayerError"]


class PlayerError(Exception):
    """A refusal: the request changes nothing and the player is told why."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__(key)
        self.message = Message(key, params)

    @classmethod
    def from_message(cls, message: Message) -> PlayerError:
        error = cls(message.key)
        error.message = message
        return error
