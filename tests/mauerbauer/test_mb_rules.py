"""The rules and every decision of the spec, on positions built by hand."""

from __future__ import annotations

import pytest
from game_support import rules_say
from mb_builders import ENGINE
from mb_builders import card
from mb_builders import cards
from mb_builders import city
from mb_builders import corner
from mb_builders import field
from mb_builders import fields
from mb_builders import fresh
from mb_builders import house_colour
from mb_builders import line
from mb_builders import play_through

from games.core import IllegalAction
from games.mauerbauer import rules
from games.mauerbauer.actions import DONE
from games.mauerbauer.actions import PASS
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Merge
from games.mauerbauer.actions import PlaceHouses
from games.mauerbauer.actions import PlaceTowers
from games.mauerbauer.actions import Play
from games.mauerbauer.actions import Swap
from games.mauerbauer.board import boundary_of
from games.mauerbauer.data import ANY
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.data import SUPPLY_WALLS
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import FINAL
from games.mauerbauer.state import HOUSES
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import OVER
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import TOWERS
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State

RED, BLUE, GREEN, PINK, YELLOW = (house_colour(c) for c in ("red", "blue", "green", "pink", "yellow"))
WHITE, GREY, BLACK = 0, 1, 2


def with_walls(state: State, *numbers: int) -> State:
    walls = state.walls
    for number in numbers:
        walls |= 1 << line(number)
    return state._replace(walls=walls, wall_supply=SUPPLY_WALLS - walls.bit_count())


def refused(state: State, seat: int, action: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, seat, action)
    return str(caught.value)


# -- building walls ------------------------------------------------------------------------------------


def test_a_wall_goes_on_any_free_line_and_rolls_the_dice() -> None:
    state = fresh(2, 1, active=0)
    assert len(rules.legal_actions(state, 0)) == 78
    after = rules.apply(state, 0, BuildWall(line(40)))
    assert after.walls == 1 << line(40) and after.wall_supply == SUPPLY_WALLS - 1
    assert len(after.dice) == 3 and after.dice[0] in (WHITE, GREY, BLACK)
    assert after.rng != state.rng
    assert ENGINE.reveals(state, 0, BuildWall(line(40)))


def test_refusals_for_walls() -> None:
    state = with_walls(fresh(2, 1, active=0), 40)
    assert refused(state, 0, BuildWall(line(40))) == "Line 40 already has a wall."
    inside = with_walls(fresh(2, 1, active=0), 2, 10, 13, 34, 37, 49)
    inside = inside._replace(cities=(city("A3", "A4", "A5", "B3", "B4", "B5"),))
    assert refused(inside, 0, BuildWall(line(11))) == "Line 11 lies inside a city."
    assert BuildWall(line(11)) not in rules.legal_actions(inside, 0)
    assert refused(state, 1, BuildWall(line(3))).startswith("It is not your turn")
    assert refused(state, 0, Play(cards("walls"))) == "No card play outside a scoring round."


# -- dice: towers ------------------------------------------------------------------------------------


def towers_phase(
    rolled: int, number: int, supply: tuple[int, ...] = (10, 10, 10), **changes: object
) -> State:
    state = with_walls(fresh(2, 1, active=0), number)
    return state._replace(
        phase=TOWERS, last_wall=line(number), dice=(rolled, RED, BLUE), tower_supply=supply, **changes
    )


def test_both_ends_free_rolled_colour_on_either_end_and_any_on_the_other() -> None:
    state = towers_phase(BLACK, 40)
    a, b = sorted(LINE_ENDS[line(40)])
    options = {action.placements for action in rules.legal_actions(state, 0)}
    expected = {tuple(sorted([(a, BLACK), (b, c)])) for c in range(3)} | {
        tuple(sorted([(b, BLACK), (a, c)])) for c in range(3)
    }
    assert options == expected and len(options) == 5
    text = refused(state, 0, PlaceTowers(((a, WHITE), (b, WHITE))))
    assert text == "Those colours do not fit the dice: each die gives one piece, and “?” is a free choice."


def test_one_free_end_takes_the_rolled_colour_without_asking() -> None:
    a, b = LINE_ENDS[line(40)]
    towers = [-1] * 34
    towers[a] = WHITE
    state = with_walls(fresh(2, 1, active=0), 39)._replace(towers=tuple(towers), tower_supply=(9, 10, 10))
    # Build line 40 until the dice put a tower of their colour on the free end by themselves.
    after = rules.apply(state, 0, BuildWall(line(40)))
    assert after.towers[b] == after.dice[0]
    assert after.phase != TOWERS


def test_no_free_end_no_tower_die() -> None:
    a, b = LINE_ENDS[line(40)]
    towers = [-1] * 34
    towers[a] = WHITE
    towers[b] = GREY
    state = with_walls(fresh(2, 1, active=0), 39, 41)._replace(towers=tuple(towers), tower_supply=(9, 9, 10))
    after = rules.apply(state, 0, BuildWall(line(40)))
    assert after.dice[0] == -1
    assert after.tower_supply == (9, 9, 10)


def test_a_sold_out_colour_is_replaced_by_any_available() -> None:
    state = towers_phase(BLACK, 40, supply=(5, 5, 0))
    colours = {c for action in rules.legal_actions(state, 0) for _, c in action.placements}
    assert colours == {WHITE, GREY}
    a, b = sorted(LINE_ENDS[line(40)])
    text = refused(state, 0, PlaceTowers(((a, BLACK), (b, WHITE))))
    assert text == f"The dice allow white or grey on T{a + 1}, not black."


def test_the_last_tower_leaves_the_second_end_empty() -> None:
    state = towers_phase(BLACK, 40, supply=(0, 1, 0))
    assert {action.placements for action in rules.legal_actions(state, 0)} <= {
        ((corner_, GREY),) for corner_ in LINE_ENDS[line(40)]
    }


# -- dice: houses --------------------------------------------------------------------------------------


def houses_phase(dice: tuple[int, int], number: int, **changes: object) -> State:
    state = with_walls(fresh(2, 1, active=0), number)
    return state._replace(phase=HOUSES, last_wall=line(number), dice=(-1, *dice), **changes)


def test_two_rolled_colours_are_assigned_by_the_player() -> None:
    state = houses_phase((RED, BLUE), 34)  # between B2 and B3
    b2, b3 = field("B2"), field("B3")
    options = {action.placements for action in rules.legal_actions(state, 0)}
    assert options == {((b2, RED), (b3, BLUE)), ((b2, BLUE), (b3, RED))}
    assert ENGINE.format_action(state, PlaceHouses(((b2, RED), (b3, BLUE)))) == "houses B2 red B3 blue"
    text = refused(state, 0, PlaceHouses(((b2, GREEN), (b3, BLUE))))
    assert text == "The dice allow blue or red on B2, not green."
    assert refused(state, 0, PlaceHouses(((field("C9"), RED), (b3, BLUE)))).startswith("C9 is not beside")


def test_question_mark_is_a_free_choice() -> None:
    state = houses_phase((RED, ANY), 34)
    b2, b3 = field("B2"), field("B3")
    options = {action.placements for action in rules.legal_actions(state, 0)}
    assert ((b2, RED), (b3, GREEN)) in options and ((b2, PINK), (b3, RED)) in options
    assert len(options) == 9  # red on either side, any of 5 on the other (red-red once)


def test_an_edge_wall_has_one_field_and_either_die() -> None:
    state = houses_phase((RED, BLUE), 8)  # the left edge of A1
    options = {action.placements for action in rules.legal_actions(state, 0)}
    assert options == {((field("A1"), RED),), ((field("A1"), BLUE),)}
    assert ENGINE.format_action(state, PlaceHouses(((field("A1"), RED),))) == "house A1 red"


def test_sold_out_house_colour_and_question_mark_after_the_rolled_colour() -> None:
    supply = (12, 12, 12, 12, 1)  # one red house left
    state = houses_phase((RED, ANY), 34, house_supply=supply)
    b2, b3 = field("B2"), field("B3")
    options = {action.placements for action in rules.legal_actions(state, 0)}
    # The red die takes the last red house; "?" cannot take it first and turn the red die free.
    assert all(sum(1 for _, c in o if c == RED) == 1 for o in options)
    state = houses_phase((GREEN, GREEN), 34, house_supply=(12, 1, 12, 12, 12))
    options = {action.placements for action in rules.legal_actions(state, 0)}
    assert ((b2, GREEN), (b3, RED)) in options and ((b2, RED), (b3, GREEN)) in options
    assert ((b2, GREEN), (b3, GREEN)) not in options


# -- closing cities ------------------------------------------------------------------------------------


def test_a_closed_boundary_makes_a_city_and_edge_lines_need_walls() -> None:
    state = with_walls(fresh(2, 3, active=0), 9, 24)
    after = play_through(rules.apply(state, 0, BuildWall(line(10))))  # elsewhere: no city
    assert not after.cities
    state = with_walls(fresh(2, 3, active=0), 9)
    after = rules.apply(state, 0, BuildWall(line(24)))
    assert after.closing == 0  # A1's edge line 8 is still open
    state = with_walls(fresh(2, 3, active=0), 9, 24)
    after = play_through(rules.apply(state, 0, BuildWall(line(8))))
    assert [c.fields for c in after.cities] == [fields("A1")]


def test_free_standing_walls_and_towers_inside_go_back() -> None:
    hexagon = ("A3", "A4", "A5", "B3", "B4", "B5")
    spoke = line(11)  # between A3 and A4, ending in the hexagon's centre
    centre = next(c for c in LINE_ENDS[spoke] if c == corner("T11"))
    outer = next(c for c in LINE_ENDS[spoke] if c != centre)
    towers = [-1] * 34
    towers[centre], towers[outer] = WHITE, GREY
    state = with_walls(fresh(2, 5, active=0), 2, 10, 13, 34, 37, 11)
    state = state._replace(towers=tuple(towers), tower_supply=(9, 9, 10))
    after = rules.apply(state, 0, BuildWall(line(49)))
    assert after.closing == fields(*hexagon)
    after = play_through(after, lambda s, seat, legal: legal[0] if s.phase != SCORING else legal[-1])
    made = after.cities[0]
    assert made.fields == fields(*hexagon)
    assert not after.walls >> spoke & 1
    assert after.towers[centre] == -1 and after.towers[outer] == GREY
    assert after.wall_supply == SUPPLY_WALLS - 6


def closing_houses(dice: tuple[int, int], red_on_b2: int = 1, **changes: object) -> State:
    """B2 is closed by line 48 (walls 33 and 34 stand); houses are to be placed."""
    houses = [(0,) * 5] * 45
    houses[field("B2")] = (0, 0, 0, 0, red_on_b2)
    state = with_walls(fresh(2, 7, active=0), 33, 34, 48)
    defaults = {"house_supply": (12, 12, 12, 12, 12 - red_on_b2)}
    defaults.update(changes)
    return state._replace(
        phase=HOUSES,
        last_wall=line(48),
        dice=(-1, *dice),
        closing=fields("B2"),
        houses=tuple(houses),
        **defaults,
    )


def test_two_houses_of_a_colour_become_a_palace() -> None:
    rules_say(ENGINE, "two houses of one colour become one palace of that colour (while palaces last)")
    state = closing_houses((RED, BLUE))
    after = rules.apply(state, 0, PlaceHouses(((field("B2"), RED), (field("C2"), BLUE))))
    made = after.cities[0]
    assert made.palaces[RED] == 1 and made.houses[RED] == 0
    assert after.palace_supply[RED] == 2
    assert after.house_supply[RED] == 12 - 1 - 1 + 2
    assert after.houses[field("B2")] == (0,) * 5
    assert after.phase == SCORING


def test_without_a_palace_of_the_colour_the_houses_stay() -> None:
    state = closing_houses((RED, BLUE), palace_supply=(3, 3, 3, 3, 0))
    after = rules.apply(state, 0, PlaceHouses(((field("B2"), RED), (field("C2"), BLUE))))
    assert after.cities[0].houses[RED] == 2 and after.cities[0].palaces[RED] == 0


def test_merging_is_optional_and_gives_back_the_shared_walls() -> None:
    rules_say(ENGINE, "you may merge the city with one older city it touches (`merge B7` or `no merge`)")
    b2 = city("B2")
    state = with_walls(fresh(2, 9, active=0), 33, 34, 48, 25)
    state = state._replace(cities=(b2,))
    after = play_through(rules.apply(state, 0, BuildWall(line(35))), lambda s, seat, legal: legal[0])
    # legal[0] of the merge decision is "no merge": two cities stay.
    assert sorted(c.fields for c in after.cities) == sorted([fields("B2"), fields("B3")])
    built = rules.apply(state, 0, BuildWall(line(35)))
    while built.phase != MERGE:
        built = rules.apply(built, 0, rules.legal_actions(built, 0)[0])
    assert rules.legal_actions(built, 0) == [Merge(None), Merge(field("B2"))]
    assert ENGINE.prompt(built, 0).default.startswith(
        "Your new city of 1 field shares walls with the city at B2"
    )
    merged = rules.apply(built, 0, ENGINE.parse_action(built, 0, "merge B2"))
    assert [c.fields for c in merged.cities] == [fields("B2", "B3")]
    assert not merged.walls >> line(34) & 1
    assert merged.wall_supply == built.wall_supply + 1
    assert merged.phase == SCORING
    assert refused(built, 0, Merge(field("C9"))) == "The new city shares no wall with a closed city at C9."


# -- scoring rounds ------------------------------------------------------------------------------------


def scoring(active: int = 1, players: int = 4, **changes: object) -> State:
    state = fresh(players, 11, active=active, cities=(city("B2"),), city=0, **changes)
    return rules._start_scoring(state)


def test_the_round_goes_in_order_from_the_player_who_closed_one_seat_at_a_time() -> None:
    state = scoring(active=2)
    order = []
    while state.phase == SCORING:
        (seat,) = rules.to_act(state)
        order.append(seat)
        assert ENGINE.prompt(state, seat).default == (
            "Play 1 or 2 cards for the new city at B2 (1 field), or discard 1 (`play …`, `discard …`)."
        )
        state = rules.apply(state, seat, rules.legal_actions(state, seat)[0])
    assert order == [2, 3, 0, 1]
    assert ENGINE.turn_number(state) == 0


def test_refusals_in_a_scoring_round() -> None:
    state = scoring(active=0, hands=(cards("walls", "cities", "red"), (), (), ()), players=4)
    assert refused(state, 0, Play(cards("walls", "cities", "red"))) == "Play at most 2 cards."
    assert refused(state, 0, Play(cards("water"))) == "You have no Towers at the water in your hand."
    assert refused(state, 0, Swap(card("walls"))).startswith("Only a player last on the score track")
    assert refused(state, 0, PASS) == "You can pass only in the final round."
    assert refused(state, 0, Play(cards("walls"), field("B2"))).startswith(
        "Name a city only in the final round"
    )


def test_discarding_draws_two_playing_draws_one_an_empty_hand_passes_and_draws_one() -> None:
    hands = (cards("walls", "cities"), cards("red", "blue"), (), cards("east", "west"))
    state = scoring(active=0, hands=hands)
    assert state.queue == (0, 1, 3)
    assert not ENGINE.reveals(state, 0, Discard(card("walls")))
    state = rules.apply(state, 0, Discard(card("walls")))
    state = rules.apply(state, 1, Play(cards("red", "blue")))
    # The last decision of the round makes everybody draw.
    assert ENGINE.reveals(state, 3, Play(cards("east", "west")))
    state = rules.apply(state, 3, Play(cards("east", "west")))
    assert [len(hand) for hand in state.hands] == [1 + 2, 0 + 1, 0 + 1, 0 + 1]


def test_the_last_placed_exchange_in_order_from_the_active_player() -> None:
    hands = (cards("walls"), cards("red"), cards("blue"), cards("green"))
    state = scoring(
        active=1, hands=hands, scores=(5, 1, 9, 1), earned=((4, 0, 0), (0, 0, 0), (8, 0, 0), (0, 0, 0))
    )
    # Everybody discards: nobody scores, seats 1 and 3 stay last.
    for seat in (1, 2, 3, 0):
        state = rules.apply(state, seat, rules.legal_actions(state, seat)[-1])
    assert state.phase == EXCHANGE and state.queue == (1, 3)
    assert ENGINE.prompt(state, 1).default.startswith("You are last on the score track")
    hand = state.hands[1]
    state = rules.apply(state, 1, Swap(hand[0]))
    assert not ENGINE.reveals(state, 1, Swap(state.hands[1][0]))
    assert ENGINE.reveals(state, 1, DONE)
    state = rules.apply(state, 1, DONE)
    assert len(state.hands[1]) == len(hand)
    assert rules.to_act(state) == {3}
    assert not ENGINE.reveals(state, 3, DONE)
    state = rules.apply(state, 3, DONE)
    assert state.phase == WALL and state.active == 2 and ENGINE.turn_number(state) == 1


def test_the_discard_pile_becomes_the_deck_when_the_last_card_is_drawn() -> None:
    hands = (cards("walls"), cards("red"))
    state = scoring(
        active=0, players=2, hands=hands, deck=(card("water"),), discard=cards("east", "west", "pink")
    )
    state = rules.apply(state, 0, Play(cards("walls")))
    state = rules.apply(state, 1, Play(cards("red")))
    # Seat 0 drew the last card; the pile (with the played cards) was shuffled to a new deck.
    assert card("water") in state.hands[0]
    assert len(state.deck) == 5 - 1 and state.discard == ()


# -- the end -------------------------------------------------------------------------------------------


def test_the_last_wall_ends_the_game_with_the_final_round() -> None:
    state = with_walls(fresh(3, 4, active=0), *range(1, 33))
    state = state._replace(
        walls=state.walls & ~(1 << line(9)) & ~(1 << line(24)) | 1 << line(60) | 1 << line(70)
    )
    state = state._replace(wall_supply=SUPPLY_WALLS - state.walls.bit_count())
    assert state.wall_supply == 1
    free = rules.legal_actions(state, 0)
    target = next(a for a in free if not rules.closed_by(state.walls | 1 << a.line, a.line))
    after = rules.apply(state, 0, target)
    while after.phase in (TOWERS, HOUSES):
        after = rules.apply(after, 0, rules.legal_actions(after, 0)[0])
    assert after.phase == FINAL and after.active == 1 and rules.to_act(after) == {1}
    assert ENGINE.turn_number(after) == ENGINE.turn_number(state) + 1
    while after.phase == FINAL:
        (seat,) = rules.to_act(after)
        after = rules.apply(after, seat, PASS)
    assert after.phase == OVER and rules.to_act(after) == frozenset()
    result = ENGINE.outcome(after)
    assert result is not None and len(result.winners) == 3


def test_in_the_final_round_a_city_card_names_its_city() -> None:
    state = fresh(
        2, 2, active=0, cities=(city("B2", "B3"),), hands=(cards("city-2", "walls"), cards("cities"))
    )
    state = rules._start_final(state, 1)
    assert state.phase == FINAL and state.queue == (1, 0)
    assert ENGINE.prompt(state, 1).default.startswith("The game is ending")
    state = rules.apply(state, 1, Play(cards("cities")))
    legal = rules.legal_actions(state, 0)
    assert Play(cards("city-2"), field("B2")) in legal and Play(cards("city-2")) not in legal
    assert Play(cards("walls")) in legal and PASS in legal
    assert refused(state, 0, Play(cards("city-2"))) == "Name the city your city card scores: `play … for B7`."
    assert ENGINE.parse_action(state, 0, "play city-2 for b3") == Play(cards("city-2"), field("B2"))
    state = rules.apply(state, 0, Play(cards("city-2"), field("B2")))
    assert state.phase == OVER and state.scores == (8, 2)


def test_closing_a_city_with_the_last_piece_scores_it_and_ends() -> None:
    state = closing_houses((RED, BLUE))._replace(ending=True, active=0)
    state = rules.apply(state, 0, PlaceHouses(((field("B2"), RED), (field("C2"), BLUE))))
    assert state.phase == SCORING
    while state.phase == SCORING:
        (seat,) = rules.to_act(state)
        state = rules.apply(state, seat, rules.legal_actions(state, seat)[0])
    assert state.phase == OVER


def test_ties_go_to_the_most_hand_cards_then_are_shared() -> None:
    over = fresh(3, 0, phase=OVER, scores=(10, 10, 10), earned=((9, 0, 0),) * 3)
    over = over._replace(hands=(cards("walls", "red"), cards("walls"), cards("red", "blue")))
    result = ENGINE.outcome(over)
    assert result is not None
    assert result.winners == {0, 2} and result.ranks == (1, 3, 1)
    assert result.details[0] == {"city_cards": 9, "outside_cards": 0, "cities_cards": 0, "hand_cards": 2}


def test_start_deals_six_and_every_marker_on_one() -> None:
    state = ENGINE.setup(4, 42)
    assert [len(hand) for hand in state.hands] == [6] * 4
    assert len(state.deck) == 60 - 24 and state.scores == (1, 1, 1, 1)
    assert ENGINE.turn_number(state) == 0 and rules.to_act(state) == {state.active}
    assert {ENGINE.setup(4, seed).active for seed in range(40)} == {0, 1, 2, 3}
    with pytest.raises(ValueError):
        ENGINE.setup(5, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1, {"x": "y"})


def test_merging_gives_back_towers_no_longer_on_the_boundary() -> None:
    old = city("A3", "A4", "A5", "B3", "B4")
    new = city("B5")
    centre = corner("T11")  # the corner all six fields of the hexagon share
    assert old.corners >> centre & 1 and new.corners >> centre & 1
    towers = [-1] * 34
    towers[centre] = BLACK
    walls = old.boundary | new.boundary
    state = fresh(2, 6, active=0, walls=walls, wall_supply=SUPPLY_WALLS - walls.bit_count())
    state = state._replace(
        cities=(old, new), city=1, phase=MERGE, towers=tuple(towers), tower_supply=(10, 10, 9)
    )
    assert rules.legal_actions(state, 0) == [Merge(None), Merge(field("A3"))]
    merged = rules.apply(state, 0, Merge(field("A3")))
    (hexagon,) = merged.cities
    assert hexagon.fields == fields("A3", "A4", "A5", "B3", "B4", "B5")
    assert merged.towers[centre] == -1 and merged.tower_supply == (10, 10, 10)
    shared = old.boundary & new.boundary
    assert shared.bit_count() == 2 and not merged.walls & shared
    assert merged.wall_supply == state.wall_supply + 2
    assert hexagon.boundary == boundary_of(hexagon.fields)
