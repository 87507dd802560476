"""The game engines: pure, deterministic rule state machines.

`get(game_id)` returns an engine, `all()` lists them in a stable order.
Nothing in this package imports anything but the standard library and
`games` itself (a test checks it).
"""

from __future__ import annotations

from games.core import Engine

__all__ = ["Engine", "all", "get"]


def _engines() -> tuple[Engine, ...]:
    from games.chinesische_mauer import ENGINE as chinesische_mauer

    return (chinesische_mauer,)


_REGISTRY: dict[str, Engine] = {}


def _registry() -> dict[str, Engine]:
    if not _REGISTRY:
        _REGISTRY.update({engine.id: engine for engine in _engines()})
    return _REGISTRY


def get(game_id: str) -> Engine:
    """The engine for that id; KeyError when there is none."""
    return _registry()[game_id]


def all() -> tuple[Engine, ...]:  # noqa: A001 - the contract's name
    """Every registered engine, in a stable order."""
    return tuple(_registry().values())
