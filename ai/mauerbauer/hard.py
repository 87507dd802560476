"""The Hard Mauerbauer AI: Normal, with a determinized search over its walls.

The wall is the decision that shapes a game (which city closes, what it holds,
what the next seat can close after it), and Normal weighs it one step ahead
with guessed rival hands. Hard looks further, the same way a player thinks
"if I build here, what does the roll give me, what will the others play, and
what is left for my neighbour":

1. Normal values every wall (`ai.mauerbauer.player.values`); the `CANDIDATES`
   best go on.
2. `SAMPLES` determinizations are dealt from what the seat may see only: its
   own hand, the discard pile, the hand sizes and the deck size. The cards it
   has not seen are shuffled by the seeded generator into the other hands and
   the deck, and the dice get a new seeded generator
   (`determinize`). Nothing of another hand, the deck order or a future roll
   reaches the decision.
3. Each candidate is played out in every determinization, the same samples for
   every candidate (so they are compared on the same cards and dice): the
   roll, the placements, the scoring round and the exchange, then
   `RIVAL_TURNS` more turns, every seat played by Normal (a rival's walls with
   a smaller budget, `ROLLOUT_BUDGET`, to keep the search cheap).
4. The end positions are valued by how far the seat is ahead of the best
   rival (`_lead`: points, and the hands at Normal's worth of a card kept),
   not of the average rival as Normal does: a game is won against the
   leader. The candidate with the best average is built.

Every other decision (placements with the dice known, merges, plays, the
exchange) is Normal's. The work is a fixed number of play-outs, not a time
limit, so a state and a seed always give the same move.
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

__all__ = ["CANDIDATES", "RIVAL_TURNS", "SAMPLES", "choose", "determinize"]

#: Walls (Normal's best) that are played out.
CANDIDATES = 4
#: Determinizations each candidate is played out in.
SAMPLES = 4
#: Turns of the rivals played out after the seat's own.
RIVAL_TURNS = 1
#: Positions a wall decision inside a play-out values with the dice (Normal: 1500).
ROLLOUT_BUDGET = 0
#: Normal's weights inside a play-out: fewer sampled rival hands (a play-out is one sample already).
ROLLOUT_WEIGHTS = Weights(samples=2)
#: Each play-out decision's seed: the decision's seed, the sample and the move mixed.
_MIX = 1_000_003


def choose(state: Any, seat: int, seed: int) -> Action:
    """The Hard AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    legal = rules.legal_actions(state, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    if state.phase != WALL:
        return decide(state, seat, seed).action
    public = public_state(state, seat)
    ranked = sorted(values(public, seat, seed), key=lambda item: -item[1])
    candidates = [action for action, _ in ranked[:CANDIDATES]]
    context = Context(public, seat, seed)
    rng = random.Random(seed)
    worlds = [determinize(public, seat, rng) for _ in range(SAMPLES)]
    totals = [0.0] * len(candidates)
    for sample, world in enumerate(worlds):
        for index, action in enumerate(candidates):
            end = _play_out(world, seat, action, seed * _MIX + sample)
            totals[index] += _lead(context, public_state(end, seat), seat)
    return candidates[best_index(totals, Jitter(seed))]


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


def _play_out(world: State, seat: int, wall: Action, seed: int) -> State:
    """The world after `wall` and the rest of the seat's turn, then `RIVAL_TURNS` turns more,
    every decision Normal's (the end of the game stops it sooner)."""
    state = rules.apply(world, seat, wall)
    stop = world.turns + 1 + RIVAL_TURNS
    move = 0
    while state.phase != OVER and not (state.phase == WALL and state.turns >= stop):
        (who,) = rules.to_act(state)
        chosen = decide(state, who, seed * _MIX + move, ROLLOUT_WEIGHTS, ROLLOUT_BUDGET).action
        state = rules.apply(state, who, chosen)
        move += 1
    return state
