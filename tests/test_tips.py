"""Tips while learning: every kind of decision of every built-in game has its tip in English,
German and Dutch; the store remembers which tips a member saw and whether they want them;
the local mode shows the same tips and answers `hint`. (Through the bot: test_discord_hints.py.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_local_mode import Table as Terminal

import games
from bot.service.hints import decision_kind
from bot.store import PlayerRow
from bot.store import Store
from games.core import Engine

#: The games the project ships (a game registered by the tests brings its own tips, or none).
BUILT_IN = [engine for engine in games.all() if engine.__module__.startswith("games.")]
#: Where to read more, as each language names `/rules`.
RULES = {"en": "/rules", "de": "/regeln", "nl": "/regels"}
SEEDS = range(3)
#: Random moves a game at most: the early and middle game, where most kinds of decision come.
STEPS = 2_000


def decision_kinds(engine: Engine) -> set[str]:
    """The kinds of decision met in a few games of random legal moves, at every table size."""
    kinds: set[str] = set()
    for seed in SEEDS:
        for players in range(engine.min_players, engine.max_players + 1):
            state = engine.setup(players, seed, engine.check_options(players, {}))
            rng = random.Random(seed)
            for _ in range(STEPS):
                acting = sorted(engine.to_act(state))
                if not acting:
                    break
                kinds.update(decision_kind(engine.prompt(state, seat)) for seat in acting)
                seat = rng.choice(acting)
                state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return kinds


def tips_of(engine: Engine, language: str) -> dict[str, str]:
    words = engine.texts if language == "en" else engine.locales.get(language, {})
    return {key.removeprefix("tip."): text for key, text in words.items() if key.startswith("tip.")}


@pytest.mark.parametrize("engine", BUILT_IN, ids=lambda engine: engine.id)
def test_every_kind_of_decision_has_a_tip_in_every_language(engine: Engine) -> None:
    kinds = decision_kinds(engine)
    assert len(kinds) >= 4, kinds
    for language, rules in RULES.items():
        tips = tips_of(engine, language)
        assert kinds <= set(tips), (language, sorted(kinds - set(tips)))
        # Each tip is about a real prompt, in at most two lines, the second where to read more.
        assert set(tips) <= set(engine.texts), sorted(set(tips) - set(engine.texts))
        for kind, tip in tips.items():
            lines = tip.split("\n")
            assert len(lines) == 2 and rules in lines[1], (language, kind, tip)
            assert "`" not in tip, "the terminal shows tips too"
        assert set(tips) == set(tips_of(engine, "en")), "the same tips in every language"


async def test_the_store_remembers_tips_seen_per_member_and_kind_of_game(store: Store) -> None:
    assert await store.seen_tips(7, "china") == set()
    assert await store.mark_tip_seen(7, "china", "china.prompt.start")
    assert not await store.mark_tip_seen(7, "china", "china.prompt.start"), "once"
    assert await store.mark_tip_seen(7, "mauerbauer", "mauerbauer.prompt.wall")
    assert await store.seen_tips(7, "china") == {"china.prompt.start"}
    assert await store.seen_tips(8, "china") == set()

    assert (await store.player(7)).tips, "tips are on for someone never seen"
    await store.save_player(PlayerRow(7, tips=False))
    assert not (await store.player(7)).tips
    await store.save_player(PlayerRow(7, dm=True))
    assert (await store.player(7)).tips and (await store.player(7)).dm


def gardens_then(*commands: str) -> Iterator[str]:
    """A player at the terminal opens Gardens against an AI (a small garden, calm weather)."""
    yield str([engine.id for engine in games.all()].index("gardens") + 1)
    yield from ("2", "Ann", "", "", "1", "1", *commands)


async def test_the_local_mode_shows_a_tip_once_and_answers_hint(tmp_path: Path) -> None:
    text = await Terminal(gardens_then("hand", "hint", "info", "quit")).play(tmp_path)

    assert text.count("💡 Tip: Flowers next to each other form a group") == 1, "at the prompt, not again"
    assert "The AI's best moves for you" in text
    assert "1. plant " in text and "2. plant " in text and "3. plant " in text
    assert "Hints: on (type hint)" in text
    assert "`" not in text and "/hint" not in text
