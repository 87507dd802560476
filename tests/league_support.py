"""Helpers of the league tests: the people seated at a table game play it out."""

from __future__ import annotations

import random

from bot.results import Caller
from bot.service import GameService


async def play_out(
    service: GameService, game_id: int, rng: random.Random, *, until_seat: int | None = None
) -> None:
    """The people seated make random legal moves until the game ends (or `until_seat` must act)."""
    for _ in range(5_000):
        await service.settled(game_id)
        row, engine, state = await service.current(game_id)
        if row.status != "running" or state is None:
            return
        acting = sorted(engine.to_act(state))
        if until_seat is not None and until_seat in acting:
            return
        seat = next(s for s in acting if not row.seats[s].is_ai)
        user = row.seats[seat].user_id
        assert user is not None
        action = rng.choice(engine.legal_actions(state, seat))
        caller = Caller(
            user, row.seats[seat].name, guild_id=row.guild_id, channel_id=row.thread_id or row.channel_id
        )
        await service.move(caller, game_id, engine.format_action(state, action))
    raise AssertionError("the game did not end")
