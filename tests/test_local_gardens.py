"""The local mode plays a game registered from outside, options and all, to its end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import games
from bot.local import run
from bot.settings import Settings


def answers(gardens_number: int) -> Iterator[str]:
    """A player at the terminal: Gardens, two players (one of them an AI), stormy weather on a
    small garden first (refused for stormy weather), then a large one; then the first move
    offered, again and again."""
    yield str(gardens_number)
    yield "2"
    yield "Ann"
    yield ""
    yield ""  # the AI's level: Normal
    yield "1"  # size: small
    yield "2"  # weather: stormy -> refused, asked again
    yield "2"  # size: large
    yield "2"  # weather: stormy
    yield "rules"
    yield "moves"
    while True:
        yield "#1"


async def test_a_whole_game_of_gardens_in_the_local_mode(tmp_path: Path) -> None:
    number = [engine.id for engine in games.all()].index("gardens") + 1
    script = answers(number)
    said: list[str] = []

    async def ask(prompt: str) -> str:
        said.append(prompt)
        return next(script)

    settings = Settings(local_database=str(tmp_path / "local.sqlite3"), local_images=str(tmp_path / "out"))
    await run(settings, ask=ask, say=said.append)

    text = "\n".join(said)
    assert "Stormy weather needs the large garden." in text
    assert "Plant a flower" in text, "the player is told what to decide"
    assert "Gardens" in text and "plant" in text
    assert text.count("The game is over") == 1
    for mark in ("**", "`", "/move", "/hand", "<t:", "<@"):
        assert mark not in text, f"{mark} is Discord's, not the terminal's"
    assert any(path.suffix == ".png" for path in (tmp_path / "out").iterdir()), "board images were written"
