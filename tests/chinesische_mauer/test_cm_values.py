"""Card values at a site: base values, warriors, the Noble, the Dragon, tiles, presence."""

from __future__ import annotations

import pytest
from cm_builders import act
from cm_builders import position
from cm_builders import site

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.state import State
from games.chinesische_mauer.state import card_values
from games.chinesische_mauer.state import make_site


def totals(state: State, index: int) -> list[int | None]:
    return list(ENGINE.view(state, None)["sites"][index]["totals"])


@pytest.mark.parametrize(
    ("kind", "value"),
    [("wall", 1), ("gate", 2), ("tower", 3), ("noble", 1), ("warrior", 1), ("horseman", 2), ("dragon", 1)],
)
def test_each_kind_alone_counts_its_value(kind: str, value: int) -> None:
    built = site(f"5 3 | 0:{kind}", players=2)
    assert built.totals == (value, 0)
    assert card_values(built) == [value]


@pytest.mark.parametrize(("count", "total"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_warriors_of_one_colour_count_1_2_3_4_5(count: int, total: int) -> None:
    built = site("5 3 | " + " ".join(["0:warrior"] * count), players=2)
    assert built.totals == (total, 0)
    assert card_values(built) == list(range(1, count + 1))


def test_only_own_warriors_raise_the_sequence() -> None:
    built = site("5 3 | 0:warrior 1:warrior 0:warrior 1:warrior 1:warrior", players=2)
    assert card_values(built) == [1, 1, 2, 2, 3]
    assert built.totals == (3, 6)


def test_rulebook_warrior_example_yellow_4_brown_6() -> None:
    # Yellow (seat 0): watchtower 3 + warrior 1 = 4; brown (seat 1) plays three warriors together: 1+2+3 = 6.
    state = position(
        players=2, sites=["5 3 | 0:tower 0:warrior", "4 2 |"], turn=1, hands=["", "warrior warrior warrior"]
    )
    state = act(state, 1, "play 3 warrior 1")
    assert totals(state, 0) == [4, 6]
    cards = ENGINE.view(state, None)["sites"][0]["cards"]
    assert [card["value"] for card in cards] == [3, 1, 1, 2, 3]


def test_rulebook_noble_example_red_5_yellow_3_then_red_2_yellow_3() -> None:
    # Red (seat 0): watchtower 3 + gate 2 = 5; yellow (seat 1): wall 1 + gate 2 = 3.
    state = position(
        players=2, sites=["5 3 | 0:tower 1:wall 0:gate 1:gate", "4 2 |"], turn=1, hands=["", "noble"]
    )
    assert totals(state, 0) == [5, 3]
    state = act(state, 1, "play noble 1")
    # A Noble levels every visible card to 1: red 1 + 1 = 2, yellow 1 + 1 + 1 = 3.
    assert totals(state, 0) == [2, 3]


def test_noble_also_levels_cards_played_after_it() -> None:
    state = position(
        players=2, sites=["5 3 | 1:noble", "4 2 |"], turn=0, hands=["tower warrior warrior gate", ""]
    )
    state = act(state, 0, "play tower 1", "play 2 warrior 1")
    # Watchtower and two warriors, each levelled to 1; the Noble counts 1.
    assert totals(state, 0) == [3, 1]


def test_tile_on_a_card_subtracts_its_value_from_the_card_owner() -> None:
    built = site("5 3@1 | 0:tower 1:gate", players=2)
    assert built.totals == (0, 2)
    assert site("5@2 3 | 1:noble 0:tower", players=2).totals == (-4, 1)


def test_rulebook_dragon_example_blue_3_green_2_becomes_blue_2_green_4() -> None:
    # The rulebook's picture is not in the text; this position gives its numbers.
    # Blue (seat 0): wall, noble, wall; green (seat 1): wall, gate. With the Noble: 3 against 2.
    state = position(
        players=2, sites=["5 3 | 0:wall 1:wall 0:noble 1:gate 0:wall", "4 2 |"], turn=1, hands=["", "dragon"]
    )
    assert totals(state, 0) == [3, 2]
    # Green covers the Noble: blue's walls count 1 + 1, green's wall 1 + gate 2 + dragon 1.
    state = act(state, 1, "dragon on 1.3")
    assert totals(state, 0) == [2, 4]


def test_covered_noble_loses_its_effect() -> None:
    assert site("5 3 | 0:tower 1:noble^0:dragon", players=2).totals == (4, 0)


def test_covered_warrior_no_longer_counts_in_the_sequence() -> None:
    built = site("5 3 | 0:warrior^1:dragon 0:warrior 0:warrior", players=2)
    assert card_values(built) == [1, 1, 2]
    assert built.totals == (3, 1)


def test_dragon_counts_one_for_its_owner_and_the_covered_card_nothing() -> None:
    assert site("5 3 | 0:tower^1:dragon", players=2).totals == (0, 1)
    assert site("5 3 | 0:tower^1:dragon^0:dragon", players=2).totals == (1, 0)


def test_presence_is_having_played_a_card_visible_or_covered() -> None:
    built = site("5 3 | 0:tower^1:dragon", players=3)
    assert built.present == (True, True, False)
    assert built.totals == (0, 1, 0)
    state = position(players=3, sites=["5 3 | 0:tower^1:dragon", "4 2 |", "3 2 |"])
    assert totals(state, 0) == [0, 1, None]


def test_a_dragon_under_a_dragon_keeps_its_owner_present() -> None:
    built = site("5 3 | 0:wall^1:dragon^2:dragon", players=3)
    assert built.present == (True, True, True)
    assert built.totals == (0, 0, 1)


def test_leader_needs_strictly_more_than_every_other_present_player() -> None:
    assert site("5 3 | 0:gate 1:gate", players=2).leader == -1
    assert site("5 3 | 0:gate 1:wall", players=2).leader == 0
    assert site("5 3 | 0:gate 1:wall 2:gate", players=3).leader == -1
    assert site("5 3 |", players=3).leader == -1


def test_only_present_players_are_compared() -> None:
    # Seat 0 is at 1 + 1 - 5 = -3 and seat 2 never played here: seat 0 leads alone.
    built = site("3 5@1 | 0:wall 0:wall", players=3)
    assert built.totals == (-3, 0, 0)
    assert built.present == (True, False, False)
    assert built.leader == 0


def test_a_covered_player_at_zero_beats_a_negative_total() -> None:
    # Seat 0's only card lies under seat 1's dragon: present with 0 points.
    # Seat 1 is at 1 (dragon) + 2 (gate) - 5 (tile on the gate) = -2: not the leader.
    built = site("3 5@2 | 0:wall^1:dragon 1:gate", players=2)
    assert built.totals == (0, -2)
    assert built.present == (True, True)
    assert built.leader == 0
    # The same, the dragon being a third seat's: seat 2 leads with 1, seat 1 still does not.
    third = site("3 5@2 | 0:wall^2:dragon 1:gate", players=3)
    assert third.totals == (0, -3, 1)
    assert third.leader == 2


def test_a_covered_player_at_zero_ties_another_at_zero() -> None:
    # Seat 1 is at 1 (dragon) + 2 (gate) - 3 (tile on the gate) = 0, as is covered seat 0.
    built = site("5 3@2 | 0:wall^1:dragon 1:gate", players=2)
    assert built.totals == (0, 0)
    assert built.present == (True, True)
    assert built.leader == -1


@pytest.mark.parametrize(
    ("sites", "hand", "move"),
    [
        ("5 3@2 | 0:wall 1:gate", "warrior warrior", "play 2 warrior 1"),
        ("5 3 | 0:warrior 1:warrior 0:warrior", "warrior warrior warrior", "play 3 warrior 1"),
        ("5 3 | 0:tower 1:gate", "noble", "play noble 1"),
        ("5 3 | 1:noble 0:tower", "noble", "play noble 1"),
        ("5 3 | 1:noble 0:tower", "warrior warrior", "play 2 warrior 1"),
        ("5 3 | 1:gate", "horseman horseman", "free 2 horseman 1"),
        ("5 3 |", "dragon", "play dragon 1"),
        ("5 3 | 1:noble 0:warrior", "dragon", "dragon on 1.1"),
    ],
)
def test_step_by_step_totals_equal_a_fresh_count(sites: str, hand: str, move: str) -> None:
    """Plays update a site's totals step by step; the result must match a full recount."""
    state = position(
        players=3, sites=[sites, "4 2 |", "3 2 |"], turn=0, hands=[hand + " wall", "", ""], pending=()
    )
    state = act(state, 0, move)
    for built in state.sites:
        fresh = make_site(3, built.tiles, built.cards)
        assert (built.totals, built.present, built.leader, built.levelled, built.warriors) == (
            fresh.totals,
            fresh.present,
            fresh.leader,
            fresh.levelled,
            fresh.warriors,
        )
