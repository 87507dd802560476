"""Offers to the other players: everyone asked at once, answers in any order, the proposer picks."""

from __future__ import annotations

import itertools

import pytest
from cc_support import legal_texts
from cc_support import play
from cc_support import position
from cc_support import refused

from games.catan_cheops import ENGINE
from games.catan_cheops.actions import DECLINE_OFFER
from games.catan_cheops.rules import MAX_OFFERS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OFFER
from games.catan_cheops.words import cards
from games.core import IllegalAction
from games.core import openly_acting


def offered(hands: dict[int, dict[str, int]] | None = None) -> object:
    state = position(
        settlements={"I23": 0},
        hands=hands or {0: {"brick": 2}, 1: {"wool": 1}, 2: {"wool": 3}, 3: {"ore": 1}},
    )
    return play(state, 0, "offer 1 brick for 1 wool")


def public(state: object) -> dict[str, object]:
    """What everybody sees of a position: the spectator's view and what each seat sees
    beyond its own hand."""
    views = [ENGINE.view(state, viewer) for viewer in (None, 0, 1, 2, 3)]
    for view in views:
        view.pop("hand", None)
        view.pop("viewer")
    assert all(view == views[0] for view in views)
    return views[0]


def test_an_offer_goes_to_everyone_and_asks_those_who_can_pay_privately() -> None:
    state = offered()
    assert state.phase == OFFER  # type: ignore[attr-defined]
    # Seats 2 and 3 hold wool: they are asked, privately; seat 4 has no decision (it is
    # never asked a question whose only answer is no) and counts as declining.
    assert ENGINE.to_act(state) == {1, 2}
    assert ENGINE.hidden_acting(state) == {1: DECLINE_OFFER, 2: DECLINE_OFFER}
    assert openly_acting(ENGINE, state) == frozenset()
    assert (
        str(ENGINE.prompt(state, 2)) == "Answer Player 1's offer: 1 brick for 1 wool — `accept` or `decline`."
    )
    assert legal_texts(state, 1) == ["accept", "decline"]
    assert legal_texts(state, 3) == [] and legal_texts(state, 0) == []
    with pytest.raises(IllegalAction, match="Your offer waits for the answers"):
        play(state, 0, "cancel")
    seen = public(state)
    assert seen["offer"] == {"from": 0, "give": {"brick": 1}, "get": {"wool": 1}, "answers": None}
    assert seen["to_act"] == []
    assert [ENGINE.view(state, seat)["hand"].get("answer") for seat in range(4)] == [
        None,
        "waiting",
        "waiting",
        "declined",
    ]
    # Had others held the wool, everybody would have seen the same, in the log too.
    other = offered({0: {"brick": 2}, 1: {"ore": 1}, 2: {"wool": 3}, 3: {"wool": 1}})
    assert ENGINE.to_act(other) == {2, 3}
    assert public(other) == seen
    before = position(settlements={"I23": 0}, hands={0: {"brick": 2}, 1: {"wool": 1}, 3: {"ore": 1}})
    said = ENGINE.describe(before, 0, ENGINE.parse_action(before, 0, "offer 1 brick for 1 wool"))
    assert str(said) == (
        "Player 1 offers 1 brick for 1 wool to everyone; the answers are shown when the offer closes."
    )


@pytest.mark.parametrize("order", list(itertools.permutations([1, 2])))
def test_answers_are_shown_together_when_the_offer_closes(order: tuple[int, ...]) -> None:
    state = offered()
    number = ENGINE.turn_number(state)
    answers = {1: "accept", 2: "decline"}
    first, last = order
    seen = public(state)
    state = play(state, first, answers[first])
    # An answer shows nothing to the others while the offer is open; the seat knows its own.
    assert public(state) == seen
    assert ENGINE.view(state, first)["hand"]["answer"] == {1: "accepted", 2: "declined"}[first]
    assert ENGINE.hidden_acting(state) == {last: DECLINE_OFFER}
    said = ENGINE.describe(state, last, ENGINE.parse_action(state, last, answers[last]))
    state = play(state, last, answers[last])
    # The last answer closes the offer without saying whose it was; every answer shows.
    assert str(said) == "The offer closes: accepted by Player 2, declined by the others."
    assert ENGINE.turn_number(state) == number
    assert ENGINE.hidden_acting(state) == {}
    assert public(state)["offer"]["answers"] == [None, "accepted", "declined", "declined"]
    assert ENGINE.to_act(state) == {0} and public(state)["to_act"] == [0]
    assert legal_texts(state, 0) == ["trade with 2", "cancel"]
    after = play(state, 0, "trade with 2")
    assert after.phase == MAIN
    assert after.hands[0][0] == 1 and after.hands[0][2] == 1
    assert after.hands[1][0] == 1 and after.hands[1][2] == 0


def test_an_answer_is_told_in_full_to_the_seat_that_gave_it() -> None:
    state = offered()
    told = {"accept": "Player 2 accepts the offer.", "decline": "Player 2 declines the offer."}
    for answer, said in told.items():
        action = ENGINE.parse_action(state, 1, answer)
        assert str(ENGINE.private_description(state, 1, action, 1)) == said
        assert ENGINE.private_description(state, 1, action, 0) is None


def test_the_proposer_may_cancel_once_everyone_answered() -> None:
    state = play(play(offered(), 2, "accept"), 1, "accept")
    assert ENGINE.to_act(state) == {0}
    assert str(ENGINE.prompt(state, 0)).startswith("Your offer has closed and some accepted it")
    cancelled = play(state, 0, "cancel")
    assert cancelled.phase == MAIN and ENGINE.to_act(cancelled) == {0}
    assert cancelled.hands == state.hands


def test_an_offer_closes_when_all_decline_or_nobody_can_pay() -> None:
    state = play(offered(), 1, "decline")
    said = ENGINE.describe(state, 2, ENGINE.parse_action(state, 2, "decline"))
    assert str(said) == "The offer closes: everyone declined it."
    state = play(state, 2, "decline")
    assert state.phase == MAIN and state.offer == ()  # type: ignore[attr-defined]
    # Nobody holds 2 ore: nobody is asked, and the offer closes at once as if all declined.
    said = ENGINE.describe(state, 0, ENGINE.parse_action(state, 0, "offer 1 brick for 2 ore"))
    assert str(said) == "Player 1 offers 1 brick for 2 ore; the offer closes: everyone declined it."
    state = play(state, 0, "offer 1 brick for 2 ore")
    assert state.phase == MAIN and ENGINE.to_act(state) == {0}


def test_as_many_offers_a_turn_as_the_player_likes_up_to_the_house_limit() -> None:
    state = position(settlements={"I23": 0}, hands={0: {"brick": 2}, 1: {"wool": 1}})
    for made in range(MAX_OFFERS):
        assert "offer 1 brick for 1 wool" in legal_texts(state, 0), made
        state = play(play(state, 0, "offer 1 brick for 1 wool"), 1, "decline")
    assert MAX_OFFERS >= 20
    with pytest.raises(IllegalAction, match=f"{MAX_OFFERS} offers this turn"):
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
    open_offer = offered()
    assert "You do not have to act now." in refused(open_offer, 3, "accept")
    assert "Your offer waits for the answers" in refused(open_offer, 0, "end")
    answered = play(play(offered(), 1, "accept"), 2, "decline")
    assert "You do not have to act now." in refused(answered, 1, "cancel")
    assert "Your offer is open" in refused(answered, 0, "end")
    # Legal offers are exactly 1 to 3 of a held resource for 1 to 3 of another.
    offers = [t for t in legal_texts(state, 0) if t.startswith("offer")]
    assert len(offers) == len(set(offers)) == 2 * 4 * 3


def test_only_the_offer_and_its_last_answer_reveal() -> None:
    state = offered()
    for action in ENGINE.legal_actions(state, 1):
        assert ENGINE.reveals(state, 1, action) is False
    state = play(state, 1, "accept")
    for action in ENGINE.legal_actions(state, 2):
        assert ENGINE.reveals(state, 2, action) is True
    state = play(state, 2, "decline")
    for action in ENGINE.legal_actions(state, 0):
        assert ENGINE.reveals(state, 0, action) is False


def test_the_log_names_the_cards_traded() -> None:
    state = play(play(offered(), 1, "accept"), 2, "decline")  # type: ignore[arg-type]
    said = ENGINE.describe(state, 0, ENGINE.parse_action(state, 0, "trade with 2"))
    assert str(said) == "Player 1 trades 1 brick for 1 wool with Player 2."


def test_a_roll_says_the_dice_and_what_each_player_received() -> None:
    gains = 0
    for seed in range(12):
        state = position(settlements={"I23": 0, "I12": 1}, cities={"I34": 2}, phase=1, seed=seed)
        rolled = play(state, 0, "roll")
        said = str(ENGINE.describe(state, 0, ENGINE.parse_action(state, 0, "roll")))
        first, second = rolled.last_roll  # type: ignore[attr-defined]
        assert said.startswith(f"Player 1 rolls {first} + {second} = {first + second}")
        for seat in range(4):
            got = [n - m for n, m in zip(rolled.hands[seat], state.hands[seat], strict=True)]  # type: ignore[attr-defined]
            coins = rolled.gold[seat] - state.gold[seat]  # type: ignore[attr-defined]
            if any(got) or coins:
                gains += 1
                assert f"Player {seat + 1} gets {cards(got, coins)}" in said
            else:
                assert f"Player {seat + 1} gets" not in said
    assert gains
