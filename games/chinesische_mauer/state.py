"""The immutable game state and the arithmetic of a construction site.

A site keeps its cards as stacks (bottom first): a stack holds one card, or
a card with dragons on it; only the last card of a stack is visible. A site
also carries its totals and current leader, worked out when the site is made
(step by step for plain card plays), because every turn start reads them.
"""

from __future__ import annotations

from typing import NamedTuple

from games.chinesische_mauer.data import BASE_VALUES
from games.chinesische_mauer.data import NOBLE
from games.chinesische_mauer.data import WARRIOR

__all__ = [
    "FREE",
    "Card",
    "Site",
    "Stack",
    "State",
    "append_cards",
    "card_values",
    "closed_site",
    "make_site",
]

#: (owner seat, kind index)
Card = tuple[int, int]
#: Cards at one position, bottom first; the last one is visible.
Stack = tuple[Card, ...]
#: The `on` of a tile that still lies free at its site.
FREE = -1


class Site(NamedTuple):
    """One construction site (a named tuple: immutable and cheap to make).

    `tiles` are (value, position of the card it lies on or FREE), in the order
    revealed. The other fields are derived from `tiles` and `cards` (by
    `make_site`, or step by step by `append_cards`, with the same result):
    `totals` per seat (cards minus the tile on the seat's card), `present` (has
    played a card there, visible or covered: a seat whose cards all lie under
    dragons is present with 0 points), `leader` (the seat with strictly more
    points than every other present seat, or -1), `levelled` (a visible Noble
    makes every card worth 1) and `warriors` (visible warriors per seat).
    """

    open: bool
    tiles: tuple[tuple[int, int], ...]
    cards: tuple[Stack, ...]
    totals: tuple[int, ...]
    present: tuple[bool, ...]
    leader: int
    levelled: bool
    warriors: tuple[int, ...]


def make_site(players: int, tiles: tuple[tuple[int, int], ...], cards: tuple[Stack, ...]) -> Site:
    """An open site with its totals worked out from scratch."""
    totals = [0] * players
    present = [False] * players
    warriors = [0] * players
    tops = [stack[-1] for stack in cards]
    levelled = any(kind == NOBLE for _, kind in tops)
    for stack in cards:
        # Covered cards count nothing, but their owners have played here.
        for owner, _ in stack:
            present[owner] = True
    for owner, kind in tops:
        if kind == WARRIOR:
            warriors[owner] += 1
            totals[owner] += 1 if levelled else warriors[owner]
        else:
            totals[owner] += 1 if levelled else BASE_VALUES[kind]
    for value, on in tiles:
        if on != FREE:
            totals[cards[on][-1][0]] -= value
    present_tuple = tuple(present)
    return Site(
        True,
        tiles,
        cards,
        tuple(totals),
        present_tuple,
        _leader(totals, present_tuple),
        levelled,
        tuple(warriors),
    )


def append_cards(site: Site, seat: int, kind: int, count: int) -> Site:
    """The site after `seat` plays `count` cards of `kind` to its right end.

    Worked out from the site's derived fields instead of from scratch: card
    plays are the most frequent move and sites grow long.
    """
    played: Stack = ((seat, kind),)
    cards = site.cards + (played,) * count
    if kind == NOBLE and not site.levelled:
        # The first visible Noble re-values every card at the site.
        return make_site(len(site.totals), site.tiles, cards)
    totals = list(site.totals)
    warriors = site.warriors
    if kind == WARRIOR:
        before = warriors[seat]
        warriors = (*warriors[:seat], before + count, *warriors[seat + 1 :])
        # The new warriors count before+1, before+2, ..., before+count.
        gained = count if site.levelled else count * before + count * (count + 1) // 2
    else:
        gained = count if site.levelled else count * BASE_VALUES[kind]
    totals[seat] += gained
    present = site.present
    if not present[seat]:
        present = (*present[:seat], True, *present[seat + 1 :])
    return Site(
        True, site.tiles, cards, tuple(totals), present, _leader(totals, present), site.levelled, warriors
    )


def _leader(totals: list[int], present: tuple[bool, ...]) -> int:
    leader, best, tied = -1, 0, False
    for seat, here in enumerate(present):
        if not here:
            continue
        if leader == -1 or totals[seat] > best:
            leader, best, tied = seat, totals[seat], False
        elif totals[seat] == best:
            tied = True
    return -1 if tied else leader


def closed_site(players: int) -> Site:
    """A site whose supply ran out: no tiles, no cards, no one present."""
    return Site(False, (), (), (0,) * players, (False,) * players, -1, False, (0,) * players)


def all_tiles_awarded(sites: tuple[Site, ...]) -> bool:
    """End condition a: no site is open any more (the last fame tile that could still be
    revealed has been awarded)."""
    return not any(site.open for site in sites)


def card_values(site: Site) -> list[int]:
    """What each position's visible card counts for its owner now."""
    tops = [stack[-1] for stack in site.cards]
    if site.levelled:
        return [1] * len(tops)
    warriors: dict[int, int] = {}
    values = []
    for owner, kind in tops:
        if kind == WARRIOR:
            warriors[owner] = warriors.get(owner, 0) + 1
            values.append(warriors[owner])
        else:
            values.append(BASE_VALUES[kind])
    return values


class State(NamedTuple):
    """A whole game position; immutable (moves make new states).

    A named tuple rather than a frozen dataclass: a move builds one or two
    new states, and a named tuple is several times cheaper to make.

    Per-seat tuples are indexed by seat. `hands[seat]` and `discarded[seat]`
    count cards per kind (in `KINDS` order); `decks[seat]` lists kinds, top
    card first. `supply` lists face-down tiles, the next to be revealed
    first. `pending` holds the sites the player to move must still score,
    fixed when the turn began; `actions_done` counts the ordinary actions
    (second and third) made this turn. `last_round` is the seat that ran out
    of cards first (end condition b), and `cards_closed` turns on when that
    seat is to move again. `turns` counts the changes of the seat to move
    since setup (the contract's `turn_number`); it keeps its value when the
    game ends.
    """

    players: int
    rng: int
    turn: int
    pending: tuple[int, ...]
    actions_done: int
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    discarded: tuple[tuple[int, ...], ...]
    sites: tuple[Site, ...]
    supply: tuple[int, ...]
    removed: tuple[tuple[int, int], ...]
    won: tuple[tuple[int, ...], ...]
    last_round: int | None
    cards_closed: bool
    over: bool
    turns: int
