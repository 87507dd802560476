"""Building China positions for tests, playing moves by notation, and a hidden-information resampler."""

from __future__ import annotations

import random
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

import game_support

from games.china import ENGINE
from games.china.data import COLOUR_BY_NAME
from games.china.data import COLOURS
from games.china.data import FORTRESSES
from games.china.data import PROVINCES
from games.china.data import SPACES
from games.china.rules import new_game
from games.china.rules import total_cards
from games.china.state import State
from games.china.state import derive


def counts(cards: str) -> tuple[int, ...]:
    """ "red red green" -> counts per colour."""
    found = [0] * len(COLOURS)
    for name in cards.split():
        found[COLOUR_BY_NAME[name]] += 1
    return tuple(found)


def space(name: str) -> tuple[int, int]:
    """ "WEI3" -> (province index, space index)."""
    letters = name.rstrip("0123456789")
    return PROVINCES.index(letters), int(name[len(letters) :]) - 1


def position(
    players: int = 4,
    *,
    side: str | None = None,
    fortresses: bool = False,
    houses: Mapping[str, int] | None = None,
    envoys: Mapping[str, Sequence[int]] | None = None,
    forts: Sequence[str] = (),
    forts_left: Sequence[int] | None = None,
    hands: Sequence[str] | None = None,
    open_cards: str = "purple red green yellow",
    deck: str | None = None,
    exhausted: int = 0,
    turn: int = 0,
    start: int = 0,
    **changes: Any,
) -> State:
    """A position at the start of `turn`'s turn; the cards not placed anywhere form the
    deck (or, when `deck` is given, the discard pile)."""
    side = side or ("B" if players == 3 else "A")
    board = [[-1] * SPACES[p] for p in range(len(PROVINCES))]
    for name, seat in (houses or {}).items():
        p, s = space(name)
        board[p][s] = seat
    fort_masks = [0] * len(PROVINCES)
    for name in forts:
        p, s = space(name)
        fort_masks[p] |= 1 << s
    envoy_rows = [tuple([0] * players) for _ in PROVINCES]
    for name, row in (envoys or {}).items():
        envoy_rows[PROVINCES.index(name)] = tuple(row)
    hand_counts = [counts(hand) for hand in (hands or ["purple red green"] * players)]
    open_row = counts(open_cards)
    total = total_cards(players)
    used = [sum(h[c] for h in hand_counts) + open_row[c] for c in range(len(COLOURS))]
    rest = [colour for colour in range(len(COLOURS)) for _ in range(total[colour] - used[colour])]
    if deck is None:
        deck_cards, discard = tuple(rest), (0,) * len(COLOURS)
    else:
        deck_cards = tuple(COLOUR_BY_NAME[name] for name in deck.split())
        left = list(total)
        for c in range(len(COLOURS)):
            left[c] -= used[c] + deck_cards.count(c)
        assert min(left) >= 0, "more cards than the game has"
        discard = tuple(left)
    if forts_left is None:
        placed = len(forts)
        forts_left = [FORTRESSES if fortresses else 0] * players
        if placed:
            forts_left = [0] * placed + list(forts_left[placed:])
    # A new game's turn state (the first step, nothing placed or played yet) with this position.
    state = new_game(players, 12345, side, "on" if fortresses else "off")._replace(
        rng=12345,
        start=start,
        turn=turn,
        hands=tuple(hand_counts),
        deck=deck_cards,
        open=open_row,
        discard=discard,
        exhausted=exhausted,
        board=tuple(tuple(row) for row in board),
        forts=tuple(fort_masks),
        envoys=tuple(envoy_rows),
        forts_left=tuple(forts_left),
    )
    return derive(state._replace(**changes))


def act(state: State, seat: int, *moves: str) -> State:
    """Make moves written in the notation (each must be legal)."""
    for text in moves:
        action = ENGINE.parse_action(state, seat, text)
        assert action in ENGINE.legal_actions(state, seat), (text, ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action)
    return state


def refusal(state: State, seat: int, text: str) -> str:
    """The English sentence that refuses a move."""
    from games.core import IllegalAction

    try:
        ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text))
    except IllegalAction as error:
        return str(error)
    raise AssertionError(f"{text!r} was accepted")


def notations(state: State, seat: int) -> list[str]:
    return [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]


def random_states(players: int, seed: int, options: dict[str, str] | None = None) -> Iterator[State]:
    """Every state of one seeded random game, the finished one included."""
    return game_support.random_states(ENGINE, players, seed, options)


def resample_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    """A state differing only in what `viewer` may not see: the other seats' hands and the
    deck dealt again from the same cards (same sizes), and the RNG."""
    others = [seat for seat in range(state.players) if seat != viewer]
    pool = list(state.deck)
    for seat in others:
        pool += [c for c in range(len(COLOURS)) for _ in range(state.hands[seat][c])]
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        size = sum(state.hands[seat])
        taken, pool = pool[:size], pool[size:]
        hands[seat] = tuple(taken.count(c) for c in range(len(COLOURS)))
    return state._replace(hands=tuple(hands), deck=tuple(pool), rng=rng.getrandbits(64))
