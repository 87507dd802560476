"""A light model of a Chinesische Mauer position, built only from one seat's view.

The AI never looks inside the engine's state: it reads `ENGINE.view(state,
seat)` (public information plus the seat's own hand) and the notation of the
legal moves. This module turns both into small values that are cheap to copy
and change while the AI tries out the moves of a turn: only the *visible*
card of each position matters for the points, so a site keeps those, its
tiles, and whether it is open.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

__all__ = [
    "BASE_VALUES",
    "DRAGON",
    "DRAW",
    "FREE",
    "HORSEMAN",
    "KINDS",
    "NOBLE",
    "WARRIOR",
    "Card",
    "Move",
    "Position",
    "SiteModel",
    "apply_move",
    "leader",
    "parse_move",
    "position_from_view",
    "site_totals",
]

#: Card kinds in the view's order; the model uses their index.
KINDS: tuple[str, ...] = ("wall", "gate", "tower", "noble", "warrior", "horseman", "dragon")
WALL, GATE, TOWER, NOBLE, WARRIOR, HORSEMAN, DRAGON = range(len(KINDS))
#: What each kind counts at a site without a visible Noble (a warrior: its place
#: in its owner's row of warriors there, see `site_totals`).
BASE_VALUES: tuple[int, ...] = (1, 2, 3, 1, 1, 2, 1)
#: The `on` of a fame tile that still lies free at its site.
FREE = -1
_KIND_INDEX = {name: index for index, name in enumerate(KINDS)}

#: (owner seat, kind index) of a visible card.
Card = tuple[int, int]


@dataclass(frozen=True, slots=True)
class SiteModel:
    """One site as far as the points go: the visible card of each position and the tiles.

    `tiles` holds (value, position of the card it lies on, or FREE).
    """

    open: bool
    tiles: tuple[tuple[int, int], ...]
    cards: tuple[Card, ...]
    #: Owners of cards lying under dragons: present there with what their visible cards count.
    covered: frozenset[int] = frozenset()

    def covering(self, position: int, card: Card) -> SiteModel:
        """The site after `card` (a dragon) is laid on the card at `position`."""
        cards = (*self.cards[:position], card, *self.cards[position + 1 :])
        return replace(self, cards=cards, covered=self.covered | {self.cards[position][0]})

    def free_tiles(self) -> list[int]:
        return [value for value, on in self.tiles if on == FREE]

    def tiles_on_cards(self) -> list[tuple[int, int]]:
        """(value, owner) of each tile lying on a card."""
        return [(value, self.cards[on][0]) for value, on in self.tiles if on != FREE]

    def tiled_position(self) -> int:
        for _, on in self.tiles:
            if on != FREE:
                return on
        return FREE


@dataclass(frozen=True, slots=True)
class Position:
    """What the deciding seat knows, in a form the planner can change cheaply.

    `hand` counts the seat's own cards per kind. `hand_sizes`/`deck_sizes`
    are public per seat. `actions_left` is the ordinary actions still to make
    this turn; `pending` the sites still to be scored. `last_round_by` is the
    seat that started the last round (None before), `cards_closed` whether
    cards may still be played. `unseen_tiles` is (count, sum of values) of
    the tiles this seat cannot see: the supply and the other seats' piles.
    """

    players: int
    me: int
    turn: int
    sites: tuple[SiteModel, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    my_cards_out: tuple[int, ...]
    actions_left: int
    pending: tuple[int, ...]
    last_round_by: int | None
    cards_closed: bool
    supply: int
    unseen_tiles: tuple[int, int]
    my_points: int


@dataclass(frozen=True, slots=True)
class Move:
    """A move read from the game's notation (sites and positions 0-based).

    `verb` is one of: "tile" (lay the free tile `value` on the card at
    `position`), "take", "play", "free" (a free horseman play), "dragon"
    (the dragon on the card at `position`), "draw".
    """

    verb: str
    site: int = -1
    kind: int = -1
    count: int = 0
    value: int = 0
    position: int = -1


DRAW = Move("draw")

_N = r"([0-9]+)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("tile", re.compile(rf"tile {_N} on {_N}\.{_N}")),
    ("take", re.compile(rf"take {_N}")),
    ("dragon", re.compile(rf"dragon on {_N}\.{_N}")),
    ("play", re.compile(rf"(play|free) (?:{_N} )?([a-z]+) {_N}")),
)


def parse_move(text: str) -> Move:
    """Read the canonical notation that `format_action` writes; ValueError otherwise."""
    line = " ".join(text.lower().split())
    if line == "draw":
        return DRAW
    for name, pattern in _PATTERNS:
        match = pattern.fullmatch(line)
        if match is None:
            continue
        groups = match.groups()
        if name == "tile":
            return Move("tile", site=int(groups[1]) - 1, value=int(groups[0]), position=int(groups[2]) - 1)
        if name == "take":
            return Move("take", site=int(groups[0]) - 1)
        if name == "dragon":
            return Move("dragon", site=int(groups[0]) - 1, position=int(groups[1]) - 1)
        verb, count, kind, site = groups
        return Move(verb, site=int(site) - 1, kind=_KIND_INDEX[kind], count=int(count or 1))
    raise ValueError(f"not a move of Chinesische Mauer: {text!r}")


def position_from_view(view: Mapping[str, Any]) -> Position:
    """The model of a seat's view (the view must be a seat's, not a spectator's)."""
    me = view["viewer"]
    if me is None:
        raise ValueError("the AI needs a seat's view")
    players = int(view["players"])
    sites = tuple(_site_from_view(site) for site in view["sites"])
    hand = [0] * len(KINDS)
    for name in view["hand"]:
        hand[_KIND_INDEX[name]] += 1
    seats = view["seats"]
    last_round = view["last_round"]
    return Position(
        players=players,
        me=me,
        turn=view["turn"] if view["turn"] is not None else me,
        sites=sites,
        hand=tuple(hand),
        hand_sizes=tuple(int(seat["hand"]) for seat in seats),
        deck_sizes=tuple(int(seat["deck"]) for seat in seats),
        my_cards_out=_cards_on_board(view["sites"], me),
        actions_left=int(view["actions_left"]),
        pending=tuple(view["pending_scoring"]),
        last_round_by=None if last_round is None else int(last_round["started_by"]),
        cards_closed=bool(last_round and last_round["cards_closed"]),
        supply=int(view["supply"]),
        unseen_tiles=_unseen_tiles(view),
        my_points=int(seats[me]["points"] or 0),
    )


def _site_from_view(site: Mapping[str, Any]) -> SiteModel:
    cards = tuple(
        (int(card["stack"][-1]["owner"]), _KIND_INDEX[card["stack"][-1]["kind"]]) for card in site["cards"]
    )
    tiles = tuple(
        (int(tile["value"]), FREE if tile["on"] is None else int(tile["on"])) for tile in site["tiles"]
    )
    covered = frozenset(int(entry["owner"]) for card in site["cards"] for entry in card["stack"][:-1])
    return SiteModel(bool(site["open"]), tiles, cards, covered)


def _cards_on_board(sites: Sequence[Mapping[str, Any]], me: int) -> tuple[int, ...]:
    """How many of my cards of each kind lie on the board, covered ones included."""
    counts = [0] * len(KINDS)
    for site in sites:
        for card in site["cards"]:
            for entry in card["stack"]:
                if entry["owner"] == me:
                    counts[_KIND_INDEX[entry["kind"]]] += 1
    return tuple(counts)


#: The 36 fame tiles: value -> how many.
_TILE_COUNTS = {1: 2, 2: 6, 3: 7, 4: 7, 5: 8, 7: 4, 8: 2}


def _unseen_tiles(view: Mapping[str, Any]) -> tuple[int, int]:
    """(count, value sum) of the tiles this seat has not seen: supply plus the others' piles.

    Everything else is public: tiles at the sites, removed pairs, and the
    seat's own pile (its points and tile count).
    """
    count = sum(_TILE_COUNTS.values())
    total = sum(value * n for value, n in _TILE_COUNTS.items())
    for site in view["sites"]:
        for tile in site["tiles"]:
            count -= 1
            total -= int(tile["value"])
    for pair in view["removed"]:
        count -= len(pair)
        total -= sum(int(value) for value in pair)
    mine = view["seats"][view["viewer"]]
    count -= int(mine["tiles"])
    total -= int(mine["points"] or 0)
    return max(count, 0), max(total, 0)


def site_totals(site: SiteModel, players: int) -> tuple[list[int], list[bool]]:
    """Each seat's points at the site and whether it is present (has played a card
    there: a visible one, or one now under a dragon, which counts 0).

    A visible Noble makes every visible card count 1; otherwise the k-th
    warrior of a colour counts k. A tile on a card subtracts from its owner.
    """
    totals = [0] * players
    present = [seat in site.covered for seat in range(players)]
    cards = site.cards
    if any(kind == NOBLE for _, kind in cards):
        for owner, _ in cards:
            totals[owner] += 1
            present[owner] = True
    else:
        warriors = [0] * players
        for owner, kind in cards:
            present[owner] = True
            if kind == WARRIOR:
                warriors[owner] += 1
                totals[owner] += warriors[owner]
            else:
                totals[owner] += BASE_VALUES[kind]
    for value, on in site.tiles:
        if on != FREE:
            totals[cards[on][0]] -= value
    return totals, present


def leader(totals: Sequence[int], present: Sequence[bool]) -> int | None:
    """The present seat with strictly more points than every other present seat."""
    best: int | None = None
    tied = False
    for seat, here in enumerate(present):
        if not here:
            continue
        if best is None or totals[seat] > totals[best]:
            best, tied = seat, False
        elif totals[seat] == totals[best]:
            tied = True
    return None if tied else best


def apply_move(position: Position, move: Move) -> Position:
    """The position after the deciding seat makes `move`, as far as the model can tell.

    A draw adds no known card (the planner values it separately); taking a
    tile clears the site and leaves it without tiles, since the new ones are
    not known yet.
    """
    me = position.me
    site_index = move.site
    if move.verb == "draw":
        return replace(position, actions_left=position.actions_left - 1)
    site = position.sites[site_index]
    if move.verb == "tile":
        slot = site.tiles.index((move.value, FREE))
        tiles = (*site.tiles[:slot], (move.value, move.position), *site.tiles[slot + 1 :])
        return _with_site(position, site_index, replace(site, tiles=tiles), pending_done=True)
    if move.verb == "take":
        return _with_site(position, site_index, SiteModel(True, (), ()), pending_done=True)
    if move.verb == "dragon":
        moved = replace(
            position, hand=_spend(position.hand, DRAGON, 1), actions_left=position.actions_left - 1
        )
        return _with_site(moved, site_index, site.covering(move.position, (me, DRAGON)))
    cards = site.cards + ((me, move.kind),) * move.count
    actions_left = position.actions_left - (0 if move.verb == "free" else 1)
    moved = replace(position, hand=_spend(position.hand, move.kind, move.count), actions_left=actions_left)
    return _with_site(moved, site_index, replace(site, cards=cards))


def _spend(hand: tuple[int, ...], kind: int, count: int) -> tuple[int, ...]:
    return (*hand[:kind], hand[kind] - count, *hand[kind + 1 :])


def _with_site(position: Position, index: int, site: SiteModel, pending_done: bool = False) -> Position:
    sites = (*position.sites[:index], site, *position.sites[index + 1 :])
    if not pending_done:
        return replace(position, sites=sites)
    pending = tuple(p for p in position.pending if p != index)
    return replace(position, sites=sites, pending=pending)
