"""`python -m bot [run | sync | local | migrate]`: run the bot, register its commands, play locally,
or move its database to PostgreSQL.

python -m bot          run against Discord (needs DISCORD_TOKEN)
python -m bot sync     register the slash commands (DISCORD_DEV_GUILD: that server only), then exit
python -m bot local    play in this terminal, no Discord needed
python -m bot migrate --to postgresql://USER:PASSWORD@HOST/DATABASE [--from PATH]
                       copy the SQLite database (PATH, else BOT_DATABASE) into an empty PostgreSQL
                       database and verify the copy (docs/storage.md, "Moving to PostgreSQL")
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import signal
import sys
from typing import Protocol

from bot.settings import Settings
from bot.settings import SettingsError

__all__ = ["main"]

NO_TOKEN = """\
Baumeister needs a Discord bot token to connect to Discord, and none is set.

To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token (keep it secret).
     No privileged gateway intent is needed: leave them all off.
  3. Under "OAuth2" > "URL Generator", tick the scopes "bot" and
     "applications.commands" and the permissions View Channels, Send Messages,
     Create Public Threads, Send Messages in Threads, Attach Files and
     Read Message History; open the generated URL to invite the bot.

Then put the token into a file named .env in this folder (copy .env.example):

  DISCORD_TOKEN=your-token-here

and register the slash commands once with `python -m bot sync`
(`python3 dev.py run sync`). Set DISCORD_DEV_GUILD=<server id> to have them
in one server at once while trying things out.

No token at hand? Play in this terminal instead:

  python -m bot local        (or: python3 dev.py run local)
"""

TOKEN_REFUSED = """\
Discord refused the token in DISCORD_TOKEN. Copy it again from
https://discord.com/developers/applications (your application > Bot > Reset Token)
into .env, without quotes or spaces.
"""

USAGE = __doc__ or ""


def _without_token() -> int:
    """Say what to do; at a terminal, offer the local mode there and then."""
    print(NO_TOKEN, file=sys.stderr)
    if sys.stdin.isatty():
        try:
            answer = input("Play in local mode now? [Y/n] ").strip().lower()
        except EOFError:
            answer = "n"
        if answer in {"", "y", "yes"}:
            return _local()
    return 2


def _run(settings: Settings) -> int:
    if settings.token is None:
        return _without_token()
    # discord is imported only here and in `_sync`: the local mode does without it.
    import aiohttp
    import discord

    from bot.discord_app import create_bot
    from bot.store import Store
    from bot.store import StoreError

    async def open_database() -> None:
        # Before Discord: a database that cannot be used is said at once, and a schema
        # to migrate is migrated before the bot answers anyone.
        await (await Store.open(settings.database)).close()

    try:
        asyncio.run(open_database())
    except StoreError as error:
        print(database_problem(settings.database, error), file=sys.stderr)
        return 1
    bot = create_bot(settings)
    level = logging.getLevelNamesMapping().get(settings.log_level, logging.INFO)
    discord.utils.setup_logging(level=level, root=True)
    try:
        asyncio.run(serve(bot, settings.token))
    except KeyboardInterrupt:
        pass  # `serve` closed the bot already
    except discord.LoginFailure:
        print(TOKEN_REFUSED, file=sys.stderr)
        return 1
    except (OSError, aiohttp.ClientError) as error:
        print(
            f"Baumeister cannot reach Discord: {error}\nCheck this machine's network connection.",
            file=sys.stderr,
        )
        return 1
    except StoreError as error:
        print(database_problem(settings.database, error), file=sys.stderr)
        return 1
    return 0


def database_problem(location: str, error: Exception) -> str:
    """What to say when the database cannot be opened at start."""
    from bot.store import is_postgres

    if is_postgres(location):
        hint = (
            "Check BOT_DATABASE (postgresql://user:password@host:port/database), that the\n"
            "server runs and accepts connections from here, and that the database exists."
        )
    else:
        hint = "Check BOT_DATABASE: a file path (the default is baumeister.sqlite3) or a postgresql:// URL."
    return f"Baumeister cannot use its database: {error}\n{hint}"


class _Servable(Protocol):
    async def start(self, token: str) -> None: ...
    async def close(self) -> None: ...


async def serve(bot: _Servable, token: str) -> None:
    """Run the bot until it is closed; SIGTERM (what systemd and Docker send) and
    Ctrl-C close it the orderly way: no new commands, background work finished
    or left for the next start, the store and the workers closed."""
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not closing:
            logging.getLogger(__name__).info("stopping: closing the bot")
            closing.append(loop.create_task(bot.close()))

    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on every platform
            loop.add_signal_handler(signum, stop)
    try:
        await bot.start(token)
    finally:
        if closing:
            await closing[0]
        else:
            await bot.close()


async def _sync(settings: Settings, token: str) -> int:
    import discord

    from bot.discord_app import BaumeisterBot
    from bot.discord_app import sync_commands

    async with BaumeisterBot(settings, serve=False) as bot:
        try:
            await bot.login(token)
        except discord.LoginFailure:
            print(TOKEN_REFUSED, file=sys.stderr)
            return 1
        synced = await sync_commands(bot)
    where = f"server {settings.dev_guild}" if settings.dev_guild is not None else "all servers (global)"
    print(f"Registered {len(synced)} slash commands for {where}.")
    return 0


def _local() -> int:
    # Imported only when asked for: the console front-end needs no discord.
    local = importlib.import_module("bot.local")
    local.main()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "run"
    if command == "local":
        return _local()
    if command == "migrate":
        # Imported only when asked for, like the local mode.
        from bot.migrate import main as migrate

        return migrate(args[1:])
    if command not in ("run", "sync"):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Baumeister cannot start: {error}. See .env.example.", file=sys.stderr)
        return 2
    if command == "run":
        return _run(settings)
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level)
    return asyncio.run(_sync(settings, settings.token))


if __name__ == "__main__":
    sys.exit(main())
