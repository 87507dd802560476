"""Each number China's `/rules` states, played through the engine.

Every test names the sentence it proves and checks that sentence in the
English text (`rules_say`) and its number in the engine, so that changing
either fails it.
"""

from __future__ import annotations

import functools

import pytest
from china_support import act
from china_support import counts
from china_support import position
from china_support import refusal
from game_support import rules_say

from games.china import ENGINE
from games.china.data import ALLIANCES
from games.china.data import PROVINCES
from games.china.scoring import alliance_points
from games.china.scoring import chain_points
from games.china.state import PLACE
from games.china.state import REFILL
from games.china.state import house_points
from games.core import IllegalAction

says = functools.partial(rules_say, ENGINE)

#: The cards of each colour in the box: purple, red, green, yellow, orange (57).
BOX = (10, 13, 12, 11, 11)
WEI, QIN, SHU = 1, 6, 2


@pytest.mark.parametrize(("players", "removed"), [(3, 2), (4, 1), (5, 0)])
def test_57_cards_less_1_of_each_colour_with_4_and_2_with_3_and_20_houses_8_emissaries_3_cards(
    players: int, removed: int
) -> None:
    says(
        "— 3 to 5 players",
        "The 57 cards lose 1 of each colour with 4 players and 2 of each with 3.",
        "Everyone has 20 houses and 8 emissaries and holds 3 cards; 4 cards lie open.",
    )
    assert sum(BOX) == 57
    state = ENGINE.setup(players, 9)
    for colour, total in enumerate(BOX):
        held = sum(hand[colour] for hand in state.hands) + state.open[colour] + state.deck.count(colour)
        assert held == total - removed
    assert [sum(hand) for hand in state.hands] == [3] * players
    assert sum(state.open) == 4
    assert state.houses_left == (20,) * players and state.envoys_left == (8,) * players


def test_nine_provinces_15_alliances_and_side_b_for_3_a_for_5_a_chosen_with_4() -> None:
    says(
        "nine provinces, 15 numbered alliances",
        "Side B is for 3 players, side A for 5; with 4 you choose (A unless chosen).",
    )
    assert (len(PROVINCES), len(ALLIANCES)) == (9, 15)
    assert ENGINE.check_options(3, {})["side"] == "B"
    assert ENGINE.check_options(4, {})["side"] == "A"
    assert ENGINE.check_options(4, {"side": "B"})["side"] == "B"
    assert ENGINE.check_options(5, {})["side"] == "A"
    for players, side in ((3, "A"), (5, "B")):
        with pytest.raises(IllegalAction):
            ENGINE.check_options(players, {"side": side})


def test_at_most_2_pieces_with_at_most_3_cards_and_a_joker_is_2_cards_of_another_colour() -> None:
    says(
        "with at most 3 cards, at most 2 pieces, in exactly 1 province",
        "or a *joker*: two cards of one other colour.",
    )
    state = position(houses={"WEI1": 1}, hands=["red green green", "", "", ""])
    state = act(state, 0, "house wei 2 joker green")
    assert state.hands[0] == counts("red") and state.step == PLACE
    state = act(state, 0, "house wei 3")
    assert state.step == REFILL and state.cards_used == 3 and state.placed == 2


def test_only_1_piece_in_a_province_with_no_piece() -> None:
    says("In a province with no piece at all, only 1 piece this turn.")
    state = act(position(hands=["red red red", "", "", ""]), 0, "house shu 1")
    assert state.step == REFILL and state.placed == 1
    assert refusal(state, 0, "house shu 2") == "You may place only one piece in an empty province."


def test_the_hand_is_refilled_to_3_and_then_the_open_row_to_4() -> None:
    says(
        "Then refill your hand to 3, one card at a time, from the open cards or the deck; only then is the "
        "open row refilled to 4."
    )
    state = position(
        houses={"WEI1": 1}, hands=["red red purple", "", "", ""], open_cards="green yellow orange orange"
    )
    state = act(state, 0, "house wei 2", "house wei 3", "take green")
    assert sum(state.hands[0]) == 2 and sum(state.open) == 3
    state = act(state, 0, "take deck")
    assert sum(state.hands[0]) == 3 and sum(state.open) == 4 and state.turn == 1


@pytest.mark.parametrize(
    ("houses", "scores"),
    [((0, 0, 0, 0, 1, 1, 2), [7, 4, 2]), ((1, 1, 0, 0, 2), [5, 5, 2])],
)
def test_province_scoring_gives_4_2_1_houses_7_4_2_and_2_2_1_houses_5_5_2(
    houses: tuple[int, ...], scores: list[int]
) -> None:
    says(
        "The most houses score 1 point per house there (all colours); each next place scores the house "
        "count of the place just above it",
        "Examples (houses → points): 4, 2, 1 → 7, 4, 2; 2, 2, 1 → 5, 5, 2.",
    )
    assert house_points(houses, 0, 3) == scores


def test_an_alliance_scores_every_emissary_in_its_two_provinces_for_each_majority() -> None:
    says(
        "Alliances 1 to 15: a player with the most emissaries (ties count, at least 1) in both provinces "
        "of an alliance scores every emissary, of every colour, in the two."
    )
    envoys = [(0, 0, 0)] * 9
    envoys[WEI] = (1, 1, 0)
    envoys[QIN] = (2, 2, 1)
    # Alliance 3 (Wei–Ch'in) holds 7 emissaries; both tied seats score them all.
    assert alliance_points(tuple(envoys), 3) == [7, 7, 0]
    envoys[SHU] = (0, 0, 0)
    assert alliance_points(tuple(envoys), 3)[2] == 0


@pytest.mark.parametrize(
    ("houses", "points"),
    [
        (("QIN4", "QIN3", "QIN2"), 0),
        (("QIN4", "QIN3", "QIN2", "QIN5"), 4),
        # The rulebook's chain: SHU1-QIN5-QIN2-QIN3-QIN4 in a line, QIN1 on a branch off QIN2.
        (("QIN4", "QIN3", "QIN2", "QIN5", "SHU1", "QIN1"), 5),
    ],
)
def test_a_chain_scores_1_per_house_of_its_longest_path_of_at_least_4(
    houses: tuple[str, ...], points: int
) -> None:
    says(
        "Chains: each group of your houses joined by roads scores its longest unbranched path, 1 point per "
        "house, when it has at least 4 houses."
    )
    assert chain_points(position(houses=dict.fromkeys(houses, 2))) == [0, 0, points, 0]


def test_a_house_on_a_fortress_scores_double_for_its_province() -> None:
    says("the owner of that house scores double for that province and for a chain through it.")
    # Lu full: seat 1 has 3 houses (first: 4 points), seat 0 one house on the fortress of space 3
    # (second: the 3 houses above it, doubled).
    assert house_points((1, 1, 0, 1), 0b100, 4) == [2 * 3, 4, 0, 0]
    assert house_points((1, 1, 0, 1), 0, 4) == [3, 4, 0, 0]
