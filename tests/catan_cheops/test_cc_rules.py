"""Each rule and decision of the spec, on constructed positions."""

from __future__ import annotations

import pytest
from cc_support import edge_between
from cc_support import hex_
from cc_support import node
from cc_support import play
from cc_support import position
from cc_support import refused
from cc_support import resources
from game_support import rules_say

import texts
from games.catan_cheops import ENGINE
from games.catan_cheops.actions import unpack
from games.catan_cheops.data import DECK
from games.catan_cheops.data import EDGE_HEXES
from games.catan_cheops.data import EDGE_NAMES
from games.catan_cheops.data import FOUNDING_NODES
from games.catan_cheops.data import HEX_NODES
from games.catan_cheops.data import HEX_RESOURCE
from games.catan_cheops.data import LAND_HEXES
from games.catan_cheops.data import NODE_EDGES
from games.catan_cheops.data import NODE_HEXES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import NODE_NEIGHBOURS
from games.catan_cheops.data import PYRAMID_SITES
from games.catan_cheops.data import ROAD_EDGES
from games.catan_cheops.data import SHIP_EDGES
from games.catan_cheops.data import bits
from games.catan_cheops.rules import block_counts
from games.catan_cheops.rules import cursed
from games.catan_cheops.rules import points
from games.catan_cheops.state import BLACK
from games.catan_cheops.state import DISCARD
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OVER
from games.catan_cheops.state import REVISED
from games.catan_cheops.state import ROBBER
from games.catan_cheops.state import ROLL
from games.catan_cheops.state import State
from games.core import Rng


def rng_rolling(total: int) -> int:
    """An RNG state whose next two dice add up to `total`."""
    for start in range(10_000):
        one, rng = Rng.below(start, 6)
        two, _ = Rng.below(rng, 6)
        if one + two + 2 == total:
            return start
    raise AssertionError(total)


# -- setup and founding ------------------------------------------------------------------------------


def test_setup() -> None:
    state = ENGINE.setup(4, 7)
    assert state.phase == FOUND and state.gold == (3, 3, 3, 3)
    assert HEX_RESOURCE[state.robber] < 0 and state.robber in LAND_HEXES
    assert sorted(state.deck) == sorted(DECK) and len(DECK) == 25
    assert DECK.count(0) == 14 and DECK.count(1) == 5
    assert ENGINE.to_act(state) == {0} and ENGINE.turn_number(state) == 0
    assert {ENGINE.setup(3, seed).robber for seed in range(30)} != {state.robber}
    with pytest.raises(ValueError):
        ENGINE.setup(5, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1)


def test_founding_order_three_settlements_and_the_harvest() -> None:
    rules_say(
        ENGINE,
        "3 settlements each on the banks of the Nile",
        "the second round places settlements 2 and 3 together, and the third brings its resources",
    )
    state = ENGINE.setup(4, 3)
    order = []
    turns = []
    while state.phase == FOUND:
        seat = ENGINE.current_turn(state)
        assert seat is not None
        legal = ENGINE.legal_actions(state, seat)
        action = legal[-1]
        if action.kind == 8:  # a settlement
            assert all(FOUNDING_NODES >> a.a & 1 for a in legal)
            order.append(seat)
            turns.append(ENGINE.turn_number(state))
            hand_before = state.hands[seat]
            third = order.count(seat) == 3
        state = ENGINE.apply(state, seat, action)
        if action.kind == 8:
            gained = [n - b for n, b in zip(state.hands[seat], hand_before, strict=True)]
            expected = [0] * 5
            if third:
                for h in NODE_HEXES[action.a]:
                    if 0 <= HEX_RESOURCE[h] < 5:
                        expected[HEX_RESOURCE[h]] += 1
            assert gained == expected
    assert order == [0, 1, 2, 3, 3, 3, 2, 2, 1, 1, 0, 0]
    assert turns == [0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    assert state.phase == ROLL and state.turn == 0 and ENGINE.turn_number(state) == 8
    assert all(state.nodes.count(seat) == 3 for seat in range(4))
    assert all(state.edges.count(seat) + state.edges.count(seat + 4) == 3 for seat in range(4))


def test_founding_refusals() -> None:
    state = ENGINE.setup(3, 1)
    inland = next(n for n in range(len(NODE_NAMES)) if not FOUNDING_NODES >> n & 1 and NODE_HEXES[n])
    assert refused(state, 0, f"settlement {NODE_NAMES[inland]}") == (
        "In the founding, settlements stand only on the banks of the Nile and its delta."
    )
    bank = bits(FOUNDING_NODES)[0]
    state = play(state, 0, f"settlement {NODE_NAMES[bank]}")
    assert refused(state, 0, "end") == "The founding is not over yet."
    far = next(e for e in range(len(EDGE_NAMES)) if not set(NODE_EDGES[bank]) & {e})
    assert refused(state, 0, f"road {EDGE_NAMES[far]}").startswith("The road or ship must touch")
    assert refused(state, 1, "roll") == "You do not have to act now."
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    neighbour = NODE_NEIGHBOURS[bank][0]
    assert refused(state, 1, f"settlement {NODE_NAMES[neighbour]}") in (
        "A settlement needs two free intersections to the next one.",
        f"{NODE_NAMES[neighbour]} is taken.",
    )


# -- production -------------------------------------------------------------------------------------


def test_production_settlements_cities_robber_and_gold() -> None:
    # H12 is grain with a 3, H72 grain with a 3; H74 gold with a 4.
    state = position(
        settlements={"I23": 0, "I53": 1},
        cities={"I166": 2},
        phase=ROLL,
        rng=rng_rolling(3),
        robber=hex_("H39"),
    )
    after = play(state, 0, "roll")
    assert after.last_roll and sum(after.last_roll) == 3 and after.phase == MAIN
    assert after.hands[0] == resources(grain=1) and after.hands[1] == resources(grain=1)
    assert after.hands[2] == resources(grain=2)
    assert sum(after.bank) == sum(state.bank) - 4
    robbed = play(state._replace(robber=hex_("H12")), 0, "roll")
    assert robbed.hands[0] == robbed.hands[1] == resources() and robbed.hands[2] == resources(grain=2)
    golden = position(settlements={"I173": 1}, cities={"I184": 2}, phase=ROLL, rng=rng_rolling(4))
    after = play(golden, 0, "roll")
    assert after.gold == (3, 4, 5, 3) and after.hands == golden.hands


def test_the_bank_limit() -> None:
    base = {"settlements": {"I23": 0, "I53": 1}, "phase": ROLL, "rng": rng_rolling(3)}
    # One grain left, two players owed one each: nobody gets it.
    state = position(**base, hands={3: {"grain": 18}})  # type: ignore[arg-type]
    after = play(state, 0, "roll")
    assert after.hands[0][3] == after.hands[1][3] == 0 and after.bank[3] == 1
    # One player owed two, one left: that player gets what is left.
    state = position(cities={"I23": 0}, phase=ROLL, rng=rng_rolling(3), hands={3: {"grain": 18}})
    after = play(state, 0, "roll")
    assert after.hands[0][3] == 1 and after.bank[3] == 0


# -- the seven ------------------------------------------------------------------------------------------


def test_seven_discards_by_several_seats_in_any_order_then_robber_and_pharaoh() -> None:
    state = position(
        settlements={"I23": 1, "I53": 2},
        hands={0: {"brick": 9}, 1: {"wool": 5, "ore": 4}, 2: {"grain": 8, "gold": 0}, 3: {"ore": 7}},
        phase=ROLL,
        rng=rng_rolling(7),
        gold=(3, 9, 3, 3),
        pyramid=(1,),
        blessing=1,
    )
    after = play(state, 0, "roll")
    assert after.phase == DISCARD and ENGINE.to_act(after) == {0, 1, 2}
    assert after.discards == (4, 4, 4, 0)
    assert str(ENGINE.prompt(after, 1)) == "Discard 4 of your 9 cards, e.g. `discard 2 brick 2 ore`."
    assert ENGINE.turn_number(after) == ENGINE.turn_number(state)
    assert refused(after, 1, "discard 3 wool") == "Discard exactly 4 cards."
    assert refused(after, 1, "discard 4 brick") == "You do not have 4 brick."
    assert refused(after, 3, "discard 1 ore") == "You do not have to act now."
    after = play(after, 2, "discard 4 grain")
    assert ENGINE.to_act(after) == {0, 1}
    after = play(after, 1, "discard 2 wool 2 ore")
    assert after.hands[1] == resources(wool=3, ore=2)
    after = play(after, 0, "discard 4 brick")
    assert after.phase == ROBBER and ENGINE.to_act(after) == {0}
    assert after.gold == (3, 9, 3, 3)
    assert refused(after, 0, "robber H12") == "Choose a player to rob next to that hex: `robber H7 steal 2`."
    assert refused(after, 0, "robber H1") == "The robber stands only on land."
    assert (
        refused(after, 0, "robber H12 steal 4")
        == "Player 4 has no building next to that hex, or no resource cards."
    )
    assert ENGINE.reveals(after, 0, ENGINE.parse_action(after, 0, "robber H12 steal 2"))
    robbed = play(after, 0, "robber H12 steal 2")
    assert sum(robbed.hands[1]) == 4 and sum(robbed.hands[0]) == 6
    assert robbed.phase == MAIN and robbed.robber == hex_("H12")
    assert robbed.pyramid == (1, BLACK)
    # Under `pharaoh=revised` the pharaoh does not build before the first player block (the
    # rulebook has him build here: tests/catan_cheops/test_cc_pharaoh.py).
    early = state._replace(pyramid=(), blessing=-1, hands=((0,) * 5,) * 4, bank=(19,) * 5, pharaoh=REVISED)
    quiet = play(
        play(early, 0, "roll"),
        0,
        "robber H22",
    )
    assert quiet.pyramid == () and quiet.phase == MAIN


def test_discard_options_are_every_way_to_discard() -> None:
    state = position(hands={0: {"brick": 3, "ore": 2, "wool": 4}}, phase=DISCARD, discards=(4, 0, 0, 0))
    legal = ENGINE.legal_actions(state, 0)
    # Sub-multisets of size 4 of {3 brick, 2 ore, 4 wool}.
    expected = sum(1 for b in range(4) for o in range(3) for w in range(5) if b + o + w == 4)
    assert len(legal) == len(set(legal)) == expected
    # The first suggested discard keeps the hand balanced: from the largest piles first.
    best = ENGINE.quick_actions(state, 0)[0]
    kept = [h - n for h, n in zip(state.hands[0], unpack(best.a), strict=True)]
    assert max(kept) == 2 and sum(kept) == 5


# -- building -------------------------------------------------------------------------------------------


def test_costs_and_refusals() -> None:
    state = position(settlements={"I23": 0}, roads={edge_between("I23", "I32"): 0})
    road = next(
        EDGE_NAMES[e]
        for e in NODE_EDGES[node("I32")]
        if EDGE_NAMES[e] != edge_between("I23", "I32") and ROAD_EDGES >> e & 1
    )
    assert refused(state, 0, f"road {road}") == "You need 1 brick and 1 lumber for a road."
    assert refused(state, 0, "city I23") == "You need 2 grain and 3 ore for a city."
    assert refused(state, 0, "buy card") == "You need 1 wool, 1 grain and 1 ore for a development card."
    rich = state._replace(hands=(resources(brick=5, lumber=5, wool=5, grain=5, ore=5), *state.hands[1:]))
    rich = rich._replace(bank=tuple(19 - 5 for _ in range(5)))
    after = play(rich, 0, f"road {road}")
    assert after.hands[0] == resources(brick=4, lumber=4, wool=5, grain=5, ore=5)
    assert refused(after, 0, "settlement I32") == "A settlement needs two free intersections to the next one."
    assert refused(after, 0, "city I53").startswith("A city replaces one of your settlements")
    far = NODE_NAMES[bits(FOUNDING_NODES)[-1]]
    assert (
        refused(after, 0, f"settlement {far}")
        == f"A settlement must touch one of your roads or ships; {far} does not."
    )
    city = play(after, 0, "city I23")
    assert city.nodes[node("I23")] == 4 and points(city, 0) == 2


def test_roads_and_ships_join_directly() -> None:
    # A coastal intersection: one of its edges is water-only (ship), one is a land edge.
    coast = next(
        n
        for n in bits(FOUNDING_NODES)
        if any(not ROAD_EDGES >> e & 1 for e in NODE_EDGES[n])
        and any(ROAD_EDGES >> e & 1 for e in NODE_EDGES[n])
    )
    land_edge = next(e for e in NODE_EDGES[coast] if ROAD_EDGES >> e & 1)
    water_edge = next(e for e in NODE_EDGES[coast] if not ROAD_EDGES >> e & 1)
    start = next(n for n in NODE_NEIGHBOURS[coast] if set(NODE_EDGES[n]) & {land_edge})
    state = position(
        settlements={NODE_NAMES[start]: 0},
        roads={EDGE_NAMES[land_edge]: 0},
        hands={0: {"lumber": 2, "wool": 2, "brick": 2}},
    )
    assert refused(state, 0, f"road {EDGE_NAMES[water_edge]}") == (
        f"A road runs along land; {EDGE_NAMES[water_edge]} lies between water hexes."
    )
    after = play(state, 0, f"ship {EDGE_NAMES[water_edge]}")
    assert after.edges[water_edge] == 4
    inland = next(e for e in range(len(EDGE_NAMES)) if not SHIP_EDGES >> e & 1)
    assert (
        refused(after, 0, f"ship {EDGE_NAMES[inland]}")
        == f"A ship sails along water; {EDGE_NAMES[inland]} touches none."
    )
    assert all(len(EDGE_HEXES[e]) for e in (land_edge, water_edge))


def test_piece_limits() -> None:
    state = position(
        settlements={"I23": 0},
        roads={EDGE_NAMES[e]: 0 for e in range(0, 30, 2)},
        hands={0: {"brick": 1, "lumber": 1}},
    )
    assert state.edges.count(0) == 15
    road = next(EDGE_NAMES[e] for e in NODE_EDGES[node("I23")] if ROAD_EDGES >> e & 1)
    assert refused(state, 0, f"road {road}") == "You have no roads left."


# -- development cards -------------------------------------------------------------------------------


def test_development_cards_timing() -> None:
    rules_say(ENGINE, "One development card a turn, at any moment, never one bought this turn.")
    state = position(hands={0: {"wool": 2, "grain": 2, "ore": 2}}, settlements={"I23": 0, "I53": 1})
    state = state._replace(deck=(*state.deck[:-1], 0))
    bought = play(state, 0, "buy card")
    assert bought.devs[0][0] == 1 and bought.fresh[0] == 1
    assert "play knight" not in [ENGINE.format_action(bought, a) for a in ENGINE.legal_actions(bought, 0)]
    assert refused(bought, 0, "play knight") == (
        "A development card cannot be played in the turn it was bought (knight)."
    )
    later = play(bought, 0, "end")
    later = later._replace(turn=0, devs=(later.devs[0], *later.devs[1:]))
    # A knight may be played before the roll; the robber moves, then the roll is still to come.
    assert later.phase == ROLL
    knight = play(later, 0, "play knight")
    assert knight.phase == ROBBER and knight.knights[0] == 1
    after = play(knight, 0, "robber H22")
    assert after.phase == ROLL and after.pyramid == ()
    state = position(cards={0: {"knight": 1, "plenty": 1, "monopoly": 1, "roads": 1}}, settlements={"I23": 0})
    state = play(state, 0, "play plenty brick ore")
    assert state.hands[0] == resources(brick=1, ore=1)
    assert refused(state, 0, "play monopoly wool") == "You already played a development card this turn."
    assert refused(state, 0, "play victory") == (
        "Victory point cards are not played: they count as soon as you have them."
    )


def test_monopoly_road_building_and_largest_army() -> None:
    state = position(
        settlements={"I23": 0},
        hands={1: {"wool": 3}, 2: {"wool": 1, "ore": 2}, 3: {"brick": 1}},
        cards={0: {"monopoly": 1}},
    )
    after = play(state, 0, "play monopoly wool")
    assert after.hands[0] == resources(wool=4) and after.hands[1] == resources()
    assert after.hands[2] == resources(ore=2)
    roads = position(settlements={"I23": 0}, cards={0: {"roads": 1}})
    building = play(roads, 0, "play roads")
    assert building.free_roads == 2
    first = ENGINE.legal_actions(building, 0)[0]
    building = ENGINE.apply(building, 0, first)
    assert building.free_roads == 1
    building = ENGINE.apply(building, 0, ENGINE.legal_actions(building, 0)[0])
    assert building.phase == MAIN and building.hands[0] == resources()
    assert building.edges.count(0) + building.edges.count(4) == 2
    army = position(settlements={"I23": 0}, cards={0: {"knight": 1}}, knights=(2, 3, 0, 0), army=1)
    after = play(play(army, 0, "play knight"), 0, "robber H22")
    assert after.army == 1  # 3 knights tie 3: the army stays
    army = army._replace(knights=(3, 3, 0, 0))
    after = play(army, 0, "play knight")
    assert after.army == 0 and points(after, 0) == 3


def test_victory_cards_count_at_once_and_stay_hidden() -> None:
    state = position(settlements={"I23": 0}, cards={0: {"victory": 2}})
    assert points(state, 0) == 3 and points(state, 0, hidden=False) == 1
    view = ENGINE.view(state, None)
    assert view["seats"][0]["points"] == 1 and view["seats"][0]["cards"] == 2
    assert ENGINE.view(state, 0)["hand"]["points"] == 3


# -- the pyramid ---------------------------------------------------------------------------------------


SITE = NODE_NAMES[bits(PYRAMID_SITES)[0]]


def test_pyramid_blocks_from_an_own_site_blessing_and_curse() -> None:
    state = position(
        settlements={SITE: 0, "I23": 1}, hands={0: {"brick": 3, "ore": 3}, 1: {"brick": 3, "ore": 3}}
    )
    after = play(state, 0, "block")
    assert after.pyramid == (0,) and after.blessing == 0
    assert cursed(after) == [False, True, True, True]
    assert points(after, 0) == 4 and points(after, 1) == -1
    assert refused(after._replace(turn=1), 1, "block") == (
        "For a pyramid block you need a building on a pyramid site, "
        "or a trade route to another player's building on one."
    )
    after = play(after, 0, "block")
    assert block_counts(after) == [2, 0, 0, 0] and after.hands[0] == resources(brick=1, ore=1)


def test_pyramid_block_over_a_trade_route_costs_a_gold_coin() -> None:
    rules_say(ENGINE, "or over a trade route from another player's for 1 gold to them")
    site = bits(PYRAMID_SITES)[0]
    # Seat 1 reaches seat 0's site over seat 0's road and its own.
    nxt = NODE_NEIGHBOURS[site][0]
    further = next(n for n in NODE_NEIGHBOURS[nxt] if n != site)
    state = position(
        settlements={NODE_NAMES[site]: 0, NODE_NAMES[further]: 1},
        roads={
            edge_between(NODE_NAMES[site], NODE_NAMES[nxt]): 0,
            edge_between(NODE_NAMES[nxt], NODE_NAMES[further]): 1,
        },
        hands={1: {"brick": 2, "ore": 2}},
        turn=1,
    )
    texts = [ENGINE.format_action(state, a) for a in ENGINE.legal_actions(state, 1)]
    assert "block via 1" in texts and "block" not in texts
    after = play(state, 1, "block via 1")
    assert after.gold == (4, 2, 3, 3) and after.pyramid == (1,) and after.blessing == 1
    broken = state._replace(edges=tuple(-1 for _ in state.edges))
    from games.catan_cheops.state import derive

    broken = derive(broken)
    assert (
        refused(broken, 1, "block via 1")
        == "No trade route joins you to Player 1's building on the pyramid site."
    )
    poor = state._replace(gold=(3, 0, 3, 3))
    assert refused(poor, 1, "block via 1") == "You need 1 gold coin to pay Player 1."


def test_blessing_passes_only_to_strictly_more_and_curse_on_the_fewest() -> None:
    state = position(
        settlements={SITE: 1}, pyramid=(0, 1), blessing=0, hands={1: {"brick": 2, "ore": 2}}, turn=1
    )
    assert cursed(state) == [False, False, True, True]
    after = play(state, 1, "block")
    assert after.blessing == 1
    equal = position(pyramid=(0, 1, 2, 3), blessing=0)
    assert cursed(equal) == [False] * 4 and points(equal, 0) == 3


def ending(state: State) -> str:
    """Why the game ended, as the end post says it in English (seat 0 is Anna)."""
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.ending is not None
    return texts.render(outcome.ending, "en", ["Anna", "Bob", "Carl", "Dora"])


def test_end_by_points_black_blocks_and_a_full_pyramid() -> None:
    # 12 points on the own turn: 4 cities + blessing + ... ends at once.
    cities = {"I23": 0, "I53": 0, "I103": 0, "I166": 0}
    state = position(
        cities=cities, settlements={"I139": 0}, cards={0: {"victory": 2}}, hands={0: {"brick": 1, "ore": 1}}
    )
    assert points(state, 0) == 11
    # A settlement would do it, but a city upgrade will too: here the victory card drawn does.
    won = play(
        state._replace(hands=(resources(wool=1, grain=1, ore=1), *state.hands[1:]), deck=(1,)), 0, "buy card"
    )
    assert won.phase == OVER and won.ended == 1 and ENGINE.outcome(won) is not None
    assert ENGINE.to_act(won) == frozenset()
    assert ending(won) == "Anna reached 12 victory points."
    # The last black block.
    blacks = (0, *(BLACK,) * 15)
    state = position(settlements={"I23": 1}, pyramid=blacks, blessing=0, phase=ROBBER, resume=8)
    over = play(state, 0, "robber H22")
    assert over.phase == OVER and over.ended == 2 and over.pyramid.count(BLACK) == 16
    assert ending(over) == "The pharaoh has built his last black block."
    # The pyramid complete.
    full = tuple([0, 1, 2, 3] * 7)
    state = position(settlements={SITE: 0}, pyramid=full, blessing=0, hands={0: {"brick": 1, "ore": 1}})
    over = play(state, 0, "block")
    assert over.phase == OVER and over.ended == 3 and len(over.pyramid) == 29
    assert ending(over) == "The pyramid is finished."
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.winners == {0}
    assert outcome.details[0] == {
        "settlements": 1, "cities": 0, "army": 0, "victory_cards": 0, "blessing": 3, "curse": 0,
    }  # fmt: skip


# -- trading with the bank -------------------------------------------------------------------------------


def test_bank_rates_harbours_and_gold() -> None:
    state = position(settlements={"I23": 0}, hands={0: {"brick": 4, "wool": 3}})
    texts = [ENGINE.format_action(state, a) for a in ENGINE.legal_actions(state, 0)]
    # I23 has the generic harbour: 3:1 for everything, gold too.
    assert (
        "bank 3 brick for ore" in texts and "bank 3 wool for ore" in texts and "bank 3 gold for ore" in texts
    )
    assert refused(state, 0, "bank 4 brick for ore") == "You trade brick with the bank at 3 to 1."
    after = play(state, 0, "bank 3 gold for grain")
    assert after.gold[0] == 0 and after.hands[0][3] == 1
    plain = position(settlements={"I43": 0}, hands={0: {"brick": 4}})
    texts = [ENGINE.format_action(plain, a) for a in ENGINE.legal_actions(plain, 0)]
    assert "bank 4 brick for ore" in texts and "bank 3 gold for ore" not in texts
    assert (
        refused(plain, 0, "bank 4 brick for brick") == "A trade must give something and get something else."
    )
    # I63 is on the special harbour of brick.
    special = position(settlements={"I63": 0}, hands={0: {"brick": 2}})
    assert "bank 2 brick for wool" in [
        ENGINE.format_action(special, a) for a in ENGINE.legal_actions(special, 0)
    ]


def test_another_players_harbour_over_a_trade_route_for_a_gold_coin() -> None:
    rules_say(ENGINE, "another player's harbour over a trade route for 1 gold to them")
    # Seat 1 owns the brick harbour at I63; seat 0's settlement at I43 is joined to it by a road.
    state = position(
        settlements={"I63": 1, "I43": 0},
        roads={edge_between("I43", "I53"): 0, edge_between("I53", "I63"): 1},
        hands={0: {"brick": 2}},
    )
    texts = [ENGINE.format_action(state, a) for a in ENGINE.legal_actions(state, 0)]
    assert "bank 2 brick for ore via 2" in texts
    after = play(state, 0, "bank 2 brick for ore via 2")
    assert after.gold == (2, 4, 3, 3) and after.hands[0] == resources(ore=1)
    cut = position(settlements={"I63": 1, "I43": 0}, hands={0: {"brick": 2}})
    assert (
        refused(cut, 0, "bank 2 brick for ore via 2")
        == "No trade route joins you to a harbour of Player 2 for brick."
    )
    assert HEX_NODES  # the board is loaded
