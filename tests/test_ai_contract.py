"""What every game's AI owes whoever asks it for a move, whatever the game."""

from __future__ import annotations

import pytest
from ai_support import positions

import ai
import games
from games.core import Engine

AI_ENGINES = [engine for engine in games.all() if ai.has_ai(engine.id)]


@pytest.mark.parametrize("engine", AI_ENGINES, ids=[engine.id for engine in AI_ENGINES])
def test_no_move_is_asked_of_a_seat_without_one(engine: Engine) -> None:
    state, seat = next(positions(engine, 4, 3))
    other = (seat + 1) % 4
    assert other not in engine.to_act(state)
    with pytest.raises(ValueError):
        ai.chooser(engine.id)(state, other, 0)
