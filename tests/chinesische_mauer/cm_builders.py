"""Build Chinesische Mauer positions from a readable description, for the rule tests.

A site is written as "TILES | CARDS":

- TILES: the two tile values; "4@2" is a tile of value 4 lying on the card at
  position 2 (1-based, as in the notation); "closed" is a closed site.
- CARDS: one token per position, left to right. "0:wall" is seat 0's wall;
  "1:wall^2:dragon" is seat 1's wall covered by seat 2's dragon (bottom
  first). Kind names are those of the notation (plurals and "watchtower"
  too).

Hands and decks are written as kind names separated by spaces (decks top
first). Cards not placed anywhere count as having left the game with a
cleared site, so every player's 20 cards are accounted for; tiles not placed
anywhere form the supply (unless `supply` is given).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.chinesische_mauer import ENGINE
from games.chinesische_mauer.data import DECK_COUNTS
from games.chinesische_mauer.data import KIND_BY_NAME
from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.data import TILE_SET
from games.chinesische_mauer.rules import eligible_sites
from games.chinesische_mauer.state import FREE
from games.chinesische_mauer.state import Site
from games.chinesische_mauer.state import Stack
from games.chinesische_mauer.state import State
from games.chinesische_mauer.state import closed_site
from games.chinesische_mauer.state import make_site

__all__ = ["act", "cards", "notations", "position", "site"]


def cards(text: str) -> tuple[int, ...]:
    """'wall gate gate' -> kind indexes."""
    return tuple(KIND_BY_NAME[name] for name in text.lower().split())


def _counts(text: str) -> tuple[int, ...]:
    found = Counter(cards(text))
    return tuple(found[kind] for kind in range(len(KINDS)))


def site(text: str, players: int) -> Site:
    """One site from "TILES | CARDS" (see the module docstring)."""
    if text.strip() == "closed":
        return closed_site(players)
    tiles_text, _, cards_text = text.partition("|")
    tiles = []
    for token in tiles_text.split():
        value, _, on = token.partition("@")
        tiles.append((int(value), int(on) - 1 if on else FREE))
    stacks: list[Stack] = []
    for token in cards_text.split():
        stack = []
        for card in token.split("^"):
            owner, _, name = card.partition(":")
            stack.append((int(owner), KIND_BY_NAME[name]))
        stacks.append(tuple(stack))
    return make_site(players, tuple(tiles), tuple(stacks))


def position(
    *,
    players: int,
    sites: Sequence[str],
    turn: int = 0,
    hands: Sequence[str] | None = None,
    decks: Sequence[str] | None = None,
    won: Sequence[Sequence[int]] | None = None,
    supply: Sequence[int] | None = None,
    removed: Sequence[tuple[int, int]] = (),
    pending: Sequence[int] | None = None,
    actions_done: int = 0,
    last_round: int | None = None,
    cards_closed: bool = False,
    over: bool = False,
    turns: int = 0,
) -> State:
    """A state as described; `pending` defaults to the sites `turn` leads (a turn's start)."""
    built_sites = tuple(site(text, players) for text in sites)
    hand_counts = tuple(_counts(text) for text in (hands or [""] * players))
    deck_kinds = tuple(cards(text) for text in (decks or [""] * players))
    discarded = []
    for seat in range(players):
        on_board = Counter(
            kind for built in built_sites for stack in built.cards for owner, kind in stack if owner == seat
        )
        left = []
        for kind, total in enumerate(DECK_COUNTS):
            used = hand_counts[seat][kind] + deck_kinds[seat].count(kind) + on_board[kind]
            if used > total:
                raise ValueError(f"seat {seat} uses {used} cards of kind {KINDS[kind]}, more than {total}")
            left.append(total - used)
        discarded.append(tuple(left))
    won_tiles = tuple(tuple(tiles) for tiles in (won or [()] * players))
    if supply is None:
        unused = Counter(TILE_SET)
        unused.subtract(value for s in built_sites for value, _ in s.tiles)
        unused.subtract(value for tiles in won_tiles for value in tiles)
        unused.subtract(value for pair in removed for value in pair)
        if any(count < 0 for count in unused.values()):
            raise ValueError("more tiles of a value than the game has")
        supply = sorted(unused.elements())
    return State(
        players=players,
        rng=12345,
        turn=turn,
        pending=tuple(eligible_sites(built_sites, turn) if pending is None else pending),
        actions_done=actions_done,
        hands=hand_counts,
        decks=deck_kinds,
        discarded=tuple(discarded),
        sites=built_sites,
        supply=tuple(supply),
        removed=tuple(removed),
        won=won_tiles,
        last_round=last_round,
        cards_closed=cards_closed,
        over=over,
        turns=turns,
    )


def cards_closing(turns: int = 0) -> State:
    """Two players in the last round, which seat 0 began: seat 1 is to play its last card, a
    wall on site 2, after which the cards close at seat 0, who has nothing to score."""
    return position(
        players=2,
        sites=["5 3 | 0:gate 1:gate", "4 2 | 1:wall"],
        turn=1,
        hands=["", "wall"],
        decks=["", ""],
        last_round=0,
        pending=(),
        actions_done=1,
        turns=turns,
    )


def act(state: State, seat: int, *moves: str) -> State:
    """Make the moves (in notation) for `seat`, one after the other."""
    for text in moves:
        state = ENGINE.apply(state, seat, ENGINE.parse_action(state, seat, text))
    return state


def notations(state: State, seat: int) -> list[str]:
    """The seat's legal moves, in notation."""
    return [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]
