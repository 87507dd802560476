"""Everything a game knows lives with the game.

Outside a game's own packages (`games/<game>/`, `renderers/<game>/` or
`renderers/<game>*.py`, `ai/<game>/`) nothing names its id, imports its
modules (but the three registries that load the built-in games), reads its
notation or holds its words: the bot works for a game it has never seen.
"""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Iterator
from pathlib import Path

import games
from games.core import Engine

ROOT = Path(__file__).resolve().parent.parent
#: The shared code: the bot, the registries and the shared parts of each layer.
SHARED = ("bot", "renderers", "ai", "games", "texts")
#: Where the built-in games are imported so that they register themselves.
REGISTRIES = {"games/__init__.py", "renderers/__init__.py", "ai/__init__.py"}
#: String methods whose arguments say how a text is read.
READERS = ("startswith", "endswith", "split", "partition", "removeprefix")


def stem(engine: Engine) -> str:
    return engine.id.replace("-", "_")


def own(engine: Engine, path: Path) -> bool:
    """Whether `path` is one of the game's own modules."""
    relative = path.relative_to(ROOT)
    name = stem(engine)
    if relative.parts[0] in ("games", "renderers", "ai") and relative.parts[1:2] == (name,):
        return True
    # A renderer may still be a set of modules named after the game.
    return relative.parts[0] == "renderers" and relative.name.startswith(name)


def shared_sources(engine: Engine) -> Iterator[Path]:
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if not own(engine, path):
                yield path


def constants(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """String constants in code, docstrings left out."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def compared_strings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Strings that text is compared with or tested against: where notation would be read."""
    for node in ast.walk(tree):
        found: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            found = [node.left, *node.comparators]
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in READERS
        ):
            found = list(node.args)
        for expression in found:
            items = (
                expression.elts if isinstance(expression, (ast.Tuple, ast.List, ast.Set)) else [expression]
            )
            for item in items:
                if isinstance(item, ast.Constant) and isinstance(item.value, str):
                    yield item.lineno, item.value


def notation_verbs(engine: Engine) -> set[str]:
    """The first words of the game's move notation, seen over a few random games."""
    verbs: set[str] = set()
    chooser = random.Random(5)
    for seed in range(3):
        players = engine.max_players
        state = engine.setup(players, seed, engine.check_options(players, {}))
        for _ in range(400):
            acting = sorted(engine.to_act(state))
            if not acting:
                break
            seat = chooser.choice(acting)
            legal = engine.legal_actions(state, seat)
            verbs.update(engine.format_action(state, action).split()[0] for action in legal)
            state = engine.apply(state, seat, chooser.choice(legal))
    return verbs


def test_no_shared_module_names_a_game_or_imports_its_modules() -> None:
    problems = []
    for engine in games.all():
        for path in shared_sources(engine):
            relative = str(path.relative_to(ROOT))
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for line, value in constants(tree):
                if engine.id in value or stem(engine) in value:
                    problems.append(f"{relative}:{line} names {engine.id}: {value!r}")
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(stem(engine) in name for name in names) and relative not in REGISTRIES:
                    problems.append(f"{relative}:{node.lineno} imports a module of {engine.id}")
    assert problems == []


def test_the_bot_reads_no_game_notation() -> None:
    problems = []
    for engine in games.all():
        verbs = notation_verbs(engine)
        assert verbs, engine.id
        for path in sorted((ROOT / "bot").rglob("*.py")):
            for line, value in compared_strings(ast.parse(path.read_text(encoding="utf-8"))):
                word = value.strip().split(" ")[0] if value.strip() else ""
                if word in verbs:
                    problems.append(
                        f"{path.relative_to(ROOT)}:{line} reads {engine.id}'s notation: {value!r}"
                    )
    assert problems == []


def test_the_bots_catalogue_holds_no_game_words() -> None:
    bot_keys = {
        key
        for path in sorted((ROOT / "texts" / "locales").rglob("*.json"))
        for key in json.loads(path.read_text(encoding="utf-8"))
    }
    for engine in games.all():
        shared = bot_keys & set(engine.texts)
        assert not shared, f"{engine.id}'s words in texts/locales: {sorted(shared)[:5]}"
        assert not [key for key in bot_keys if key.startswith(f"{engine.id}.")]


def test_the_checks_can_see_a_game_named_in_shared_code() -> None:
    engine = games.all()[0]
    planted = ast.parse(f"x = {engine.id!r}")
    assert any(engine.id in value for _, value in constants(planted))
    verb = engine.format_action(*first_move(engine)).split()[0]
    assert verb in notation_verbs(engine)
    reading = ast.parse(f"if text.startswith(({verb!r}, 'x')) or text == {verb + ' 1'!r}: pass")
    assert [value for _, value in compared_strings(reading)].count(verb) == 1


def first_move(engine: Engine) -> tuple[object, object]:
    state = engine.setup(engine.min_players, 1, engine.check_options(engine.min_players, {}))
    seat = min(engine.to_act(state))
    return state, engine.legal_actions(state, seat)[0]
