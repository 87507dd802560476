"""Who must decide, in words: a turn is "your turn", an answer outside one's turn is not."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import games
from bot.service.narrator import Narrator
from renderers import samples


def _game(engine: Any, players: int) -> Any:
    """What `status_line` reads of a game: its engine, the names, and people in every seat."""
    seats = [SimpleNamespace(is_ai=False) for _ in range(players)]
    return SimpleNamespace(
        engine=engine, names=[f"P{n}" for n in range(players)], row=SimpleNamespace(seats=seats)
    )


def test_a_decision_outside_one_s_turn_is_not_called_their_turn() -> None:
    engine = games.get("catan-cheops")
    narrator = Narrator.__new__(Narrator)  # status_line reads nothing of the narrator's parts
    game = _game(engine, 4)
    seen = {"turn": False, "other": False}
    for seed in range(40):
        for state in samples.random_game(engine, 4, seed, any_seat=True)[:400]:
            acting = sorted(engine.to_act(state))
            if not acting or engine.outcome(state) is not None:
                continue
            said = narrator.status_line(game, state, "en")
            if engine.hidden_acting(state):
                # Those asked privately (an offer) are named nowhere, and it is nobody's turn.
                assert "it is your turn" not in said and "answer privately" in said, said
            elif acting == [engine.current_turn(state)]:
                assert "it is your turn" in said, said
                seen["turn"] = True
            else:
                assert "it is your turn" not in said and "Now deciding" in said, said
                seen["other"] = True
        if all(seen.values()):
            break
    assert all(seen.values()), seen
