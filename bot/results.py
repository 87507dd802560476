"""What the service hands to a front-end: plain data, no Discord types.

The Discord adapter and the console front-end both deliver these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field

__all__ = [
    "Caller",
    "DeliveryFailed",
    "DirectMessage",
    "Dispatch",
    "LobbyCard",
    "LobbyOption",
    "MoveButton",
    "Post",
    "Reply",
]


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
    #: The server's language, for what is posted in its channels.
    guild_locale: str | None = None
    #: Whether the caller may see a channel or thread (by id); None: everything.
    #: A game is found only by those who can see where it is played.
    sees: Callable[[int], bool] | None = field(default=None, compare=False, repr=False)
    #: The ids of the caller's roles in this server, as they are at this request.
    roles: frozenset[int] = frozenset()
    #: Whether a channel or role of this server (by id) still exists; None: all do.
    exists: Callable[[int], bool] | None = field(default=None, compare=False, repr=False)

    def may_see(self, *channel_ids: int | None) -> bool:
        """Whether the caller sees every one of these (unknown places count as seen)."""
        return self.sees is None or all(self.sees(c) for c in channel_ids if c is not None)


@dataclass(frozen=True)
class Post:
    """A public message for the game's thread (or channel)."""

    text: str
    image: bytes | None = None
    #: Users to ping with this message (the players who must act now).
    mentions: tuple[int, ...] = ()
    #: The name the image is uploaded under (a board, or an animated replay).
    filename: str = "board.png"
    #: Buttons under the post: (label, custom action) pairs the front-end turns into buttons.
    actions: tuple[tuple[str, str], ...] = ()
    #: The image's description (alt text) for screen readers: plain text, at most 1,024 characters.
    description: str = ""
    #: What the post tells, the same whenever it is sent (at most 22 characters; "" for
    #: none): Discord drops a copy sent again within a few minutes (its `enforce_nonce`),
    #: as after a stop between Discord accepting the post and the game recording it.
    nonce: str = ""
    #: The colour of the seat the post is about (who must act now, or the winner), as
    #: 0xRRGGBB, the colour its board draws that seat in; None: no seat's.
    accent: int | None = None
    #: The post asks players to act whom it may not mention (asked privately): it offers
    #: them their hand all the same.
    asks: bool = False


@dataclass(frozen=True)
class DirectMessage:
    """A private message to one person (their turn, a reminder), outside any interaction."""

    user_id: int
    text: str


class DeliveryFailed(Exception):
    """A front-end could not deliver a post (Discord refused or failed it).

    The service then counts it as not delivered: it keeps it and tries again
    later, and what followed from it (the next deadline) waits too.
    """


@dataclass(frozen=True)
class Dispatch:
    """What a game's thread and players are told, in order, after something happened."""

    game_id: int
    #: The game's thread, else its channel; None when it has neither (the console).
    channel_id: int | None
    posts: tuple[Post, ...] = ()
    direct: tuple[DirectMessage, ...] = ()
    #: The language of the posts (the server's), for button labels.
    locale: str | None = None
    #: Where to post instead when the game's thread is gone or locked: its channel.
    fallback_channel_id: int | None = None
    #: The game's lobby message as it must now read (a lobby closed in the background).
    lobby: LobbyCard | None = None


@dataclass(frozen=True)
class MoveButton:
    """A move offered as a button: its label and its notation."""

    label: str
    notation: str


@dataclass(frozen=True)
class LobbyOption:
    """One game option in a lobby: its label, its choices and the current one.

    The front-end offers a select menu per option (the host's to change
    until the start) that calls `GameService.set_option(name, value)`.
    """

    name: str
    label: str
    #: (value, label) pairs, in the engine's order.
    choices: tuple[tuple[str, str], ...]
    #: The value chosen now (the default until the host picks one).
    current: str


@dataclass(frozen=True)
class LobbyCard:
    """The lobby message of a game: its text and whether it is still open."""

    game_id: int
    text: str
    open: bool
    channel_id: int | None
    message_id: int | None
    #: The language it is written in (the server's).
    locale: str | None = None
    #: The game's options, each with its current choice (empty: no options).
    options: tuple[LobbyOption, ...] = ()


@dataclass(frozen=True)
class Reply:
    """The answer to one request.

    `text` (and `image`) go to the caller — privately unless `public`;
    `lobby` asks for the lobby message to be refreshed. `buttons` are moves
    to offer the caller (the engine's `quick_actions`, at most 20, most
    useful first), valid at `version` of game `game_id` and turn `turn`. What the
    game's thread hears comes separately, as a `Dispatch`, once the move is
    safely stored.
    """

    text: str
    image: bytes | None = None
    public: bool = False
    game_id: int | None = None
    version: int | None = None
    lobby: LobbyCard | None = None
    buttons: tuple[MoveButton, ...] = field(default=())
    #: The game's `turn_number` when the buttons were made: a button stays
    #: good while its turn lasts and its own seat has not acted since.
    turn: int | None = None
    #: The image's file name when it is not a board.
    filename: str = "board.png"
    #: The image's description (alt text) for screen readers: plain text, at most 1,024 characters.
    description: str = ""
    #: A private answer's close-up of the caller's decision: where its legal moves are on the
    #: board, each labelled large (None: the decision picks no place); and its description.
    closeup: bytes | None = None
    closeup_description: str = ""
    #: The seat's hand as a picture of its own, where the game draws it apart from a board it
    #: would make too tall (None: the board shows it); and its description.
    hand: bytes | None = None
    hand_description: str = ""
    #: Where a public answer may be posted: the game's own thread and channel
    #: (elsewhere, or where the caller may not post, it is answered privately).
    public_in: tuple[int, ...] = ()
    #: A public answer's colour, as a post's (`Post.accent`): the seat to act, or the winner.
    accent: int | None = None
    #: A private answer to a person who must decide in a game with hints on: it offers a Hint button.
    offers_hint: bool = False
    #: The AI levels the caller may choose from, as (level, label): each adds an AI at
    #: that level to lobby `game_id` (the lobby's Add-bot button asks this way).
    bot_levels: tuple[tuple[str, str], ...] = ()
