"""Buttons and menus that survive restarts: lobby buttons and option menus,
move buttons and the move menu, "show my hand".

Each is a `discord.ui.DynamicItem`: everything it needs (game, action,
version, turn, move, option) is in its custom id, and every click loads the
game afresh from the database through the service. The bot registers these
classes with `add_dynamic_items`, so a click on a message from before a
restart still reaches them.
"""

from __future__ import annotations

import logging
import re
from typing import Any
from typing import Self

import discord

import texts
from bot.discord_app.context import GAME_ID
from bot.discord_app.context import Request
from bot.discord_app.context import Work
from bot.discord_app.context import responder_of
from bot.discord_app.delivery import BUTTONS_PER_ROW
from bot.discord_app.delivery import answering
from bot.results import LobbyCard
from bot.results import Post
from bot.results import Reply
from bot.service import GameService

__all__ = [
    "LOBBY_ACTIONS",
    "BotLevelButton",
    "HandButton",
    "HintButton",
    "LobbyButton",
    "MoveButton",
    "MoveSelect",
    "OptionSelect",
    "TimeoutButton",
    "hand_view",
    "level_view",
    "lobby_view",
    "post_buttons",
]

log = logging.getLogger(__name__)

#: Discord's limits for a button.
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
#: Discord's limits for a select menu.
SELECT_OPTIONS_LIMIT = 25
SELECT_VALUE_LIMIT = 100
PLACEHOLDER_LIMIT = 150
#: Move buttons sit in rows 0-3, five to a row; the last row holds "Refresh".
MOVE_ROWS = 4
#: A lobby's buttons take the first row; each option gets a menu in a row below.
MAX_OPTION_MENUS = 4

LOBBY_ACTIONS = ("join", "leave", "addbot", "start")
_LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "addbot": discord.ButtonStyle.primary,
    "start": discord.ButtonStyle.success,
}

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]


async def _click(interaction: discord.Interaction[Any], game_id: int, work: Work) -> None:
    """Run a button's work; a button has no command tree to catch what goes wrong."""
    interaction.extras[GAME_ID] = game_id
    async with answering(interaction):
        await responder_of(interaction).respond(interaction, work)


class LobbyButton(
    discord.ui.DynamicItem[Button], template=r"bm:lobby:(?P<game>[0-9]+):(?P<action>join|leave|addbot|start)"
):
    """Join, Leave, Add bot or Start on a lobby message."""

    def __init__(self, game_id: int, action: str, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=_LOBBY_STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"bm:lobby:{game_id}:{action}",
            )
        )
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), match["action"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        game_id, action = self.game_id, self.action

        async def work(request: Request) -> Reply:
            service, caller = request.service, request.caller
            if action == "join":
                return await service.join(caller, game_id)
            if action == "leave":
                return await service.leave(caller, game_id)
            if action == "addbot":
                return await service.bot_levels(caller, game_id)
            return await service.start(caller, game_id)

        await _click(interaction, game_id, work)


class BotLevelButton(
    discord.ui.DynamicItem[Button], template=r"bm:addbot:(?P<game>[0-9]+):(?P<level>[a-z]{1,20})"
):
    """One level the host chose after pressing Add bot: an AI at that level takes a seat."""

    def __init__(self, game_id: int, level: str, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or level)[:LABEL_LIMIT],
                style=discord.ButtonStyle.primary,
                custom_id=f"bm:addbot:{game_id}:{level}",
            )
        )
        self.game_id = game_id
        self.level = level

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), match["level"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        game_id, level = self.game_id, self.level

        async def work(request: Request) -> Reply:
            return await request.service.add_bot(request.caller, game_id, level)

        await _click(interaction, game_id, work)


def level_view(reply: Reply) -> discord.ui.View | None:
    """The AI levels a host may choose for a new AI seat, a button each; None when the
    reply offers none."""
    if reply.game_id is None or not reply.bot_levels:
        return None
    view = discord.ui.View(timeout=None)
    for level, label in reply.bot_levels:
        view.add_item(BotLevelButton(reply.game_id, level, label=label))
    return view


def _turn(text: str | None) -> int | None:
    return int(text) if text is not None else None


async def _move(
    interaction: discord.Interaction[Any], game_id: int, version: int, turn: int | None, notation: str
) -> None:
    async def work(request: Request) -> Reply:
        return await request.service.move(
            request.caller, game_id, notation, expected_version=version, expected_turn=turn
        )

    await _click(interaction, game_id, work)


class MoveButton(
    discord.ui.DynamicItem[Button],
    # Buttons from before turns were counted carry no "t<turn>:" part.
    template=r"bm:move:(?P<game>[0-9]+):(?P<version>[0-9]+):(?:t(?P<turn>-?[0-9]+):)?(?P<notation>.+)",
):
    """One move, offered at a game version during a turn: good while that turn
    lasts and its seat has not acted since (another seat's answer does not matter)."""

    def __init__(
        self, game_id: int, version: int, turn: int | None, notation: str, *, label: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or notation)[:LABEL_LIMIT],
                style=discord.ButtonStyle.primary,
                custom_id=self.custom_id_for(game_id, version, turn, notation),
            )
        )
        self.game_id = game_id
        self.version = version
        self.turn = turn
        self.notation = notation

    @staticmethod
    def custom_id_for(game_id: int, version: int, turn: int | None, notation: str) -> str:
        counted = f"t{turn}:" if turn is not None else ""
        return f"bm:move:{game_id}:{version}:{counted}{notation}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(
            int(match["game"]), int(match["version"]), _turn(match["turn"]), match["notation"], label=label
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _move(interaction, self.game_id, self.version, self.turn, self.notation)


class MoveSelect(
    discord.ui.DynamicItem[Select],
    template=r"bm:moves:(?P<game>[0-9]+):(?P<version>[0-9]+)(?::t(?P<turn>-?[0-9]+))?",
):
    """The moves that do not fit as buttons, as one menu; the same rules as a button."""

    def __init__(
        self,
        game_id: int,
        version: int,
        turn: int | None,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str | None = None,
    ) -> None:
        counted = f":t{turn}" if turn is not None else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"bm:moves:{game_id}:{version}{counted}",
                options=options or [],
                placeholder=(placeholder or "")[:PLACEHOLDER_LIMIT] or None,
            )
        )
        self.game_id = game_id
        self.version = version
        self.turn = turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]), _turn(match["turn"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if values:
            await _move(interaction, self.game_id, self.version, self.turn, values[0])


class OptionSelect(
    discord.ui.DynamicItem[Select], template=r"bm:option:(?P<game>[0-9]+):(?P<name>[A-Za-z0-9_.-]{1,60})"
):
    """One game option in a lobby: the host picks a choice (checked by the service)."""

    def __init__(
        self,
        game_id: int,
        name: str,
        options: list[discord.SelectOption] | None = None,
        *,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(custom_id=f"bm:option:{game_id}:{name}", options=options or [], row=row)
        )
        self.game_id = game_id
        self.name = name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), match["name"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        game_id, name, values = self.game_id, self.name, self.item.values
        if not values:
            return
        value = values[0]

        async def work(request: Request) -> Reply:
            return await request.service.set_option(request.caller, game_id, name, value)

        await _click(interaction, game_id, work)


class HandButton(discord.ui.DynamicItem[Button], template=r"bm:hand:(?P<game>[0-9]+)"):
    """Shows the clicking player their own hand, privately, with fresh move buttons."""

    #: What the custom id starts with after "bm:", and the emoji the button shows.
    kind = "hand"
    emoji: str | None = None
    #: The service call a press makes, about the button's game.
    ask = staticmethod(GameService.hand)

    def __init__(self, game_id: int, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or self.kind,
                style=discord.ButtonStyle.secondary,
                emoji=self.emoji,
                custom_id=f"bm:{self.kind}:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        game_id, ask = self.game_id, self.ask

        async def work(request: Request) -> Reply:
            return await ask(request.service, request.caller, game_id)

        await _click(interaction, game_id, work)


class HintButton(HandButton, template=r"bm:hint:(?P<game>[0-9]+)"):
    """Asks for hints on the clicking player's decision (`/hint`), answered privately."""

    kind = "hint"
    emoji = "💡"
    ask = staticmethod(GameService.hint)


class TimeoutButton(
    discord.ui.DynamicItem[Button],
    template=r"bm:timeout:(?P<game>[0-9]+):(?P<seat>[0-9]+):(?P<turn>[0-9]+):(?P<choice>ai|wait)",
):
    """The host's answer when a player's deadline passed: the AI moves, or wait longer."""

    def __init__(self, game_id: int, payload: str, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or payload)[:LABEL_LIMIT],
                style=discord.ButtonStyle.primary,
                custom_id=f"bm:timeout:{game_id}:{payload}",
            )
        )
        self.game_id = game_id
        seat, turn, choice = payload.split(":")
        self.seat, self.turn, self.choice = int(seat), int(turn), choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), f"{match['seat']}:{match['turn']}:{match['choice']}", label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        game_id, seat, turn, choice = self.game_id, self.seat, self.turn, self.choice

        async def work(request: Request) -> Reply:
            return await request.service.resolve_timeout(request.caller, game_id, seat, turn, choice)

        await _click(interaction, game_id, work)


def lobby_view(card: LobbyCard, locale: str | None) -> discord.ui.View | None:
    """The lobby's buttons, and a menu per game option, while it is open; None once closed."""
    if not card.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        button = LobbyButton(card.game_id, action, label=texts.t(f"discord.button.{action}", locale))
        button.row = 0
        view.add_item(button)
    for row, option in enumerate(card.options[:MAX_OPTION_MENUS], start=1):
        choices = [
            discord.SelectOption(
                label=texts.t("discord.select.option", locale, option=option.label, choice=label)[
                    :LABEL_LIMIT
                ],
                value=value,
                default=value == option.current,
            )
            for value, label in option.choices[:SELECT_OPTIONS_LIMIT]
        ]
        view.add_item(OptionSelect(card.game_id, option.name, choices, row=row))
    return view


def hand_view(reply: Reply, locale: str | None) -> discord.ui.View | None:
    """A private hand's moves, a Refresh button and, where offered, a Hint button.

    Moves are buttons, up to four rows of five; a move whose custom id would
    be too long for a button, and whatever does not fit in three rows once a
    menu is needed, goes into one menu in the fourth row.
    """
    if reply.game_id is None:
        return None
    view = discord.ui.View(timeout=None)
    if reply.version is not None and reply.buttons:
        game_id, version, turn = reply.game_id, reply.version, reply.turn
        fits = [
            len(MoveButton.custom_id_for(game_id, version, turn, b.notation)) <= CUSTOM_ID_LIMIT
            for b in reply.buttons
        ]
        if all(fits) and len(reply.buttons) <= BUTTONS_PER_ROW * MOVE_ROWS:
            as_buttons, in_menu = list(reply.buttons), []
        else:
            room = BUTTONS_PER_ROW * (MOVE_ROWS - 1)
            as_buttons = [b for b, fit in zip(reply.buttons, fits, strict=True) if fit][:room]
            in_menu = [b for b in reply.buttons if b not in as_buttons]
        for offered, button in enumerate(as_buttons):
            item = MoveButton(game_id, version, turn, button.notation, label=button.label)
            item.row = offered // BUTTONS_PER_ROW
            view.add_item(item)
        options = [
            discord.SelectOption(label=button.label[:LABEL_LIMIT], value=button.notation)
            for button in in_menu
            if len(button.notation) <= SELECT_VALUE_LIMIT
        ][:SELECT_OPTIONS_LIMIT]
        if options:
            placeholder = texts.t("discord.select.moves", locale)
            menu = MoveSelect(game_id, version, turn, options, placeholder=placeholder)
            menu.row = MOVE_ROWS - 1
            view.add_item(menu)
    refresh = HandButton(reply.game_id, label=texts.t("discord.button.refresh", locale))
    refresh.row = MOVE_ROWS
    view.add_item(refresh)
    if reply.offers_hint:
        hint = HintButton(reply.game_id, label=texts.t("discord.button.hint", locale))
        hint.row = MOVE_ROWS
        view.add_item(hint)
    return view


def post_buttons(game_id: int | None, post: Post, locale: str | None = None) -> list[discord.ui.Item[Any]]:
    """Buttons under a post: the host's choices after a deadline, or "Show my hand"
    under posts that ask players to act. A league's own posts (game 0: about no game, such
    as the final standings that name the winner) have none."""
    if not game_id or not (post.mentions or post.actions or post.asks):
        return []
    if post.actions:
        return [TimeoutButton(game_id, payload, label=label) for label, payload in post.actions]
    return [HandButton(game_id, label=texts.t("discord.button.show_hand", locale))]
