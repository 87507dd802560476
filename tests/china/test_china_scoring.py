"""The rulebook's worked examples of scoring, the fortress variant, and the winner."""

from __future__ import annotations

from china_support import act
from china_support import position
from china_support import refusal
from china_support import space

from games.china import ENGINE
from games.china.data import ROAD_NEIGHBOURS
from games.china.data import SPACE_INDEX
from games.china.scoring import alliance_points
from games.china.scoring import chain_points
from games.china.scoring import final_scoring
from games.china.scoring import longest_chain
from games.china.state import OVER
from games.china.state import REFILL
from games.china.state import house_points


def test_house_points_examples() -> None:
    assert house_points((0, 0, 0, 0, 1, 1, 2), 0, 3) == [7, 4, 2]
    assert house_points((1, 1, 0, 0, 2), 0, 3) == [5, 5, 2]
    assert house_points((-1, -1, 0, -1), 0, 3) == [1, 0, 0]
    assert house_points((-1, -1, -1), 0, 3) == [0, 0, 0]


def test_alliance_example_blue_scores_6() -> None:
    # Blue is seat 2 (Carl), red seat 1, green seat 0, purple seat 3 (Anne).
    envoys = [(0, 0, 0, 0)] * 9
    wei, qin, shu = 1, 6, 2
    envoys[wei] = (0, 1, 1, 0)
    envoys[qin] = (1, 1, 2, 0)
    envoys[shu] = (0, 0, 1, 2)
    # Alliance 3 (Wei–Ch'in): blue leads in both, 2 + 4 = 6; alliance 4 (Ch'in–Shu): nobody.
    assert alliance_points(tuple(envoys), 4) == [0, 0, 6, 0]
    # The same emissaries on our board, with houses enough for them (the most houses of one
    # seat in a province bound its emissaries), in a state that loads.
    houses = {
        "WEI1": 0,
        "WEI2": 0,
        "QIN1": 1,
        "QIN2": 1,
        "QIN3": 1,
        "QIN4": 1,
        "SHU1": 3,
        "SHU2": 3,
        "SHU3": 3,
    }
    named = {"WEI": envoys[wei], "QIN": envoys[qin], "SHU": envoys[shu]}
    state = ENGINE.loads(ENGINE.dumps(position(houses=houses, envoys=named)))
    assert final_scoring(state).alliances == (0, 0, 6, 0)


def test_tied_majorities_both_score_an_alliance() -> None:
    envoys = [(0, 0, 0)] * 9
    envoys[1] = (1, 1, 0)  # Wei
    envoys[6] = (2, 2, 1)  # Ch'in
    assert alliance_points(tuple(envoys), 3) == [7, 7, 0]


def test_chain_example_scores_5_and_ignores_the_branch() -> None:
    # Four houses in Ch'in and one in Shu in a line (SHU1-QIN5-QIN2-QIN3-QIN4), QIN1 on a branch.
    names = ["SHU1", "QIN5", "QIN2", "QIN3", "QIN4", "QIN1"]
    state = position(houses=dict.fromkeys(names, 2))
    assert chain_points(state) == [0, 0, 5, 0]
    assert final_scoring(state).chains == (0, 0, 5, 0)
    # As the rulebook draws it, the house on the branch is the one lower left in Ch'in: QIN6.
    names = ["SHU1", "QIN5", "QIN2", "QIN3", "QIN4", "QIN6"]
    for side in ("A", "B"):
        state = position(side=side, houses=dict.fromkeys(names, 2))
        assert final_scoring(state).chains == (0, 0, 5, 0)


def test_chains_need_four_houses_and_count_each_group() -> None:
    state = position(houses={"QIN1": 0, "QIN2": 0, "QIN3": 0, "ZHAO1": 1})
    assert chain_points(state) == [0, 0, 0, 0]
    # A road crosses the border: QIN1-ZHAO1; another seat's house breaks a chain.
    state = position(houses={"QIN3": 0, "QIN2": 0, "QIN1": 0, "ZHAO1": 0, "ZHAO2": 1, "ZHAO3": 0})
    assert chain_points(state) == [4, 0, 0, 0]


def test_a_fortress_doubles_a_chain_through_it() -> None:
    spaces = frozenset(SPACE_INDEX[space(name)] for name in ("QIN1", "QIN2", "QIN3", "QIN4"))
    neighbours = ROAD_NEIGHBOURS["A"]
    assert longest_chain(spaces, neighbours, frozenset()) == 4
    assert longest_chain(spaces, neighbours, frozenset({SPACE_INDEX[space("QIN3")]})) == 8


def test_fortress_variant_placement_and_double_house_scoring() -> None:
    state = position(
        fortresses=True,
        houses={"LU1": 1, "LU2": 1},
        hands=["orange orange red", "", "", ""],
    )
    assert "fortress lu 3" in [ENGINE.format_action(state, a) for a in ENGINE.legal_actions(state, 0)]
    state = act(state, 0, "fortress lu 3", "house lu 3")
    assert state.forts[8] == 0b100 and state.forts_left[0] == 0
    assert ENGINE.legal_actions(state, 0)[0]  # refilling
    # Seat 1 fills Lu (3 houses: 4 points); seat 0's one house stands on the fortress: 2 × 3.
    full = position(
        fortresses=True,
        houses={"LU1": 1, "LU2": 1, "LU3": 0},
        forts=["LU3"],
        hands=["", "orange", "", ""],
        turn=1,
    )
    full = act(full, 1, "house lu 4")
    assert full.points == (2 * 3, 4, 0, 0)


def test_the_fortress_example_of_the_rulebook() -> None:
    # Herman, three yellow cards: a fortress on a free space in Qi, a house on it, and he must
    # stop though a yellow card is left (2 pieces a turn).
    state = position(fortresses=True, houses={"QI1": 1}, hands=["yellow yellow yellow", "", "", ""])
    state = act(state, 0, "fortress qi 3", "house qi 3")
    assert state.step == REFILL and state.hands[0] == (0, 0, 0, 1, 0)
    assert state.board[5][2] == 0 and state.forts[5] == 0b100


def test_a_house_may_be_built_on_anothers_fortress() -> None:
    state = position(fortresses=True, houses={"WEI1": 1}, forts=["WEI2"], hands=["red red red", "", "", ""])
    assert state.forts_left == (0, 1, 1, 1)
    state = act(state, 0, "house wei 2")
    assert state.board[1][1] == 0


def test_fortress_counts_for_the_one_piece_rule_and_is_refused_without_the_variant() -> None:
    state = position(fortresses=True, hands=["purple purple red", "", "", ""])
    state = act(state, 0, "fortress chu 1")
    assert state.step == REFILL
    assert refusal(state, 0, "house chu 1") == "You may place only one piece in an empty province."
    plain = position(houses={"WEI1": 1}, hands=["red red red", "", "", ""])
    assert refusal(plain, 0, "fortress wei 2") == "This game is played without fortresses."


def test_final_scoring_and_the_tie_break_by_pieces_left() -> None:
    # Two seats with the same points: the one with more pieces left wins.
    state = position(3, houses={"LU1": 0, "LU2": 1}, hands=["", "", ""], step=OVER)
    result = ENGINE.outcome(state)
    assert result is not None
    assert result.scores == (2, 2, 0)
    assert result.details[0] == {"houses": 0, "provinces": 2, "alliances": 0, "chains": 0}
    for part in result.details[0]:
        for texts in (ENGINE.texts, *ENGINE.locales.values()):
            assert "{value}" in texts[f"china.outcome.{part}"]
    assert result.winners == {0, 1} and result.tiebreak == (27, 27, 28)
    state = state._replace(envoys_left=(7, 8, 8))
    result = ENGINE.outcome(state)
    assert result is not None and result.winners == {1}
