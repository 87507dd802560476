"""`/config`: a server's settings, one private message with a menu per setting.

The menus are Discord's own (a channel select, role selects, plain selects);
each change is stored at once and the message is redrawn in place. The
message has more menus than the five rows a classic message allows, so it is
a components-v2 layout. Each menu is a `DynamicItem`: a change made after a
restart still arrives, and whether the member may manage the server is asked
afresh at every change, not only when the command was used.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from typing import Self

import discord
from discord import app_commands
from discord.ext import commands

import texts
from bot.discord_app.context import Request
from bot.discord_app.delivery import answering
from bot.discord_app.responder import ask
from bot.results import Caller
from bot.service.server_settings import DEADLINE_CHOICES
from bot.service.server_settings import LEAGUE_MEMBERS_CHOICES
from bot.service.server_settings import LOBBY_CHOICES
from bot.service.server_settings import LOBBY_DAYS_CHOICES
from bot.service.server_settings import LOCALES
from bot.service.server_settings import MAX_CHANNELS
from bot.service.server_settings import OPEN_LEAGUES_CHOICES
from bot.service.server_settings import ServerSettings
from bot.service.server_settings import describe

__all__ = ["ConfigCog", "ConfigSelect", "config_view"]

#: Channels where a game can open (a lobby message, and its thread).
_GAME_CHANNELS = [discord.ChannelType.text, discord.ChannelType.news]


class ConfigSelect(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"bm:config:(?P<setting>[a-z_]{1,30})"
):
    """One setting's menu; what it holds (channels, roles, choices) depends on the setting."""

    def __init__(self, setting: str, menu: discord.ui.Item[Any] | None = None) -> None:
        super().__init__(menu or discord.ui.Select(custom_id=f"bm:config:{setting}"))
        self.setting = setting

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        # The menu as the message holds it: its kind decides what the choice is.
        return cls(match["setting"], item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        chosen = getattr(self.item, "values", [])
        values = [str(getattr(value, "id", value)) for value in chosen]

        async def work(request: Request) -> discord.ui.LayoutView:
            settings = await request.service.config.change(request.caller, self.setting, values)
            return _view(settings, request.caller)

        async with answering(interaction):
            view = await ask(interaction, work, update=True)
            if view is not None:
                await interaction.edit_original_response(view=view)


def _view(settings: ServerSettings, caller: Caller) -> discord.ui.LayoutView:
    """The `/config` message for the caller: in their language, deleted channels and roles left out."""
    return config_view(settings, caller.locale, caller.exists or (lambda _: True))


def _choices(
    current: object, values: tuple[Any, ...], label: Callable[[Any], str]
) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=label(value)[:100], value=str(value), default=value == current)
        for value in values
    ]


def config_view(
    settings: ServerSettings, locale: str | None, exists: Callable[[int], bool]
) -> discord.ui.LayoutView:
    """The `/config` message: each setting in words, each with its menu below."""

    def say(key: str, **params: Any) -> str:
        return texts.t(key, locale, **params)

    def menu(setting: str, item: discord.ui.Item[Any]) -> discord.ui.ActionRow[Any]:
        return discord.ui.ActionRow[Any](ConfigSelect(setting, item))

    def picked(ids: tuple[int | None, ...], kind: discord.SelectDefaultValueType) -> list[Any]:
        # A deleted channel or role cannot be shown as chosen: Discord would refuse the menu.
        return [discord.SelectDefaultValue(id=i, type=kind) for i in ids if i is not None and exists(i)]

    channel_kind, role_kind = discord.SelectDefaultValueType.channel, discord.SelectDefaultValueType.role
    lines = describe(settings, locale, exists)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(f"## {say('config.title')}\n{say('config.howto')}"))
    view.add_item(discord.ui.TextDisplay(lines[0]))
    channels: discord.ui.ChannelSelect[Any] = discord.ui.ChannelSelect(
        custom_id="bm:config:channels",
        channel_types=_GAME_CHANNELS,
        min_values=0,
        max_values=MAX_CHANNELS,
        placeholder=say("config.menu.channels"),
        default_values=picked(settings.channels, channel_kind),
    )
    view.add_item(menu("channels", channels))
    for line, setting in zip(lines[1:3], ("opener_role", "organiser_role"), strict=True):
        view.add_item(discord.ui.TextDisplay(line))
        roles: discord.ui.RoleSelect[Any] = discord.ui.RoleSelect(
            custom_id=f"bm:config:{setting}",
            min_values=0,
            max_values=1,
            placeholder=say(f"config.menu.{setting}"),
            default_values=picked((getattr(settings, setting),), role_kind),
        )
        view.add_item(menu(setting, roles))
    view.add_item(discord.ui.TextDisplay(lines[3]))
    hours = _choices(
        settings.deadline_hours,
        DEADLINE_CHOICES,
        lambda h: say("config.choice.hours", hours=h) if h else say("config.choice.no_deadline"),
    )
    view.add_item(
        menu("deadline_hours", discord.ui.Select(custom_id="bm:config:deadline_hours", options=hours))
    )
    policies = _choices(settings.on_timeout, ("ai", "host"), lambda p: say(f"config.choice.{p}"))
    view.add_item(menu("on_timeout", discord.ui.Select(custom_id="bm:config:on_timeout", options=policies)))
    view.add_item(discord.ui.TextDisplay(lines[4]))
    languages = _choices(
        settings.locale or "server", ("server", *LOCALES), lambda code: say(f"config.language.{code}")
    )
    view.add_item(menu("locale", discord.ui.Select(custom_id="bm:config:locale", options=languages)))
    view.add_item(discord.ui.TextDisplay(lines[5]))
    lobbies = _choices(settings.open_lobbies, LOBBY_CHOICES, lambda n: say("config.choice.lobbies", most=n))
    view.add_item(
        menu("open_lobbies", discord.ui.Select(custom_id="bm:config:open_lobbies", options=lobbies))
    )
    days = _choices(settings.lobby_days, LOBBY_DAYS_CHOICES, lambda d: say("config.choice.days", days=d))
    view.add_item(menu("lobby_days", discord.ui.Select(custom_id="bm:config:lobby_days", options=days)))
    view.add_item(discord.ui.TextDisplay(lines[6]))
    leagues = _choices(
        settings.open_leagues, OPEN_LEAGUES_CHOICES, lambda n: say("config.choice.leagues", most=n)
    )
    view.add_item(
        menu("open_leagues", discord.ui.Select(custom_id="bm:config:open_leagues", options=leagues))
    )
    members = _choices(
        settings.league_members, LEAGUE_MEMBERS_CHOICES, lambda n: say("config.choice.members", most=n)
    )
    view.add_item(
        menu("league_members", discord.ui.Select(custom_id="bm:config:league_members", options=members))
    )
    return view


class ConfigCog(commands.Cog):
    """`/config`, for members who may manage the server."""

    @app_commands.command(name="config", description=texts.t("discord.command.config"))
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def config(self, interaction: discord.Interaction[Any]) -> None:
        async def work(request: Request) -> discord.ui.LayoutView:
            return _view(await request.service.config.shown(request.caller), request.caller)

        view = await ask(interaction, work)
        if view is not None:
            await interaction.followup.send(view=view, ephemeral=True)
