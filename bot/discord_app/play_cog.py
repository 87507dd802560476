"""`/move`, `/hand`, `/board`, `/hint` and `/rules`: playing and looking."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import texts
from bot.discord_app.choices import engine_choices
from bot.discord_app.choices import game_autocomplete
from bot.discord_app.choices import move_autocomplete
from bot.discord_app.context import Request
from bot.discord_app.game_cog import game_command
from bot.discord_app.responder import InteractionResponder
from bot.results import Reply
from bot.service import GameService

__all__ = ["PlayCog"]

_GAME = texts.t("discord.option.game")


class PlayCog(commands.Cog):
    """The commands players use during a game."""

    def __init__(self, responder: InteractionResponder) -> None:
        self.responder = responder

    @app_commands.command(name="move", description=texts.t("discord.command.move"))
    @app_commands.describe(action=texts.t("discord.option.action"), game=_GAME)
    @app_commands.autocomplete(action=move_autocomplete, game=game_autocomplete)
    async def move(self, interaction: discord.Interaction[Any], action: str, game: str | None = None) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.move(request.caller, await request.game(game), action)

        await self.responder.respond(interaction, work)

    hand = game_command("hand", "discord.command.hand", GameService.hand)
    board = game_command("board", "discord.command.board", GameService.board)
    hint = game_command("hint", "discord.command.hint", GameService.hint)

    @app_commands.command(name="rules", description=texts.t("discord.command.rules"))
    @app_commands.describe(game=texts.t("discord.option.rules_game"))
    @app_commands.choices(game=engine_choices())
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        async def work(request: Request) -> Reply:
            return Reply(request.service.rules(game, request.caller.locale))

        await self.responder.respond(interaction, work, anywhere=True)
