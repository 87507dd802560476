"""`Drawing`: board images and replays, drawn in worker processes.

A job carries the registered renderer itself (a module-level function that a
worker process imports by name), so a game registered only in the bot's
process is drawn there too. A game without a renderer gets no image.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

import renderers
from bot.service.model import Loaded
from bot.workers import Priority
from bot.workers import Workers
from games.core import State

__all__ = ["DRAW_TRIES", "Animate", "Drawing", "Render"]

log = logging.getLogger(__name__)

#: Tries at drawing a post's board (each a run of the game's background work, with its
#: back-off between) before the post goes out without it: a board that cannot be drawn
#: must not keep the players from hearing whose turn it is.
DRAW_TRIES = 3

#: `render(game_id, view, locale) -> PNG`, like `renderers.render` (tests pass their own).
Render = Callable[[str, dict[str, Any], "str | None"], bytes]
#: `animate(renderer or game id, views, locale) -> GIF`.
Animate = Callable[[Any, list[dict[str, Any]], "str | None"], bytes]


def _animate_replay(
    draw: Any, views: list[dict[str, Any]], locale: str | None, captions: list[str] | None = None
) -> bytes:
    from renderers.replay import animate

    return animate(draw, views, locale, captions=captions)


class Drawing:
    def __init__(
        self, workers: Workers, render: Render | None = None, animate: Animate | None = None
    ) -> None:
        self.workers = workers
        # The registry's own renderers are looked up here and sent by name.
        self._render = None if render is renderers.render else render
        if self._render is None:
            # Loaded now, at start: importing every renderer takes a fifth of a second,
            # which would otherwise hold up the event loop at the first board.
            renderers.game_ids()
        self._animate = animate or _animate_replay
        #: game id -> the posts' boards that failed in a row (only games failing now).
        self._failed: dict[int, int] = {}

    def _draw_args(self, engine_id: str) -> tuple[Callable[..., bytes], tuple[Any, ...]] | None:
        """The function a worker runs for this game's boards, and its leading arguments."""
        if self._render is not None:
            return self._render, (engine_id,)
        try:
            return renderers.renderer(engine_id), ()
        except KeyError:
            return None

    def seat_colour(self, game: Loaded, seat: int) -> int | None:
        """The colour the game's boards draw `seat` in, as 0xRRGGBB; None for a game without boards."""
        try:
            red, green, blue = renderers.seat_colour(game.engine.id, seat)
        except KeyError:
            return None
        return red << 16 | green << 8 | blue

    def view(
        self, game: Loaded, state: State, seat: int | None, since: State | None = None
    ) -> dict[str, Any]:
        """What the renderer draws: the seat's view (None: a spectator's) with the names as
        typed, and `since`: the public view of an earlier state, whose changes it marks."""
        view = game.engine.view(state, seat)
        # As typed: an image draws the characters (messages escape them, `Loaded.names`).
        view["names"] = game.typed_names
        if since is not None:
            view["since"] = self.view(game, since, None)
        return view

    async def board(
        self, game: Loaded, state: State, seat: int | None, locale: str | None, since: State | None = None
    ) -> bytes | None:
        """The board as `seat` (None: a spectator) sees it, what changed since `since` marked;
        None for a game that has no renderer."""
        found = self._draw_args(game.engine.id)
        if found is None:
            return None
        draw, lead = found
        return await self.workers.run(draw, *lead, self.view(game, state, seat, since), locale)

    async def closeup(
        self, game: Loaded, state: State, seat: int, legal: Sequence[str], locale: str | None
    ) -> bytes | None:
        """The close-up of the seat's decision: where its legal moves are on the board, each
        labelled large; None when the decision picks no place, or the game draws none."""
        if self._render is not None or renderers.closeup_renderer(game.engine.id) is None:
            return None
        return await self.workers.run(
            renderers.closeup, game.engine.id, self.view(game, state, seat), list(legal), locale
        )

    async def hand(self, game: Loaded, state: State, seat: int, locale: str | None) -> bytes | None:
        """The seat's hand as a picture of its own, where the game draws it apart from a board
        it would make too tall; None when the board shows it, or the game draws none."""
        if self._render is not None or renderers.hand_renderer(game.engine.id) is None:
            return None
        return await self.workers.run(renderers.hand, game.engine.id, self.view(game, state, seat), locale)

    async def post_board(
        self, game: Loaded, state: State, locale: str | None, since: State | None = None
    ) -> tuple[bytes | None, bool]:
        """The public board for a post (what changed since `since` marked), and whether it
        is left out: drawing it failed `DRAW_TRIES` times in a row. A failure before that
        raises, so that the post is tried again later."""
        game_id = game.row.id
        try:
            image = await self.board(game, state, None, locale, since)
        except Exception:
            failures = self._failed.get(game_id, 0) + 1
            if failures < DRAW_TRIES:
                self._failed[game_id] = failures
                raise
            self._failed.pop(game_id, None)
            log.warning(
                "game %s: the board could not be drawn %s times in a row; posting without it",
                game_id,
                failures,
                exc_info=True,
            )
            return None, True
        self._failed.pop(game_id, None)
        return image, False

    async def replay(
        self, game: Loaded, states: Sequence[State], locale: str | None, captions: list[str] | None = None
    ) -> bytes | None:
        """The animated replay of these states (a caption each: who did what), or None when
        it cannot be made or does not fit."""
        views = [self.view(game, state, None) for state in states]
        if self._render is not None:
            subject: Any = game.engine.id
        else:
            try:
                subject = renderers.renderer(game.engine.id)
            except KeyError:
                return None
        try:
            if self._animate is _animate_replay:
                return await self.workers.run(
                    _animate_replay, subject, views, locale, captions, priority=Priority.LONG
                )
            return await self.workers.run(self._animate, subject, views, locale, priority=Priority.LONG)
        except ValueError:
            log.warning("game %s: the replay does not fit the upload limit", game.row.id)
            return None
