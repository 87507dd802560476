#!/usr/bin/env python3
"""Measure the project's speed and write the figures to docs/benchmarks.md.

Five benchmarks, each over every registered engine (`games.all()`):
engine self-play speed, board rendering, service latency under a load of
concurrent games, AI decision time, and `/move` autocomplete among many
games and moves; a sixth on scale: start-up, restore, memory and lists
with 100 to 10,000 running games; and a seventh on the database backends:
the service load on SQLite, on PostgreSQL (a server the benchmark starts
and stops) and in two processes on one PostgreSQL database, side by side;
and an eighth on liveness: 200 games, 50 of each engine, played to their end
while drawings, the AI, the database, Discord and worker processes fail and
the bot process is killed and restarted every few seconds; a ninth on
seating a league round of 64 players; and a tenth on the first board after
the bot starts, through the bot.
Every figure stands next to its
goal, marked ✅ or ❌. Run from the repository root, when the machine is
otherwise quiet (see `uptime`):

    python scripts/benchmark.py            # the full run (a few minutes)
    python scripts/benchmark.py --quick    # a short run, seconds
    python scripts/benchmark.py --only ai          # one section, put in place in the report
    python scripts/benchmark.py --only render --out /tmp/render.md
    python scripts/benchmark.py --only engine --profile   # where the time goes
    python scripts/benchmark.py --register gardens:register  # also a game from outside (PYTHONPATH=tests)

The report is printed as well as written.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import pstats
import sys
import time
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bench_ai  # noqa: E402 - the repository root must be on the path first
import bench_autocomplete  # noqa: E402
import bench_backends  # noqa: E402
import bench_engine  # noqa: E402
import bench_first_board  # noqa: E402
import bench_league  # noqa: E402
import bench_liveness  # noqa: E402
import bench_render  # noqa: E402
import bench_scale  # noqa: E402
import bench_service  # noqa: E402
from bench_common import Section  # noqa: E402
from bench_common import load_average  # noqa: E402
from bench_common import machine  # noqa: E402
from bench_common import merge_section  # noqa: E402

from bot.plugins import load_installed_games  # noqa: E402

__all__ = ["BENCHMARKS", "main", "report"]

#: Section key -> the benchmark that fills it, in report order.
BENCHMARKS: dict[str, Callable[[bool], Section]] = {
    "engine": bench_engine.run,
    "render": bench_render.run,
    "service": bench_service.run,
    "backends": bench_backends.run,
    "ai": bench_ai.run,
    "autocomplete": bench_autocomplete.run,
    "scale": bench_scale.run,
    "liveness": bench_liveness.run,
    "league": bench_league.run,
    "firstboard": bench_first_board.run,
}

DEFAULT_OUT = ROOT / "docs" / "benchmarks.md"
_PROFILE_LINES = 25


def report(sections: Sequence[Section], quick: bool, load_at_start: str) -> str:
    """The whole markdown report: the machine, then each section."""
    lines = [
        "# Benchmarks",
        "",
        "Measured speed of every game in the project, written by `scripts/benchmark.py`"
        + (" in its short `--quick` mode (figures are rough)." if quick else "."),
        "Each figure stands beside its goal: ✅ met, ❌ missed, — no goal set. Regenerate with "
        "`python scripts/benchmark.py` on an otherwise quiet machine.",
        "",
        "## Machine",
        "",
        "| | |",
        "|---|---|",
        *[f"| {name} | {value} |" for name, value in machine(load_at_start)],
        "",
    ]
    return "\n".join(lines) + "\n" + "\n".join(section.markdown() for section in sections)


def _profiled(benchmark: Callable[[bool], Section], quick: bool) -> Section:
    """Run one benchmark under cProfile and print its top entries by own and total time."""
    profiler = cProfile.Profile()
    section = profiler.runcall(benchmark, quick)
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order).print_stats(_PROFILE_LINES)
        print(f"--- profile of {section.key}, by {order} ---")
        print(out.getvalue())
    return section


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (seconds), figures rough")
    parser.add_argument("--only", choices=sorted(BENCHMARKS), help="run one benchmark only")
    parser.add_argument(
        "--out",
        type=Path,
        help=f"report file (default {DEFAULT_OUT}; --only without --out puts its section in place there)",
    )
    parser.add_argument("--profile", action="store_true", help="run under cProfile and print the top entries")
    parser.add_argument(
        "--register",
        action="append",
        default=[],
        metavar="MODULE:FUNCTION",
        help="also measure the game this function registers (gardens:register, with tests/ on the path)",
    )
    args = parser.parse_args(argv)
    # The games of installed packages, then any named here, join the built-in ones.
    load_installed_games()
    for spec in args.register:
        module, _, function = spec.partition(":")
        getattr(importlib.import_module(module), function or "register")()

    load_at_start = load_average()
    chosen = [args.only] if args.only else list(BENCHMARKS)
    sections = []
    for key in chosen:
        benchmark = BENCHMARKS[key]
        began = time.perf_counter()
        section = _profiled(benchmark, args.quick) if args.profile else benchmark(args.quick)
        print(section.text(), flush=True)
        print(f"({key}: {time.perf_counter() - began:.0f} s)\n", flush=True)
        sections.append(section)

    out = args.out or DEFAULT_OUT
    if args.only and args.out is None and DEFAULT_OUT.exists():
        # One section of the project's report: the others keep the figures of their runs.
        text = merge_section(
            DEFAULT_OUT.read_text(encoding="utf-8"), sections[0], machine(load_at_start), args.quick
        )
    else:
        text = report(sections, args.quick, load_at_start)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"Report written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
