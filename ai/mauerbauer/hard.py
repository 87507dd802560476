"""The Hard Mauerbauer AI: Normal's evaluation with a deeper hand, and a determinized search
over its walls.

Hard's judgement is Normal's with one weight changed (`OWN_WEIGHTS`): a hand is
valued for four cards a scoring round still to come, where Normal counts the
two a round can take. A hand that counts more of its cards is worth more kept:
Hard discards a card to draw two where Normal plays a card for a few points,
and keeps the cards that wait for a good city. Every decision but the wall
(placements with the dice known, merges, plays, the exchange) is Normal's
decision with these weights.

The wall is the decision that shapes a game (which city closes, what it holds,
what the other seats can close after it), and Normal weighs it one step ahead
with guessed rival hands. Hard looks further, the same way a player thinks
"if I build here, what does the roll give me, what will the others play, and
what is left for them":

1. Hard's judgement values every wall (`ai.mauerbauer.player.values` with
   `OWN_WEIGHTS`); the `CANDIDATES` best go on.
2. `SAMPLES` determinizations are dealt from what the seat may see only: its
   own hand, the discard pile, the hand sizes and the deck size. The cards it
   has not seen are shuffled by the seeded generator into the other hands and
   the deck, and the dice get a new seeded generator
   (`determinize`). Nothing of another hand, the deck order or a future roll
   reaches the decision.
3. Each candidate is played out in every determinization, the same samples for
   every candidate (so they are compared on the same cards and dice): the
   roll, the placements, the scoring round and the exchange, then a full
   round of the rivals' turns, every rival played by Normal (its walls with a
   smaller budget, `ROLLOUT_BUDGET`, to keep the search cheap) and the seat by
   its own judgement: the rivals are Normal players, so Normal models them.
   When the game is expected to end within `END_TURNS` wall turns, the
   play-outs go on to its end (at most `END_HORIZON` turns): few turns are
   left, so this is cheap, and the end is then played, not guessed
   (`turns_ahead`).
4. The end positions are valued by how far the seat is ahead of the best
   rival (points, and the hands at the worth of a card kept), not of the
   average rival as Normal does: a game is won against the leader; a play-out
   that ends the game with the seat winning counts `WIN_BONUS` more
   (`value`), so near the end Hard plays for the win, not for points. The
   candidate with the best average is built.

The work is a fixed number of play-outs, not a time limit, so a state and a
seed always give the same move.
"""

from __future__ import annotations

import random
from typing import Any

from ai.common import Jitter
from ai.common import best_index
from ai.common import only_move
from ai.mauerbauer.evaluation import Context
from ai.mauerbauer.evaluation import Weights
from ai.mauerbauer.evaluation import pace
from ai.mauerbauer.model import KIND_COUNT
from ai.mauerbauer.model import public_state
from ai.mauerbauer.player import decide
from ai.mauerbauer.player import values
from games.core import Action
from games.core import Rng
from games.mauerbauer import rules
from games.mauerbauer.data import COPIES
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import OVER
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State

__all__ = [
    "CANDIDATES",
    "OWN_WEIGHTS",
    "SAMPLES",
    "choose",
    "determinize",
    "play_out",
    "turns_ahead",
    "value",
]

#: Walls (Normal's best) that are played out.
CANDIDATES = 4
#: Determinizations each candidate is played out in.
SAMPLES = 4
#: Expected wall turns left (`pace`) from which on the play-outs go to the end of the game.
END_TURNS = 8.0
#: Turns after the seat's own a play-out near the end covers at most (bounds the work when the
#: end comes later than expected).
END_HORIZON = 14
#: What winning the game at the end of a play-out is worth, in points of lead (a shared win: half).
WIN_BONUS = 20.0
#: Positions a wall decision inside a play-out values with the dice (Normal: 1500).
ROLLOUT_BUDGET = 0
#: Hard's own judgement: Normal's, with a hand valued for four cards a scoring round to come
#: (Normal: two). Alone, without the search, it wins 32.6% against three Normal players (1,000
#: seeded games), where Normal in that seat wins 25.9%; three cards a round win 32.1%, six 25.6%,
#: one 14.9% (docs/mauerbauer.md, "Levels").
OWN_WEIGHTS = Weights(cards_per_round=4.0)
#: Normal's weights inside a play-out: fewer sampled rival hands (a play-out is one sample already).
ROLLOUT_WEIGHTS = Weights(samples=2)
#: The seat's own weights inside a play-out: it goes on playing as Hard judges.
ROLLOUT_OWN_WEIGHTS = Weights(samples=2, cards_per_round=OWN_WEIGHTS.cards_per_round)
#: Each play-out decision's seed: the decision's seed, the sample and the move mixed.
_MIX = 1_000_003


def choose(state: Any, seat: int, seed: int) -> Action:
    """The Hard AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    legal = rules.legal_actions(state, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    if state.phase != WALL:
        return decide(state, seat, seed, OWN_WEIGHTS).action
    public = public_state(state, seat)
    ranked = sorted(values(public, seat, seed, OWN_WEIGHTS), key=lambda item: -item[1])
    candidates = [action for action, _ in ranked[:CANDIDATES]]
    context = Context(public, seat, seed, OWN_WEIGHTS)
    rng = random.Random(seed)
    turns = turns_ahead(public)
    worlds = [determinize(public, seat, rng) for _ in range(SAMPLES)]
    totals = [0.0] * len(candidates)
    for sample, world in enumerate(worlds):
        for index, action in enumerate(candidates):
            end = play_out(world, seat, action, seed * _MIX + sample, turns)
            totals[index] += value(context, end, seat)
    return candidates[best_index(totals, Jitter(seed))]


def turns_ahead(public: State) -> int:
    """Turns a play-out covers after the seat's own: a full round of the rivals, or, when the
    game is expected to end within `END_TURNS` wall turns, up to its end (`END_HORIZON` at most)."""
    if pace(public)[0] <= END_TURNS:
        return END_HORIZON
    return public.players - 1


def value(context: Context, end: State, seat: int) -> float:
    """The worth of a play-out's end for the seat: its lead over the best rival, and `WIN_BONUS`
    when the game is over and won (half of it when shared). Reads the seat's public view of it."""
    return _lead(context, public_state(end, seat), seat) + _win(end, seat)


def _lead(context: Context, state: State, seat: int) -> float:
    """How far the seat is ahead of the best rival at the end of a play-out (behind: negative):
    points, plus what the hands are worth by Normal's evaluation while the game goes on. A
    game is won against the leader, not the average rival."""
    scores = state.scores
    rivals = [other for other in range(state.players) if other != seat]
    if state.phase == OVER:
        return scores[seat] - max(scores[other] for other in rivals)
    known = pace(state)
    worth = context.reservations(state, card_values(state, None), known)
    drawn = context.unseen_worth(worth)
    capacity = context.capacity(state, known)
    mine = scores[seat] + context.hand_worth([worth[card] for card in state.hands[seat]], capacity)
    return mine - max(scores[other] + min(len(state.hands[other]), capacity) * drawn for other in rivals)


def determinize(public: State, seat: int, rng: random.Random) -> State:
    """A full state the seat cannot tell from the real one: the cards it has not seen (not in
    its hand, not on the discard pile) dealt at random to the other hands and the deck, and a
    new generator for the dice. Reads the seat's own hand and public facts only."""
    unseen = [COPIES] * KIND_COUNT
    for card in (*public.hands[seat], *public.discard):
        unseen[card] -= 1
    pool = [kind for kind, count in enumerate(unseen) for _ in range(count)]
    rng.shuffle(pool)
    hands = []
    for other, hand in enumerate(public.hands):
        if other == seat:
            hands.append(hand)
            continue
        hands.append(tuple(sorted(pool[: len(hand)])))
        del pool[: len(hand)]
    return public._replace(
        hands=tuple(hands), deck=tuple(pool[: len(public.deck)]), rng=Rng.seed(rng.getrandbits(64))
    )


def _win(end: State, seat: int) -> float:
    """`WIN_BONUS` when the game is over and the seat won it: the most points, then the most
    hand cards (the engine's ranking); half of it for a shared win."""
    if end.phase != OVER:
        return 0.0
    mine = (end.scores[seat], len(end.hands[seat]))
    best = max((end.scores[other], len(end.hands[other])) for other in range(end.players) if other != seat)
    if mine > best:
        return WIN_BONUS
    return WIN_BONUS / 2 if mine == best else 0.0


def play_out(world: State, seat: int, wall: Action, seed: int, turns: int) -> State:
    """The world after `wall` and the rest of the seat's turn, then `turns` turns more, every
    decision Normal's (the end of the game stops it sooner)."""
    state = rules.apply(world, seat, wall)
    stop = world.turns + 1 + turns
    move = 0
    while state.phase != OVER and not (state.phase == WALL and state.turns >= stop):
        (who,) = rules.to_act(state)
        weights = ROLLOUT_OWN_WEIGHTS if who == seat else ROLLOUT_WEIGHTS
        chosen = decide(state, who, seed * _MIX + move, weights, ROLLOUT_BUDGET).action
        state = rules.apply(state, who, chosen)
        move += 1
    return state
