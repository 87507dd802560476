"""The benchmark script runs and reports every section for every registered engine.

It runs `scripts/benchmark.py --quick` once into a temporary file. No figure
is judged here: speed is measured by the script, never asserted in a test.
The script measures the games registered in its own process: the built-in
ones (games this test session registers, such as Gardens, are not there).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "benchmark.py"
SECTIONS = ("Engine speed", "Rendering", "Service latency", "AI decision time")
BACKENDS = "Backends: SQLite, PostgreSQL, two processes"
LIVENESS = "Liveness under faults"
LEAGUE_FIGURES = (
    "Leagues finished",
    "League rounds seated twice or not at all",
    "League orphan lobbies / empty threads",
    "League posts duplicated",
)
MARK = re.compile("✅|❌|—")


def run_script(*arguments: str, timeout: int) -> str:
    """What the benchmark script printed, run with `arguments`; it must succeed."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """(the written report, what the script printed) of one `--quick` run."""
    out = tmp_path_factory.mktemp("bench") / "report.md"
    printed = run_script("--quick", "--out", str(out), timeout=600)
    return out.read_text(encoding="utf-8"), printed


@pytest.fixture(scope="module")
def engine_ids() -> list[str]:
    """The ids of the games a fresh process registers: those the script measures."""
    done = subprocess.run(
        [sys.executable, "-c", "import games\nfor engine in games.all(): print(engine.id)"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    ids = done.stdout.split()
    assert ids
    return ids


@pytest.fixture(scope="module")
def ai_rows_expected() -> dict[str, list[str]]:
    """Game id -> the AI section's rows for it in a fresh process: one per level of its AI
    (`ai.levels`), then `hints` where it has hints; `random fallback` without an AI."""
    program = (
        "import ai, games\n"
        "for engine in games.all():\n"
        "    if not ai.has_ai(engine.id):\n"
        "        print(engine.id, 'random-fallback')\n"
        "        continue\n"
        "    hints = ['hints'] if ai.hinter(engine.id) else []\n"
        "    print(engine.id, *[level.capitalize() for level in ai.levels(engine.id)], *hints)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    expected = {}
    for line in done.stdout.splitlines():
        engine_id, *labels = line.split()
        expected[engine_id] = [label.replace("-", " ") for label in labels]
    assert expected
    return expected


def sections_of(report: str) -> dict[str, str]:
    """Level-two heading -> the text under it."""
    parts = re.split(r"^## (.+)$", report, flags=re.MULTILINE)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def table_rows(body: str) -> list[list[str]]:
    """The cells of each data row of the first markdown table in `body`."""
    rows = [line for line in body.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def test_the_report_names_the_machine(quick_run: tuple[str, str]) -> None:
    machine = sections_of(quick_run[0])["Machine"]
    for field in ("CPU", "Cores", "Python", "Date"):
        assert re.search(rf"^\| {field} \| .+ \|$", machine, flags=re.MULTILINE), field


@pytest.mark.parametrize("title", SECTIONS)
def test_every_section_has_a_row_for_every_engine(
    quick_run: tuple[str, str], engine_ids: list[str], title: str
) -> None:
    sections = sections_of(quick_run[0])
    assert title in sections
    rows = table_rows(sections[title])
    for engine_id in engine_ids:
        mine = [row for row in rows if f"`{engine_id}`" in row[0]]
        assert mine, f"{title}: no row for {engine_id}"
        # The last column judges a goal: met, missed, or none set.
        assert all(MARK.fullmatch(row[-1]) for row in mine), mine


def test_the_ai_section_has_a_row_per_level_and_one_for_hints(
    quick_run: tuple[str, str], ai_rows_expected: dict[str, list[str]]
) -> None:
    rows = table_rows(sections_of(quick_run[0])["AI decision time"])
    found = {game: [row[1] for row in rows if f"`{game}`" in row[0]] for game in ai_rows_expected}
    assert found == ai_rows_expected, found
    # Levels and the fallback are judged on p99, hints on p95, each by the goal.
    goals = {"Easy": "p99 < 0.3 s", "Normal": "p99 < 0.3 s", "Hard": "p99 < 2 s", "hints": "p95 < 1 s"}
    for row in rows:
        assert row[-2] == goals.get(row[1], "p99 < 0.3 s"), row
        assert int(row[2]) == 1 and int(row[3]) > 0, row
        # Median, p95, p99 and worst, wall / CPU, each wall figure at least the one before.
        walls = [float(cell.split(" / ")[0]) for cell in row[4:8]]
        assert walls == sorted(walls), row
        assert all(re.fullmatch(r"[\d.]+ / [\d.]+", cell) for cell in row[4:8]), row


def test_rendering_covers_start_middle_and_end(quick_run: tuple[str, str], engine_ids: list[str]) -> None:
    rows = table_rows(sections_of(quick_run[0])["Rendering"])
    for engine_id in engine_ids:
        phases = {row[1] for row in rows if f"`{engine_id}`" in row[0]}
        assert phases in ({"start", "middle", "end"}, {"no renderer yet"}), phases


def test_the_service_section_has_every_load(quick_run: tuple[str, str], engine_ids: list[str]) -> None:
    rows = table_rows(sections_of(quick_run[0])["Service latency"])
    for engine_id in engine_ids:
        loads = {row[1] for row in rows if f"`{engine_id}`" in row[0]}
        assert {"without rendering", "AI seats, without rendering"} <= loads
        assert "rendered" in loads or "rendered: no renderer yet" in loads


def test_the_backends_section_sets_sqlite_beside_postgresql_and_two_processes(
    quick_run: tuple[str, str],
) -> None:
    rows = table_rows(sections_of(quick_run[0])[BACKENDS])
    # Database, processes, load: every set-up with every load, PostgreSQL measured too
    # (the benchmark starts a server of its own, as the tests do; they need PostgreSQL anyway).
    setups = [(row[0], row[1], row[2]) for row in rows]
    assert setups == [
        (database, processes, load)
        for load in ("rendered", "without rendering")
        for database, processes in (("SQLite", "1"), ("PostgreSQL", "1"), ("PostgreSQL", "2"))
    ]
    for row in rows:
        games, calls, rate = int(row[3]), int(row[4]), row[10].replace(",", "")
        assert games > 0 and calls >= games, row
        assert rate.isdigit() and int(rate) > 0, row
        # The answer's p99 and the post's p99 are judged (or have no goal there).
        assert MARK.fullmatch(row[-2]) and MARK.fullmatch(row[-1]), row
    # The post goal is judged on the rendered load with one process, where a post was made.
    judged = {(row[0], row[1], row[2]) for row in rows if row[-1] != "—"}
    assert judged <= {("SQLite", "1", "rendered"), ("PostgreSQL", "1", "rendered")}


def test_the_printed_tables_match_the_report(quick_run: tuple[str, str]) -> None:
    printed = quick_run[1]
    for title in (*SECTIONS, BACKENDS):
        assert f"{title}\n{'=' * len(title)}" in printed
    assert "Report written to" in printed


def quick_run_of(only: str, folder: Path) -> dict[str, str]:
    """The sections of the report of one benchmark's `--quick` run alone."""
    out = folder / f"{only}.md"
    run_script("--quick", "--only", only, "--out", str(out), timeout=300)
    return sections_of(out.read_text(encoding="utf-8"))


def test_only_runs_one_section(tmp_path: Path) -> None:
    # One of the shortest sections: this run adds to the whole quick run above.
    assert set(quick_run_of("league", tmp_path)) == {"Machine", "League seating"}


def test_the_liveness_section_reports_its_figures(quick_run: tuple[str, str], engine_ids: list[str]) -> None:
    # A game of each engine and two small leagues under faults and restarts, seconds long
    # (in the one quick run).
    body = sections_of(quick_run[0])[LIVENESS]
    rows = table_rows(body)
    assert [row[0] for row in rows] == [
        "Games finished",
        "Turn posts missing / duplicated",
        "Seats that had to act without a deadline",
        "Pings for a decision with one answer",
        "Longest wait of an obligation beyond its retries",
        *LEAGUE_FIGURES,
    ]
    finished, posts, seats, forced, wait = (row[1] for row in rows[:5])
    assert re.fullmatch(r"\d+ \(of [\d,]+ pings\)", forced), forced
    assert re.fullmatch(r"\d+ of \d+", finished), finished
    assert re.fullmatch(r"\d+ / \d+ \(of [\d,]+ turns\)", posts), posts
    assert re.match(r"\d+ ", seats), seats
    assert re.match(r"[\d.]+ s ", wait), wait
    assert all(MARK.fullmatch(row[-1]) for row in rows), rows
    # Every planned game was opened (finishing them is timed, so it is not judged here):
    # a game the lobby refuses, such as one with an option no host may choose, is not.
    per_engine = re.search(r"Games finished per engine: (.+)\.", body)
    assert per_engine is not None, body
    opened = dict(re.findall(r"([\w-]+) \d+/(\d+)", per_engine[1]))
    assert opened == dict.fromkeys(engine_ids, "1"), per_engine[1]


def test_the_liveness_leagues_end_seated_once_without_orphans_or_duplicates(
    quick_run: tuple[str, str],
) -> None:
    # The leagues end in the run's last part, without faults, which waits for them (a bot
    # that loses a round, or seats one twice, fails here).
    rows = {row[0]: row for row in table_rows(sections_of(quick_run[0])[LIVENESS])}
    leagues, rounds, orphans, posts = (rows[figure] for figure in LEAGUE_FIGURES)
    assert re.fullmatch(r"(\d+) of \1", leagues[1]) and int(leagues[1].split()[0]) >= 2, leagues
    assert re.fullmatch(r"0 \(of [1-9]\d* rounds, [1-9]\d* tables\)", rounds[1]), rounds
    assert re.fullmatch(r"0 / 0 \(of [1-9]\d* league games, \d+ threads\)", orphans[1]), orphans
    assert re.fullmatch(r"0 \(of [1-9][\d,]* accepted; pairings 0\)", posts[1]), posts
    assert all(row[-1] == "✅" for row in (leagues, rounds, orphans, posts))


def test_the_league_section_times_a_round_of_64_players_for_every_seat_range(
    quick_run: tuple[str, str], engine_ids: list[str]
) -> None:
    rows = table_rows(sections_of(quick_run[0])["League seating"])
    named = {engine_id for row in rows for engine_id in engine_ids if f"`{engine_id}`" in row[0]}
    assert named == set(engine_ids)
    assert all(MARK.fullmatch(row[-1]) for row in rows), rows


def test_the_first_board_section_times_a_start_through_the_bot(quick_run: tuple[str, str]) -> None:
    # The figures themselves are the full run's, on a quiet machine: the suite keeps every
    # core busy, and the bot's workers yield the CPU to everything else.
    (row,) = table_rows(sections_of(quick_run[0])["The first board after a start"])
    samples, median, p99, slowest, missing = row[:5]
    assert int(samples) == 2 and int(missing) <= 2
    if int(missing) < 2:
        assert 0 < float(median) <= float(p99) <= float(slowest)


def load_bench_common() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_common", ROOT / "scripts" / "bench_common.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_common", module)
    spec.loader.exec_module(module)
    return module


def test_one_section_run_alone_takes_its_place_and_leaves_the_others() -> None:
    """`--only KEY` without `--out` puts its section in place in the project's report: the other
    sections and the machine of the full run stay, the section notes where it ran."""
    common = load_bench_common()
    old = common.Section("ai", "AI decision time", ["old method"], ["Game", "p99"], [["China", "900"]])
    report = (
        "# Benchmarks\n\n## Machine\n\n| CPU | full run's |\n\n## Engine speed\n\nengine figures\n\n"
        + old.markdown()
        + "\n## Move autocomplete\n\nautocomplete figures\n"
    )
    new = common.Section("ai", "AI decision time", ["new method"], ["Game", "p99"], [["China", "690"]])
    merged = sections_of(common.merge_section(report, new, [("CPU", "this run's"), ("Date", "today")]))
    assert list(merged) == ["Machine", "Engine speed", "AI decision time", "Move autocomplete"]
    assert "full run's" in merged["Machine"]
    assert "engine figures" in merged["Engine speed"]
    assert "autocomplete figures" in merged["Move autocomplete"]
    assert table_rows(merged["AI decision time"]) == [["China", "690"]]
    assert "old method" not in merged["AI decision time"]
    assert "Run alone (`--only ai`); CPU: this run's, Date: today." in merged["AI decision time"]
    # A section the report lacks goes at its end.
    league = common.Section("league", "League seating", ["m"], ["Seats"], [["64"]])
    appended = common.merge_section(report, league, [], quick=True)
    assert list(sections_of(appended))[-1] == "League seating"
    assert "Run alone (`--quick --only league`, figures rough)." in appended
