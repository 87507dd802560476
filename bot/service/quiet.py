"""Quiet hours (`/notify quiet`): whole hours of a person's own time zone without pings.

Kept as the wall-clock hours and an IANA zone name, never as UTC times: "22 to
7 in Europe/Berlin" stays 22 to 7 on the local clock across daylight-saving
changes, so every question is answered by reading the local time anew. They
last at most `LONGEST` hours a day (a longer span is refused when set, and one
stored before that rule is read clipped to it), so a person's clock runs for at
least half of every day.

The rule for timers (reminders, deadlines): the clock does not run during
quiet hours. A timer's time is counted from when its clock started (the
turn's start, or when the timer was set) and only outside quiet hours, night
after night (`Quiet.due`): a turn keeps the time it had left when the quiet
hours began (or all of it, when it began during them) for after they end.
Pings held back during them become one ping when they end.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import time
from datetime import timedelta
from functools import cache

from bot.store import PlayerRow

__all__ = [
    "LONGEST",
    "Quiet",
    "hours_a_day",
    "moved",
    "runs_out",
    "time_left",
    "zone_names",
    "zones_matching",
]

#: What autocomplete may offer at once (Discord's limit).
CHOICES = 25
#: Quiet hours last at most this many hours a day (on the local clock).
LONGEST = 12


def hours_a_day(start: int, end: int) -> int:
    """How many hours of the local clock quiet hours from `start` to `end` o'clock take."""
    return (end - start) % 24


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone this machine knows, sorted (read once: it walks the tz data)."""
    return tuple(sorted(zoneinfo.available_timezones()))


def zones_matching(typed: str, limit: int = CHOICES) -> list[str]:
    """Up to `limit` zone names containing what was typed (any case); never raises."""
    try:
        words = typed.strip().lower().replace(" ", "_")
        return [name for name in zone_names() if words in name.lower()][:limit]
    except Exception:
        # Autocomplete is a suggestion: a failure here must not surface as an error.
        return []


def zone_of(name: str) -> zoneinfo.ZoneInfo | None:
    """The zone of that IANA name, or None when there is none (no paths, no files)."""
    if name not in zone_names():
        # `ZoneInfo` would also open files by relative paths; only listed names are taken.
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


@dataclass(frozen=True)
class Quiet:
    """From `start` to `end` o'clock (local, end excluded) in `zone`; start != end."""

    start: int
    end: int
    zone: zoneinfo.ZoneInfo

    @classmethod
    def of(cls, player: PlayerRow) -> Quiet | None:
        """The person's quiet hours; None when they set none (or what is stored is unusable)."""
        if player.quiet_from is None or player.quiet_to is None or player.quiet_zone is None:
            return None
        zone = zone_of(player.quiet_zone)
        start, end = player.quiet_from, player.quiet_to
        if zone is None or start == end:
            return None
        if hours_a_day(start, end) > LONGEST:
            # Stored before longer spans were refused: 6 to 5 would let a deadline run
            # one hour a day, holding a game for weeks; they end after the longest span.
            end = (start + LONGEST) % 24
        return cls(start, end, zone)

    def _at(self, day: date, hour: int) -> datetime:
        """That local wall-clock hour of that day, in UTC. An hour a spring change skips
        reads as the moment after the gap, one a fall change repeats as its first time."""
        return datetime.combine(day, time(hour), tzinfo=self.zone).astimezone(UTC)

    def period(self, now: datetime) -> tuple[datetime, datetime] | None:
        """When the quiet hours around `now` began and end (UTC); None outside them."""
        local = now.astimezone(self.zone)
        hour, today = local.hour, local.date()
        if self.start < self.end:
            if not self.start <= hour < self.end:
                return None
            return self._at(today, self.start), self._at(today, self.end)
        if hour >= self.start:
            return self._at(today, self.start), self._at(today + timedelta(days=1), self.end)
        if hour < self.end:
            return self._at(today - timedelta(days=1), self.start), self._at(today, self.end)
        return None

    def until(self, now: datetime) -> datetime | None:
        """When the quiet hours around `now` end; None outside them."""
        found = self.period(now)
        return None if found is None else found[1]

    def _next_start(self, moment: datetime) -> datetime:
        """When the next quiet hours after `moment` (outside them) begin."""
        today = moment.astimezone(self.zone).date()
        begins = self._at(today, self.start)
        return begins if begins > moment else self._at(today + timedelta(days=1), self.start)

    def _running(self, since: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The stretches of time outside quiet hours from `since` on, in order (endless)."""
        moment = since
        while True:
            found = self.period(moment)
            if found is not None:
                moment = found[1]
            begins = self._next_start(moment)
            yield moment, begins
            moment = begins

    def due(self, start: datetime, length: timedelta) -> datetime:
        """When a timer whose clock started at `start` has run for `length`, its clock
        standing still during quiet hours (every night it spans)."""
        left = length
        for begins, ends in self._running(start):
            if begins + left <= ends:
                return begins + left
            left -= ends - begins
        raise AssertionError("unreachable: the stretches never end")

    def time_left(self, now: datetime, due_at: datetime) -> timedelta:
        """How long the clock of a timer due at `due_at` still runs from `now` (outside
        quiet hours)."""
        left = timedelta(0)
        for begins, ends in self._running(now):
            if begins >= due_at:
                break
            left += min(ends, due_at) - begins
        return left


def runs_out(quiet: Quiet | None, start: datetime, length: timedelta) -> datetime:
    """When a timer started at `start` has run for `length`, for someone with `quiet`
    hours (None: none)."""
    return start + length if quiet is None else quiet.due(start, length)


def time_left(quiet: Quiet | None, now: datetime, due_at: datetime) -> timedelta:
    """How long the clock of a timer due at `due_at` still runs from `now`, for someone
    with `quiet` hours (None: none)."""
    if quiet is None:
        return max(due_at - now, timedelta(0))
    return quiet.time_left(now, due_at)


def moved(
    due_at: datetime, stopped: datetime, resumed: datetime, before: Quiet | None, after: Quiet | None
) -> datetime:
    """When a timer due at `due_at` falls due once its clock stood still from `stopped` to
    `resumed` (an absence, a pause) and the quiet hours that stop it were `before` and are
    `after`: the time it had left at `stopped` is left from `resumed` on."""
    return runs_out(after, resumed, time_left(before, stopped, due_at))
