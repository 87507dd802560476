"""`/config`: a server's settings, changed in place by those who manage it, and enforced."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
from conftest import GAME
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import text_of

import texts
from bot.service.clock import TurnClock

DAY = 24 * 3600.0


def menu_ids(message: simcord.ResponseMessage) -> list[str]:
    """The custom ids of every menu in a (components v2) message."""
    found: list[str] = []

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components:
            if component.get("custom_id"):
                found.append(component["custom_id"])
            walk(component.get("components", []))

    walk(message.components)
    return found


async def shown_config(world: World) -> simcord.ResponseMessage:
    answer = await world.moderator.slash(world.channel, "config")
    assert answer.ephemeral
    panel = answer.followups[-1] if answer.followups else answer.response
    assert panel is not None
    return panel


async def test_config_shows_every_setting_with_a_menu_and_the_defaults(world: World) -> None:
    panel = await shown_config(world)

    assert menu_ids(panel) == [
        "bm:config:channels",
        "bm:config:opener_role",
        "bm:config:organiser_role",
        "bm:config:deadline_hours",
        "bm:config:on_timeout",
        "bm:config:locale",
        "bm:config:open_lobbies",
        "bm:config:lobby_days",
        "bm:config:open_leagues",
        "bm:config:league_members",
    ]
    words = text_of(panel)
    assert "in any channel" in words and "everyone" in words
    assert "48 hours per turn" in words and "at most 3 open per member" in words and "7 days" in words
    assert "at most 5 open at once" in words and "at most 64 members" in words


async def test_only_members_who_manage_the_server_may_use_config(world: World, table: Table) -> None:
    # Discord offers /config to those who manage the server; a server may offer it to
    # others too, and the bot still refuses them.
    command = next(c for c in await world.env.bot.tree.fetch_commands() if c.name == "config")
    world.guild.set_command_permissions(command, {world.anna: True})
    refused = await world.anna.slash(world.channel, "config")
    assert refused.ephemeral and refused.response is not None
    assert "manage this server" in refused.response.content

    # The right is asked again at every change: a moderator who lost it meanwhile is refused.
    panel = await shown_config(world)
    mods = next(role for role in world.guild.roles.values() if role.name == "Mods")
    world.env.backend.remove_member_role(world.guild.id, world.moderator.id, mods.id)
    await world.env.settle()
    tried = await world.moderator.select(panel, ["12"], custom_id="bm:config:deadline_hours")
    assert tried.followups and "manage this server" in tried.followups[-1].content
    assert (await table.service.config.of(world.guild.id)).deadline_hours == 48


async def test_games_open_only_in_the_chosen_channels(world: World, table: Table) -> None:
    other = world.guild.create_text_channel("elsewhere")
    panel = await shown_config(world)
    await world.moderator.select(panel, [other], custom_id="bm:config:channels")
    assert other.mention in text_of(panel)

    refused = await world.anna.slash(world.channel, "game new", game=GAME)
    assert refused.response is not None and f"only in {other.mention}" in refused.response.content
    assert not [m for m in world.channel.history() if m.components]

    game = await table.open(world.anna, other)
    assert game.id > 0

    # The channel goes: no game opens anywhere, and /config says why.
    world.env.backend.delete_channel(other.id)
    await world.env.settle()
    stuck = await world.anna.slash(world.channel, "game new", game=GAME)
    assert stuck.response is not None and "no longer exist" in stuck.response.content
    again = await shown_config(world)
    assert "none of the chosen channels exists" in text_of(again)
    # Clearing the menu allows any channel again.
    await world.moderator.select(again, [], custom_id="bm:config:channels")
    assert "in any channel" in text_of(again)
    assert (await table.open(world.anna)).id > game.id


async def test_a_role_opens_games_and_losing_it_loses_the_right_at_once(world: World, table: Table) -> None:
    players = world.guild.create_role("Players")
    world.env.backend.add_member_role(world.guild.id, world.anna.id, players.id)
    await world.env.settle()
    panel = await shown_config(world)
    await world.moderator.select(panel, [players], custom_id="bm:config:opener_role")

    refused = await world.bob.slash(world.channel, "game new", game=GAME)
    assert refused.response is not None and "Only members with the role" in refused.response.content
    assert (await table.open(world.anna)).id > 0
    # Those who manage the server may always.
    assert (await table.open(world.moderator)).id > 0

    world.env.backend.remove_member_role(world.guild.id, world.anna.id, players.id)
    await world.env.settle()
    lost = await world.anna.slash(world.channel, "game new", game=GAME)
    assert lost.response is not None and "Only members with the role" in lost.response.content

    world.env.backend.delete_role(world.guild.id, players.id)
    await world.env.settle()
    gone = await world.bob.slash(world.channel, "game new", game=GAME)
    assert gone.response is not None and "no longer exists" in gone.response.content
    assert "the chosen role no longer exists" in text_of(await shown_config(world))


async def test_the_organiser_role_is_stored_for_the_leagues(world: World, table: Table) -> None:
    organisers = world.guild.create_role("Organisers")
    panel = await shown_config(world)
    await world.moderator.select(panel, [organisers], custom_id="bm:config:organiser_role")

    assert organisers.mention in text_of(panel)
    settings = await table.service.config.of(world.guild.id)
    assert settings.organiser_role == organisers.id


@pytest.mark.both_backends
async def test_a_new_game_takes_the_servers_deadline_policy_and_language(world: World, table: Table) -> None:
    panel = await shown_config(world)
    await world.moderator.select(panel, ["12"], custom_id="bm:config:deadline_hours")
    await world.moderator.select(panel, ["host"], custom_id="bm:config:on_timeout")
    await world.moderator.select(panel, ["de"], custom_id="bm:config:locale")
    assert "12 hours per turn" in text_of(panel) and "German" in text_of(panel)

    game = await table.open(world.anna)
    row = await table.row(game.id)
    assert TurnClock.of(row) == TurnClock(12, "host")
    assert row.locale == "de"
    assert texts.t("lobby.howto", "de") in game.lobby.content

    # The game's own settings still change it alone.
    changed = await world.anna.slash(game.home, "game settings", deadline=24)
    assert changed.response is not None
    assert TurnClock.of(await table.row(game.id)).hours == 24


async def test_the_servers_lobby_limit_counts(world: World, table: Table) -> None:
    panel = await shown_config(world)
    await world.moderator.select(panel, ["1"], custom_id="bm:config:open_lobbies")

    await table.open(world.anna)
    second = await world.anna.slash(world.channel, "game new", game=GAME)
    assert second.response is not None and "already have 1 open lobby here" in second.response.content


async def test_an_unstarted_lobby_closes_after_the_servers_days(world: World, table: Table) -> None:
    panel = await shown_config(world)
    await world.moderator.select(panel, ["2"], custom_id="bm:config:lobby_days")
    game = await table.open(world.anna)
    # Another server keeps the default week.
    other = world.env.create_guild("Elsewhere")
    there = other.create_text_channel("games")
    host = other.add_member(world.env.create_user("olga"))
    await world.env.settle()
    elsewhere = await table.open(host, there)

    # The tests' bot looks once a day (conftest's `Bots.reconcile_every`).
    await world.env.advance_time(DAY)
    assert (await table.row(game.id)).status == "lobby"
    await world.env.advance_time(2 * DAY)
    assert (await table.row(game.id)).status == "abandoned"
    assert "within 2 days" in table.message(world.channel, game.lobby.id).content
    assert (await table.row(elsewhere.id)).status == "lobby"


async def test_the_menus_keep_working_after_a_restart(world: World, table: Table, restart: Restarter) -> None:
    panel = await shown_config(world)
    await restart()
    await world.moderator.select(panel, ["5"], custom_id="bm:config:open_lobbies")

    assert "at most 5 open per member" in text_of(panel)
    assert (await table.service.config.of(world.guild.id)).open_lobbies == 5
