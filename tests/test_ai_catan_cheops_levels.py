"""The Catan: Cheops AI's Easy and Hard levels and its hints: legal, deterministic, blind to
what the seat cannot see, registered; the hints legal, distinct, best first, worded in every
language. (Their strength is measured by `scripts/ai_strength.py`, not here.)"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from ai_support import check_blind
from ai_support import check_legal
from ai_support import check_replays
from ai_support import positions
from catan_cheops.cc_support import edges_at
from catan_cheops.cc_support import position
from catan_cheops.cc_support import resample_hidden

import ai
import texts
from ai.catan_cheops import easy
from ai.catan_cheops import hard
from ai.catan_cheops import hints
from ai.catan_cheops import player
from ai.catan_cheops.sampling import determinize
from games.catan_cheops import ENGINE
from games.catan_cheops.actions import OFFER
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import Move
from games.catan_cheops.data import BANK
from games.catan_cheops.data import DECK
from games.catan_cheops.rules import KNIGHT
from games.catan_cheops.rules import VICTORY
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import OVER
from games.catan_cheops.state import PHASES
from games.catan_cheops.state import ROBBER
from games.catan_cheops.state import State
from games.core import Message
from games.core import Player

LEVELS = {"easy": easy.choose, "hard": hard.choose}


def ai_positions(seed: int, every: int) -> Iterator[tuple[State, int]]:
    """Positions of a seeded game of Normal players (they reach every phase, offers included)."""

    def normal(state: State, seat: int, number: int, _rng: random.Random) -> Move:
        move = player.choose(state, seat, seed * 1000 + number)
        assert isinstance(move, Move)
        return move

    return positions(ENGINE, 4, seed, every=every, mover=normal)


def sample(seed: int, every: int) -> list[tuple[State, int]]:
    return [(state, seat) for state, seat in ai_positions(seed, every) if state.phase != OVER]


@pytest.fixture(scope="module")
def found() -> list[tuple[State, int]]:
    return sample(3, 5)


def test_the_levels_and_hints_are_registered() -> None:
    assert ai.levels(ENGINE.id) == ("easy", "normal", "hard")
    assert ai.chooser(ENGINE.id, "easy") is easy.choose
    assert ai.chooser(ENGINE.id, "hard") is hard.choose
    state = position(settlements={"I45": 0}, hands={0: {"grain": 2, "ore": 3}})
    assert ai.hints(ENGINE.id, state, 0, 1) == hints.hint(state, 0, 1)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_move_is_legal_in_every_phase(level: str, found: list[tuple[State, int]]) -> None:
    assert check_legal(ENGINE, LEVELS[level], found, 4) > 40
    assert {PHASES[state.phase] for state, _ in found} >= {"founding", "roll", "main", "robber"}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_same_state_and_seed_give_the_same_move(level: str, found: list[tuple[State, int]]) -> None:
    assert check_replays(ENGINE, LEVELS[level], found[::3], 7) > 10


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_move_depends_only_on_what_the_seat_may_see(level: str, found: list[tuple[State, int]]) -> None:
    compared, changed = check_blind(ENGINE, LEVELS[level], found[::2], resample_hidden, random.Random(2))
    assert compared > 20 and changed > 10


def test_hard_searches_blind_to_the_hidden_cards() -> None:
    """A main-phase choice Hard searches (a city, a card, a road or the end of the turn): the
    same move when the deck's order, the other hands and the generator differ."""
    state = position(
        settlements={"I45": 0, "I65": 1},
        roads={edges_at("I45")[0]: 0},
        hands={
            0: {"grain": 3, "ore": 4, "wool": 2, "brick": 1, "lumber": 1},
            1: {"ore": 2, "wool": 3},
            2: {"brick": 2, "grain": 1},
        },
    )
    mind = player.Mind(state, 0, 1)
    legal = ENGINE.legal_actions(state, 0)
    assert len(hard._main_candidates(mind, legal, mind.decide(legal))) > 2
    rng = random.Random(1)
    other_hands = 0
    for seed in range(4):
        twin = resample_hidden(state, 0, rng)
        assert twin.deck != state.deck and ENGINE.view(twin, 0) == ENGINE.view(state, 0)
        other_hands += twin.hands != state.hands
        assert hard.choose(twin, 0, seed) == hard.choose(state, 0, seed)
    assert other_hands


def test_a_determinization_keeps_what_the_seat_sees_and_redeals_the_rest() -> None:
    # Seat 1 holds three cards and seat 3 played two knights: 19 left in the deck.
    deck = list(DECK)
    for card in (KNIGHT, KNIGHT, VICTORY, VICTORY, KNIGHT, KNIGHT):
        deck.remove(card)
    state = position(
        hands={0: {"brick": 2}, 1: {"ore": 3, "wool": 1}, 2: {"grain": 2}},
        cards={0: {"knight": 1}, 1: {"victory": 2, "knight": 1}},
        settlements={"I45": 1},
        knights=(0, 0, 2, 0),
        deck=tuple(deck),
    )
    worlds = [determinize(state, 0, seed) for seed in range(6)]
    for world in worlds:
        assert world.hands[0] == state.hands[0] and world.devs[0] == state.devs[0]
        assert [sum(hand) for hand in world.hands] == [sum(hand) for hand in state.hands]
        assert [sum(cards) for cards in world.devs] == [sum(cards) for cards in state.devs]
        for resource in range(5):
            assert world.bank[resource] + sum(hand[resource] for hand in world.hands) == BANK
        assert len(world.deck) == len(state.deck)
    # Dealt at random: the hidden hands and the deck differ between seeds, never from the same seed.
    assert len({(world.hands, world.deck, world.rng) for world in worlds}) > 1
    assert determinize(state, 0, 4) == worlds[4]
    assert determinize(resample_hidden(state, 0, random.Random(3)), 0, 4) == worlds[4]


def test_easy_makes_no_offers_where_normal_does() -> None:
    """One card short of a city with wool to spare: Normal offers it, Easy (who forgets the
    other players) does not."""
    state = position(
        settlements={"I45": 0, "I65": 1},
        hands={0: {"grain": 2, "ore": 2, "wool": 3}, 1: {"ore": 2}, 2: {"ore": 1}},
        gold=(0, 3, 3, 3),
    )
    assert player.choose(state, 0, 4).kind == OFFER
    assert all(easy.choose(state, 0, seed).kind != OFFER for seed in range(5))


# -- hints -------------------------------------------------------------------------------------------------


def catalogue_keys() -> dict[str, set[str]]:
    return {locale: set(texts.catalogue(locale)) for locale in ("en", "de", "nl")}


def message_keys(message: Message) -> Iterator[str]:
    yield message.key
    for param in message.params.values():
        if isinstance(param, Message):
            yield from message_keys(param)


def test_hints_are_legal_distinct_best_first_and_worded(found: list[tuple[State, int]]) -> None:
    keys = catalogue_keys()
    phases = set()
    for state, seat in found:
        given = hints.hint(state, seat, 5)
        legal = ENGINE.legal_actions(state, seat)
        actions = [h.action for h in given]
        assert 1 <= len(given) <= min(3, len(legal))
        assert len(set(actions)) == len(actions)
        assert all(action in legal for action in actions)
        # The first is the move Normal makes; the others follow by Normal's valuation.
        assert actions[0] == player.choose(state, seat, 5)
        scores = [score for score, _ in hints.ranked(state, seat, 5)[1:3]]
        assert scores == sorted(scores, reverse=True)
        assert actions == [move for _, move in hints.ranked(state, seat, 5)[:3]]
        for h in given:
            for key in message_keys(h.why):
                assert all(key in found_keys for found_keys in keys.values()), key
                phases.add(h.why.key)
    assert len(phases) > 8


def test_hints_depend_only_on_what_the_seat_may_see(found: list[tuple[State, int]]) -> None:
    def hinted(state: State, seat: int, seed: int) -> tuple[Move, ...]:
        return tuple(h.action for h in hints.hint(state, seat, seed))

    compared, changed = check_blind(ENGINE, hinted, found[::2], resample_hidden, random.Random(4))  # type: ignore[arg-type]
    assert compared > 20 and changed > 10


def test_a_hint_names_the_city_and_the_player_robbed() -> None:
    state = position(settlements={"I45": 0}, hands={0: {"grain": 2, "ore": 3}})
    first = hints.hint(state, 0, 1)[0]
    assert first.action.kind == player.act.CITY
    assert first.why.key == "catan-cheops.hint.city" and first.why.params["node"] == "I45"
    assert "I45" in str(first.why)


def test_every_hint_key_is_in_every_language() -> None:
    keys = catalogue_keys()
    english = {key for key in keys["en"] if key.startswith("catan-cheops.hint.")}
    assert len(english) > 25
    assert english <= keys["de"] and english <= keys["nl"]


def test_a_hint_names_players_as_players() -> None:
    """The robber's hint names the seats it blocks and robs as players, drawn as typed."""
    state = position(settlements={"I45": 1}, hands={1: {"ore": 2}}, phase=ROBBER)
    for h in hints.hint(state, 0, 2):
        if h.action.b == 1:
            assert h.why.params["victim"] == Player(1)
            assert "{" not in texts.render(h.why, "de")
            break
    else:
        raise AssertionError("no hint robs seat 2")


def test_hard_plays_a_main_phase_candidate_out_to_its_next_turn() -> None:
    """Hard values a candidate where the seat's next turn begins: every other seat has played
    its turn (as Normal) in between."""
    state = position(
        settlements={"I45": 0, "I65": 1, "I23": 2, "I53": 3},
        hands={0: {"grain": 3, "ore": 4, "wool": 2}, 1: {"ore": 2, "wool": 3}},
    )
    world = determinize(state, 0, 5)
    after = hard._finish_round(ENGINE.apply(world, 0, ENGINE.parse_action(world, 0, "end")), 0, 5)
    assert after.turn == 0 and ENGINE.turn_number(after) == ENGINE.turn_number(state) + 4


def test_hard_founds_on_one_of_normals_best_spots_looking_at_what_the_others_take() -> None:
    """Each founding settlement is one of Normal's best spots; which one is decided by the
    founding played out, so Hard does not always take Normal's first choice."""
    searched = differed = 0
    for seed in range(2):
        state = ENGINE.setup(4, seed)
        while state.phase == FOUND:
            (seat,) = ENGINE.to_act(state)
            legal = ENGINE.legal_actions(state, seat)
            if legal[0].kind == SETTLEMENT:
                mind = player.Mind(state, seat, seed)
                best = sorted(mind.founding_scores(legal), key=lambda item: -item[0])
                chosen = hard.choose(state, seat, seed)
                assert chosen in [move for _, move in best[: hard.FOUNDING_CANDIDATES]]
                searched += 1
                differed += chosen != mind.decide(legal)
            state = ENGINE.apply(state, seat, player.choose(state, seat, seed))
    assert searched == 2 * 12 and differed
