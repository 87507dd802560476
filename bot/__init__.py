"""The Baumeister bot: the game service and its front-ends.

`create_bot()` builds the Discord bot. It imports discord only when called, so
the service, the store and the console front-end work without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.service.drawing import Animate
    from bot.service.drawing import Render
    from bot.settings import Settings
    from bot.workers import Workers

__all__ = ["create_bot"]


def create_bot(
    settings: Settings | None = None,
    *,
    workers: Workers | None = None,
    render: Render | None = None,
    animate: Animate | None = None,
) -> commands.AutoShardedBot:
    """The fully wired Discord bot (commands, buttons, store) for these settings.

    Without settings they come from the environment and `.env`. The bot starts
    worker processes of its own for drawing and the AI, unless it is handed
    `workers` that the caller keeps and stops (the tests share one set).
    `render` and `animate` stand in for the games' renderers (as `GameService`'s
    do): for tests about something else than the images.
    """
    from bot.discord_app import create_bot as create_discord_bot
    from bot.plugins import load_installed_games

    load_installed_games()
    return create_discord_bot(settings, workers=workers, render=render, animate=animate)
