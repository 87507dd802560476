"""The AI-strength script measures every game with an AI against each of its baselines.

The script is run in this process (a few games each), so Gardens, registered
by the test session with an AI and no greedy baseline, is measured as well:
a game from outside is measured like a built-in one. No figure is judged
here: strength is judged by each game's AI tests.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import ai
import games
from bot import ratings

ROOT = Path(__file__).resolve().parent.parent


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ai_strength", ROOT / "scripts" / "ai_strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Its dataclasses look their module up by name.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()
#: Decision times differ from run to run; everything else is the same.
TIMES = re.compile(r"^decisions: \d+, .*$|\| [\d.]+ \| \d+ \|$", re.MULTILINE)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert SCRIPT.main(list(args)) == 0
    return str(capsys.readouterr().out)


def test_every_game_with_an_ai_is_measured_against_each_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--games", "2", "--table")
    measured = [engine for engine in games.all() if ai.has_ai(engine.id)]
    assert len(measured) >= 5  # the four built-in games and Gardens
    for engine in measured:
        for name in ai.baselines(engine.id):
            assert re.search(
                rf"## {re.escape(engine.title)}\n2 games, \d players: the AI against \d {name}", out
            )
    assert out.count("| Opponents | Games |") == len(measured)
    assert "games ended by:" in out  # a game whose view says why it ended


def test_the_figures_replay_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--game", "gardens", "--games", "3", "--seed", "40", "--players", "3", "--table")
    first = TIMES.sub("", run(capsys, *args))
    assert "3 games, 3 players: the AI against 2 random players" in first
    assert "| 2 random | 3 | 40–42 |" in first
    assert TIMES.sub("", run(capsys, *args)) == first


def test_a_baseline_can_be_measured_in_the_ais_seat(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--game", "gardens", "--games", "2", "--player", "random")
    assert "the random player against 3 random players" in out


def test_a_baseline_a_named_game_lacks_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "greedy" not in ai.baselines("gardens")
    with pytest.raises(SystemExit):
        SCRIPT.main(["--game", "gardens", "--opponents", "greedy"])
    assert "no greedy player for gardens" in capsys.readouterr().err


def test_games_without_that_baseline_are_passed_over_when_none_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run(capsys, "--games", "1", "--opponents", "greedy")
    assert "## Gardens: no greedy player" in out
    with_greedy = [e for e in games.all() if ai.has_ai(e.id) and "greedy" in ai.baselines(e.id)]
    assert with_greedy
    for engine in with_greedy:
        assert f"## {engine.title}\n1 games" in out


def test_the_ladder_rates_every_level_and_baseline_and_writes_ratings_and_docs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Gardens with an Easy level of its own (a random player by another name).
    monkeypatch.setitem(
        ai._REGISTRY, "gardens", {**ai._REGISTRY["gardens"], "easy": ai.baselines("gardens")["random"]}
    )
    ladder_file = tmp_path / "ratings.json"
    ladder_file.write_text(json.dumps({"china": {"normal": {"mu": 30.0, "sigma": 2.0}}}))
    monkeypatch.setattr(ratings, "AI_LADDER", ladder_file)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "gardens.md").write_text("# Gardens\n\n## Speed\nFast.\n")
    monkeypatch.setattr(SCRIPT, "DOCS", docs)

    out = run(capsys, "--ladder", "--game", "gardens", "--games", "6", "--write-docs")

    table = out.split("## Gardens\n", 1)[1].split("\n\n", 1)[0]
    assert table.startswith("| Player | Games | mu | sigma | Rating |\n|---|---|---|---|---|\n")
    written = json.loads(ladder_file.read_text())
    assert written["china"] == {"normal": {"mu": 30.0, "sigma": 2.0}}, "other games' ratings are kept"
    assert set(written["gardens"]) == {"easy", "normal", "random"}
    for name, fitted in written["gardens"].items():
        shown = ratings.display(ratings.Rating(fitted["mu"], fitted["sigma"]))
        assert f"| {name} | " in table and table.count(f" | {shown} |") >= 1
    assert sum(int(line.split(" | ")[1]) for line in table.splitlines()[2:]) >= 6 * 3 - 6
    page = (docs / "gardens.md").read_text()
    assert page.startswith("# Gardens\n\n## Speed\nFast.\n\n## AI ladder\n")
    assert f"{SCRIPT.LADDER_START}\n{table}\n{SCRIPT.LADDER_END}\n" in page

    # A re-run replaces the table between the markers, and nothing else.
    (docs / "gardens.md").write_text(page.replace(table, "| stale |") + "\n## After\n")
    run(capsys, "--ladder", "--game", "gardens", "--games", "6", "--write-docs")
    assert (docs / "gardens.md").read_text() == page + "\n## After\n"
