"""A turn's actions: playing cards, horsemen, the dragon, drawing; whose turn it is."""

from __future__ import annotations

import pytest
from cm_builders import act
from cm_builders import cards
from cm_builders import notations
from cm_builders import position

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer import DragonOn
from games.chinesische_mauer import Draw
from games.chinesische_mauer import PlaceTile
from games.chinesische_mauer import PlayCards
from games.chinesische_mauer.state import State
from games.core import IllegalAction
from games.core import Player

WALL, GATE, TOWER, NOBLE, WARRIOR, HORSEMAN, DRAGON = range(7)


def quiet(hand: str, *, deck: str = "wall wall", players: int = 2) -> State:
    """Seat 0 to act, nothing to score, two empty sites (or more)."""
    sites = ["5 3 |", "4 2 |", "3 2 |", "2 1 |"][: {2: 2, 3: 3}.get(players, 4)]
    return position(
        players=players,
        sites=sites,
        turn=0,
        hands=[hand] + ["wall gate"] * (players - 1),
        decks=[deck] + ["wall"] * (players - 1),
    )


def test_two_ordinary_actions_then_the_turn_passes() -> None:
    state = quiet("wall gate")
    assert ENGINE.view(state, None)["actions_left"] == 2
    state = act(state, 0, "play wall 1")
    assert state.turn == 0
    assert ENGINE.view(state, None)["actions_left"] == 1
    state = act(state, 0, "draw")
    assert state.turn == 1
    assert ENGINE.to_act(state) == frozenset({1})
    assert ENGINE.current_turn(state) == 1
    assert ENGINE.view(state, None)["actions_left"] == 2


def test_play_goes_to_the_right_end_of_the_site() -> None:
    state = position(
        players=2, sites=["5 3 | 1:gate", "4 2 |"], hands=["tower gate", "wall"], decks=["wall", ""]
    )
    state = act(state, 0, "play tower 1")
    assert state.sites[0].cards == (((1, GATE),), ((0, TOWER),))
    assert state.hands[0] == cards_count("gate")


def cards_count(text: str) -> tuple[int, ...]:
    kinds = cards(text)
    return tuple(kinds.count(kind) for kind in range(7))


def test_several_identical_cards_at_once() -> None:
    state = quiet("wall wall wall gate")
    state = act(state, 0, "play 3 walls 2")
    assert state.sites[1].cards == (((0, WALL),),) * 3
    assert state.hands[0] == cards_count("gate")
    assert state.actions_done == 1


def test_play_counts_from_one_to_what_is_in_hand() -> None:
    state = quiet("wall wall gate")
    plays = [text for text in notations(state, 0) if text.startswith("play")]
    assert plays == [
        "play wall 1",
        "play wall 2",
        "play 2 wall 1",
        "play 2 wall 2",
        "play gate 1",
        "play gate 2",
    ]
    assert "draw" in notations(state, 0)


def test_friendly_refusals_for_cards_not_in_hand() -> None:
    state = quiet("wall")
    with pytest.raises(IllegalAction, match=r"^You have no Gate in hand\.$"):
        act(state, 0, "play gate 1")
    with pytest.raises(IllegalAction, match=r"^You have only 1 Wall in hand\.$"):
        act(state, 0, "play 2 wall 1")
    with pytest.raises(IllegalAction, match=r"^You have only 2 Walls in hand\.$"):
        act(quiet("wall wall"), 0, "play 3 wall 1")
    with pytest.raises(IllegalAction, match=r"^Site 5 does not exist\.$"):
        ENGINE.apply(state, 0, PlayCards("wall", 1, 4))
    with pytest.raises(IllegalAction, match=r"^You have no Dragon in hand\.$"):
        act(state, 0, "dragon on 1.1")


def test_not_your_turn() -> None:
    state = quiet("wall")
    with pytest.raises(IllegalAction, match=r"^It is Player 1's turn\.$") as raised:
        ENGINE.apply(state, 1, Draw())
    assert raised.value.key == "cm.error.not_your_turn"
    assert raised.value.params["player"] == Player(0)
    assert ENGINE.legal_actions(state, 1) == []


def test_an_object_that_is_not_a_move() -> None:
    state = quiet("wall")
    for thing in ("draw", None, 3, ("play", "wall", 1)):
        with pytest.raises(IllegalAction, match=r"^That is not a move of Chinesische Mauer\.$"):
            ENGINE.apply(state, 0, thing)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, PlayCards("castle", 1, 0))
    with pytest.raises(IllegalAction, match="Only horsemen"):
        ENGINE.apply(state, 0, PlayCards("wall", 1, 0, free=True))
    with pytest.raises(IllegalAction, match="at least one"):
        ENGINE.apply(state, 0, PlayCards("wall", 0, 0))
    for strange in (PlayCards("wall", 1, True), PlayCards("wall", 1.0, 0), DragonOn(0, "1")):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, 0, strange)
    scoring = position(players=2, sites=["5 3 | 0:gate", "4 2 |"], hands=["wall", ""])
    with pytest.raises(IllegalAction, match="not a move"):
        ENGINE.apply(scoring, 0, PlaceTile(0, 5.0, 0))  # type: ignore[arg-type]


def test_draw_takes_the_top_card_of_your_own_deck() -> None:
    state = quiet("wall", deck="tower gate")
    state = act(state, 0, "draw")
    assert state.hands[0] == cards_count("wall tower")
    assert state.decks[0] == cards("gate")


def test_empty_deck_means_you_must_play() -> None:
    state = quiet("wall gate", deck="")
    assert "draw" not in notations(state, 0)
    with pytest.raises(IllegalAction, match=r"^Your deck is empty\.$"):
        act(state, 0, "draw")


def test_empty_hand_means_you_must_draw() -> None:
    state = quiet("", deck="wall gate")
    assert notations(state, 0) == ["draw"]


def test_free_horsemen_cost_no_action_until_the_third_action_starts() -> None:
    state = quiet("horseman horseman wall gate")
    assert ENGINE.view(state, None)["free_horsemen"] is True
    state = act(state, 0, "free horseman 1")
    assert state.actions_done == 0
    state = act(state, 0, "play wall 1")
    assert state.actions_done == 1
    # Still before the third action: the other horseman is free too.
    assert "free horseman 2" in notations(state, 0)
    state = act(state, 0, "free horseman 2")
    assert (state.turn, state.actions_done) == (0, 1)
    state = act(state, 0, "play gate 2")
    assert state.turn == 1
    assert [stack[-1] for stack in state.sites[0].cards] == [(0, HORSEMAN), (0, WALL)]


def test_both_horsemen_in_one_free_play() -> None:
    state = act(quiet("horseman horseman wall"), 0, "free 2 horsemen 2")
    assert state.sites[1].cards == (((0, HORSEMAN),),) * 2
    assert state.actions_done == 0


def test_horsemen_as_an_ordinary_action() -> None:
    state = quiet("horseman horseman wall")
    assert {"play horseman 1", "play 2 horseman 1", "free horseman 1", "free 2 horseman 1"} <= set(
        notations(state, 0)
    )
    state = act(state, 0, "play 2 horseman 1")
    assert state.actions_done == 1


def test_no_free_horsemen_while_scoring() -> None:
    state = position(players=2, sites=["5 3 | 0:gate", "4 2 |"], hands=["horseman wall", "wall"])
    assert not any(text.startswith("free") for text in notations(state, 0))
    assert ENGINE.view(state, None)["free_horsemen"] is False
    state = act(state, 0, "tile 5 on 1.1")
    assert "free horseman 2" in notations(state, 0)


def test_only_horsemen_are_free() -> None:
    with pytest.raises(IllegalAction, match=r"^Only horsemen can be played for free\.$"):
        act(quiet("wall"), 0, "free wall 1")


def test_turn_ends_when_the_hand_and_deck_run_out_even_with_a_free_horseman() -> None:
    state = quiet("horseman", deck="")
    state = act(state, 0, "free horseman 1")
    assert state.turn == 1
    assert state.last_round == 0


def test_dragon_played_normally_goes_to_the_right_end() -> None:
    state = act(quiet("dragon wall"), 0, "play dragon 2")
    assert state.sites[1].cards == (((0, DRAGON),),)
    assert state.sites[1].totals == (1, 0)


def test_dragon_covers_any_visible_card_also_own_and_other_dragons() -> None:
    state = position(
        players=3,
        sites=["5 3 | 0:wall 1:gate^2:dragon", "4 2 |", "3 2 |"],
        hands=["dragon", "", ""],
        decks=["wall", "", ""],
    )
    targets = [text for text in notations(state, 0) if text.startswith("dragon on")]
    assert targets == ["dragon on 1.1", "dragon on 1.2"]
    state = act(state, 0, "dragon on 1.2")
    assert state.sites[0].cards[1] == ((1, GATE), (2, DRAGON), (0, DRAGON))
    view = ENGINE.view(state, None)["sites"][0]
    assert view["cards"][1]["stack"] == [
        {"owner": 1, "kind": "gate"},
        {"owner": 2, "kind": "dragon"},
        {"owner": 0, "kind": "dragon"},
    ]
    # Seats 1 and 2 have played here, their cards covered: present with 0 points.
    assert view["totals"] == [2, 0, 0]
    # Own card too.
    mine = act(
        position(players=2, sites=["5 3 | 0:wall", "4 2 |"], hands=["dragon", ""], pending=()),
        0,
        "dragon on 1.1",
    )
    assert mine.sites[0].cards == (((0, WALL), (0, DRAGON)),)


def test_dragon_cannot_cover_a_card_carrying_a_tile() -> None:
    state = position(
        players=2, sites=["5 3@2 | 1:wall 1:tower 0:wall", "4 2 |"], hands=["dragon wall", "wall"], pending=()
    )
    assert "dragon on 1.2" not in notations(state, 0)
    assert {"dragon on 1.1", "dragon on 1.3"} <= set(notations(state, 0))
    with pytest.raises(IllegalAction, match=r"^The dragon cannot cover a card that carries a fame tile\.$"):
        act(state, 0, "dragon on 1.2")


def test_dragon_cover_is_an_action() -> None:
    state = position(
        players=2, sites=["5 3 | 1:wall", "4 2 |"], hands=["dragon wall", ""], decks=["wall", ""]
    )
    state = act(state, 0, "dragon on 1.1")
    assert state.actions_done == 1


def test_first_player_comes_from_the_seed_and_play_goes_in_seat_order() -> None:
    firsts = {ENGINE.current_turn(ENGINE.setup(4, seed)) for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = ENGINE.setup(3, 7)
    first = state.turn
    state = act(state, first, "draw", "draw")
    assert state.turn == (first + 1) % 3
