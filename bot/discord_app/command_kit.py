"""Slash commands written as one line of a table.

Many commands have one shape: one optional option that names what they are
about (a game, a league; left out, the service finds the one meant), with
suggestions while the player types, and one service call. `named_command`
makes such a command from its name, its description and what it runs, so a
cog lists them one a line instead of five lines each; `player_command` the same
for commands about one player in a game.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import texts

__all__ = ["PlayerRun", "Run", "Subject", "Suggest", "named_command", "player_command"]

#: What a command does with its interaction and the option's value (None: left out).
Run = Callable[[discord.Interaction[Any], str | None], Awaitable[None]]
#: The same with the player the command is about, a user.
PlayerRun = Callable[[discord.Interaction[Any], discord.User, str | None], Awaitable[None]]
#: The option's suggestions for what the player typed so far.
Suggest = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


@dataclass(frozen=True)
class Subject:
    """The option that names what a command is about: its name, description and suggestions."""

    option: str
    description: str
    suggest: Suggest


def named_command(
    name: str, description_key: str, subject: Subject, run: Run
) -> app_commands.Command[Any, ..., None]:
    """`/<name> <subject>:`, the subject optional; set it on a cog."""

    async def command(
        cog: commands.Cog, interaction: discord.Interaction[Any], named: str | None = None
    ) -> None:
        await run(interaction, named)

    return _command(command, name, description_key, subject)


def player_command(
    name: str, description_key: str, subject: Subject, run: PlayerRun
) -> app_commands.Command[Any, ..., None]:
    """`/<name> player: <subject>:`, the player a user (who may have left the server, so not
    a member), the subject optional; set it on a cog."""

    async def command(
        cog: commands.Cog,
        interaction: discord.Interaction[Any],
        player: discord.User,
        named: str | None = None,
    ) -> None:
        await run(interaction, player, named)

    return _command(command, name, description_key, subject, player=texts.t("discord.option.player"))


def _command(
    function: Callable[..., Coroutine[Any, Any, None]],
    name: str,
    description_key: str,
    subject: Subject,
    **descriptions: str,
) -> app_commands.Command[Any, ..., None]:
    # discord.py takes a function for a cog's method, and hands it the cog first, when its
    # qualified name is dotted (not a local function's): it is the cog's command `name`.
    function.__qualname__ = f"{function.__name__}.{name}"
    described = app_commands.describe(named=subject.description, **descriptions)(function)
    suggested = app_commands.autocomplete(named=subject.suggest)(described)
    renamed = app_commands.rename(named=subject.option)(suggested)
    return app_commands.command(name=name, description=texts.t(description_key))(renamed)
