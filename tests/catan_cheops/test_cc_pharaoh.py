"""The option `pharaoh`: when the pharaoh builds (`rulebook`: every 7; `revised`: once a player
block stands), and what games stored before the option get (`revised`, as they were played)."""

from __future__ import annotations

import json
import random

import pytest
from cc_support import play
from cc_support import position
from test_cc_rules import SITE
from test_cc_rules import rng_rolling

from games.catan_cheops import ENGINE
from games.catan_cheops.rules import cursed
from games.catan_cheops.rules import points
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import PHARAOHS
from games.catan_cheops.state import REVISED
from games.catan_cheops.state import ROBBER
from games.catan_cheops.state import ROLL
from games.catan_cheops.state import RULEBOOK
from games.catan_cheops.state import SEVEN
from games.catan_cheops.state import State
from games.core import IllegalAction


def seven(pharaoh: int, pyramid: tuple[int, ...] = ()) -> State:
    """The position after a 7 that nobody discards for, the robber moved to an empty hex."""
    state = position(phase=ROLL, rng=rng_rolling(7), pyramid=pyramid, pharaoh=pharaoh)
    return play(play(state, 0, "roll"), 0, "robber H22")


def test_the_option_is_declared_with_rulebook_as_default() -> None:
    assert [(o.name, o.choices, o.default, o.before) for o in ENGINE.options] == [
        ("pharaoh", ("rulebook", "revised"), "rulebook", "revised")
    ]
    for players in (3, 4):
        assert ENGINE.check_options(players, {}) == {"pharaoh": "rulebook"}
        assert ENGINE.check_options(players, {"pharaoh": "revised"}) == {"pharaoh": "revised"}
    with pytest.raises(IllegalAction):
        ENGINE.check_options(3, {"pharaoh": "never"})
    with pytest.raises(ValueError):
        ENGINE.setup(3, 1, {"pharaoh": "never"})
    assert ENGINE.setup(3, 1, {"pharaoh": "rulebook"}).pharaoh == RULEBOOK
    assert ENGINE.setup(3, 1, {"pharaoh": "revised"}).pharaoh == REVISED
    # A new game without options: the default.
    assert ENGINE.setup(3, 1).pharaoh == ENGINE.setup(3, 1, {}).pharaoh == RULEBOOK


def test_rulebook_pharaoh_builds_on_the_first_seven() -> None:
    after = seven(RULEBOOK)
    assert after.phase == MAIN and after.pyramid == (BLACK,)
    after = seven(RULEBOOK, (BLACK, BLACK))
    assert after.pyramid == (BLACK, BLACK, BLACK)


def test_revised_pharaoh_waits_for_the_first_player_block() -> None:
    assert seven(REVISED).pyramid == ()
    assert seven(REVISED, (2,)).pyramid == (2, BLACK)


def test_black_blocks_before_any_player_block_bring_no_blessing_or_curse() -> None:
    state = position(
        settlements={SITE: 0, "I23": 1},
        hands={0: {"brick": 1, "ore": 1}},
        pyramid=(BLACK, BLACK),
        pharaoh=RULEBOOK,
    )
    # Black blocks count for nobody: no curse, no blessing, no points lost.
    assert state.blessing == -1 and cursed(state) == [False] * 4
    assert points(state, 1) == 1 and points(state, 2) == 0
    # The first player block, on the next free place, brings the blessing and the curse.
    after = play(state, 0, "block")
    assert after.pyramid == (BLACK, BLACK, 0) and after.blessing == 0
    assert cursed(after) == [False, True, True, True]
    assert points(after, 0) == 4 and points(after, 1) == -1


def test_the_last_black_block_ends_a_rulebook_game_without_player_blocks() -> None:
    state = position(phase=ROBBER, resume=SEVEN, pyramid=(BLACK,) * 15, pharaoh=RULEBOOK)
    over = play(state, 0, "robber H22")
    assert over.over and over.ended == 2 and over.pyramid == (BLACK,) * 16
    result = ENGINE.outcome(over)
    assert result is not None and all(d["curse"] == 0 and d["blessing"] == 0 for d in result.details)


def test_saves_keep_the_option_and_refuse_early_black_blocks_only_when_revised() -> None:
    for pharaoh in (RULEBOOK, REVISED):
        state = seven(RULEBOOK, (BLACK,))._replace(pharaoh=pharaoh)
        data = json.loads(ENGINE.dumps(state))
        assert data["version"] == 2 and data["pharaoh"] == ("rulebook", "revised")[pharaoh]
        if pharaoh == RULEBOOK:
            assert ENGINE.loads(ENGINE.dumps(state)) == state
        else:
            with pytest.raises(ValueError):
                ENGINE.loads(ENGINE.dumps(state))
    data = json.loads(ENGINE.dumps(position(pharaoh=RULEBOOK)))
    for bad in ({**data, "pharaoh": "never"}, {**data, "pharaoh": None}, {**data, "version": 1}):
        with pytest.raises(ValueError):
            ENGINE.loads(json.dumps(bad))


def _play_out(options: dict[str, str] | None, seed: int) -> tuple[list[tuple[int, str]], State]:
    """A seeded random game from `setup(3, seed, options)`: its moves and its final state."""
    chooser = random.Random(seed)
    state = ENGINE.setup(3, seed, options)
    moves: list[tuple[int, str]] = []
    while acting := ENGINE.to_act(state):
        seat = chooser.choice(sorted(acting))
        action = chooser.choice(ENGINE.legal_actions(state, seat))
        moves.append((seat, ENGINE.format_action(state, action)))
        state = ENGINE.apply(state, seat, action)
    return moves, state


def test_games_stored_before_the_option_replay_as_revised() -> None:
    """A game stored before the option has no `pharaoh` in its options (they were empty) and
    saves of version 1: both mean `revised`, as they were played."""
    assert ENGINE.stored_options(3, {}) == {"pharaoh": "revised"}
    for chosen in PHARAOHS:
        assert ENGINE.stored_options(4, {"pharaoh": chosen}) == {"pharaoh": chosen}
    for seed in range(6):
        moves, final = _play_out({"pharaoh": "revised"}, seed)
        for stored in ({}, {"pharaoh": "revised"}):
            state = ENGINE.setup(3, seed, ENGINE.stored_options(3, stored))
            assert state.pharaoh == REVISED
            for seat, text in moves:
                state = ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text))
            assert state == final
        # The same save as the version before the option wrote it loads as revised.
        old = json.loads(ENGINE.dumps(final))
        del old["pharaoh"]
        old["version"] = 1
        assert ENGINE.loads(json.dumps(old)) == final
    # Old saves never held a black block before the first player block.
    early = json.loads(ENGINE.dumps(seven(RULEBOOK, (BLACK,))))
    del early["pharaoh"]
    early["version"] = 1
    with pytest.raises(ValueError):
        ENGINE.loads(json.dumps(early))


def test_the_options_lead_to_different_games() -> None:
    """Some seed's random game differs between the options (the pharaoh's early blocks)."""
    differs = 0
    for seed in range(6):
        rulebook = _play_out({"pharaoh": "rulebook"}, seed)[1]
        revised = _play_out({"pharaoh": "revised"}, seed)[1]
        differs += rulebook.pyramid != revised.pyramid
    assert differs
