"""Hints for a Mauerbauer seat: the three moves Normal values most, each with one line of why.

The moves are ranked by Normal's own evaluation of every legal move
(`ai.mauerbauer.player.values`, on the seat's public state), best first. The
line of why is worked out from what the seat may see only (its hand, the
board), in the game's terms: the city a wall closes and what the seat's best
play scores in it, the points a play scores now, the card a swap gives back.
"""

from __future__ import annotations

from typing import Any

from ai import MAX_HINTS
from ai import Hint
from ai.mauerbauer.model import after_placements
from ai.mauerbauer.model import best_play_points
from ai.mauerbauer.model import closes
from ai.mauerbauer.model import merge_options
from ai.mauerbauer.model import public_state
from ai.mauerbauer.player import values
from games.core import Action
from games.core import Message
from games.mauerbauer import rules
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Play
from games.mauerbauer.actions import Swap
from games.mauerbauer.data import CITY_KINDS
from games.mauerbauer.data import FIELD_NAMES
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import FINAL
from games.mauerbauer.state import HOUSES
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import TOWERS
from games.mauerbauer.state import State
from games.mauerbauer.words import card_list
from games.mauerbauer.words import card_name
from games.mauerbauer.words import say

__all__ = ["hint"]


def hint(state: Any, seat: int, seed: int) -> list[Hint]:
    """At most `MAX_HINTS` of the seat's legal moves, best first by Normal's evaluation."""
    ranked = sorted(values(state, seat, seed), key=lambda item: -item[1])
    public = public_state(state, seat)
    return [Hint(action, _why(public, seat, action)) for action, _ in ranked[:MAX_HINTS]]


def _why(state: State, seat: int, action: Action) -> Message:
    hand = state.hands[seat]
    if isinstance(action, BuildWall):
        return _why_wall(state, seat, action.line)
    if isinstance(action, Play):
        if state.phase == SCORING:
            points = sum(state.values[card] for card in action.cards)
            return say("mauerbauer.hint.play", cards=card_list(action.cards), points=points)
        return _why_final(state, action)
    if isinstance(action, Discard):
        return say("mauerbauer.hint.discard", card=card_name(action.card))
    if isinstance(action, Swap):
        return say("mauerbauer.hint.swap", card=card_name(action.card))
    if state.phase == EXCHANGE:
        return say("mauerbauer.hint.done")
    if state.phase == FINAL:
        return say("mauerbauer.hint.pass", count=len(hand))
    return _why_placement(state, seat, rules.apply(state, seat, action))


def _why_wall(state: State, seat: int, line: int) -> Message:
    if closes(state.walls, line):
        return _city_line(after_placements(state, line, (), ()), seat, "mauerbauer.hint.wall_closes")
    card = _best_outside_card(state, state.hands[seat])
    if card is None:
        return say("mauerbauer.hint.wall_quiet")
    return say("mauerbauer.hint.wall_outside", card=card_name(card))


def _why_placement(state: State, seat: int, after: State) -> Message:
    """Towers, houses or a merge: what the city being closed scores for the seat then, or the
    outside card the pieces count for."""
    if state.closing or state.phase == MERGE:
        return _city_line(after, seat, "mauerbauer.hint.city")
    before = card_values(state, None)
    now = card_values(after, None)
    gained = [card for card in state.hands[seat] if card not in CITY_KINDS and now[card] > before[card]]
    if not gained:
        return say("mauerbauer.hint.place_plain")
    best = max(gained, key=lambda card: (now[card] - before[card], -card))
    return say("mauerbauer.hint.place_outside", card=card_name(best), points=now[best] - before[best])


def _city_line(after: State, seat: int, key: str) -> Message:
    """The city about to be scored (after the seat's best remaining placements and merge) and
    the seat's best play in it."""
    hand = after.hands[seat]
    scored = max(_scorings(after, seat), key=lambda option: best_play_points(option.values, hand))
    city = scored.cities[scored.city]
    return say(
        key,
        city=FIELD_NAMES[rules.city_id(city)],
        size=city.fields.bit_count(),
        points=best_play_points(scored.values, hand),
    )


def _scorings(state: State, seat: int) -> list[State]:
    """Every scoring round the seat's remaining choices of this turn lead to."""
    if state.phase in (TOWERS, HOUSES) and state.active == seat:
        return [
            found
            for action in rules.legal_actions(state, seat)
            for found in _scorings(rules.apply(state, seat, action), seat)
        ]
    return merge_options(state) if state.phase == MERGE else [state]


def _why_final(state: State, action: Play) -> Message:
    index = -1 if action.city is None else rules.city_index(state, action.city)
    city = state.cities[index] if index >= 0 else None
    points = sum(card_values(state, city)[card] for card in action.cards)
    if action.city is None:
        return say("mauerbauer.hint.play", cards=card_list(action.cards), points=points)
    city_name = FIELD_NAMES[action.city]
    return say("mauerbauer.hint.play_city", cards=card_list(action.cards), city=city_name, points=points)


def _best_outside_card(state: State, hand: tuple[int, ...]) -> int | None:
    """The card in hand that scores most outside the cities now (None: no such card)."""
    outside = card_values(state, None)
    cards = [card for card in hand if card not in CITY_KINDS and outside[card] > 0]
    return max(cards, key=lambda card: (outside[card], -card)) if cards else None
