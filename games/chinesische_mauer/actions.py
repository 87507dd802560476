"""The moves of Chinesische Mauer as small immutable values.

Sites and positions are 0-based here (the notation is 1-based). Every
action value the engine hands out comes from the interning helpers below,
so generating the legal moves of a position creates no new objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from functools import lru_cache

from games.chinesische_mauer.data import HORSEMAN
from games.chinesische_mauer.data import KINDS

__all__ = [
    "Action",
    "DragonOn",
    "Draw",
    "PlaceTile",
    "PlayCards",
    "TakeTile",
    "dragon_on",
    "dragon_targets",
    "place_tile",
    "play_cards",
    "plays_for_hand",
    "take_tile",
]


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Scoring with both tiles free: lay the tile of `value` on the mover's card at `position`."""

    site: int
    value: int
    position: int


@dataclass(frozen=True, slots=True)
class TakeTile:
    """Scoring with one tile free: take it; the site is cleared and refilled."""

    site: int


@dataclass(frozen=True, slots=True)
class PlayCards:
    """Play `count` identical cards of `kind` (a name from `KINDS`) to the right end of `site`.

    `free` marks a horseman play that costs no action.
    """

    kind: str
    count: int
    site: int
    free: bool = False


@dataclass(frozen=True, slots=True)
class DragonOn:
    """An action: lay the Dragon on the visible card at (`site`, `position`)."""

    site: int
    position: int


@dataclass(frozen=True, slots=True)
class Draw:
    """An action: draw the top card of the mover's own deck."""


Action = PlaceTile | TakeTile | PlayCards | DragonOn | Draw

DRAW = Draw()


@cache
def place_tile(site: int, value: int, position: int) -> PlaceTile:
    return PlaceTile(site, value, position)


@cache
def take_tile(site: int) -> TakeTile:
    return TakeTile(site)


@cache
def dragon_on(site: int, position: int) -> DragonOn:
    return DragonOn(site, position)


@cache
def play_cards(kind: int, count: int, site: int, free: bool = False) -> PlayCards:
    return PlayCards(KINDS[kind], count, site, free)


@cache
def dragon_targets(site: int, cards: int, tiled: int) -> tuple[DragonOn, ...]:
    """The dragon may cover any of a site's `cards` positions but the `tiled` one."""
    return tuple(dragon_on(site, position) for position in range(cards) if position != tiled)


# Bounded: a long-running bot sees many hands; a few thousand cover nearly all.
@lru_cache(maxsize=8192)
def plays_for_hand(hand: tuple[int, ...], open_sites: tuple[int, ...]) -> tuple[PlayCards, ...]:
    """Every card play a hand allows at those sites: each kind, each count, each site.

    Horsemen appear twice, as an ordinary action and as a free play. Cached:
    hands repeat a lot, and a hand's plays depend on nothing else. Only the
    engine's own positions reach this, so the small-int arguments stay few.
    """
    out: list[PlayCards] = []
    for kind, have in enumerate(hand):
        for count in range(1, have + 1):
            for site in open_sites:
                out.append(play_cards(kind, count, site))
                if kind == HORSEMAN:
                    out.append(play_cards(kind, count, site, True))
    return tuple(out)
