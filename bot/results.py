"""What the service hands to a front-end: plain data, no Discord types.

The Discord adapter and the console front-end both deliver these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Caller", "LobbyCard", "MoveButton", "Post", "Reply"]


@dataclass(frozen=True)
class Caller:
    """Who asks, and where."""

    user_id: int
    name: str
    guild_id: int | None = None
    #: The channel or thread the request came from.
    channel_id: int | None = None
    #: The caller's language (Discord locale such as "en-US", "de").
    locale: str | None = None
    #: The caller may manage the server (may abandon any game there).
    is_manager: bool = False


@dataclass(frozen=True)
class Post:
    """A public message for the game's thread (or channel)."""

    text: str
    image: bytes | None = None
    #: Users to ping with this message (the players who must act now).
    mentions: tuple[int, ...] = ()


@dataclass(frozen=True)
class MoveButton:
    """A move offered as a button: its label and its notation."""

    label: str
    notation: str


@dataclass(frozen=True)
class LobbyCard:
    """The lobby message of a game: its text and whether it is still open."""

    game_id: int
    text: str
    open: bool
    channel_id: int | None
    message_id: int | None


@dataclass(frozen=True)
class Reply:
    """The answer to one request.

    `text` (and `image`) go to the caller — privately unless `public`.
    `posts` go to the game's thread in order; `lobby` asks for the lobby
    message to be refreshed. `buttons` are moves to offer the caller, valid
    at `version` of game `game_id`.
    """

    text: str
    image: bytes | None = None
    public: bool = False
    game_id: int | None = None
    version: int | None = None
    posts: tuple[Post, ...] = ()
    lobby: LobbyCard | None = None
    buttons: tuple[MoveButton, ...] = field(default=())
    #: Where `posts` go: the game's thread, else its channel.
    post_channel_id: int | None = None
