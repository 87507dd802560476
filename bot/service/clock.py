"""Turn deadlines, reminders and absences: rows in the database, one dispatcher task.

Every person who must act in a running game has two timers in the store: a
reminder (when a quarter of the time is left) and the deadline itself. They
are made when the turn begins and replaced when a new turn begins; one task
sleeps until the soonest is due, so timers cost nothing while they wait. As
they live in the database, a restart loses none: whatever fell due while
the bot was down is handled as soon as it is back.

Every seat that must decide has its own timers, from the moment it became
obliged (entered `to_act`), so seats that answer at once each have their own
deadline. When a deadline passes, the game's setting decides: the AI makes
that decision for the player (the `stand_in` it is given, which is `Play`'s),
or the host is asked (with buttons) what to do; a host who does not answer
within one more period leaves it to the AI. An absence (`/away`) moves
the player's timers later by its length, in all their games.

Quiet hours (`/notify quiet`, `bot.service.quiet`): the clock of the person
who must act (of the host, for the host's answer) does not run during them,
night after night. A timer is given the instant at which its time runs out
so counted, and moved when that changes (quiet hours set or switched off, an
absence, a pause), so the dispatcher only ever waits for stored instants. A
reminder that still falls in quiet hours (one due as they begin) waits for
their end: it would be a ping. The pings held back during them (`hold_pings`)
are owed: the same dispatcher sends one ping when they end, with every game
that waits for that person — from what is stored (the time owed is in the
person's row), so a restart loses none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import Final

import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import DirectMessage
from bot.results import Reply
from bot.service.cache import Recent
from bot.service.games import Games
from bot.service.model import PRIVATE_ANSWER_HOURS
from bot.service.model import Loaded
from bot.service.model import Notice
from bot.service.model import Ownership
from bot.service.model import discord_time
from bot.service.model import host_name
from bot.service.narrator import link
from bot.service.notices import Delivery
from bot.service.notices import Notices
from bot.service.people import People
from bot.service.quiet import LONGEST
from bot.service.quiet import Quiet
from bot.service.quiet import hours_a_day
from bot.service.quiet import moved
from bot.service.quiet import runs_out
from bot.service.quiet import zone_of
from bot.store import GameRow
from bot.store import PlayerRow
from bot.store import Store
from bot.store import TimerRow

__all__ = ["DEFAULT_HOURS", "MAX_HOURS", "ON_TIMEOUT", "Clock", "StandIn", "TurnClock", "discord_time"]

#: Makes the current decision of a person's seat (game id, seat, when the obligation
#: began); False when that obligation is over already.
StandIn = Callable[[int, int, int], Awaitable[bool]]

log = logging.getLogger(__name__)

DEFAULT_HOURS: Final = 48
#: Deadlines and absences are counted in hours, up to a month.
MAX_HOURS: Final = 24 * 30
#: What may happen when a deadline passes: the AI moves, or the host decides.
ON_TIMEOUT: Final = ("ai", "host")
#: The timer of the host's time to answer after a deadline passed ("host decides").
HOST_ANSWER: Final = "host_answer"
#: The reminder comes when this share of the time is left.
REMINDER_SHARE: Final = 0.25
#: The dispatcher looks at the table at least this often (a safety net: any change of
#: timers wakes it at once).
LONGEST_SLEEP: Final = 12 * 3600.0
#: After an unexpected failure the dispatcher waits this long before trying again.
RETRY_AFTER: Final = 60.0
#: A timer taken to be handled falls due again after this long unless what it caused
#: was stored by then (the process stopped, or handling it failed): none is ever lost.
TIMER_LEASE: Final = timedelta(minutes=5)
#: How many games' synced timers are remembered (the most recently used).
KNOWN_GAMES: Final = 2_000
#: When many deadlines fell due at once (after a long stop), the next is handled this
#: long after the last, so the posts they cause never flood Discord.
FIRE_SPACING: Final = 0.05
#: Words that end an absence (the option also takes a number of hours).
OFF_WORDS: Final = frozenset({"off", "0", "aus", "uit", "back", "zurück", "terug"})


@dataclass(frozen=True)
class TurnClock:
    """A game's deadline setting: hours per turn (0: none) and what happens after."""

    hours: int = DEFAULT_HOURS
    on_timeout: str = "ai"

    @classmethod
    def of(cls, row: GameRow) -> TurnClock:
        """The setting stored with the game; defaults for anything unreadable."""
        settings = row.settings or {}
        hours = settings.get("deadline_hours", DEFAULT_HOURS)
        on_timeout = settings.get("on_timeout", "ai")
        if type(hours) is not int or not 0 <= hours <= MAX_HOURS:
            hours = DEFAULT_HOURS
        if on_timeout not in ON_TIMEOUT:
            on_timeout = "ai"
        return cls(hours, on_timeout)

    def settings(self) -> dict[str, Any]:
        return {"deadline_hours": self.hours, "on_timeout": self.on_timeout}

    def due(self, begin: datetime, quiet: Quiet | None = None) -> dict[str, datetime]:
        """The turn's reminder and deadline, counted from `begin`, the clock standing still
        during the `quiet` hours of whoever must act."""
        length = timedelta(hours=self.hours)
        return {
            "reminder": runs_out(quiet, begin, length * (1 - REMINDER_SHARE)),
            "deadline": runs_out(quiet, begin, length),
        }


@dataclass(eq=False)
class Clock:
    """Keeps every open obligation's timers in step with the games, and fires them."""

    _store: Store
    _games: Games
    _people: People
    _notices: Notices
    _delivery: Delivery
    _clock: Callable[[], datetime]
    _stand_in: StandIn
    #: Only the timers of these servers are this process's to fire.
    _ownership: Ownership = field(default_factory=Ownership)
    fire_spacing: float = field(init=False, default=FIRE_SPACING)
    _task: asyncio.Task[None] | None = field(init=False, default=None)
    #: The dispatcher's current sleep; cancelled when timers change, to look again.
    _sleep: asyncio.Task[None] | None = field(init=False, default=None)
    #: Timers changed while the dispatcher was busy: it must look again before sleeping.
    _changed: bool = field(init=False, default=False)
    #: game id -> the (seat, turn start) pairs whose timers are stored, as last synced:
    #: most moves change nothing here, and then the table is not touched.
    #: Kept for the most recently used games only (`bot.service.cache`): a game
    #: not in it reads its timers from the store once.
    _known: Recent[int, frozenset[tuple[int, int]]] = field(
        init=False, default_factory=lambda: Recent(KNOWN_GAMES)
    )

    def _now(self) -> datetime:
        return self._clock()

    # ---------------------------------------------------------------- words

    def describe(self, row: GameRow, locale: str | None) -> str:
        clock = TurnClock.of(row)
        if clock.hours == 0:
            return texts.t("settings.no_deadline", locale)
        then = texts.t(f"settings.then.{clock.on_timeout}", locale)
        return texts.t("settings.deadline", locale, hours=clock.hours, then=then)

    async def pending_lines(self, row: GameRow, locale: str | None) -> list[str]:
        """When the open turns end, for `/game info`."""
        lines = []
        # Those asked privately go unnamed.
        hidden = (await self._games.load(row.id)).asked_privately() if row.status == "running" else {}
        for timer in await self._store.timers(row.id):
            if timer.kind == "deadline" and timer.seat < len(row.seats) and timer.seat not in hidden:
                name = texts.escape_words(row.seats[timer.seat].name)
                lines.append(
                    texts.t("settings.ends", locale, player=name, when=discord_time(timer.due_at, "R"))
                )
        return lines

    # ------------------------------------------------------------- settings

    async def configure(self, row: GameRow, hours: int | None, on_timeout: str | None) -> GameRow:
        """Store a new setting; open turns get a fresh deadline under it, from now."""
        clock = TurnClock.of(row)
        if hours is not None:
            if not 0 <= hours <= MAX_HOURS:
                raise PlayerError("settings.bad_hours", max=MAX_HOURS)
            clock = replace(clock, hours=hours)
        if on_timeout is not None:
            if on_timeout not in ON_TIMEOUT:
                raise PlayerError("settings.bad_timeout")
            clock = replace(clock, on_timeout=on_timeout)
        new = await self._games.set_settings(row, {**row.settings, **clock.settings()})
        self._known.pop(new.id)
        if new.status == "running":
            await self._store.delete_timers(new.id)
            await self.sync(await self._games.load(new.id))
        return new

    async def restart(self, game_id: int, seat: int) -> None:
        """The seat's obligation gets a whole new deadline, from now (the host chose to wait)."""
        game = await self._games.load(game_id)
        acting = [s for s in game.acting() if not game.row.seats[s].is_ai]
        begin = await self._games.obligation_start(game, seat)
        quiet = await self._quiet_of(game.row.seats[seat].user_id)
        await self._store.set_turn_timers(
            game_id, acting, {seat: (begin, TurnClock.of(game.row).due(self._now(), quiet))}
        )
        self._known.pop(game_id)
        self._wake_up()

    async def is_open(self, game: Loaded, seat: int, began: int) -> bool:
        """Whether `seat` (a person) still has the obligation that began at version `began`."""
        if seat not in game.acting() or game.row.seats[seat].is_ai:
            return False
        return await self._games.obligation_start(game, seat) == began

    async def sync(self, game: Loaded, *, told: bool = True) -> None:
        """Make the game's timers match who must decide now: new obligations get theirs,
        ended ones go.

        `told=False` when the post telling those newly obliged did not go out:
        ended obligations lose their timers, new ones get none yet (nobody's
        clock runs before they could know).

        Runs after every move, so it remembers what it stored last time and
        writes (once, in one transaction) only when an obligation began or ended.
        """
        row, game_id = game.row, game.row.id
        clock = TurnClock.of(row)
        hidden = game.asked_privately()
        acting = sorted(
            s for s in game.acting() if not row.seats[s].is_ai and (clock.hours > 0 or s in hidden)
        )
        turns = frozenset([(seat, await self._games.obligation_start(game, seat)) for seat in acting])
        known = self._known.get(game_id)
        if known == turns:
            return
        if known is None:
            known = frozenset((t.seat, t.turn_version) for t in await self._store.timers(game_id))
            if known == turns:
                self._remember(game, turns)
                return
        if not told:
            kept = turns & known
            await self._store.set_turn_timers(game_id, sorted(seat for seat, _ in kept), {})
            self._remember(game, kept)
            return
        new = {}
        for seat, begin in sorted(turns - known):
            if seat in hidden:
                # A seat asked privately: a short deadline, the same for all (no absence or
                # quiet hours move it), and no reminder, which would name it in the thread.
                answer_by = (row.paused_at or self._now()) + timedelta(hours=PRIVATE_ANSWER_HOURS)
                new[seat] = (begin, {"deadline": answer_by})
            else:
                new[seat] = (begin, clock.due(*await self._begin_for(row, seat)))
        await self._store.set_turn_timers(game_id, acting, new)
        self._remember(game, turns)
        if new:
            self._wake_up()

    def _remember(self, game: Loaded, turns: frozenset[tuple[int, int]]) -> None:
        """What was stored for the game; a game that is over keeps nothing."""
        if game.row.status == "running":
            self._known.put(game.row.id, turns)
        else:
            self._known.pop(game.row.id)

    async def _begin_for(self, row: GameRow, seat: int) -> tuple[datetime, Quiet | None]:
        """A turn's clock starts now, or when its player comes back from an absence; and
        stands still during that player's quiet hours."""
        # A paused game's clock stands at the pause: resuming moves every timer on by the
        # pause's length, so one given meanwhile (a new setting) starts at the resume.
        now = row.paused_at or self._now()
        user_id = row.seats[seat].user_id
        if user_id is None:
            return now, None
        player = await self._people.get(user_id)
        away = player.away_until
        return (away if away is not None and away > now else now), Quiet.of(player)

    async def _quiet_of(self, user_id: int | None) -> Quiet | None:
        """The person's quiet hours, read afresh (they may have set them through another
        process); None for nobody."""
        return None if user_id is None else Quiet.of(await self._people.fresh(user_id))

    # -------------------------------------------------------------- absence

    async def away(self, caller: Caller, hours_text: str) -> Reply:
        """Pause (or resume) the caller's clocks in all their games."""
        text = hours_text.strip().lower()
        now = self._now()
        # Fresh: the absence may have been set or ended through another process.
        player = await self._people.fresh(caller.user_id)
        current = player.away_until if player.away_until is not None and player.away_until > now else None
        if text in OFF_WORDS:
            until = None
        elif re.fullmatch(r"[0-9]{1,4}", text) and 0 < int(text) <= MAX_HOURS:
            until = now + timedelta(hours=int(text))
        else:
            raise PlayerError("away.bad_hours", text=texts.escape_words(hours_text[:40]), max=MAX_HOURS)
        # The clocks stop while one is away: they move by the change in the absence's end
        # (counting only the time outside the person's quiet hours; the host's time to
        # answer is the host's, whose quiet hours are not this person's).
        stopped, resumed = current or now, until or now
        if stopped != resumed:
            quiet = Quiet.of(player)
            later = []
            for t in await self._store.user_timers(caller.user_id):
                if await self._asked_privately(t):
                    continue
                theirs = quiet if t.kind != HOST_ANSWER else None
                later.append(replace(t, due_at=max(now, moved(t.due_at, stopped, resumed, theirs, theirs))))
            await self._store.move_timers(later)
            self._known.clear()
            self._wake_up()
        await self._people.save(replace(player, away_until=until, locale=caller.locale or player.locale))
        if until is None:
            return Reply(texts.t("away.off", caller.locale))
        return Reply(texts.t("away.on", caller.locale, until=discord_time(until)))

    async def set_quiet(self, caller: Caller, start: int | None, end: int | None, zone: str | None) -> Reply:
        """`/notify quiet`: store the caller's quiet hours; all three None switches them off
        (a ping still owed goes out now). Nothing is stored when any is wrong."""
        player = await self._people.fresh(caller.user_id)
        locale = caller.locale or player.locale
        if start is None and end is None and zone is None:
            saved = replace(player, quiet_from=None, quiet_to=None, quiet_zone=None, locale=locale)
            await self._people.save(saved)
            await self._retime(player, saved)
            if player.quiet_owed is not None:
                await self._store.owe_ping(player.user_id, self._now())
                self._wake_up()
            return Reply(texts.t("quiet.off", caller.locale))
        name = (zone or "").strip()
        if zone_of(name) is None:
            raise PlayerError("quiet.bad_zone", zone=texts.escape_words(name[:60]))
        if start is None or end is None or not (0 <= start <= 23 and 0 <= end <= 23):
            raise PlayerError("quiet.bad_hours")
        if start == end:
            raise PlayerError("quiet.same_hours", hour=start)
        if hours_a_day(start, end) > LONGEST:
            raise PlayerError(
                "quiet.too_long",
                start=f"{start:02}:00",
                end=f"{end:02}:00",
                n=hours_a_day(start, end),
                max=LONGEST,
            )
        saved = replace(player, quiet_from=start, quiet_to=end, quiet_zone=name, locale=locale)
        await self._people.save(saved)
        await self._retime(player, saved)
        return Reply(
            texts.t("quiet.on", caller.locale, start=f"{start:02}:00", end=f"{end:02}:00", zone=name)
        )

    async def _retime(self, before: PlayerRow, after: PlayerRow) -> None:
        """The person's quiet hours changed: their open turns keep the time they have left
        now, counted from now on under the new ones."""
        now, old, new = self._now(), Quiet.of(before), Quiet.of(after)
        if old == new:
            return
        timers = [
            t
            for t in await self._store.user_timers(after.user_id)
            if t.kind != HOST_ANSWER and not await self._asked_privately(t)
        ]
        await self._store.move_timers(
            [replace(t, due_at=moved(t.due_at, now, now, old, new)) for t in timers]
        )
        self._wake_up()

    async def _asked_privately(self, timer: TimerRow) -> bool:
        """Whether the timer is the deadline of a seat asked privately: the same for all
        asked, no absence or quiet hours of one of them may move it (that would tell who)."""
        return timer.seat in (await self._games.load(timer.game_id)).asked_privately()

    async def postpone(self, game_ids: list[int], by: timedelta) -> None:
        """Move these games' timers later by `by`: they were paused that long (their server
        removed the bot, or the host or a moderator paused them), and nobody could act
        meanwhile. Each keeps the time it had left when the pause began (its clock
        standing still during the quiet hours of whoever must act)."""
        now = self._now()
        later = []
        for game_id in game_ids:
            row = await self._store.get_game(game_id)
            for t in await self._store.timers(game_id):
                whose = row.host_id if t.kind == HOST_ANSWER else row.seats[t.seat].user_id
                quiet = None if whose is None else Quiet.of(await self._people.get(whose))
                later.append(replace(t, due_at=moved(t.due_at, now - by, now, quiet, quiet)))
        await self._store.move_timers(later)
        for game_id in game_ids:
            self._known.pop(game_id)
        self._wake_up()

    def timers_changed(self) -> None:
        """Timers were paused or resumed elsewhere: look at the table again."""
        self._wake_up()

    # ------------------------------------------------------------ dispatcher

    def _wake_up(self) -> None:
        """Timers changed: the dispatcher looks at the table again now."""
        self._changed = True
        if self._sleep is not None and not self._sleep.done():
            self._sleep.cancel()

    def start(self) -> None:
        """Start the one dispatcher task (idempotent)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="baumeister-deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            self._changed = False
            try:
                await self.fire_due()
                soonest = await self._store.next_due(shards=self._ownership.shards)
                if self._pings_owed_here():
                    owed = await self._store.next_owed_ping()
                    if owed is not None and (soonest is None or owed < soonest):
                        soonest = owed
            except Exception:
                log.exception("the deadline dispatcher failed; trying again shortly")
                soonest = self._now() + timedelta(seconds=RETRY_AFTER)
            wait = LONGEST_SLEEP
            if soonest is not None:
                wait = min(max((soonest - self._now()).total_seconds(), 0.0), LONGEST_SLEEP)
            await self._nap(wait)

    async def _nap(self, seconds: float) -> None:
        """Sleep, unless `_wake_up` ends the sleep early. A plain sleep in a task of its
        own: cancelling it wakes the dispatcher, while cancelling the dispatcher stops it."""
        if self._changed:
            return
        self._sleep = asyncio.create_task(asyncio.sleep(seconds))
        try:
            await self._sleep
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise  # the dispatcher itself is being stopped

    async def fire_due(self) -> None:
        """Handle every timer that is due now (also those that fell due while the bot was down).

        Each is taken for a lease before it is handled (`Store.claim_due_timers`): of
        several processes looking at once, one handles it. It leaves the table once what
        it caused is stored; should the process die in between, or handling it fail, it
        falls due again when the lease ends.
        """
        now = self._now()
        number = 0
        while claimed := await self._store.claim_due_timers(
            now, lease=TIMER_LEASE, shards=self._ownership.shards
        ):
            for timer in claimed:
                if number:
                    # Spaced: after a long stop thousands may be due, each with its posts.
                    await asyncio.sleep(self.fire_spacing)
                number += 1
                try:
                    await self._fire(timer)
                except Exception:
                    # Leased: it is tried again when the lease ends, never in a loop.
                    log.warning(
                        "game %s: the %s of seat %s failed; trying again in %s",
                        timer.game_id,
                        timer.kind,
                        timer.seat,
                        TIMER_LEASE,
                        exc_info=True,
                    )
                    self._known.pop(timer.game_id)
        while self._pings_owed_here() and (
            owed := await self._store.claim_owed_pings(now, lease=TIMER_LEASE)
        ):
            for player in owed:
                try:
                    await self._ping_after_quiet(player)
                except Exception:
                    # Leased like a timer: tried again when the lease ends.
                    log.warning(
                        "the ping owed to %s after quiet hours failed; trying again in %s",
                        player.user_id,
                        TIMER_LEASE,
                        exc_info=True,
                    )

    def _pings_owed_here(self) -> bool:
        """A person's games may lie in several servers, so one process of all sends the
        pings owed after quiet hours: the one that owns the games outside any server."""
        return self._ownership.owns(None)

    # --------------------------------------------------------- quiet hours

    async def quiet_until(self, user_id: int) -> datetime | None:
        """When the person's quiet hours end, if they are in them now."""
        quiet = Quiet.of(await self._people.fresh(user_id))
        return None if quiet is None else quiet.until(self._now())

    async def hold_pings(self, game: Loaded, seats: list[int]) -> set[int]:
        """Of the people of these seats (about to be pinged), those in their quiet hours:
        their ping is held back, and one is owed them when the quiet hours end."""
        held: set[int] = set()
        for seat in seats:
            user_id = game.row.seats[seat].user_id
            if user_id is None or user_id in held:
                continue
            until = await self.quiet_until(user_id)
            if until is not None:
                await self._store.owe_ping(user_id, until)
                held.add(user_id)
        if held:
            self._wake_up()
        return held

    async def _ping_after_quiet(self, claimed: PlayerRow) -> None:
        """A person's quiet hours are over: one ping with every game waiting for them (a
        decision of theirs, or as host a question about a passed deadline) — in the thread
        of one of those games per server (a server never hears of another's games), and
        one direct message for those who asked for them."""
        user_id = claimed.user_id
        rows = await self._store.list_games(user_id=user_id, statuses=("running",), with_state=False)
        #: server -> (game, the seat whose decision waits, whether the host is asked about it)
        waiting: dict[int | None, list[tuple[Loaded, int, bool]]] = {}
        for row in reversed(rows):  # oldest first
            game = await self._games.load(row.id)
            seat = game.seat_of(user_id)
            # A seat asked privately is named nowhere: its short deadline passes before long.
            if seat is not None and seat in game.openly_acting() and game.state is not None:
                waiting.setdefault(row.guild_id, []).append((game, seat, False))
            if row.host_id == user_id:
                for timer in await self._store.timers(row.id):
                    if timer.kind == HOST_ANSWER and timer.seat < len(row.seats):
                        waiting.setdefault(row.guild_id, []).append((game, timer.seat, True))
        for found in waiting.values():
            home = found[0][0]
            own = home.seat_of(user_id)
            name = home.names[own] if own is not None else host_name(home.row)
            lines = [self._waiting_line(game, seat, asked, home.row.locale) for game, seat, asked in found]
            notice = Notice("quiet.over", {"player": name, "games": "\n".join(lines)}, mentions=(user_id,))
            await self._notices.add(home.row.id, notice)
        player = await self._people.fresh(user_id)
        if player.dm and waiting:
            lines = [texts.t("quiet.over_dm", player.locale)]
            for found in waiting.values():
                lines += [
                    self._waiting_line(game, seat, asked, player.locale, with_link=True)
                    for game, seat, asked in found
                ]
            first = next(iter(waiting.values()))[0][0]
            await self._delivery.direct(first.row.id, DirectMessage(user_id, "\n".join(lines)))
        await self._store.settle_owed_ping(claimed)

    @staticmethod
    def _waiting_line(
        game: Loaded, seat: int, asked: bool, locale: str | None, *, with_link: bool = False
    ) -> str:
        """A game waiting for someone: the decision of their `seat`, or (`asked`) the
        host's answer about the passed deadline of `seat`."""
        if asked or game.state is None:
            what = texts.t("quiet.host_question", locale, player=game.names[seat])
        else:
            what = texts.render(game.engine.prompt(game.state, seat), locale, game.names)
        line = texts.t("quiet.waiting", locale, game=game.engine.title, id=game.row.id, prompt=what)
        return f"{line} {link(game.row)}" if with_link else line

    async def _fire(self, timer: TimerRow) -> None:
        """Handle a timer taken from the table."""
        game_id, seat = timer.game_id, timer.seat
        self._known.pop(game_id)
        game = await self._games.load(game_id)
        row = game.row
        clock = TurnClock.of(row)
        if seat in game.asked_privately() and await self.is_open(game, seat, timer.turn_version):
            # A seat asked privately: its silence answers now, whatever the game's setting
            # (the stand-in makes its silent action; asking the host would name it).
            await self._stand_in(game_id, seat, timer.turn_version)
            await self._store.finish_timer(timer)
            return
        if clock.hours == 0 or not await self.is_open(game, seat, timer.turn_version):
            # Only the timers of the obligation that is over: the seat's next one may
            # have got its own since (a move between the claim and this look).
            await self._store.delete_timers(game_id, seat=seat, turn_version=timer.turn_version)
            if clock.hours and row.status == "running" and not await self._games.untold(game):
                # Those who must decide now were told: should a stop have come between
                # telling them and giving them their deadlines, they get them here.
                await self.sync(game)
            return
        user_id = row.seats[seat].user_id or 0
        player = await self._people.fresh(user_id)
        now = self._now()
        if player.away_until is not None and player.away_until > now:
            await self._store.put_timers([replace(timer, due_at=player.away_until)])
            return
        name = game.names[seat]
        if timer.kind == "reminder":
            # Its time was counted outside the player's quiet hours (`TurnClock.due`), but one
            # due as they begin would ping in them: it waits for their end, the clock standing.
            quiet_ends = await self.quiet_until(user_id)
            if quiet_ends is not None:
                await self._store.put_timers([replace(timer, due_at=quiet_ends)])
                return
            deadline = next((t.due_at for t in await self._store.timers(game_id) if t.seat == seat), now)
            when = discord_time(deadline, "R")
            await self._notices.add(
                game_id, Notice("deadline.reminder", {"player": name, "when": when}, mentions=(user_id,))
            )
            if player.dm:
                locale = player.locale or row.locale
                text = texts.t(
                    "deadline.reminder_dm",
                    locale,
                    game=game.engine.title,
                    id=row.id,
                    when=when,
                    link=link(row),
                )
                await self._delivery.direct(game_id, DirectMessage(user_id, text))
            await self._store.finish_timer(timer)
            return
        if clock.on_timeout == "host" and user_id != row.host_id and timer.kind == "deadline":
            # The host has one more period to answer, of the host's own clock; then the AI
            # stands in after all.
            answer_by = runs_out(await self._quiet_of(row.host_id), now, timedelta(hours=clock.hours))
            await self._ask_host(row, seat, timer.turn_version, answer_by)
            await self._store.replace_timer(timer, replace(timer, kind=HOST_ANSWER, due_at=answer_by))
            self._wake_up()
            return
        # The AI stands in: the game says so, or the host did not answer in time, or it is
        # the host's own time that ran out (nobody else could answer, and the others could
        # neither act nor end the game).
        await self._stand_in(game_id, seat, timer.turn_version)
        await self._store.finish_timer(timer)

    async def _ask_host(self, row: GameRow, seat: int, began: int, answer_by: datetime) -> None:
        """A deadline passed in a game whose host decides: ask them, with buttons (and say
        that the AI stands in at `answer_by` should they not answer). A host in their
        quiet hours is asked without a ping, and owed one when they end."""
        locale = row.locale
        mentions: tuple[int, ...] = (row.host_id,)
        quiet_until = await self.quiet_until(row.host_id)
        if quiet_until is not None:
            await self._store.owe_ping(row.host_id, quiet_until)
            mentions = ()
        actions = (
            (texts.t("deadline.button.ai", locale), f"{seat}:{began}:ai"),
            (texts.t("deadline.button.wait", locale), f"{seat}:{began}:wait"),
        )
        notice = Notice(
            "deadline.ask_host",
            {
                "player": texts.escape_words(row.seats[seat].name),
                "host": host_name(row),
                "when": discord_time(answer_by, "R"),
            },
            mentions=mentions,
            actions=actions,
        )
        await self._notices.add(row.id, notice)

    async def resolve(self, caller: Caller, game_id: int, seat: int, began: int, choice: str) -> Reply:
        """The host's answer to a passed deadline: the AI decides, or the player gets more time."""
        game = await self._games.load(game_id, caller)
        if caller.user_id != game.row.host_id:
            raise PlayerError("error.host_only", host=host_name(game.row))
        if game.row.paused_at is not None:
            raise PlayerError("error.paused", id=game_id)
        if not 0 <= seat < len(game.row.seats) or not await self.is_open(game, seat, began):
            raise PlayerError("deadline.already_over")
        name = game.names[seat]
        if choice == "ai":
            await self._stand_in(game_id, seat, began)
            return Reply(texts.t("deadline.ai_chosen", caller.locale, player=name), game_id=game_id)
        await self.restart(game_id, seat)
        return Reply(texts.t("deadline.wait_chosen", caller.locale, player=name), game_id=game_id)
