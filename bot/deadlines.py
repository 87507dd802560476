"""Turn deadlines, reminders and absences: rows in the database, one dispatcher task.

Every person who must act in a running game has two timers in the store: a
reminder (when a quarter of the time is left) and the deadline itself. They
are made when the turn begins and replaced when a new turn begins; one task
sleeps until the soonest is due, so timers cost nothing while they wait. As
they live in the database, a restart loses none: whatever fell due while
the bot was down is handled as soon as it is back.

When a deadline passes, the game's setting decides: the AI makes that turn
for the player, or the host is asked (with buttons) what to do. An absence
(`/away`) moves the player's timers later by its length, in all their games.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

import texts
from bot.errors import PlayerError
from bot.results import Caller, DirectMessage, Reply
from bot.store import GameRow, Store, TimerRow
from games.core import Engine, State

if TYPE_CHECKING:
    from bot.service import GameService

__all__ = ["DEFAULT_HOURS", "MAX_HOURS", "ON_TIMEOUT", "Deadlines", "TurnClock", "discord_time"]

log = logging.getLogger(__name__)

DEFAULT_HOURS: Final = 48
#: Deadlines and absences are counted in hours, up to a month.
MAX_HOURS: Final = 24 * 30
#: What may happen when a deadline passes: the AI moves, or the host decides.
ON_TIMEOUT: Final = ("ai", "host")
#: The reminder comes when this share of the time is left.
REMINDER_SHARE: Final = 0.25
#: The dispatcher looks at the table at least this often (a safety net: any change of
#: timers wakes it at once).
LONGEST_SLEEP: Final = 12 * 3600.0
#: After an unexpected failure the dispatcher waits this long before trying again.
RETRY_AFTER: Final = 60.0
#: Words that end an absence (the option also takes a number of hours).
OFF_WORDS: Final = frozenset({"off", "0", "aus", "uit", "back", "zurück", "terug"})


def discord_time(moment: datetime, style: str = "f") -> str:
    """A time Discord shows in each reader's own time zone and language."""
    return f"<t:{int(moment.timestamp())}:{style}>"


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

    def due(self, begin: datetime) -> dict[str, datetime]:
        """The turn's reminder and deadline, counted from `begin`."""
        length = timedelta(hours=self.hours)
        return {"reminder": begin + length * (1 - REMINDER_SHARE), "deadline": begin + length}


class Deadlines:
    """Keeps every open turn's timers in step with the games, and fires them."""

    def __init__(self, service: GameService) -> None:
        self._service = service
        self._task: asyncio.Task[None] | None = None
        #: The dispatcher's current sleep; cancelled when timers change, to look again.
        self._sleep: asyncio.Task[None] | None = None
        #: Timers changed while the dispatcher was busy: it must look again before sleeping.
        self._changed = False
        #: game id -> the (seat, turn start) pairs whose timers are stored, as last synced:
        #: most moves change nothing here, and then the table is not touched.
        self._known: dict[int, frozenset[tuple[int, int]]] = {}

    @property
    def _store(self) -> Store:
        return self._service.store

    def _now(self) -> datetime:
        return self._service.clock()

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
        for timer in await self._store.timers(row.id):
            if timer.kind == "deadline" and timer.seat < len(row.seats):
                name = row.seats[timer.seat].name
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
        self._service.forget(row.id)
        new = await self._store.set_settings(row.id, {**row.settings, **clock.settings()})
        self._known.pop(new.id, None)
        if new.status == "running":
            await self._store.delete_timers(new.id)
            await self.sync(new.id)
        return new

    async def restart(self, game_id: int, seat: int) -> None:
        """The seat's turn gets a whole new deadline, from now (the host chose to wait)."""
        row, engine, state = await self._service.current(game_id)
        acting = [s for s in engine.to_act(state) if not row.seats[s].is_ai] if state is not None else []
        begin = await self._service.turn_start(game_id, seat)
        await self._store.set_turn_timers(
            game_id, acting, {seat: (begin, TurnClock.of(row).due(self._now()))}
        )
        self._known.pop(game_id, None)
        self._wake_up()

    async def sync(self, game_id: int, current: tuple[GameRow, Engine, State | None] | None = None) -> None:
        """Make the game's timers match who must act now: new turns get theirs, ended ones go.

        Runs after every move, so it remembers what it stored last time and
        writes (once, in one transaction) only when a turn began or ended.
        """
        row, engine, state = current or await self._service.current(game_id)
        clock = TurnClock.of(row)
        acting: list[int] = []
        if row.status == "running" and state is not None and clock.hours > 0:
            acting = sorted(s for s in engine.to_act(state) if not row.seats[s].is_ai)
        turns = frozenset([(seat, await self._service.turn_start(game_id, seat)) for seat in acting])
        known = self._known.get(game_id)
        if known == turns:
            return
        if known is None:
            known = frozenset((t.seat, t.turn_version) for t in await self._store.timers(game_id))
            if known == turns:
                self._known[game_id] = turns
                return
        new = {}
        for seat, begin in sorted(turns - known):
            new[seat] = (begin, clock.due(await self._begin_for(row, seat)))
        await self._store.set_turn_timers(game_id, acting, new)
        self._known[game_id] = turns
        if new:
            self._wake_up()

    async def _begin_for(self, row: GameRow, seat: int) -> datetime:
        """A turn's clock starts now, or when its player comes back from an absence."""
        now = self._now()
        user_id = row.seats[seat].user_id
        if user_id is None:
            return now
        away = (await self._service.player(user_id)).away_until
        return away if away is not None and away > now else now

    # -------------------------------------------------------------- absence

    async def away(self, caller: Caller, hours_text: str) -> Reply:
        """Pause (or resume) the caller's clocks in all their games."""
        text = hours_text.strip().lower()
        now = self._now()
        player = await self._service.player(caller.user_id)
        current = player.away_until if player.away_until is not None and player.away_until > now else None
        if text in OFF_WORDS:
            until = None
        elif re.fullmatch(r"[0-9]{1,4}", text) and 0 < int(text) <= MAX_HOURS:
            until = now + timedelta(hours=int(text))
        else:
            raise PlayerError("away.bad_hours", text=hours_text[:40], max=MAX_HOURS)
        # The clocks stop while one is away: they move by the change in the absence's end.
        shift = (until or now) - (current or now)
        if shift:
            moved = [
                replace(t, due_at=max(now, t.due_at + shift))
                for t in await self._store.user_timers(caller.user_id)
            ]
            await self._store.move_timers(moved)
            self._known.clear()
            self._wake_up()
        await self._service.save_player(
            replace(player, away_until=until, locale=caller.locale or player.locale)
        )
        if until is None:
            return Reply(texts.t("away.off", caller.locale))
        return Reply(texts.t("away.on", caller.locale, until=discord_time(until)))

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
                soonest = await self._store.next_due()
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
        """Handle every timer that is due now (also those that fell due while the bot was down)."""
        for timer in await self._store.due_timers(self._now()):
            try:
                await self._fire(timer)
            except Exception:
                log.exception("game %s: the %s of seat %s failed", timer.game_id, timer.kind, timer.seat)
                # Never fire the same broken timer in a loop.
                self._known.pop(timer.game_id, None)
                await self._store.delete_timers(timer.game_id, seat=timer.seat, kind=timer.kind)

    async def _fire(self, timer: TimerRow) -> None:
        game_id, seat = timer.game_id, timer.seat
        self._known.pop(game_id, None)
        row, _, _ = await self._service.current(game_id)
        clock = TurnClock.of(row)
        if clock.hours == 0 or not await self._service.turn_is_open(game_id, seat, timer.turn_version):
            await self._store.delete_timers(game_id, seat=seat)
            return
        user_id = row.seats[seat].user_id or 0
        player = await self._service.player(user_id)
        now = self._now()
        if player.away_until is not None and player.away_until > now:
            await self._store.move_timers([replace(timer, due_at=player.away_until)])
            return
        name = row.seats[seat].name
        if timer.kind == "reminder":
            await self._store.delete_timers(game_id, seat=seat, kind="reminder")
            deadline = next((t.due_at for t in await self._store.timers(game_id) if t.seat == seat), now)
            when = discord_time(deadline, "R")
            await self._service.tell(
                game_id, "deadline.reminder", mentions=(user_id,), player=name, when=when
            )
            if player.dm:
                locale = player.locale or row.locale
                text = texts.t(
                    "deadline.reminder_dm",
                    locale,
                    game=self._service.title(row),
                    id=row.id,
                    when=when,
                    link=self._service.link(row),
                )
                await self._service.direct(game_id, DirectMessage(user_id, text))
            return
        await self._store.delete_timers(game_id, seat=seat)
        if clock.on_timeout == "ai":
            await self._service.play_for(game_id, seat, timer.turn_version)
        else:
            await self._service.ask_host(game_id, seat, timer.turn_version)
