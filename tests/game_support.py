"""Helpers the rule tests of every game share: a message's keys and sentence, a random game,
the fields of a template, a text `parse_action` must refuse, saves that `loads` must refuse.

Each takes the engine first; a game's tests bind it once, e.g.
`said = functools.partial(game_support.said, ENGINE)`.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from typing import Any

import pytest

import texts
from games.core import CORE_TEXTS
from games.core import Engine
from games.core import IllegalAction
from games.core import Message
from games.core import State

__all__ = [
    "check_impossible_saves",
    "check_refused",
    "keys_of",
    "parse_refusal",
    "random_states",
    "rules_say",
    "said",
    "template_fields",
]


def keys_of(message: Message) -> Iterator[str]:
    """The message's key and the keys of every message nested in it."""
    yield message.key
    for value in message.params.values():
        if isinstance(value, Message):
            yield from keys_of(value)


def said(engine: Engine, message: Message) -> str:
    """The English sentence, after checking that every key it uses has its three languages."""
    for key in keys_of(message):
        if key in CORE_TEXTS:
            # The shared words (a list's "and"): in the catalogue of every language.
            for language in ("de", "nl"):
                assert key in texts.catalogue(language), f"{key} in {language}"
            continue
        assert key in engine.texts, key
        for language in ("de", "nl"):
            assert key in engine.locales[language], f"{key} in {language}"
    return str(message)


def rules_say(engine: Engine, *claims: str) -> None:
    """Each claim stands word for word in the game's English `/rules`. A test of a number the
    rules state checks the sentence too, so that a change to either the text or the engine
    fails it (the numbers of the German and Dutch texts follow the English: test_rules_texts)."""
    text = engine.texts[f"{engine.id}.rules"]
    assert [claim for claim in claims if claim not in text] == []


def parse_refusal(engine: Engine, state: State, seat: int, text: str) -> IllegalAction:
    """The refusal `parse_action` answers the text with (the test fails if it reads a move)."""
    with pytest.raises(IllegalAction) as refusal:
        engine.parse_action(state, seat, text)
    return refusal.value


def random_states(
    engine: Engine, players: int, seed: int, options: dict[str, str] | None = None
) -> Iterator[State]:
    """Every state of one seeded random game in which the seat whose turn it is moves,
    the finished one included."""
    rng = random.Random(seed)
    state = engine.setup(players, seed, options)
    yield state
    while (seat := engine.current_turn(state)) is not None:
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        yield state


def template_fields(template: str) -> set[str]:
    """The names of a template's `{name}` fields."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def check_impossible_saves(engine: Engine, states: Iterable[State], refusals: Mapping[str, str]) -> None:
    """Every impossible save the engine makes of these states (`Engine.impossible_saves`) is
    refused with the sentence of its kind: `refusals` maps each kind the game makes to a
    pattern of that sentence. Every kind must turn up."""
    seen: set[str] = set()
    for state in states:
        for what, text in engine.impossible_saves(engine.dumps(state)):
            assert what in refusals, f"an impossible save of a kind the test does not know: {what!r}"
            seen.add(what)
            try:
                engine.loads(text)
            except ValueError as refusal:
                assert re.search(refusals[what], str(refusal)), f"{what}: refused with {refusal}"
            else:
                raise AssertionError(f"loads accepted {what}")
    assert seen == set(refusals), f"never made: {sorted(set(refusals) - seen)}"


def check_refused(
    engine: Engine, *, damaged: Iterable[Mapping[str, Any]] = (), texts: Iterable[str] = ()
) -> None:
    """`loads` refuses every damaged save (a save's data, changed) and every text that is no
    save at all."""
    for text in [*map(json.dumps, damaged), *texts]:
        try:
            engine.loads(text)
        except ValueError:
            continue
        raise AssertionError(f"loads accepted {text[:300]}")
