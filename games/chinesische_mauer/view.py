"""What a seat (or a spectator) sees, the result, moves and seats in words.

The view follows the format documented in docs/chinesische-mauer.md. It
holds only public information, plus the viewer's own hand and own points:
no deck order, no supply order, no other seat's won tile values before the
game is over.
"""

from __future__ import annotations

from typing import Any

from games.chinesische_mauer.actions import DragonOn
from games.chinesische_mauer.actions import Draw
from games.chinesische_mauer.actions import PlaceTile
from games.chinesische_mauer.actions import PlayCards
from games.chinesische_mauer.actions import TakeTile
from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.state import FREE
from games.chinesische_mauer.state import Site
from games.chinesische_mauer.state import State
from games.chinesische_mauer.state import all_tiles_awarded
from games.chinesische_mauer.state import card_values
from games.chinesische_mauer.words import card_name
from games.chinesische_mauer.words import illegal
from games.chinesische_mauer.words import say
from games.core import Message
from games.core import Outcome
from games.core import Player
from games.core import rank_by_scores
from games.kit.view import outcome_view

__all__ = ["describe", "outcome", "phase", "private_summary", "seat_summary", "view"]


def phase(state: State) -> str:
    if state.over:
        return "over"
    return "scoring" if state.pending else "actions"


def outcome(state: State) -> Outcome | None:
    """Fame points win; more tiles break a tie; a full tie shares the win."""
    if not state.over:
        return None
    points = [sum(tiles) for tiles in state.won]
    counts = [len(tiles) for tiles in state.won]
    details = [{"tiles": n, "points": p} for n, p in zip(counts, points, strict=True)]
    return rank_by_scores(points, tiebreak=counts, details=details, ending=_ending(state))


def _ending(state: State) -> Message:
    """Why the game ended: the last fame tile was awarded (end condition a), or the cards ran
    out and no site could be scored any more (b)."""
    if all_tiles_awarded(state.sites):
        return say("cm.ending.tiles")
    return say("cm.ending.cards")


def view(state: State, viewer: int | None) -> dict[str, Any]:
    current = phase(state)
    running = current != "over"
    result = outcome(state)
    out: dict[str, Any] = {
        "game": "chinesische-mauer",
        "players": state.players,
        "viewer": viewer,
        "turn": state.turn if running else None,
        # Public like everything about whose turn it is; kept when the game ends.
        "turn_number": state.turns,
        "to_act": [state.turn] if running else [],
        "phase": current,
        "actions_left": 2 - state.actions_done if running and not state.cards_closed else 0,
        # Not "has a horseman in hand": that would tell spectators about a hidden hand.
        "free_horsemen": current == "actions",
        "pending_scoring": list(state.pending),
        "last_round": (
            None
            if state.last_round is None
            else {"started_by": state.last_round, "cards_closed": state.cards_closed}
        ),
        "supply": len(state.supply),
        "removed": [list(pair) for pair in state.removed],
        "sites": [_site_view(site, state.players) for site in state.sites],
        "seats": [
            {
                "hand": sum(state.hands[seat]),
                "deck": len(state.decks[seat]),
                "tiles": len(state.won[seat]),
                "points": sum(state.won[seat]) if seat == viewer or not running else None,
            }
            for seat in range(state.players)
        ],
    }
    if viewer is not None:
        out["hand"] = [KINDS[kind] for kind, count in enumerate(state.hands[viewer]) for _ in range(count)]
    out["outcome"] = outcome_view(result, "tiles")
    return out


def _site_view(site: Site, players: int) -> dict[str, Any]:
    on_card = {on: value for value, on in site.tiles if on != FREE}
    values = card_values(site)
    out: dict[str, Any] = {
        "open": site.open,
        "tiles": [{"value": value, "on": None if on == FREE else on} for value, on in site.tiles],
        "cards": [
            {
                "stack": [{"owner": owner, "kind": KINDS[kind]} for owner, kind in stack],
                "value": values[position],
                "tile": on_card.get(position),
            }
            for position, stack in enumerate(site.cards)
        ],
        "totals": [site.totals[seat] if site.present[seat] else None for seat in range(players)],
    }
    if site.open:
        # A visible Noble makes every card at the site count 1 (the board says so).
        out["levelled"] = site.levelled
    return out


def private_summary(state: State, seat: int) -> Message:
    """The seat's hand (card names as nested messages, in kind order), deck size and won tiles."""
    items = [
        say("cm.hand.cards", count=count, card=card_name(kind))
        for kind, count in enumerate(state.hands[seat])
        if count
    ]
    cards = say("hand.cm.empty")
    if items:
        # "a, b, c" as nested messages, so each language keeps its own separator.
        cards = items[-1]
        for item in reversed(items[:-1]):
            cards = say("cm.list", first=item, rest=cards)
    won = state.won[seat]
    return say("hand.cm.summary", cards=cards, deck=len(state.decks[seat]), tiles=len(won), points=sum(won))


def seat_summary(state: State, seat: int) -> Message:
    """The seat's public figures: cards in hand, cards in deck, tiles won (not their values)."""
    return say(
        "info.cm.seat", hand=sum(state.hands[seat]), deck=len(state.decks[seat]), tiles=len(state.won[seat])
    )


def describe(state: State, seat: int, action: object) -> Message:
    """The move in words; tile values are public (face up on the board), drawn cards are not."""
    player = Player(seat)
    if type(action) is Draw:
        return say("cm.move.draw", player=player)
    if type(action) is PlayCards and action.kind in KINDS:
        key = "cm.move.play_free" if action.free else "cm.move.play"
        if action.count == 1:
            # "plays a Wall" reads better than "plays 1 × Wall".
            key += "_one"
        card = card_name(KINDS.index(action.kind))
        return say(key, player=player, count=action.count, card=card, site=action.site + 1)
    if type(action) is PlaceTile:
        owner, kind = _visible(state, action.site, action.position)
        return say(
            "cm.move.tile",
            player=player,
            value=action.value,
            site=action.site + 1,
            card=card_name(kind),
            position=action.position + 1,
        )
    if type(action) is TakeTile:
        site = _open_site(state, action.site)
        free = [value for value, on in site.tiles if on == FREE]
        lying = [(value, site.cards[on][-1][0]) for value, on in site.tiles if on != FREE]
        # A take always finds one free tile and one tile on a card (see rules).
        if len(free) != 1 or len(lying) != 1:
            raise illegal("cm.error.unknown_action")
        other, owner = lying[0]
        if owner == seat:
            return say("cm.move.take", player=player, value=free[0], site=action.site + 1, other=other)
        return say(
            "cm.move.take_with_card",
            player=player,
            value=free[0],
            site=action.site + 1,
            owner=Player(owner),
            other=other,
        )
    if type(action) is DragonOn:
        owner, kind = _visible(state, action.site, action.position)
        return say(
            "cm.move.dragon_on",
            player=player,
            owner=Player(owner),
            card=card_name(kind),
            site=action.site + 1,
            position=action.position + 1,
        )
    raise illegal("cm.error.unknown_action")


def _open_site(state: State, index: object) -> Site:
    if type(index) is not int or not 0 <= index < len(state.sites):
        raise illegal("cm.error.unknown_action")
    return state.sites[index]


def _visible(state: State, index: object, position: object) -> tuple[int, int]:
    site = _open_site(state, index)
    if type(position) is not int or not 0 <= position < len(site.cards):
        raise illegal("cm.error.unknown_action")
    return site.cards[position][-1]
