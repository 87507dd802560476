"""`python -m bot`: clear words without a token; the service never needs discord."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def no_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)


@pytest.mark.parametrize("args", [[], ["run"], ["sync"]])
@pytest.mark.usefixtures("no_token")
def test_without_a_token_it_explains_and_offers_the_local_mode(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    said = capsys.readouterr().err
    assert "DISCORD_TOKEN" in said and ".env" in said and ".env.example" in said
    assert "discord.com/developers/applications" in said
    assert "python -m bot local" in said


@pytest.mark.usefixtures("no_token")
def test_an_unknown_command_shows_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dance"]) == 2
    said = capsys.readouterr().err
    assert "python -m bot sync" in said and "python -m bot local" in said


def test_the_service_and_the_package_do_not_import_discord() -> None:
    probe = (
        "import sys, bot, bot.service, bot.store\n"
        "assert 'discord' not in sys.modules, sorted(m for m in sys.modules if m.startswith('discord'))\n"
        "assert bot.__all__ == ['create_bot']\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_bot_asks_for_no_privileged_intent() -> None:
    from bot.discord_app import bot_intents

    intents = bot_intents()
    assert not intents.members and not intents.presences and not intents.message_content
    assert intents.guilds
