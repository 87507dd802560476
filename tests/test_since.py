"""What a pinged player reads first: what the others did since they last acted, in one
short list whose newest turns (those that led to the decision asked for) are shown."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.history import Step
from bot.service.narrator import MAX_SINCE_LINES
from bot.service.narrator import Narrator
from games.core import Message


class Log:
    """Stands in for `Games`: seat 0 last moved at version 1; every later move ends a turn."""

    def __init__(self, others: int) -> None:
        self.steps = [
            Step(
                version,
                1 + version % 2,
                Message("undo.done", {"move": f"move {version}"}),
                None,
                ends_turn=True,
            )
            for version in range(2, 2 + others)
        ]

    async def last_move_version(self, game: Any, seat: int) -> int | None:
        return 1

    async def steps_after(self, game: Any, version: int) -> list[Step]:
        return [step for step in self.steps if step.version > version]


async def since(others: int) -> list[str]:
    narrator = Narrator(Log(others), None, None)  # type: ignore[arg-type]  # only the log is read
    game = SimpleNamespace(names=["Anna", "Bert", "Carl"], engine=None)
    lines, has_moved = await narrator.since(game, 0, "en")  # type: ignore[arg-type]
    assert has_moved
    return lines


def said(version: int) -> str:
    return f"▸ **{'Bert' if version % 2 == 0 else 'Carl'}**: Taken back: move {version}"


async def test_up_to_ten_turns_are_listed_whole() -> None:
    assert await since(MAX_SINCE_LINES) == [said(version) for version in range(2, 12)]


async def test_a_longer_list_shows_the_newest_ten_after_how_many_more_there_were() -> None:
    assert await since(11) == ["… 1 earlier turn not shown.", *map(said, range(3, 13))]
    assert await since(14) == ["… 4 earlier turns not shown.", *map(said, range(6, 16))]
