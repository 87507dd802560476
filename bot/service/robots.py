"""`Robots`: moves chosen by the AI, for AI seats and for people whose time ran out.

The AI thinks in a worker process; the job carries the game's registered AI
function itself, so a game registered only in this process is played too.
"""

from __future__ import annotations

import logging

import ai
from bot.service.games import Games
from bot.service.model import MAX_AI_STEPS, Loaded
from bot.workers import Workers

__all__ = ["Robots"]

log = logging.getLogger(__name__)


class Robots:
    def __init__(self, games: Games, workers: Workers) -> None:
        self._games = games
        self._workers = workers

    async def move(self, game: Loaded, seat: int) -> Loaded:
        """One move chosen by the AI for `seat`, stored."""
        seed = (game.row.seed or 0) + game.row.version
        choose = ai.chooser(game.engine.id)
        action = await self._workers.run(choose, game.state, seat, seed)
        new_state = game.engine.apply(game.state, seat, action)
        notation = game.engine.format_action(game.state, action)
        description = game.engine.describe(game.state, seat, action)
        return await self._games.commit(game, seat, notation, new_state, description)

    async def run(self, game: Loaded) -> Loaded:
        """Let AI seats move until only people must decide or the game is over."""
        for _ in range(MAX_AI_STEPS):
            ai_seats = [s for s in sorted(game.acting()) if game.row.seats[s].is_ai]
            if not ai_seats:
                return game
            game = await self.move(game, ai_seats[0])
        log.error("game %s: AI chain stopped after %s steps", game.row.id, MAX_AI_STEPS)
        return game
