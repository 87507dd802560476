"""Setting up a game: sites, tiles, decks, hands, the 2-player equal-pair rule, options."""

from __future__ import annotations

from collections import Counter

import pytest

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.data import DECK_COUNTS
from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.data import TILE_SET
from games.chinesische_mauer.state import FREE


def test_engine_identity() -> None:
    assert (ENGINE.id, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == (
        "chinesische-mauer",
        "Chinesische Mauer",
        2,
        5,
    )
    assert dict(ENGINE.options) == {}


def test_components_match_the_rulebook() -> None:
    assert dict(zip(KINDS, DECK_COUNTS, strict=True)) == {
        "wall": 7,
        "gate": 3,
        "tower": 1,
        "noble": 1,
        "warrior": 5,
        "horseman": 2,
        "dragon": 1,
    }
    assert sum(DECK_COUNTS) == 20
    assert Counter(TILE_SET) == {1: 2, 2: 6, 3: 7, 4: 7, 5: 8, 7: 4, 8: 2}
    # The counts are the rulebook's; they add up to 147 points (the spec's "159" is a slip).
    assert (len(TILE_SET), sum(TILE_SET)) == (36, 147)


@pytest.mark.parametrize(("players", "sites"), [(2, 2), (3, 3), (4, 4), (5, 4)])
def test_sites_tiles_and_hands(players: int, sites: int) -> None:
    state = ENGINE.setup(players, 11)
    assert len(state.sites) == sites
    for site in state.sites:
        assert site.open
        assert site.cards == ()
        assert len(site.tiles) == 2
        assert all(on == FREE for _, on in site.tiles)
    revealed = [value for site in state.sites for value, _ in site.tiles]
    removed = [value for pair in state.removed for value in pair]
    assert sorted(revealed + removed + list(state.supply)) == list(TILE_SET)
    for seat in range(players):
        assert sum(state.hands[seat]) == 5
        assert len(state.decks[seat]) == 15
        in_deck = Counter(state.decks[seat])
        assert [state.hands[seat][kind] + in_deck[kind] for kind in range(len(KINDS))] == list(DECK_COUNTS)
    assert state.won == ((),) * players
    assert state.pending == ()
    assert state.last_round is None
    assert ENGINE.to_act(state) == frozenset({state.turn})


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    assert ENGINE.dumps(ENGINE.setup(4, 99)) == ENGINE.dumps(ENGINE.setup(4, 99))
    assert ENGINE.setup(4, 99) == ENGINE.setup(4, 99)
    assert len({ENGINE.dumps(ENGINE.setup(4, seed)) for seed in range(20)}) == 20


def test_each_deck_is_shuffled_on_its_own() -> None:
    state = ENGINE.setup(5, 3)
    assert len(set(state.decks)) == 5


def test_two_players_never_start_with_an_equal_pair_and_keep_removed_pairs() -> None:
    removed_seen = False
    for seed in range(200):
        state = ENGINE.setup(2, seed)
        for site in state.sites:
            first, second = (value for value, _ in site.tiles)
            assert first != second
        for first, second in state.removed:
            assert first == second
        removed_seen = removed_seen or bool(state.removed)
    assert removed_seen


def test_three_players_keep_equal_pairs() -> None:
    assert any(
        len({value for value, _ in site.tiles}) == 1
        for seed in range(200)
        for site in ENGINE.setup(3, seed).sites
    )
    assert all(ENGINE.setup(3, seed).removed == () for seed in range(50))


@pytest.mark.parametrize("players", [0, 1, 6, -2])
def test_bad_player_counts(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        ENGINE.setup(players, 1)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match="no options"):
        ENGINE.setup(3, 1, {"variant": "short"})
    assert ENGINE.setup(3, 1, {}) == ENGINE.setup(3, 1, None)


def test_engine_is_registered() -> None:
    import games

    assert games.get("chinesische-mauer") is ENGINE
