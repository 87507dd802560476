"""The Hard China AI: Normal's judgement, checked by playing two rounds ahead in sampled worlds.

The decision that shapes a turn is its first one: where to place (or whether
to swap). There Hard takes Normal's best few ideas (`ai.china.player.ranked`,
`best_ideas`: at most one per province and piece, so that they differ in
substance; only those Normal values within `MARGIN` points of its best)
and plays each of them out in a few *determinized* worlds: the cards the
seat cannot see (the other hands and the deck) are dealt again from the
colours not seen, by a generator seeded with the decision's seed. In every
world the table is played on by the Normal AI (each seat deciding on what it
would see there; the opponents Hard meets are Normal, so this is how they
answer) for `ROUNDS` rounds: the rest of the turn, every rival's answer, the
seat's own next turn and the rivals' answers to that. The position the seat
then faces is valued by Normal's evaluation. Near the end (at most
`END_TURNS` turns of the table left) a play-out goes on to the game's end
instead, which costs little then and is exact in that world: a finished
world is worth the seat's lead over the best rival, and `WIN` more when the
seat wins, as winning is what counts. The idea with the best sum over the worlds is made.
Every idea meets the same worlds and the same seeds, so they are compared on
equal terms, and the work is a fixed number of played-out turns: a state and
a seed always give the same move.

A world is built from `public_state` only (the seat's hand, the open cards,
the discards, the board and the sizes of hands and deck), so Hard never reads
what its seat may not see. Every later step of a turn (a second piece, the
cards taken) is Normal's: the plan chosen first is what the look-ahead
checked.
"""

from __future__ import annotations

import sys
from typing import Any

import games.china
from ai.china import player
from ai.china.evaluation import Context
from ai.china.evaluation import Evaluation
from ai.china.evaluation import public_state
from ai.china.evaluation import turns_left
from ai.common import Jitter
from ai.common import best_index
from ai.common import only_move
from games.china.data import COLOURS
from games.china.rules import total_cards
from games.china.scoring import final_scoring
from games.china.state import PLACE
from games.china.state import State
from games.core import Action
from games.core import Rng

__all__ = [
    "CANDIDATES",
    "END_TURNS",
    "MARGIN",
    "ROUNDS",
    "WIN",
    "WORLDS",
    "choose",
    "determinize",
    "final_lead",
    "horizon",
    "ideas",
]

ENGINE = games.china.ENGINE
#: Normal's best ideas played out per decision, at most.
CANDIDATES = 3
#: Only ideas Normal values within this many points of its best are played out: one
#: further behind is not worth a look (and a clear best idea is made at once).
MARGIN = 3.0
#: Worlds (deals of the unseen cards) each idea is played out in.
WORLDS = 5
#: Rounds of the table played out after an idea: the rivals' answers to it and to the seat's next turn.
ROUNDS = 2
#: With at most this many turns of the table left (Normal's estimate), a play-out goes to the
#: game's end instead: a few turns are cheap to play, and the final scores are exact.
END_TURNS = 10
#: Worth of winning a played-out game, on top of the lead: what counts is being first.
WIN = 5.0
#: Seeds of the decisions inside a world: the decision's seed times this, plus world and move.
SEED_STRIDE = 1_000_003


def choose(state: Any, seat: int, seed: int) -> Action:
    """The Hard AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    legal = ENGINE.legal_actions(state, seat)
    only = only_move(legal, seat)
    if only is not None:
        return only
    if state.step != PLACE or state.placed:
        return player.choose(state, seat, seed)
    found = ideas(state, seat, seed)
    if len(found) == 1:
        return found[0]
    worlds = [determinize(state, seat, seed, number) for number in range(WORLDS)]
    worths = (sum(_play_out(world, seat, idea, seed, n) for n, world in enumerate(worlds)) for idea in found)
    return found[best_index(worths, Jitter(seed))]


def ideas(state: State, seat: int, seed: int) -> list[Action]:
    """The moves worth playing out: Normal's best ideas (at most `CANDIDATES`), best first,
    those Normal values within `MARGIN` points of its best."""
    ranked = player.ranked(state, seat, seed)
    worth = dict(ranked)
    best = ranked[0][1]
    return [idea for idea in player.best_ideas(ranked, CANDIDATES) if worth[idea] >= best - MARGIN]


def determinize(state: State, seat: int, seed: int, number: int) -> State:
    """A world the seat cannot tell from the real one: its public state with the colours
    it has not seen dealt to the other hands (of their sizes) and the deck, shuffled by a
    generator seeded with `seed` and the world's `number`."""
    public = public_state(state, seat)
    totals = total_cards(public.players)
    seen = (public.hands[seat], public.open, public.discard)
    unseen = [
        colour
        for colour in range(len(COLOURS))
        for _ in range(max(0, totals[colour] - sum(counts[colour] for counts in seen)))
    ]
    rng = Rng.seed(seed * SEED_STRIDE + number)
    pool, rng = Rng.shuffle(rng, unseen)
    hands = []
    for other, hand in enumerate(public.hands):
        if other == seat:
            hands.append(hand)
            continue
        dealt, pool = pool[: sum(hand)], pool[sum(hand) :]
        hands.append(tuple(dealt.count(colour) for colour in range(len(COLOURS))))
    return public._replace(hands=tuple(hands), deck=tuple(pool[: len(public.deck)]), rng=rng)


def horizon(world: State, seat: int) -> int:
    """The turn count at which a play-out from `world` stops: the start of the seat's turn
    `ROUNDS` rounds on, or never (the game's end) when few turns are left."""
    if turns_left(public_state(world, seat)) <= END_TURNS:
        return sys.maxsize
    return world.turns + ROUNDS * world.players


def _play_out(world: State, seat: int, idea: Action, seed: int, number: int) -> float:
    """Worth for the seat of making `idea` in `world`, the table then played by Normal
    up to the `horizon`."""
    state = ENGINE.apply(world, seat, idea)
    move = 0
    stop = horizon(world, seat)
    while not state.over and state.turns < stop:
        acting = state.turn
        move += 1
        action = player.choose(state, acting, (seed * SEED_STRIDE + number) * 1000 + move)
        state = ENGINE.apply(state, acting, action)
    return _worth(state, seat)


def _worth(state: State, seat: int) -> float:
    """The position's worth for the seat: at the end, the lead of its final score over the best
    rival's, and `WIN` more for a win (half for a tie); before, as Normal values it: the projected
    totals, mine against the rivals', and my hand."""
    if state.over:
        return final_lead(state, seat)
    public = public_state(state, seat)
    evaluation = Evaluation.of(public, Context.of(public, seat))
    return evaluation.utility(evaluation.base_totals()) + evaluation.hand_value(public.hands[seat])


def final_lead(state: State, seat: int) -> float:
    """A finished game's worth for the seat: its lead over the best rival, plus `WIN` for a
    win (half of it for a tie)."""
    final = final_scoring(state)
    totals = [
        state.points[s] + final.provinces[s] + final.alliances[s] + final.chains[s]
        for s in range(state.players)
    ]
    lead = totals[seat] - max(total for s, total in enumerate(totals) if s != seat)
    return lead + (WIN if lead > 0 else WIN / 2 if lead == 0 else 0.0)
