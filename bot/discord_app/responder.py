"""Answering an interaction: defer at once, then ask the service, then deliver.

Discord wants an answer within three seconds, so every request is deferred
(privately) before the database or the renderer is touched. The service's
`Reply` then goes out in pieces: the caller's own answer (private), public
messages with the bot's token, the thread posts, and the refreshed lobby.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any
from typing import Literal
from typing import TypeVar

import discord

import games
import texts
from bot.discord_app.components import hand_view
from bot.discord_app.components import level_view
from bot.discord_app.components import lobby_view
from bot.discord_app.components import post_buttons
from bot.discord_app.context import GAME_ID
from bot.discord_app.context import PUBLIC_POST_COOLDOWN_S
from bot.discord_app.context import Request
from bot.discord_app.context import Work
from bot.discord_app.context import caller_of
from bot.discord_app.context import locale_of
from bot.discord_app.context import service_of
from bot.discord_app.delivery import MISSING
from bot.discord_app.delivery import NO_PINGS
from bot.discord_app.delivery import chunks
from bot.discord_app.delivery import edit_lobby
from bot.discord_app.delivery import post_to_channel
from bot.discord_app.delivery import refuse
from bot.discord_app.delivery import send_direct
from bot.discord_app.delivery import send_private
from bot.discord_app.delivery import send_public
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Dispatch
from bot.results import Post
from bot.results import Reply
from bot.service import GameService
from bot.store import Places

__all__ = ["InteractionResponder", "ask", "deliver_dispatch"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Threads of games that last days: archived only after a week without messages.
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10_080


async def deliver_dispatch(client: discord.Client, dispatch: Dispatch) -> None:
    """A game's posts, in order, to its thread (or channel); then its direct messages."""
    if dispatch.posts and dispatch.channel_id is not None:
        game_id = dispatch.game_id
        await post_to_channel(
            client,
            dispatch.channel_id,
            dispatch.posts,
            game_id=game_id,
            buttons_for=lambda post: post_buttons(game_id, post, dispatch.locale),
            fallback_channel_id=dispatch.fallback_channel_id,
        )
    for message in dispatch.direct:
        await send_direct(client, message.user_id, message.text)
    if dispatch.lobby is not None:
        await edit_lobby(client, dispatch.lobby, lobby_view(dispatch.lobby, dispatch.lobby.locale))


async def ask(
    interaction: discord.Interaction[Any],
    work: Callable[[Request], Awaitable[T]],
    *,
    anywhere: bool = False,
    update: bool = False,
) -> T | None:
    """Defer, then run the work for the caller: its answer, or None once its refusal (the
    player's mistake) has been said instead. Anything else that goes wrong goes on to the
    net under the interaction: the command tree's, or a button's own (`answering`).

    The deferral is private ("thinking"), or with `update` the silent one of a menu whose
    own message the answer redraws; `anywhere` lets the work run outside servers too
    (see `caller_of`).
    """
    try:
        caller = caller_of(interaction, anywhere=anywhere)
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        return await work(Request(service_of(interaction.client), caller, interaction.extras))
    except PlayerError as error:
        await refuse(interaction, error)
        return None


class InteractionResponder:
    """The one way commands and buttons answer (see `context.Responder`)."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        #: (server, user) -> when they last had a board or replay posted for everyone.
        self._public_posts: dict[tuple[int | None, int], float] = {}

    @property
    def service(self) -> GameService:
        return service_of(self._client)

    async def respond(
        self, interaction: discord.Interaction[Any], work: Work, *, anywhere: bool = False
    ) -> None:
        """Defer privately, run the work (`ask`), deliver its reply; refusals stay private."""
        reply = await ask(interaction, work, anywhere=anywhere)
        if reply is not None:
            await self.deliver(interaction, reply)

    async def deliver(self, interaction: discord.Interaction[Any], reply: Reply) -> None:
        """The caller's answer first (they are waiting), then thread posts and the lobby."""
        locale = locale_of(interaction)
        if reply.game_id is not None:
            interaction.extras[GAME_ID] = reply.game_id
        if reply.public:
            await self._publish(interaction, reply)
        else:
            # A hand (its picture, or moves still to make) gets its buttons; a replay does not.
            shows_hand = (
                reply.buttons
                or reply.offers_hint
                or (reply.image is not None and reply.filename == "board.png")
            )
            view = hand_view(reply, locale) if shows_hand else level_view(reply)
            await send_private(
                interaction,
                reply.text,
                image=reply.image,
                view=view,
                filename=reply.filename,
                description=reply.description,
                closeup=reply.closeup,
                closeup_description=reply.closeup_description,
                hand=reply.hand,
                hand_description=reply.hand_description,
            )
        if reply.lobby is not None:
            await edit_lobby(self._client, reply.lobby, lobby_view(reply.lobby, reply.lobby.locale))

    async def _publish(self, interaction: discord.Interaction[Any], reply: Reply) -> None:
        """A public answer is a message of the bot's own; the private "thinking" goes away.

        Only in the game's own thread or channel, and only where the caller may post
        too: elsewhere the answer is the caller's alone.
        """
        elsewhere = bool(reply.public_in) and interaction.channel_id not in reply.public_in
        permissions = interaction.permissions
        may_post = (
            permissions.send_messages_in_threads
            if isinstance(interaction.channel, discord.Thread)
            else permissions.send_messages
        )
        now = asyncio.get_running_loop().time()
        who = (interaction.guild_id, interaction.user.id)
        too_soon = now - self._public_posts.get(who, -PUBLIC_POST_COOLDOWN_S) < PUBLIC_POST_COOLDOWN_S
        if elsewhere or not may_post or too_soon:
            key = (
                "discord.public.elsewhere"
                if elsewhere
                else "discord.public.not_yours"
                if not may_post
                else "discord.public.cooldown"
            )
            await _privately(interaction, reply, key)
            return
        message = await send_public(
            interaction,
            Post(
                reply.text,
                reply.image,
                filename=reply.filename,
                description=reply.description,
                accent=reply.accent,
            ),
        )
        if message is None:
            await _privately(interaction, reply, "discord.public.fallback")
            return
        # A board for everyone is a large post: each person shows one now and then.
        # Only posts still inside their cooldown are remembered, so this stays small.
        self._public_posts = {
            key: at for key, at in self._public_posts.items() if now - at < PUBLIC_POST_COOLDOWN_S
        }
        self._public_posts[who] = now
        await interaction.delete_original_response()

    # ------------------------------------------------------------------ lobby

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        engine_id: str,
        options: dict[str, Any],
        hints: bool | None = None,
    ) -> None:
        """`/game new`: the lobby message with its buttons, and the game's own thread."""
        try:
            caller = caller_of(interaction)
            channel = interaction.channel
            if isinstance(channel, discord.Thread):
                raise PlayerError("discord.error.new_in_thread")
            permissions = interaction.app_permissions
            may_post = permissions.view_channel and permissions.send_messages
            if not isinstance(channel, discord.abc.Messageable) or not may_post:
                raise PlayerError("discord.error.cannot_post")
            # The bot posts the lobby for the member: only where they may post themselves.
            if not interaction.permissions.send_messages:
                raise PlayerError("discord.error.you_cannot_post")
            await interaction.response.defer(ephemeral=True, thinking=True)
            reply = await self.service.new_game(caller, engine_id, options, hints=hints)
        except PlayerError as error:
            await refuse(interaction, error)
            return
        await self._announce_lobby(interaction, caller, reply, channel, engine_id)

    async def _announce_lobby(
        self,
        interaction: discord.Interaction[Any],
        caller: Caller,
        reply: Reply,
        channel: discord.abc.Messageable,
        engine_id: str,
    ) -> None:
        card, game_id = reply.lobby, reply.game_id
        if card is None or game_id is None:
            raise RuntimeError("the service opened a game without a lobby")
        interaction.extras[GAME_ID] = game_id
        locale = caller.locale
        view = lobby_view(card, card.locale)
        try:
            message = await channel.send(
                chunks(reply.text)[0], view=view if view is not None else MISSING, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException as error:
            # Nobody could see or join it: take the game back rather than leave an orphan lobby.
            log.warning("game %s: the lobby message could not be posted (%s); game withdrawn", game_id, error)
            await self.service.withdraw(game_id)
            await refuse(interaction, PlayerError("discord.error.cannot_post"))
            return
        thread = await self._thread_for(interaction, message, engine_id, game_id)
        await self.service.attach(
            game_id,
            Places(
                thread_id=thread.id if thread is not None else None,
                lobby_message_id=message.id,
                channel_id=message.channel.id,
            ),
        )
        if thread is not None:
            said = texts.t("discord.lobby.opened_thread", locale, id=game_id, thread=thread.mention)
        else:
            said = texts.t("discord.lobby.opened_here", locale, id=game_id)
        await send_private(interaction, said)

    async def _thread_for(
        self, interaction: discord.Interaction[Any], message: discord.Message, engine_id: str, game_id: int
    ) -> discord.Thread | None:
        """The game's own thread, when the bot may create one and post in it."""
        channel = interaction.channel
        permissions = interaction.app_permissions
        if not isinstance(channel, discord.TextChannel):
            return None
        if not (permissions.create_public_threads and permissions.send_messages_in_threads):
            return None
        name = texts.t("discord.thread.name", None, game=_title(engine_id), id=game_id)
        try:
            return await channel.create_thread(
                name=name[:100], message=message, auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except discord.HTTPException:
            log.warning("game %s: the thread could not be created; playing in the channel", game_id)
            return None


def _title(engine_id: str) -> str:
    try:
        return games.get(engine_id).title
    except KeyError:
        return engine_id


async def _privately(interaction: discord.Interaction[Any], reply: Reply, note_key: str) -> None:
    """The answer for the caller alone, with the note (`note_key`) that says why it is not public."""
    note = texts.t(note_key, locale_of(interaction))
    await send_private(
        interaction,
        f"{reply.text}\n{note}",
        image=reply.image,
        filename=reply.filename,
        description=reply.description,
    )
