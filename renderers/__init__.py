"""Board images: a view in, PNG bytes out.

`register(game_id, render)` adds a game's renderer (`render(view, locale) ->
bytes`); `render(game_id, view, locale)` draws what that view shows — a
spectator view gives the public board, a seat's view adds that seat's
private panel. Renderers only ever see views, never a game's full state, so
an image cannot leak a hand. Drawing is pure: the same view gives the same
bytes. Each built-in game's renderer is a package, `renderers/<game>/`, that
registers itself when imported, the first time the registry is read; what
the games share (the theme, the fonts, the canvas, the drawing kit) lies
beside them.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

__all__ = ["Renderer", "game_ids", "register", "render", "renderer"]

#: Draws one game's view in a language: `render(view, locale) -> PNG bytes`.
Renderer = Callable[[Mapping[str, Any], "str | None"], bytes]

_REGISTRY: dict[str, Renderer] = {}
_loaded = False


def register(game_id: str, render: Renderer) -> None:
    """Add (or replace) the renderer of a game.

    Pass a module-level function: work is sent to worker processes with the
    function itself, which they import by its name.
    """
    _REGISTRY[game_id] = render


def _registry() -> dict[str, Renderer]:
    global _loaded
    if not _loaded:
        _loaded = True
        # The built-in renderers: importing a game's package registers its renderer.
        import renderers.catan_cheops
        import renderers.china
        import renderers.chinesische_mauer
        import renderers.mauerbauer  # noqa: F401
    return _REGISTRY


def game_ids() -> tuple[str, ...]:
    """The game ids that have a board renderer."""
    return tuple(_registry())


def renderer(game_id: str) -> Renderer:
    """The registered renderer of a game; KeyError when it has none."""
    try:
        return _registry()[game_id]
    except KeyError:
        raise KeyError(f"no board renderer for game {game_id!r}") from None


def render(game_id: str, view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it; KeyError for a game without a renderer.

    ValueError when the view is not one of that game's views.
    """
    draw = renderer(game_id)
    if view.get("game", game_id) != game_id:
        raise ValueError(f"a view of {view.get('game')!r} cannot be drawn as {game_id!r}")
    return draw(view, locale)
