"""The game engines: pure, deterministic rule state machines.

`register(engine)` adds a game; `get(game_id)` returns its engine, `all()`
lists them in a stable order (built-in games first). The built-in games
register themselves the same way when their package is imported, which
happens the first time the registry is read. Nothing in this package imports
anything but the standard library and `games` itself (a test checks it).
"""

from __future__ import annotations

from games.core import Engine

__all__ = ["Engine", "all", "generation", "get", "register", "unregister"]

_REGISTRY: dict[str, Engine] = {}
_loaded = False
#: Grows with every registration, so that what is derived from the registry
#: (the text catalogue) can tell that it must be derived again.
_generation = 0


def register(engine: Engine) -> None:
    """Add a game (again with the same id: replace it)."""
    global _generation
    if not isinstance(engine, Engine):
        raise TypeError(f"not an engine: {engine!r}")
    _REGISTRY[engine.id] = engine
    _generation += 1


def unregister(game_id: str) -> None:
    """Remove a game (a test's or a benchmark's own); nothing happens if it is not there."""
    global _generation
    if _REGISTRY.pop(game_id, None) is not None:
        _generation += 1


def _registry() -> dict[str, Engine]:
    global _loaded
    if not _loaded:
        _loaded = True
        # The built-in games: importing a game's package registers its engine.
        import games.catan_cheops
        import games.china
        import games.chinesische_mauer
        import games.mauerbauer  # noqa: F401
    return _REGISTRY


def get(game_id: str) -> Engine:
    """The engine for that id; KeyError when there is none."""
    return _registry()[game_id]


def all() -> tuple[Engine, ...]:  # noqa: A001 - the contract's name
    """Every registered engine, in the order they were registered."""
    return tuple(_registry().values())


def generation() -> int:
    """A number that changes whenever a game is registered."""
    _registry()
    return _generation
