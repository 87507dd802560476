"""`ServerSettings`: what a server chose with `/config`, and who may change it.

Every setting has a default that is the bot's behaviour without settings, so a
server that never chose, and the local mode (no server at all), play as
before. Stored values outside what `/config` offers (an older release, a hand
edit) count as the default rather than failing a command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import Final

import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.service.clock import DEFAULT_HOURS
from bot.service.clock import MAX_HOURS
from bot.service.clock import ON_TIMEOUT
from bot.service.clock import TurnClock
from bot.store import ServerRow
from bot.store import Store

__all__ = [
    "DEADLINE_CHOICES",
    "LEAGUE_MEMBERS",
    "LEAGUE_MEMBERS_CHOICES",
    "LOBBY_CHOICES",
    "LOBBY_DAYS",
    "LOBBY_DAYS_CHOICES",
    "LOCALES",
    "MAX_CHANNELS",
    "OPEN_LEAGUES",
    "OPEN_LEAGUES_CHOICES",
    "OPEN_LOBBIES",
    "Config",
    "ServerSettings",
    "describe",
]

#: Lobbies a member may have open in a server at once, unless the server chose otherwise.
OPEN_LOBBIES: Final = 3
#: Days until a lobby not started closes, unless the server chose otherwise.
LOBBY_DAYS: Final = 7
#: Members a league takes at most, unless the server chose fewer (seating is measured to 64).
LEAGUE_MEMBERS: Final = 64
#: Leagues a server may have open (signing up or running) at once, unless it chose otherwise.
OPEN_LEAGUES: Final = 5
#: What `/config` offers (Discord's select menus hold at most 25 choices).
DEADLINE_CHOICES: Final = (0, 6, 12, 24, 48, 72, 96, 168, 336)
LOBBY_CHOICES: Final = (1, 2, 3, 5, 10, 20)
LOBBY_DAYS_CHOICES: Final = (1, 2, 3, 5, 7, 14, 30)
LEAGUE_MEMBERS_CHOICES: Final = (8, 12, 16, 24, 32, 48, 64)
OPEN_LEAGUES_CHOICES: Final = (1, 2, 3, 5, 10)
#: The languages game posts can be written in.
LOCALES: Final = ("en", "de", "nl")
#: Channels a server can name for games (Discord's channel select holds at most 25).
MAX_CHANNELS: Final = 25


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings, every one filled in (its default where the server chose none)."""

    guild_id: int | None = None
    #: Where games and leagues may open; empty: any channel.
    channels: tuple[int, ...] = ()
    #: Who may open games (besides those who manage the server); None: everyone.
    opener_role: int | None = None
    #: Who organises leagues besides those who manage the server; None: nobody else.
    organiser_role: int | None = None
    deadline_hours: int = DEFAULT_HOURS
    on_timeout: str = "ai"
    #: The language of game posts; None: the server's own (Discord's).
    locale: str | None = None
    open_lobbies: int = OPEN_LOBBIES
    lobby_days: int = LOBBY_DAYS
    league_members: int = LEAGUE_MEMBERS
    open_leagues: int = OPEN_LEAGUES

    @classmethod
    def of(cls, row: ServerRow) -> ServerSettings:
        """The stored choices, with the default for each one not made (or not valid)."""

        def pick(value: Any, valid: Callable[[Any], bool], default: Any) -> Any:
            return value if value is not None and valid(value) else default

        return cls(
            guild_id=row.guild_id,
            channels=row.channels[:MAX_CHANNELS],
            opener_role=row.opener_role,
            organiser_role=row.organiser_role,
            deadline_hours=pick(row.deadline_hours, lambda h: 0 <= h <= MAX_HOURS, DEFAULT_HOURS),
            on_timeout=pick(row.on_timeout, lambda t: t in ON_TIMEOUT, "ai"),
            locale=pick(row.locale, lambda code: code in LOCALES, None),
            open_lobbies=pick(row.open_lobbies, lambda n: n >= 1, OPEN_LOBBIES),
            lobby_days=pick(row.lobby_days, lambda d: d >= 1, LOBBY_DAYS),
            league_members=pick(row.league_members, lambda n: 2 <= n <= LEAGUE_MEMBERS, LEAGUE_MEMBERS),
            open_leagues=pick(row.open_leagues, lambda n: n >= 1, OPEN_LEAGUES),
        )

    def row(self) -> ServerRow:
        if self.guild_id is None:
            raise ValueError("the local mode has no server to store settings for")
        return ServerRow(
            self.guild_id,
            channels=self.channels,
            opener_role=self.opener_role,
            organiser_role=self.organiser_role,
            deadline_hours=self.deadline_hours,
            on_timeout=self.on_timeout,
            locale=self.locale,
            open_lobbies=self.open_lobbies,
            lobby_days=self.lobby_days,
            league_members=self.league_members,
            open_leagues=self.open_leagues,
        )

    @property
    def lobby_lifetime(self) -> timedelta:
        return timedelta(days=self.lobby_days)

    def game_settings(self) -> dict[str, Any]:
        """What a new game of this server starts with (its own `/game settings` then change it)."""
        return TurnClock(self.deadline_hours, self.on_timeout).settings()

    def game_locale(self, caller: Caller) -> str | None:
        """The language a new game posts in: the server's choice, else its own language."""
        return self.locale or caller.guild_locale


class Config:
    """Reads and changes servers' settings; checks who may open games where."""

    def __init__(self, store: Store, now: Callable[[], datetime]) -> None:
        self._store = store
        self._now = now

    async def of(self, guild_id: int | None) -> ServerSettings:
        """A server's settings, read afresh: a change through `/config` (in this process or
        another on the same database) counts at the next command. No server: the defaults."""
        if guild_id is None:
            return ServerSettings()
        return ServerSettings.of(await self._store.server_settings(guild_id))

    async def shown(self, caller: Caller) -> ServerSettings:
        """The caller's server's settings, for those who may change them (Manage Server)."""
        if caller.guild_id is None:
            raise PlayerError("discord.error.dm")
        if not caller.is_manager:
            raise PlayerError("config.not_allowed")
        return await self.of(caller.guild_id)

    async def change(self, caller: Caller, setting: str, values: list[str]) -> ServerSettings:
        """Change one setting of the caller's server (Manage Server only, checked at each
        change: a member who lost the right meanwhile is refused); the new settings.

        `values` are what the menu sent: ids of channels or roles, or one choice.
        """
        current = await self.shown(caller)
        new = replace(current, **_parsed(setting, values))
        await self._store.save_server_settings(new.row(), now=self._now())
        return new

    @staticmethod
    def check_may_open(caller: Caller, settings: ServerSettings) -> None:
        """Refuse a new game where the server does not allow one, or to a member without
        the role that opens games (read from the member as they are now). Those who
        manage the server may always: they could change the settings anyway."""
        Config.check_place(caller, settings)
        role = settings.opener_role
        if role is not None and not caller.is_manager and role not in caller.roles:
            if caller.exists is not None and not caller.exists(role):
                raise PlayerError("config.refuse.role_gone")
            raise PlayerError("config.refuse.role", role=f"<@&{role}>")

    @staticmethod
    def check_place(caller: Caller, settings: ServerSettings) -> None:
        """Refuse to open a game (or, to come, a league) outside the server's chosen
        channels; a chosen channel that was deleted counts no more."""
        if not settings.channels or caller.channel_id in settings.channels:
            return
        exists = caller.exists or (lambda _: True)
        places = [f"<#{c}>" for c in settings.channels if exists(c)]
        if not places:
            raise PlayerError("config.refuse.no_channel_left")
        raise PlayerError("config.refuse.channel", channels=", ".join(places))

    @staticmethod
    def may_organise(caller: Caller, settings: ServerSettings) -> bool:
        """Whether the caller may open and run leagues here (for the leagues to come)."""
        role = settings.organiser_role
        return caller.is_manager or (role is not None and role in caller.roles)


def _number(values: list[str], choices: tuple[int, ...]) -> int:
    if len(values) != 1 or values[0] not in {str(choice) for choice in choices}:
        raise PlayerError("config.bad_value")
    return int(values[0])


def _ids(values: list[str], most: int) -> tuple[int, ...]:
    if len(values) > most or not all(value.isascii() and value.isdigit() for value in values):
        raise PlayerError("config.bad_value")
    return tuple(dict.fromkeys(int(value) for value in values))


def _parsed(setting: str, values: list[str]) -> dict[str, Any]:
    """The field a menu's answer changes, checked; a refusal for anything not offered."""
    if setting == "channels":
        return {"channels": _ids(values, MAX_CHANNELS)}
    if setting in ("opener_role", "organiser_role"):
        roles = _ids(values, 1)
        return {setting: roles[0] if roles else None}
    if setting == "deadline_hours":
        return {"deadline_hours": _number(values, DEADLINE_CHOICES)}
    if setting == "open_lobbies":
        return {"open_lobbies": _number(values, LOBBY_CHOICES)}
    if setting == "lobby_days":
        return {"lobby_days": _number(values, LOBBY_DAYS_CHOICES)}
    if setting == "league_members":
        return {"league_members": _number(values, LEAGUE_MEMBERS_CHOICES)}
    if setting == "open_leagues":
        return {"open_leagues": _number(values, OPEN_LEAGUES_CHOICES)}
    if setting == "on_timeout" and len(values) == 1 and values[0] in ON_TIMEOUT:
        return {"on_timeout": values[0]}
    if setting == "locale" and len(values) == 1 and values[0] in (*LOCALES, "server"):
        return {"locale": None if values[0] == "server" else values[0]}
    raise PlayerError("config.bad_value")


def describe(settings: ServerSettings, locale: str | None, exists: Callable[[int], bool]) -> list[str]:
    """Each setting in words, for the `/config` message; deleted channels and roles noticed."""

    def say(key: str, **params: Any) -> str:
        return texts.t(key, locale, **params)

    lines = []
    if not settings.channels:
        lines.append(say("config.show.channels_any"))
    else:
        alive = [f"<#{c}>" for c in settings.channels if exists(c)]
        if alive:
            lines.append(say("config.show.channels", channels=", ".join(alive)))
        else:
            lines.append(say("config.show.channels_gone"))
    for setting in ("opener_role", "organiser_role"):
        role = getattr(settings, setting)
        if role is None:
            lines.append(say(f"config.show.{setting}_none"))
        elif exists(role):
            lines.append(say(f"config.show.{setting}", role=f"<@&{role}>"))
        else:
            lines.append(say(f"config.show.{setting}_gone"))
    if settings.deadline_hours == 0:
        lines.append(say("config.show.no_deadline"))
    else:
        then = say(f"settings.then.{settings.on_timeout}")
        lines.append(say("config.show.deadline", hours=settings.deadline_hours, then=then))
    language = say(f"config.language.{settings.locale}") if settings.locale else say("config.language.server")
    lines.append(say("config.show.language", language=language))
    lines.append(say("config.show.lobbies", most=settings.open_lobbies, days=settings.lobby_days))
    lines.append(say("config.show.leagues", most=settings.open_leagues, members=settings.league_members))
    return lines
