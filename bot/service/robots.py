"""`Robots`: moves chosen by the AI, for AI seats and for people whose time ran out; and
the moves people have no choice about (`Engine.forced`), made for them at once.

Each AI seat plays at its own level (`SeatRow.level`). The AI thinks in a worker
process; the job carries the game's registered AI function of that level itself,
so a game registered only in this process is played too. It goes before any
drawing that waits for a worker, and its budget counts its thinking from its
start there, not its wait for a free worker.

An AI never stops a game: when it raises, answers with something that is not
a legal action, or thinks longer than its budget, a seeded random legal move
stands in for that decision (and the log says why, at WARNING).
"""

from __future__ import annotations

import logging

import ai
from bot.service.games import Games
from bot.service.model import MAX_AI_STEPS
from bot.service.model import Loaded
from bot.workers import Priority
from bot.workers import Workers
from games.core import Action

__all__ = ["THINKING_BUDGET", "Robots", "forced_move"]

log = logging.getLogger(__name__)

#: Seconds the AI may think about one decision.
THINKING_BUDGET = 10.0


class Robots:
    def __init__(self, games: Games, workers: Workers) -> None:
        self._games = games
        self._workers = workers
        self.thinking_budget = THINKING_BUDGET

    async def decide(self, game: Loaded, seat: int) -> Action:
        """The AI's action for `seat` at the seat's level (a person's seat: Normal), or a
        seeded random legal one when the AI fails."""
        seed = (game.row.seed or 0) + game.row.version
        budget = self.thinking_budget
        try:
            action = await self._workers.run(
                ai.chooser(game.engine.id, game.row.seats[seat].level),
                game.state,
                seat,
                seed,
                time_limit=budget,
                priority=Priority.THINKING,
            )
        except TimeoutError:
            problem, failure = f"thought longer than {budget:g} s", None
        except Exception as error:
            problem, failure = f"raised {type(error).__name__}", error
        else:
            if action in game.engine.legal_actions(game.state, seat):
                return action
            problem, failure = f"chose {action!r}, not a legal action", None
        log.warning(
            "game %s: the AI of seat %s %s; a random legal move stands in",
            game.row.id,
            seat,
            problem,
            exc_info=failure,
        )
        return ai.random_choice(game.engine, game.state, seat, seed)

    async def move(self, game: Loaded, seat: int) -> Loaded:
        """One move chosen by the AI for `seat`, stored."""
        return await self.make(game, seat, await self.decide(game, seat))

    async def make(self, game: Loaded, seat: int, action: Action) -> Loaded:
        """`action` made for `seat` and stored, in the words of any move."""
        new_state = game.engine.apply(game.state, seat, action)
        notation = game.engine.format_action(game.state, action)
        description = game.engine.describe(game.state, seat, action)
        return await self._games.commit(game, seat, notation, new_state, description)

    async def make_forced(self, game: Loaded, seat: int, action: Action) -> Loaded:
        """The move a person had no choice about, made for them and stored as theirs (the log
        replays the same), in words that say so."""
        new_state = game.engine.apply(game.state, seat, action)
        notation = game.engine.format_action(game.state, action)
        description = game.engine.describe_forced(game.state, seat, action)
        return await self._games.commit(game, seat, notation, new_state, description, forced=True)

    async def run(self, game: Loaded) -> Loaded:
        """Let AI seats move, and make the moves people have no choice about, until only
        people with a real decision must act or the game is over."""
        for _ in range(MAX_AI_STEPS):
            acting = sorted(game.acting())
            forced = [(s, a) for s in acting if (a := forced_move(game, s)) is not None]
            if forced:
                game = await self.make_forced(game, *forced[0])
                continue
            ai_seats = [s for s in acting if game.row.seats[s].is_ai]
            if not ai_seats:
                return game
            game = await self.move(game, ai_seats[0])
        log.error("game %s: AI chain stopped after %s steps", game.row.id, MAX_AI_STEPS)
        return game


def forced_move(game: Loaded, seat: int) -> Action | None:
    """The move the service makes for the person in `seat` because it is their only one
    (`Engine.forced`); None for an AI seat (its AI moves) or a real decision."""
    if game.row.seats[seat].is_ai or game.state is None:
        return None
    return game.engine.forced(game.state, seat)
