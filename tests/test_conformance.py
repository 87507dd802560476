"""Every registered engine keeps the engine contract of `games.core`.

Thousands of seeded random games per engine, at every player count: most
under the light checks, a subset under the full ones (see
`conformance_support`). Plus the checks that need no game in progress:
metadata, setup arguments, determinism across seeds and processes; and
proof that the suite catches an engine that says a move reveals nothing
when it does.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conformance_support import ContractViolation, bare_game_digest, opening_fingerprint, play

import games
from games.core import Action, Engine, Message, Outcome, State

#: Games per engine, spread evenly over its player counts.
LIGHT_GAMES_PER_ENGINE = 2_000
FULL_GAMES_PER_ENGINE = 200
#: Games per test case: small enough for a fair split over CI workers.
LIGHT_CHUNK = 50
FULL_CHUNK = 25
#: Full-check games use other seeds than light ones, so they add new games.
FULL_SEED_BASE = 1_000_000

ENGINES = games.all()
TESTS_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Chunk:
    """A run of consecutive seeds for one engine at one player count."""

    engine: Engine
    players: int
    first_seed: int
    games: int

    def __str__(self) -> str:
        last = self.first_seed + self.games - 1
        return f"{self.engine.id}-{self.players}p-seeds{self.first_seed}-{last}"

    @property
    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.games)


def player_counts(engine: Engine) -> range:
    return range(engine.min_players, engine.max_players + 1)


def chunks(total_per_engine: int, chunk_size: int, seed_base: int) -> list[Chunk]:
    """Split the games of each engine evenly over player counts, then into chunks."""
    found = []
    for engine in ENGINES:
        counts = player_counts(engine)
        per_count = math.ceil(total_per_engine / len(counts))
        for players in counts:
            for start in range(0, per_count, chunk_size):
                size = min(chunk_size, per_count - start)
                found.append(Chunk(engine, players, seed_base + start, size))
    return found


LIGHT_CHUNKS = chunks(LIGHT_GAMES_PER_ENGINE, LIGHT_CHUNK, 0)
FULL_CHUNKS = chunks(FULL_GAMES_PER_ENGINE, FULL_CHUNK, FULL_SEED_BASE)
ENGINE_COUNTS = [(engine, players) for engine in ENGINES for players in player_counts(engine)]


def engine_id(engine: Engine) -> str:
    return engine.id


def count_id(case: tuple[Engine, int]) -> str:
    return f"{case[0].id}-{case[1]}p"


def test_there_are_engines_and_enough_games() -> None:
    assert ENGINES, "games.all() lists no engine"
    for engine in ENGINES:
        light = sum(c.games for c in LIGHT_CHUNKS if c.engine is engine)
        full = sum(c.games for c in FULL_CHUNKS if c.engine is engine)
        assert light >= LIGHT_GAMES_PER_ENGINE
        assert full >= FULL_GAMES_PER_ENGINE
        assert {c.players for c in FULL_CHUNKS if c.engine is engine} == set(player_counts(engine))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", LIGHT_CHUNKS, ids=str)
def test_random_games_light(chunk: Chunk) -> None:
    for seed in chunk.seeds:
        play(chunk.engine, chunk.players, seed, full=False)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", FULL_CHUNKS, ids=str)
def test_random_games_full(chunk: Chunk) -> None:
    for seed in chunk.seeds:
        play(chunk.engine, chunk.players, seed, full=True)


@pytest.mark.parametrize("case", ENGINE_COUNTS, ids=count_id)
def test_unusual_seeds(case: tuple[Engine, int]) -> None:
    engine, players = case
    for seed in (0, 1, 2**63, 2**64 - 1):
        play(engine, players, seed, full=True)


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
    assert all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in engine.options.items())
    assert engine.texts, "an engine speaks only through its texts, so it needs some"
    assert all(isinstance(k, str) and k and isinstance(v, str) and v.strip() for k, v in engine.texts.items())


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_setup_refuses_player_counts_out_of_range(engine: Engine) -> None:
    for players in sorted({-1, 0, engine.min_players - 1, engine.max_players + 1, engine.max_players + 10}):
        with pytest.raises(ValueError):
            engine.setup(players, seed=7)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_setup_refuses_unknown_options(engine: Engine) -> None:
    assert "no-such-option" not in engine.options
    with pytest.raises(ValueError):
        engine.setup(engine.min_players, seed=7, options={"no-such-option": True})


@pytest.mark.parametrize("case", ENGINE_COUNTS, ids=count_id)
def test_same_seed_gives_the_same_game(case: tuple[Engine, int]) -> None:
    engine, players = case
    for seed in range(5):
        first, second = engine.setup(players, seed), engine.setup(players, seed)
        assert first == second
        assert engine.dumps(first) == engine.dumps(second)
        for viewer in (None, *range(players)):
            assert engine.view(first, viewer) == engine.view(second, viewer)
        one, other = play(engine, players, seed, full=False), play(engine, players, seed, full=False)
        assert one.moves == other.moves


@pytest.mark.parametrize("case", ENGINE_COUNTS, ids=count_id)
def test_different_seeds_give_different_games(case: tuple[Engine, int]) -> None:
    engine, players = case
    seeds = range(100, 130)
    openings = {opening_fingerprint(engine, players, seed) for seed in seeds}
    # "Almost always": a rare coincidence is allowed, a seed that changes nothing is not.
    assert len(openings) >= len(seeds) - 2, f"only {len(openings)} different openings from {len(seeds)} seeds"


def test_games_do_not_depend_on_the_string_hash_seed() -> None:
    """A restarted bot replays the move log: the game may depend on nothing but seed and moves."""
    cases = [(engine.id, players, seed) for engine, players in ENGINE_COUNTS for seed in (3, 4)]
    script = (
        "import sys\n"
        f"sys.path[:0] = [{str(TESTS_DIR.parent)!r}, {str(TESTS_DIR)!r}]\n"
        "import games\n"
        "from conformance_support import bare_game_digest\n"
        f"for game_id, players, seed in {cases!r}:\n"
        "    print(bare_game_digest(games.get(game_id), players, seed))\n"
    )
    here = [bare_game_digest(games.get(game_id), players, seed) for game_id, players, seed in cases]
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
    """The suite's own failure report carries engine, player count and seed."""
    engine = ENGINES[0]
    game = play(engine, engine.min_players, 5, full=False)
    with pytest.raises(ContractViolation, match=rf"{engine.id}, {engine.min_players} players, seed 5 "):
        game.fail("example")


class Delegate(Engine):
    """Plays by another engine's rules, but keeps `Engine.reveals` as the contract defines it."""

    def __init__(self, inner: Engine) -> None:
        self.inner = inner
        self.id, self.title = inner.id, inner.title
        self.min_players, self.max_players = inner.min_players, inner.max_players
        self.options, self.texts = inner.options, inner.texts
        self.private_view_keys = inner.private_view_keys

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        return self.inner.setup(players, seed, options)

    def to_act(self, state: State) -> frozenset[int]:
        return self.inner.to_act(state)

    def current_turn(self, state: State) -> int | None:
        return self.inner.current_turn(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return self.inner.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> State:
        return self.inner.apply(state, seat, action)

    def format_action(self, state: State, action: Action) -> str:
        return self.inner.format_action(state, action)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        return self.inner.parse_action(state, seat, text)

    def describe(self, state: State, seat: int, action: Action) -> Message:
        return self.inner.describe(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.inner.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return self.inner.outcome(state)

    def dumps(self, state: State) -> str:
        return self.inner.dumps(state)

    def loads(self, text: str) -> State:
        return self.inner.loads(text)


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
