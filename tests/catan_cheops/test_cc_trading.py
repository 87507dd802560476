"""Offers to the other players: everyone asked at once, answers in any order, the proposer picks."""

from __future__ import annotations

import itertools
import re

import pytest
from cc_support import legal_texts
from cc_support import play
from cc_support import position
from cc_support import refused

from games.catan_cheops import ENGINE
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OFFER
from games.core import IllegalAction


def offered() -> object:
    state = position(
        settlements={"I23": 0},
        hands={0: {"brick": 2}, 1: {"wool": 1}, 2: {"wool": 3}, 3: {"ore": 1}},
    )
    return play(state, 0, "offer 1 brick for 1 wool")


def test_everyone_is_asked_at_once() -> None:
    state = offered()
    assert state.phase == OFFER  # type: ignore[attr-defined]
    # The proposer waits: it has nothing to decide until someone accepts.
    assert ENGINE.to_act(state) == {1, 2, 3}
    assert (
        str(ENGINE.prompt(state, 2)) == "Answer Player 1's offer: 1 brick for 1 wool — `accept` or `decline`."
    )
    assert legal_texts(state, 1) == ["accept", "decline"]
    # Seat 4 has no wool: it can only decline.
    assert legal_texts(state, 3) == ["decline"]
    assert legal_texts(state, 0) == []
    with pytest.raises(IllegalAction, match="Your offer waits for an answer"):
        play(state, 0, "cancel")
    view = ENGINE.view(state, None)
    assert view["offer"] == {
        "from": 0,
        "give": {"brick": 1},
        "get": {"wool": 1},
        "answers": [None, "waiting", "waiting", "waiting"],
    }


@pytest.mark.parametrize("order", list(itertools.permutations([1, 2, 3])))
def test_answers_in_any_order(order: tuple[int, ...]) -> None:
    state = offered()
    number = ENGINE.turn_number(state)
    answers = {1: "accept", 2: "accept", 3: "decline"}
    for seat in order:
        state = play(state, seat, answers[seat])
        assert ENGINE.turn_number(state) == number
        assert seat not in ENGINE.to_act(state) or seat == 0
    assert ENGINE.to_act(state) == {0}
    assert legal_texts(state, 0) == ["trade with 2", "trade with 3", "cancel"]
    after = play(state, 0, "trade with 3")
    assert after.phase == MAIN
    assert after.hands[0][0] == 1 and after.hands[0][2] == 1
    assert after.hands[2][0] == 1 and after.hands[2][2] == 2
    assert after.hands[1][2] == 1


def test_the_proposer_may_pick_before_everyone_answered_or_cancel() -> None:
    state = play(offered(), 2, "accept")
    assert ENGINE.to_act(state) == {0, 1, 3}
    assert str(ENGINE.prompt(state, 0)).startswith("Some players accepted your offer")
    with pytest.raises(IllegalAction, match=re.escape("Player 2 has not accepted your offer.")):
        play(state, 0, "trade with 2")
    cancelled = play(state, 0, "cancel")
    assert cancelled.phase == MAIN and ENGINE.to_act(cancelled) == {0}
    assert cancelled.hands == state.hands


def test_the_offer_lapses_when_everyone_declines_and_one_offer_a_turn() -> None:
    state = offered()
    for seat in (3, 1, 2):
        state = play(state, seat, "decline")
    assert state.phase == MAIN and state.offer == ()  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="one offer a turn"):
        play(state, 0, "offer 1 brick for 1 ore")
    assert not [t for t in legal_texts(state, 0) if t.startswith("offer")]
    # The next turn may offer again.
    nxt = play(play(state, 0, "end"), 1, "roll")
    assert nxt.offers_made == 0


def test_offer_refusals() -> None:
    state = position(hands={0: {"brick": 2}})
    assert "A trade must give something and get something else." in refused(
        state, 0, "offer 1 brick for 1 brick"
    )
    assert "A trade must give something and get something else." in refused(
        state, 0, "offer 0 brick for 1 wool"
    )
    assert "You do not have 3 brick." in refused(state, 0, "offer 3 brick for 1 wool")
    assert "An offer gives 1 to 3 cards" in refused(state, 0, "offer 1 brick for 4 wool")
    assert "Gold coins are not offered" in refused(state, 0, "offer 1 gold for 1 wool")
    rolled = state._replace(phase=1)
    assert "Roll the dice first." in refused(rolled, 0, "offer 1 brick for 1 wool")
    open_offer = play(state, 0, "offer 1 brick for 1 wool")
    assert "Only the player who made the offer chooses the trade." in refused(open_offer, 1, "cancel")
    assert "You do not have 1 wool to accept." in refused(open_offer, 1, "accept")
    assert "Your offer waits for an answer" in refused(open_offer, 0, "end")
    assert "Your offer is open" in refused(play(offered(), 1, "accept"), 0, "end")
    # Legal offers are exactly 1 to 3 of a held resource for 1 to 3 of another.
    offers = [t for t in legal_texts(state, 0) if t.startswith("offer")]
    assert len(offers) == len(set(offers)) == 2 * 4 * 3


def test_answers_and_trades_reveal_nothing() -> None:
    state = offered()
    for seat in ENGINE.to_act(state):
        for action in ENGINE.legal_actions(state, seat):
            assert ENGINE.reveals(state, seat, action) is False


def test_the_log_names_the_cards_traded() -> None:
    state = play(offered(), 1, "accept")  # type: ignore[arg-type]
    said = ENGINE.describe(state, 0, ENGINE.parse_action(state, 0, "trade with 2"))
    assert str(said) == "Player 1 trades 1 brick for 1 wool with Player 2."
