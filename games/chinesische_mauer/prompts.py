"""What the seat to move must decide now, in words (the contract's `prompt`).

A prompt may be posted in the game's thread, so it says only what the board
shows: it never depends on the cards in a hand, only on hand and deck sizes
and on the horsemen already played (all public).
"""

from __future__ import annotations

from games.chinesische_mauer.data import DECK_COUNTS
from games.chinesische_mauer.data import HORSEMAN
from games.chinesische_mauer.state import FREE
from games.chinesische_mauer.state import Site
from games.chinesische_mauer.state import State
from games.chinesische_mauer.words import say
from games.core import Message
from games.core import Player
from games.core import listing

__all__ = ["prompt"]


def prompt(state: State, seat: int) -> Message:
    if state.over:
        return say("cm.prompt.over")
    if seat != state.turn:
        return say("cm.prompt.waiting", player=Player(state.turn))
    has_cards = bool(state.decks[seat]) or any(state.hands[seat])
    if state.pending:
        # Scoring only: cards are closed, or (in the last round) the seat has none left.
        only = state.cards_closed or not has_cards
        message = _scoring(state, only)
        return message if only else _last_turn_note(state, message)
    actions = say("cm.prompt.actions.two" if state.actions_done == 0 else "cm.prompt.actions.one")
    if not any(state.hands[seat]):
        choice = say("cm.prompt.choice.draw")
    elif not state.decks[seat]:
        choice = say("cm.prompt.choice.play")
    else:
        choice = say("cm.prompt.choice.any")
    message = say("cm.prompt.actions", actions=actions, choice=choice)
    if any(state.hands[seat]) and _horsemen_played(state, seat) < DECK_COUNTS[HORSEMAN]:
        message = say("cm.prompt.with_note", prompt=message, note=say("cm.prompt.note.horsemen"))
    return _last_turn_note(state, message)


def _scoring(state: State, only: bool) -> Message:
    suffix = "only" if only else "first"
    if len(state.pending) > 1:
        # "1 and 2", "1, 2 und 3": the reader's language joins the numbers.
        sites = listing([str(index + 1) for index in sorted(state.pending)])
        return say(f"cm.prompt.score_{suffix}_many", sites=sites)
    index = state.pending[0]
    return say(f"cm.prompt.score_{suffix}", site=index + 1, how=_how(state.sites[index]))


def _how(site: Site) -> Message:
    free = [value for value, on in site.tiles if on == FREE]
    if len(free) == 1:
        return say("cm.prompt.how.take", value=free[0])
    if free[0] == free[1]:
        return say("cm.prompt.how.lay_same", value=free[0])
    return say("cm.prompt.how.lay", first=free[0], second=free[1])


def _last_turn_note(state: State, message: Message) -> Message:
    """Every seat but the one that ran out of cards has one more turn with cards."""
    if state.last_round is None or state.cards_closed:
        return message
    return say("cm.prompt.with_note", prompt=message, note=say("cm.prompt.note.last_turn"))


def _horsemen_played(state: State, seat: int) -> int:
    """Horsemen of `seat` on the board (covered ones too) or gone with a cleared site: public."""
    on_board = sum(
        1
        for site in state.sites
        for stack in site.cards
        for owner, kind in stack
        if owner == seat and kind == HORSEMAN
    )
    return on_board + state.discarded[seat][HORSEMAN]
