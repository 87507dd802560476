"""The Hard Chinesische Mauer player: Normal's plans, checked against sampled replies.

Normal judges a plan by the position it leaves, guessing from a table how
likely each rival is to pass it at a site. Hard plays the round out instead:

1. it ranks the plans for the rest of its turn as Normal does and keeps the
   best `CANDIDATES`, each with a different first move;
2. it deals each rival a hand `SAMPLES` times, from what the seat can see
   only: the rival's hand size, and their 20 cards less those lying on the
   board (covered ones too) — never the real hands, decks or supply;
3. in each such deal, after each candidate, every rival in turn order scores
   what they lead and spends their two actions (and free horsemen) one move
   at a time, each the best by Normal's evaluation from their seat (playing
   one card of a kind or all of them); then
   Hard scores what it leads at its next turn start;
4. a candidate is worth the points Hard won in that round, less a share of
   the rivals' (`Weights.rival`), plus Normal's evaluation of the position
   left, averaged over the deals (the same deals for every candidate).

It makes the first move of the best candidate and searches again at its
next decision. Scoring decisions are Normal's. The work is fixed (candidates
x deals), not timed: the same state and seed always give the same move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from ai.chinesische_mauer.evaluation import DEFAULT_WEIGHTS
from ai.chinesische_mauer.evaluation import Context
from ai.chinesische_mauer.evaluation import hand_value
from ai.chinesische_mauer.evaluation import site_value
from ai.chinesische_mauer.model import DRAGON
from ai.chinesische_mauer.model import DRAW
from ai.chinesische_mauer.model import HORSEMAN
from ai.chinesische_mauer.model import KINDS
from ai.chinesische_mauer.model import Move
from ai.chinesische_mauer.model import Position
from ai.chinesische_mauer.model import SiteModel
from ai.chinesische_mauer.model import apply_move
from ai.chinesische_mauer.model import leader
from ai.chinesische_mauer.model import position_from_view
from ai.chinesische_mauer.model import site_totals
from ai.chinesische_mauer.player import PLANS_WITH_HORSEMEN
from ai.chinesische_mauer.player import _choose_scoring
from ai.chinesische_mauer.player import _first_step
from ai.chinesische_mauer.player import _ordinary_plans
from ai.chinesische_mauer.player import _Plan
from ai.chinesische_mauer.player import _Planner
from ai.chinesische_mauer.player import _with_horsemen
from ai.chinesische_mauer.player import choose_move
from ai.chinesische_mauer.seat import decide_on_view
from ai.common import Jitter
from games.chinesische_mauer.data import DECK_COUNTS
from games.core import Action
from games.core import Rng

__all__ = ["CANDIDATES", "SAMPLES", "choose", "choose_move_hard", "ranked_plans"]

#: How many of Normal's best plans (with different first moves) are played out.
CANDIDATES = 3
#: How many deals of the rivals' hands each candidate is played out in.
SAMPLES = 2
#: A rival makes at most this many moves in a turn (two actions and two free horsemen).
REPLY_MOVES = 4


def choose(state: Any, seat: int, seed: int) -> Action:
    """Hard's move for `seat`: always one of `legal_actions(state, seat)`."""
    return decide_on_view(state, seat, seed, choose_move_hard)


def choose_move_hard(view: dict[str, Any], moves: Sequence[Move], seed: int) -> int:
    """Index into `moves` (the legal moves, as notation) of the move to make."""
    position = position_from_view(view)
    if position.pending:
        return choose_move(view, moves, seed)
    context = Context.of(position, DEFAULT_WEIGHTS)
    planner = _Planner(position, moves, context)
    candidates = ranked_plans(planner, moves, Jitter(seed), CANDIDATES)
    if len(candidates) < 2:
        return choose_move(view, moves, seed)
    deals = _deals(position, _rival_pools(view), seed)
    jitter = Jitter(seed + 1)
    best, best_worth = candidates[0], float("-inf")
    for plan in candidates:
        after, draws = _after_plan(position, moves, plan)
        worth = sum(_play_round(after, deal) for deal in deals) / len(deals)
        worth += draws * context.draw_value + jitter()
        if worth > best_worth:
            best, best_worth = plan, worth
    return _first_step(best, moves)


# -- candidates -----------------------------------------------------------------------------------


def ranked_plans(planner: _Planner, moves: Sequence[Move], jitter: Jitter, limit: int) -> list[_Plan]:
    """Normal's best plans for the rest of the turn, best first, each completed with its best
    free horsemen, at most `limit` and each with a different first move."""
    ordinary = [i for i, move in enumerate(moves) if move.verb in ("play", "dragon", "draw")]
    ordinary = [i for i in ordinary if not (moves[i].verb == "play" and moves[i].kind == HORSEMAN)]
    free = [i for i, move in enumerate(moves) if move.verb == "free"]
    plans = _ordinary_plans(planner, ordinary, planner.position.actions_left, jitter)
    ranked: list[tuple[float, _Plan]] = []
    firsts: set[int] = set()
    for number, entry in enumerate(plans):
        if number >= PLANS_WITH_HORSEMEN and len(firsts) >= limit:
            # As Normal does, only the best plans get horsemen; further ones only for variety.
            break
        plan = _with_horsemen(planner, [entry], free, jitter)
        worth = planner.worth(plan)
        if worth is not None and (plan.actions or plan.free):
            ranked.append((worth, plan))
            firsts.add(_first_step(plan, moves))
    ranked.sort(key=lambda entry: -entry[0])
    out: list[_Plan] = []
    firsts.clear()
    for _, plan in ranked:
        first = _first_step(plan, moves)
        if first not in firsts:
            firsts.add(first)
            out.append(plan)
        if len(out) == limit:
            break
    return out


def _after_plan(position: Position, moves: Sequence[Move], plan: _Plan) -> tuple[Position, int]:
    """The position after my whole plan, and how many cards it draws (unknown cards)."""
    draws = 0
    for index in (*plan.actions, *plan.free):
        draws += moves[index].verb == "draw"
        position = apply_move(position, moves[index])
    return position, draws


# -- what the seat may know of the rivals' cards --------------------------------------------------


def _rival_pools(view: dict[str, Any]) -> dict[int, tuple[int, ...]]:
    """Per rival, the cards of their 20 not lying on the board (their hand is among them)."""
    players, me = int(view["players"]), int(view["viewer"])
    out = {seat: list(DECK_COUNTS) for seat in range(players) if seat != me}
    kind_index = {name: index for index, name in enumerate(KINDS)}
    for site in view["sites"]:
        for card in site["cards"]:
            for entry in card["stack"]:
                owner = int(entry["owner"])
                if owner in out:
                    out[owner][kind_index[entry["kind"]]] -= 1
    return {seat: tuple(max(0, n) for n in pool) for seat, pool in out.items()}


@dataclass(frozen=True, slots=True)
class _Deal:
    """One guess at the rivals' hands: seat -> cards per kind."""

    hands: dict[int, tuple[int, ...]]


def _deals(position: Position, pools: dict[int, tuple[int, ...]], seed: int) -> list[_Deal]:
    """`SAMPLES` deals of the rivals' hands (their public sizes) from their pools, seeded."""
    rng = Rng.seed(seed * 7 + 3)
    deals = []
    for _ in range(SAMPLES):
        hands = {}
        for seat, pool in sorted(pools.items()):
            cards = [kind for kind, n in enumerate(pool) for _ in range(n)]
            shuffled, rng = Rng.shuffle(rng, cards)
            hand = [0] * len(KINDS)
            for kind in shuffled[: position.hand_sizes[seat]]:
                hand[kind] += 1
            hands[seat] = tuple(hand)
        deals.append(_Deal(hands))
    return deals


# -- playing the round out ------------------------------------------------------------------------


def _play_round(position: Position, deal: _Deal) -> float:
    """My worth after every rival took one turn (their replies one best move at a time) and
    I scored at my next turn start: points won in the round plus Normal's evaluation."""
    me, players = position.me, position.players
    won = [0.0] * players
    for step in range(1, players):
        rival = (me + step) % players
        seen = replace(position, me=rival, hand=deal.hands[rival], my_cards_out=_on_board(position, rival))
        seen = _score_turn_start(seen, won)
        if _may_play(seen):
            seen = _reply(seen)
        position = replace(seen, me=me, hand=position.hand, my_cards_out=position.my_cards_out)
    context = Context.of(replace(position, actions_left=2), DEFAULT_WEIGHTS)
    position = _score_turn_start(position, won, context)
    worth = won[me] - context.weights.rival * (sum(won) - won[me])
    worth += sum(site_value(site, context) for site in position.sites)
    return worth + hand_value(position.hand, context)


def _on_board(position: Position, seat: int) -> tuple[int, ...]:
    """How many of `seat`'s cards of each kind are visible on the board (the model keeps no
    covered cards; only the pools need them, and those come from the view)."""
    counts = [0] * len(KINDS)
    for site in position.sites:
        for owner, kind in site.cards:
            if owner == seat:
                counts[kind] += 1
    return tuple(counts)


def _may_play(position: Position) -> bool:
    seat = position.me
    if position.cards_closed or position.last_round_by == seat:
        return False
    return position.hand_sizes[seat] + position.deck_sizes[seat] > 0


def _score_turn_start(position: Position, won: list[float], context: Context | None = None) -> Position:
    """The seat to move scores every site it leads: takes a lone free tile (paying the tile
    on a card to its owner), or lays one of two where Normal would."""
    seat = position.me
    context = context or Context.of(position, DEFAULT_WEIGHTS)
    for index, site in enumerate(position.sites):
        if not site.open or not site.tiles:
            continue
        if leader(*site_totals(site, position.players)) != seat:
            continue
        free = site.free_tiles()
        if len(free) == 1:
            won[seat] += free[0]
            for value, owner in site.tiles_on_cards():
                won[owner] += value
            position = apply_move(position, Move("take", site=index))
        elif free:
            moves = _tile_moves(site, index, seat)
            if moves:
                chosen = _choose_scoring(position, moves, context, Jitter(index))
                position = apply_move(position, moves[chosen])
    return position


def _tile_moves(site: SiteModel, index: int, seat: int) -> list[Move]:
    return [
        Move("tile", site=index, value=value, position=position)
        for value in dict.fromkeys(site.free_tiles())
        for position, (owner, _) in enumerate(site.cards)
        if owner == seat
    ]


def _reply(position: Position) -> Position:
    """The rival's turn: one move at a time, each the best single move by Normal's evaluation
    from their seat (a free horseman only when it gains)."""
    position = replace(position, actions_left=2)
    for _ in range(REPLY_MOVES):
        if position.actions_left == 0:
            break
        moves = _model_moves(position)
        if not moves:
            break
        context = Context.of(position, DEFAULT_WEIGHTS)
        base_sites = [site_value(site, context) for site in position.sites]
        base_hand = hand_value(position.hand, context)
        best, best_worth = DRAW, float("-inf")
        for move in moves:
            if move.verb == "draw":
                worth = context.draw_value
            else:
                site, hand = _played(position, move)
                worth = site_value(site, context) - base_sites[move.site]
                worth += hand_value(hand, context) - base_hand
                if move.verb == "free" and worth <= 0.0:
                    continue
            if worth > best_worth:
                best, best_worth = move, worth
        if best_worth == float("-inf"):
            break
        position = _spent(apply_move(position, best), best)
    return position


def _played(position: Position, move: Move) -> tuple[SiteModel, tuple[int, ...]]:
    """The site and the hand after the seat plays cards or its dragon: what Normal's planner
    would work out, without building the whole position (a rival weighs every move)."""
    seat, hand = position.me, list(position.hand)
    site = position.sites[move.site]
    if move.verb == "dragon":
        hand[DRAGON] -= 1
        return site.covering(move.position, (seat, DRAGON)), tuple(hand)
    hand[move.kind] -= move.count
    cards = site.cards + ((seat, move.kind),) * move.count
    return SiteModel(site.open, site.tiles, cards, site.covered), tuple(hand)


def _spent(position: Position, move: Move) -> Position:
    """The public card counts after the move: a play empties the hand, a draw the deck."""
    seat = position.me
    sizes = list(position.hand_sizes)
    decks = list(position.deck_sizes)
    if move.verb == "draw":
        decks[seat] = max(0, decks[seat] - 1)
        sizes[seat] += 1
    else:
        sizes[seat] = max(0, sizes[seat] - (1 if move.verb == "dragon" else move.count))
    return replace(position, hand_sizes=tuple(sizes), deck_sizes=tuple(decks))


def _model_moves(position: Position) -> list[Move]:
    """The seat's card plays, dragons and draw on the model (as the engine lists them)."""
    hand = position.hand
    open_sites = [index for index, site in enumerate(position.sites) if site.open]
    moves: list[Move] = []
    for kind, have in enumerate(hand):
        verb = "free" if kind == HORSEMAN else "play"
        # One card or all of a kind: a rival's in-between counts are rarely their best.
        for count in sorted({1, have} - {0}):
            moves.extend(Move(verb, site=index, kind=kind, count=count) for index in open_sites)
    if hand[DRAGON]:
        for index in open_sites:
            cards, tiled = len(position.sites[index].cards), position.sites[index].tiled_position()
            moves.extend(Move("dragon", site=index, position=p) for p in range(cards) if p != tiled)
    if position.deck_sizes[position.me] > 0:
        moves.append(DRAW)
    return moves
