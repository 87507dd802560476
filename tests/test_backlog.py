"""The background work kept by key (`bot.service.backlog`): one task a key, once more when
kicked meanwhile, failed work tried again after a wait that doubles."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.backlog import RETRY_FIRST
from bot.service.backlog import RETRY_LONGEST
from bot.service.backlog import Backlog
from bot.service.backlog import backoff


class Steps:
    """A key's work that records its passes and waits for `go` in each."""

    def __init__(self) -> None:
        self.done: list[int] = []
        self.go = asyncio.Event()
        self.go.set()

    async def __call__(self, key: int) -> None:
        await self.go.wait()
        self.done.append(key)


async def test_a_kick_while_the_work_runs_runs_it_once_more() -> None:
    steps = Steps()
    backlog = Backlog("game", steps)
    steps.go.clear()
    backlog.kick(1)
    await asyncio.sleep(0)
    assert backlog.in_hand(1) and not backlog.in_hand(2)
    backlog.kick(1)
    backlog.kick(1)
    backlog.kick(2)
    steps.go.set()
    await backlog.settled(1)
    await backlog.settled(2)
    assert sorted(steps.done) == [1, 1, 2]
    assert not backlog.tasks and not backlog.in_hand(1)
    backlog.kick(1)
    await backlog.settled(1)
    assert steps.done.count(1) == 3


async def test_failed_work_is_tried_again_once_after_its_wait() -> None:
    steps = Steps()
    backlog = Backlog("league", steps)
    backlog.retry(4, 0.01)
    backlog.retry(4, 0.03)  # a retry waits already: this one is not made
    assert backlog.in_hand(4) and not backlog.tasks
    await asyncio.sleep(0.08)
    await backlog.settled(4)
    assert steps.done == [4]
    assert not backlog.in_hand(4)


async def test_at_shutdown_the_waits_to_try_again_are_cancelled() -> None:
    steps = Steps()
    backlog = Backlog("game", steps)
    backlog.retry(7, 0.02)
    backlog.stop_retrying()
    await asyncio.sleep(0.05)
    assert steps.done == []


@pytest.mark.parametrize(
    ("failures", "wait"),
    [(1, RETRY_FIRST), (2, 2 * RETRY_FIRST), (3, 4 * RETRY_FIRST), (8, RETRY_LONGEST), (40, RETRY_LONGEST)],
)
def test_the_wait_doubles_with_each_failure_up_to_the_longest(failures: int, wait: float) -> None:
    assert backoff(failures) == wait
