"""Storing moves, and the AI making them."""

from __future__ import annotations

import logging

import ai
from bot.errors import PlayerError
from bot.history import History, Step
from bot.service.base import (
    _MAX_AI_STEPS,
    ServiceBase,
    _Game,
)
from bot.store import StaleVersion, WrongStatus
from games.core import Message, State

log = logging.getLogger(__name__)


class Commits(ServiceBase):
    """Storing moves, and the AI making them."""

    async def _commit(
        self, game: _Game, seat: int, notation: str, new_state: State, description: Message
    ) -> _Game:
        outcome = game.engine.outcome(new_state)
        try:
            row = await self.store.record_move(
                game.row.id,
                game.row.version,
                seat=seat,
                action=notation,
                state=game.engine.dumps(new_state),
                outcome=outcome.to_json() if outcome else None,
                now=self._clock(),
                previous=game.row,
            )
        except StaleVersion:
            raise PlayerError("error.stale") from None
        except WrongStatus:
            raise PlayerError("error.game_over", id=game.row.id) from None
        history = self._history.get(row.id) or History(game.row.version)
        self._history[row.id] = history.add(game.row.version, Step(row.version, seat, description, new_state))
        self._states[row.id] = (row.version, new_state)
        self._rows[row.id] = row
        return _Game(row, game.engine, new_state)

    async def _ai_move(self, game: _Game, seat: int) -> _Game:
        """One move chosen by the AI for `seat` (an AI seat, or a person whose time ran out)."""
        seed = (game.row.seed or 0) + game.row.version
        action = await self.workers.run(ai.choose, game.engine.id, game.state, seat, seed)
        new_state = game.engine.apply(game.state, seat, action)
        notation = game.engine.format_action(game.state, action)
        description = game.engine.describe(game.state, seat, action)
        return await self._commit(game, seat, notation, new_state, description)

    async def _run_ai(self, game: _Game) -> _Game:
        """Let AI seats move until a human must act or the game is over."""
        for _ in range(_MAX_AI_STEPS):
            if game.row.status != "running" or game.state is None:
                return game
            acting = sorted(game.engine.to_act(game.state))
            ai_seats = [s for s in acting if game.row.seats[s].is_ai]
            if not ai_seats:
                return game
            game = await self._ai_move(game, ai_seats[0])
        log.error("game %s: AI chain stopped after %s steps", game.row.id, _MAX_AI_STEPS)
        return game

    async def _turn_is_open(self, game: _Game, seat: int, turn_version: int) -> bool:
        if game.row.status != "running" or game.state is None:
            return False
        if seat not in game.engine.to_act(game.state) or game.row.seats[seat].is_ai:
            return False
        return await self.turn_start(game.row.id, seat) == turn_version

    async def turn_is_open(self, game_id: int, seat: int, turn_version: int) -> bool:
        """Whether `seat` (a person) still has the turn that began at `turn_version`."""
        return await self._turn_is_open(await self._load(game_id), seat, turn_version)
