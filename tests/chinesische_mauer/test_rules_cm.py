"""Each number Chinesische Mauer's `/rules` states, played through the engine.

Every test names the sentence it proves and checks that sentence in the
English text (`rules_say`) and its number in the engine, so that changing
either fails it.
"""

from __future__ import annotations

import functools
from collections import Counter

import pytest
from cm_builders import act
from cm_builders import cards
from cm_builders import notations
from cm_builders import position
from cm_builders import site
from game_support import rules_say

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.state import FREE

says = functools.partial(rules_say, ENGINE)

THE_DECK = {"wall": 7, "gate": 3, "watchtower": 1, "noble": 1, "warrior": 5, "horseman": 2, "dragon": 1}


def points(cards_at_the_site: str, tiles: str = "3 4") -> tuple[int, ...]:
    """Each seat's points at a site of a two-player game holding these cards and tiles."""
    return site(f"{tiles} | {cards_at_the_site}", 2).totals


def test_twenty_cards_each_in_a_deck_and_a_hand_of_5() -> None:
    says(
        "— 2 to 5 players",
        "the same 20 cards in their colour: 7 Walls (1), 3 Gates (2), 1 Watchtower (3), 1 Noble (1), "
        "5 Warriors, 2 Horsemen (2) and 1 Dragon (1); you shuffle them into your deck and draw 5.",
    )
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 5)
    state = ENGINE.setup(5, 3)
    for seat in range(5):
        assert sum(state.hands[seat]) == 5
        owned = Counter(state.decks[seat])
        for kind, count in THE_DECK.items():
            (index,) = cards(kind)
            assert owned[index] + state.hands[seat][index] == count, kind
    assert sum(THE_DECK.values()) == 20


@pytest.mark.parametrize(
    ("kind", "stated", "value"),
    [
        ("wall", "7 Walls (1)", 1),
        ("gate", "3 Gates (2)", 2),
        ("watchtower", "1 Watchtower (3)", 3),
        ("noble", "1 Noble (1)", 1),
        ("horseman", "2 Horsemen (2)", 2),
        ("dragon", "1 Dragon (1)", 1),
    ],
)
def test_each_card_counts_its_value_at_a_site(kind: str, stated: str, value: int) -> None:
    says(stated)
    assert points(f"0:{kind}") == (value, 0)


@pytest.mark.parametrize(("players", "sites"), [(2, 2), (3, 3), (4, 4), (5, 4)])
def test_2_sites_with_2_players_3_with_3_and_4_with_4_or_5_each_with_two_of_36_tiles(
    players: int, sites: int
) -> None:
    says(
        "There are 2 construction sites with 2 players, 3 with 3 and 4 with 4 or 5; next to each lie two "
        "of the 36 fame tiles (worth 1 to 8, 147 in all).",
        "With 2 players a pair of equal tiles is set aside and a new pair revealed.",
    )
    for seed in range(6):
        state = ENGINE.setup(players, seed)
        assert len(state.sites) == sites
        assert all([on for _, on in each.tiles] == [FREE, FREE] for each in state.sites)
        every_tile = [value for each in state.sites for value, _ in each.tiles]
        every_tile += [*state.supply, *(value for pair in state.removed for value in pair)]
        assert len(every_tile) == 36 and sum(every_tile) == 147
        assert (min(every_tile), max(every_tile)) == (1, 8)
        if players == 2:
            assert all(one == two for one, two in state.removed)
            assert all(each.tiles[0][0] != each.tiles[1][0] for each in state.sites)
        else:
            assert state.removed == ()


def test_a_site_counts_your_visible_cards_less_the_tiles_on_your_cards() -> None:
    says("The values of your visible cards there, less the fame tiles lying on your cards there.")
    assert points("0:watchtower 0:gate 1:wall", tiles="4@1 3") == (3 + 2 - 4, 1)


def test_warriors_count_1_2_3_in_turn_and_5_warriors_15() -> None:
    says("your 1st, 2nd, 3rd … visible warrior at a site counts 1, 2, 3 … (5 warriors = 15).")
    assert points("0:warrior") == (1, 0)
    assert points("0:warrior 1:warrior 0:warrior 0:warrior") == (1 + 2 + 3, 1)
    assert points(" ".join(["0:warrior"] * 5)) == (15, 0)


def test_a_visible_noble_makes_every_card_at_its_site_count_1() -> None:
    says("Noble: while it is visible, every card at its site counts 1, of every player.")
    assert points("0:watchtower 1:gate 1:noble 0:warrior 0:warrior") == (3, 2)
    assert points("0:watchtower 1:gate 1:noble^0:dragon") == (3 + 1, 2)


def test_a_dragon_counts_1_and_the_card_under_it_nothing() -> None:
    says("Dragon: counts 1;", "that card then counts nothing and loses its effect.")
    assert points("0:watchtower^1:dragon") == (0, 1)
    assert points("1:dragon") == (0, 1)


def test_horsemen_are_free_before_your_second_action_and_a_turn_has_two_actions() -> None:
    says(
        "2.–3. *Two actions:*",
        "Horsemen cost no action: after scoring and before your second action you may play them "
        "for free (one or both at once, to one site).",
    )
    state = position(
        players=2,
        sites=["3 4 | 1:wall", "5 7 | 1:gate"],
        hands=["horseman horseman wall wall", "gate"],
        decks=["gate gate", "wall"],
    )
    assert "free 2 horseman 1" in notations(state, 0)
    state = act(state, 0, "play wall 1")
    assert ENGINE.current_turn(state) == 0 and state.actions_done == 1
    state = act(state, 0, "free horseman 2")
    assert ENGINE.current_turn(state) == 0 and state.actions_done == 1
    assert "free horseman 1" in notations(state, 0)
    state = act(state, 0, "play wall 1")
    assert ENGINE.current_turn(state) == 1
