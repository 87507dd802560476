"""The conformance checks every engine in `games.all()` must pass.

A seeded random player plays whole games and checks the engine contract of
`games.core.Engine` at every step. Nothing here knows a particular game: the
checks use only the contract. Two levels exist:

- *light* checks, cheap enough for thousands of games: whose turn it is, the
  legal actions of every seat and whether each reveals anything, the turn
  number, the prompt of every acting seat, out-of-turn and stale actions
  refused, the chosen move's notation and description, the outcome, a
  replay from seed, options and notations; and at every fourth position the
  acting seat's quick actions, summaries and suggestions for the chosen
  move's notation;
- *full* checks, for a smaller number of games: everything light does, plus
  save/load round trips, damaged saves, every view, the notation and the
  description of every legal action, garbage notation, objects that are no
  actions, the quick actions and suggestions (for a legal move's notation, and
  for nothing typed, its first word or garbage) of every acting seat, none
  for the others, the summaries of every seat, proof that `apply` and
  `reveals` leave their input untouched, and proof that a move said to
  reveal nothing does not, and that no summary tells a seat what its view
  hides (`conformance_reveals`).

The turn number (`Engine.turn_number`) is checked as the contract states it:
an int at every position; -1 at every position of a game (the state keeps no
count) or else 0 at the start, never falling, rising by exactly 1 when it
rises, and rising whenever `current_turn` passes to another seat while the
game goes on. When the game ends it keeps its last value: the move that ends
the game begins no new turn (nobody is to move afterwards), so the final
state has the number of the position before that move.

Several seats may have to act at once; the random player picks one of them,
and the next position lists the legal actions of every seat again, so a move
by one acting seat that breaks the others' `legal_actions` is caught there.

A game is played with options: the result of `check_options(players,
chosen)`, given to `setup` and to the replay. `option_cases` lists the
accepted option combinations of a player count; `check_option_rules` checks
`check_options` itself.

Moves are chosen by one RNG and probes by another, so a seed gives the same
game under light and full checks. A failure names engine, player count,
options, seed and move number; `play(games.get(id), players, seed, full=True,
options=...)` reproduces it.

Failure texts are built only when a check fails: the checks run millions of
times and most of their cost would otherwise be `repr`.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import random
import re
import string
from collections import ChainMap
from collections import Counter
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import NamedTuple
from typing import NoReturn

import orjson
from conformance_reveals import ChangeKey
from conformance_reveals import check_reveals_nothing

from games.core import CORE_TEXTS
from games.core import MAX_QUICK_ACTIONS
from games.core import Action
from games.core import Engine
from games.core import IllegalAction
from games.core import Message
from games.core import Outcome
from games.core import Player
from games.core import State
from games.core import english

__all__ = [
    "GARBAGE_NOTATION",
    "MAX_MOVES",
    "NOT_ACTIONS",
    "NOT_IN_RANGE",
    "SUGGESTION_LIMIT",
    "ContractViolation",
    "Game",
    "Move",
    "Probed",
    "QuietMove",
    "RandomPlayer",
    "bare_game_digest",
    "check_message",
    "check_option_rules",
    "check_outcome",
    "check_views",
    "expect_illegal",
    "impossible_saves",
    "new_game",
    "opening_fingerprint",
    "option_cases",
    "play",
    "register_test_games",
]

#: A game that has not ended after this many moves is taken to loop forever.
MAX_MOVES = 20_000
#: The random player tires of a long turn: after this many moves of one seat in one turn
#: it presses only the engine's buttons (`quick_actions`) where there are any. Without it,
#: a game with moves that cost nothing and may be made again and again (Catan: Cheops's
#: offers, as many a turn as a player likes) would hardly ever end a turn.
TIRED_AFTER = 6


@dataclass
class RandomPlayer:
    """The seeded random player: any legal move, until a seat tires of its turn."""

    engine: Engine
    chooser: random.Random
    #: The turn (its number and whose it is) and each seat's moves in it so far.
    turn: tuple[int, int | None] | None = None
    moves: Counter[int] = field(default_factory=Counter)

    def choose(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        turn = (self.engine.turn_number(state), self.engine.current_turn(state))
        if turn != self.turn:
            self.turn, self.moves = turn, Counter()
        self.moves[seat] += 1
        if self.moves[seat] > TIRED_AFTER:
            quick = self.engine.quick_actions(state, seat)
            if quick:
                return self.chooser.choice(quick)
        return self.chooser.choice(list(legal))


#: Text no move notation may accept: empty, blank, random words, unicode,
#: JSON-looking text and very long strings.
GARBAGE_NOTATION: tuple[str, ...] = (
    "",
    " ",
    "\t\n  \r",
    "xyzzy",
    "plugh frobnicate quux",
    "drop table games;",
    "-1",
    "987654321",
    "🐉🐉🐉",
    "Ωmega ☃ straße",
    "\x00",
    "null",
    "{}",
    "[1, 2]",
    "a" * 10_000,
    "9" * 5_000,
    "zq " * 3_000,
)

#: What replaces a number in a legal move's notation: a number out of range
#: in any board game, one too long for `int()`, and no number at all.
NOT_IN_RANGE: tuple[str, ...] = ("987654321", "9" * 5_000, "zz")

#: Objects that are not actions of any engine (an engine chooses its action
#: type, so one equal to a legal action is skipped at that position).
NOT_ACTIONS: tuple[Any, ...] = (
    None,
    3.5,
    10**20,
    b"bytes",
    "garbage-action",
    (),
    ("garbage", -1),
    frozenset({"garbage"}),
    ["a", "list"],
    {"a": "dict"},
)

#: How many suggestions the checks ask for (Discord's autocomplete shows 25).
SUGGESTION_LIMIT = 25

#: How many legal actions of earlier positions a full game keeps to retry.
_POOL_SIZE = 400
#: Full checks try damaged saves, and changing a view, on the first position
#: and then every so often.
_DAMAGE_EVERY = 16
_FRESH_VIEW_EVERY = 8
#: Refusals tried per seat and position under full checks: a sample, since
#: over a game each kind is tried many times anyway.
_GARBAGE_PER_POSITION = 3
_NOT_ACTIONS_PER_POSITION = 3
_STALE_PER_POSITION = 3
_OUT_OF_TURN_PER_SEAT = 2
_NUMBER_CHANGES_PER_POSITION = 2
_ENGLISH_READ_PER_POSITION = 3
#: Of a position's moves in another language, one in this many is read back.
_LOCAL_READ_EVERY = 4

#: Light checks ask for quick actions, suggestions and summaries at every
#: this many positions (a game's seed shifts which), since they cost as much
#: as the rest of a light check; full checks ask at every position.
_LIGHT_HELPERS_EVERY = 4

#: Messages that passed `check_message` (engines say the same things again
#: and again), and how many to keep before starting afresh.
_GOOD_MESSAGES: set[tuple[str, int, str]] = set()
_GOOD_MESSAGES_KEPT = 100_000

_NUMBER = re.compile(r"\d+")
_RANDOM_TEXT = string.ascii_letters + string.digits + string.punctuation + " "
_MISSING = object()

#: Where a failure text is expensive, checks pass a function that builds it.
Said = str | Callable[[], str]
#: Who sees a view: a seat, or None for the spectator.
Viewer = int | None


class Probed(NamedTuple):
    """What the full checks of a position keep: its save, the state loaded
    back from the save, and every viewer's view."""

    saved: str
    twin: State
    views: dict[Viewer, Any]


class QuietMove(NamedTuple):
    """A move said to reveal nothing, with what the full checks kept of the position before it."""

    state: State
    seat: int
    action: Action
    before: Probed


class ContractViolation(AssertionError):
    """An engine broke the contract; the message says where and how."""


class Move(NamedTuple):
    """One move as the move log keeps it."""

    seat: int
    action: Action
    notation: str


@dataclass
class Game:
    """One game under test: what it is, its two RNGs and its moves so far."""

    engine: Engine
    players: int
    seed: int
    full: bool
    chooser: random.Random
    prober: random.Random
    #: What `check_options` made of the chosen options: what `setup` was given.
    options: dict[str, str] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    #: The turn number and `current_turn` of the position checked last.
    last_turn: tuple[int, int | None] | None = None
    #: Kinds of save changes that hid something from some viewer, and how
    #: often other kinds were of no use (see `conformance_reveals`).
    probe_hits: set[ChangeKey] = field(default_factory=set)
    probe_misses: Counter[ChangeKey] = field(default_factory=Counter)
    #: The save text last parsed there, and its JSON.
    last_parsed: tuple[str, Any] = ("", None)

    def fail(self, problem: Said) -> NoReturn:
        recent = "; ".join(f"seat {m.seat}: {m.notation!r}" for m in self.moves[-3:])
        level = "full" if self.full else "light"
        options = f"options {self.options!r}, " if self.options else ""
        raise ContractViolation(
            f"{self.engine.id}, {self.players} players, {options}seed {self.seed} ({level} checks), "
            f"after {len(self.moves)} moves [{recent}]: {_said(problem)}"
        )

    def check(self, condition: bool, problem: Said) -> None:
        if not condition:
            self.fail(problem)

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """An engine call that must not raise: a crash is a violation."""
        try:
            return function(*args)
        except Exception as error:
            self.fail(f"{_show_call(function, args)} raised {type(error).__name__}: {error}")


def _said(text: Said) -> str:
    return text if isinstance(text, str) else text()


def _show_call(function: Callable[..., Any], args: Sequence[Any]) -> str:
    """An engine call for a failure text, with the state left out."""
    name = getattr(function, "__name__", "call")
    shown = [_short(arg) for arg in args]
    if name not in {"setup", "loads"} and shown:
        shown[0] = "state"
    return f"{name}({', '.join(shown)})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}…({len(text)} characters)"


def new_game(
    engine: Engine, players: int, seed: int, *, full: bool = False, options: Mapping[str, str] | None = None
) -> Game:
    """A game to check, with its options completed by `check_options` (which must accept them)."""
    chosen = dict(options or {})
    try:
        complete = engine.check_options(players, chosen)
    except Exception as error:
        raise ContractViolation(
            f"{engine.id}, {players} players, seed {seed}: check_options({players}, {chosen!r}) "
            f"raised {type(error).__name__}: {error}; play only options it accepts"
        ) from error
    if not isinstance(complete, dict):
        raise ContractViolation(f"{engine.id}: check_options returned {complete!r}, not a dict")
    name = f"{engine.id}:{players}:{seed}"
    if complete:
        # A game without options keeps the name (and so the moves) it always had.
        name += ":" + ",".join(f"{key}={value}" for key, value in sorted(complete.items()))
    return Game(
        engine,
        players,
        seed,
        full,
        random.Random(f"choose:{name}"),
        random.Random(f"probe:{name}"),
        dict(complete),
    )


def play(
    engine: Engine, players: int, seed: int, *, full: bool, options: Mapping[str, str] | None = None
) -> Game:
    """Play one seeded random game to its end, checking the contract throughout.

    `options` are the chosen ones; `setup` and the replay get what
    `check_options` makes of them (the defaults, when None).
    """
    game = new_game(engine, players, seed, full=full, options=options)
    state = game.call(engine.setup, players, seed, dict(game.options))
    pool: dict[Action, None] = {}
    quiet: QuietMove | None = None
    player = RandomPlayer(engine, game.chooser)
    for step in range(MAX_MOVES):
        legal = _check_position(game, state)
        if not legal:
            break
        seat = game.chooser.choice(sorted(legal))
        action = player.choose(state, seat, legal[seat])
        probed = None
        if full:
            probed = _probe_fully(game, state, legal, pool, step)
            _remember(pool, [a for actions in legal.values() for a in actions])
            if quiet is not None:
                check_reveals_nothing(game, *quiet, probed)
        else:
            _probe_lightly(game, state, legal, seat, action)
        revealing = _check_reveals(game, state, legal, seat, action)
        notation = _check_chosen(game, state, seat, action)
        if not full and (step + game.seed) % _LIGHT_HELPERS_EVERY == 0:
            _check_helpers_lightly(game, state, seat, legal[seat], notation)
        after = _apply_checked(game, state, seat, action, probed)
        # Checked at the next position, whose save and views the full checks make anyway.
        quiet = None if probed is None or revealing else QuietMove(state, seat, action, probed)
        state = after
        game.moves.append(Move(seat, action, notation))
    else:
        game.fail(f"no outcome after {MAX_MOVES} moves")
    final = _check_final(game, state, pool)
    if quiet is not None and final is not None:
        check_reveals_nothing(game, *quiet, final)
    _check_replay(game, state)
    return game


def bare_game_digest(
    engine: Engine, players: int, seed: int, options: Mapping[str, str] | None = None
) -> str:
    """A fingerprint of the game the seeded random player plays, without checks.

    Equal digests in processes with different string hash seeds show that the
    game (moves offered, their order, the states) depends on nothing but its
    seed, its options and its actions.
    """
    game = new_game(engine, players, seed, options=options)
    chooser = game.chooser
    player = RandomPlayer(engine, chooser)
    state = engine.setup(players, seed, dict(game.options))
    trail = hashlib.sha256()
    for _ in range(MAX_MOVES):
        acting = sorted(engine.to_act(state))
        if not acting:
            break
        seat = chooser.choice(acting)
        action = player.choose(state, seat, engine.legal_actions(state, seat))
        trail.update(f"{seat}:{engine.format_action(state, action)}\n".encode())
        state = engine.apply(state, seat, action)
    trail.update(engine.dumps(state).encode())
    return trail.hexdigest()


def opening_fingerprint(
    engine: Engine, players: int, seed: int, moves: int = 30, options: Mapping[str, str] | None = None
) -> str:
    """Every view along the first moves of a game played by a fixed policy.

    Games with different seeds should (almost always) differ here; saves are
    not compared since they may differ only in the seed they store.
    """
    state = engine.setup(players, seed, engine.check_options(players, dict(options or {})))
    seen: list[Any] = []
    for _ in range(moves):
        seen.append([engine.view(state, viewer) for viewer in (None, *range(players))])
        acting = sorted(engine.to_act(state))
        if not acting:
            break
        state = engine.apply(state, acting[0], engine.legal_actions(state, acting[0])[0])
    return json.dumps(seen, sort_keys=True)


# --- every position ----------------------------------------------------------------------------


def _check_position(game: Game, state: State) -> dict[int, list[Action]]:
    """Whose turn it is and what they may do; returns the legal actions of each acting seat."""
    engine = game.engine
    acting = game.call(engine.to_act, state)
    outcome = game.call(engine.outcome, state)
    if not isinstance(acting, frozenset):
        game.fail(f"to_act returned {type(acting).__name__}, not a frozenset")
    if bool(acting) == (outcome is not None):
        game.fail(
            f"to_act is {sorted(acting)} while the outcome is {outcome!r}: someone acts until an outcome"
        )
    if not acting <= frozenset(range(game.players)):
        game.fail(f"to_act names seats that do not exist: {sorted(acting)}")
    turn = game.call(engine.current_turn, state)
    if (turn not in range(game.players)) if acting else (turn is not None):
        game.fail(f"current_turn is {turn!r} while to_act is {sorted(acting)}")
    legal: dict[int, list[Action]] = {}
    for seat in range(game.players):
        actions = game.call(engine.legal_actions, state, seat)
        if not isinstance(actions, list):
            game.fail(f"legal_actions returned {type(actions).__name__}, not a list")
        if seat not in acting:
            if actions:
                game.fail(f"seat {seat} is not to act but has legal actions {actions[:5]!r}")
            continue
        if not actions:
            game.fail(f"seat {seat} must act but has no legal action")
        if len(set(actions)) != len(actions):
            game.fail(f"the legal actions of seat {seat} repeat: {actions!r}")
        legal[seat] = actions
    _check_turn_number(game, state, turn, over=not acting)
    for seat in legal:
        check_message(game, game.call(engine.prompt, state, seat), f"prompt(state, {seat})")
    return legal


def _check_turn_number(game: Game, state: State, turn: int | None, *, over: bool) -> None:
    """The turn number as the module docstring states it, from the previous position to this one."""
    number = game.call(game.engine.turn_number, state)
    if type(number) is not int:
        game.fail(f"turn_number returned {number!r}, not an int")
    previous, game.last_turn = game.last_turn, (number, turn)
    if previous is None:
        if number not in (-1, 0):
            game.fail(f"turn_number starts at {number}, not at 0 (or -1: the state keeps no count)")
        return
    before, turn_before = previous
    if (before == -1) != (number == -1):
        game.fail(
            f"turn_number went from {before} to {number}: -1 (no count) holds for every position or none"
        )
    if number == -1:
        return
    if over:
        if number != before:
            game.fail(
                f"the move that ended the game changed turn_number from {before} to {number}: "
                "when the game ends it keeps its last value"
            )
        return
    if number not in (before, before + 1):
        game.fail(f"turn_number went from {before} to {number}: it only ever rises by 1")
    if number == before and turn != turn_before:
        game.fail(
            f"current_turn passed from seat {turn_before} to seat {turn} but turn_number stayed {number}"
        )


def _check_chosen(game: Game, state: State, seat: int, action: Action) -> str:
    """The chosen move's notation and description; returns the notation."""
    notation = _notation(game, state, action)
    description = game.call(game.engine.describe, state, seat, action)
    check_message(game, description, lambda: f"describe({notation!r})")
    return notation


def _notation(game: Game, state: State, action: Action) -> str:
    notation = game.call(game.engine.format_action, state, action)
    if not isinstance(notation, str) or not notation.strip():
        game.fail(f"the notation of {action!r} is {notation!r}")
    return notation


def _check_helpers_lightly(
    game: Game, state: State, seat: int, actions: Sequence[Action], notation: str
) -> None:
    """The acting seat's quick actions, its summaries, and suggestions for the chosen move."""
    legal_now = set(actions)
    _check_quick_actions(game, state, seat, legal_now)
    _check_suggestions(game, state, seat, legal_now, notation, exact=True)
    _check_summaries(game, state, seat)


def _check_helpers(game: Game, state: State, seat: int, actions: Sequence[Action]) -> None:
    """Quick actions and suggestions of an acting seat: for a legal move's notation, and for
    one of nothing typed, its first word, or garbage."""
    legal_now = set(actions)
    _check_quick_actions(game, state, seat, legal_now)
    notation = _notation(game, state, game.prober.choice(list(actions)))
    random_text = "".join(game.prober.choices(_RANDOM_TEXT, k=game.prober.randint(3, 12)))
    garbage = game.prober.choice((*GARBAGE_NOTATION, random_text))
    _check_suggestions(game, state, seat, legal_now, notation, exact=True)
    typed = game.prober.choice(("", notation.split()[0], garbage))
    _check_suggestions(game, state, seat, legal_now, typed, exact=False)


def _check_offers_nothing(game: Game, state: State, seat: int) -> None:
    """A seat with no legal action gets no quick action and no suggestion."""
    quick = game.call(game.engine.quick_actions, state, seat)
    if quick != []:
        game.fail(f"seat {seat} has no legal action but quick_actions offers {_short(quick)}")
    for typed in ("", "a"):
        found = game.call(game.engine.suggest, state, seat, typed, SUGGESTION_LIMIT)
        if found != []:
            game.fail(f"seat {seat} has no legal action but suggest({typed!r}) offers {_short(found)}")


def _check_quick_actions(game: Game, state: State, seat: int, legal_now: set[Action]) -> None:
    """At most `MAX_QUICK_ACTIONS` distinct legal actions of that seat."""
    quick = game.call(game.engine.quick_actions, state, seat)
    if not isinstance(quick, list):
        game.fail(f"quick_actions(state, {seat}) returned {type(quick).__name__}, not a list")
    if len(quick) > MAX_QUICK_ACTIONS:
        game.fail(f"quick_actions(state, {seat}) offers {len(quick)} actions, more than {MAX_QUICK_ACTIONS}")
    for number, action in enumerate(quick):
        try:
            known = action in legal_now
        except TypeError:  # unhashable, so certainly not a legal action
            known = False
        if not known:
            game.fail(
                f"quick_actions(state, {seat}) offers {_short(action)}, not a legal action of seat {seat}"
            )
        if action in quick[:number]:
            game.fail(f"quick_actions(state, {seat}) offers {_short(action)} twice")


def _check_suggestions(
    game: Game, state: State, seat: int, legal_now: set[Action], typed: str, *, exact: bool
) -> None:
    """At most `SUGGESTION_LIMIT` distinct texts, each the notation of a legal action of that
    seat; when `typed` is the exact notation of a legal action (`exact`), it is among them."""
    engine = game.engine
    found = game.call(engine.suggest, state, seat, typed, SUGGESTION_LIMIT)
    asked = f"suggest(state, {seat}, {_short(typed)}, {SUGGESTION_LIMIT})"
    if not isinstance(found, list):
        game.fail(f"{asked} returned {type(found).__name__}, not a list")
    if len(found) > SUGGESTION_LIMIT:
        game.fail(f"{asked} returned {len(found)} suggestions")
    if len(set(map(_as_key, found))) != len(found):
        game.fail(f"{asked} repeats itself: {_short(found)}")
    for text in found:
        if not isinstance(text, str):
            game.fail(f"{asked} suggests {text!r}, not text")
        try:
            parsed = engine.parse_action(state, seat, text)
        except Exception as error:
            game.fail(
                f"{asked} suggests {text!r}, which parse_action refuses ({type(error).__name__}: {error})"
            )
        try:
            known = parsed in legal_now
        except TypeError:
            known = False
        if not known:
            game.fail(f"{asked} suggests {text!r}, which reads as {_short(parsed)}, not a legal action")
    if exact and typed not in found:
        game.fail(f"{asked} leaves out the legal move typed in full: {_short(found)}")


def _as_key(value: Any) -> Any:
    """A value to count as distinct: itself, or its repr when it cannot be hashed."""
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def _check_summaries(game: Game, state: State, seat: int) -> None:
    """`private_summary` and `seat_summary` are None or proper messages."""
    engine = game.engine
    for summary in (engine.private_summary, engine.seat_summary):
        said = game.call(summary, state, seat)
        if said is not None:
            check_message(game, said, f"{summary.__name__}(state, {seat})")


def _check_reveals(
    game: Game, state: State, legal: Mapping[int, list[Action]], seat: int, action: Action
) -> bool:
    """`reveals` answers True or False for every legal action; returns its answer for the chosen one."""
    reveals = game.engine.reveals
    for acting, actions in legal.items():
        try:
            answers = [reveals(state, acting, candidate) for candidate in actions]
        except Exception:
            # Find the action it fails on, for the report.
            for candidate in actions:
                game.call(reveals, state, acting, candidate)
            raise
        # Asked at every position of thousands of games: the usual case in one quick look.
        if set(map(type, answers)) != {bool}:
            for candidate, answer in zip(actions, answers, strict=True):
                if type(answer) is not bool:
                    game.fail(f"reveals(state, {acting}, {candidate!r}) returned {answer!r}, not a bool")
    return reveals(state, seat, action)


def _apply_checked(game: Game, state: State, seat: int, action: Action, probed: Probed | None) -> State:
    """Apply a legal action; given the state's save, prove the input state unchanged (by
    `reveals` too, asked about it before)."""
    engine = game.engine
    after = game.call(engine.apply, state, seat, action)
    if probed is not None:
        if engine.dumps(state) != probed.saved:
            game.fail(f"reveals or apply of {action!r} changed its input state (its save differs)")
        if state != probed.twin:
            game.fail(f"reveals or apply of {action!r} changed its input state (no longer equal to its save)")
    return after


def _probe_lightly(
    game: Game, state: State, legal: Mapping[int, list[Action]], seat: int, action: Action
) -> None:
    """Cheap refusals: one seat out of turn, one earlier move that is not legal now."""
    engine = game.engine
    waiting = [other for other in range(game.players) if other not in legal]
    if waiting:
        expect_illegal(game, "a seat not to act", engine.apply, state, game.prober.choice(waiting), action)
    if game.moves:
        old = game.prober.choice(game.moves).action
        if old not in legal[seat]:
            expect_illegal(game, "an action not legal now", engine.apply, state, seat, old)


def _probe_fully(
    game: Game, state: State, legal: Mapping[int, list[Action]], pool: Mapping[Action, None], step: int
) -> Probed:
    """Every full check of one running position; none may change it. Returns its save and views."""
    engine = game.engine
    saved = game.call(engine.dumps, state)
    twin = _check_round_trip(game, state, saved)
    if step % _DAMAGE_EVERY == 0:
        _check_damaged_saves(game, saved)
    views = check_views(game, state)
    if step % _FRESH_VIEW_EVERY == 0:
        _check_view_is_fresh(game, state, game.prober.choice([None, *range(game.players)]))
    every_legal = [a for actions in legal.values() for a in actions]
    for seat, actions in legal.items():
        _check_notations(game, state, seat, actions)
        _check_garbage(game, state, seat, actions)
        _check_foreign_actions(game, state, seat, actions, pool)
        _check_helpers(game, state, seat, actions)
    for other in range(game.players):
        _check_summaries(game, state, other)
        if other not in legal:
            _check_offers_nothing(game, state, other)
            for action in game.prober.sample(every_legal, min(_OUT_OF_TURN_PER_SEAT, len(every_legal))):
                expect_illegal(game, "a seat not to act", engine.apply, state, other, action)
    for seat in (-1, game.players):
        expect_illegal(game, "no such seat", engine.apply, state, seat, game.prober.choice(every_legal))
    if engine.dumps(state) != saved:
        game.fail("refused input, views, descriptions, prompts, summaries or suggestions changed the state")
    return Probed(saved, twin, views)


def _check_notations(game: Game, state: State, seat: int, actions: Sequence[Action]) -> None:
    """Distinct notations that parse back, in English and in each of the game's languages (where
    the English one reads too); a proper description of every action."""
    engine = game.engine
    english: dict[str, Action] = {}
    for action in actions:
        notation = _notation(game, state, action)
        _check_notation_reads(game, state, seat, action, notation, None, english)
        description = game.call(engine.describe, state, seat, action)
        check_message(game, description, f"describe({notation!r})")
    for locale in engine.locales:
        written: dict[str, Action] = {}
        for number, action in enumerate(english.values()):
            local = game.call(engine.format_action, state, action, locale)
            if not isinstance(local, str) or not local.strip():
                game.fail(f"the {locale} notation of {action!r} is {local!r}")
            if local in written:
                game.fail(f"{action!r} and {written[local]!r} share the {locale} notation {local!r}")
            written[local] = action
            # Every move is written; some, spread over the list, are read back (a parse costs
            # as much as the rest of the position's checks): over thousands of positions every
            # kind of move is read in every language.
            if number % _LOCAL_READ_EVERY == game.seed % _LOCAL_READ_EVERY:
                parsed = game.call(engine.parse_action, state, seat, local, locale)
                if parsed != action:
                    game.fail(f"{local!r} ({locale}) parses to {parsed!r}, not {action!r}")
        # English is read in every language; a few moves a position show it (each costs a parse).
        for notation, action in list(english.items())[:_ENGLISH_READ_PER_POSITION]:
            if game.call(engine.parse_action, state, seat, notation, locale) != action:
                game.fail(f"in {locale}, the English {notation!r} does not read as {action!r}")


def _check_notation_reads(
    game: Game,
    state: State,
    seat: int,
    action: Action,
    text: str,
    locale: str | None,
    seen: dict[str, Action],
) -> None:
    """`text`, the notation of `action` in `locale`, is no other action's and reads back as `action`."""
    if text in seen:
        game.fail(f"{action!r} and {seen[text]!r} share the {locale or 'English'} notation {text!r}")
    seen[text] = action
    parsed = game.call(game.engine.parse_action, state, seat, text, locale)
    if parsed != action:
        game.fail(f"{text!r} ({locale or 'English'}) parses to {parsed!r}, not {action!r}")


def _check_garbage(game: Game, state: State, seat: int, actions: Sequence[Action]) -> None:
    """Garbage text, and legal notation with a number made unusable, are refused."""
    engine = game.engine
    random_text = "".join(game.prober.choices(_RANDOM_TEXT, k=game.prober.randint(6, 24)))
    for text in (*game.prober.sample(GARBAGE_NOTATION, _GARBAGE_PER_POSITION), random_text):
        expect_illegal(game, "garbage notation", engine.parse_action, state, seat, text)
    legal_now = set(actions)
    for action in game.prober.sample(list(actions), min(_NUMBER_CHANGES_PER_POSITION, len(actions))):
        notation = engine.format_action(state, action)
        for number in _NUMBER.finditer(notation):
            for replacement in NOT_IN_RANGE:
                text = notation[: number.start()] + replacement + notation[number.end() :]
                _expect_unusable_notation(game, state, seat, text, legal_now)


def _expect_unusable_notation(game: Game, state: State, seat: int, text: str, legal_now: set[Action]) -> None:
    """Parsing may check syntax only; then `apply` must refuse what it read."""
    engine = game.engine
    try:
        parsed = engine.parse_action(state, seat, text)
    except IllegalAction as refusal:
        check_message(game, refusal.message, lambda: f"the refusal of parse_action({_short(text)})")
        return
    except Exception as error:
        game.fail(f"parse_action({_short(text)}) raised {type(error).__name__}: {error}")
    if parsed in legal_now:
        game.fail(f"the notation {_short(text)} reads as the legal {parsed!r}")
    expect_illegal(game, f"read from {_short(text)}", engine.apply, state, seat, parsed)


def _check_foreign_actions(
    game: Game, state: State, seat: int, actions: Sequence[Action], pool: Mapping[Action, None]
) -> None:
    """Actions of earlier positions and objects that are no actions are refused."""
    engine = game.engine
    legal_now = set(actions)
    stale = [old for old in pool if old not in legal_now]
    for old in game.prober.sample(stale, min(_STALE_PER_POSITION, len(stale))):
        expect_illegal(game, "an action not legal now", engine.apply, state, seat, old)
    for thing in game.prober.sample(NOT_ACTIONS, _NOT_ACTIONS_PER_POSITION):
        try:
            if thing in legal_now:
                continue
        except TypeError:  # unhashable, so certainly not a legal action
            pass
        expect_illegal(game, "not an action", engine.apply, state, seat, thing)


def _check_round_trip(game: Game, state: State, saved: str) -> State:
    """`loads` gives back an equal state that saves to the same text; returns it."""
    engine = game.engine
    if not isinstance(saved, str):
        game.fail(f"dumps returned {type(saved).__name__}, not text")
    loaded = game.call(engine.loads, saved)
    if loaded != state:
        game.fail("loads(dumps(state)) != state")
    if engine.dumps(loaded) != saved:
        game.fail("dumps(loads(dumps(state))) != dumps(state)")
    return loaded


def _check_damaged_saves(game: Game, saved: str) -> None:
    """Truncated, non-JSON, wrong-version, incomplete and mistyped saves raise ValueError; so do
    the well-formed saves of states the rules cannot produce that the game itself makes of
    this one (`Engine.impossible_saves`)."""
    try:
        data = json.loads(saved)
    except ValueError:
        game.fail("dumps is not JSON")
    game.check(isinstance(data, dict), "dumps is not a JSON object")
    game.check("version" in data, f"dumps has no 'version' field: {sorted(data)}")
    damaged: list[tuple[str, str]] = [
        ("half of the text", saved[: len(saved) // 2]),
        ("the text without its last character", saved[:-1]),
        ("plain words", "this is not a saved game"),
        ("empty text", ""),
        ("a JSON list", "[]"),
        ("JSON null", "null"),
        ("another version", json.dumps({**data, "version": 987_654})),
        ("the version as text", json.dumps({**data, "version": str(data["version"])})),
    ]
    for name, value in data.items():
        rest = {k: v for k, v in data.items() if k != name}
        damaged.append((f"a save without the field {name!r}", json.dumps(rest)))
        wrong = [value] if isinstance(value, str) else "☃ not a valid value"
        damaged.append((f"a save with {name!r} of the wrong type", json.dumps({**data, name: wrong})))
    damaged += impossible_saves(game, saved)
    for what, text in damaged:
        try:
            game.engine.loads(text)
        except ValueError:
            continue
        except Exception as error:
            game.fail(f"loads of {what} raised {type(error).__name__} ({error}), not ValueError")
        game.fail(f"loads accepted {what}")


def impossible_saves(game: Game, saved: str) -> list[tuple[str, str]]:
    """The engine's impossible saves made of `saved`, checked to be what the contract says:
    pairs of a description and a save whose format and version are `saved`'s."""
    found = game.call(game.engine.impossible_saves, saved)
    game.check(isinstance(found, list), lambda: f"impossible_saves returned {_short(found)}, not a list")
    head = json.loads(saved)
    for item in found:
        shown = _short(item)
        good = isinstance(item, tuple) and len(item) == 2 and all(isinstance(part, str) for part in item)
        game.check(good, f"impossible_saves gave {shown}, not (what, save text)")
        what, text = item
        game.check(bool(what.strip()), "impossible_saves gave a save without saying what is wrong with it")
        try:
            data = json.loads(text)
        except ValueError:
            game.fail(f"impossible_saves gave {what!r} as text that is not JSON")
        same = isinstance(data, dict) and all(data.get(k) == head.get(k) for k in ("format", "version"))
        game.check(same, f"impossible_saves gave {what!r} with another format or version")
    return [(f"an impossible save: {what}", text) for what, text in found]


def _check_final(game: Game, state: State, pool: Mapping[Action, None]) -> Probed | None:
    """The ended game: an outcome; under full checks also saves, views and refusals.
    Under full checks returns its save and views."""
    engine = game.engine
    check_outcome(game, game.call(engine.outcome, state))
    if not game.full:
        return None
    saved = engine.dumps(state)
    twin = _check_round_trip(game, state, saved)
    _check_damaged_saves(game, saved)
    views = check_views(game, state)
    for seat in range(game.players):
        _check_summaries(game, state, seat)
        _check_offers_nothing(game, state, seat)
    for old in game.prober.sample(list(pool), min(5, len(pool))):
        expect_illegal(
            game, "the game is over", engine.apply, state, game.prober.randrange(game.players), old
        )
    if engine.dumps(state) != saved:
        game.fail("refused input or views changed the final state")
    return Probed(saved, twin, views)


def _check_replay(game: Game, final: State) -> None:
    """Seed plus the notations of the move log rebuild the final state exactly."""
    engine = game.engine
    state = game.call(engine.setup, game.players, game.seed, dict(game.options))
    for number, move in enumerate(game.moves, 1):
        action = game.call(engine.parse_action, state, move.seat, move.notation)
        if action != move.action:
            game.fail(f"replay: move {number} {move.notation!r} reads as {action!r}, not {move.action!r}")
        state = game.call(engine.apply, state, move.seat, action)
    if engine.dumps(state) != engine.dumps(final):
        game.fail("replaying seed and notations ends in another state")
    if state != final:
        game.fail("replaying seed and notations ends in an unequal state")


def _remember(pool: dict[Action, None], actions: Sequence[Action]) -> None:
    for action in actions:
        pool.pop(action, None)
        pool[action] = None
    while len(pool) > _POOL_SIZE:
        del pool[next(iter(pool))]


# --- options -----------------------------------------------------------------------------------


def option_cases(engine: Engine, players: int) -> list[dict[str, str]]:
    """Every option combination `check_options` accepts for that many players, completed.

    Tried: the defaults (`{}`) and every combination of every option's
    choices; each accepted one appears once, as `check_options` returned it,
    the defaults first. A crash counts as a refusal here (`check_option_rules`
    reports it).
    """
    found: list[dict[str, str]] = []
    for chosen in _combinations(engine):
        try:
            complete = engine.check_options(players, chosen)
        except Exception:
            continue
        if isinstance(complete, dict) and complete not in found:
            found.append(complete)
    return found


def _combinations(engine: Engine) -> list[dict[str, str]]:
    """The defaults (`{}`), then every combination of every option's choices."""
    names = [option.name for option in engine.options]
    every = itertools.product(*(option.choices for option in engine.options))
    combined = [dict(zip(names, values, strict=True)) for values in every]
    return [{}, *(chosen for chosen in combined if chosen)]


def check_option_rules(engine: Engine, players: int) -> list[dict[str, str]]:
    """`check_options` for that many players keeps its contract; returns `option_cases`.

    The defaults are accepted or refused with `IllegalAction`; at least one
    combination is accepted; an accepted one comes back complete (exactly the
    declared names, each value one of its choices, every chosen value kept)
    and unchanged when checked again; an unknown name or value is refused with
    `IllegalAction` and a proper message; a refused combination likewise.
    """
    # A game only to report through (the options are what is being checked).
    name = f"{engine.id}:{players}:options"
    game = Game(engine, players, 0, False, random.Random(f"choose:{name}"), random.Random(f"probe:{name}"))
    declared = {option.name: option.choices for option in engine.options}
    names = list(declared)
    accepted: list[dict[str, str]] = []
    for chosen in _combinations(engine):
        asked = f"check_options({players}, {chosen!r})"
        try:
            complete = engine.check_options(players, dict(chosen))
        except IllegalAction as refusal:
            check_message(game, refusal.message, f"the refusal of {asked}")
            continue
        except Exception as error:
            game.fail(f"{asked} raised {type(error).__name__} ({error}), not IllegalAction")
        if not isinstance(complete, dict):
            game.fail(f"{asked} returned {complete!r}, not a dict")
        if sorted(complete) != sorted(names):
            game.fail(f"{asked} returned the options {sorted(complete)}, not the declared {sorted(names)}")
        for name, value in complete.items():
            if value not in declared[name]:
                game.fail(f"{asked} chose {value!r} for {name!r}, not one of {declared[name]}")
        for name, value in chosen.items():
            if complete[name] != value:
                game.fail(f"{asked} changed the chosen {name}={value!r} to {complete[name]!r}")
        again = game.call(engine.check_options, players, dict(complete))
        if again != complete:
            game.fail(f"{asked} returned {complete!r}, but checking that again gives {again!r}")
        if complete not in accepted:
            accepted.append(complete)
    if not accepted:
        game.fail(f"check_options accepts no combination of options for {players} players")
    wrong: list[tuple[str, dict[str, str]]] = [("an unknown option", {"no-such-option": "on"})]
    wrong += [("an unknown choice", {**accepted[0], name: "no-such-choice"}) for name in names]
    for why, chosen in wrong:
        expect_illegal(game, why, engine.check_options, players, chosen)
    return accepted


def register_test_games() -> None:
    """Register the games that live in the test suite (Gardens, in `tests/gardens`), when present.

    The test session does this once (`conftest.py`); a child process that
    must know the same games (the string-hash-seed test) does it too.
    """
    try:
        # Found on the tests' path (`tests/gardens`), which is not a package of the project.
        gardens = importlib.import_module("gardens")
    except ModuleNotFoundError as missing:
        if missing.name != "gardens":
            raise
        return
    gardens.register()


# --- checks shared with single tests -----------------------------------------------------------


def expect_illegal(game: Game, why: str, attempt: Callable[..., Any], *args: Any) -> None:
    """`attempt(*args)` must raise IllegalAction (`why` says why) with a proper message."""
    try:
        attempt(*args)
    except IllegalAction as refusal:
        check_message(game, refusal.message, lambda: f"the refusal of {_show_call(attempt, args)} ({why})")
        return
    except Exception as error:
        game.fail(
            f"{_show_call(attempt, args)} ({why}) raised {type(error).__name__} ({error}), not IllegalAction"
        )
    game.fail(f"{_show_call(attempt, args)} ({why}) was accepted")


def check_message(game: Game, message: Any, what: Said) -> None:
    """A Message whose key (and nested keys) the engine's texts define, with its English default.

    The default must be exactly what the engine's English template gives for
    these parameters, so the text catalogue and the default never disagree.
    """
    seen = (game.engine.id, game.players, repr(message))
    if seen in _GOOD_MESSAGES:
        return
    _check_new_message(game, message, what)
    if len(_GOOD_MESSAGES) > _GOOD_MESSAGES_KEPT:
        _GOOD_MESSAGES.clear()
    _GOOD_MESSAGES.add(seen)


def _check_new_message(game: Game, message: Any, what: Said) -> None:
    # An engine may speak in the core's keys too (option refusals, the generic prompt).
    texts: Mapping[str, str] = ChainMap(dict(game.engine.texts), dict(CORE_TEXTS))
    if not isinstance(message, Message):
        game.fail(f"{_said(what)} is {message!r}, not a games.core.Message")
    key = message.key
    if not isinstance(key, str) or not key:
        game.fail(f"{_said(what)} has the empty key {key!r}")
    if key not in texts:
        game.fail(f"{_said(what)} uses the key {key!r}, which the engine's texts lack")
    if not isinstance(message.default, str) or not message.default.strip():
        game.fail(f"{_said(what)} ({key}) has no English default")
    for name, value in message.params.items():
        if isinstance(value, Message):
            check_message(game, value, f"{_said(what)}: parameter {name!r} of {key}")
        elif isinstance(value, Player) and value.seat not in range(game.players):
            game.fail(
                f"{_said(what)}: parameter {name!r} of {key} names seat {value.seat}, which does not exist"
            )
        elif not isinstance(value, (str, int, Player)):
            game.fail(f"{_said(what)}: parameter {name!r} of {key} is {value!r}, not a message parameter")
    try:
        expected = english(texts, key, **message.params).default
    except (KeyError, IndexError, ValueError) as error:
        game.fail(f"{_said(what)}: the template of {key} does not fit {sorted(message.params)}: {error!r}")
    if message.default != expected:
        game.fail(f"{_said(what)} ({key}) says {message.default!r}, but its template gives {expected!r}")


def check_outcome(game: Game, outcome: Any) -> None:
    """Scores and ranks per seat; ranks follow (score, tiebreak); winners are the rank-1 seats."""
    seats = range(game.players)
    game.check(isinstance(outcome, Outcome), f"the ended game's outcome is {outcome!r}")
    for name in ("scores", "ranks"):
        values = getattr(outcome, name)
        game.check(len(values) == game.players, f"outcome {name} {values!r} is not one per seat")
        game.check(all(isinstance(v, int) for v in values), f"outcome {name} {values!r} are not all integers")
    for name in ("tiebreak", "details"):
        values = getattr(outcome, name)
        game.check(len(values) in (0, game.players), f"outcome {name} {values!r} is not one per seat")
    game.check(
        sorted(outcome.ranking) == list(seats), f"outcome ranking {outcome.ranking} is not every seat once"
    )
    game.check(bool(outcome.winners), "the outcome has no winner")
    game.check(outcome.winners <= set(seats), f"winners {sorted(outcome.winners)} are not all seats")
    game.check(
        outcome.winners == {s for s in seats if outcome.ranks[s] == 1},
        f"winners {sorted(outcome.winners)} are not the seats of rank 1 (ranks {outcome.ranks})",
    )

    def merit(seat: int) -> tuple[int, int]:
        return outcome.scores[seat], (outcome.tiebreak[seat] if outcome.tiebreak else 0)

    for a in seats:
        for b in seats:
            if merit(a) > merit(b):
                game.check(
                    outcome.ranks[a] < outcome.ranks[b],
                    f"seat {a} {merit(a)} does not rank above seat {b} {merit(b)}: ranks {outcome.ranks}",
                )
            elif merit(a) == merit(b):
                game.check(
                    outcome.ranks[a] == outcome.ranks[b],
                    f"seats {a} and {b} tie at {merit(a)} but rank {outcome.ranks[a]} and {outcome.ranks[b]}",
                )
    in_order = [outcome.ranks[s] for s in outcome.ranking]
    game.check(in_order == sorted(in_order), f"the ranking {outcome.ranking} is not best first")
    if outcome.ending is not None:
        # Why the game ended, said under "The game is over.": the game's words in every language.
        check_message(game, outcome.ending, "the outcome's ending")
    try:
        json.dumps(outcome.to_json(), allow_nan=False)
    except (TypeError, ValueError) as error:
        game.fail(f"the outcome is not JSON-ready: {error}")


def check_views(game: Game, state: State) -> dict[Viewer, Any]:
    """Every view is JSON; the spectator sees no hand; seats differ only in declared private keys.

    An engine declares `private_view_keys` (games.core.Engine): the top-level
    view keys where a seat's view may differ from the spectator's. Returns
    the views, the spectator's under None.
    """
    spectator = _json_view(game, state, None)
    views: dict[Viewer, Any] = {None: spectator}
    game.check("hand" not in spectator, "the spectator view contains a 'hand'")
    private = game.engine.private_view_keys
    for seat in range(game.players):
        own = _json_view(game, state, seat)
        for key in (set(own) | set(spectator)) - set(private):
            game.check(
                own.get(key, _MISSING) == spectator.get(key, _MISSING),
                f"seat {seat}'s view differs from the spectator's at {key!r}, not a private view key",
            )
        views[seat] = own
    return views


def _survives_orjson(value: Any) -> bool:
    """Whether `value` comes back equal from a JSON round trip through orjson.

    The full checks take every view through a JSON round trip at every step, and
    the standard library's takes three times as long. Where orjson's round trip
    gives the value back, the standard library's does too (what orjson encodes
    differently comes back different: NaN as null, tuples as lists, dataclasses
    and dates as objects and strings); where it does not, or orjson refuses the
    value (keys that are not strings, integers beyond 64 bits), the standard
    library gives the verdict and its reason.
    """
    try:
        return bool(orjson.loads(orjson.dumps(value)) == value)
    except (orjson.JSONEncodeError, orjson.JSONDecodeError):
        return False


def _json_view(game: Game, state: State, viewer: int | None) -> dict[str, Any]:
    """The view, checked to be JSON that survives a round trip unchanged."""
    view = game.call(game.engine.view, state, viewer)
    game.check(isinstance(view, dict), f"the view for {viewer} is {type(view).__name__}, not a dict")
    if _survives_orjson(view):
        return dict(view)
    try:
        text = json.dumps(view, allow_nan=False)
    except (TypeError, ValueError) as error:
        game.fail(f"the view for {viewer} is not JSON: {error}")
    game.check(
        json.loads(text) == view,
        f"the view for {viewer} changes in a JSON round trip (tuples or non-string keys?)",
    )
    return dict(view)


def _check_view_is_fresh(game: Game, state: State, viewer: int | None) -> None:
    """The bot adds keys (display names) to a view before rendering, so each
    view must be a new object, not one the engine keeps using."""
    view = game.engine.view(state, viewer)
    text = json.dumps(view)
    _scribble(view)
    game.check(
        json.dumps(game.engine.view(state, viewer)) == text,
        f"changing a view for {viewer} changed the next one",
    )


def _scribble(value: Any) -> None:
    """Add an entry to every dict and list inside a view."""
    if isinstance(value, dict):
        for inner in list(value.values()):
            _scribble(inner)
        value["scribbled"] = True
    elif isinstance(value, list):
        for inner in value:
            _scribble(inner)
        value.append("scribbled")
