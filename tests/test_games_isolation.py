"""`games/` stays a library of pure, deterministic rule engines.

It imports only the standard library and `games` itself; no randomness,
clock, concurrency, processes, network or file modules; it writes and prints
nothing; and it reads its data files only while being imported (checked by
playing games with every file access recorded).
"""

from __future__ import annotations

import ast
import builtins
import io
import os
import pathlib
import sys
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conformance_support import play

import games

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"

#: Standard-library modules an engine has no business with: chance and time
#: would break replay; the rest is I/O or concurrency. (Data files are read
#: with `pathlib` or `importlib.resources` at import time.)
FORBIDDEN_MODULES = frozenset(
    {
        "random", "secrets", "uuid",
        "time", "datetime", "zoneinfo", "sched",
        "asyncio", "threading", "_thread", "multiprocessing", "concurrent", "signal",
        "subprocess", "socket", "ssl", "select", "selectors",
        "http", "urllib", "ftplib", "smtplib", "email",
        "sqlite3", "dbm", "shelve", "tempfile", "shutil",
        "os", "io",
    }
)  # fmt: skip
#: Methods that write files (pathlib) and built-ins that talk to a terminal.
FORBIDDEN_METHODS = frozenset(
    {"write_text", "write_bytes", "mkdir", "unlink", "rmdir", "touch", "symlink_to"}
)
FORBIDDEN_BUILTINS = frozenset({"print", "input", "breakpoint"})


def sources() -> list[Path]:
    return sorted(GAMES_DIR.rglob("*.py"))


def relative(path: Path) -> str:
    return str(path.relative_to(GAMES_DIR.parent))


def imported_modules(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of every import, including dynamic ones by constant name."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                yield node.lineno, node.module
        elif isinstance(node, ast.Call) and _call_name(node) in {"__import__", "import_module"}:
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield node.lineno, first.value
            else:
                yield node.lineno, "<a module named at run time>"


def _call_name(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def import_problem(module: str) -> str | None:
    top = module.split(".")[0]
    if top == "games":
        return None
    if top not in sys.stdlib_module_names:
        return f"imports {module}, which is neither the standard library nor games"
    if top in FORBIDDEN_MODULES:
        return f"imports {module} (no chance, clock, I/O or concurrency in an engine)"
    return None


def writes_or_prints(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if isinstance(node.func, ast.Attribute) and name in FORBIDDEN_METHODS:
            yield node.lineno, f"calls .{name}()"
        elif isinstance(node.func, ast.Name) and name in FORBIDDEN_BUILTINS:
            yield node.lineno, f"calls {name}()"
        elif name == "open" and _opens_for_writing(node):
            yield node.lineno, "opens a file for writing"


def _opens_for_writing(node: ast.Call) -> bool:
    modes = [kw.value for kw in node.keywords if kw.arg == "mode"]
    # open(path, mode) for the built-in; Path.open(mode) for pathlib.
    modes += node.args[1:2] if isinstance(node.func, ast.Name) else node.args[:1]
    return any(
        not isinstance(mode, ast.Constant) or not isinstance(mode.value, str) or set(mode.value) & set("wax+")
        for mode in modes
    )


def test_the_checks_see_the_engines() -> None:
    """The built-in engines live in games/ (where these checks look); games registered
    from outside (the suite's own test game) are someone else's package."""
    found = {relative(path) for path in sources()}
    assert {"games/__init__.py", "games/core.py"} <= found
    inside = [e for e in games.all() if type(e).__module__.split(".")[0] == "games"]
    assert inside, "no built-in engine is registered"
    for engine in inside:
        module = Path(sys.modules[type(engine).__module__].__file__ or "")
        assert module.resolve().is_relative_to(GAMES_DIR), f"{engine.id} is not under games/: {module}"


def test_games_import_only_the_standard_library_and_games() -> None:
    problems = [
        f"{relative(path)}:{line}: {problem}"
        for path in sources()
        for line, module in imported_modules(ast.parse(path.read_text(encoding="utf-8")))
        if (problem := import_problem(module)) is not None
    ]
    assert not problems, "\n".join(problems)


def test_games_write_and_print_nothing() -> None:
    problems = [
        f"{relative(path)}:{line}: {problem}"
        for path in sources()
        for line, problem in writes_or_prints(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("import random", "imports random"),
        ("from datetime import datetime", "imports datetime"),
        ("import discord", "neither the standard library"),
        ("import renderers.cm", "neither the standard library"),
        ("__import__('time')", "imports time"),
    ],
)
def test_the_import_rule_catches(code: str, problem: str) -> None:
    found = [import_problem(module) for _, module in imported_modules(ast.parse(code))]
    assert any(p is not None and problem in p for p in found), found


@pytest.mark.parametrize(
    "code",
    ["print('x')", "Path('x').write_text('y')", "open('x', 'w')", "Path('x').open(mode='a')", "open(p, m)"],
)
def test_the_write_rule_catches(code: str) -> None:
    assert list(writes_or_prints(ast.parse(code)))


def test_the_rules_allow_what_engines_need() -> None:
    code = (
        "import json\nfrom pathlib import Path\nfrom importlib import resources\nfrom games.core import Rng\n"
        "from . import rules\nDATA = json.loads((Path(__file__).parent / 'x.json').read_text())\n"
        "with open(Path(__file__).parent / 'y.json', encoding='utf-8') as f:\n    Y = json.load(f)\n"
    )
    tree = ast.parse(code)
    assert [import_problem(m) for _, m in imported_modules(tree)] == [None] * 4
    assert not list(writes_or_prints(tree))


ENGINE_COUNTS = [
    (engine, players) for engine in games.all() for players in (engine.min_players, engine.max_players)
]


@pytest.mark.parametrize("case", ENGINE_COUNTS, ids=lambda case: f"{case[0].id}-{case[1]}p")
def test_engines_touch_no_files_while_playing(case: tuple[Any, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Data files are read at import; a running game opens nothing."""
    engine, players = case
    opened: list[str] = []

    def recording(original: Callable[..., Any]) -> Callable[..., Any]:
        def record(*args: Any, **kwargs: Any) -> Any:
            opened.append(repr(args[:1]))
            return original(*args, **kwargs)

        return record

    monkeypatch.setattr(builtins, "open", recording(builtins.open))
    monkeypatch.setattr(io, "open", recording(io.open))
    monkeypatch.setattr(os, "open", recording(os.open))
    monkeypatch.setattr(pathlib.Path, "open", recording(pathlib.Path.open))
    play(engine, players, seed=11, full=True)
    monkeypatch.undo()
    assert not opened, f"{engine.id} opened files during a game: {opened[:5]}"
