"""Hints for China: the moves Normal's evaluation judges best, each with one line of why.

`hint(state, seat, seed)` weighs every legal move as the Normal AI does
(`ai.china.player.ranked`, on the seat's public state), keeps the best move
of each idea (`best_ideas`: one piece per province, so the three name three
different plans rather than three spaces of one province), and gives the best
three, best first. The why names what the move
does in the game's terms, read from the public position before and after
it: a province filled and scored, the lead in a province taken or held, a
chain lengthened, an alliance won, the card that pays for a province.
Nothing in it depends on a card the seat cannot see.
"""

from __future__ import annotations

from typing import Any

from ai import MAX_HINTS
from ai import Hint
from ai.china import player
from ai.china.evaluation import public_state
from games.china import rules
from games.china.actions import End
from games.china.actions import Place
from games.china.actions import Swap
from games.china.actions import Take
from games.china.data import ALLIANCES
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCES
from games.china.scoring import chain_points
from games.china.state import DECK
from games.china.state import EMISSARY
from games.china.state import HOUSE
from games.china.state import State
from games.china.state import house_counts
from games.china.words import colour_name
from games.china.words import province_name
from games.china.words import say
from games.core import Action
from games.core import Message
from games.core import Param
from games.core import Player
from games.core import listing

__all__ = ["hint", "why"]


def hint(state: Any, seat: int, seed: int) -> list[Hint]:
    """At most three of the seat's best moves by Normal's judgement, best first, with why."""
    public = public_state(state, seat)
    chosen = player.best_ideas(player.ranked(state, seat, seed), MAX_HINTS)
    return [Hint(action, why(public, seat, action)) for action in chosen]


def why(state: State, seat: int, action: Action) -> Message:
    """One line on what `action` does for the seat (`state` is what the seat may see)."""
    if isinstance(action, Place):
        after = rules.apply(state, seat, action)
        if action.piece == HOUSE:
            return _house_why(state, after, seat, action.province)
        if action.piece == EMISSARY:
            return _emissary_why(after, seat, action.province)
        return say("hint.china.fortress", province=province_name(action.province), space=action.space + 1)
    if isinstance(action, Take):
        if action.source == DECK:
            return say("hint.china.take_deck")
        return say(
            "hint.china.take", colour=colour_name(action.source), provinces=_provinces_of(action.source)
        )
    if isinstance(action, Swap):
        if action.take == DECK:
            return say("hint.china.swap_deck", colour=colour_name(action.give))
        return say(
            "hint.china.swap",
            colour=colour_name(action.give),
            other=colour_name(action.take),
            provinces=_provinces_of(action.take),
        )
    if isinstance(action, End):
        return say("hint.china.end")
    return say("hint.china.pass")


def _house_why(before: State, after: State, seat: int, province: int) -> Message:
    name = province_name(province)
    gained = after.points[seat] - before.points[seat]
    if not after.free[province]:
        return say("hint.china.house_scores", province=name, points=gained)
    chains = chain_points(after)[seat]
    if chains > chain_points(before)[seat]:
        return say("hint.china.house_chain", points=chains)
    was = house_counts(before.board[province], before.players)
    now = house_counts(after.board[province], after.players)
    mine = now[seat]
    rival = max((s for s in range(after.players) if s != seat), key=lambda s: (now[s], -s))
    if not now[rival]:
        return say("hint.china.house_alone", province=name, mine=mine)
    if mine > now[rival] and was[seat] <= was[rival]:
        return say("hint.china.house_lead", province=name, mine=mine, theirs=now[rival], player=Player(rival))
    if mine == now[rival] and was[seat] < was[rival]:
        return say("hint.china.house_level", province=name, player=Player(rival), mine=mine)
    if mine > now[rival]:
        return say("hint.china.house_ahead", province=name, mine=mine, theirs=now[rival])
    return say("hint.china.house", province=name, mine=mine)


def _emissary_why(after: State, seat: int, province: int) -> Message:
    """Why an emissary: the alliance it wins as the emissaries stand, else the one it builds toward."""
    envoys = after.envoys
    toward: list[tuple[int, int]] = []
    for number, pair in enumerate(ALLIANCES, start=1):
        if province not in pair:
            continue
        other = pair[1] if pair[0] == province else pair[0]
        leads_other = envoys[other][seat] == max(envoys[other])
        if max(envoys[other]) and leads_other and envoys[province][seat] == max(envoys[province]):
            points = sum(envoys[province]) + sum(envoys[other])
            return say(
                "hint.china.emissary_alliance",
                number=number,
                province=province_name(province),
                other=province_name(other),
                points=points,
            )
        if leads_other:
            toward.append((number, other))
    if toward:
        number, other = toward[0]
        return say(
            "hint.china.emissary_toward",
            province=province_name(province),
            number=number,
            other=province_name(other),
        )
    return say("hint.china.emissary", province=province_name(province), count=envoys[province][seat])


def _provinces_of(colour: int) -> Param:
    """The provinces a card of `colour` pays for, as one listed parameter."""
    names: list[Param] = [province_name(p) for p in range(len(PROVINCES)) if PROVINCE_COLOUR[p] == colour]
    return listing(names)
