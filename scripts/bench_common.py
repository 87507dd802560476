"""Shared pieces of the benchmarks: goals, result tables, timers, the machine.

Every benchmark section returns a `Section`: a titled table with one row per
registered engine (or per engine and variant), figures formatted for the
report, and each goal marked ✅ or ❌ beside the figure it judges.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from pathlib import Path

__all__ = [
    "FAIL",
    "NO_GOAL",
    "PASS",
    "Clock",
    "Section",
    "at_least",
    "below",
    "load_average",
    "machine",
    "median_ms",
    "merge_section",
    "percentile",
    "timed",
]

PASS = "✅"
FAIL = "❌"
#: Shown where the issue sets no goal for a figure (e.g. a game it does not name).
NO_GOAL = "—"


@dataclass
class Section:
    """One part of the report: a heading, a few lines of method, a table, notes."""

    key: str
    title: str
    method: list[str]
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        lines = [f"## {self.title}", "", *self.method, ""]
        lines.append("| " + " | ".join(self.headers) + " |")
        lines.append("|" + "|".join("---" for _ in self.headers) + "|")
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        if self.notes:
            lines.append("")
            lines += [f"- {note}" for note in self.notes]
        return "\n".join(lines) + "\n"

    def text(self) -> str:
        """The table for a terminal: columns padded to their widest cell."""
        table = [self.headers, *self.rows]
        widths = [max(len(row[i]) for row in table) for i in range(len(self.headers))]
        out = [self.title, "=" * len(self.title)]
        out += ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) for row in table]
        out += [f"* {note}" for note in self.notes]
        return "\n".join(out) + "\n"


def merge_section(report: str, section: Section, run: Sequence[tuple[str, str]], quick: bool = False) -> str:
    """`report` with `section` in place of its section of the same heading (appended when it has
    none), and a note on the machine and time of this run: the machine section at the top of
    the report stays that of the full run, and the other sections keep their figures."""
    where = ", ".join(f"{name}: {value}" for name, value in run)
    how = f"`--quick --only {section.key}`, figures rough" if quick else f"`--only {section.key}`"
    note = f"Run alone ({how})" + (f"; {where}." if where else ".")
    noted = replace(section, notes=[*section.notes, note])
    heading = f"## {section.title}\n"
    start = report.find(heading)
    if start < 0:
        return report.rstrip("\n") + "\n\n" + noted.markdown()
    end = report.find("\n## ", start + len(heading))
    rest = "" if end < 0 else report[end + 1 :]
    return report[:start] + noted.markdown() + ("\n" + rest if rest else "")


def at_least(value: float, goal: float | None) -> str:
    """The mark for a figure that should reach `goal` (none when there is no goal)."""
    if goal is None:
        return NO_GOAL
    return PASS if value >= goal else FAIL


def below(value: float, goal: float | None) -> str:
    """The mark for a figure that should stay under `goal`."""
    if goal is None:
        return NO_GOAL
    return PASS if value < goal else FAIL


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which `share` (0..1) of the values lie (nearest rank)."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def median_ms(seconds: Sequence[float]) -> float:
    return statistics.median(seconds) * 1000


@dataclass
class Clock:
    """Wall and CPU time of a stretch of work (CPU of the whole process, threads included)."""

    wall: float = 0.0
    cpu: float = 0.0


@contextmanager
def timed() -> Iterator[Clock]:
    """Measure the block: wall time and the process's CPU time.

    CPU time sits beside wall time because the machine may be shared: a wall
    figure inflated by other work shows up as CPU well below wall.
    """
    clock = Clock()
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        yield clock
    finally:
        clock.wall = time.perf_counter() - wall
        clock.cpu = time.process_time() - cpu


def _cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return platform.processor() or "unknown"
    for line in text.splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def load_average() -> str:
    """The system's 1, 5 and 15 minute load averages, as text."""
    try:
        return ", ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def machine(load_at_start: str) -> list[tuple[str, str]]:
    """What the figures came from: CPU, cores, Python, system, date, load."""
    return [
        ("CPU", _cpu_model()),
        ("Cores", str(os.cpu_count() or "unknown")),
        ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
        ("System", f"{platform.system()} {platform.release()}"),
        ("Date", datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")),
        ("Load average at start (1, 5, 15 min)", load_at_start),
        ("Load average at end", load_average()),
    ]
