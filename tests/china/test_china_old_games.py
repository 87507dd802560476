"""Games stored before Ch'in had 6 house spaces still load and replay on today's board.

`old_game_qin5.json` was recorded with the board of 5 spaces in Ch'in: its move
log, two saved states and the scores that board gave. The log replays move for
move (QIN1-QIN5 kept their numbers, the notation did not change), the saved
states load with QIN6 free, and the two agree with each other. What changes is
when Ch'in is scored: not when its fifth house comes any more but when its
sixth does or in the final scoring, with the same points (docs/china.md, "Saves").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.china import ENGINE
from games.china.data import PROVINCES, SPACES
from games.china.state import OVER, State

QIN = PROVINCES.index("QIN")
OLD = json.loads((Path(__file__).parent / "old_game_qin5.json").read_text(encoding="utf-8"))


def replayed(moves: list[Any]) -> State:
    """The game's state after `moves`, replayed from its seed as the bot replays a log."""
    state = ENGINE.setup(OLD["players"], OLD["seed"], ENGINE.check_options(OLD["players"], OLD["options"]))
    for seat, text in moves:
        action = ENGINE.parse_action(state, seat, text)
        assert action in ENGINE.legal_actions(state, seat), text
        state = ENGINE.apply(state, seat, action)
    return state


def test_the_fixture_is_from_the_board_with_five_spaces_in_chin() -> None:
    assert SPACES[QIN] == 6
    for saved in OLD["saved"].values():
        assert len(saved["provinces"][QIN]["houses"]) == 5
    assert not any("qin 6" in text for _, text in OLD["moves"])


def test_an_old_saved_state_loads_with_the_sixth_space_free() -> None:
    saved = OLD["saved"]["62"]
    state = ENGINE.loads(json.dumps(saved))
    assert state.board[QIN] == (*saved["provinces"][QIN]["houses"], -1)
    assert state.free[QIN] == 1 << 5
    # On the old board the fifth house filled Ch'in and scored it at once; here Ch'in has
    # room for one more, so it is not scored yet (points are rebuilt from the board).
    assert state.points == (0, 0, 0, 0)
    # Saved again, it is a save of today's board.
    assert len(json.loads(ENGINE.dumps(state))["provinces"][QIN]["houses"]) == 6


def test_an_old_move_log_replays_to_the_saved_states() -> None:
    moves = OLD["moves"]
    assert ENGINE.dumps(replayed(moves[:62])) == ENGINE.dumps(ENGINE.loads(json.dumps(OLD["saved"]["62"])))
    final = replayed(moves)
    assert final.step == OVER
    assert ENGINE.dumps(final) == ENGINE.dumps(ENGINE.loads(json.dumps(OLD["saved"]["final"])))


def test_an_old_game_keeps_its_scores() -> None:
    # Ch'in's points move from the house scoring during play to the final scoring.
    outcome = ENGINE.outcome(replayed(OLD["moves"]))
    assert outcome is not None
    assert list(outcome.scores) == OLD["scores"]
