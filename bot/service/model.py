"""What the parts of the service pass between them: a loaded game, a notice, limits."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from typing import Any

import ai
import texts
from bot.errors import PlayerError
from bot.ratings import MIN_RATED_HUMANS
from bot.results import Dispatch
from bot.shards import Shards
from bot.store import GameRow
from bot.store import SeatRow
from games.core import Action
from games.core import Engine
from games.core import State
from texts import escape_words

__all__ = [
    "AI_NAMES",
    "AUTOCOMPLETE_LIMIT",
    "HINTS",
    "LEAGUE",
    "LOG_LIMIT",
    "MAX_AI_STEPS",
    "MAX_GAME_ID",
    "PRIVATE_ANSWER_HOURS",
    "REST_TO_AI",
    "Loaded",
    "Notice",
    "Outbox",
    "Ownership",
    "check_level",
    "discord_time",
    "hints_on",
    "host_name",
    "level_name",
    "seat_label",
    "seat_name",
    "utcnow",
    "whole_lines",
]

#: Where a game's posts and direct messages go (the front-end delivers them).
Outbox = Callable[[Dispatch], Awaitable[None]]

#: A safety net: no chain of AI moves may run longer than this.
MAX_AI_STEPS = 5_000
#: AI seats' names, stored bare: shown as "AI Mira", "KI Mira" (`seat_name`). None is a word
#: of any game in any language (a test checks), so no sentence reads "AI Zhao builds in Zhao".
AI_NAMES = ("Mira", "Otto", "Lena", "Juno", "Ivo", "Tess", "Edda", "Yara")
#: How AI seats were stored before: the word for AI in the name ("AI Li"; "Bob (AI)",
#: "Bob (KI)" for a person's seat the AI took over). Their bare names are shown the new way.
_NAMED_AI = re.compile(r"^(?:AI|KI) (?P<before>.+)$|^(?P<after>.+) \((?:AI|KI)\)$")
AUTOCOMPLETE_LIMIT = 25
#: SQLite's integers end at 2**63; a button or option can carry anything.
MAX_GAME_ID = 1 << 63
LOG_LIMIT = 1_900
#: A game setting: when a person's deadline passes, the AI plays their seat to the end
#: of the game, not just that turn (league games, where that player ranks last).
REST_TO_AI = "rest_to_ai"
#: A game setting: the league whose table the game is (its number). Such a game is seated
#: by its league, never through a lobby.
LEAGUE = "league"
#: A game setting chosen at `/game new`: whether its players may ask `/hint` (True, False;
#: left out: on where the game is not rated anyway, see `hints_on`). A game with hints is
#: not rated.
HINTS = "hints"
#: How long seats asked privately (`Engine.hidden_acting`) have to answer, whoever they
#: are: a time that depended on who is asked (their absences, quiet hours, the game's
#: deadline) would tell the others who is asked.
PRIVATE_ANSWER_HOURS = 1


class Ownership:
    """Whose background work this process does: the servers of its shards (`bot.shards`).

    None, the default, is every server (one process). The Discord front-end
    sets it once connected, when it knows its shards; the parts that work in the
    background (the restore, deadlines, each game's posts) read it each time.
    """

    def __init__(self, shards: Shards | None = None) -> None:
        self.shards = shards

    def owns(self, guild_id: int | None) -> bool:
        return self.shards is None or self.shards.owns(guild_id)


def whole_lines(lines: list[str], limit: int, more: Callable[[int], str]) -> str:
    """As many whole lines as fit `limit` characters, then `more(n)` for the n left out:
    a list is never cut in the middle of a line, and never without saying so."""
    kept: list[str] = []
    size = 0
    for number, line in enumerate(lines):
        tail = len(more(len(lines) - number)) + 1 if number < len(lines) - 1 else 0
        if size + len(line) + 1 + tail > limit:
            kept.append(more(len(lines) - number))
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


def utcnow() -> datetime:
    return datetime.now(UTC)


def discord_time(moment: datetime, style: str = "f") -> str:
    """A time Discord shows in each reader's own time zone and language."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def status_key(row: GameRow) -> str:
    """The text key of the game's status as people see it: a paused game says so."""
    if row.status == "running" and row.paused_at is not None:
        return "status.paused"
    return f"status.{row.status}"


def seat_name(seat: SeatRow, locale: str | None) -> str:
    """A seat's name as typed; an AI seat's with the reader's word for AI ("KI Mira")."""
    if not seat.is_ai:
        return seat.name
    found = _NAMED_AI.match(seat.name)
    bare = (found.group("before") or found.group("after")) if found else seat.name
    return texts.t("seat.ai_name", locale, name=bare)


def hints_on(row: GameRow) -> bool:
    """Whether the game's players may ask for hints: as chosen at `/game new`, else where no
    rating is at stake (a game at a terminal, or with fewer people than a rating needs);
    never in a league's table unless chosen."""
    chosen = row.settings.get(HINTS)
    if chosen is not None:
        return bool(chosen)
    if LEAGUE in row.settings:
        return False
    people = sum(1 for seat in row.seats if not seat.is_ai)
    return row.guild_id is None or people < MIN_RATED_HUMANS


def seat_label(seat: SeatRow, locale: str | None) -> str:
    """A seat's name with its AI's level where it is an AI's ("AI Mira (Easy)"): where
    seats are listed (the lobby, /game info, the start post); elsewhere `seat_name`."""
    name = seat_name(seat, locale)
    if not seat.is_ai:
        return name
    return texts.t("seat.ai_level", locale, name=name, level=level_name(seat.level, locale))


def level_name(level: str, locale: str | None) -> str:
    """An AI level (`ai.LEVELS`) in the reader's words: "Easy", "Leicht"."""
    return texts.t(f"ai.level.{level}", locale)


def check_level(level: str) -> None:
    """Refuse a level no AI plays, with the levels there are."""
    if level not in ai.LEVELS:
        raise PlayerError("error.bad_level", level=escape_words(level[:40]), levels=", ".join(ai.LEVELS))


def host_name(row: GameRow) -> str:
    """The host's name as a message shows it (escaped: see `texts.words`)."""
    return escape_words(next((s.name for s in row.seats if s.user_id == row.host_id and not s.is_ai), "?"))


@dataclass(frozen=True)
class Notice:
    """A post about a game that is not a turn: its text in the thread's language, maybe a board."""

    key: str
    params: dict[str, Any]
    board: bool = False
    mentions: tuple[int, ...] = ()
    actions: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Loaded:
    """A game as read: its row, its engine and (once started) its state."""

    row: GameRow
    engine: Engine
    state: State | None

    @property
    def names(self) -> list[str]:
        """The seats' names as messages show them: escaped, so that a name never formats,
        links or pings (`texts.words`), and in the game's language ("KI Mira"). Every text
        about a game is written with these."""
        return [escape_words(name) for name in self.typed_names]

    @property
    def typed_names(self) -> list[str]:
        """The seats' names as typed, in the game's language: for images (a renderer draws
        characters, not Markdown), never for a message."""
        return [seat_name(seat, self.row.locale) for seat in self.row.seats]

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.row.seats:
            if seat.user_id == user_id and not seat.is_ai:
                return seat.seat
        return None

    def acting(self) -> frozenset[int]:
        """The seats that must decide now (none before the start or after the end)."""
        if self.row.status != "running" or self.state is None:
            return frozenset()
        return self.engine.to_act(self.state)

    def asked_privately(self) -> Mapping[int, Action]:
        """The seats of `acting` asked privately (`Engine.hidden_acting`), each with the
        action its silence gives: no public post names, mentions or waits for them."""
        if self.row.status != "running" or self.state is None:
            return {}
        return self.engine.hidden_acting(self.state)

    def openly_acting(self) -> frozenset[int]:
        """The seats of `acting` that a public post may name."""
        return self.acting() - self.asked_privately().keys()
