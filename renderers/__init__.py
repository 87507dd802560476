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

What changed is marked: a view drawn for a post may carry `since`, the
public view as the previous post showed it, and the renderer marks the
pieces placed or moved since then (an outline or a "new" badge that reads
at phone size). A game may also register a `closeup`: for a decision that
picks a place on the board, the part of the board where the seat's legal
moves are, enlarged, each legal place marked and labelled large (`legal`:
the notations of those moves; it returns None for a decision that picks no
place). And a `hand`: a seat's hand as a picture of its own when it is too
large for the board (a board taller than 2.2 times its width shows small on a
phone); the renderer then draws the board without it. Labels report their
role (`renderers.legibility`), so that the tests can measure them as a phone
shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import TypeVar

__all__ = [
    "CloseUp",
    "HandPicture",
    "Renderer",
    "closeup",
    "closeup_renderer",
    "game_ids",
    "hand",
    "hand_renderer",
    "register",
    "render",
    "renderer",
    "seat_colour",
]

T = TypeVar("T")

#: Draws one game's view in a language: `render(view, locale) -> PNG bytes`.
Renderer = Callable[[Mapping[str, Any], "str | None"], bytes]
#: Draws a decision's close-up: `closeup(seat's view, legal notations, locale) -> PNG bytes`,
#: or None when the decision picks no place on the board.
CloseUp = Callable[[Mapping[str, Any], Sequence[str], "str | None"], "bytes | None"]

#: Draws a seat's hand as a picture of its own: `hand(seat's view, locale) -> PNG bytes`, or
#: None when the hand fits on the seat's board (its renderer decides, and draws it there).
HandPicture = Callable[[Mapping[str, Any], "str | None"], "bytes | None"]

_REGISTRY: dict[str, Renderer] = {}
_CLOSEUPS: dict[str, CloseUp] = {}
_HANDS: dict[str, HandPicture] = {}
_loaded = False


def register(
    game_id: str, render: Renderer, closeup: CloseUp | None = None, hand: HandPicture | None = None
) -> None:
    """Add (or replace) the renderer of a game, its close-up of a decision if it has one, and
    its picture of a hand too large for the board (a phone shows a tall image small).

    Pass module-level functions: work is sent to worker processes with the
    function itself, which they import by its name.
    """
    _REGISTRY[game_id] = render
    _set(_CLOSEUPS, game_id, closeup)
    _set(_HANDS, game_id, hand)


def _set(extras: dict[str, T], game_id: str, extra: T | None) -> None:
    """Register a game's extra drawing, or forget one registered before."""
    if extra is None:
        extras.pop(game_id, None)
    else:
        extras[game_id] = extra


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


def closeup_renderer(game_id: str) -> CloseUp | None:
    """The game's close-up of a decision (None: it has none)."""
    _registry()
    return _CLOSEUPS.get(game_id)


def closeup(
    game_id: str, view: Mapping[str, Any], legal: Sequence[str], locale: str | None = None
) -> bytes | None:
    """The close-up of the seat's decision as `view` shows it (None: no place to pick, or a
    game without close-ups)."""
    draw = closeup_renderer(game_id)
    return None if draw is None else draw(view, legal, locale)


def hand_renderer(game_id: str) -> HandPicture | None:
    """The game's picture of a hand apart from the board (None: its boards show the hand)."""
    _registry()
    return _HANDS.get(game_id)


def hand(game_id: str, view: Mapping[str, Any], locale: str | None = None) -> bytes | None:
    """The seat's hand as a picture of its own, when the game draws it apart from the board
    (too large for it); None when the board shows it."""
    draw = hand_renderer(game_id)
    return None if draw is None else draw(view, locale)


def seat_colour(game_id: str, seat: int) -> tuple[int, int, int]:
    """The colour (RGB) the game's boards draw a seat in: its pieces, its symbol beside its
    name. Every board draws seats in the shared palette; KeyError for a game without a renderer."""
    renderer(game_id)
    from renderers.common import seat_colour as palette

    return palette(seat)


def render(game_id: str, view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it; KeyError for a game without a renderer.

    ValueError when the view is not one of that game's views.
    """
    draw = renderer(game_id)
    if view.get("game", game_id) != game_id:
        raise ValueError(f"a view of {view.get('game')!r} cannot be drawn as {game_id!r}")
    return draw(view, locale)
