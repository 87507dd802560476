"""What the AI tests of every game share: seeded games to take positions from,
whole games with AI seats, and the checks every AI must pass (legal moves,
the same move for the same state and seed, blind to what its seat cannot
see, stronger than its baselines).

Positions and games come from seeded generators, so every run checks the
same ones. Seats that must act at the same time are served as the strength
script serves them: the answering seats first, the seat whose turn it is
last.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping

from conformance_support import RandomPlayer

import ai
from ai import Chooser
from games.core import Action
from games.core import Engine
from games.core import State

#: Picks the move of a seat in a generated game: (state, seat, move number, rng) -> action.
Mover = Callable[[State, int, int, random.Random], Action]
#: A state differing from the given one only in what the seat cannot see; None: nothing to vary.
Resampler = Callable[[State, int, random.Random], "State | None"]
#: A game this long does not end.
LONGEST = 20_000


def serving_seat(engine: Engine, state: State) -> int:
    """The seat to serve next: an answering or discarding seat first, the seat whose turn it is last."""
    acting = engine.to_act(state)
    turn = engine.current_turn(state)
    answering = sorted(seat for seat in acting if seat != turn)
    return answering[0] if answering else min(acting)


def random_move(engine: Engine) -> Mover:
    """A uniform choice among the legal moves, drawn from the game's generator."""

    def move(state: State, seat: int, _number: int, rng: random.Random) -> Action:
        return rng.choice(engine.legal_actions(state, seat))

    return move


def positions(
    engine: Engine,
    players: int,
    seed: int,
    every: int = 5,
    options: Mapping[str, str] | None = None,
    mover: Mover | None = None,
) -> Iterator[tuple[State, int]]:
    """Every `every`-th position of a seeded game, with the seat to serve; random moves unless
    `mover` picks them."""
    rng = random.Random(seed)
    pick = mover or random_move(engine)
    state = engine.setup(players, seed, dict(options) if options else None)
    move = 0
    while engine.to_act(state):
        seat = serving_seat(engine, state)
        if move % every == 0:
            yield state, seat
        state = engine.apply(state, seat, pick(state, seat, move, rng))
        move += 1
        assert move < LONGEST, "the game does not end"


def play_out(
    engine: Engine,
    players: int,
    seed: int,
    seats: Mapping[int, Chooser],
    others: Chooser | None = None,
    options: Mapping[str, str] | None = None,
) -> State:
    """A whole seeded game: `seats[seat]` chooses for that seat, `others` (the conformance
    suite's random player when None) for the rest; each decision's seed is
    `seed * 1000 + move`. The end state."""
    randomly = RandomPlayer(engine, random.Random(seed))
    state = engine.setup(players, seed, dict(options) if options else None)
    move = 0
    while engine.to_act(state):
        seat = serving_seat(engine, state)
        choose = seats.get(seat, others)
        if choose is None:
            action = randomly.choose(state, seat, engine.legal_actions(state, seat))
        else:
            action = choose(state, seat, seed * 1000 + move)
        state = engine.apply(state, seat, action)
        move += 1
        assert move < LONGEST, "the game does not end"
    return state


def check_legal(engine: Engine, choose: Chooser, found: Iterable[tuple[State, int]], seed: int) -> int:
    """Every move chosen is one of the seat's legal moves; how many were checked."""
    checked = 0
    for state, seat in found:
        assert choose(state, seat, seed) in engine.legal_actions(state, seat)
        checked += 1
    return checked


def check_replays(engine: Engine, choose: Chooser, found: Iterable[tuple[State, int]], seed: int) -> int:
    """The same state and seed give the same move, also once saved and loaded; how many were checked."""
    checked = 0
    for state, seat in found:
        first = choose(state, seat, seed)
        assert choose(engine.loads(engine.dumps(state)), seat, seed) == first
        assert choose(state, seat, seed) == first
        checked += 1
    return checked


def check_blind(
    engine: Engine,
    choose: Chooser,
    found: Iterable[tuple[State, int]],
    resample: Resampler,
    rng: random.Random,
    seeds: Collection[int] = (0, 1),
) -> tuple[int, int]:
    """What the seat cannot see does not change its move: for each position a twin that differs
    only there (the same view) gets the same moves. (Positions compared, twins that differ.)"""
    compared = changed = 0
    for state, seat in found:
        twin = resample(state, seat, rng)
        if twin is None:
            continue
        assert engine.view(twin, seat) == engine.view(state, seat)
        changed += twin != state
        for seed in seeds:
            assert choose(twin, seat, seed) == choose(state, seat, seed)
        compared += 1
    return compared, changed


def check_registered(engine: Engine, choose: Chooser, state: State, seat: int) -> None:
    """The registry runs this AI for the game."""
    assert ai.has_ai(engine.id)
    assert ai.chooser(engine.id) is choose
    assert ai.choose(engine.id, state, seat, 5) == choose(state, seat, 5)


def results(
    engine: Engine,
    players: int,
    seeds: Iterable[int],
    choose: Chooser,
    others: Chooser | None = None,
    options: Mapping[str, str] | None = None,
) -> tuple[int, list[int], list[int]]:
    """Games with the AI in one seat (rotating with the seed) and `others` (random when None)
    elsewhere: (games it won, its scores, the other seats' scores)."""
    wins = 0
    mine: list[int] = []
    theirs: list[int] = []
    for seed in seeds:
        seat = seed % players
        outcome = engine.outcome(play_out(engine, players, seed, {seat: choose}, others, options))
        assert outcome is not None
        wins += seat in outcome.winners
        mine.append(outcome.scores[seat])
        theirs.extend(score for other, score in enumerate(outcome.scores) if other != seat)
    return wins, mine, theirs


def mean(values: Collection[int]) -> float:
    return sum(values) / len(values)
