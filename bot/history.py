"""A game's moves as turns: replayed from the log, or kept in memory as they happen.

The thread hears of a game one turn at a time (all the moves one seat made in
a row), and players are told what happened since they last acted. Both need
the moves in words, which takes the state before each move. Replaying the
whole log for that on every move would cost more than the move itself, so the
service keeps the newest moves in a `History`; after a restart, or when the
memory does not reach back far enough, the log is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.store import GameRow, MoveRow
from games.core import Engine, Message, State

__all__ = ["History", "Step", "Turn", "group_turns", "replay"]

#: How many of the newest moves a `History` keeps once they have been announced.
KEPT_STEPS = 80


@dataclass(frozen=True)
class Step:
    """One move: the version it made, who made it, in words, and the state after it."""

    version: int
    seat: int
    description: Message
    state: State


@dataclass(frozen=True)
class Turn:
    """The moves one seat made in a row, and the state after them."""

    seat: int
    descriptions: tuple[Message, ...]
    state: State
    last_version: int
    complete: bool


@dataclass
class History:
    """The newest moves of one game, in order, starting after version `base`."""

    base: int
    steps: list[Step] = field(default_factory=list)

    @property
    def end(self) -> int:
        return self.steps[-1].version if self.steps else self.base

    def covers(self, since: int, version: int) -> bool:
        """Whether every move after `since` up to `version` is here."""
        return self.base <= since and self.end == version

    def add(self, before: int, step: Step) -> History:
        """This history with `step` appended, or a fresh one if a move is missing between."""
        if self.end != before:
            return History(before, [step])
        self.steps.append(step)
        return self

    def trim(self, announced: int) -> None:
        """Forget old moves, but never those not yet announced."""
        keep = max(len(self.steps) - KEPT_STEPS, 0)
        while keep > 0 and self.steps[0].version <= announced:
            self.base = self.steps.pop(0).version
            keep -= 1

    def after(self, version: int) -> list[Step]:
        return [step for step in self.steps if step.version > version]


def replay(engine: Engine, row: GameRow, moves: Sequence[MoveRow]) -> tuple[State, list[Step]]:
    """The starting state and every move as a step, from seed and log."""
    if row.seed is None:
        raise ValueError(f"game {row.id} has no seed")
    start = engine.setup(len(row.seats), row.seed, row.options or None)
    state = start
    steps: list[Step] = []
    for move in moves:
        action = engine.parse_action(state, move.seat, move.action)
        description = engine.describe(state, move.seat, action)
        state = engine.apply(state, move.seat, action)
        steps.append(Step(move.version, move.seat, description, state))
    return start, steps


def group_turns(engine: Engine, steps: Sequence[Step], since_version: int = 0) -> list[Turn]:
    """Consecutive moves of one seat form a turn; the last may still be going on."""
    steps = [step for step in steps if step.version > since_version]
    turns: list[Turn] = []
    current: list[Message] = []
    for index, step in enumerate(steps):
        current.append(step.description)
        over = not engine.to_act(step.state)
        turn_ends = over or engine.current_turn(step.state) != step.seat
        if index + 1 < len(steps):
            turn_ends = turn_ends or steps[index + 1].seat != step.seat
        if turn_ends:
            turns.append(Turn(step.seat, tuple(current), step.state, step.version, True))
            current = []
    if current:
        last = steps[-1]
        turns.append(Turn(last.seat, tuple(current), last.state, last.version, False))
    return turns
