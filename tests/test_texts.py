"""The text catalogue: every key the code uses exists, and templates fit their use."""

from __future__ import annotations

import ast
import json
import random
import re
import string
from pathlib import Path

import games
import texts
from bot.service.model import AI_NAMES
from games.core import Message
from games.core import Player

ROOT = Path(__file__).resolve().parent.parent
KEY = re.compile(r"^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$")
#: Statuses a game row can have (the `status.*` keys are built from them).
STATUSES = ("lobby", "running", "finished", "abandoned")
#: Literals that look like keys but are file names.
FILE_ENDINGS = (".png", ".gif", ".json", ".sqlite3", ".py")


def literal_keys() -> set[str]:
    """String literals in the front-end code that look like catalogue keys."""
    namespaces = {key.split(".")[0] for key in texts.all_keys()}
    found: set[str] = set()
    for folder in ("bot", "renderers"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    value = node.value
                    if value.endswith(FILE_ENDINGS):
                        continue
                    if KEY.match(value) and value.split(".")[0] in namespaces:
                        found.add(value)
    return found


def test_every_key_used_in_code_is_in_the_catalogue() -> None:
    used = literal_keys()
    assert used, "the scan finds the keys the code uses"
    missing = sorted(key for key in used if key not in texts.all_keys() and not key.endswith("."))
    assert missing == []


def test_built_keys_exist() -> None:
    for status in STATUSES:
        assert f"status.{status}" in texts.all_keys()
    for status in STATUSES[1:]:
        assert f"lobby.closed.{status}" in texts.all_keys()
    for engine in games.all():
        assert f"{engine.id}.rules" in texts.all_keys()


def test_every_part_of_a_final_score_has_its_words() -> None:
    """A finished game's summary words each part of the score by the game's own text."""
    for engine in games.all():
        for seed in range(3):
            # Random moves: always the first could go round in circles (a bank trade and back).
            chooser = random.Random(seed)
            state = engine.setup(engine.max_players, seed, engine.check_options(engine.max_players, {}))
            while acting := engine.to_act(state):
                seat = min(acting)
                state = engine.apply(state, seat, chooser.choice(engine.legal_actions(state, seat)))
            outcome = engine.outcome(state)
            assert outcome is not None
            for detail in outcome.details:
                for name in detail:
                    key = f"{engine.id}.outcome.{name}"
                    assert key in texts.all_keys(), key
                    template = texts.catalogue(texts.DEFAULT_LOCALE)[key]
                    assert "value" in {field for _, field, _, _ in string.Formatter().parse(template)}, key


def test_every_template_is_well_formed() -> None:
    for key, template in texts.catalogue(texts.DEFAULT_LOCALE).items():
        fields = [name for _, name, _, _ in string.Formatter().parse(template) if name]
        assert all(name.isidentifier() for name in fields), key


def test_engine_messages_render_with_names_and_nested_terms() -> None:
    engine = games.get("chinesische-mauer")
    key = next(k for k in engine.texts if k.startswith("cm.card."))
    message = Message("common.seat", {"number": 3})
    assert texts.render(message) == "Player 3"
    nested = Message("turn.header", {"player": Player(1)})
    assert texts.render(nested, names=["Anna", "Bob"]) == "**Bob**:"
    assert texts.t(key) == engine.texts[key]


def test_unknown_locale_and_missing_key_fall_back() -> None:
    assert texts.t("status.running", "xx-YY") == texts.t("status.running") == "running"
    assert texts.t("status.running", "de-DE") == "läuft"
    assert texts.t("no.such.key") == "no.such.key"


def _strings(data: object) -> list[str]:
    """Every string in a JSON document, keys too."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [*_strings(list(data.keys())), *_strings(list(data.values()))]
    if isinstance(data, list):
        return [found for item in data for found in _strings(item)]
    return []


def test_no_ai_name_is_a_word_of_any_game() -> None:
    """ "AI Zhao builds in Zhao" reads like a place: an AI seat's name is no word of any text
    in any language (the catalogues, every game's own) nor of any game's data (board and cards)."""
    words: set[str] = set()
    for locale in texts.locales():
        for template in texts.catalogue(locale).values():
            words.update(re.findall(r"\w+", template.casefold()))
    for path in (ROOT / "games").rglob("*.json"):
        for found in _strings(json.loads(path.read_text(encoding="utf-8"))):
            words.update(re.findall(r"\w+", found.casefold()))
    assert {"zhao", "nils", "mauer", "kaart"} <= words, "the words of every game and language are read"
    clashes = [name for name in AI_NAMES if set(re.findall(r"\w+", name.casefold())) & words]
    assert not clashes
    assert len(set(AI_NAMES)) == len(AI_NAMES) >= 8, "a full table of AI seats, each named apart"
