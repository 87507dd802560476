"""An option added to a game that was already played: games stored before it go on as they
were played (`Option.before`, `Engine.stored_options`).

Catan: Cheops got the option `pharaoh` (`rulebook`, the default, or `revised`); its games
stored before the option were played as `revised`, with empty options and saves of
version 1. Such a game record loads, replays to its stored state, passes the migration's
check and says which rule it is played with.

China got the option `board` (not offered to hosts): its games stored before it were played
with 5 house spaces in Ch'in, and replay so (a recorded game whose log the board with 6
refuses).
"""

from __future__ import annotations

import json
import random
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest
from service_support import no_image

import games
from bot.history import replay
from bot.migrate import replay_problem
from bot.results import Caller
from bot.service import GameService
from bot.store import GameRow
from bot.store import Store
from games.catan_cheops import ENGINE
from games.catan_cheops.state import REVISED
from games.catan_cheops.state import RULEBOOK
from games.core import Option

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
#: A seed whose random game has a 7 before the first player block (the options differ there).
SEED = 3


def old_save(state: object) -> str:
    """The save as the version before the option wrote it (version 1, no `pharaoh`)."""
    data = json.loads(ENGINE.dumps(state))
    del data["pharaoh"]
    data["version"] = 1
    return json.dumps(data, separators=(",", ":"))


def old_log(moves: int) -> list[tuple[int, str]]:
    """`moves` random moves of the seeded 3-player game as it was played before the option."""
    chooser = random.Random(SEED)
    state = ENGINE.setup(3, SEED, {"pharaoh": "revised"})
    log: list[tuple[int, str]] = []
    while len(log) < moves and (acting := ENGINE.to_act(state)):
        seat = chooser.choice(sorted(acting))
        action = chooser.choice(ENGINE.legal_actions(state, seat))
        log.append((seat, ENGINE.format_action(state, action)))
        state = ENGINE.apply(state, seat, action)
    return log


async def old_game(store: Store, log: list[tuple[int, str]]) -> GameRow:
    """A Cheops game recorded as the release before the option recorded it: empty options,
    saves of version 1."""
    row = await store.create_game(
        engine=ENGINE.id, guild_id=3, channel_id=4, host_id=1, host_name="Anna", options={}, now=T0
    )
    people = [(1, "Anna", False), (2, "Bob", False), (3, "Carl", False)]
    row = await store.set_seats(row.id, row.version, people, now=T0)
    state = ENGINE.setup(3, SEED, {"pharaoh": "revised"})
    row = await store.start_game(row.id, row.version, seed=SEED, state=old_save(state), now=T0, options={})
    for seat, text in log:
        state = ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text))
        row = await store.record_move(
            row.id, row.version, seat=seat, action=text, state=old_save(state), outcome=None, now=T0
        )
    assert row.options == {}
    return row


def test_stored_options_fill_in_what_was_added_since() -> None:
    assert ENGINE.stored_options(3, {}) == {"pharaoh": "revised"}
    assert ENGINE.stored_options(3, {"pharaoh": "rulebook"}) == {"pharaoh": "rulebook"}
    # A new game without options takes the default, not what old games were played with.
    assert ENGINE.check_options(3, {}) == {"pharaoh": "rulebook"}
    with pytest.raises(ValueError):
        ENGINE.stored_options(3, {"pharaoh": "never"})
    with pytest.raises(ValueError):
        Option("pharaoh", ("rulebook", "revised"), before="never")


async def test_a_game_stored_before_the_option_replays_as_it_was_played(store: Store) -> None:
    log = old_log(400)
    row = await old_game(store, log)
    moves = await store.moves(row.id)
    stored = ENGINE.loads(row.state or "")
    assert stored.pharaoh == REVISED

    start, steps = replay(ENGINE, row, moves)
    assert start.pharaoh == REVISED and steps[-1].state == stored
    assert replay_problem(row, moves) is None

    # Under the rulebook's pharaoh the same log is another game: the test can tell them apart.
    rulebook = ENGINE.setup(3, SEED)
    assert rulebook.pharaoh == RULEBOOK
    try:
        for seat, text in log:
            rulebook = ENGINE.apply(rulebook, seat, ENGINE.parse_action(rulebook, seat, text))
    except Exception:  # a move the other game does not allow
        rulebook = start
    assert rulebook != stored


async def test_the_service_goes_on_with_an_old_game_under_its_rule(store: Store) -> None:
    row = await old_game(store, old_log(60))
    service = GameService(store, render=no_image)
    anna = Caller(1, "Anna", guild_id=3, locale="en")
    _, _, state = await service.current(row.id)
    assert state.pharaoh == REVISED
    info = (await service.info(anna, row.id)).text
    assert "When the pharaoh builds: Once a player block stands (revised)" in info

    # The next move is saved in the new format, still `revised`.
    seat = min(ENGINE.to_act(state))
    text = ENGINE.format_action(state, ENGINE.legal_actions(state, seat)[0])
    person = Caller(seat + 1, ("Anna", "Bob", "Carl")[seat], guild_id=3)
    await service.move(person, row.id, text)
    await service.idle()
    saved = json.loads((await store.get_game(row.id)).state or "")
    assert saved["version"] == 2 and saved["pharaoh"] == "revised"
    assert replay_problem(await store.get_game(row.id), await store.moves(row.id)) is None


async def test_a_china_game_stored_before_the_board_option_replays_on_its_board(store: Store) -> None:
    recorded = json.loads((Path(__file__).parent / "china" / "old_game_qin5_placing.json").read_text("utf-8"))
    china = games.get("china")
    row = await store.create_game(
        engine=china.id, guild_id=3, channel_id=4, host_id=1, host_name="Anna", options={}, now=T0
    )
    people = [(1, "Anna", False), (2, "Bob", False), (3, "Carl", False), (4, "Dora", False)]
    row = await store.set_seats(row.id, row.version, people, now=T0)
    # The options as the lobby then completed them: side and fortresses, no board.
    options = dict(recorded["options"])
    state = china.setup(4, recorded["seed"], china.stored_options(4, options))
    row = await store.start_game(
        row.id, row.version, seed=recorded["seed"], state=china.dumps(state), now=T0, options=options
    )
    for seat, text in recorded["moves"]:
        state = china.apply(state, seat, china.parse_action(state, seat, text))
        row = await store.record_move(
            row.id, row.version, seat=seat, action=text, state=china.dumps(state), outcome=None, now=T0
        )
    assert row.options == options and row.state == json.dumps(
        recorded["saved"]["final"], separators=(",", ":"), ensure_ascii=False
    )
    moves = await store.moves(row.id)
    start, steps = replay(china, row, moves)
    assert china.view(start, None)["board"] == "5"
    assert china.dumps(steps[-1].state) == row.state
    assert replay_problem(row, moves) is None
