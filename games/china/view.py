"""What a seat (or a spectator) sees, the result, moves and seats in words.

The view follows the format documented in docs/china.md: the whole board,
the open cards, sizes of deck, discard pile and hands, supplies and scores
are public; a seat's view adds its own hand. Neither the deck's order nor
another seat's cards are in it. The board's drawing positions are static
and come from `games.china.data.BOARD`, not from the view.
"""

from __future__ import annotations

from typing import Any

from games.china.actions import End
from games.china.actions import Pass
from games.china.actions import Place
from games.china.actions import Swap
from games.china.actions import Take
from games.china.data import COLOURS
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCE_NAMES
from games.china.data import PROVINCES
from games.china.data import SPACES
from games.china.data import VERSION_OF
from games.china.scoring import final_scoring
from games.china.state import DECK
from games.china.state import EMISSARY
from games.china.state import FORTRESS
from games.china.state import HOUSE
from games.china.state import OVER
from games.china.state import STEPS
from games.china.state import State
from games.china.state import house_counts
from games.china.state import last_round_played
from games.china.words import colour_name
from games.china.words import illegal
from games.china.words import province_name
from games.china.words import say
from games.core import Message
from games.core import Outcome
from games.core import Param
from games.core import Player
from games.core import rank_by_scores
from games.kit.view import outcome_view

__all__ = ["cards_of", "describe", "details", "outcome", "private_summary", "seat_summary", "view"]


def cards_of(counts: tuple[int, ...]) -> list[str]:
    """Cards counted per colour as a list of colour names, in colour order."""
    return [COLOURS[colour] for colour, count in enumerate(counts) for _ in range(count)]


def pieces_left(state: State, seat: int) -> int:
    """The tie-break: houses, emissaries and fortress still in the seat's supply."""
    return state.houses_left[seat] + state.envoys_left[seat] + state.forts_left[seat]


def details(state: State) -> list[dict[str, int]]:
    """Per seat, the final score broken down (only for a finished game)."""
    final = final_scoring(state)
    return [
        {
            "houses": state.points[seat],
            "provinces": final.provinces[seat],
            "alliances": final.alliances[seat],
            "chains": final.chains[seat],
        }
        for seat in range(state.players)
    ]


def outcome(state: State) -> Outcome | None:
    """Most points win; the most pieces left in supply break a tie; then the win is shared."""
    if state.step != OVER:
        return None
    parts = details(state)
    scores = [sum(part.values()) for part in parts]
    tiebreak = [pieces_left(state, seat) for seat in range(state.players)]
    return rank_by_scores(scores, tiebreak=tiebreak, details=parts, ending=_ending(state))


def _ending(state: State) -> Message:
    """Why the game ended: the deck ran out a second time and the round was played to its end,
    or nobody could place a piece any more."""
    if last_round_played(state):
        return say("china.ending.deck")
    return say("china.ending.blocked")


def view(state: State, viewer: int | None) -> dict[str, Any]:
    running = state.step != OVER
    players = state.players
    result = outcome(state)
    out: dict[str, Any] = {
        "game": "china",
        "players": players,
        "viewer": viewer,
        "side": state.side,
        "board": VERSION_OF[tuple(len(row) for row in state.board)],
        "fortresses": state.fortresses,
        "start": state.start,
        "turn": state.turn if running else None,
        "turn_number": state.turns,
        "to_act": [state.turn] if running else [],
        "step": STEPS[state.step],
        "this_turn": {
            "province": PROVINCES[state.province] if state.province >= 0 else None,
            "pieces": state.placed,
            "cards": state.cards_used,
        },
        "provinces": [_province_view(state, p) for p in range(len(PROVINCES))],
        "open": cards_of(state.open),
        "deck": len(state.deck),
        "discard": cards_of(state.discard),
        "exhausted": state.exhausted,
        "last_round": state.exhausted >= 2,
        "seats": [
            {
                "hand": sum(state.hands[seat]),
                "houses": state.houses_left[seat],
                "emissaries": state.envoys_left[seat],
                "fortresses": state.forts_left[seat],
                "points": state.points[seat],
            }
            for seat in range(players)
        ],
        "final": None if result is None else [dict(part) for part in result.details],
        "outcome": outcome_view(result, "pieces_left"),
    }
    if viewer is not None:
        out["hand"] = cards_of(state.hands[viewer])
    return out


def _province_view(state: State, p: int) -> dict[str, Any]:
    row = state.board[p]
    forts = state.forts[p]
    return {
        "id": PROVINCES[p],
        "name": PROVINCE_NAMES[p],
        "colour": COLOURS[PROVINCE_COLOUR[p]],
        "spaces": [
            {
                "number": space + 1,
                "house": None if row[space] < 0 else row[space],
                "fortress": bool(forts >> space & 1),
            }
            for space in range(len(row))
        ],
        "houses": house_counts(row, state.players),
        "emissaries": list(state.envoys[p]),
        "emissary_limit": state.cap[p],
        "scored": state.free[p] == 0,
    }


# -- words ---------------------------------------------------------------------------------------------


def _payment(state: State, action: Place) -> Message:
    if action.joker < 0:
        return say("china.pay.card", colour=colour_name(PROVINCE_COLOUR[action.province]))
    return say("china.pay.joker", colour=colour_name(action.joker))


def _in_range(action: Place) -> bool:
    if not (0 <= action.province < len(PROVINCES) and -1 <= action.joker < len(COLOURS)):
        return False
    if action.piece == EMISSARY:
        return action.space == -1
    return action.piece in (HOUSE, FORTRESS) and 0 <= action.space < SPACES[action.province]


def _swap_in_range(action: Swap) -> bool:
    return 0 <= action.give < len(COLOURS) and -1 <= action.take < len(COLOURS)


def describe(state: State, seat: int, action: object) -> Message:
    """The move in words, for the log (public: it names only what the move shows)."""
    player = Player(seat)
    kind = type(action)
    if kind is Place and isinstance(action, Place) and _in_range(action):
        p = action.province
        where: dict[str, Param] = {
            "player": player,
            "province": province_name(p),
            "payment": _payment(state, action),
        }
        if action.piece == EMISSARY:
            return say("china.move.emissary", **where)
        if action.piece == FORTRESS:
            return say("china.move.fortress", space=action.space + 1, **where)
        fills = state.free[p] == 1 << action.space
        return say(
            "china.move.house_scores" if fills else "china.move.house", space=action.space + 1, **where
        )
    if kind is End:
        return say("china.move.end", player=player)
    if kind is Pass:
        return say("china.move.pass", player=player)
    if kind is Take and isinstance(action, Take) and -1 <= action.source < len(COLOURS):
        if action.source == DECK:
            return say("china.move.take_deck", player=player)
        return say("china.move.take", player=player, colour=colour_name(action.source))
    if (
        kind is Swap
        and isinstance(action, Swap)
        and 0 <= action.give < len(COLOURS)
        and -1 <= action.take < len(COLOURS)
    ):
        if action.take == DECK:
            return say("china.move.swap_deck", player=player, colour=colour_name(action.give))
        return say(
            "china.move.swap", player=player, colour=colour_name(action.give), other=colour_name(action.take)
        )
    raise illegal("china.error.unknown_action")


def _card_list(counts: tuple[int, ...]) -> Message:
    items = [
        say("china.hand.cards", count=count, colour=colour_name(c)) for c, count in enumerate(counts) if count
    ]
    if not items:
        return say("china.hand.empty")
    # "a, b, c" as nested messages, so each language keeps its own separator.
    cards = items[-1]
    for item in reversed(items[:-1]):
        cards = say("china.list", first=item, rest=cards)
    return cards


def private_summary(state: State, seat: int) -> Message:
    """The seat's hand, and its supply."""
    return say("china.summary.hand", cards=_card_list(state.hands[seat]), supply=seat_summary(state, seat))


def seat_summary(state: State, seat: int) -> Message:
    """The seat's public figures: points, cards in hand, pieces in supply."""
    key = "china.summary.seat_fortress" if state.fortresses else "china.summary.seat"
    return say(
        key,
        points=state.points[seat],
        hand=sum(state.hands[seat]),
        houses=state.houses_left[seat],
        emissaries=state.envoys_left[seat],
        fortresses=state.forts_left[seat],
    )
