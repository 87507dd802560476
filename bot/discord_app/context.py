"""Who asks and what they ask for: from a Discord interaction to the service's terms.

Commands and buttons describe their work as a `Work` function over a
`Request`; the `Responder` (set on the bot) defers, runs it and delivers the
reply. The protocol lives here so buttons can reach the responder without
importing the module that builds their views.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from typing import Protocol

import discord

from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Reply
from bot.service import GameService

__all__ = [
    "PUBLIC_POST_COOLDOWN_S",
    "Request",
    "Responder",
    "Work",
    "caller_of",
    "locale_of",
    "responder_of",
    "service_of",
]

#: Key in `interaction.extras` under which the game a request is about is kept,
#: so an unexpected error can be logged with it.
GAME_ID = "game_id"


@dataclass(frozen=True)
class Request:
    """One player's request, as the service sees it."""

    service: GameService
    caller: Caller
    extras: dict[Any, Any]

    async def game(self, ref: str | int | None) -> int:
        """The game the request is about: named, this thread's, or the caller's only one."""
        game_id = await self.service.find_game(self.caller, ref)
        self.extras[GAME_ID] = game_id
        return game_id


Work = Callable[[Request], Awaitable[Reply]]


class Responder(Protocol):
    """Answers an interaction: defer, run the work, deliver its reply."""

    async def respond(
        self, interaction: discord.Interaction[Any], work: Work, *, anywhere: bool = False
    ) -> None: ...


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The caller's language, as Discord names it ("en-US", "de", ...)."""
    return str(interaction.locale)


#: How often one person may post a board or a replay for everyone (seconds).
PUBLIC_POST_COOLDOWN_S = 20.0


def caller_of(interaction: discord.Interaction[Any], *, anywhere: bool = False) -> Caller:
    """The `Caller` behind an interaction.

    Games live in servers, so requests from DMs are refused unless `anywhere`
    (for what needs no game, such as the rules).
    """
    if interaction.guild_id is None and not anywhere:
        raise PlayerError("discord.error.dm")
    return Caller(
        user_id=interaction.user.id,
        name=interaction.user.display_name,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        locale=locale_of(interaction),
        is_manager=interaction.permissions.manage_guild,
        guild_locale=str(interaction.guild_locale) if interaction.guild_locale is not None else None,
        sees=_sees(interaction),
        roles=_roles(interaction),
        exists=_exists(interaction),
    )


def _roles(interaction: discord.Interaction[Any]) -> frozenset[int]:
    """The member's roles as Discord sent them with this very interaction: a role taken
    away counts at once."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return frozenset()
    return frozenset(role.id for role in member.roles)


def _exists(interaction: discord.Interaction[Any]) -> Callable[[int], bool] | None:
    """Whether a channel or role of this server (by id) still exists, as the bot knows it."""
    guild = interaction.guild
    if guild is None:
        return None

    def exists(place_id: int) -> bool:
        return guild.get_channel_or_thread(place_id) is not None or guild.get_role(place_id) is not None

    return exists


def _sees(interaction: discord.Interaction[Any]) -> Callable[[int], bool] | None:
    """Whether the user may view a channel or thread of this server (by id)."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return None

    def sees(channel_id: int) -> bool:
        place = guild.get_channel_or_thread(channel_id)
        if place is None:
            return True  # not in the cache (an archived thread): its channel decides
        return place.permissions_for(member).view_channel

    return sees


def service_of(client: discord.Client) -> GameService:
    """The game service of a set-up bot."""
    service = getattr(client, "service", None)
    if not isinstance(service, GameService):
        raise RuntimeError("the bot has no game service; was setup_hook run?")
    return service


def responder_of(interaction: discord.Interaction[Any]) -> Responder:
    """The responder of the bot that received the interaction."""
    responder: Responder | None = getattr(interaction.client, "responder", None)
    if responder is None:
        raise RuntimeError("the bot has no responder; was setup_hook run?")
    return responder
