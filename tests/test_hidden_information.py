"""Hidden information: what a viewer may not see changes neither its view nor its image.

For every engine, positions from seeded random games; for each position and
each viewer (every seat and the spectator) a second state is built that
differs only in what that viewer may not see. Both must give the same view
and the same PNG bytes. How to resample hidden information is engine
specific, so each engine registers its resampler below; an engine without
one fails loudly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gardens.rules
import pytest
from catan_cheops import cc_support
from china import china_support
from mauerbauer import mb_builders

import games
import renderers
from games.chinesische_mauer.data import KINDS
from games.core import Engine
from games.core import State

#: Positions per engine; seats and the spectator are checked in each.
POSITIONS = 16
#: Tries to find a variant that the engine's `loads` accepts.
TRIES = 20

Resampler = Callable[[State, "int | None", random.Random], State]


def _regroup(
    counts: tuple[int, ...], deck: tuple[int, ...], rng: random.Random
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The same cards (hand and deck together) dealt again: same hand size, same deck size."""
    pool = [kind for kind, count in enumerate(counts) for _ in range(count)] + list(deck)
    rng.shuffle(pool)
    hand, new_deck = pool[: sum(counts)], pool[sum(counts) :]
    return tuple(hand.count(kind) for kind in range(len(KINDS))), tuple(new_deck)


def resample_chinesische_mauer(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """Re-deal other seats' hands and decks, reshuffle the supply, swap hidden won tiles."""
    hands, decks = list(state.hands), list(state.decks)
    others = [seat for seat in range(state.players) if seat != viewer]
    for seat in others:
        # Each seat's cards stay its own (its colour): only their order and split change.
        hands[seat], decks[seat] = _regroup(state.hands[seat], state.decks[seat], rng)
    hidden_tiles = list(state.supply)
    won = [list(tiles) for tiles in state.won]
    if not state.over:
        # While the game runs only counts of others' won tiles are public.
        for seat in others:
            hidden_tiles += won[seat]
    rng.shuffle(hidden_tiles)
    supply = tuple(hidden_tiles[: len(state.supply)])
    rest = hidden_tiles[len(state.supply) :]
    if not state.over:
        for seat in others:
            won[seat], rest = rest[: len(won[seat])], rest[len(won[seat]) :]
    return state._replace(
        hands=tuple(hands),
        decks=tuple(decks),
        supply=supply,
        won=tuple(tuple(tiles) for tiles in won),
        rng=rng.getrandbits(64),
    )


RESAMPLERS: dict[str, Resampler] = {
    "catan-cheops": cc_support.resample_hidden,
    "chinesische-mauer": resample_chinesische_mauer,
    "china": china_support.resample_hidden,
    "gardens": gardens.rules.resample_hidden,
    "mauerbauer": mb_builders.resample_hidden,
}


def positions(engine: Engine, count: int, seed: int) -> list[tuple[int, State]]:
    """(player count, position) along seeded random games of every player count."""
    rng = random.Random(seed)
    found: list[tuple[int, State]] = []
    while len(found) < count:
        players = rng.randint(engine.min_players, engine.max_players)
        state = engine.setup(players, rng.randrange(1 << 40), engine.check_options(players, {}))
        stops = {rng.randrange(200) for _ in range(3)}
        for step in range(200):
            if step in stops:
                found.append((players, state))
            acting = sorted(engine.to_act(state))
            if not acting:
                found.append((players, state))
                break
            seat = acting[0]
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return found[:count]


def variant(engine: Engine, state: State, viewer: int | None, rng: random.Random) -> State | None:
    """A valid state differing from `state` only in what `viewer` may not see."""
    resample = RESAMPLERS[engine.id]
    for _ in range(TRIES):
        candidate = resample(state, viewer, rng)
        try:
            # Through the codec: the variant must be a state the engine accepts.
            return engine.loads(engine.dumps(candidate))
        except ValueError:
            continue
    return None


def image(engine: Engine, state: State, viewer: int | None, players: int) -> bytes:
    view = engine.view(state, viewer)
    # As the service draws it: with the seats' names.
    view["names"] = [f"Player {seat + 1}" for seat in range(players)]
    return renderers.render(engine.id, view, None)


def test_every_engine_has_a_resampler() -> None:
    missing = [engine.id for engine in games.all() if engine.id not in RESAMPLERS]
    assert missing == [], f"register a hidden-information resampler for {missing} in this test"


@pytest.mark.parametrize("engine", games.all(), ids=lambda engine: engine.id)
def test_hidden_information_does_not_change_views_or_images(engine: Engine) -> None:
    assert engine.id in RESAMPLERS, f"no hidden-information resampler registered for {engine.id}"
    rng = random.Random(4711)
    checked = changed = 0
    for number, (players, state) in enumerate(positions(engine, POSITIONS, seed=99)):
        for viewer in [None, *range(players)]:
            other = variant(engine, state, viewer, rng)
            if other is None:
                continue
            checked += 1
            changed += other != state
            where = f"position {number}, viewer {viewer}"
            assert engine.view(other, viewer) == engine.view(state, viewer), where
            assert image(engine, other, viewer, players) == image(engine, state, viewer, players), where
    # The comparisons above had real work: many variants really differ from their original.
    assert checked >= POSITIONS * 2
    assert changed >= checked // 2
