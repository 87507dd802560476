"""`/undo`, `/away`, `/notify` (direct messages, tips, quiet hours), `/stats` and `/leaderboard`:
a player's own affairs."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import texts
from bot.discord_app.choices import engine_choices
from bot.discord_app.choices import on_off_choices
from bot.discord_app.context import Request
from bot.discord_app.game_cog import game_command
from bot.discord_app.responder import InteractionResponder
from bot.results import Caller
from bot.results import Reply
from bot.service import GameService
from bot.service.clock import MAX_HOURS
from bot.service.quiet import zones_matching

__all__ = ["PlayerCog"]

_GAME = texts.t("discord.option.game")
#: What `/away hours:` suggests; any number of hours up to the limit is taken.
_AWAY_SUGGESTIONS = ("off", "12", "24", "48", "72", "168")


async def _away_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    # Plain ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
    number = re.fullmatch(r"[0-9]{1,4}", typed) is not None
    found = [s for s in _AWAY_SUGGESTIONS if s.startswith(typed)]
    if number and typed not in found:
        found.insert(0, typed)
    return [app_commands.Choice(name=s, value=s) for s in found[:25] if s == "off" or int(s) <= MAX_HOURS]


async def _zone_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=name) for name in zones_matching(current)]


async def _switch(
    responder: InteractionResponder,
    interaction: discord.Interaction[Any],
    change: Callable[[GameService, Caller, bool], Awaitable[Reply]],
    state: str,
) -> None:
    """A `/notify` choice of on or off, wherever it is typed."""

    async def work(request: Request) -> Reply:
        return await change(request.service, request.caller, state == "on")

    await responder.respond(interaction, work, anywhere=True)


class PlayerCog(commands.Cog):
    """Commands about the caller rather than one game's board."""

    def __init__(self, responder: InteractionResponder) -> None:
        self.responder = responder

    undo = game_command("undo", "discord.command.undo", GameService.undo)

    @app_commands.command(name="away", description=texts.t("discord.command.away"))
    @app_commands.describe(hours=texts.t("discord.option.hours"))
    @app_commands.autocomplete(hours=_away_autocomplete)
    async def away(self, interaction: discord.Interaction[Any], hours: str) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.away(request.caller, hours)

        await self.responder.respond(interaction, work, anywhere=True)

    notify = app_commands.Group(name="notify", description=texts.t("discord.command.notify"))

    @notify.command(name="dm", description=texts.t("discord.command.notify_dm"))
    @app_commands.describe(state=texts.t("discord.option.dm"))
    @app_commands.choices(state=on_off_choices())
    async def notify_dm(self, interaction: discord.Interaction[Any], state: str) -> None:
        await _switch(self.responder, interaction, GameService.notify, state)

    @notify.command(name="tips", description=texts.t("discord.command.notify_tips"))
    @app_commands.describe(state=texts.t("discord.option.tips"))
    @app_commands.choices(state=on_off_choices())
    async def notify_tips(self, interaction: discord.Interaction[Any], state: str) -> None:
        await _switch(self.responder, interaction, GameService.tips, state)

    @notify.command(name="quiet", description=texts.t("discord.command.notify_quiet"))
    @app_commands.rename(start="from", end="to")
    @app_commands.describe(
        start=texts.t("discord.option.quiet_from"),
        end=texts.t("discord.option.quiet_to"),
        timezone=texts.t("discord.option.timezone"),
    )
    @app_commands.autocomplete(timezone=_zone_autocomplete)
    async def notify_quiet(
        self,
        interaction: discord.Interaction[Any],
        start: app_commands.Range[int, 0, 23],
        end: app_commands.Range[int, 0, 23],
        timezone: str,
    ) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.quiet(request.caller, start, end, timezone)

        await self.responder.respond(interaction, work, anywhere=True)

    @notify.command(name="quiet-off", description=texts.t("discord.command.notify_quiet_off"))
    async def notify_quiet_off(self, interaction: discord.Interaction[Any]) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.quiet(request.caller)

        await self.responder.respond(interaction, work, anywhere=True)

    @app_commands.command(name="stats", description=texts.t("discord.command.stats"))
    @app_commands.describe(user=texts.t("discord.option.user"), game=texts.t("discord.option.stats_game"))
    @app_commands.choices(game=engine_choices())
    async def stats(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None, game: str | None = None
    ) -> None:
        whom = user or interaction.user

        async def work(request: Request) -> Reply:
            return await request.service.stats(request.caller, whom.id, whom.display_name, game)

        await self.responder.respond(interaction, work, anywhere=True)

    @app_commands.command(name="leaderboard", description=texts.t("discord.command.leaderboard"))
    @app_commands.describe(game=texts.t("discord.option.leaderboard_game"))
    @app_commands.choices(game=engine_choices())
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.leaderboard(request.caller, game)

        await self.responder.respond(interaction, work)
