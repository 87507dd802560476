"""Every registered engine keeps the engine contract of `games.core`.

Thousands of seeded random games per engine (for an engine whose games last
thousands of moves, as many moves as the others' thousand games), spread over every player count
and every option combination `check_options` accepts (a *case*): most under
the light checks, a subset under the full ones (see `conformance_support`).
Plus the checks that need no game in progress: metadata, options and their
labels, texts and translations, setup arguments, determinism across seeds and
processes; and proof that the suite catches an engine that breaks the
contract (says a move reveals nothing when it does, offers an illegal quick
action, suggests what does not parse, skips a turn number...).
"""

from __future__ import annotations

import copy
import math
import os
import random
import re
import string
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from typing import ClassVar

import pytest
from conformance_support import ContractViolation
from conformance_support import RandomPlayer
from conformance_support import bare_game_digest
from conformance_support import check_option_rules
from conformance_support import impossible_saves
from conformance_support import new_game
from conformance_support import opening_fingerprint
from conformance_support import option_cases
from conformance_support import play

import games
from games.core import Action
from games.core import Engine
from games.core import Message
from games.core import Option
from games.core import State
from games.kit.engine import ModularEngine

#: Games per engine, spread evenly over its cases (player count and options)...
#: (Set so that the whole module runs in about four minutes of one core with
#: two engines registered; full checks cost ten to fifteen light ones.)
LIGHT_GAMES_PER_ENGINE = 1_000
FULL_GAMES_PER_ENGINE = 80
#: ...or fewer for an engine whose games are long: every engine gets about as many
#: checked moves as 1,000 (80) games of 150 moves, so a game of thousands of moves
#: (Catan's kind) does not take the suite's whole time.
LIGHT_MOVES_PER_ENGINE = 150_000
FULL_MOVES_PER_ENGINE = 12_000
#: Random games played to measure an engine's mean length.
LENGTH_SAMPLE = 4
#: ...but at least this many per case, however many cases an engine has (an engine whose
#: games are long: the budget's games shared out over its cases, at least two each).
LIGHT_GAMES_PER_CASE = 20
FULL_GAMES_PER_CASE = 4
#: Games per test case: small enough for a fair split over CI workers.
LIGHT_CHUNK = 50
FULL_CHUNK = 25
#: Full-check games use other seeds than light ones, so they add new games.
FULL_SEED_BASE = 1_000_000

ENGINES = games.all()
TESTS_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case:
    """One way to play an engine: a player count and the options `check_options` made."""

    engine: Engine
    players: int
    #: The complete options, in the engine's order.
    options: tuple[tuple[str, str], ...] = ()

    @property
    def chosen(self) -> dict[str, str]:
        return dict(self.options)

    def __str__(self) -> str:
        named = ",".join(f"{name}={value}" for name, value in self.options)
        return f"{self.engine.id}-{self.players}p" + (f"-{named}" if named else "")


@dataclass(frozen=True)
class Chunk:
    """A run of consecutive seeds for one case."""

    case: Case
    first_seed: int
    games: int

    def __str__(self) -> str:
        last = self.first_seed + self.games - 1
        return f"{self.case}-seeds{self.first_seed}-{last}"

    @property
    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.games)


def player_counts(engine: Engine) -> range:
    return range(engine.min_players, engine.max_players + 1)


def cases_of(engine: Engine) -> list[Case]:
    """Every player count with every option combination it accepts."""
    return [
        Case(engine, players, tuple(options.items()))
        for players in player_counts(engine)
        for options in option_cases(engine, players)
    ]


CASES = {engine.id: cases_of(engine) for engine in ENGINES}
ALL_CASES = [case for engine in ENGINES for case in CASES[engine.id]]


def mean_length(engine: Engine) -> float:
    """Moves in a random game of the engine, on average over a few seeded games of each case."""
    lengths = []
    for case in CASES[engine.id]:
        for seed in range(LENGTH_SAMPLE):
            chooser = random.Random(seed)
            player = RandomPlayer(engine, chooser)
            state = engine.setup(case.players, seed, case.chosen)
            moves = 0
            while acting := engine.to_act(state):
                seat = chooser.choice(sorted(acting))
                action = player.choose(state, seat, engine.legal_actions(state, seat))
                state = engine.apply(state, seat, action)
                moves += 1
            lengths.append(moves)
    return max(1.0, sum(lengths) / len(lengths))


MEAN_LENGTHS = {engine.id: mean_length(engine) for engine in ENGINES}


def games_per_engine(engine: Engine, most: int, moves: int) -> int:
    """`most` games, or as many as make about `moves` moves when the engine's games are long."""
    return min(most, math.ceil(moves / MEAN_LENGTHS[engine.id]))


#: Games longer than this (moves, on average) are long: one game per chunk, since one such
#: game under full checks is a minute's work, and chunks are what the test workers share out;
#: and they take the unusual seeds under light checks (their full checks cost minutes a
#: game, and the full games of `test_random_games` have them already).
LONG_GAME = 1_000


def chunks(most: int, moves: int, least_per_case: int, chunk_size: int, seed_base: int) -> list[Chunk]:
    """Split the games of each engine evenly over its cases, then into chunks."""
    found = []
    for engine in ENGINES:
        cases = CASES[engine.id]
        total_per_engine = games_per_engine(engine, most, moves)
        long = MEAN_LENGTHS[engine.id] > LONG_GAME
        per_chunk = 1 if long else chunk_size
        for number, case in enumerate(cases):
            if long:
                # Each game is a minute's work under full checks: the move budget's games,
                # shared out over the cases (the first ones one more), at least one each
                # (every case is played under light checks many times as well).
                share, extra = divmod(total_per_engine, max(1, len(cases)))
                per_case = max(1, share + (number < extra))
            else:
                per_case = max(least_per_case, math.ceil(total_per_engine / max(1, len(cases))))
            for start in range(0, per_case, per_chunk):
                size = min(per_chunk, per_case - start)
                found.append(Chunk(case, seed_base + start, size))
    return found


LIGHT_CHUNKS = chunks(LIGHT_GAMES_PER_ENGINE, LIGHT_MOVES_PER_ENGINE, LIGHT_GAMES_PER_CASE, LIGHT_CHUNK, 0)
FULL_CHUNKS = chunks(
    FULL_GAMES_PER_ENGINE, FULL_MOVES_PER_ENGINE, FULL_GAMES_PER_CASE, FULL_CHUNK, FULL_SEED_BASE
)
ENGINE_COUNTS = [(engine, players) for engine in ENGINES for players in player_counts(engine)]


def engine_id(engine: Engine) -> str:
    return engine.id


def count_id(case: tuple[Engine, int]) -> str:
    return f"{case[0].id}-{case[1]}p"


def test_there_are_engines_and_enough_games() -> None:
    assert ENGINES, "games.all() lists no engine"
    for engine in ENGINES:
        cases = CASES[engine.id]
        assert {case.players for case in cases} == set(player_counts(engine)), "a player count has no case"
        light = sum(c.games for c in LIGHT_CHUNKS if c.case.engine is engine)
        full = sum(c.games for c in FULL_CHUNKS if c.case.engine is engine)
        assert light >= games_per_engine(engine, LIGHT_GAMES_PER_ENGINE, LIGHT_MOVES_PER_ENGINE)
        assert full >= games_per_engine(engine, FULL_GAMES_PER_ENGINE, FULL_MOVES_PER_ENGINE)
        assert {c.case for c in LIGHT_CHUNKS if c.case.engine is engine} == set(cases)
        assert {c.case for c in FULL_CHUNKS if c.case.engine is engine} == set(cases)


#: Every chunk of random games, with whether it is played under the full checks.
GAME_CHUNKS = [(chunk, False) for chunk in LIGHT_CHUNKS] + [(chunk, True) for chunk in FULL_CHUNKS]
GAME_CHUNK_IDS = [f"{'full' if full else 'light'}-{chunk}" for chunk, full in GAME_CHUNKS]


@pytest.mark.slow
@pytest.mark.parametrize(("chunk", "full"), GAME_CHUNKS, ids=GAME_CHUNK_IDS)
def test_random_games(chunk: Chunk, full: bool) -> None:
    case = chunk.case
    for seed in chunk.seeds:
        play(case.engine, case.players, seed, full=full, options=case.chosen)


@pytest.mark.parametrize("case", ALL_CASES, ids=str)
def test_unusual_seeds(case: Case) -> None:
    full = MEAN_LENGTHS[case.engine.id] <= LONG_GAME
    # Zero, and the largest seeds (the generator takes 64 bits).
    for seed in (0, 2**63, 2**64 - 1):
        play(case.engine, case.players, seed, full=full, options=case.chosen)


#: Positions of random games at which each engine is asked for its impossible saves.
IMPOSSIBLE_POSITIONS = 60


@pytest.mark.parametrize("case", [CASES[engine.id][-1] for engine in ENGINES], ids=str)
def test_every_engine_makes_impossible_saves_its_loads_refuses(case: Case) -> None:
    """Each game changes saves of its own positions into well-formed ones of states its rules
    cannot produce (`Engine.impossible_saves`), and `loads` refuses each with a ValueError;
    every full game's damaged saves include them."""
    engine = case.engine
    game = new_game(engine, case.players, 0, options=case.chosen)
    chooser = random.Random(0)
    positions = []
    for seed in range(3):
        state = engine.setup(case.players, seed, case.chosen)
        while True:
            positions.append(state)
            if not (acting := engine.to_act(state)):
                break
            seat = chooser.choice(sorted(acting))
            state = engine.apply(state, seat, chooser.choice(engine.legal_actions(state, seat)))
    found: dict[str, int] = {}
    for state in chooser.sample(positions, min(IMPOSSIBLE_POSITIONS, len(positions))) + positions[-1:]:
        for what, text in impossible_saves(game, engine.dumps(state)):
            found[what] = found.get(what, 0) + 1
            with pytest.raises(ValueError):
                engine.loads(text)
    assert found, f"{engine.id} makes no impossible saves of {len(positions)} positions"


def test_engine_ids_are_unique_and_found() -> None:
    ids = [engine.id for engine in ENGINES]
    assert len(set(ids)) == len(ids), ids
    for engine in ENGINES:
        assert games.get(engine.id) is engine


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_engine_describes_itself(engine: Engine) -> None:
    assert isinstance(engine.id, str) and engine.id.strip()
    assert isinstance(engine.title, str) and engine.title.strip()
    assert isinstance(engine.min_players, int) and isinstance(engine.max_players, int)
    assert 1 <= engine.min_players <= engine.max_players
    assert isinstance(engine.options, tuple)
    assert all(isinstance(option, Option) for option in engine.options), engine.options
    names = [option.name for option in engine.options]
    assert len(set(names)) == len(names), f"options share a name: {names}"
    for option in engine.options:
        assert isinstance(option.name, str) and option.name.strip() == option.name != ""
        assert all(isinstance(choice, str) and choice.strip() == choice != "" for choice in option.choices)
    assert engine.texts, "an engine speaks only through its texts, so it needs some"
    assert all(isinstance(k, str) and k and isinstance(v, str) and v.strip() for k, v in engine.texts.items())


def placeholders(template: str) -> set[str]:
    """The `{name}` fields of a template (ValueError when its braces do not match)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_texts_and_translations_fit(engine: Engine) -> None:
    """Every translated key is an English one and keeps its placeholders; options and rules have texts."""
    texts = engine.texts
    for template in texts.values():
        placeholders(template)  # raises for unbalanced braces
    assert isinstance(engine.locales, Mapping)
    for lang, translated in engine.locales.items():
        assert isinstance(lang, str) and lang and lang != "en", lang
        strays = sorted(set(translated) - set(texts))
        assert not strays, f"{lang}: keys not in the English texts: {strays}"
        for key, template in translated.items():
            assert isinstance(template, str) and template.strip(), f"{lang}: {key} is empty"
            want, got = placeholders(texts[key]), placeholders(template)
            assert got == want, f"{lang}: {key} has the fields {sorted(got)}, the English {sorted(want)}"
    needed = [f"{engine.id}.rules"]
    for option in engine.options:
        needed.append(f"{engine.id}.option.{option.name}")
        needed += [f"{engine.id}.option.{option.name}.{choice}" for choice in option.choices]
    missing = [key for key in needed if key not in texts]
    assert not missing, f"texts lack {missing}"


@pytest.mark.parametrize("case", ENGINE_COUNTS, ids=count_id)
def test_check_options_keeps_its_contract(case: tuple[Engine, int]) -> None:
    engine, players = case
    accepted = check_option_rules(engine, players)
    assert accepted == option_cases(engine, players)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_setup_refuses_player_counts_out_of_range(engine: Engine) -> None:
    for players in sorted({-1, 0, engine.min_players - 1, engine.max_players + 1, engine.max_players + 10}):
        with pytest.raises(ValueError):
            engine.setup(players, seed=7)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_setup_refuses_unknown_options(engine: Engine) -> None:
    assert "no-such-option" not in {option.name for option in engine.options}
    players = engine.min_players
    with pytest.raises(ValueError):
        engine.setup(players, seed=7, options={"no-such-option": "on"})
    accepted = next(iter(option_cases(engine, players)), {})
    for option in engine.options:
        with pytest.raises(ValueError):
            engine.setup(players, seed=7, options={**accepted, option.name: "no-such-choice"})


@pytest.mark.parametrize("case", ALL_CASES, ids=str)
def test_same_seed_gives_the_same_game(case: Case) -> None:
    engine, players, options = case.engine, case.players, case.chosen
    for seed in range(5):
        first, second = engine.setup(players, seed, dict(options)), engine.setup(players, seed, dict(options))
        assert first == second
        assert engine.dumps(first) == engine.dumps(second)
        for viewer in (None, *range(players)):
            assert engine.view(first, viewer) == engine.view(second, viewer)
        # The whole game, twice, by its fingerprint (moves, states): the checks of every
        # step are the other tests' work.
        one = bare_game_digest(engine, players, seed, options)
        assert bare_game_digest(engine, players, seed, options) == one


@pytest.mark.parametrize("case", ALL_CASES, ids=str)
def test_different_seeds_give_different_games(case: Case) -> None:
    # Fifteen seeds: a seed that changes nothing shows in any few of them.
    seeds = range(100, 115)
    openings = {opening_fingerprint(case.engine, case.players, seed, options=case.chosen) for seed in seeds}
    # "Almost always": a rare coincidence is allowed, a seed that changes nothing is not.
    assert len(openings) >= len(seeds) - 2, f"only {len(openings)} different openings from {len(seeds)} seeds"


def test_games_do_not_depend_on_the_string_hash_seed() -> None:
    """A restarted bot replays the move log: the game may depend on nothing but seed, options and moves."""
    cases = [(case.engine.id, case.players, case.chosen, seed) for case in ALL_CASES for seed in (3, 4)]
    script = (
        "import sys\n"
        f"sys.path[:0] = [{str(TESTS_DIR.parent)!r}, {str(TESTS_DIR)!r}]\n"
        "import games\n"
        "from conformance_support import bare_game_digest, register_test_games\n"
        # The games this session registered, registered the same way in the child.
        "register_test_games()\n"
        f"for game_id, players, options, seed in {cases!r}:\n"
        "    print(bare_game_digest(games.get(game_id), players, seed, options))\n"
    )
    here = [bare_game_digest(games.get(name), count, seed, chosen) for name, count, chosen, seed in cases]
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False, timeout=300
        )
        assert done.returncode == 0, done.stderr
        there = done.stdout.split()
        differing = [case for case, a, b in zip(cases, here, there, strict=True) if a != b]
        assert not differing, f"with PYTHONHASHSEED={hash_seed} these games differ: {differing}"


def test_a_violation_names_how_to_reproduce_it() -> None:
    """The suite's own failure report carries engine, player count, options and seed."""
    engine = next((e for e in ENGINES if not e.options), None)
    if engine is not None:
        game = play(engine, engine.min_players, 5, full=False)
        with pytest.raises(ContractViolation, match=rf"{engine.id}, {engine.min_players} players, seed 5 "):
            game.fail("example")
    with_options = [case for case in ALL_CASES if case.options]
    if with_options:
        case = with_options[0]
        game = play(case.engine, case.players, 5, full=False, options=case.chosen)
        expected = f"{case.engine.id}, {case.players} players, options {case.chosen!r}, seed 5 "
        with pytest.raises(ContractViolation, match=re.escape(expected)):
            game.fail("example")


class Delegate(ModularEngine):
    """Plays by another engine's rules (its game's functions, called as the kit calls them), but
    keeps `Engine.reveals` as the contract defines it."""

    def __init__(self, inner: Engine) -> None:
        assert isinstance(inner, ModularEngine), f"{inner.id}: not an engine of the kit"
        self.inner = inner
        self._functions = inner._functions._replace(reveals=None)
        self.id, self.title = inner.id, inner.title
        self.min_players, self.max_players = inner.min_players, inner.max_players
        self.options, self.texts, self.locales = inner.options, inner.texts, inner.locales
        self.private_view_keys = inner.private_view_keys

    def check_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        return self.inner.check_options(players, options)


class SaysNothingIsRevealed(Delegate):
    """Claims every move may be taken back: draws, refills and game ends included."""

    def reveals(self, state: State, seat: int, action: Action) -> bool:
        return False


class AnswersVaguely(Delegate):
    """Answers `reveals` with something that is not a bool."""

    def reveals(self, state: State, seat: int, action: Action) -> bool:
        return None  # type: ignore[return-value]  # the wrong answer under test


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_the_contract_default_reveals_everything(engine: Engine) -> None:
    """An engine that does not answer `reveals` itself lets no move be taken back."""
    plain = Delegate(engine)
    state = plain.setup(engine.max_players, seed=7)
    for seat in plain.to_act(state):
        actions = plain.legal_actions(state, seat)
        assert actions
        assert all(plain.reveals(state, seat, action) is True for action in actions)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_a_move_said_to_reveal_nothing_that_does_is_caught(engine: Engine) -> None:
    liar = SaysNothingIsRevealed(engine)
    with pytest.raises(ContractViolation, match=r"is said to reveal nothing, but "):
        # Every game has hidden information that some move turns up; the first game shows it.
        for seed in range(3):
            play(liar, engine.max_players, seed, full=True)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_reveals_must_answer_with_a_bool(engine: Engine) -> None:
    with pytest.raises(ContractViolation, match=r"returned None, not a bool"):
        play(AnswersVaguely(engine), engine.min_players, 3, full=False)


# --- the checks of the contract's second part can fail ---------------------------------------------
# Each liar breaks one promise of Chinesische Mauer's engine; the suite must say so.

CM = "chinesische-mauer"


def chinesische_mauer() -> Engine:
    return games.get(CM)


class Liar(Delegate):
    """Breaks one promise: `problem` is what the checks must say about it, in full games
    (`full`: with the moves' reveals checked) or light ones."""

    problem: ClassVar[str]
    full: ClassVar[bool] = False


class KeepsTheRevealsAnswer(Delegate):
    """Answers `reveals` as the engine does, so that moves may reveal nothing."""

    def reveals(self, state: State, seat: int, action: Action) -> bool:
        return self.inner.reveals(state, seat, action)


class OffersAnIllegalButton(Liar):
    problem = r"quick_actions\(state, \d\) offers .*, not a legal action"

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        return [*self.inner.quick_actions(state, seat)[:19], ("not", "a", "move")]


class OffersAButtonTwice(Liar):
    problem = r"quick_actions\(state, \d\) offers .* twice"

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        legal = self.inner.legal_actions(state, seat)
        return legal[:1] * 2


class OffersTooManyButtons(Liar):
    problem = r"quick_actions\(state, \d\) offers 21 actions"

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        return (self.inner.legal_actions(state, seat) * 21)[:21]


class SuggestsNonsense(Liar):
    problem = r"suggests 'xyzzy plugh', which parse_action refuses"

    def suggest(self, state: State, seat: int, typed: str, limit: int) -> list[str]:
        return [*self.inner.suggest(state, seat, typed, limit)[: limit - 1], "xyzzy plugh"]


class SuggestsNothing(Liar):
    problem = r"leaves out the legal move typed in full"

    def suggest(self, state: State, seat: int, typed: str, limit: int) -> list[str]:
        return []


class SuggestsTooMuch(Liar):
    problem = r"suggest\(.*\) (repeats itself|returned 26 suggestions)"

    def suggest(self, state: State, seat: int, typed: str, limit: int) -> list[str]:
        found = self.inner.suggest(state, seat, typed, limit)
        return found + found[:1]


class SkipsATurn(Liar):
    problem = r"turn_number went from \d+ to \d+: it only ever rises by 1"

    def turn_number(self, state: State) -> int:
        return 2 * self.inner.turn_number(state)


class CountsTheEnd(Liar):
    problem = r"the move that ended the game changed turn_number"

    def turn_number(self, state: State) -> int:
        number = self.inner.turn_number(state)
        return number + 1 if self.inner.outcome(state) is not None else number


class NeverCounts(Liar):
    problem = r"current_turn passed from seat \d to seat \d but turn_number stayed 0"

    def turn_number(self, state: State) -> int:
        return 0


class PromptsInPlainText(Liar):
    problem = r"prompt\(state, \d\) is 'Your turn!', not a games.core.Message"

    def prompt(self, state: State, seat: int) -> Message:
        return "Your turn!"  # type: ignore[return-value]  # the wrong answer under test


class ShowsTheNeighboursHand(KeepsTheRevealsAnswer, Liar):
    """`/hand` tells a seat about the next seat's hand, which its view hides."""

    problem = r"private_summary\(state, \d\) tells seat \d something their view hides"
    full = True

    def private_summary(self, state: State, seat: int) -> Message | None:
        return self.inner.private_summary(state, (seat + 1) % state.players)


class AcceptsAnySeat(Liar):
    """Lets a seat that is not to act move for the one that is."""

    problem = r"\(a seat not to act\) was accepted"

    def apply(self, state: State, seat: int, action: Action) -> State:
        acting = self.inner.to_act(state)
        return self.inner.apply(state, min(acting) if acting and seat not in acting else seat, action)


class AcceptsAnyOption(Delegate):
    def check_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        return {}


class DropsAPlaceholder(Delegate):
    """A translation that loses a `{field}` of the English."""

    def __init__(self, inner: Engine) -> None:
        super().__init__(inner)
        key = next(key for key, text in inner.texts.items() if "{" in text)
        self.locales = {"de": {key: "ohne Platzhalter"}}


LIARS: list[type[Liar]] = [
    OffersAnIllegalButton,
    OffersAButtonTwice,
    OffersTooManyButtons,
    SuggestsNonsense,
    SuggestsNothing,
    SuggestsTooMuch,
    SkipsATurn,
    CountsTheEnd,
    NeverCounts,
    PromptsInPlainText,
    AcceptsAnySeat,
    ShowsTheNeighboursHand,
]


@pytest.mark.parametrize("liar", LIARS, ids=[liar.__name__ for liar in LIARS])
def test_a_broken_promise_of_part_two_is_caught(liar: type[Liar]) -> None:
    engine = liar(chinesische_mauer())
    with pytest.raises(ContractViolation, match=liar.problem):
        for seed in range(5):
            for players in player_counts(engine):
                play(engine, players, seed, full=liar.full)


class AcceptsTheImpossible(Delegate):
    """Says a save it loads without complaint is impossible: `loads` then accepts it."""

    def impossible_saves(self, saved: str) -> list[tuple[str, str]]:
        return [("nothing is wrong with it", saved)]


def test_an_impossible_save_that_loads_accepts_is_caught() -> None:
    with pytest.raises(ContractViolation, match=r"loads accepted an impossible save: nothing is wrong"):
        play(AcceptsTheImpossible(chinesische_mauer()), 2, 0, full=True)


class ShowsExtra(Delegate):
    """Adds `extra` to every view (a copy each time: views are fresh objects)."""

    extra: Any = None

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return {**self.inner.view(state, viewer), "extra": copy.deepcopy(self.extra)}


def shows(extra: Any) -> Engine:
    return type("Shows", (ShowsExtra,), {"extra": extra})(chinesische_mauer())  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ((1, 2), r"changes in a JSON round trip"),
        ({1: "one"}, r"changes in a JSON round trip"),
        ({"when": object()}, r"is not JSON"),
        (math.nan, r"is not JSON"),
        (math.inf, r"is not JSON"),
    ],
    ids=["tuple", "number key", "object", "nan", "infinity"],
)
def test_a_view_that_is_not_json_is_caught(extra: Any, problem: str) -> None:
    with pytest.raises(ContractViolation, match=problem):
        play(shows(extra), 2, 0, full=True)


def test_a_view_with_what_only_the_standard_librarys_json_takes_passes() -> None:
    """orjson refuses integers beyond 64 bits; the view's JSON is the standard library's."""
    play(shows({"big": 2**70, "list": [1, [2, {"three": None}]]}), 2, 0, full=True)


def test_check_options_that_accepts_anything_is_caught() -> None:
    with pytest.raises(ContractViolation, match=r"\(an unknown option\) was accepted"):
        check_option_rules(AcceptsAnyOption(chinesische_mauer()), 2)


def test_a_translation_that_drops_a_placeholder_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"de: .* has the fields \[\]"):
        test_texts_and_translations_fit(DropsAPlaceholder(chinesische_mauer()))
