"""Quiet hours (`/notify quiet`): whole hours of a person's own time zone without pings.

Kept as the wall-clock hours and an IANA zone name, never as UTC times: "22 to
7 in Europe/Berlin" stays 22 to 7 on the local clock across daylight-saving
changes, so every question is answered by reading the local time anew.

The rule for timers (reminders, deadlines): the clock does not run during
quiet hours. A timer that falls due during them is moved past their end by
as long as had passed of them when it fell due — the time that was left when
they began is left after they end (`Quiet.postponed`). Pings held back
during them become one ping when they end.
"""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import time
from datetime import timedelta
from functools import cache

from bot.store import PlayerRow

__all__ = ["Quiet", "zone_names", "zones_matching"]

#: What autocomplete may offer at once (Discord's limit).
CHOICES = 25


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
        if zone is None or player.quiet_from == player.quiet_to:
            return None
        return cls(player.quiet_from, player.quiet_to, zone)

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

    def postponed(self, now: datetime) -> datetime | None:
        """When a timer falling due at `now` falls due instead: as long after the end of the
        quiet hours as had passed of them (their clock stood still); None outside them."""
        found = self.period(now)
        if found is None:
            return None
        began, ends = found
        return ends + max(now - began, timedelta(0))
