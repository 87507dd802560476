"""`Leagues`: a server plays a season of one game — sign-up, rounds of tables, standings.

Each table of a round is a normal game (`Lobby.open_table`, stored seated
with its table in one transaction, then `start_table`: no lobby, the
league's move deadline, the AI playing on for a player whose deadline
passed), in its own thread when the front-end can make one (`threads`).

What a league owes is derived from what is stored, as for a game's posts: a
round not seated yet, tables without a started game, the last round over, a
cancelled league's tables still played, and the posts it owes (`league_posts`:
a round's pairings in the channel, each table's in its thread, the final
standings), stored with what made them owed. Posts come last and hold
nothing back: the next round is seated when the last table ends, whatever
was posted; a post that keeps failing is given up after `POST_TRIES`, and
the channel (else the organiser) is told once. `kick` works on a league
(one task a league; failures tried again with back-off); a league game that
changes kicks its league, and `catch_up` (the start-up restore and the
reconciling pass) kicks every league of its shards that has work, however
many, so a league never stalls between rounds.
"""

from __future__ import annotations

import asyncio
import csv
import io
import logging
import random
import unicodedata
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Collection
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from fractions import Fraction

import ai
import texts
from bot.errors import PlayerError
from bot.leagues.seating import AI
from bot.leagues.seating import Tables
from bot.leagues.seating import round_robin_rounds
from bot.leagues.seating import seat_round
from bot.leagues.seating import table_sizes
from bot.leagues.standings import Result
from bot.leagues.standings import Row
from bot.leagues.standings import standings
from bot.leagues.standings import winner
from bot.results import Caller
from bot.results import DeliveryFailed
from bot.results import DirectMessage
from bot.results import Dispatch
from bot.results import Post
from bot.service.backlog import Backlog
from bot.service.backlog import backoff
from bot.service.games import Games
from bot.service.games import engine_of
from bot.service.lobby import Lobby
from bot.service.model import AI_NAMES
from bot.service.model import AUTOCOMPLETE_LIMIT
from bot.service.model import LEAGUE
from bot.service.model import REST_TO_AI
from bot.service.model import Ownership
from bot.service.model import check_level
from bot.service.model import whole_lines
from bot.service.notices import Delivery
from bot.service.server_settings import Config
from bot.service.server_settings import ServerSettings
from bot.store import LEAGUE_FORMATS
from bot.store import LEAGUE_STATUSES
from bot.store import LeagueRow
from bot.store import LeagueTableRow
from bot.store import MemberRow
from bot.store import Places
from bot.store import Store
from bot.store import TableTaken
from texts import escape_words

__all__ = ["LEAGUE_NAME_LIMIT", "LeagueAnswer", "Leagues", "Standings"]

log = logging.getLogger(__name__)

LEAGUE_NAME_LIMIT = 60
MOST_ROUNDS = 20
DEFAULT_DEADLINE_HOURS = 48
MOST_DEADLINE_HOURS = 24 * 14
#: A post that failed this many times is given up (with `backoff`, some twenty minutes of tries):
#: a channel that refuses the bot must not hold a league back for ever.
POST_TRIES = 8
#: Leagues with work read at once by `catch_up` (then the next page, until none is left).
CATCH_UP_PAGE = 500
#: The post that says that other posts were given up.
TROUBLE = "trouble"
#: Discord's limit for a message's text: the sign-up card is one message, never split.
CARD_LIMIT = 2_000

#: Makes a thread for a table in a channel: (channel id, name) -> the thread's id, or None.
MakeThread = Callable[[int, str], Awaitable[int | None]]
#: Draws the standings image: (the league's name, a note, header cells, rows of cells) -> PNG.
DrawStandings = Callable[[str, str, list[str], list[list[str]]], Awaitable[bytes | None]]


@dataclass(frozen=True)
class LeagueAnswer:
    """What a league command answers: the caller's text, and the league it was about."""

    text: str
    league_id: int | None = None
    #: The sign-up message to post (`/league new`) or to edit (join, leave, start, cancel).
    card: str | None = None
    public: bool = False


@dataclass(frozen=True)
class Standings:
    """The standings as text, image and CSV."""

    text: str
    image: bytes | None
    csv: bytes
    description: str


def _visible(league: LeagueRow, caller: Caller) -> bool:
    """A league is found only in its own server, and, like a game, only by those who may
    see where it is played: its channel, where its tables' threads are made too."""
    return league.guild_id == caller.guild_id and caller.may_see(league.channel_id)


@dataclass(eq=False)
class Leagues:
    _store: Store
    _games: Games
    _lobby: Lobby
    _config: Config
    _delivery: Delivery
    _clock: Callable[[], datetime]
    #: The background work of these shards' servers' leagues is this process's.
    _ownership: Ownership = field(default_factory=Ownership)
    #: Set by the front-end: a thread for each table (None: tables play in the channel).
    threads: MakeThread | None = field(init=False, default=None)
    #: Set by the front-end or the service: the standings image (None: text and CSV only).
    draw: DrawStandings | None = field(init=False, default=None)
    #: One task per league, the leagues whose work must run again, the waits to try again.
    _backlog: Backlog = field(init=False)
    #: league id -> its work's failures in a row (for the back-off).
    _failures: dict[int, int] = field(init=False, default_factory=dict)
    _locks: dict[int, asyncio.Lock] = field(init=False, default_factory=dict)
    #: One league opened at a time, so that two at once cannot both pass the server's limit
    #: (a server's commands all come to the one process of its shard).
    _opening: asyncio.Lock = field(init=False, default_factory=asyncio.Lock)
    #: game id -> its league, for the league games known to this process.
    _table_games: dict[int, int] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self._backlog = Backlog("league", self._step)
        self._games.on_change.append(self._game_changed)

    # ------------------------------------------------------------ finding

    async def find(self, caller: Caller, ref: str | None = None, *, active: bool = True) -> LeagueRow:
        """The league a command is about: named (its number), this channel's, or the caller's only
        one; a league in a channel the caller may not view is none of them."""
        if ref is not None and ref.strip():
            text = ref.strip().lstrip("#")
            if not (text.isascii() and text.isdigit() and len(text) <= 18):
                raise PlayerError("league.error.bad_ref", ref=escape_words(ref[:40]))
            league = await self._store.league(int(text))
            # One the caller may not see is answered word for word as one that does not exist.
            if league is None or not _visible(league, caller):
                raise PlayerError("league.error.not_found", id=int(text))
            return league
        statuses = ("signup", "running") if active else ("signup", "running", "finished", "cancelled")
        found = await self._visible_leagues(caller, statuses)
        here = [league for league in found if league.channel_id == caller.channel_id]
        if len(here) == 1:
            return here[0]
        mine = []
        for league in here or found:
            if any(member.user_id == caller.user_id for member in await self._store.members(league.id)):
                mine.append(league)
        if len(mine) == 1:
            return mine[0]
        if not found:
            raise PlayerError("league.error.none")
        choices = mine or here or found
        raise PlayerError("league.error.which", leagues=", ".join(f"#{league.id}" for league in choices[:10]))

    async def choices(self, caller: Caller, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for `league:`: this server's leagues the caller may see, newest first."""
        wanted = typed.strip().lstrip("#").lower()
        out = []
        for league in await self._visible_leagues(caller):
            label = f"#{league.id} {league.name} — {texts.t(f'league.status.{league.status}', caller.locale)}"
            if wanted in label.lower():
                out.append((label[:100], str(league.id)))
        return out[:AUTOCOMPLETE_LIMIT]

    async def _visible_leagues(
        self, caller: Caller, statuses: Collection[str] = LEAGUE_STATUSES
    ) -> list[LeagueRow]:
        """The caller's server's leagues of these statuses that the caller may see, newest first."""
        return [
            league
            for league in await self._store.leagues(caller.guild_id, statuses)
            if _visible(league, caller)
        ]

    # ----------------------------------------------------------- commands

    async def new(
        self,
        caller: Caller,
        engine_id: str,
        format: str,  # noqa: A002 - the command's option
        rounds: int,
        name: str,
        deadline_hours: int | None = None,
        ai_level: str = ai.DEFAULT_LEVEL,
    ) -> LeagueAnswer:
        """A league open for sign-up; `ai_level`: the level of the AI that stands in for a
        member missing at a table."""
        engine = engine_of(engine_id)
        check_level(ai_level)
        server = await self._config.of(caller.guild_id)
        if caller.guild_id is None or caller.channel_id is None:
            raise PlayerError("league.error.server_only")
        if not self._config.may_organise(caller, server):
            raise PlayerError("league.error.organiser_only")
        self._config.check_place(caller, server)
        name = _league_name(name)
        if not any(unicodedata.category(char)[0] in "LNS" for char in name):
            raise PlayerError("league.error.name_invisible")
        if len(name) > LEAGUE_NAME_LIMIT:
            raise PlayerError("league.error.name", most=LEAGUE_NAME_LIMIT)
        if format not in LEAGUE_FORMATS:
            raise PlayerError("league.error.format", formats=", ".join(LEAGUE_FORMATS))
        if not 1 <= rounds <= MOST_ROUNDS:
            raise PlayerError("league.error.rounds", most=MOST_ROUNDS)
        hours = DEFAULT_DEADLINE_HOURS if deadline_hours is None else deadline_hours
        if not 1 <= hours <= MOST_DEADLINE_HOURS:
            raise PlayerError("league.error.deadline", most=MOST_DEADLINE_HOURS)
        async with self._opening:
            if await self._store.open_leagues(caller.guild_id) >= server.open_leagues:
                raise PlayerError("league.error.too_many", most=server.open_leagues)
            league = await self._create(caller, server, engine.id, format, rounds, name, hours, ai_level)
        card = await self.card(league.id)
        return LeagueAnswer(card, league.id, card, public=True)

    async def _create(
        self,
        caller: Caller,
        server: ServerSettings,
        engine_id: str,
        format: str,  # noqa: A002 - the command's option
        rounds: int,
        name: str,
        hours: int,
        ai_level: str,
    ) -> LeagueRow:
        assert caller.guild_id is not None and caller.channel_id is not None
        return await self._store.create_league(
            guild_id=caller.guild_id,
            channel_id=caller.channel_id,
            organiser_id=caller.user_id,
            name=name,
            engine=engine_id,
            format=format,
            rounds=rounds,
            deadline_hours=hours,
            seed=random.SystemRandom().randrange(1 << 62),
            locale=server.game_locale(caller),
            now=self._clock(),
            ai_level=ai_level,
        )

    async def placed(self, league_id: int, message_id: int | None) -> None:
        """The front-end posted the sign-up message there."""
        await self._store.set_league_message(league_id, message_id)

    async def join(self, caller: Caller, ref: str | None = None) -> LeagueAnswer:
        league = await self.find(caller, ref)
        if league.status != "signup":
            raise PlayerError("league.error.started", name=escape_words(league.name))
        most = (await self._config.of(league.guild_id)).league_members
        if any(member.user_id == caller.user_id for member in await self._store.members(league.id)):
            raise PlayerError("league.error.joined_already", name=escape_words(league.name))
        if not await self._store.add_member(
            league.id, caller.user_id, caller.name[:80], now=self._clock(), most=most
        ):
            if (await self._league(league.id)).status != "signup":
                raise PlayerError("league.error.started", name=escape_words(league.name))
            raise PlayerError("league.error.full", name=escape_words(league.name), most=most)
        said = texts.t("league.joined", caller.locale, name=escape_words(league.name))
        return LeagueAnswer(said, league.id, await self.card(league.id))

    async def leave(self, caller: Caller, ref: str | None = None) -> LeagueAnswer:
        league = await self.find(caller, ref)
        if league.status != "signup":
            raise PlayerError("league.error.started_leave", name=escape_words(league.name))
        if not await self._store.remove_member(league.id, caller.user_id):
            raise PlayerError("league.error.not_member", name=escape_words(league.name))
        said = texts.t("league.left", caller.locale, name=escape_words(league.name))
        return LeagueAnswer(said, league.id, await self.card(league.id))

    async def _organiser(self, caller: Caller, league: LeagueRow) -> None:
        if caller.user_id == league.organiser_id:
            return
        if not self._config.may_organise(caller, await self._config.of(caller.guild_id)):
            raise PlayerError("league.error.not_organiser", name=escape_words(league.name))

    async def start(self, caller: Caller, ref: str | None = None) -> LeagueAnswer:
        league = await self.find(caller, ref)
        await self._organiser(caller, league)
        if league.status != "signup":
            raise PlayerError("league.error.started", name=escape_words(league.name))
        members = await self._store.members(league.id)
        if len(members) < 2:
            raise PlayerError("league.error.too_few", name=escape_words(league.name))
        engine = engine_of(league.engine)
        rounds = league.rounds
        if league.format == "round-robin":
            rounds = round_robin_rounds(
                [member.user_id for member in members],
                least=engine.min_players,
                most=engine.max_players,
                seed=league.seed,
                cap=league.rounds,
            )
        if not await self._store.set_league_status(
            league.id, "running", was=("signup",), now=self._clock(), rounds=rounds
        ):
            raise PlayerError("league.error.started", name=escape_words(league.name))
        self.kick(league.id)
        said = texts.t("league.started", caller.locale, name=escape_words(league.name), rounds=rounds)
        return LeagueAnswer(said, league.id, await self.card(league.id))

    async def drop(self, caller: Caller, ref: str | None = None) -> LeagueAnswer:
        league = await self.find(caller, ref)
        if league.status != "running":
            raise PlayerError("league.error.not_running", name=escape_words(league.name))
        member = next((m for m in await self._store.members(league.id) if m.user_id == caller.user_id), None)
        if member is None or member.dropped_round is not None:
            raise PlayerError("league.error.not_in", name=escape_words(league.name))
        if not await self._store.drop_member(league.id, caller.user_id, league.round):
            raise PlayerError("league.error.not_in", name=escape_words(league.name))
        # The AI plays their seat in a game of the league still running; what was played stays.
        for table in await self._store.league_tables(league.id):
            if table.game_id is None or caller.user_id not in table.seats:
                continue
            row = await self._games.row(table.game_id)
            if row.status == "running" and any(seat.user_id == caller.user_id for seat in row.seats):
                await self._lobby.resign(caller, table.game_id)
        self.kick(league.id)
        return LeagueAnswer(
            texts.t("league.dropped", caller.locale, name=escape_words(league.name)), league.id
        )

    async def cancel(self, caller: Caller, ref: str | None = None) -> LeagueAnswer:
        league = await self.find(caller, ref)
        await self._organiser(caller, league)
        if not await self._store.set_league_status(
            league.id, "cancelled", was=("signup", "running"), now=self._clock(), owe="cancelled"
        ):
            raise PlayerError("league.error.over", name=escape_words(league.name))
        # Its tables end and the channel is told in the league's own work, which a stop
        # cannot cut short: it is taken up again from what is stored.
        self.kick(league.id)
        said = texts.t("league.cancelled", caller.locale, name=escape_words(league.name))
        return LeagueAnswer(said, league.id, await self.card(league.id))

    async def close_server(self, guild_id: int) -> None:
        """The bot left that server: its leagues end (their tables end as a cancel ends
        them); nothing is posted there, where nobody could read it."""
        for league in await self._store.leagues(guild_id, ("signup", "running")):
            if await self._store.set_league_status(
                league.id, "cancelled", was=("signup", "running"), now=self._clock()
            ):
                log.info("league %s: closed, the bot left its server %s", league.id, guild_id)
                self.kick(league.id)

    async def listing(self, caller: Caller) -> str:
        leagues = await self._visible_leagues(caller)
        if not leagues:
            return texts.t("league.list.none", caller.locale)
        lines = [texts.t("league.list.title", caller.locale)]
        for league in leagues[:25]:
            lines.append(self._line(league, caller.locale))
        return "\n".join(lines)

    def _line(self, league: LeagueRow, locale: str | None) -> str:
        status = (
            texts.t("league.status.round", locale, round=league.round, rounds=league.rounds)
            if league.status == "running"
            else texts.t(f"league.status.{league.status}", locale)
        )
        return texts.t(
            "league.list.line",
            locale,
            id=league.id,
            name=escape_words(league.name),
            game=engine_of(league.engine).title,
            status=status,
        )

    async def card(self, league_id: int) -> str:
        """The sign-up message: the league, its rules, and who signed up."""
        league = await self._league(league_id)
        engine = engine_of(league.engine)
        locale = league.locale
        members = await self._store.members(league.id)
        people = len(members)
        sizes, ai = table_sizes(max(people, 2), engine.min_players, engine.max_players)
        lines = [
            texts.t("league.card.title", locale, name=escape_words(league.name), id=league.id),
            self._line(league, locale),
            texts.t(
                "league.card.rules",
                locale,
                format=texts.t(f"league.format.{league.format}", locale),
                rounds=league.rounds,
                hours=league.deadline_hours,
                organiser=f"<@{league.organiser_id}>",
            ),
            texts.t(
                "league.card.tables",
                locale,
                least=engine.min_players,
                most=min(engine.max_players, 5),
                now="+".join(map(str, sizes)) + (f" ({ai} AI)" if ai else ""),
            ),
            texts.t("league.card.members", locale, count=people),
        ]
        howto = [texts.t("league.card.howto", locale)] if league.status == "signup" else []
        if members:
            # One message, edited in place: as many members as fit, then how many more.
            room = CARD_LIMIT - sum(len(line) + 1 for line in [*lines, *howto])
            listed = [f"{n}. <@{member.user_id}>" for n, member in enumerate(members, start=1)]
            lines.append(
                whole_lines(listed, room, lambda more: texts.t("league.card.more", locale, count=more))
            )
        return "\n".join([*lines, *howto])

    async def _league(self, league_id: int) -> LeagueRow:
        league = await self._store.league(league_id)
        if league is None:
            raise PlayerError("league.error.not_found", id=league_id)
        return league

    # ---------------------------------------------------------- standings

    async def standings(self, caller: Caller, ref: str | None = None) -> Standings:
        league = await self.find(caller, ref, active=False)
        return await self._standings(league, caller.locale)

    async def _rows(self, league: LeagueRow) -> tuple[list[Row], list[MemberRow], list[LeagueTableRow]]:
        members = await self._store.members(league.id)
        tables = await self._store.league_tables(league.id)
        results = []
        for table in tables:
            result = await self._results(table, members)
            if result is not None:
                results.append(result)
        dropped = {member.user_id for member in members if member.dropped_round is not None}
        rows = standings([m.user_id for m in members], results, dropped=dropped, seed=league.seed)
        return rows, members, tables

    async def _results(self, table: LeagueTableRow, members: list[MemberRow]) -> list[Result] | None:
        """The table's results once its game ended (None while it runs)."""
        if table.game_id is None:
            return None
        game = await self._games.load(table.game_id)
        if game.row.status not in ("finished", "abandoned"):
            return None
        outcome = game.engine.outcome(game.state) if game.state is not None else None
        dropped = {m.user_id: m.dropped_round for m in members}
        results = []
        for seat, player in enumerate(table.seats):
            now_ai = seat < len(game.row.seats) and game.row.seats[seat].is_ai
            # Someone who dropped in this round (or before): their running game counts as it ends.
            handed_over = player is not AI and (dropped.get(player) or table.round + 1) <= table.round
            absent = player is not AI and now_ai and not handed_over
            if outcome is None:
                results.append(Result(player, 0, 1, absent=player is not AI))
            else:
                results.append(Result(player, float(outcome.scores[seat]), int(outcome.ranks[seat]), absent))
        return results

    async def _standings(self, league: LeagueRow, locale: str | None) -> Standings:
        rows, members, _ = await self._rows(league)
        names = {member.user_id: member.name for member in members}
        headers = [
            texts.t(f"league.column.{column}", locale)
            for column in ("place", "name", "points", "played", "opponents", "share", "dropped")
        ]
        cells = [
            [
                str(row.place),
                names[row.player],
                _number(row.points),
                str(row.played),
                _number(row.opponents),
                f"{float(row.share) * 100:.0f}%",
                texts.t("league.dropped_mark", locale) if row.dropped else "",
            ]
            for row in rows
        ]
        # The rounds played to their end: all but the one under way while the league runs.
        played = league.round - 1 if league.status in ("running", "cancelled") else league.round
        title = texts.t(
            "league.standings.title_cancelled" if league.status == "cancelled" else "league.standings.title",
            locale,
            name=league.name,
            round=played,
            rounds=league.rounds,
        )
        lines = [f"**{escape_words(title)}**", "```"]
        # In a code block: a name's backticks could end it; wide letters take two columns.
        shown = [[cell.replace("`", "'") for cell in line] for line in [headers, *cells]]
        widths = [max(_width(line[i]) for line in shown) for i in range(len(headers))]
        for line in shown:
            padded = (cell + " " * (widths[i] - _width(cell)) for i, cell in enumerate(line))
            lines.append("  ".join(padded).rstrip())
        lines.append("```")
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["place", "user_id", "name", "points", "played", "opponents", "share", "dropped"])
        for row in rows:
            figures = [f"{float(value):.4f}" for value in (row.points, row.opponents, row.share)]
            writer.writerow(
                [
                    row.place,
                    row.player,
                    _spreadsheet_text(names[row.player]),
                    figures[0],
                    row.played,
                    *figures[1:],
                    int(row.dropped),
                ]
            )
        image = None
        if self.draw is not None:
            try:
                note = texts.t("league.standings.note", locale, round=played, rounds=league.rounds)
                image = await self.draw(league.name, note, headers, cells)
            except Exception:
                log.warning("league %s: the standings image could not be drawn", league.id, exc_info=True)
        description = texts.t(
            "league.standings.alt", locale, name=league.name, leader=names[rows[0].player] if rows else "—"
        )
        return Standings("\n".join(lines), image, out.getvalue().encode("utf-8"), description)

    # ------------------------------------------------- the background work

    def _game_changed(self, game_id: int) -> None:
        league_id = self._table_games.get(game_id)
        if league_id is not None:
            self.kick(league_id)

    def kick(self, league_id: int) -> None:
        """Work on the league soon (again, if it is being worked on now)."""
        self._backlog.kick(league_id)

    async def catch_up(self) -> None:
        """Every league of these shards that has something to do now is worked on (start-up,
        the reconciling pass), however many there are: read a page at a time. The games at
        their tables are known from here on, so that the end of one works on its league."""
        self._table_games.update(await self._store.league_games(shards=self._ownership.shards))
        after = 0
        shards = self._ownership.shards
        while page := await self._store.leagues_owing(after=after, limit=CATCH_UP_PAGE, shards=shards):
            for league_id in page:
                if league_id not in self._backlog.retries:
                    self.kick(league_id)
            after = page[-1]

    async def idle(self) -> None:
        """Wait until no league has work under way (tests, scripts)."""
        while self._backlog.tasks:
            await asyncio.wait(set(self._backlog.tasks.values()))

    def busy(self) -> bool:
        """Whether a league's work is under way."""
        return bool(self._backlog.tasks)

    def stop_retrying(self) -> None:
        self._backlog.stop_retrying()

    async def _step(self, league_id: int) -> None:
        try:
            await self._advance(league_id)
        except Exception as error:
            self._try_again_later(league_id, error)
        else:
            self._failures.pop(league_id, None)

    def _try_again_later(self, league_id: int, error: Exception) -> None:
        failures = self._failures[league_id] = self._failures.get(league_id, 0) + 1
        delay = backoff(failures)
        log.warning("league %s: its work failed (%r); again in %.0f s", league_id, error, delay)
        self._backlog.retry(league_id, delay)

    async def _advance(self, league_id: int) -> None:
        """Whatever the league owes now, from what is stored: its tables' games opened and
        started, the next round seated once the last table ends, the league ended after
        the last round; a cancelled league's tables ended; then the posts it owes.

        The posts come last and hold nothing back: a post that fails is counted and
        tried again later (`PostsOwed`), and given up after `POST_TRIES`."""
        lock = self._locks.setdefault(league_id, asyncio.Lock())
        async with lock:
            league = await self._league(league_id)
            if not self._ownership.owns(league.guild_id):
                return  # another process's server: its work is that process's
            if league.status == "running":
                league = await self._play(league)
            if league.status == "cancelled":
                await self._close_tables(league)
            waiting = await self._post_owed(league)
        if waiting:
            raise PostsOwed(f"league {league_id}: {', '.join(waiting)} not posted yet")

    async def _play(self, league: LeagueRow) -> LeagueRow:
        """Open and start the current round's tables; seat the next round when it is over,
        or end the league after its last. The league as it is then."""
        while league.status == "running":
            tables = await self._store.league_tables(league.id)
            for table in tables:
                if table.game_id is not None:
                    self._table_games[table.game_id] = league.id
            current = [table for table in tables if table.round == league.round]
            for table in current:
                await self._open(league, table)
            if league.round > 0 and not await self._round_over(current):
                break
            members = await self._store.members(league.id)
            active = [m for m in members if m.dropped_round is None]
            if league.round >= league.rounds or (league.round > 0 and len(active) < 2):
                await self._store.set_league_status(
                    league.id, "finished", was=("running",), now=self._clock(), owe="final"
                )
            else:
                await self._seat_next(league, [t for t in tables if t.round <= league.round])
            league = await self._league(league.id)
        return league

    async def _round_over(self, tables: list[LeagueTableRow]) -> bool:
        for table in tables:
            if table.game_id is None:
                return False
            if (await self._games.row(table.game_id)).status not in ("finished", "abandoned"):
                return False
        return True

    async def _seat_next(self, league: LeagueRow, history: list[LeagueTableRow]) -> None:
        engine = engine_of(league.engine)
        members = await self._store.members(league.id)
        active = [m.user_id for m in members if m.dropped_round is None]
        if league.format == "swiss" and league.round >= 1:
            rows, _, _ = await self._rows(league)
            place = {row.player: row.place for row in rows}
            active.sort(key=lambda player: place[player])
        rounds: dict[int, list[tuple[int | None, ...]]] = {}
        for table in history:
            rounds.setdefault(table.round, []).append(table.seats)
        past: list[Tables] = [tuple(rounds[number]) for number in sorted(rounds)]
        seating = seat_round(
            active,
            least=engine.min_players,
            most=engine.max_players,
            history=past,
            seed=league.seed,
            number=league.round + 1,
            swiss=league.format == "swiss",
        )
        await self._store.seat_league_round(league.id, league.round + 1, seating.tables, now=self._clock())

    async def _open(self, league: LeagueRow, table: LeagueTableRow) -> None:
        """The table's game: stored with its table and its seats (one transaction), in a
        thread of its own, started. Each step is done once, whatever stopped an earlier try
        part-way: the thread is found again by its name (`threads`)."""
        game_id = table.game_id
        if game_id is None:
            names = {m.user_id: m.name for m in await self._store.members(league.id)}
            ai_names = iter(AI_NAMES)
            seats = [
                (player, names.get(player, str(player)), False)
                if player is not AI
                else (None, next(ai_names), True, league.ai_level)
                for player in table.seats
            ]
            try:
                row = await self._lobby.open_table(
                    engine_id=league.engine,
                    guild_id=league.guild_id,
                    channel_id=league.channel_id,
                    host=(league.organiser_id, names.get(league.organiser_id, "—")),
                    seats=seats,
                    settings={
                        "deadline_hours": league.deadline_hours,
                        "on_timeout": "ai",
                        REST_TO_AI: True,
                        LEAGUE: league.id,
                    },
                    locale=league.locale,
                    table=(league.id, table.round, table.table),
                )
            except TableTaken:
                return  # another try opened it meanwhile; the next look starts it
            game_id = row.id
            self._table_games[game_id] = league.id
        row = await self._games.row(game_id)
        if row.status != "lobby":
            return
        if row.thread_id is None and self.threads is not None:
            name = texts.t(
                "league.thread",
                league.locale,
                name=league.name,
                round=table.round,
                table=table.table,
                id=game_id,
            )
            thread_id = await self.threads(league.channel_id, name[:100])
            if thread_id is not None:
                await self._lobby.attach(game_id, Places(thread_id=thread_id))
        await self._lobby.start_table(game_id)

    async def _close_tables(self, league: LeagueRow) -> None:
        """A cancelled league's tables still being played end, unrated, one post each."""
        for table in await self._store.league_tables(league.id):
            if table.game_id is not None:
                await self._lobby.close_table(table.game_id, escape_words(league.name))

    # --------------------------------------------------------------- posts

    async def _post_owed(self, league: LeagueRow) -> list[str]:
        """Make the posts the league owes, each on its own: one that fails does not keep the
        others back, and is tried again after a wait that doubles with each failure (however
        often the league is worked on meanwhile), until it is given up. The posts still
        owed after this."""
        waiting = []
        now = self._clock()
        for owed in await self._store.owed_league_posts(league.id):
            what = owed.what
            if owed.tried_at is not None and now < owed.tried_at + timedelta(seconds=backoff(owed.tries)):
                waiting.append(what)
                continue
            try:
                await self._make(league, what)
            except DeliveryFailed as error:
                if await self._store.league_post_failed(league.id, what, most=POST_TRIES, now=now):
                    log.warning("league %s: %s could not be posted (%s); given up", league.id, what, error)
                    if what != TROUBLE:
                        await self._store.owe_league_post(league.id, TROUBLE, now=now)
                        waiting.append(TROUBLE)
                else:
                    log.info("league %s: %s not posted (%s); tried again later", league.id, what, error)
                    waiting.append(what)
                continue
            await self._store.league_post_done(league.id, what)
        return waiting

    async def _make(self, league: LeagueRow, what: str) -> None:
        """One post the league owes (`DeliveryFailed` when it was not accepted). A round's
        pairings that a later round overtook are no news any more: left unsaid."""
        kind, *numbers = what.split(":")
        if kind == "pairings":
            if int(numbers[0]) == league.round and league.status == "running":
                await self._post_pairings(league, what)
        elif kind == "table":
            await self._post_table(league, what, int(numbers[0]), int(numbers[1]))
        elif kind == "final":
            await self._post_final(league)
        elif kind == "cancelled":
            text = texts.t("league.cancelled_post", league.locale, name=escape_words(league.name))
            await self._say(league, what, text)
        elif kind == TROUBLE:
            await self._tell_trouble(league)
        else:
            log.warning("league %s: unknown post %r left unsaid", league.id, what)

    async def _post_pairings(self, league: LeagueRow, what: str) -> None:
        """The round's tables in the league's channel, with a link to each table's thread.
        Nobody is pinged here: each table's own post pings its players (`_post_table`)."""
        locale = league.locale
        lines = [
            texts.t(
                "league.pairings.title",
                locale,
                name=escape_words(league.name),
                round=league.round,
                rounds=league.rounds,
            )
        ]
        for table in await self._store.league_tables(league.id):
            if table.round == league.round and table.game_id is not None:
                lines.append(await self._table_line(league, table))
        lines.append(texts.t("league.pairings.deadline", locale, hours=league.deadline_hours))
        await self._say(league, what, "\n".join(lines))

    async def _table_line(self, league: LeagueRow, table: LeagueTableRow) -> str:
        assert table.game_id is not None
        row = await self._games.row(table.game_id)
        seats = ", ".join(
            f"<@{player}>" if player is not AI else texts.t("league.ai_seat", league.locale)
            for player in table.seats
        )
        place = f"<#{row.thread_id}>" if row.thread_id else f"#{row.id}"
        return texts.t("league.pairings.table", league.locale, table=table.table, seats=seats, place=place)

    async def _post_table(self, league: LeagueRow, what: str, round_number: int, number: int) -> None:
        """A table's pairing in its own thread, pinging its players: where they play this
        round. A table whose game is over by now is no news."""
        tables = await self._store.league_tables(league.id)
        table = next((t for t in tables if (t.round, t.table) == (round_number, number)), None)
        if table is None or table.game_id is None:
            return
        row = await self._games.row(table.game_id)
        if row.status != "running":
            return
        title = texts.t(
            "league.pairings.title",
            league.locale,
            name=escape_words(league.name),
            round=round_number,
            rounds=league.rounds,
        )
        lines = [
            title,
            await self._table_line(league, table),
            texts.t("league.pairings.deadline", league.locale, hours=league.deadline_hours),
        ]
        people = tuple(player for player in table.seats if player is not AI)
        post = Post("\n".join(lines), mentions=people, nonce=_nonce(league, what))
        home = row.thread_id or row.channel_id
        await self._delivery.deliver(
            Dispatch(row.id, home, (post,), locale=league.locale, fallback_channel_id=row.channel_id)
        )

    async def _post_final(self, league: LeagueRow) -> None:
        shown = await self._standings(league, league.locale)
        rows, _, _ = await self._rows(league)
        best = winner(rows)
        said = (
            texts.t("league.final.winner", league.locale, name=escape_words(league.name), winner=f"<@{best}>")
            if best is not None
            else texts.t("league.final.nobody", league.locale, name=escape_words(league.name))
        )
        nonce = _nonce(league, "final")
        posts = [Post(f"{said}\n{shown.text}", mentions=(best,) if best is not None else (), nonce=nonce)]
        if shown.image is not None:
            image = Post("", shown.image, filename="standings.png", description=shown.description)
            posts.append(replace(image, nonce=nonce + "i"))
        posts.append(Post("", shown.csv, filename="standings.csv", nonce=nonce + "c"))
        await self._delivery.deliver(Dispatch(0, league.channel_id, tuple(posts), locale=league.locale))

    async def _tell_trouble(self, league: LeagueRow) -> None:
        """Posts given up: said once in the league's channel, else to its organiser directly."""
        text = texts.t("league.trouble", league.locale, name=escape_words(league.name))
        try:
            await self._say(league, TROUBLE, text)
        except DeliveryFailed:
            name = escape_words(league.name)
            direct = texts.t("league.trouble_direct", league.locale, name=name, channel=league.channel_id)
            await self._delivery.deliver(
                Dispatch(0, None, (), (DirectMessage(league.organiser_id, direct),), locale=league.locale)
            )

    async def _say(self, league: LeagueRow, what: str, text: str) -> None:
        post = Post(text, nonce=_nonce(league, what))
        await self._delivery.deliver(Dispatch(0, league.channel_id, (post,), locale=league.locale))


class PostsOwed(Exception):
    """Some of a league's posts failed and are to be tried again; the rest of its work was done."""


def _nonce(league: LeagueRow, what: str) -> str:
    """The same for the same post of the same league, so that Discord drops a copy sent again
    after a stop between its acceptance and its record (`Post.nonce`)."""
    return f"L{league.id}{what.replace('pairings', 'p').replace('table', 't')}"


#: Controls that reorder the text around them (embeddings, overrides, isolates): a name
#: holding one would turn the rest of a post that quotes it around.
_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


def _league_name(typed: str) -> str:
    """The name as typed, its runs of white space one space, without bidi controls."""
    return " ".join(typed.translate(_BIDI_CONTROLS).split())


def _width(text: str) -> int:
    """How many columns `text` takes in a monospaced font (East Asian wide letters: two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


#: What makes a spreadsheet read a cell as a formula (OWASP's "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _spreadsheet_text(cell: str) -> str:
    """A text cell of the standings CSV as a spreadsheet shows it, never as a formula: a
    member named `=HYPERLINK(...)` would otherwise be a link, or worse, in whoever opens it.
    The quote in front is what spreadsheets take for "this is text" (OWASP's advice)."""
    return f"'{cell}" if cell.startswith(_FORMULA_START) else cell


def _number(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".") if value else "0"
