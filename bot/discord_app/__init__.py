"""The Discord front-end: slash commands, buttons and posts over the game service.

Thin by design: commands parse and defer, the service decides, and the
delivery helpers put its answer into Discord.
"""

from __future__ import annotations

from bot.discord_app.client import BaumeisterBot
from bot.discord_app.client import bot_intents
from bot.discord_app.client import create_bot
from bot.discord_app.client import sync_commands

__all__ = ["BaumeisterBot", "bot_intents", "create_bot", "sync_commands"]
