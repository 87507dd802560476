"""Putting words and boards into Discord: private answers, thread posts, lobby edits.

Nothing here decides what to say; the service did. These helpers only know
Discord's limits (2,000 characters, files, pings, permissions) and never let
a failed delivery hide the answer the player is waiting for.

A game's post is a card (a components-v2 message): in one frame edged in the
colour of the seat it is about, its text, its board with the board's
description, and its buttons, read top to bottom on a phone.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
from collections import deque
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

import texts
from bot.discord_app.context import GAME_ID
from bot.discord_app.context import locale_of
from bot.errors import PlayerError
from bot.results import DeliveryFailed
from bot.results import LobbyCard
from bot.results import Post
from bot.store import StoreUnavailable

__all__ = [
    "BUTTONS_PER_ROW",
    "CONTENT_LIMIT",
    "MISSING",
    "NO_PINGS",
    "Card",
    "PostButtons",
    "answering",
    "apologise",
    "board_file",
    "chunks",
    "edit_lobby",
    "post_cards",
    "post_to_channel",
    "refuse",
    "send_direct",
    "send_private",
    "send_public",
]

log = logging.getLogger(__name__)

#: Discord's limit for a message's text.
CONTENT_LIMIT = 2_000
#: Discord's limits for a components-v2 message: the text of all its text displays together,
#: and its components, those inside others counted too.
CARD_TEXT_LIMIT = 4_000
CARD_COMPONENT_LIMIT = 40
#: Discord puts at most five buttons in a row.
BUTTONS_PER_ROW = 5
#: Files a media gallery shows as pictures; any other is shown as a file to download.
_PICTURES = (".png", ".gif", ".jpg", ".jpeg", ".webp")
#: The file name board images are uploaded under.
BOARD_FILENAME = "board.png"
#: The file name of a decision's close-up.
CLOSEUP_FILENAME = "closeup.png"
HAND_FILENAME = "hand.png"
#: Discord refuses a message that may ping more users than this.
MOST_PINGS = 100
_MENTION = re.compile(r"<@!?[0-9]+>")
#: Discord takes nonces of at most 25 characters.
NONCE_LENGTH = 25

#: The buttons under a post (persistent items, their custom ids carrying what they need).
PostButtons = Callable[[Post], Sequence[discord.ui.Item[Any]]]
MISSING: Any = discord.utils.MISSING
NO_PINGS = discord.AllowedMentions.none()
_FENCE = "```"
_CLOSE = "\n" + _FENCE
#: A code block's language after its opening fence (```ansi), kept when it is opened again.
_LANGUAGE = re.compile(r"[A-Za-z0-9_+.#-]{1,20}")
#: What a reader must see whole: a mention of a person, role or channel (`<@1>`, `<@&1>`,
#: `<#1>`), a custom emoji, a timestamp, a command or a link in angle brackets, a fence.
_UNIT = re.compile(r"<[^<>\s]{1,100}>|```")
_UNIT_MOST = 102


def board_file(png: bytes, filename: str = BOARD_FILENAME, description: str = "") -> discord.File:
    """A board image (or an animated replay) as an upload, with its description for
    screen readers (Discord's limit is 1,024 characters; the service keeps to it)."""
    return discord.File(io.BytesIO(png), filename=filename, description=description[:1024] or None)


def chunks(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """The text in pieces Discord accepts, each at most `limit` characters: cut between
    lines, and a line longer than a message between words; never inside a mention, an
    emoji, a timestamp or a link in angle brackets (`_UNIT`). A code block cut in two is
    closed at the end of one piece and opened again (in its language) at the start of the
    next, so that each message shows it as a block. Every post and reply goes through here."""
    pieces: list[str] = []
    lines: list[str] = []
    size = 0
    #: The fence of the code block open after `lines` (None: none is open).
    fence: str | None = None
    waiting = deque(text.strip().split("\n"))
    while waiting:
        line = waiting.popleft()
        after = _fence_after(fence, line)
        grown = size + bool(lines) + len(line) + (len(_CLOSE) if after else 0)
        if grown <= limit:
            if lines or line:  # a piece starts with no blank line
                size += bool(lines) + len(line)
                lines.append(line)
                fence = after
            continue
        holds_text = len(lines) > (lines[:1] == [fence])  # more than the block opened again
        if holds_text:
            pieces.append(_closed(lines, fence))
            lines = [fence] if fence else []
            size = len(fence) if fence else 0
            waiting.appendleft(line)
            continue
        # One line longer than a message: what fits (with room to close a block), then the rest.
        closing = len(_CLOSE) if fence or _FENCE in line else 0
        cut = _cut(line, limit - size - bool(lines) - closing)
        waiting.extendleft((line[cut:].lstrip(" "), line[:cut]))
    if lines or not pieces:
        pieces.append(_closed(lines, fence))
    return pieces


def _fence_after(fence: str | None, line: str) -> str | None:
    """The fence of the code block open after `line`, given the one open before it."""
    if line.count(_FENCE) % 2 == 0:
        return fence
    if fence is not None:
        return None
    language = line[line.rfind(_FENCE) + len(_FENCE) :]
    return _FENCE + language if _LANGUAGE.fullmatch(language) else _FENCE


def _closed(lines: list[str], fence: str | None) -> str:
    return "\n".join(lines).rstrip() + (_CLOSE if fence else "")


def _cut(line: str, room: int) -> int:
    """Where to cut a line longer than `room`: at its last space that leaves at least half
    the room filled, else at `room`, moved back to the start of a mention it falls in."""
    space = line.rfind(" ", 0, room + 1)
    if space >= room // 2 and space > 0:
        return space
    cut = room
    for unit in _UNIT.finditer(line, max(room - _UNIT_MOST, 0), room + _UNIT_MOST):
        if unit.start() < cut < unit.end():
            cut = unit.start()
    return cut if cut > 0 else room


def _ping_line(user_ids: Sequence[int]) -> str:
    """Who is pinged, `MOST_PINGS` to a line (a line is never cut, `_few_pings`)."""
    mentions = [f"<@{user_id}>" for user_id in user_ids]
    return "\n".join(" ".join(mentions[n : n + MOST_PINGS]) for n in range(0, len(mentions), MOST_PINGS))


def _few_pings(pieces: Sequence[str], user_ids: Sequence[int]) -> list[str]:
    """The pieces, each naming at most `MOST_PINGS` of the people pinged: a piece that names
    more is cut between its lines (Discord refuses a message that would ping more)."""
    pinged = {f"<@{user_id}>" for user_id in user_ids}
    out: list[str] = []
    for piece in pieces:
        lines: list[str] = []
        named: set[str] = set()
        for line in piece.split("\n"):
            here = {found for found in _MENTION.findall(line) if found in pinged}
            if lines and len(named | here) > MOST_PINGS:
                out.append("\n".join(lines))
                lines, named = [], set()
            lines.append(line)
            named |= here
        out.append("\n".join(lines))
    return out


def _pings(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Only the named users may be pinged: never roles, @everyone or anyone quoted."""
    if not user_ids:
        return NO_PINGS
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in user_ids]
    )


async def send_private(
    interaction: discord.Interaction[Any],
    text: str,
    *,
    image: bytes | None = None,
    view: discord.ui.View | None = None,
    filename: str = BOARD_FILENAME,
    description: str = "",
    closeup: bytes | None = None,
    closeup_description: str = "",
    hand: bytes | None = None,
    hand_description: str = "",
) -> None:
    """Answer the caller alone (the interaction was deferred ephemerally); with the board,
    the hand where it is a picture of its own, and the close-up of the caller's decision
    after them where there is one."""
    pieces = chunks(text)
    for piece in pieces[:-1]:
        await interaction.followup.send(piece, ephemeral=True, allowed_mentions=NO_PINGS)
    files = [board_file(image, filename, description)] if image is not None else []
    if hand is not None:
        files.append(board_file(hand, HAND_FILENAME, hand_description))
    if closeup is not None:
        files.append(board_file(closeup, CLOSEUP_FILENAME, closeup_description))
    await interaction.followup.send(
        pieces[-1],
        ephemeral=True,
        files=files or MISSING,
        view=view if view is not None else MISSING,
        allowed_mentions=NO_PINGS,
    )


def _may_post(channel: object, *, files: bool) -> bool:
    """Whether the bot may post (and upload) there; checked first, as refusals cost."""
    if not isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
        return True  # A partial channel: nothing known to check, Discord decides.
    me = channel.guild.me
    permissions = channel.permissions_for(me)
    needed = (
        permissions.send_messages_in_threads
        if isinstance(channel, discord.Thread)
        else (permissions.send_messages)
    )
    return needed and permissions.view_channel and (permissions.attach_files or not files)


async def _channel(client: discord.Client, channel_id: int) -> discord.abc.Messageable | None:
    """A channel to post in: cached, else fetched (an archived thread is not cached)."""
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("channel %s cannot be fetched", channel_id)
            return None
    if not isinstance(channel, discord.abc.Messageable):
        log.warning("channel %s cannot take messages", channel_id)
        return None
    return channel


async def post_to_channel(
    client: discord.Client,
    channel_id: int,
    posts: Sequence[Post],
    *,
    game_id: int | None,
    buttons_for: PostButtons,
    fallback_channel_id: int | None = None,
) -> None:
    """One card per post: its text, its board, its buttons, a ping for who must act now.

    Raises `DeliveryFailed` when a post was not accepted, so that the service
    keeps it and tries again. A thread that is gone, locked or closed to the
    bot gives way to the game's channel (`fallback_channel_id`).
    """
    channel = await _channel(client, channel_id)
    if channel is None and fallback_channel_id is not None:
        channel = await _channel(client, fallback_channel_id)
    if channel is None:
        raise DeliveryFailed(f"channel {channel_id} is gone")
    for post in posts:
        try:
            await _send_post(channel, post, buttons_for)
        except (discord.NotFound, discord.Forbidden, _MayNotPost) as refused:
            fallback = None
            if fallback_channel_id is not None and getattr(channel, "id", None) != fallback_channel_id:
                fallback = await _channel(client, fallback_channel_id)
            if fallback is None:
                raise DeliveryFailed(
                    f"game {game_id}: channel {channel_id} refused a post: {refused}"
                ) from None
            log.warning(
                "game %s: the thread %s refused a post (%s); posting in its channel",
                game_id,
                channel_id,
                refused,
            )
            try:
                await _send_post(fallback, post, buttons_for)
            except (discord.HTTPException, _MayNotPost) as error:
                raise DeliveryFailed(f"game {game_id}: no place takes its posts: {error}") from None
        except discord.HTTPException as error:
            raise DeliveryFailed(f"game {game_id}: a post to channel {channel_id} failed: {error}") from None


class _MayNotPost(Exception):
    """The bot lacks the permission to post there (checked before trying)."""


async def _send_post(channel: discord.abc.Messageable, post: Post, buttons_for: PostButtons) -> None:
    file = None
    if post.image is not None and _may_post(channel, files=True):
        file = board_file(post.image, post.filename, post.description)
    elif not _may_post(channel, files=False):
        raise _MayNotPost(f"no permission to post in {getattr(channel, 'id', '?')}")
    cards = post_cards(post, buttons_for(post), file)
    pings = _pings_by_piece([card.text for card in cards], post.mentions)
    for number, card in enumerate(cards):
        await channel.send(
            view=card.view,
            file=card.file or MISSING,
            allowed_mentions=pings[number],
            **_once(post, number),
        )


@dataclass(frozen=True)
class Card:
    """One message of a post: its layout, its text (where its pings are) and its upload."""

    view: discord.ui.LayoutView
    text: str
    file: discord.File | None = None


def post_cards(post: Post, buttons: Sequence[discord.ui.Item[Any]], file: discord.File | None) -> list[Card]:
    """A post as cards: its text (the ping line last), then its file (`file`: a board is shown
    in a media gallery with its description), then its buttons, five to a row. Usually one
    card; a text longer than a card's goes on in the next (cut by `chunks`), and what would
    pass the components a card may hold goes into another card after it."""
    text = f"{post.text}\n{_ping_line(post.mentions)}" if post.mentions else post.text
    pieces = _few_pings(chunks(text, CARD_TEXT_LIMIT), post.mentions)
    cards: list[list[discord.ui.Item[Any]]] = [
        [discord.ui.TextDisplay[Any](piece)] for piece in pieces if piece
    ] or [[]]
    shown_in = None
    if file is not None:
        cards[-1].append(_shown(file))
        shown_in = len(cards) - 1
    for start in range(0, len(buttons), BUTTONS_PER_ROW):
        row = discord.ui.ActionRow[Any](*buttons[start : start + BUTTONS_PER_ROW])
        # The card's frame is one of its components too.
        if 1 + sum(map(_components, cards[-1])) + _components(row) > CARD_COMPONENT_LIMIT:
            cards.append([])
        cards[-1].append(row)
    return [
        _card(items, post.accent, file if number == shown_in else None)
        for number, items in enumerate(cards)
        if items
    ]


def _shown(file: discord.File) -> discord.ui.Item[Any]:
    """An upload as a card shows it: a picture with its description, or a file."""
    if file.filename.lower().endswith(_PICTURES):
        return discord.ui.MediaGallery[Any](discord.MediaGalleryItem(file))
    return discord.ui.File[Any](file)


def _components(item: discord.ui.Item[Any]) -> int:
    """How many components an item counts for: a row with its buttons."""
    children = item.children if isinstance(item, discord.ui.ActionRow) else ()
    return 1 + len(children)


def _card(items: list[discord.ui.Item[Any]], accent: int | None, file: discord.File | None) -> Card:
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container[Any](*items, accent_colour=accent))
    said = [item.content for item in items if isinstance(item, discord.ui.TextDisplay)]
    return Card(view, "\n".join(said), file)


def _pings_by_piece(pieces: Sequence[str], user_ids: Sequence[int]) -> list[discord.AllowedMentions]:
    """Who each message of a post pings: everyone once, in the last message that names them
    (the ping line ends the post, and a long one may be cut over several messages; no
    message names more than `MOST_PINGS` of them, `_few_pings`)."""
    last = {
        user_id: number
        for number, piece in enumerate(pieces)
        for user_id in user_ids
        if f"<@{user_id}>" in piece
    }
    return [_pings([u for u in user_ids if last.get(u) == number]) for number in range(len(pieces))]


def _once(post: Post, piece: int) -> dict[str, Any]:
    """The nonce of one message of a post (discord.py asks Discord to enforce it): should the
    same piece be sent again (the game's record of it was lost), Discord returns the first
    and makes no second."""
    nonce = f"{post.nonce}.{piece}"
    if not post.nonce or len(nonce) > NONCE_LENGTH:
        return {}
    return {"nonce": nonce}


async def send_public(interaction: discord.Interaction[Any], post: Post) -> discord.Message | None:
    """Post in the interaction's channel with the bot's own token (editable for ever), as
    cards like the game's own posts (`post_cards`), pinging nobody.

    Returns its last message, or None, having posted nothing, when the bot may not post
    there.
    """
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        return None
    if not _may_post(channel, files=post.image is not None):
        return None
    file = board_file(post.image, post.filename, post.description) if post.image is not None else None
    message = None
    for card in post_cards(post, (), file):
        message = await channel.send(view=card.view, file=card.file or MISSING, allowed_mentions=NO_PINGS)
    return message


async def send_direct(client: discord.Client, user_id: int, text: str) -> None:
    """A direct message; people who closed their DMs are skipped quietly."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        for piece in chunks(text):
            await user.send(piece, allowed_mentions=NO_PINGS)
    except discord.HTTPException as error:
        log.info("user %s cannot be sent a direct message: %s", user_id, error)


async def edit_lobby(client: discord.Client, card: LobbyCard, view: discord.ui.View | None) -> None:
    """Show the lobby's new state in its message; no view removes the buttons.

    The edit goes through the channel with the bot token: interaction tokens
    expire after 15 minutes and lobbies last longer.
    """
    if card.channel_id is None or card.message_id is None:
        return
    message = client.get_partial_messageable(card.channel_id).get_partial_message(card.message_id)
    try:
        await message.edit(content=chunks(card.text)[0], view=view, allowed_mentions=NO_PINGS)
    except discord.HTTPException:
        log.warning("game %s: the lobby message %s cannot be edited", card.game_id, card.message_id)


async def _say_privately(interaction: discord.Interaction[Any], text: str) -> None:
    for piece in chunks(text):
        if interaction.response.is_done():
            await interaction.followup.send(piece, ephemeral=True, allowed_mentions=NO_PINGS)
        else:
            await interaction.response.send_message(piece, ephemeral=True, allowed_mentions=NO_PINGS)


async def refuse(interaction: discord.Interaction[Any], error: PlayerError) -> None:
    """A player's mistake: its sentence, to them alone; nothing changed."""
    await _say_privately(interaction, texts.render(error.message, locale_of(interaction), error.names))


async def apologise(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Our mistake: logged with the game it concerns, a short apology to the player.

    When the database server cannot be reached the player hears so: nothing was changed
    (the transaction rolled back), and trying again later will work."""
    if _database_unreachable(error):
        log.warning("game %s: the database cannot be reached: %s", interaction.extras.get(GAME_ID), error)
        with contextlib.suppress(discord.HTTPException):
            await _say_privately(interaction, texts.t("discord.error.database", locale_of(interaction)))
        return
    log.error(
        "game %s: unexpected error answering %s from user %s",
        interaction.extras.get(GAME_ID),
        _what(interaction),
        interaction.user.id,
        exc_info=error,
    )
    try:
        await _say_privately(interaction, texts.t("discord.error.apology", locale_of(interaction)))
    except discord.HTTPException:
        log.warning("the apology for interaction %s could not be sent", interaction.id)


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
    """The net under a button or a menu, which has no command tree to catch what goes wrong:
    whatever escapes the block is apologised for (`apologise`)."""
    try:
        yield
    except Exception as error:
        await apologise(interaction, error)


def _database_unreachable(error: BaseException | None) -> bool:
    """Whether `error`, or what it wraps (a command's error wraps the original), is a lost database."""
    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, StoreUnavailable):
            return True
        error = getattr(error, "original", None) or error.__cause__
        seen += 1
    return False


def _what(interaction: discord.Interaction[Any]) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"
