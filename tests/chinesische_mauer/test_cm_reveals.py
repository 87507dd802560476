"""Which moves reveal hidden information (and so cannot be taken back with /undo).

Revealing: a draw (the deck's top card), a take that refills its site from
the face-down supply, and any move after which the game is over (the won
piles turn face up). Everything else shows only what the move names.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from cm_builders import act
from cm_builders import position

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer import Draw
from games.chinesische_mauer.data import TILE_SET
from games.chinesische_mauer.state import State


def reveals(state: State, seat: int, notation: str) -> bool:
    """What the engine says of a move, which must be legal there."""
    action = ENGINE.parse_action(state, seat, notation)
    assert action in ENGINE.legal_actions(state, seat), notation
    answer = ENGINE.reveals(state, seat, action)
    assert type(answer) is bool
    return answer


def reveals_and_ends(state: State, notation: str) -> tuple[bool, bool]:
    """Whether seat 0's move is said to reveal something, and whether it ends the game."""
    return reveals(state, 0, notation), act(state, 0, notation).over


def taking(sites: list[str], supply: list[int]) -> State:
    """Two players; seat 0, to move, scores the first site; the won piles hold every tile
    neither at the sites nor in `supply`."""
    return position(
        players=2,
        sites=sites,
        turn=0,
        hands=["wall", "gate"],
        decks=["wall", "wall"],
        won=without_supply(sites, supply),
        supply=supply,
    )


def quiet(players: int = 3) -> State:
    """Seat 0 to act with a full choice of plays; nothing to score; tiles still in the supply."""
    return position(
        players=players,
        sites=["5 3 | 1:wall", "4 2 |", "3 2 |"][:players],
        turn=0,
        hands=["wall wall gate warrior horseman horseman dragon"] + ["wall gate"] * (players - 1),
        decks=["tower wall"] + ["wall"] * (players - 1),
    )


def without_supply(sites: Sequence[str], supply: Sequence[int] = ()) -> list[list[int]]:
    """Won piles for two seats holding every tile neither at those sites nor in `supply`."""
    left = Counter(TILE_SET)
    for text in sites:
        tiles, _, _ = text.partition("|")
        left.subtract(int(token.partition("@")[0]) for token in tiles.split() if token != "closed")
    left.subtract(supply)
    rest = sorted(left.elements())
    return [rest[::2], rest[1::2]]


# --- moves that reveal nothing -----------------------------------------------------------------


@pytest.mark.parametrize(
    "notation",
    [
        "play wall 1",
        "play 2 wall 2",
        "play warrior 3",
        "play dragon 2",
        "play horseman 1",
        "play 2 horseman 3",
    ],
)
def test_playing_cards_from_hand_reveals_nothing(notation: str) -> None:
    # The move names the cards; everyone sees them arrive at the site, nothing else changes.
    assert reveals(quiet(), 0, notation) is False


def test_free_horsemen_reveal_nothing() -> None:
    assert reveals(quiet(), 0, "free horseman 2") is False
    assert reveals(quiet(), 0, "free 2 horseman 1") is False


def test_laying_the_dragon_on_a_card_reveals_nothing() -> None:
    assert reveals(quiet(), 0, "dragon on 1.1") is False


def test_laying_a_tile_on_a_card_reveals_nothing() -> None:
    state = position(
        players=3,
        sites=["5 3 | 0:tower 1:wall", "4 2 |", "3 2 |"],
        turn=0,
        hands=["wall", "gate", "gate"],
        decks=["wall", "wall", "wall"],
    )
    assert state.pending == (0,)
    # The tile lay face up at the site: laying it on a card shows nothing new.
    assert reveals(state, 0, "tile 5 on 1.1") is False
    assert reveals(state, 0, "tile 3 on 1.1") is False


def test_playing_the_last_card_reveals_nothing_while_the_game_goes_on() -> None:
    state = position(
        players=3,
        sites=["5 3 | 1:wall", "4 2 |", "3 2 |"],
        turn=0,
        hands=["wall", "gate", "gate"],
        decks=["", "wall", "wall"],
    )
    assert reveals(state, 0, "play wall 2") is False
    after = act(state, 0, "play wall 2")
    # The last round started; the game is not over.
    assert after.last_round == 0 and not after.over


def test_taking_a_tile_when_the_supply_is_empty_reveals_nothing() -> None:
    state = taking(["3@1 5 | 0:tower 0:gate 1:wall", "4 2 |"], supply=[])
    assert state.pending == (0,)
    # Both tiles of the site were face up; the site closes, no tile is turned up.
    assert reveals(state, 0, "take 1") is False
    after = act(state, 0, "take 1")
    assert not after.sites[0].open and not after.over


# --- moves that reveal something ---------------------------------------------------------------


def test_drawing_reveals_the_top_card_of_the_deck() -> None:
    state = quiet()
    assert reveals(state, 0, "draw") is True
    # The drawer now sees a card nobody saw before.
    assert ENGINE.view(act(state, 0, "draw"), 0)["hand"].count("tower") == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_taking_a_tile_that_refills_the_site_reveals_the_new_pair(players: int) -> None:
    sites = ["3@1 5 | 0:tower 0:gate 1:wall", "4 2 |", "3 2 |", "2 1 |"][: {2: 2, 3: 3}.get(players, 4)]
    state = position(
        players=players,
        sites=sites,
        turn=0,
        hands=["wall"] * players,
        decks=["wall"] * players,
        supply=[7, 8, 1, 1],
        won=without_supply(sites, [7, 8, 1, 1]) + [[]] * (players - 2),
    )
    assert reveals(state, 0, "take 1") is True
    assert act(state, 0, "take 1").sites[0].tiles == ((7, -1), (8, -1))


def test_equal_pairs_put_aside_in_a_two_player_game_are_revealed_too() -> None:
    state = taking(["3@1 5 | 0:tower 0:gate 1:wall", "4 2 |"], supply=[4, 4, 2, 2])
    # Both pairs are equal: they are turned up and put aside, and the site closes.
    assert reveals(state, 0, "take 1") is True
    after = act(state, 0, "take 1")
    assert after.removed == ((4, 4), (2, 2)) and not after.sites[0].open


def test_taking_the_last_tile_ends_the_game_and_reveals_the_won_piles() -> None:
    state = taking(["3@1 5 | 0:tower 0:gate 1:wall", "closed"], supply=[])
    assert reveals(state, 0, "take 1") is True
    after = act(state, 0, "take 1")
    assert after.over
    result = ENGINE.outcome(after)
    assert result is not None and result.ending is not None
    assert result.ending.key == "cm.ending.tiles", "the end post says the last fame tile was awarded"
    # Seat 1's points were hidden from seat 0 until now.
    assert ENGINE.view(state, 0)["seats"][1]["points"] is None
    assert ENGINE.view(after, 0)["seats"][1]["points"] == sum(after.won[1])


def last_round_position() -> State:
    """Seat 1 ran out of cards first; seat 0 holds its very last card."""
    return position(
        players=2,
        sites=["5 3 | 1:wall", "4 2 |"],
        turn=0,
        hands=["wall", ""],
        decks=["", ""],
        pending=(),
        last_round=1,
    )


def test_a_play_that_ends_the_game_reveals_the_won_piles() -> None:
    # At site 1 the wall ties seat 1's wall: nobody can score any more, the game ends.
    assert reveals_and_ends(last_round_position(), "play wall 1") == (True, True)


def test_the_same_play_elsewhere_reveals_nothing_when_the_game_goes_on() -> None:
    # At site 2 seat 0 takes the lead, and seat 1 still leads site 1: scoring goes on.
    assert reveals_and_ends(last_round_position(), "play wall 2") == (False, False)


def closed_cards_position() -> State:
    """Cards are closed; seat 0 leads site 1 by 4 to 1 and must lay a tile."""
    return position(
        players=2,
        sites=["5 3 | 0:tower 0:wall 1:wall", "4 2 |"],
        turn=0,
        hands=["", ""],
        decks=["", ""],
        last_round=1,
        cards_closed=True,
    )


def test_laying_a_tile_that_ends_the_game_reveals_the_won_piles() -> None:
    # 4 - 3 = 1 ties seat 1's wall: nobody leads anywhere, the game ends.
    assert reveals_and_ends(closed_cards_position(), "tile 3 on 1.1") == (True, True)


def test_laying_a_tile_after_which_others_score_reveals_nothing() -> None:
    # 4 - 5 = -1: seat 1 now leads site 1 and scores next; the game goes on.
    assert reveals_and_ends(closed_cards_position(), "tile 5 on 1.1") == (False, False)


# --- the answer agrees with making the move ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_answer_is_what_the_move_turns_up(players: int) -> None:
    """In seeded random games, every legal move: True exactly when it draws a card, takes
    tiles from the supply, or ends the game."""
    rng = random.Random(players)
    seen: Counter[tuple[str, bool]] = Counter()
    for seed in range(12):
        state = ENGINE.setup(players, seed)
        while not state.over:
            seat = state.turn
            actions = ENGINE.legal_actions(state, seat)
            for action in actions:
                after = ENGINE.apply(state, seat, action)
                turned_up = type(action) is Draw or after.supply != state.supply or after.over
                assert ENGINE.reveals(state, seat, action) is turned_up, (seed, action)
                seen[type(action).__name__, turned_up] += 1
            state = ENGINE.apply(state, seat, rng.choice(actions))
    # The games had real work: every kind of move was asked about, revealing or not.
    for kind in ("PlayCards", "DragonOn", "PlaceTile"):
        assert seen[kind, False], kind
    for kind in ("Draw", "TakeTile"):
        assert seen[kind, True], kind
