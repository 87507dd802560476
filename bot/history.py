"""A game's moves as turns: replayed from the log, or kept in memory as they happen.

The thread hears of a game one turn at a time (all the moves one seat made in
a row), and players are told what happened since they last acted. Both need
the moves in words, which takes the state before each move. Replaying the
whole log for that on every move would cost more than the move itself, so the
service keeps the newest moves in a `History`; after a restart, or when the
memory does not reach back far enough, the log is replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from functools import cached_property
from functools import partial

from bot.store import GameRow
from bot.store import MoveRow
from games.core import Action
from games.core import Engine
from games.core import Message
from games.core import State

__all__ = [
    "History",
    "Step",
    "Told",
    "Turn",
    "asked_before",
    "group_turns",
    "made_for_person",
    "new_turn",
    "obligation_start",
    "replay",
    "step",
    "told",
    "words",
]

#: What a move says to one seat beyond its public words (`Engine.private_description`).
Told = Callable[[int], Message | None]

#: How many of the newest moves a `History` keeps once they have been announced.
KEPT_STEPS = 80


@dataclass(frozen=True)
class Step:
    """One move: the version it made, who made it, in words, and the state after it.

    `words`: the move in words, or how to say it (a replay puts off the
    engine's `describe` until the words are read: most of its steps are only
    searched for obligations). `ends_turn`: a new turn began with it (or the
    game ended), as the engine's `turn_number` says. `entered`: the seats that
    became obliged to decide with it (they are pinged, and their deadlines
    start at `version`). `told`: what the move says to one seat only, if anything.
    `secret`: the move of a seat asked privately (`Engine.hidden_acting`) while the
    question stays open, told to nobody (the move that closes it tells every answer);
    `shown_as`: the seat a post names for the move, when not its own (a seat asked
    privately goes unnamed: its move counts as the turn's).
    """

    version: int
    seat: int
    words: Message | Callable[[], Message] = field(repr=False)
    state: State
    ends_turn: bool = False
    entered: frozenset[int] = frozenset()
    told: Told | None = field(default=None, repr=False)
    #: Whether the service made the move for a person, as their only one (`Engine.forced`),
    #: or how to find out (a replay puts it off like the words).
    forced: bool | Callable[[], bool] = field(default=False, repr=False)
    secret: bool = False
    shown_as: int | None = None

    @property
    def named(self) -> int:
        """The seat a post names for this move."""
        return self.seat if self.shown_as is None else self.shown_as

    @cached_property
    def description(self) -> Message:
        return self.words if isinstance(self.words, Message) else self.words()

    @cached_property
    def made_for_them(self) -> bool:
        """Whether the seat's person did not choose this move: the service made it for them."""
        return self.forced if isinstance(self.forced, bool) else self.forced()


def last_own_move(steps: Sequence[Step], seat: int) -> int | None:
    """The version of the newest move in `steps` that the seat chose itself (a move the
    service made for a person without asking is none of theirs: they never saw what came
    before it). None when there is none in `steps`."""
    own = (item.version for item in reversed(steps) if item.seat == seat and not item.made_for_them)
    return next(own, None)


def new_turn(engine: Engine, before: State, after: State) -> bool:
    """Whether a move from `before` to `after` began a new turn (or ended the game)."""
    if not engine.to_act(after):
        return True
    number_before, number_after = engine.turn_number(before), engine.turn_number(after)
    if number_before == -1 or number_after == -1:
        # The engine keeps no count: every change of whose turn it is counts.
        return engine.current_turn(before) != engine.current_turn(after)
    return number_before != number_after


def step(
    engine: Engine,
    version: int,
    seat: int,
    description: Message | Callable[[], Message],
    before: State,
    after: State,
    private: Told | None = None,
    forced: bool | Callable[[], bool] = False,
) -> Step:
    """The step of a move, with the turn it ended and the seats it obliged."""
    ends = new_turn(engine, before, after)
    acting = engine.to_act(after)
    entered = acting if ends else acting - engine.to_act(before)
    asked = engine.hidden_acting(before)
    if seat not in asked:
        return Step(version, seat, description, after, ends, entered, private, forced)
    secret = bool(engine.hidden_acting(after))
    return Step(
        version,
        seat,
        description,
        after,
        ends,
        entered,
        private,
        forced,
        secret=secret,
        shown_as=engine.current_turn(before),
    )


def told(engine: Engine, before: State, seat: int, action: Action | str) -> Told:
    """What the move (an action, or its notation) says to each seat beyond its public words,
    worked out only when a seat reads it."""
    if isinstance(action, str):
        action = engine.parse_action(before, seat, action)
    return partial(engine.private_description, before, seat, action)


@dataclass(frozen=True)
class Turn:
    """The moves one seat made in a row, and the state after them."""

    seat: int
    descriptions: tuple[Message, ...]
    state: State
    last_version: int
    complete: bool
    #: Who made each of the moves (other seats may answer during a turn).
    seats: tuple[int, ...] = ()
    #: What each move says to one seat only (`Step.told`).
    private: tuple[Told | None, ...] = ()

    def words_for(self, viewer: int) -> tuple[Message, ...]:
        """The moves in words as `viewer` may read them: its own facts where a move has some."""
        if not self.private:
            return self.descriptions
        return tuple(
            (said(viewer) if said is not None else None) or public
            for public, said in zip(self.descriptions, self.private, strict=True)
        )


@dataclass
class History:
    """The newest moves of one game, in order, starting after version `base`."""

    base: int
    steps: list[Step] = field(default_factory=list)

    @property
    def end(self) -> int:
        return self.steps[-1].version if self.steps else self.base

    def covers(self, since: int, version: int) -> bool:
        """Whether every move after `since` up to `version` is here (newer ones may follow:
        a game read before its latest move is still served from memory)."""
        return self.base <= since and version <= self.end

    def reaches(self, version: int) -> bool:
        """Whether the moves up to `version` are here, back to `base`."""
        return self.base <= version <= self.end

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

    def after(self, version: int, until: int | None = None) -> list[Step]:
        """The moves after `version` (up to `until`, when given)."""
        return [
            step for step in self.steps if step.version > version and (until is None or step.version <= until)
        ]

    def until(self, version: int) -> list[Step]:
        """The moves up to `version`."""
        return [step for step in self.steps if step.version <= version]


def replay(
    engine: Engine, row: GameRow, moves: Sequence[MoveRow], *, words_later: bool = False
) -> tuple[State, list[Step]]:
    """The starting state and every move as a step, from seed and log.

    A log written in an older notation than the engine's (`row.notation_version`)
    has each move upgraded (`Engine.upgrade_notation`) before it is read; one
    written in a newer notation cannot be read by this engine: ValueError.
    `words_later`: each move is put in words only when its description is first
    read (half the cost of a replay, for the service's, which read few); else
    at once (a replay made in a worker process returns its words with it).
    """
    if row.seed is None:
        raise ValueError(f"game {row.id} has no seed")
    written_in = row.notation_version
    if written_in > engine.notation_version:
        raise ValueError(
            f"game {row.id}'s moves are in notation {written_in}, newer than "
            f"{engine.id}'s {engine.notation_version}"
        )
    # A game keeps the options it began with, also those added to its engine since.
    start = engine.setup(len(row.seats), row.seed, engine.stored_options(len(row.seats), row.options))
    state = start
    steps: list[Step] = []
    for move in moves:
        text = move.action
        if written_in < engine.notation_version:
            text = engine.upgrade_notation(text, written_in)
        action = engine.parse_action(state, move.seat, text)
        description: Message | Callable[[], Message]
        by_person = not row.seats[move.seat].is_ai
        if words_later:
            description = partial(words, engine, state, move.seat, action, by_person=by_person)
        else:
            description = words(engine, state, move.seat, action, by_person=by_person)
        after = engine.apply(state, move.seat, action)
        private = told(engine, state, move.seat, action)
        forced = partial(made_for_person, engine, state, move.seat, action, by_person=by_person)
        steps.append(step(engine, move.version, move.seat, description, state, after, private, forced))
        state = after
    return start, steps


def words(engine: Engine, state: State, seat: int, action: Action, *, by_person: bool) -> Message:
    """A move in words, as the thread heard it: a person's only possible move, which the
    service made for them (`Robots.run`), says so."""
    if made_for_person(engine, state, seat, action, by_person=by_person):
        return engine.describe_forced(state, seat, action)
    return engine.describe(state, seat, action)


def made_for_person(engine: Engine, state: State, seat: int, action: Action, *, by_person: bool) -> bool:
    """Whether a person's move in `state` was one the service made for them because it was
    their only one (`Engine.forced`)."""
    return by_person and engine.forced(state, seat) == action


def group_turns(engine: Engine, steps: Sequence[Step], since_version: int = 0) -> list[Turn]:
    """The moves of each turn (by every seat that acted in it); the last may still be going on.

    A turn's seat is the one that made its first move; `steps` should begin
    at the start of a turn (after `since_version`).
    """
    turns: list[Turn] = []
    current: list[Step] = []
    for item in steps:
        if item.version <= since_version:
            continue
        current.append(item)
        if item.ends_turn:
            turns.append(_turn(current, True))
            current = []
    if current:
        turns.append(_turn(current, False))
    return turns


def _turn(steps: list[Step], complete: bool) -> Turn:
    last = steps[-1]
    told = [item for item in steps if not item.secret] or steps[:1]
    return Turn(
        told[0].named,
        tuple(item.description for item in told if not item.secret),
        last.state,
        last.version,
        complete,
        tuple(item.named for item in told if not item.secret),
        tuple(item.told for item in told if not item.secret),
    )


def asked_before(engine: Engine, steps: Sequence[Step], seat: int, began: int) -> bool:
    """Whether `seat` was asked privately (`Engine.hidden_acting`) earlier in the turn that
    `steps` end in than its obligation of version `began`."""
    for item in reversed(steps):
        if item.version < began and seat in item.entered and seat in engine.hidden_acting(item.state):
            return True
        if item.ends_turn:
            # The move that began this turn: nothing before it belongs to the turn.
            return False
    return False


def obligation_start(steps: Sequence[Step], seat: int) -> int | None:
    """The version at which `seat`'s current obligation began, if `steps` reach back to it."""
    for item in reversed(steps):
        if seat in item.entered:
            return item.version
    return None
