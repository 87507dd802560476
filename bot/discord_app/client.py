"""The Discord bot itself: wiring store, service, commands and buttons together."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.ext import tasks

from bot.discord_app.choices import refresh_game_choices
from bot.discord_app.components import BotLevelButton
from bot.discord_app.components import HandButton
from bot.discord_app.components import HintButton
from bot.discord_app.components import LobbyButton
from bot.discord_app.components import MoveButton
from bot.discord_app.components import MoveSelect
from bot.discord_app.components import OptionSelect
from bot.discord_app.components import TimeoutButton
from bot.discord_app.config_cog import ConfigCog
from bot.discord_app.config_cog import ConfigSelect
from bot.discord_app.game_cog import GameCog
from bot.discord_app.league_cog import LeagueButton
from bot.discord_app.league_cog import LeagueCog
from bot.discord_app.league_cog import make_thread
from bot.discord_app.play_cog import PlayCog
from bot.discord_app.player_cog import PlayerCog
from bot.discord_app.responder import InteractionResponder
from bot.discord_app.responder import deliver_dispatch
from bot.discord_app.translator import CatalogueTranslator
from bot.discord_app.tree import GameTree
from bot.results import Dispatch
from bot.service import GameService
from bot.service.drawing import Animate
from bot.service.drawing import Render
from bot.settings import Settings
from bot.shards import Shards
from bot.store import Store
from bot.workers import Workers
from bot.workers import default_processes

__all__ = ["BaumeisterBot", "bot_intents", "create_bot", "sync_commands"]

log = logging.getLogger(__name__)

#: How often the games' unfinished work and the deadlines are looked at afresh
#: (`GameService.reconcile`): nothing a game owes is more than this late.
RECONCILE_EVERY = 60.0

#: On shutdown, background work (AI turns, posts) gets this long to finish.
SHUTDOWN_GRACE = 10.0


#: The commands that work outside servers too (a person's own settings and the rules).
ANYWHERE = frozenset({"rules", "away", "notify", "stats"})


def bot_intents() -> discord.Intents:
    """The least the bot needs: servers with their channels, threads and roles (for
    permissions). Slash commands and buttons arrive without any intent; the bot
    reads no messages and needs no member list, so nothing else is asked for."""
    return discord.Intents(guilds=True)


def mark_guild_only(tree: app_commands.CommandTree[Any]) -> None:
    """Game commands are offered in servers only; in direct messages Discord does not
    list them at all instead of the bot refusing them when used."""
    for command in tree.get_commands():
        if command.name not in ANYWHERE:
            command.guild_only = True


def _shard_options(settings: Settings) -> dict[str, Any]:
    options: dict[str, Any] = {"shard_count": settings.shard_count}
    if settings.shard_ids is not None:
        options["shard_ids"] = list(settings.shard_ids)
    return options


class BaumeisterBot(commands.AutoShardedBot):
    """The bot: opens the store on set-up, closes it on close.

    It connects the shards the settings name (`SHARD_COUNT`, `SHARD_IDS`; by
    default all that Discord recommends, one for a bot in fewer than 2,500
    servers) and does the background work of their servers only: other
    processes on the same database serve the other shards (docs/scaling.md).

    With `serve=False` it only carries the command tree (for `python -m bot
    sync`): no database is opened and no game is resumed.

    It starts its own worker processes for drawing and the AI (`BOT_WORKERS`)
    and stops them on close, unless it is handed `workers` that another owner
    keeps (the test suite shares one set among all the bots it starts).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        serve: bool = True,
        workers: Workers | None = None,
        render: Render | None = None,
        animate: Animate | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            tree_cls=GameTree,
            help_command=None,
            # Nobody is pinged unless a message names them explicitly.
            allowed_mentions=discord.AllowedMentions.none(),
            # None and None: as many shards as Discord recommends, all in this process.
            **_shard_options(settings),
        )
        self.settings = settings
        self.responder = InteractionResponder(self)
        self._serve = serve
        self._store: Store | None = None
        self._service: GameService | None = None
        self._resuming: asyncio.Task[None] | None = None
        #: Worker processes handed in by their owner: used, never stopped here.
        self._lent_workers = workers
        #: Stand-ins for the games' renderers (None: the games' own).
        self._render = render
        self._animate = animate
        #: Seconds between two looks at the games' unfinished work (`RECONCILE_EVERY`).
        self.reconcile_every = RECONCILE_EVERY

    async def on_message(self, message: discord.Message, /) -> None:
        """No prefix commands: everything is a slash command or a button."""

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the game service starts in setup_hook")
        return self._service

    async def setup_hook(self) -> None:
        await self.add_cog(GameCog(self.responder))
        await self.add_cog(PlayCog(self.responder))
        await self.add_cog(PlayerCog(self.responder))
        await self.add_cog(ConfigCog())
        await self.add_cog(LeagueCog())
        refresh_game_choices(self.tree)
        mark_guild_only(self.tree)
        self.add_dynamic_items(
            LobbyButton, MoveButton, MoveSelect, OptionSelect, HandButton, HintButton, TimeoutButton
        )
        self.add_dynamic_items(ConfigSelect, LeagueButton, BotLevelButton)
        # Command names and descriptions in the users' languages (German, Dutch).
        await self.tree.set_translator(CatalogueTranslator())
        if not self._serve:
            return
        self._store = await Store.open(self.settings.database)
        # discord.utils.utcnow: the same clock Discord's own timestamps use.
        workers = self._lent_workers
        if workers is None:
            processes = self.settings.workers if self.settings.workers is not None else default_processes()
            workers = Workers(processes)
        self._service = GameService(
            self._store,
            clock=discord.utils.utcnow,
            outbox=self._deliver,
            workers=workers,
            render=self._render,
            animate=self._animate,
        )
        self._service.leagues.threads = make_thread(self)
        if self.settings.dev_guild is not None:
            await sync_commands(self)
        self._resuming = asyncio.create_task(self._resume_games(), name="baumeister-resume")

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (kicked, banned, or the server deleted): its games pause."""
        if self._service is not None:
            await self._service.servers.left(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server: games paused there resume."""
        if self._service is not None:
            await self._service.servers.returned(guild.id)

    async def _deliver(self, dispatch: Dispatch) -> None:
        await deliver_dispatch(self, dispatch)

    async def _resume_games(self) -> None:
        """Once connected: finish what a stop interrupted (AI turns, unposted turns,
        summaries) and keep the deadlines (those that passed meanwhile first).

        Both run in the background, a few games at a time and spaced out: the bot
        answers commands at once, however many games wait."""
        await self.wait_until_ready()
        count = self.shard_count or 1
        shards = Shards.of(count, self.shard_ids)
        self.service.own(None if shards.everything else shards)
        log.info("connected shards %s of %s", ", ".join(map(str, sorted(shards.ids))), count)
        try:
            # Servers that removed the bot (or added it back) while it was down.
            await self.service.servers.reconcile([guild.id for guild in self.guilds])
            await self.service.resume(wait=False)
        except Exception:
            log.exception("resuming the running games failed")
        self.service.deadlines.start()
        self._reconciling.change_interval(seconds=self.reconcile_every)
        self._reconciling.start()

    @tasks.loop(seconds=RECONCILE_EVERY)
    async def _reconciling(self) -> None:
        try:
            await self.service.reconcile()
        except Exception:
            # The database may be away for a moment: the next look, a minute on, tries again.
            log.warning("looking at the games' unfinished work failed; again in a minute", exc_info=True)

    async def close(self) -> None:
        if self._resuming is not None and not self._resuming.done():
            self._resuming.cancel()
        self._reconciling.cancel()
        if self._service is not None:
            await self._service.deadlines.stop()
            self._service.stop_retrying()
            # Background work left unfinished is safe: it starts again on resume.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._service.idle(), timeout=SHUTDOWN_GRACE)
        try:
            await super().close()
        finally:
            store, service = self._store, self._service
            self._store, self._service = None, None
            if service is not None and self._lent_workers is None:
                service.workers.close()
            if store is not None:
                await store.close()


async def sync_commands(bot: BaumeisterBot) -> list[discord.app_commands.AppCommand]:
    """Register the slash commands: in the development guild when set, else globally.

    Guild commands appear at once (for development); global ones may take a
    while to reach every server, so syncing globally is a release step.
    """
    dev_guild = bot.settings.dev_guild
    if dev_guild is None:
        return await bot.tree.sync()
    guild = discord.Object(dev_guild)
    bot.tree.copy_global_to(guild=guild)
    return await bot.tree.sync(guild=guild)


def create_bot(
    settings: Settings | None = None,
    *,
    workers: Workers | None = None,
    render: Render | None = None,
    animate: Animate | None = None,
) -> BaumeisterBot:
    """The fully wired bot; settings from the environment when not given. `workers`:
    worker processes the caller keeps (and stops), instead of the bot's own; `render`
    and `animate`: stand-ins for the games' renderers (see `GameService`)."""
    return BaumeisterBot(
        settings if settings is not None else Settings.from_env(),
        workers=workers,
        render=render,
        animate=animate,
    )
