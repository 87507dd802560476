"""Games begun on the board with 5 house spaces in Ch'in go on on that board.

Until 2026-11-26 Ch'in had 5 house spaces; new games have 6. A game keeps the
board it began on (the option `board`, not offered to hosts): its game record
stored no `board` (`Engine.stored_options` gives it "5"), and its saves list 5
houses for Ch'in (the rows' lengths are the board). Two recorded games:
`old_game_qin5.json` (a house that filled Ch'in and scored it at once) and
`old_game_qin5_placing.json` (an emissary in a full Ch'in that ended placing:
on the board with 6 spaces placing would go on and its log would not replay).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ai.china import choose
from games.china import ENGINE
from games.china.data import PROVINCES
from games.china.data import SPACES
from games.china.state import OVER
from games.china.state import PLACE
from games.china.state import REFILL
from games.china.state import State
from games.core import IllegalAction

QIN = PROVINCES.index("QIN")
HERE = Path(__file__).parent
SCORED = json.loads((HERE / "old_game_qin5.json").read_text(encoding="utf-8"))
PLACING = json.loads((HERE / "old_game_qin5_placing.json").read_text(encoding="utf-8"))


def replayed(game: dict[str, Any], moves: list[Any], board: str | None = None) -> State:
    """The game's state after `moves`, replayed from its seed as the bot replays a log (with
    the options its record holds; `board` replaces the board's version)."""
    options = ENGINE.stored_options(game["players"], game["options"])
    if board is not None:
        options["board"] = board
    state = ENGINE.setup(game["players"], game["seed"], options)
    for seat, text in moves:
        action = ENGINE.parse_action(state, seat, text)
        if action not in ENGINE.legal_actions(state, seat):
            raise IllegalAction(ENGINE.describe(state, seat, action))
        state = ENGINE.apply(state, seat, action)
    return state


def loaded(saved: dict[str, Any]) -> State:
    return ENGINE.loads(json.dumps(saved))


@pytest.mark.parametrize("game", [SCORED, PLACING], ids=["scored", "placing"])
def test_the_records_are_from_the_board_with_five_spaces_in_chin(game: dict[str, Any]) -> None:
    assert SPACES[QIN] == 6
    assert "board" not in game["options"]
    assert ENGINE.stored_options(game["players"], game["options"])["board"] == "5"
    for saved in game["saved"].values():
        assert len(saved["provinces"][QIN]["houses"]) == 5
    assert not any("qin 6" in text for _, text in game["moves"])


@pytest.mark.parametrize("game", [SCORED, PLACING], ids=["scored", "placing"])
def test_an_old_game_loads_and_replays_on_its_board(game: dict[str, Any]) -> None:
    for after, saved in game["saved"].items():
        state = loaded(saved)
        assert len(state.board[QIN]) == 5 and ENGINE.view(state, None)["board"] == "5"
        # Saved again, it is still a save of that board, byte for byte.
        assert ENGINE.dumps(state) == json.dumps(saved, separators=(",", ":"), ensure_ascii=False)
        moves = game["moves"] if after == "final" else game["moves"][: int(after)]
        assert replayed(game, moves) == state
    final = replayed(game, game["moves"])
    assert final.step == OVER
    outcome = ENGINE.outcome(final)
    assert outcome is not None and list(outcome.scores) == game["scores"]


def test_the_fifth_house_still_fills_chin_and_scores_it_at_once() -> None:
    state = loaded(SCORED["saved"]["62"])
    assert -1 not in state.board[QIN] and state.free[QIN] == 0
    assert state.points != (0, 0, 0, 0)


def test_a_log_that_needs_the_old_board() -> None:
    """Move 77 follows placing that ended on the board with 5 spaces; with 6 it is refused."""
    moves = PLACING["moves"]
    before = loaded(PLACING["saved"]["76"])
    assert before.step == REFILL and moves[76][1].startswith("take")
    assert replayed(PLACING, moves[:76]) == before
    # With a sixth space in Ch'in the seat could still place there: placing goes on.
    assert replayed(PLACING, moves[:76], board="6").step == PLACE
    with pytest.raises(IllegalAction):
        replayed(PLACING, moves, board="6")


def test_an_old_game_goes_on_on_its_board() -> None:
    """Loaded from its save, the game goes on with 5 spaces: no move offers or takes QIN6,
    and the AI plays it (every move legal) to its end."""
    state = loaded(PLACING["saved"]["76"])
    qin6 = ENGINE.parse_action(ENGINE.setup(4, 1), 0, "house qin 6")
    while (seat := ENGINE.current_turn(state)) is not None:
        legal = ENGINE.legal_actions(state, seat)
        assert all("qin 6" not in ENGINE.format_action(state, action) for action in legal)
        with pytest.raises(IllegalAction):
            ENGINE.parse_action(state, seat, "house qin 6")
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, qin6)
        action = choose(state, seat, 7)
        assert action in legal
        state = ENGINE.apply(state, seat, action)
    assert len(state.board[QIN]) == 5 and ENGINE.outcome(state) is not None
