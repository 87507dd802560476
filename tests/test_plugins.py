"""Games of installed packages: the `baumeister.games` entry points are loaded once,
and one that fails to register is logged and left out instead of stopping the bot."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.plugins
import games

PACKAGE = """
import games
from games.core import Engine

CALLS = []


def register():
    CALLS.append("registered")


def broken():
    raise RuntimeError("this package is broken")
"""


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package `fakegames` installed the way pip leaves one: a module and its dist-info."""
    (tmp_path / "fakegames.py").write_text(PACKAGE, encoding="utf-8")
    info = tmp_path / "fakegames-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakegames\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[baumeister.games]\nfake = fakegames:register\nbroken = fakegames:broken\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(bot.plugins, "_loaded", False)
    yield tmp_path
    sys.modules.pop("fakegames", None)


def test_entry_points_are_called_once_and_a_broken_one_is_left_out(
    installed: Path, caplog: pytest.LogCaptureFixture
) -> None:
    before = games.all()
    loaded = bot.plugins.load_installed_games()
    import fakegames  # made by the fixture

    assert "fake" in loaded and "broken" not in loaded
    assert fakegames.CALLS == ["registered"]
    assert "broken" in caplog.text and "could not be registered" in caplog.text
    assert bot.plugins.load_installed_games() == []
    assert fakegames.CALLS == ["registered"], "loaded once per process"
    assert games.all() == before
