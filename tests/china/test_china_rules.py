"""The rules of a turn: the 3-2-1 rule, jokers, pieces, emissaries, refilling, swapping, scoring, the end."""

from __future__ import annotations

from china_support import act
from china_support import counts
from china_support import notations
from china_support import position
from china_support import refusal
from game_support import rules_say

from games.china import ENGINE
from games.china.state import OVER
from games.china.state import PLACE
from games.china.state import REFILL


def test_two_pieces_in_a_province_that_has_a_piece_then_refill() -> None:
    state = position(houses={"WEI1": 1}, hands=["red red purple", "", "", ""])
    state = act(state, 0, "house wei 2")
    assert state.step == PLACE and state.placed == 1
    assert "end" in notations(state, 0)
    state = act(state, 0, "house wei 3")
    # The second piece ends placing by itself.
    assert state.step == REFILL
    assert refusal(state, 0, "house wei 4") == "You may place at most 2 pieces in a turn."


def test_one_province_per_turn() -> None:
    state = position(houses={"WEI1": 1, "SHU1": 1}, hands=["red red purple", "", "", ""])
    state = act(state, 0, "house wei 2")
    assert refusal(state, 0, "house shu 2") == "This turn you place pieces in Wei only."
    assert all(text.split()[1] == "wei" for text in notations(state, 0) if text != "end")


def test_only_one_piece_in_an_empty_province() -> None:
    # The rulebook: Herman (a purple and two red cards) places one piece in the empty Wei and stops.
    state = act(position(hands=["purple red red", "", "", ""]), 0, "house wei 1")
    assert state.step == REFILL and state.hands[0] == counts("purple red")
    state = position(hands=["purple purple red", "", "", ""])
    state = act(state, 0, "house chu 1")
    assert state.step == REFILL
    assert refusal(state, 0, "house chu 2") == "You may place only one piece in an empty province."


def test_jokers_are_two_cards_of_another_colour() -> None:
    # The rulebook: Anne plays a red card and two green ones as a joker in Wei.
    state = position(houses={"WEI1": 1}, hands=["red green green", "", "", ""])
    assert refusal(state, 0, "house wei 2 joker purple") == "A joker needs two purple cards."
    state = act(state, 0, "house wei 2", "house wei 3 joker green")
    assert state.board[1][:3] == (1, 0, 0)
    assert state.hands[0] == counts("") and state.cards_used == 3 and state.step == REFILL
    assert state.discard[1] >= 1 and state.discard[2] >= 2


def test_a_joker_is_not_of_the_provinces_own_colour() -> None:
    state = position(houses={"WEI1": 1}, hands=["red red purple", "", "", ""])
    assert (
        refusal(state, 0, "house wei 2 joker red")
        == "A joker is two cards of a colour other than Wei's own (red)."
    )
    assert "house wei 2 joker red" not in notations(state, 0)
    # Two red cards may pay for a piece anywhere else, Chu for one.
    assert "house chu 1 joker red" in notations(state, 0)


def test_three_cards_at_most_two_pieces_at_most() -> None:
    # Marc's three yellow cards: two pieces in Qi or Ch'in, or one joker elsewhere and no more.
    state = position(houses={"QI1": 1, "QIN1": 2, "WEI1": 1}, hands=["yellow yellow yellow", "", "", ""])
    after = act(state, 0, "house qi 2", "house qi 3")
    assert after.step == REFILL and after.hands[0] == counts("yellow")
    after = act(state, 0, "house qin 6", "emissary qin")
    assert after.step == REFILL and after.hands[0] == counts("yellow")
    after = act(state, 0, "house wei 2 joker yellow")
    assert after.step == PLACE and after.cards_used == 2
    assert set(notations(after, 0)) == {"end"}, "one yellow card cannot pay for a piece in Wei"


def test_a_card_of_the_colour_is_needed() -> None:
    state = position(houses={"WEI1": 1}, hands=["purple green yellow", "", "", ""])
    assert refusal(state, 0, "house wei 2") == "You have no red card for Wei."


def test_houses_go_on_free_spaces() -> None:
    state = position(houses={"WEI1": 1}, hands=["red red red", "", "", ""])
    assert refusal(state, 0, "house wei 1") == "House space 1 in Wei is taken."
    assert refusal(state, 0, "house wei 8") == "Wei has no house space 8."


def test_a_full_province_takes_no_house_but_emissaries() -> None:
    full = {f"LU{n}": 1 for n in range(1, 5)}
    state = position(houses=full, hands=["orange orange red", "", "", ""])
    assert refusal(state, 0, "house lu 1") == "Lu has no free house space."
    # The province is full (and was scored): emissaries still come, from anyone.
    state = act(state, 0, "emissary lu")
    assert state.envoys[8][0] == 1


def test_no_emissary_without_houses() -> None:
    state = position(hands=["yellow yellow red", "", "", ""])
    assert refusal(state, 0, "emissary qin") == "No emissary: Ch'in has no houses yet."


def test_the_emissary_cap_example_of_the_rulebook() -> None:
    # Anne (seat 1) has 4 houses in Chu, 2 emissaries stand there: 2 more may come.
    houses = {"CHU1": 1, "CHU2": 1, "CHU3": 1, "CHU4": 1, "CHU5": 2}
    state = position(houses=houses, envoys={"CHU": (0, 1, 1, 0)}, hands=["purple orange orange", "", "", ""])
    assert state.cap[0] == 4
    state = act(state, 0, "emissary chu", "emissary chu joker orange")
    assert state.envoys[0] == (2, 1, 1, 0)
    nxt = position(
        houses=houses, envoys={"CHU": (2, 1, 1, 0)}, hands=["", "purple purple purple", "", ""], turn=1
    )
    assert refusal(nxt, 1, "emissary chu") == (
        "No more emissaries in Chu: at most 4, as many as the most houses one player has there."
    )


def test_tied_majorities_set_the_cap_and_anyone_may_send_emissaries() -> None:
    # The rulebook's Ch'in example: Anne and Carl 2 houses each, no emissaries yet: up to 2,
    # also from a player without houses.
    chin = position(
        houses={"QIN1": 1, "QIN2": 1, "QIN3": 2, "QIN4": 2}, hands=["yellow yellow yellow", "", "", ""]
    )
    state = act(chin, 0, "emissary qin", "emissary qin")
    assert state.envoys[6] == (2, 0, 0, 0)
    # "... two emissaries, or two houses, or one house and one emissary": Ch'in has room for both.
    state = act(chin, 0, "house qin 5", "house qin 6")
    assert state.board[6] == (1, 1, 2, 2, 0, 0) and state.free[6] == 0
    assert state.points == (6, 6, 6, 0), "Ch'in is full: 2/2/2 houses share first place"
    state = act(chin, 0, "house qin 6", "emissary qin")
    assert state.board[6][5] == 0 and state.envoys[6] == (1, 0, 0, 0) and state.step == REFILL
    # Zhao: 3 red and 2 yellow houses allow at most 3 emissaries.
    zhao = position(houses={"ZHAO1": 0, "ZHAO2": 0, "ZHAO3": 0, "ZHAO4": 1, "ZHAO5": 1})
    assert zhao.cap[7] == 3


def test_supplies_are_limited() -> None:
    state = position(houses={"WEI1": 1}, hands=["red red red", "", "", ""], houses_left=(0, 20, 20, 20))
    state = state._replace(houses_left=(0, 20, 20, 20))
    assert refusal(state, 0, "house wei 2") == "You have no houses left."
    assert not [text for text in notations(state, 0) if text.startswith("house")]
    state = state._replace(envoys_left=(0, 8, 8, 8))
    assert refusal(state, 0, "emissary wei") == "You have no emissaries left."


def test_refill_one_card_at_a_time_then_the_open_row() -> None:
    state = position(
        houses={"WEI1": 1}, hands=["red red purple", "", "", ""], open_cards="green green yellow orange"
    )
    deck = len(state.deck)
    state = act(state, 0, "house wei 2", "house wei 3")
    assert state.step == REFILL and sorted(notations(state, 0)) == sorted(
        ["take green", "take yellow", "take orange", "take deck"]
    )
    state = act(state, 0, "take green")
    # The open row is not refilled until the hand is full.
    assert sum(state.open) == 3 and state.turn == 0 and state.step == REFILL
    state = act(state, 0, "take green")
    assert state.hands[0] == counts("purple green green")
    assert sum(state.open) == 4 and len(state.deck) == deck - 2
    assert state.turn == 1 and state.step == PLACE and state.turns == 1


def test_the_swap_turn() -> None:
    state = position(hands=["purple red green", "", "", ""], open_cards="yellow yellow orange orange")
    assert "swap purple for yellow" in notations(state, 0)
    state = act(state, 0, "swap purple for yellow")
    assert state.hands[0] == counts("red green yellow")
    assert state.discard[0] == 1 and sum(state.open) == 4 and state.turn == 1
    placed = act(position(houses={"WEI1": 1}, hands=["red red green", "", "", ""]), 0, "house wei 2")
    assert refusal(placed, 0, "swap green for deck") == (
        "You have placed pieces this turn: swapping a card takes a whole turn."
    )


def test_end_stops_placing_and_needs_a_piece_first() -> None:
    state = position(houses={"WEI1": 1}, hands=["red red green", "", "", ""])
    assert refusal(state, 0, "end") == "You have not placed anything yet: place a piece or swap a card."
    state = act(state, 0, "house wei 2", "end")
    assert state.step == REFILL
    assert refusal(state, 0, "house wei 3") == "You have ended placing: take your cards now."


def test_house_scoring_4_2_1_gives_7_4_2() -> None:
    # Wei: Herman (0) 4 houses, Marc (1) 2, Carl (2) 1 — Carl fills the last space.
    houses = {"WEI1": 0, "WEI2": 0, "WEI3": 0, "WEI4": 0, "WEI5": 1, "WEI6": 1}
    state = position(houses=houses, hands=["", "", "red red red", ""], turn=2)
    message = ENGINE.describe(state, 2, ENGINE.parse_action(state, 2, "house wei 7"))
    assert str(message).endswith("Wei is full and is scored.")
    state = act(state, 2, "house wei 7")
    assert state.points == (7, 4, 2, 0)
    assert state.free[1] == 0


def test_house_scoring_tie_2_2_1_gives_5_5_2() -> None:
    state = position(houses={"QI1": 1, "QI2": 1, "QI3": 3, "QI4": 3}, hands=["yellow", "", "", ""])
    state = act(state, 0, "house qi 5")
    assert state.points == (2, 5, 0, 5)


def test_the_deck_is_reshuffled_the_first_time_it_runs_out() -> None:
    rules_say(ENGINE, "the first time the deck runs out the discards are shuffled into a new deck")
    state = position(houses={"WEI1": 1}, hands=["red red green", "", "", ""], deck="yellow")
    discards = sum(state.discard)
    state = act(state, 0, "house wei 2", "house wei 3")
    assert sum(state.discard) == discards + 2
    state = act(state, 0, "take deck")
    # The yellow card was the last one: the discards (the two reds too) are the new deck.
    assert state.exhausted == 1 and state.hands[0] == counts("green yellow")
    assert sum(state.discard) == 0 and len(state.deck) == discards + 2
    assert state.step == REFILL
    state = act(state, 0, "take deck")
    assert state.turn == 1 and len(state.deck) == discards + 1


def test_the_game_ends_after_the_round_of_the_second_exhaustion() -> None:
    rules_say(ENGINE, "the second time the round is finished (the start player's right neighbour plays last)")
    # Start player 1: seat 0, its right neighbour, plays last.
    state = position(
        houses={"WEI1": 3},
        hands=["", "red red green", "red green", "red"],
        deck="yellow",
        exhausted=1,
        start=1,
        turn=1,
    )
    state = act(state, 1, "house wei 2", "house wei 3", "take deck")
    assert state.exhausted == 2 and not state.deck
    assert notations(state, 1) == ["take purple", "take red", "take green", "take yellow"]
    state = act(state, 1, "take purple")
    # The open row cannot be refilled any more; the round goes on.
    assert state.turn == 2 and sum(state.open) == 3
    assert str(ENGINE.prompt(state, 2)).endswith("This is the last round.")
    state = act(state, 2, "swap green for red")
    state = act(state, 3, "house wei 4", "take green", "take yellow")
    assert state.turn == 0 and state.step == PLACE
    assert notations(state, 0) == ["pass"]
    state = act(state, 0, "pass")
    assert state.step == OVER and ENGINE.to_act(state) == frozenset()
    result = ENGINE.outcome(state)
    assert result is not None and result.ending is not None
    assert result.ending.key == "china.ending.deck", "the end post says the deck ran out a second time"


def test_the_game_ends_when_nobody_can_place() -> None:
    # Every space has a house and every province its emissaries but Lu one.
    houses: dict[str, int] = {}
    envoys: dict[str, tuple[int, ...]] = {}
    from games.china.data import PROVINCES
    from games.china.data import SPACES

    for p, pid in enumerate(PROVINCES):
        for n in range(SPACES[p]):
            houses[f"{pid}{n + 1}"] = n % 4
    state = position(houses=houses, hands=["orange red green", "", "", ""])
    for p, pid in enumerate(PROVINCES):
        cap = state.cap[p] - (1 if pid == "LU" else 0)
        envoys[pid] = (0, cap, 0, 0)
    state = position(houses=houses, envoys=envoys, hands=["orange red green", "", "", ""])
    assert sum(state.envoys_left) == 32 - sum(sum(row) for row in state.envoys)
    state = act(state, 0, "emissary lu")
    while state.step == REFILL:
        state = act(state, 0, notations(state, 0)[0])
    assert state.step == OVER
    result = ENGINE.outcome(state)
    assert result is not None and result.ending is not None
    assert result.ending.key == "china.ending.blocked", "the end post says nobody can place any more"


def test_pass_only_when_nothing_else_is_possible() -> None:
    state = position(hands=["", "red", "", ""], open_cards="", deck="", exhausted=2, start=0, turn=0)
    assert notations(state, 0) == ["pass"]
    assert str(ENGINE.prompt(state, 0)).startswith("You can neither place a piece nor swap a card")
    state = act(state, 0, "pass")
    assert state.turn == 1
    assert (
        refusal(state, 1, "pass") == "You may pass only when you can neither place a piece nor swap a card."
    )


def test_out_of_turn_and_after_the_end() -> None:
    state = position()
    assert refusal(state, 1, "swap purple for red") == "It is Player 1's turn."
