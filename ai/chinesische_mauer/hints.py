"""Hints for Chinesische Mauer: the three moves Normal's evaluation likes best, with why.

Scoring comes first, as Normal plays it: every tile that can be taken, the
richest first, then the tiles to lay, each where Normal would lay it among
the moves not named yet. For the actions, the moves are the first steps of
Normal's best plans for the rest of the turn (`hard.ranked_plans`), best
first. Each hint says in one line what its move does at its site, from the
seat's view only: the points it takes, the lead it takes or widens, the
rival a dragon hurts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ai
from ai.chinesische_mauer.evaluation import Context
from ai.chinesische_mauer.hard import ranked_plans
from ai.chinesische_mauer.model import Move
from ai.chinesische_mauer.model import Position
from ai.chinesische_mauer.model import apply_move
from ai.chinesische_mauer.model import leader
from ai.chinesische_mauer.model import position_from_view
from ai.chinesische_mauer.model import site_totals
from ai.chinesische_mauer.player import _choose_scoring
from ai.chinesische_mauer.player import _first_step
from ai.chinesische_mauer.player import _Planner
from ai.chinesische_mauer.seat import seat_moves
from ai.common import Jitter
from games.chinesische_mauer.words import card_name
from games.chinesische_mauer.words import say
from games.core import Message
from games.core import Player

__all__ = ["hint", "why"]


def hint(state: Any, seat: int, seed: int) -> list[ai.Hint]:
    """At most `ai.MAX_HINTS` good moves for `seat`, best first; none when it is not to move."""
    legal, view, moves = seat_moves(state, seat)
    if not legal:
        return []
    position = position_from_view(view)
    context = Context.of(position)
    if position.pending:
        best = _best_scorings(position, moves, context, seed)
    else:
        planner = _Planner(position, moves, context)
        best = [_first_step(plan, moves) for plan in ranked_plans(planner, moves, Jitter(seed), ai.MAX_HINTS)]
        if not best:
            # Nothing but a draw or a single forced play: name the legal moves themselves.
            best = list(range(min(len(moves), ai.MAX_HINTS)))
    return [ai.Hint(legal[index], why(position, moves[index])) for index in best]


def _best_scorings(position: Position, moves: Sequence[Move], context: Context, seed: int) -> list[int]:
    """The takes, the richest first, then the tiles Normal would lay, one after another."""
    takes = [i for i, move in enumerate(moves) if move.verb == "take"]
    takes.sort(key=lambda i: -sum(value for value, _ in position.sites[moves[i].site].tiles))
    best = takes[: ai.MAX_HINTS]
    left = [i for i, move in enumerate(moves) if move.verb == "tile"]
    jitter = Jitter(seed)
    while left and len(best) < ai.MAX_HINTS:
        chosen = left[_choose_scoring(position, [moves[i] for i in left], context, jitter)]
        best.append(chosen)
        left.remove(chosen)
    return best


def why(position: Position, move: Move) -> Message:
    """One line on what the move does, in the game's terms."""
    if move.verb == "draw":
        return say("hint.cm.draw")
    site = position.sites[move.site]
    number = move.site + 1
    if move.verb == "take":
        free = site.free_tiles()[0]
        mine = sum(value for value, owner in site.tiles_on_cards() if owner == position.me)
        return say("hint.cm.take", value=free, site=number, points=free + mine)
    if move.verb == "tile":
        kind = site.cards[move.position][1]
        return say("hint.cm.tile", value=move.value, card=card_name(kind), site=number)
    if move.verb == "dragon":
        owner, kind = site.cards[move.position]
        before, _ = site_totals(site, position.players)
        after, _ = site_totals(apply_move(position, move).sites[move.site], position.players)
        if owner == position.me:
            return say("hint.cm.dragon_own", card=card_name(kind), site=number, points=after[owner])
        return say(
            "hint.cm.dragon",
            player=Player(owner),
            card=card_name(kind),
            site=number,
            points=max(0, before[owner] - after[owner]),
        )
    return _why_play(position, move)


def _why_play(position: Position, move: Move) -> Message:
    """What cards played at a site do to its lead."""
    me, players = position.me, position.players
    site = position.sites[move.site]
    number = move.site + 1
    tiles = sum(value for value, _ in site.tiles)
    led_by = leader(*site_totals(site, players))
    totals, present = site_totals(apply_move(position, move).sites[move.site], players)
    if leader(totals, present) != me:
        return say("hint.cm.build", site=number, points=totals[me])
    if led_by == me:
        others = [totals[seat] for seat in range(players) if seat != me and present[seat]]
        return say("hint.cm.widen", site=number, margin=totals[me] - max(others, default=0))
    if led_by is not None:
        return say("hint.cm.pass", player=Player(led_by), site=number, points=tiles)
    return say("hint.cm.lead", site=number, points=tiles)
