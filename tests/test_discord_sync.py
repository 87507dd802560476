"""Slash commands are registered on request, never on every start (except a dev guild)."""

from __future__ import annotations

import discord
import simcord
from conftest import World
from discord.ext import commands

from bot import create_bot
from bot.settings import Settings

DEV_GUILD = 1_100_000_000_000_000_000


def command_syncs(env: simcord.Env) -> list[str]:
    return [
        entry.path
        for entry in env.http_requests
        if entry.method == "PUT" and entry.path.endswith("/commands")
    ]


async def test_the_bot_does_not_sync_on_start(simcord_env: simcord.Env) -> None:
    assert command_syncs(simcord_env) == []


async def test_a_development_guild_gets_the_commands_on_start(database: str) -> None:
    bot = create_bot(Settings(database=database, dev_guild=DEV_GUILD))
    env = simcord.Env(bot, shard_count=1)
    guild = env.create_guild("Workshop", id=DEV_GUILD)
    await env.start()
    try:
        with env.time_context():
            assert command_syncs(env) == [f"/applications/{bot.application_id}/guilds/{DEV_GUILD}/commands"]
            channel = guild.create_text_channel("dev")
            anna = guild.add_member(env.create_user("anna"))
            shown = await anna.slash(channel, "rules", game="chinesische-mauer")
            assert shown.response is not None and "Chinesische Mauer" in shown.response.content
            assert "game new" in anna.available_commands(channel)
    finally:
        await env.shutdown()
        await bot.close()


async def test_game_commands_are_for_servers_and_the_bot_asks_for_the_least(world: World) -> None:
    from bot.discord_app.client import ANYWHERE

    bot = world.env.bot
    assert isinstance(bot, commands.AutoShardedBot)
    assert bot.intents == discord.Intents(guilds=True)
    assert not bot.intents.message_content and not bot.intents.members
    for command in bot.tree.get_commands():
        assert command.guild_only == (command.name not in ANYWHERE), command.name
    assert {"game", "move", "hand", "board", "undo", "leaderboard"} <= {
        command.name for command in bot.tree.get_commands() if command.guild_only
    }
