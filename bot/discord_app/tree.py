"""The command tree: the last net under every slash command.

Commands turn refusals into sentences themselves; whatever still falls
through (a bug, Discord failing us) ends here: logged with the game it
concerns, and answered with a short apology instead of a traceback.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_app.delivery import apologise
from bot.discord_app.delivery import refuse
from bot.errors import PlayerError

__all__ = ["GameTree"]


class GameTree(app_commands.CommandTree[Any]):
    """The bot's command tree, with one place for unexpected errors."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            original = error.original
        if isinstance(original, PlayerError):
            await refuse(interaction, original)
            return

        await apologise(interaction, original)
