"""`/game ...`: opening, joining, starting, listing and ending games.

Thin commands: each names the service call it stands for; deferring,
refusals and delivery are the responder's.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import texts
from bot.discord_app.choices import engine_choices
from bot.discord_app.choices import game_autocomplete
from bot.discord_app.choices import parse_options
from bot.discord_app.context import Request
from bot.discord_app.delivery import refuse
from bot.discord_app.responder import InteractionResponder
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Reply
from bot.service import GameService
from bot.service.clock import MAX_HOURS

__all__ = ["GameAction", "GameCog", "MemberAction", "run_in_game", "run_on_member"]

#: A service call about one game, such as `GameService.join`.
GameAction = Callable[[GameService, Caller, int], Awaitable[Reply]]
#: A service call about one game and one member (by user id), such as `GameService.kick`.
MemberAction = Callable[[GameService, Caller, int, int], Awaitable[Reply]]

_GAME = texts.t("discord.option.game")


async def run_in_game(
    responder: InteractionResponder,
    interaction: discord.Interaction[Any],
    ref: str | None,
    action: GameAction,
) -> None:
    """Resolve the game (named, this thread's, the caller's only one), then act on it."""

    async def work(request: Request) -> Reply:
        return await action(request.service, request.caller, await request.game(ref))

    await responder.respond(interaction, work)


async def run_on_member(
    responder: InteractionResponder,
    interaction: discord.Interaction[Any],
    ref: str | None,
    member: discord.User | discord.Member,
    action: MemberAction,
) -> None:
    """Resolve the game as `run_in_game` does, then act on it about one member."""

    async def work(request: Request) -> Reply:
        return await action(request.service, request.caller, await request.game(ref), member.id)

    await responder.respond(interaction, work)


class GameCog(commands.GroupCog, group_name="game", group_description=texts.t("discord.command.game")):
    """The `/game` command group."""

    def __init__(self, responder: InteractionResponder) -> None:
        self.responder = responder
        super().__init__()

    @app_commands.command(name="new", description=texts.t("discord.command.game.new"))
    @app_commands.describe(game=texts.t("discord.option.new_game"), options=texts.t("discord.option.options"))
    @app_commands.choices(game=engine_choices())
    async def new(self, interaction: discord.Interaction[Any], game: str, options: str | None = None) -> None:
        try:
            parsed = parse_options(options)
        except PlayerError as error:
            await refuse(interaction, error)
            return
        await self.responder.open_lobby(interaction, game, parsed)

    @app_commands.command(name="join", description=texts.t("discord.command.game.join"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def join(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.join)

    @app_commands.command(name="leave", description=texts.t("discord.command.game.leave"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.leave)

    @app_commands.command(name="addbot", description=texts.t("discord.command.game.addbot"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def addbot(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.add_bot)

    @app_commands.command(name="start", description=texts.t("discord.command.game.start"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.start)

    @app_commands.command(name="list", description=texts.t("discord.command.game.list"))
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.list_games(request.caller)

        await self.responder.respond(interaction, work)

    @app_commands.command(name="info", description=texts.t("discord.command.game.info"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def info(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.info)

    @app_commands.command(name="log", description=texts.t("discord.command.game.log"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def move_log(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.log)

    @app_commands.command(name="resign", description=texts.t("discord.command.game.resign"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.resign)

    @app_commands.command(name="abandon", description=texts.t("discord.command.game.abandon"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def abandon(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.abandon)

    @app_commands.command(name="replace", description=texts.t("discord.command.game.replace"))
    @app_commands.describe(player=texts.t("discord.option.player"), game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def replace(
        self, interaction: discord.Interaction[Any], player: discord.User, game: str | None = None
    ) -> None:
        # A user, not a member: the player to replace may have left the server.
        await run_on_member(self.responder, interaction, game, player, GameService.replace_player)

    @app_commands.command(name="kick", description=texts.t("discord.command.game.kick"))
    @app_commands.describe(player=texts.t("discord.option.player"), game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def kick(
        self, interaction: discord.Interaction[Any], player: discord.User, game: str | None = None
    ) -> None:
        await run_on_member(self.responder, interaction, game, player, GameService.kick)

    @app_commands.command(name="pause", description=texts.t("discord.command.game.pause"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def pause(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.pause)

    @app_commands.command(name="resume", description=texts.t("discord.command.game.resume"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def resume(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.unpause)

    @app_commands.command(name="settings", description=texts.t("discord.command.game.settings"))
    @app_commands.describe(
        deadline=texts.t("discord.option.deadline"),
        on_timeout=texts.t("discord.option.on_timeout"),
        game=_GAME,
    )
    @app_commands.choices(
        on_timeout=[
            app_commands.Choice(name=texts.t("discord.choice.ai"), value="ai"),
            app_commands.Choice(name=texts.t("discord.choice.host"), value="host"),
        ]
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        deadline: app_commands.Range[int, 0, MAX_HOURS] | None = None,
        on_timeout: str | None = None,
        game: str | None = None,
    ) -> None:
        async def work(request: Request) -> Reply:
            game_id = await request.game(game)
            return await request.service.settings(request.caller, game_id, deadline, on_timeout)

        await self.responder.respond(interaction, work)

    @app_commands.command(name="replay", description=texts.t("discord.command.game.replay"))
    @app_commands.describe(game=_GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def replay(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await run_in_game(self.responder, interaction, game, GameService.replay)
