"""`/league ...`: sign-up, start, standings, drop, cancel and the list of a server's leagues.

Thin commands over `GameService.leagues`: each defers privately, calls the
service and says what it answers; refusals are the service's sentences. The
sign-up message carries Join and Leave buttons (`LeagueButton`, good after a
restart too) and is redrawn whenever who signed up changes. The threads of a
league's tables are made here (`make_thread`), handed to the service.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any
from typing import Self

import discord
from discord import app_commands
from discord.ext import commands

import ai
import texts
from bot.discord_app.choices import engine_choices
from bot.discord_app.choices import level_choices
from bot.discord_app.choices import suggest
from bot.discord_app.command_kit import Subject
from bot.discord_app.command_kit import named_command
from bot.discord_app.context import Request
from bot.discord_app.context import locale_of
from bot.discord_app.context import service_of
from bot.discord_app.delivery import NO_PINGS
from bot.discord_app.delivery import answering
from bot.discord_app.delivery import chunks
from bot.discord_app.delivery import refuse
from bot.discord_app.delivery import send_private
from bot.discord_app.responder import THREAD_ARCHIVE_MINUTES
from bot.discord_app.responder import ask
from bot.errors import PlayerError
from bot.results import Caller
from bot.service import GameService
from bot.service.leagues import MOST_DEADLINE_HOURS
from bot.service.leagues import MOST_ROUNDS
from bot.service.leagues import LeagueAnswer
from bot.service.leagues import Leagues
from bot.service.leagues import Standings
from bot.store import LEAGUE_FORMATS

__all__ = ["LeagueAction", "LeagueButton", "LeagueCog", "league_command", "make_thread", "run_on_league"]

log = logging.getLogger(__name__)

_LEAGUE = texts.t("discord.option.league")
#: A service call about one league (named, or the one the service finds), such as `Leagues.join`.
LeagueAction = Callable[[Leagues, Caller, str | None], Awaitable[LeagueAnswer]]


def signup_view(league_id: int, locale: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave"):
        view.add_item(LeagueButton(league_id, action, label=texts.t(f"league.button.{action}", locale)))
    return view


class LeagueButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bm:league:(?P<league>[0-9]{1,18}):(?P<action>join|leave)",
):
    """Join or Leave on a league's sign-up message."""

    def __init__(self, league_id: int, action: str, *, label: str | None = None) -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or action, style=style, custom_id=f"bm:league:{league_id}:{action}")
        )
        self.league_id = league_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["league"]), match["action"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        action = Leagues.join if self.action == "join" else Leagues.leave
        async with answering(interaction):
            await run_on_league(interaction, str(self.league_id), action)


async def run_on_league(interaction: discord.Interaction[Any], ref: str | None, action: LeagueAction) -> None:
    """Defer privately, make the call, answer; redraw the sign-up message when it changed."""

    async def work(request: Request) -> LeagueAnswer:
        return await action(request.service.leagues, request.caller, ref)

    await _answer(interaction, work)


async def _answer(
    interaction: discord.Interaction[Any], work: Callable[[Request], Awaitable[LeagueAnswer]]
) -> None:
    answer = await ask(interaction, work)
    if answer is None:
        return
    await send_private(interaction, answer.text)
    if answer.card is not None and answer.league_id is not None:
        await show_card(interaction.client, service_of(interaction.client), answer.league_id, answer.card)


def league_command(
    name: str, description_key: str, action: LeagueAction
) -> app_commands.Command[Any, ..., None]:
    """A command that makes one service call about one league, named by `league:` or found
    by the service: `/league join`, `/league start`, ..."""
    return named_command(
        name, description_key, LEAGUE, lambda interaction, ref: run_on_league(interaction, ref, action)
    )


async def show_card(client: discord.Client, service: GameService, league_id: int, text: str) -> None:
    """Redraw the league's sign-up message (its buttons only while it signs up)."""
    league = await service.store.league(league_id)
    if league is None or league.message_id is None:
        return
    channel = client.get_channel(league.channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        return
    view = signup_view(league.id, league.locale) if league.status == "signup" else None
    try:
        await channel.get_partial_message(league.message_id).edit(content=chunks(text)[0], view=view)
    except discord.HTTPException as error:
        log.warning("league %s: the sign-up message could not be redrawn (%s)", league_id, error)


def make_thread(client: discord.Client) -> Callable[[int, str], Awaitable[int | None]]:
    """How the service gets a thread for a table: a public thread in the league's channel,
    where the bot may make one (None: the table plays in the channel).

    A thread of that name the bot made there already is the one: the name holds the
    table's game number, and a try cut short between making the thread and recording
    it must not make a second one."""

    async def thread(channel_id: int, name: str) -> int | None:
        channel = client.get_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        me = channel.guild.me
        made_before = next((t for t in channel.threads if t.name == name[:100] and t.owner_id == me.id), None)
        if made_before is not None:
            return made_before.id
        permissions = channel.permissions_for(me)
        if not (permissions.create_public_threads and permissions.send_messages_in_threads):
            return None
        try:
            made = await channel.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.warning("a league table's thread could not be made in %s (%s)", channel_id, error)
            return None
        return made.id

    return thread


async def league_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """This server's leagues that the caller may see."""
    return await suggest(
        interaction, "league", lambda request: request.service.leagues.choices(request.caller, current)
    )


#: The `league:` option: a league of this server.
LEAGUE = Subject("league", _LEAGUE, league_autocomplete)


class LeagueCog(commands.GroupCog, group_name="league", group_description=texts.t("discord.command.league")):
    """The `/league` command group."""

    @app_commands.command(name="new", description=texts.t("discord.command.league.new"))
    @app_commands.describe(
        game=texts.t("discord.option.new_game"),
        format=texts.t("discord.option.format"),
        rounds=texts.t("discord.option.rounds"),
        name=texts.t("discord.option.league_name"),
        deadline=texts.t("discord.option.league_deadline"),
        level=texts.t("discord.option.league_level"),
    )
    @app_commands.choices(
        game=engine_choices(),
        format=[app_commands.Choice(name=texts.t(f"discord.choice.{f}"), value=f) for f in LEAGUE_FORMATS],
        level=level_choices(),
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        format: str,  # noqa: A002 - the option's name
        rounds: app_commands.Range[int, 1, MOST_ROUNDS],
        name: str,
        deadline: app_commands.Range[int, 1, MOST_DEADLINE_HOURS] | None = None,
        level: str = ai.DEFAULT_LEVEL,
    ) -> None:
        channel = interaction.channel
        if isinstance(channel, discord.Thread) or not isinstance(channel, discord.abc.Messageable):
            await refuse(interaction, PlayerError("discord.error.new_in_thread"))
            return

        async def work(request: Request) -> LeagueAnswer:
            return await request.service.leagues.new(
                request.caller, game, format, rounds, name, deadline, level
            )

        answer = await ask(interaction, work)
        if answer is None:
            return
        service = service_of(interaction.client)
        league_id = answer.league_id
        if league_id is None:
            raise RuntimeError("the service opened a league without a number")
        league = await service.store.league(league_id)
        locale = league.locale if league is not None else None
        try:
            message = await channel.send(
                answer.text, view=signup_view(league_id, locale), allowed_mentions=NO_PINGS
            )
        except discord.HTTPException as error:
            log.warning("league %s: the sign-up message could not be posted (%s)", league_id, error)
            await refuse(interaction, PlayerError("discord.error.cannot_post"))
            return
        await service.leagues.placed(league_id, message.id)
        await send_private(interaction, texts.t("league.opened", locale_of(interaction), id=league_id))

    join = league_command("join", "discord.command.league.join", Leagues.join)
    leave = league_command("leave", "discord.command.league.leave", Leagues.leave)
    start = league_command("start", "discord.command.league.start", Leagues.start)
    drop = league_command("drop", "discord.command.league.drop", Leagues.drop)
    cancel = league_command("cancel", "discord.command.league.cancel", Leagues.cancel)

    @app_commands.command(name="list", description=texts.t("discord.command.league.list"))
    async def listing(self, interaction: discord.Interaction[Any]) -> None:
        async def work(request: Request) -> LeagueAnswer:
            return LeagueAnswer(await request.service.leagues.listing(request.caller))

        await _answer(interaction, work)

    @app_commands.command(name="standings", description=texts.t("discord.command.league.standings"))
    @app_commands.describe(league=_LEAGUE)
    @app_commands.autocomplete(league=league_autocomplete)
    async def standings(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        async def work(request: Request) -> Standings:
            return await request.service.leagues.standings(request.caller, league)

        shown = await ask(interaction, work)
        if shown is None:
            return
        files = [discord.File(io.BytesIO(shown.csv), filename="standings.csv")]
        if shown.image is not None:
            image = discord.File(
                io.BytesIO(shown.image), filename="standings.png", description=shown.description[:1024]
            )
            files.insert(0, image)
        await send_private(interaction, shown.text)
        await interaction.followup.send(files=files, ephemeral=True)
