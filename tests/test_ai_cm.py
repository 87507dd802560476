"""The Chinesische Mauer AI: legal, deterministic, blind to hidden information, and strong.

Positions come from seeded random games, so every run checks the same ones.
Hidden information is varied through the save format: two states that
differ only in what the AI's seat cannot see (other hands, decks, the
supply order, other seats' won tiles) must give the same move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from ai_support import check_blind
from ai_support import check_legal
from ai_support import check_registered
from ai_support import check_replays
from ai_support import play_out
from ai_support import positions
from ai_support import results

import games
from ai import chinesische_mauer
from ai.chinesische_mauer.model import KINDS
from ai.chinesische_mauer.model import Move
from ai.chinesische_mauer.model import SiteModel
from ai.chinesische_mauer.model import leader
from ai.chinesische_mauer.model import parse_move
from ai.chinesische_mauer.model import position_from_view
from ai.chinesische_mauer.model import site_totals
from games.core import State

ENGINE = games.get("chinesische-mauer")
choose = chinesische_mauer.choose


def random_positions(players: int, seed: int, every: int = 7) -> Iterator[tuple[State, int]]:
    """Every `every`-th position of a seeded game of random moves, with the seat to act."""
    return positions(ENGINE, players, seed, every)


# -- legality and determinism ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_move_is_always_legal(players: int) -> None:
    checked = sum(check_legal(ENGINE, choose, random_positions(players, seed, 3), seed) for seed in range(6))
    assert checked > 100


def test_the_registry_uses_this_ai() -> None:
    check_registered(ENGINE, choose, *next(random_positions(4, 11, every=9)))


def test_same_state_and_seed_give_the_same_move() -> None:
    assert check_replays(ENGINE, choose, random_positions(4, 21, every=5), 99) > 5


# -- hidden information ---------------------------------------------------------------------------


def _hide_differently(state: State, seat: int, rng: random.Random) -> State | None:
    """The same position with everything `seat` cannot see changed; None if nothing can change.

    Each other seat's hand and deck are dealt anew from their own cards (the
    sizes stay), the supply is shuffled, and a won tile of another seat is
    swapped with a supply tile.
    """
    data: dict[str, Any] = json.loads(ENGINE.dumps(state))
    for other in range(data["players"]):
        if other == seat:
            continue
        cards = data["hands"][other] + data["decks"][other]
        rng.shuffle(cards)
        size = len(data["hands"][other])
        data["hands"][other], data["decks"][other] = sorted(cards[:size]), cards[size:]
    rng.shuffle(data["supply"])
    for other in range(data["players"]):
        if other != seat and data["won"][other] and data["supply"]:
            data["won"][other][0], data["supply"][0] = data["supply"][0], data["won"][other][0]
            break
    changed = json.dumps(data)
    if json.loads(changed) == json.loads(ENGINE.dumps(state)):
        return None
    try:
        return ENGINE.loads(changed)
    except ValueError:
        # Not every reshuffle is a reachable position (the codec checks): skip that one.
        return None


def test_hidden_information_does_not_change_the_move() -> None:
    rng = random.Random(7)
    compared = 0
    for players in (2, 4, 5):
        for seed in range(4):
            found = random_positions(players, seed, every=4)
            compared += check_blind(ENGINE, choose, found, _hide_differently, rng)[0]
    assert compared > 50


# -- the model agrees with the engine -------------------------------------------------------------


def test_the_model_counts_points_as_the_engine_does() -> None:
    checked = 0
    for players in (2, 3, 4, 5):
        for state, seat in random_positions(players, 40 + players, every=2):
            view = ENGINE.view(state, seat)
            position = position_from_view(view)
            for site, shown in zip(position.sites, view["sites"], strict=True):
                totals, present = site_totals(site, players)
                expected = shown["totals"]
                assert [t if p else None for t, p in zip(totals, present, strict=True)] == expected
                checked += 1
    assert checked > 500


def _notation(move: Move) -> str:
    """The canonical notation of a model move, written independently of the engine."""
    if move.verb == "draw":
        return "draw"
    if move.verb == "take":
        return f"take {move.site + 1}"
    if move.verb == "tile":
        return f"tile {move.value} on {move.site + 1}.{move.position + 1}"
    if move.verb == "dragon":
        return f"dragon on {move.site + 1}.{move.position + 1}"
    count = "" if move.count == 1 else f"{move.count} "
    return f"{move.verb} {count}{KINDS[move.kind]} {move.site + 1}"


def test_every_legal_move_is_read_back_from_its_notation() -> None:
    checked = 0
    for players in (2, 4):
        for state, seat in random_positions(players, 8, every=1):
            for action in ENGINE.legal_actions(state, seat):
                text = ENGINE.format_action(state, action)
                assert _notation(parse_move(text)) == text
                checked += 1
    assert checked > 1000


def test_parse_move_reads_each_form() -> None:
    assert parse_move("tile 5 on 3.2") == parse_move("TILE 5 ON 3.2")
    tile = parse_move("tile 5 on 3.2")
    assert (tile.verb, tile.value, tile.site, tile.position) == ("tile", 5, 2, 1)
    play = parse_move("play 2 warrior 4")
    assert (play.verb, play.kind, play.count, play.site) == ("play", 4, 2, 3)
    free = parse_move("free horseman 1")
    assert (free.verb, free.count, free.site) == ("free", 1, 0)
    dragon = parse_move("dragon on 2.4")
    assert (dragon.verb, dragon.site, dragon.position) == ("dragon", 1, 3)
    assert parse_move("take 3").site == 2
    assert parse_move("draw").verb == "draw"
    with pytest.raises(ValueError):
        parse_move("pass")


def test_site_totals_follow_the_card_rules() -> None:
    warriors = SiteModel(True, ((5, -1), (3, -1)), ((0, 4), (1, 2), (0, 4), (0, 4)))
    assert site_totals(warriors, 2) == ([6, 3], [True, True])
    noble = SiteModel(True, ((5, -1), (3, -1)), ((0, 4), (1, 2), (0, 4), (1, 3)))
    assert site_totals(noble, 2) == ([2, 2], [True, True])
    tiled = SiteModel(True, ((5, 0), (3, -1)), ((0, 2), (1, 1)))
    assert site_totals(tiled, 2) == ([-2, 2], [True, True])
    assert leader(*site_totals(tiled, 2)) == 1
    assert leader([2, 2], [True, True]) is None
    assert leader([-3, 0], [True, False]) == 0


# -- whole games and strength ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_with_only_ai_seats_end(players: int) -> None:
    state = play_out(ENGINE, players, 500 + players, dict.fromkeys(range(players), choose))
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert sum(outcome.scores) > 0


def test_a_mixed_game_ends() -> None:
    state = play_out(ENGINE, 4, 77, {1: choose, 2: choose})
    assert ENGINE.outcome(state) is not None


@pytest.mark.slow
def test_the_ai_beats_random_players_clearly() -> None:
    """Over 30 seeded four-player games the AI wins far more than the 25% a random seat would."""
    wins, _, _ = results(ENGINE, 4, range(1000, 1030), choose)
    assert wins >= 18


def test_the_ai_counts_a_player_whose_cards_lie_under_dragons_as_present() -> None:
    """As the rules do: present with 0 points, so a negative leader is no leader against them."""
    from games.chinesische_mauer.data import DRAGON
    from games.chinesische_mauer.data import WALL

    # Seat 0's Wall covered by seat 1's dragon; seat 1's Wall carries tile 5 (1 - 5 = -4).
    site = SiteModel(True, ((5, 1),), ((0, WALL), (1, WALL))).covering(0, (1, DRAGON))
    totals, present = site_totals(site, 2)
    assert present == [True, True]
    assert totals[0] == 0 and totals[1] < 0
    assert leader(totals, present) == 0
