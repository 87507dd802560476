"""The bot's modules import one way: no circle, and the service knows nothing of Discord.

A circle of imports (even one only for type checking) means two parts reach
into each other; the service's parts are handed what they use instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, package: str) -> set[str]:
    """The `bot` modules a file imports, anywhere in it (type-checking imports too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:
                here = package.split(".")
                base = ".".join([*here[: len(here) - node.level + 1], node.module])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "bot" or name.startswith("bot.")}


def graph() -> dict[str, set[str]]:
    files = {module_name(path): path for path in (ROOT / "bot").rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges[name] = {target for target in imports_of(path, package) if target in files and target != name}
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules along it, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_service_parts_import_each_other_one_way_only() -> None:
    service = {name: targets for name, targets in graph().items() if name.startswith("bot.service")}
    inner = {name: {t for t in targets if t in service} for name, targets in service.items()}
    # The facade wires the parts; no part imports the facade.
    assert not any("bot.service" in targets for name, targets in inner.items() if name != "bot.service")
    assert cycle(inner) is None, cycle(inner)


def test_bot_has_no_import_circle_below_its_entry_points() -> None:
    """`bot/__init__` and `bot/__main__` start things; below them imports point one way."""
    edges = {
        name: {t for t in targets if t not in ("bot", "bot.__main__")}
        for name, targets in graph().items()
        if name not in ("bot", "bot.__main__")
    }
    assert cycle(edges) is None, cycle(edges)


def test_the_service_imports_nothing_of_discord() -> None:
    for path in (ROOT / "bot" / "service").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            discordish = [n for n in names if n == "discord" or n.startswith(("discord.", "bot.discord_app"))]
            assert not discordish, path


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_the_leagues_seating_and_standings_are_pure() -> None:
    """`bot.leagues` seats and ranks from plain data: nothing of the bot's beyond itself,
    and neither Discord nor a database."""
    for name, targets in graph().items():
        if name.startswith("bot.leagues"):
            assert all(target.startswith("bot.leagues") for target in targets), (name, targets)
    for path in (ROOT / "bot" / "leagues").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import discord" not in text and "aiosqlite" not in text and "asyncpg" not in text, path
