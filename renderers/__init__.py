"""Board images: a view in, PNG bytes out.

`render(game_id, view, locale)` draws what that view shows — a spectator
view gives the public board, a seat's view adds that seat's private panel.
Renderers only ever see views, never a game's full state, so an image
cannot leak a hand. Drawing is pure: the same view gives the same bytes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["game_ids", "render"]

#: Game id -> module (in this package) with `render(view, locale) -> bytes`.
_MODULES = {
    "chinesische-mauer": "chinesische_mauer",
}

_Renderer = Callable[[Mapping[str, Any], "str | None"], bytes]


def game_ids() -> tuple[str, ...]:
    """The game ids that have a board renderer."""
    return tuple(_MODULES)


def _renderer(game_id: str) -> _Renderer:
    try:
        module_name = _MODULES[game_id]
    except KeyError:
        raise KeyError(f"no board renderer for game {game_id!r}") from None
    module = importlib.import_module(f"{__name__}.{module_name}")
    draw: _Renderer = module.render
    return draw


def render(game_id: str, view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it; KeyError for a game without a renderer.

    ValueError when the view is not one of that game's views.
    """
    draw = _renderer(game_id)
    if view.get("game", game_id) != game_id:
        raise ValueError(f"a view of {view.get('game')!r} cannot be drawn as {game_id!r}")
    return draw(view, locale)
