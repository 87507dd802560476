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

import ai
import texts
from bot.discord_app.choices import engine_choices
from bot.discord_app.choices import game_autocomplete
from bot.discord_app.choices import level_choices
from bot.discord_app.choices import on_off_choices
from bot.discord_app.choices import parse_options
from bot.discord_app.command_kit import Subject
from bot.discord_app.command_kit import named_command
from bot.discord_app.command_kit import player_command
from bot.discord_app.context import Request
from bot.discord_app.context import Responder
from bot.discord_app.context import responder_of
from bot.discord_app.delivery import refuse
from bot.discord_app.responder import InteractionResponder
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Reply
from bot.service import GameService
from bot.service.clock import MAX_HOURS

__all__ = [
    "GameAction",
    "GameCog",
    "MemberAction",
    "game_command",
    "member_command",
    "run_in_game",
    "run_on_member",
]

#: A service call about one game, such as `GameService.join`.
GameAction = Callable[[GameService, Caller, int], Awaitable[Reply]]
#: A service call about one game and one member (by user id), such as `GameService.kick`.
MemberAction = Callable[[GameService, Caller, int, int], Awaitable[Reply]]

_GAME = texts.t("discord.option.game")
#: The `game:` option: a game of the caller's in this server.
GAME = Subject("game", _GAME, game_autocomplete)


async def run_in_game(
    responder: Responder,
    interaction: discord.Interaction[Any],
    ref: str | None,
    action: GameAction,
) -> None:
    """Resolve the game (named, this thread's, the caller's only one), then act on it."""

    async def work(request: Request) -> Reply:
        return await action(request.service, request.caller, await request.game(ref))

    await responder.respond(interaction, work)


def game_command(name: str, description_key: str, action: GameAction) -> app_commands.Command[Any, ..., None]:
    """A command that makes one service call about one game, named by `game:` or found as
    `run_in_game` finds it: `/game join`, `/hand`, `/undo`, ..."""
    return named_command(
        name,
        description_key,
        GAME,
        lambda interaction, ref: run_in_game(responder_of(interaction), interaction, ref, action),
    )


async def run_on_member(
    responder: Responder,
    interaction: discord.Interaction[Any],
    ref: str | None,
    member: discord.User | discord.Member,
    action: MemberAction,
) -> None:
    """Resolve the game as `run_in_game` does, then act on it about one member."""

    async def work(request: Request) -> Reply:
        return await action(request.service, request.caller, await request.game(ref), member.id)

    await responder.respond(interaction, work)


def member_command(
    name: str, description_key: str, action: MemberAction
) -> app_commands.Command[Any, ..., None]:
    """A command that makes one service call about one player of one game (`player:`, then
    `game:` as for `game_command`): `/game kick`, `/game replace`."""
    return player_command(
        name,
        description_key,
        GAME,
        lambda interaction, player, ref: run_on_member(
            responder_of(interaction), interaction, ref, player, action
        ),
    )


class GameCog(commands.GroupCog, group_name="game", group_description=texts.t("discord.command.game")):
    """The `/game` command group."""

    def __init__(self, responder: InteractionResponder) -> None:
        self.responder = responder
        super().__init__()

    @app_commands.command(name="new", description=texts.t("discord.command.game.new"))
    @app_commands.describe(
        game=texts.t("discord.option.new_game"),
        options=texts.t("discord.option.options"),
        hints=texts.t("discord.option.hints"),
    )
    @app_commands.choices(game=engine_choices(), hints=on_off_choices())
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: str | None = None,
        hints: str | None = None,
    ) -> None:
        try:
            parsed = parse_options(options)
        except PlayerError as error:
            await refuse(interaction, error)
            return
        await self.responder.open_lobby(interaction, game, parsed, None if hints is None else hints == "on")

    # Commands that make one service call about one game: name, description, the call.
    join = game_command("join", "discord.command.game.join", GameService.join)
    leave = game_command("leave", "discord.command.game.leave", GameService.leave)

    @app_commands.command(name="addbot", description=texts.t("discord.command.game.addbot"))
    @app_commands.describe(level=texts.t("discord.option.level"), game=_GAME)
    @app_commands.choices(level=level_choices())
    @app_commands.autocomplete(game=game_autocomplete)
    async def addbot(
        self, interaction: discord.Interaction[Any], level: str = ai.DEFAULT_LEVEL, game: str | None = None
    ) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.add_bot(request.caller, await request.game(game), level)

        await self.responder.respond(interaction, work)

    start = game_command("start", "discord.command.game.start", GameService.start)

    @app_commands.command(name="list", description=texts.t("discord.command.game.list"))
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        async def work(request: Request) -> Reply:
            return await request.service.list_games(request.caller)

        await self.responder.respond(interaction, work)

    info = game_command("info", "discord.command.game.info", GameService.info)
    move_log = game_command("log", "discord.command.game.log", GameService.log)
    resign = game_command("resign", "discord.command.game.resign", GameService.resign)
    abandon = game_command("abandon", "discord.command.game.abandon", GameService.abandon)
    replace = member_command("replace", "discord.command.game.replace", GameService.replace_player)
    kick = member_command("kick", "discord.command.game.kick", GameService.kick)
    pause = game_command("pause", "discord.command.game.pause", GameService.pause)
    resume = game_command("resume", "discord.command.game.resume", GameService.unpause)

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

    replay = game_command("replay", "discord.command.game.replay", GameService.replay)
