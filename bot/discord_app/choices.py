"""What the slash commands offer while a player types: games, moves, options.

Autocomplete cannot be deferred and is only a suggestion (the final value is
checked again by the service), so these answer fast and quietly: anything
that goes wrong gives no suggestions rather than an error.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import cast

import discord
from discord import app_commands

import ai
import games
import texts
from bot.discord_app.context import Request
from bot.discord_app.context import caller_of
from bot.discord_app.context import service_of
from bot.errors import PlayerError

__all__ = [
    "engine_choices",
    "game_autocomplete",
    "level_choices",
    "move_autocomplete",
    "on_off_choices",
    "parse_options",
    "refresh_game_choices",
    "suggest",
]

log = logging.getLogger(__name__)

#: What a player's request offers for what they typed: (label, value) pairs.
Find = Callable[[Request], Awaitable[Sequence[tuple[str, str]]]]

#: Discord's limits for autocomplete answers.
CHOICE_LIMIT = 25
CHOICE_TEXT_LIMIT = 100


def engine_choices() -> list[app_commands.Choice[str]]:
    """Every game: its title shown, its engine id sent."""
    return [app_commands.Choice(name=engine.title, value=engine.id) for engine in games.all()]


def on_off_choices() -> list[app_commands.Choice[str]]:
    """On and off, in the reader's words: `/notify dm`, `/notify tips`, `/game new hints:`."""
    return [
        app_commands.Choice(name=texts.t("discord.choice.on"), value="on"),
        app_commands.Choice(name=texts.t("discord.choice.off"), value="off"),
    ]


def level_choices() -> list[app_commands.Choice[str]]:
    """The AI's levels, weakest first: each in words shown, its name sent."""
    return [app_commands.Choice(name=texts.t(f"discord.choice.{level}"), value=level) for level in ai.LEVELS]


def refresh_game_choices(tree: app_commands.CommandTree[Any]) -> None:
    """Offer every game registered now: the `game:` choices were made when the commands
    were defined, and a game may have been registered since (by a test, a package)."""
    current = engine_choices()
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            parameter = command._params.get("game")
            if parameter is not None and parameter.choices:
                parameter.choices = cast("list[app_commands.Choice[str | int | float]]", list(current))


async def suggest(
    interaction: discord.Interaction[Any], what: str, find: Find
) -> list[app_commands.Choice[str]]:
    """What `find` offers the caller, as Discord takes it (at most 25, each cut to 100
    characters); nothing when they may not ask here, or when it fails (logged)."""
    try:
        caller = caller_of(interaction)
        found = await find(Request(service_of(interaction.client), caller, interaction.extras))
    except PlayerError:
        return []
    except Exception:
        log.exception("%s suggestions failed for user %s", what, interaction.user.id)
        return []
    return [
        app_commands.Choice(name=label[:CHOICE_TEXT_LIMIT], value=value[:CHOICE_TEXT_LIMIT])
        for label, value in found[:CHOICE_LIMIT]
    ]


async def game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's games in this server."""
    return await suggest(
        interaction, "game", lambda request: request.service.game_choices(request.caller, current)
    )


async def move_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal moves in the chosen (or implied) game, filtered by what was typed: shown
    in the game's language, sent as the English notation."""
    ref = getattr(interaction.namespace, "game", None)

    async def moves(request: Request) -> list[tuple[str, str]]:
        service, caller = request.service, request.caller
        game_id = await service.find_game(caller, ref)
        return await service.move_choices(caller, game_id, current)

    return await suggest(interaction, "move", moves)


def parse_options(text: str | None) -> dict[str, str]:
    """`name=value, name=value` (or `name=value name=value`) into a dict of strings.

    Which options a game takes is the engine's business: the service checks
    each name and choice, and the combination at the start.
    """
    options: dict[str, str] = {}
    if not text or not text.strip():
        return options
    text = re.sub(r"\s*=\s*", "=", text)
    for part in text.replace(";", ",").replace(" ", ",").split(","):
        if not part.strip():
            continue
        name, equals, raw = part.partition("=")
        if not equals or not name.strip():
            raise PlayerError("discord.error.options_format", text=texts.escape_words(text))
        # Options are short strings ("A", "on"): the engine's choices, checked by the service.
        options[name.strip()] = raw.strip()
    return options
