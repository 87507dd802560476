"""What the slash commands offer while a player types: games, moves, options.

Autocomplete cannot be deferred and is only a suggestion (the final value is
checked again by the service), so these answer fast and quietly: anything
that goes wrong gives no suggestions rather than an error.
"""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import app_commands

import games
from bot.discord_app.context import caller_of, service_of
from bot.errors import PlayerError

__all__ = [
    "engine_choices",
    "game_autocomplete",
    "move_autocomplete",
    "parse_options",
    "refresh_game_choices",
]

log = logging.getLogger(__name__)

#: Discord's limits for autocomplete answers.
CHOICE_LIMIT = 25
CHOICE_TEXT_LIMIT = 100


def engine_choices() -> list[app_commands.Choice[str]]:
    """Every game: its title shown, its engine id sent."""
    return [app_commands.Choice(name=engine.title, value=engine.id) for engine in games.all()]


def refresh_game_choices(tree: app_commands.CommandTree[Any]) -> None:
    """Offer every game registered now: the `game:` choices were made when the commands
    were defined, and a game may have been registered since (by a test, a package)."""
    current = engine_choices()
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            parameter = command._params.get("game")
            if parameter is not None and parameter.choices:
                parameter.choices = cast("list[app_commands.Choice[str | int | float]]", list(current))


async def game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's games in this server."""
    try:
        caller = caller_of(interaction)
        found = await service_of(interaction.client).game_choices(caller, current)
    except PlayerError:
        return []
    except Exception:
        log.exception("game suggestions failed for user %s", interaction.user.id)
        return []
    return [
        app_commands.Choice(name=label[:CHOICE_TEXT_LIMIT], value=value[:CHOICE_TEXT_LIMIT])
        for label, value in found[:CHOICE_LIMIT]
    ]


async def move_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal moves in the chosen (or implied) game, filtered by what was typed."""
    ref = getattr(interaction.namespace, "game", None)
    try:
        caller = caller_of(interaction)
        service = service_of(interaction.client)
        game_id = await service.find_game(caller, ref)
        moves = await service.suggestions(caller, game_id, current)
    except PlayerError:
        return []
    except Exception:
        log.exception("move suggestions failed for user %s", interaction.user.id)
        return []
    return [
        app_commands.Choice(name=move[:CHOICE_TEXT_LIMIT], value=move[:CHOICE_TEXT_LIMIT])
        for move in moves[:CHOICE_LIMIT]
    ]


def parse_options(text: str | None) -> dict[str, Any]:
    """`name=value, name=value` into a dict; numbers and true/false become values.

    Which options a game takes is the engine's business: it validates them.
    """
    options: dict[str, Any] = {}
    if not text or not text.strip():
        return options
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, equals, raw = part.partition("=")
        if not equals or not name.strip():
            raise PlayerError("discord.error.options_format", text=text)
        options[name.strip()] = _option_value(raw.strip())
    return options


def _option_value(raw: str) -> Any:
    if raw.lower() in ("true", "yes", "on"):
        return True
    if raw.lower() in ("false", "no", "off"):
        return False
    try:
        return int(raw)
    except ValueError:
        return raw
