"""Each number Catan: Cheops's `/rules` states, played through the engine.

Every test names the sentence it proves and checks that sentence in the
English text (`rules_say`) and its number in the engine, so that changing
either fails it.
"""

from __future__ import annotations

import functools

import pytest
from cc_support import edge_between
from cc_support import hex_
from cc_support import play
from cc_support import position
from cc_support import refused
from cc_support import resources
from game_support import rules_say
from test_cc_rules import SITE
from test_cc_rules import rng_rolling

from games.catan_cheops import ENGINE
from games.catan_cheops.actions import BLOCK
from games.catan_cheops.actions import BUY
from games.catan_cheops.actions import CITY
from games.catan_cheops.actions import ROAD
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import SHIP
from games.catan_cheops.data import BLOCKS
from games.catan_cheops.data import CITIES
from games.catan_cheops.data import LAYERS
from games.catan_cheops.data import ROADS
from games.catan_cheops.data import SETTLEMENTS
from games.catan_cheops.data import SHIPS
from games.catan_cheops.rules import MAX_OFFERS
from games.catan_cheops.rules import points
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import DISCARD
from games.catan_cheops.state import OVER
from games.catan_cheops.state import ROBBER
from games.catan_cheops.state import ROLL
from games.catan_cheops.state import State
from games.core import IllegalAction

says = functools.partial(rules_say, ENGINE)

PLENTY = {"brick": 5, "lumber": 5, "wool": 5, "grain": 5, "ore": 5}


def legal(state: State, seat: int = 0) -> list[str]:
    return [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]


def test_3_or_4_players_with_5_settlements_4_cities_15_roads_8_ships_11_blocks_and_3_gold() -> None:
    says(
        "— 3 or 4 players",
        "Everyone has 5 settlements, 4 cities, 15 roads, 8 ships and 11 pyramid blocks, and starts with "
        "3 gold.",
    )
    assert (ENGINE.min_players, ENGINE.max_players) == (3, 4)
    assert (SETTLEMENTS, CITIES, ROADS, SHIPS, BLOCKS) == (5, 4, 15, 8, 11)
    assert ENGINE.setup(3, 1).gold == (3, 3, 3)
    # The eleventh block is the last: with 11 standing, none is left to build.
    builder = position(settlements={SITE: 0}, hands={0: PLENTY}, pyramid=(0,) * 10, blessing=0)
    assert play(builder, 0, "block").pyramid.count(0) == 11
    assert "block" not in legal(builder._replace(pyramid=(0,) * 11))


def test_every_hex_with_the_number_pays_1_per_settlement_and_2_per_city() -> None:
    says("every hex with the number pays 1 per settlement, 2 per city")
    # H12 is grain with a 3, as is H72.
    state = position(
        settlements={"I23": 0}, cities={"I166": 2}, phase=ROLL, rng=rng_rolling(3), robber=hex_("H39")
    )
    after = play(state, 0, "roll")
    assert after.hands[0] == resources(grain=1) and after.hands[2] == resources(grain=2)


def test_on_a_7_more_than_7_cards_discard_half_rounded_down_and_gold_does_not_count() -> None:
    says("On a 7 everyone with more than 7 resource cards discards half, rounded down (gold does not count)")
    state = position(
        settlements={"I23": 1},
        hands={0: {"brick": 9}, 1: {"wool": 4, "ore": 4}, 2: {"grain": 7}, 3: {"ore": 1}},
        gold=(3, 3, 9, 3),
        phase=ROLL,
        rng=rng_rolling(7),
    )
    rolled = play(state, 0, "roll")
    assert rolled.phase == DISCARD and rolled.discards == (9 // 2, 8 // 2, 0, 0)


@pytest.mark.parametrize(
    ("kind", "stated", "cost"),
    [
        (ROAD, "Road brick+lumber", {"brick": 1, "lumber": 1}),
        (SHIP, "ship lumber+wool", {"lumber": 1, "wool": 1}),
        (SETTLEMENT, "settlement brick+lumber+wool+grain", {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}),
        (CITY, "city 3 ore+2 grain", {"ore": 3, "grain": 2}),
        (BUY, "development card ore+wool+grain", {"ore": 1, "wool": 1, "grain": 1}),
        (BLOCK, "pyramid block brick+ore", {"brick": 1, "ore": 1}),
    ],
)
def test_each_build_costs_what_the_rules_say(kind: int, stated: str, cost: dict[str, int]) -> None:
    says(stated)
    # A settlement on the Nile at I23 with a road on to I43, whose end is free for a settlement,
    # and a building on a pyramid site: every kind of build is open.
    state = position(
        settlements={"I23": 0, SITE: 0},
        roads={edge_between("I23", "I33"): 0, edge_between("I33", "I43"): 0},
        hands={0: PLENTY},
    )
    action = next(action for action in ENGINE.legal_actions(state, 0) if action.kind == kind)
    after = ENGINE.apply(state, 0, action)
    spent = [before - now for before, now in zip(state.hands[0], after.hands[0], strict=True)]
    assert tuple(spent) == resources(**cost)


def test_the_bank_trades_4_to_1_harbours_3_to_1_and_2_to_1_and_gold_4_to_1_or_3_to_1() -> None:
    says("Bank 4:1, harbours 3:1 and 2:1, gold 4:1 (3:1 with a generic harbour)")
    # I43 has no harbour.
    state = position(settlements={"I43": 0}, hands={0: {"brick": 4}}, gold=(4, 3, 3, 3))
    assert play(state, 0, "bank 4 brick for ore").hands[0] == resources(ore=1)
    assert play(state, 0, "bank 4 gold for ore").gold[0] == 0
    assert "bank 3 brick for ore" not in legal(state)
    # I23 has a generic harbour (3:1, gold too), I63 the special harbour of brick (2:1).
    generic = position(settlements={"I23": 0}, hands={0: {"brick": 3}})
    assert play(generic, 0, "bank 3 brick for ore").hands[0] == resources(ore=1)
    assert play(generic, 0, "bank 3 gold for ore").gold[0] == 0
    special = position(settlements={"I63": 0}, hands={0: {"brick": 2}})
    assert play(special, 0, "bank 2 brick for ore").hands[0] == resources(ore=1)


def test_an_offer_gives_1_to_3_cards_for_1_to_3_and_at_most_20_offers_a_turn() -> None:
    says(
        "`offer 1 brick for 1 wool` (1 to 3 cards of one resource for 1 to 3 of another) to all the others "
        "at once, as often as you like, one open at a time (at most 20 a turn).",
        "up to 20 offers a turn",
    )
    state = position(settlements={"I23": 0}, hands={0: {"brick": 9}, 1: {"wool": 9}})
    too_many = "An offer gives 1 to 3 cards of one resource for 1 to 3 cards of another."
    assert (
        refused(state, 0, "offer 4 brick for 1 wool")
        == refused(state, 0, "offer 1 brick for 4 wool")
        == too_many
    )
    for _ in range(MAX_OFFERS):
        state = play(play(state, 0, "offer 3 brick for 3 wool"), 1, "decline")
    assert MAX_OFFERS == 20
    with pytest.raises(IllegalAction, match="20 offers this turn"):
        play(state, 0, "offer 1 brick for 1 wool")


def test_the_pyramid_has_29_places_in_layers_of_16_8_4_and_1_and_16_black_blocks_end_it() -> None:
    says(
        "The pyramid has 29 places (layers of 16, 8, 4 and 1)",
        "with the 16th and last black block, or with the finished pyramid",
    )
    assert LAYERS == (16, 8, 4, 1)
    nearly = position(settlements={SITE: 0}, pyramid=(0, 1, 2, 3) * 7, blessing=0, hands={0: PLENTY})
    assert play(nearly, 0, "block").phase == OVER
    assert len(play(nearly, 0, "block").pyramid) == 29
    blacks = position(settlements={"I23": 1}, pyramid=(0, *(BLACK,) * 15), blessing=0, phase=ROBBER, resume=8)
    over = play(blacks, 0, "robber H22")
    assert over.phase == OVER and over.pyramid.count(BLACK) == 16


def test_settlement_1_city_2_victory_card_1_blessing_3_and_curse_minus_2() -> None:
    says(
        "Blessing of the pharaoh (+3)",
        "Curse of the pharaoh (−2): from the first player block on, everyone with the fewest blocks, "
        "unless all have as many.",
        "Settlement 1, city 2, victory point card 1.",
    )
    state = position(
        settlements={"I23": 0, "I53": 1},
        cities={"I166": 1},
        cards={2: {"victory": 1}},
        pyramid=(0, 0, 1, 2, 3),
        blessing=0,
    )
    assert [points(state, seat) for seat in range(4)] == [1 + 3, 1 + 2 - 2, 1 - 2, -2]
    equal = state._replace(pyramid=(0, 1, 2, 3))
    assert [points(equal, seat) for seat in range(4)] == [1 + 3, 1 + 2, 1, 0]


def test_the_largest_army_gives_2_to_the_first_with_3_knights_and_passes_only_to_more() -> None:
    says("Largest army: 2 for the first to 3 knights, passing only to strictly more.")
    army = position(settlements={"I23": 0}, cards={0: {"knight": 1}}, knights=(2, 0, 0, 0))
    after = play(army, 0, "play knight")
    assert after.army == 0 and points(after, 0) == 1 + 2
    held = army._replace(knights=(2, 3, 0, 0), army=1)
    assert play(held, 0, "play knight").army == 1


def test_12_points_on_your_own_turn_end_the_game_at_once() -> None:
    says("The game ends at once with 12 points on your own turn")
    cities = {"I23": 0, "I53": 0, "I103": 0, "I166": 0}
    state = position(cities=cities, settlements={"I139": 0}, cards={0: {"victory": 2}})
    assert points(state, 0) == 11
    drawn = state._replace(hands=(resources(wool=1, grain=1, ore=1), *state.hands[1:]), deck=(1,))
    assert play(drawn, 0, "buy card").phase == OVER
