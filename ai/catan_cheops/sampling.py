"""Determinizations: full positions consistent with what one seat may know.

`determinize(state, seat, seed)` starts from the seat's public state
(`evaluation.public_state`: the other hands, their development cards, the
deck's order and the generator are already blanked) and deals the unseen
cards again from the seeded generator:

* the other seats' resource cards from the resources neither the bank nor the
  seat holds (every count each seat holds stays as everybody sees it);
* their development cards and the deck from the cards the seat has not seen:
  the whole deck less its own cards and the knights played (the other played
  cards are not kept in the state, so the pool may hold a card too many: a
  sample drawn from it is still a possible one);
* a new generator state for the dice and the robberies to come.

Two positions that differ only in what the seat cannot see have the same
public state, so they give the same determinizations for the same seed.
"""

from __future__ import annotations

from ai.catan_cheops.evaluation import public_state
from games.catan_cheops.data import BANK
from games.catan_cheops.data import DECK
from games.catan_cheops.rules import KNIGHT
from games.catan_cheops.state import State
from games.core import Rng

__all__ = ["determinize"]


def determinize(state: State, seat: int, seed: int) -> State:
    """A position the seat cannot tell from `state`, its hidden cards dealt by `seed`."""
    public = public_state(state, seat)
    rng = Rng.seed(seed)
    others = [other for other in range(public.players) if other != seat]
    hands, rng = _deal_resources(public, seat, others, rng)
    devs, deck, rng = _deal_cards(public, seat, others, rng)
    generator, _ = Rng.next(rng)
    return public._replace(hands=hands, devs=devs, deck=deck, rng=generator)


def _deal_resources(
    public: State, seat: int, others: list[int], rng: int
) -> tuple[tuple[tuple[int, ...], ...], int]:
    mine = public.hands[seat]
    unseen = [r for r in range(5) for _ in range(BANK - public.bank[r] - mine[r])]
    shuffled, rng = Rng.shuffle(rng, unseen)
    hands, _ = _deal(shuffled, public.hands, others)
    return hands, rng


def _deal_cards(
    public: State, seat: int, others: list[int], rng: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    pool = list(DECK)
    for kind, count in enumerate(public.devs[seat]):
        for _ in range(count):
            pool.remove(kind)
    for _ in range(sum(public.knights)):
        if KNIGHT in pool:
            pool.remove(KNIGHT)
    shuffled, rng = Rng.shuffle(rng, pool)
    devs, rest = _deal(shuffled, public.devs, others)
    return devs, tuple(rest[: len(public.deck)]), rng


def _deal(
    cards: list[int], held: tuple[tuple[int, ...], ...], others: list[int]
) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """Each of `others` gets as many of `cards` as it holds in `held` (in seat order), counted
    by kind; the cards left over."""
    dealt = list(held)
    taken = 0
    for other in others:
        count = sum(held[other])
        dealt[other] = _counts(cards[taken : taken + count])
        taken += count
    return tuple(dealt), cards[taken:]


def _counts(cards: list[int]) -> tuple[int, ...]:
    counts = [0] * 5
    for card in cards:
        counts[card] += 1
    return tuple(counts)
