"""What the store hands out: rows as plain data, its errors, and how stored columns are read."""

from __future__ import annotations

import json
from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import fields
from datetime import UTC
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING
from typing import Any
from typing import Final
from typing import TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: Every status a game can have, in the order a game passes through them.
STATUSES: Final = ("lobby", "running", "finished", "abandoned")


# --------------------------------------------------------------------- errors


class StoreError(Exception):
    """Base of every error the store raises (database errors are wrapped in it)."""


class StoreUnavailable(StoreError):
    """The database server cannot be reached (refused, gone, restarting); nothing was written
    by the statement that failed, and a transaction it was part of was rolled back."""


class TableTaken(StoreError):
    """A league table has its game already; the game that was to be stored for it was not."""


class StaleVersion(StoreError):
    """The game has moved on since the caller read it; nothing was written."""

    def __init__(self, game_id: int, expected: int, actual: object) -> None:
        super().__init__(f"game {game_id} is at version {actual!r}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class GameNotFound(StoreError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class WrongStatus(StoreError):
    """The write does not fit the game's status (e.g. a move in the lobby); nothing was written."""

    def __init__(self, game_id: int, status: str, doing: str, allowed: Collection[str]) -> None:
        super().__init__(
            f"cannot {doing} game {game_id}: it is {status!r}, needs {' or '.join(map(repr, allowed))}"
        )
        self.game_id = game_id
        self.status = status


class OtherNotation(StoreError):
    """A move in another notation than the game's log is written in; nothing was written."""

    def __init__(self, game_id: int, stored: int, given: int) -> None:
        super().__init__(
            f"game {game_id}'s move log is in notation {stored}, the move in {given}: upgrade the log first"
        )
        self.game_id = game_id
        self.stored = stored
        self.given = given


class CorruptRow(StoreError):
    """A stored row cannot be read (bad JSON, wrong types); names the game it belongs to."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(f"game {game_id}: {detail}")
        self.game_id = game_id


# ----------------------------------------------------------------------- rows


#: The level of a seat whose level nobody chose (every person's, and the AI seats stored
#: before seats had levels): `ai.DEFAULT_LEVEL`.
DEFAULT_LEVEL: Final = "normal"


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    #: The AI's level (`ai.LEVELS`) for an AI seat.
    level: str = DEFAULT_LEVEL


#: A seat as the store is given it: (user id, name, AI), with the AI's level last where chosen.
SeatSpec = tuple[int | None, str, bool] | tuple[int | None, str, bool, str]


def seat_values(game_id: int, number: int, spec: SeatSpec) -> tuple[int, int, int | None, str, int, str]:
    """The `seats` row of seat `number` given as `spec` (`_SEAT_COLUMNS` order)."""
    user_id, name, is_ai = spec[0], spec[1], spec[2]
    level = spec[3] if len(spec) > 3 else DEFAULT_LEVEL
    return (game_id, number, user_id, name, int(bool(is_ai)), level)


@dataclass(frozen=True)
class GameRow:
    id: int
    engine: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    seed: int | None
    state: str | None
    version: int
    outcome: dict[str, Any] | None
    announced_version: int
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatRow, ...]  # ordered by seat
    settings: dict[str, Any] = field(default_factory=dict)
    #: The server's language, for posts in the game's thread.
    locale: str | None = None
    #: Ratings were updated for this finished game (or it needed none).
    rated: bool = False
    #: The end-of-game summary and replay were posted.
    summary_posted: bool = False
    #: The version of the engine's notation the move log is written in
    #: (`Engine.notation_version` when the game started); a replay by an engine
    #: with a newer notation upgrades each stored move first.
    notation_version: int = 1
    #: Everyone obliged to decide up to this version has been pinged (pings during
    #: a turn go out before the turn's post, whose `announced_version` follows).
    pinged_version: int = 0
    #: Since when the game is paused (`/game pause`); None while it is not.
    paused_at: datetime | None = None


@dataclass(frozen=True)
class Places:
    """Where a game lives in Discord: its thread, its lobby message, its channel.
    None: not given (a write leaves that field as it is)."""

    thread_id: int | None = None
    lobby_message_id: int | None = None
    channel_id: int | None = None


@dataclass(frozen=True)
class TimerRow:
    """A reminder or deadline of one seat's turn."""

    game_id: int
    seat: int
    kind: str
    turn_version: int
    due_at: datetime


@dataclass(frozen=True)
class PlayerRow:
    """What one person chose: direct messages on their turn, an absence, their language,
    quiet hours (whole local hours of an IANA time zone), when the ping held back
    during quiet hours is due (None: none is owed), and whether they get tips."""

    user_id: int
    dm: bool = False
    away_until: datetime | None = None
    locale: str | None = None
    quiet_from: int | None = None
    quiet_to: int | None = None
    quiet_zone: str | None = None
    quiet_owed: datetime | None = None
    #: Tips while learning a game (`/notify tips`).
    tips: bool = True


@dataclass(frozen=True)
class ServerRow:
    """What a server chose with `/config`; None: the bot's default for that setting."""

    guild_id: int
    #: Where games and leagues may open; empty: any channel.
    channels: tuple[int, ...] = ()
    #: Who may open games; None: everyone.
    opener_role: int | None = None
    #: Who organises leagues besides those who may manage the server; None: nobody else.
    organiser_role: int | None = None
    deadline_hours: int | None = None
    on_timeout: str | None = None
    #: The language of game posts; None: the server's own (Discord's).
    locale: str | None = None
    open_lobbies: int | None = None
    lobby_days: int | None = None
    #: Members a league takes at most.
    league_members: int | None = None
    #: Leagues open (signing up or running) in the server at once.
    open_leagues: int | None = None


@dataclass(frozen=True)
class LeagueRow:
    """A league (`/league`): a season of one game in one server's channel."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    organiser_id: int
    name: str
    engine: str
    #: "swiss" or "round-robin".
    format: str
    rounds: int
    deadline_hours: int
    seed: int
    #: "signup", "running", "finished" or "cancelled".
    status: str
    #: The last round seated (0: none yet).
    round: int
    locale: str | None
    created_at: datetime
    #: The level of the AI seated for a missing member (`ai.LEVELS`).
    ai_level: str = DEFAULT_LEVEL


@dataclass(frozen=True)
class OwedPost:
    """A post a league owes: what it is ('pairings:R', 'table:R:T', 'final', …), how often it
    failed, and when last."""

    what: str
    tries: int = 0
    tried_at: datetime | None = None


@dataclass(frozen=True)
class MemberRow:
    """A league's member; `dropped_round`: the round in which they dropped (None: still in)."""

    user_id: int
    name: str
    dropped_round: int | None = None


@dataclass(frozen=True)
class LeagueTableRow:
    """One table of a league round: its seats in order (user ids, None: AI) and its game."""

    round: int
    table: int
    seats: tuple[int | None, ...]
    game_id: int | None


@dataclass(frozen=True)
class MoveRow:
    number: int
    seat: int
    action: str
    version: int
    created_at: datetime


# ------------------------------------------------------- encoding and decoding

_GAME_COLUMNS: Final = (
    "id, engine, guild_id, channel_id, thread_id, lobby_message_id, host_id, status, options, "
    "seed, state, version, outcome, announced_version, created_at, updated_at, "
    "settings, locale, rated, summary_posted, notation_version, pinged_version, paused_at"
)
_SEAT_COLUMNS: Final = "game_id, seat, user_id, name, is_ai, level"


def _stamp(now: datetime) -> str:
    """`now` as UTC ISO text with a fixed width, so stored stamps sort as text."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("timestamps must be timezone-aware (UTC)")
    return now.astimezone(UTC).isoformat(timespec="microseconds")


def _dump_json(value: dict[str, Any], what: str) -> str:
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be a dict, not {type(value).__name__}")
    # allow_nan=False: what is stored must be strict JSON that any reader accepts.
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


#: How `_RowReader.row` reads a column, by the type its row's field declares.
_READ_AS: Final = {
    "int": "integer",
    "int | None": "optional_integer",
    "str": "text",
    "str | None": "optional_text",
    "bool": "flag",
    "datetime": "timestamp",
    "datetime | None": "optional_timestamp",
}

_Row = TypeVar("_Row", bound="DataclassInstance")


@cache
def _reading(row_type: type[DataclassInstance]) -> tuple[tuple[str, str], ...]:
    """Each field of a row dataclass with the `_RowReader` method that reads its column."""
    try:
        return tuple((column.name, _READ_AS[str(column.type)]) for column in fields(row_type))
    except KeyError as unknown:
        raise TypeError(f"{row_type.__name__}: no column reader for the type {unknown}") from None


def _columns(row_type: type[DataclassInstance]) -> str:
    """The columns a row dataclass is read from, in its fields' order, for a SELECT."""
    return ", ".join(name for name, _ in _reading(row_type))


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _RowReader:
    """Checks the columns of one stored row, raising `CorruptRow` for the game."""

    def __init__(self, game_id: int, table: str) -> None:
        self.game_id = game_id
        self.table = table

    def _bad(self, column: str, value: object, expected: str) -> CorruptRow:
        return CorruptRow(self.game_id, f"{self.table}.{column} holds {_brief(value)}, expected {expected}")

    def integer(self, column: str, value: object) -> int:
        if type(value) is not int:
            raise self._bad(column, value, "an integer")
        return value

    def optional_integer(self, column: str, value: object) -> int | None:
        return None if value is None else self.integer(column, value)

    def text(self, column: str, value: object) -> str:
        if not isinstance(value, str):
            raise self._bad(column, value, "text")
        return value

    def optional_text(self, column: str, value: object) -> str | None:
        return None if value is None else self.text(column, value)

    def flag(self, column: str, value: object) -> bool:
        if value not in (0, 1) or type(value) is not int:
            raise self._bad(column, value, "0 or 1")
        return value == 1

    def json_object(self, column: str, value: object) -> dict[str, Any]:
        try:
            decoded = json.loads(self.text(column, value))
        except ValueError:
            raise self._bad(column, value, "JSON") from None
        if not isinstance(decoded, dict):
            raise self._bad(column, value, "a JSON object")
        return decoded

    def optional_json_object(self, column: str, value: object) -> dict[str, Any] | None:
        return None if value is None else self.json_object(column, value)

    def optional_timestamp(self, column: str, value: object) -> datetime | None:
        return None if value is None else self.timestamp(column, value)

    def timestamp(self, column: str, value: object) -> datetime:
        try:
            moment = datetime.fromisoformat(self.text(column, value))
        except ValueError:
            raise self._bad(column, value, "an ISO timestamp") from None
        if moment.tzinfo is None:
            raise self._bad(column, value, "a timestamp with a UTC offset")
        return moment

    def row(self, row_type: type[_Row], values: Sequence[object]) -> _Row:
        """A row dataclass from its stored columns, in its fields' order, each column read as
        its field's type declares (`_READ_AS`)."""
        columns = zip(_reading(row_type), values, strict=True)
        return row_type(*(getattr(self, method)(name, value) for (name, method), value in columns))

    def status(self, value: object) -> str:
        if value not in STATUSES:
            raise self._bad("status", value, "one of " + ", ".join(STATUSES))
        return self.text("status", value)


def _seat_row(game_id: int, row: Sequence[Any]) -> SeatRow:
    return _RowReader(game_id, "seats").row(SeatRow, row[1:])  # row[0]: the game's id


def _game_row(row: Sequence[Any], seat_rows: Sequence[Sequence[Any]]) -> GameRow:
    (
        game_id, engine, guild_id, channel_id, thread_id, lobby_message_id, host_id, status,
        options, seed, state, version, outcome, announced_version, created_at, updated_at,
        settings, locale, rated, summary_posted, notation_version, pinged_version, paused_at,
    ) = row  # fmt: skip
    read = _RowReader(game_id, "games")
    return GameRow(
        id=game_id,
        engine=read.text("engine", engine),
        guild_id=read.optional_integer("guild_id", guild_id),
        channel_id=read.optional_integer("channel_id", channel_id),
        thread_id=read.optional_integer("thread_id", thread_id),
        lobby_message_id=read.optional_integer("lobby_message_id", lobby_message_id),
        host_id=read.integer("host_id", host_id),
        status=read.status(status),
        options=read.json_object("options", options),
        seed=read.optional_integer("seed", seed),
        state=read.optional_text("state", state),
        version=read.integer("version", version),
        outcome=read.optional_json_object("outcome", outcome),
        announced_version=read.integer("announced_version", announced_version),
        created_at=read.timestamp("created_at", created_at),
        updated_at=read.timestamp("updated_at", updated_at),
        seats=tuple(_seat_row(game_id, seat) for seat in seat_rows),
        settings=read.json_object("settings", settings),
        locale=read.optional_text("locale", locale),
        rated=read.flag("rated", rated),
        summary_posted=read.flag("summary_posted", summary_posted),
        notation_version=read.integer("notation_version", notation_version),
        pinged_version=read.integer("pinged_version", pinged_version),
        paused_at=read.optional_timestamp("paused_at", paused_at),
    )


def _move_row(game_id: int, row: Sequence[Any]) -> MoveRow:
    return _RowReader(game_id, "moves").row(MoveRow, row)


def _first(rows: list[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    return rows[0] if rows else None


def _timer_row(row: Sequence[Any]) -> TimerRow:
    return _RowReader(row[0], "timers").row(TimerRow, row)
