"""The Catan: Cheops AI: legal in every phase, deterministic, blind to hidden information,
sensible with offers, and strong.

Positions come from seeded games, so every run checks the same ones. Catan:
Cheops is not a built-in game yet: these tests use its engine directly.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from ai_support import check_legal
from ai_support import check_registered
from ai_support import check_replays
from ai_support import mean
from ai_support import play_out
from ai_support import results
from ai_support import serving_seat
from catan_cheops.cc_support import node
from catan_cheops.cc_support import position
from catan_cheops.cc_support import resample_hidden

import ai.catan_cheops
from ai.catan_cheops import greedy
from ai.catan_cheops.evaluation import NODE_YIELD
from ai.catan_cheops.evaluation import public_points
from ai.catan_cheops.evaluation import public_state
from games.catan_cheops import ENGINE
from games.catan_cheops.actions import ACCEPT
from games.catan_cheops.actions import BANK
from games.catan_cheops.actions import BLOCK
from games.catan_cheops.actions import CITY
from games.catan_cheops.actions import DECLINE
from games.catan_cheops.actions import OFFER
from games.catan_cheops.actions import PLAY
from games.catan_cheops.actions import ROAD
from games.catan_cheops.actions import SHIP
from games.catan_cheops.actions import TRADE
from games.catan_cheops.actions import Move
from games.catan_cheops.data import BRICK
from games.catan_cheops.data import HEX_NODES
from games.catan_cheops.data import HEX_TOKEN
from games.catan_cheops.data import NODE_HEXES
from games.catan_cheops.data import NODE_NAMES
from games.catan_cheops.data import ORE
from games.catan_cheops.data import WOOL
from games.catan_cheops.rules import KNIGHT
from games.catan_cheops.rules import ROAD_BUILDING
from games.catan_cheops.state import DISCARD
from games.catan_cheops.state import FOUND
from games.catan_cheops.state import FREE_ROADS
from games.catan_cheops.state import MAIN
from games.catan_cheops.state import OFFER as OFFER_PHASE
from games.catan_cheops.state import OVER
from games.catan_cheops.state import PHASES
from games.catan_cheops.state import ROBBER
from games.catan_cheops.state import ROLL
from games.catan_cheops.state import State
from games.core import Action


def choose(state: State, seat: int, seed: int) -> Move:
    """The AI's move, checked to be a move of this game."""
    action = ai.catan_cheops.choose(state, seat, seed)
    assert isinstance(action, Move)
    return action


def mixed_positions(
    players: int, seed: int, every: int = 2, pharaoh: str | None = None
) -> Iterator[tuple[State, int]]:
    """Positions of a seeded game of AI, greedy and random moves, with every seat that must act
    (every `every`-th move, and every position with an offer or several discarding seats);
    `pharaoh` the option (None: none given, which is the default, `rulebook`)."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, seed, {"pharaoh": pharaoh} if pharaoh else None)
    move = 0
    while ENGINE.to_act(state):
        acting = ENGINE.to_act(state)
        if move % every == 0 or state.phase in (OFFER_PHASE, DISCARD, FREE_ROADS):
            for seat in sorted(acting):
                yield state, seat
        seat = serving_seat(ENGINE, state)
        kind = (seat + seed) % 3
        action: Action
        if kind == 0:
            action = choose(state, seat, seed * 1000 + move)
        elif kind == 1:
            action = greedy.choose(state, seat, seed * 1000 + move)
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action)
        move += 1
        assert move < 20_000, "the game does not end"


# -- legality, registry, determinism ----------------------------------------------------------------


def test_the_move_is_always_legal_in_every_phase() -> None:
    seen: set[str] = set()
    several_discarding = 0
    proposer_with_taker = 0
    answering = 0
    checked = 0
    # The AI must play under both values of the option `pharaoh`.
    for players, seed, pharaoh in ((4, 1, None), (4, 2, "revised"), (3, 3, None), (3, 4, "revised")):
        for state, seat in mixed_positions(players, seed, pharaoh=pharaoh):
            action = choose(state, seat, seed)
            assert action in ENGINE.legal_actions(state, seat), (PHASES[state.phase], action)
            seen.add(PHASES[state.phase])
            if state.phase == DISCARD and len(ENGINE.to_act(state)) > 1:
                several_discarding += 1
            if state.phase == OFFER_PHASE:
                if seat == state.turn and 1 in state.answers:
                    proposer_with_taker += 1
                elif seat != state.turn:
                    answering += 1
            checked += 1
    assert seen >= {"founding", "roll", "main", "discard", "robber", "offer"}
    assert several_discarding > 0 and proposer_with_taker > 0 and answering > 0
    assert checked > 500


def test_free_roads_are_placed_where_the_network_grows() -> None:
    state = position(settlements={"I45": 0}, cards={0: {"roads": 1}}, hands={0: {"grain": 1}})
    assert Move(PLAY, ROAD_BUILDING) in ENGINE.legal_actions(state, 0)
    for _ in range(2):
        if state.phase == MAIN:
            action = choose(state, 0, 1)
            assert action == Move(PLAY, ROAD_BUILDING)
        else:
            assert state.phase == FREE_ROADS
            action = choose(state, 0, 1)
            assert action.kind in (ROAD, SHIP) and action in ENGINE.legal_actions(state, 0)
        state = ENGINE.apply(state, 0, action)
    assert state.phase == FREE_ROADS
    state = ENGINE.apply(state, 0, choose(state, 0, 1))
    assert state.phase == MAIN
    assert state.edges.count(0) + state.edges.count(4) == 2


def test_the_greedy_baseline_moves_legally() -> None:
    check_legal(ENGINE, greedy.choose, mixed_positions(4, 7, every=3), 1)


def test_registered_for_the_game() -> None:
    check_registered(ENGINE, ai.catan_cheops.choose, *next(mixed_positions(4, 11)))


def test_same_state_and_seed_give_the_same_move() -> None:
    assert check_replays(ENGINE, choose, mixed_positions(4, 11, every=5), 5) > 50


@pytest.mark.parametrize("pharaoh", ["rulebook", "revised"])
def test_whole_games_replay_exactly(pharaoh: str) -> None:
    options = {"pharaoh": pharaoh}
    first = play_out(ENGINE, 4, 21, {1: ai.catan_cheops.choose}, greedy.choose, options)
    second = play_out(ENGINE, 4, 21, {1: ai.catan_cheops.choose}, greedy.choose, options)
    assert first.over and ENGINE.dumps(first) == ENGINE.dumps(second)
    assert first.pharaoh == ("rulebook", "revised").index(pharaoh)


# -- hidden information ---------------------------------------------------------------------------


def _redealt(state: State, seat: int, rng: random.Random) -> State:
    """The same public position with every other seat's resource and development cards dealt
    anew among them (each seat keeps its counts, the bank its counts), the deck reshuffled and
    the generator changed."""
    others = [other for other in range(state.players) if other != seat]
    hands = list(state.hands)
    devs = list(state.devs)
    for field, keep_turn in ((hands, False), (devs, True)):
        movable = [o for o in others if not (keep_turn and o == state.turn)]
        pool = [kind for o in movable for kind, count in enumerate(field[o]) for _ in range(count)]
        rng.shuffle(pool)
        for o in movable:
            size = sum(field[o])
            counts = [0] * 5
            for kind in pool[:size]:
                counts[kind] += 1
            pool = pool[size:]
            field[o] = tuple(counts)
    deck = list(state.deck)
    rng.shuffle(deck)
    return state._replace(hands=tuple(hands), devs=tuple(devs), deck=tuple(deck), rng=rng.getrandbits(64))


def test_the_move_depends_only_on_what_the_seat_may_see() -> None:
    rng = random.Random(5)
    checked = 0
    differed = 0
    for state, seat in mixed_positions(4, 31, every=3):
        if state.phase == OVER:
            continue
        for other in (_redealt(state, seat, rng), resample_hidden(state, seat, rng)):
            assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
            assert choose(other, seat, 9) == choose(state, seat, 9)
            differed += int(other.hands != state.hands or other.devs != state.devs)
        checked += 1
    assert checked > 100 and differed > 50


def test_the_public_state_hides_other_cards_the_deck_and_the_generator() -> None:
    state = position(
        hands={0: {"brick": 2}, 1: {"ore": 3, "wool": 1}},
        cards={1: {"victory": 2, "knight": 1}},
        settlements={"I45": 1},
    )
    public = public_state(state, 0)
    assert public.hands[0] == state.hands[0]
    assert public.hands[1] != state.hands[1] and sum(public.hands[1]) == 4
    assert public.devs[1] != state.devs[1] and sum(public.devs[1]) == 3
    assert set(public.deck) == {0} and len(public.deck) == len(state.deck)
    assert public.rng == 0
    # The hidden victory points count for nobody but their owner.
    assert public_points(state, 1) == 1


# -- offers ---------------------------------------------------------------------------------------


def _offer(proposer_points: bool) -> State:
    """Seat 2 (index 1) holds a settlement, 2 grain, 2 ore, 3 wool: one ore short of a city.
    Seat 1 (index 0) offers 1 ore for 1 wool; with `proposer_points` seat 1 stands at 11 points."""
    cities = {"I150": 0, "I160": 0, "I170": 0} if proposer_points else {}
    state = position(
        settlements={"I45": 1, "I65": 2},
        cities=cities,
        hands={0: {"ore": 2, "brick": 1}, 1: {"grain": 2, "ore": 2, "wool": 3}, 2: {"wool": 1}},
    )
    if proposer_points:
        # Three cities, the blessing (the three blocks are its own) and the largest army.
        state = state._replace(pyramid=(0, 0, 0), blessing=0, army=0, knights=(3, 0, 0, 0))
    return ENGINE.apply(state, 0, Move(OFFER, ORE, 1, WOOL, 1))


def test_it_accepts_a_trade_that_completes_its_city() -> None:
    state = _offer(proposer_points=False)
    assert state.phase == OFFER_PHASE and public_points(state, 0) < 9
    assert choose(state, 1, 3) == Move(ACCEPT)


def test_it_declines_the_same_trade_from_a_seat_close_to_winning() -> None:
    state = _offer(proposer_points=True)
    assert public_points(state, 0) == 11
    assert choose(state, 1, 3) == Move(DECLINE)


def test_it_declines_a_trade_that_takes_what_it_needs() -> None:
    state = position(
        settlements={"I45": 1, "I65": 2},
        hands={0: {"wool": 3}, 1: {"grain": 2, "ore": 3, "wool": 1}},
    )
    # Seat 1 asks for 1 ore (the city's) and gives 1 wool it does not need.
    state = ENGINE.apply(state, 0, Move(OFFER, WOOL, 1, ORE, 1))
    assert choose(state, 1, 3) == Move(DECLINE)


def test_it_offers_its_surplus_when_one_card_short_and_trades_with_a_taker() -> None:
    state = position(
        settlements={"I45": 0, "I65": 1},
        hands={0: {"grain": 2, "ore": 2, "wool": 3}, 1: {"ore": 2}, 2: {"ore": 1}},
        gold=(0, 3, 3, 3),
    )
    action = choose(state, 0, 4)
    assert action.kind == OFFER and action.a == WOOL and action.c == ORE and action.d == 1
    state = ENGINE.apply(state, 0, action)
    state = ENGINE.apply(state, 1, Move(ACCEPT))
    state = ENGINE.apply(state, 2, Move(DECLINE))
    # Once everyone asked has answered, the AI takes the acceptance.
    assert choose(state, 0, 4) == Move(TRADE, 1)
    state = ENGINE.apply(state, 0, Move(TRADE, 1))
    assert state.phase == MAIN and state.hands[0][ORE] == 3
    # With the cards together it builds the city.
    assert choose(state, 0, 4).kind == CITY


def test_an_offer_waits_for_answers_and_lapses_when_nobody_takes_it() -> None:
    state = position(
        settlements={"I45": 0},
        hands={0: {"grain": 2, "ore": 2, "wool": 3}, 1: {"ore": 2}, 2: {"ore": 1}, 3: {"ore": 1}},
        gold=(0, 3, 3, 3),
    )
    state = ENGINE.apply(state, 0, Move(OFFER, WOOL, 1, ORE, 1))
    state = ENGINE.apply(state, 1, Move(DECLINE))
    # The proposer has nothing to decide while answers are open: no AI withdraws it at once.
    assert 0 not in ENGINE.to_act(state) and ENGINE.legal_actions(state, 0) == []
    for seat in (2, 3):
        state = ENGINE.apply(state, seat, choose(state, seat, 4))
    assert state.phase == MAIN and 0 in ENGINE.to_act(state)
    # It does not offer again in the same turn: another offer would ask the same players again.
    assert choose(state, 0, 4).kind != OFFER


def test_it_trades_with_the_bank_to_complete_a_city() -> None:
    state = position(
        settlements={"I45": 0},
        hands={0: {"grain": 2, "ore": 2, "brick": 5}},
        gold=(0, 3, 3, 3),
    )
    assert choose(state, 0, 4) == Move(BANK, BRICK, ORE, 4, -1)


def test_gold_coins_pay_at_the_bank() -> None:
    state = position(
        settlements={"I45": 0},
        hands={0: {"grain": 2, "ore": 2}},
        gold=(4, 3, 3, 3),
    )
    assert choose(state, 0, 4) == Move(BANK, 5, ORE, 4, -1)


def test_the_first_pyramid_block_is_built() -> None:
    # Seat 1 stands on a pyramid site; the first block brings the blessing and curses the others.
    site = "I103"
    assert site in NODE_NAMES
    state = position(settlements={site: 0, "I65": 1}, hands={0: {"brick": 1, "ore": 1}})
    assert choose(state, 0, 2) == Move(BLOCK, -1)  # from the own site


def test_founding_takes_a_productive_spot() -> None:
    state = ENGINE.setup(4, 3)
    assert state.phase == FOUND
    action = choose(state, 0, 1)
    assert sum(NODE_YIELD[action.a][:5]) >= 7


def test_the_robber_leaves_its_own_hexes() -> None:
    checked = 0
    for state, seat in mixed_positions(4, 41, every=1):
        if state.phase == ROBBER and seat == state.turn:
            action = choose(state, seat, 1)
            own = [n for n in HEX_NODES[action.a] if state.nodes[n] >= 0 and state.nodes[n] & 3 == seat]
            others = [n for n in HEX_NODES[action.a] if state.nodes[n] >= 0 and state.nodes[n] & 3 != seat]
            assert not own or others
            checked += 1
    assert checked > 5


def test_knight_before_the_roll_frees_its_hex() -> None:
    # The robber sits on the grain 6 next to its settlement at I65.
    grain6 = next(h for h in NODE_HEXES[node("I65")] if HEX_TOKEN[h] == 6)
    assert node("I65") in HEX_NODES[grain6]
    state = position(settlements={"I65": 0}, cards={0: {"knight": 1}}, phase=ROLL, robber=grain6)
    assert choose(state, 0, 1) == Move(PLAY, KNIGHT)


# -- strength -------------------------------------------------------------------------------------


def test_it_beats_random_players_clearly() -> None:
    wins, _, _ = results(ENGINE, 4, range(100, 106), ai.catan_cheops.choose)
    assert wins >= 5


def test_it_outscores_greedy_players() -> None:
    _, mine, theirs = results(ENGINE, 4, range(200, 204), ai.catan_cheops.choose, greedy.choose)
    assert mean(mine) > mean(theirs)
