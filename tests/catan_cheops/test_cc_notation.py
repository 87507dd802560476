"""The move notation: round trips, distinct strings, other languages' words, refusals, autocomplete."""

from __future__ import annotations

import pytest
from cc_support import play
from cc_support import position
from cc_support import random_states
from game_support import parse_refusal

from games.catan_cheops import ENGINE
from games.catan_cheops.actions import Move
from games.catan_cheops.data import EDGES
from games.core import MAX_QUICK_ACTIONS


def test_every_legal_move_round_trips_with_a_distinct_string() -> None:
    seen_kinds: set[int] = set()
    for players in (3, 4):
        for state in random_states(players, 5, every=3):
            for seat in ENGINE.to_act(state):
                legal = ENGINE.legal_actions(state, seat)
                texts = [ENGINE.format_action(state, action) for action in legal]
                assert len(set(texts)) == len(texts)
                for action, text in zip(legal, texts, strict=True):
                    assert ENGINE.parse_action(state, seat, text) == action
                    assert ENGINE.parse_action(state, seat, "  " + text.upper() + " ") == action
                    seen_kinds.add(action.kind)
                quick = ENGINE.quick_actions(state, seat)
                assert len(quick) <= MAX_QUICK_ACTIONS and set(quick) <= set(legal)
    assert len(seen_kinds) >= 14


def test_examples() -> None:
    state = position(hands={0: {"brick": 1}})
    assert ENGINE.parse_action(state, 0, "road E34") == Move(6, 33)
    assert ENGINE.parse_action(state, 0, "straße e34") == Move(6, 33)
    assert ENGINE.parse_action(state, 0, "schip E34") == Move(7, 33)
    assert ENGINE.parse_action(state, 0, "siedlung I12") == Move(8, 11)
    assert ENGINE.parse_action(state, 0, "dorp i12") == Move(8, 11)
    assert ENGINE.parse_action(state, 0, "bank 4 lehm for erz") == ENGINE.parse_action(
        state, 0, "bank 4 brick for ore"
    )
    assert ENGINE.parse_action(state, 0, "offer 1 leem for 2 wol") == Move(12, 0, 1, 2, 2)
    assert ENGINE.parse_action(state, 0, "discard 1 ore 2 brick") == ENGINE.parse_action(
        state, 0, "discard 2 brick 1 ore"
    )
    assert ENGINE.format_action(state, ENGINE.parse_action(state, 0, "discard 1 ore 2 brick")) == (
        "discard 2 brick 1 ore"
    )
    assert ENGINE.parse_action(state, 0, "play plenty ore brick") == Move(16, 3, 0, 4)
    assert ENGINE.parse_action(state, 0, "robber h7 steal 2") == Move(15, 6, 1)
    assert ENGINE.parse_action(state, 0, "block via 3") == Move(10, 2)


def test_board_numbers_name_intersections_and_edges_by_their_ends() -> None:
    """The image labels free intersections with bare numbers: `settlement 12`, `road 12 13` work too."""
    state = position()
    assert ENGINE.parse_action(state, 0, "settlement 12") == ENGINE.parse_action(state, 0, "settlement I12")
    assert ENGINE.parse_action(state, 0, "stadt 12") == ENGINE.parse_action(state, 0, "city I12")
    for index, (a, b) in enumerate(EDGES[:40]):
        road = ENGINE.parse_action(state, 0, f"road E{index + 1}")
        assert ENGINE.parse_action(state, 0, f"road {a + 1} {b + 1}") == road
        assert ENGINE.parse_action(state, 0, f"road I{b + 1}-I{a + 1}") == road
        assert ENGINE.parse_action(state, 0, f"ship {b + 1}-{a + 1}") == ENGINE.parse_action(
            state, 0, f"ship E{index + 1}"
        )
        assert ENGINE.format_action(state, road) == f"road E{index + 1}"


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("road E999", "There is no edge E999."),
        ("settlement I0", "There is no intersection I0."),
        ("robber H99", "There is no hex H99."),
        ("trade with 9", "There is no player 9."),
        ("bank 4 sand for ore", "“sand” is not a resource: brick, lumber, wool, grain, ore (or gold)."),
        ("fly away", "“fly away” is not a move."),
        ("discard 1 gold", "Gold coins are not discarded."),
        ("road 1 100", "I1 and I100 are not the two ends of one edge."),
        ("road 1 999", "There is no intersection I999."),
        ("road E1 E2", "“road E1 E2” is not a move."),
    ],
)
def test_unreadable_notation(text: str, sentence: str) -> None:
    assert str(parse_refusal(ENGINE, position(), 0, text)).startswith(sentence)


def test_suggestions_narrow_by_kind_then_target() -> None:
    state = position(
        settlements={"I23": 0},
        roads={"E33": 0},
        hands={0: {"brick": 3, "lumber": 3, "wool": 3, "grain": 3, "ore": 3}},
    )
    first = ENGINE.suggest(state, 0, "", 25)
    verbs = [text.split()[0] for text in first]
    assert len(set(verbs[:7])) == 7  # one per kind of move first
    roads = ENGINE.suggest(state, 0, "road ", 25)
    assert roads and all(text.startswith("road E") for text in roads)
    assert ENGINE.suggest(state, 0, "straße", 25) == ENGINE.suggest(state, 0, "road", 25)
    assert ENGINE.suggest(state, 0, "bank 3 lehm", 25)[0].startswith("bank 3 brick for")
    for text in first + roads:
        assert ENGINE.parse_action(state, 0, text) in ENGINE.legal_actions(state, 0)
    assert "end" in [ENGINE.format_action(state, a) for a in ENGINE.quick_actions(state, 0)]


def test_describe_names_only_what_is_public() -> None:
    state = position(settlements={"I23": 1}, hands={1: {"ore": 2}}, phase=4, resume=2)
    said = ENGINE.describe(state, 0, ENGINE.parse_action(state, 0, "robber H12 steal 2"))
    assert str(said) == "Player 1 moves the robber to H12 and robs Player 2."
    knight = position(cards={0: {"knight": 1}}, settlements={"I23": 0})
    said = ENGINE.describe(knight, 0, ENGINE.parse_action(knight, 0, "play knight"))
    assert str(said) == "Player 1 plays the knight card."
    said = ENGINE.describe(state, 0, ENGINE.parse_action(state, 0, "discard 2 brick 1 ore"))
    assert str(said) == "Player 1 discards 2 brick and 1 ore."
    said = ENGINE.describe(state, 0, ENGINE.parse_action(state, 0, "bank 2 brick for ore via 3"))
    assert str(said) == "Player 1 trades 2 brick for 1 ore at Player 3's harbour and pays Player 3 1 gold."
    play(state, 0, "robber H12 steal 2")
