"""The AI player for Mauerbauer.

`choose(state, seat, seed)` first turns the state into the seat's public
state (`ai.mauerbauer.model.public_state`): the other hands and the deck
become stand-ins of the same sizes and the generator state is zeroed, so
nothing it weighs depends on another seat's cards, the deck order or a
future roll. It sees what the seat may see: its own hand, the board, the
supplies, scores, hand sizes and the discard pile. The legal moves of the
real state are those of the public one.

Every decision looks one step ahead and values the positions it leads to
with `ai.mauerbauer.evaluation.Context.worth` (my points and hand worth, less the
rivals' average, a pending scoring round included):

* a wall that closes a city: its expected worth over the dice still to be
  rolled — every tower placement any roll of the tower die allows, every
  house placement any roll of the house dice allows, each with the best
  merge, the best choice for each roll (towers and houses weighed apart);
  past a budget of positions (`WALL_BUDGET`) the remaining ones are valued
  with the pieces on the board only, which bounds a decision's work;
* a wall that closes nothing: the worth of the position now plus the
  expected worth of the pieces it adds outside the cities (a wall, towers,
  houses), by what one more of each is worth to my hand less to the rivals';
* towers, houses, merging (the dice known): every choice, followed by every
  later choice of the same turn, valued exactly;
* a scoring round: every play and discard, by points now plus the worth of
  the hand kept and drawn (a card is played when it scores more than it is
  worth kept); the last round of the game and the final round by points,
  cards kept breaking ties;
* the catch-up exchange: cards worth less than an average unseen card go back.

Ties are broken by a tiny seeded jitter (`ai.common.Jitter`), so a state and a
seed always give the same move.
"""

from __future__ import annotations

from typing import Any

from ai.common import Decision
from ai.common import Jitter
from ai.common import best_index
from ai.common import decision
from ai.mauerbauer.evaluation import DEFAULT_WEIGHTS
from ai.mauerbauer.evaluation import Context
from ai.mauerbauer.evaluation import Weights
from ai.mauerbauer.model import after_placements
from ai.mauerbauer.model import closes
from ai.mauerbauer.model import merge_options
from ai.mauerbauer.model import public_state
from games.core import Action
from games.mauerbauer import rules
from games.mauerbauer.actions import DONE
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Play
from games.mauerbauer.actions import Swap
from games.mauerbauer.actions import swap
from games.mauerbauer.data import DICE_HOUSE
from games.mauerbauer.data import DICE_TOWER
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.data import LINE_FIELDS
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import HOUSES
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import TOWERS
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State

__all__ = ["Decision", "choose", "decide", "values"]

ENGINE_ID = "mauerbauer"
#: Positions a wall decision values before the remaining walls that close a city are valued
#: without the dice (bounds the work: a position costs about a quarter of a millisecond).
WALL_BUDGET = 1500
#: A card goes back in the exchange when an unseen card is worth this much more.
SWAP_MARGIN = 0.5


def choose(state: Any, seat: int, seed: int) -> Action:
    """The AI's move for `seat`: always one of `legal_actions(state, seat)`."""
    return decide(state, seat, seed).action


def decide(
    state: State, seat: int, seed: int, weights: Weights = DEFAULT_WEIGHTS, budget: int = WALL_BUDGET
) -> Decision:
    """`choose`, with the work it took; other weights (and wall budgets) serve to measure and tune
    them, and let the other levels play a cheaper or a more careless Normal."""
    legal: list[Action] = list(rules.legal_actions(state, seat))
    return decision(legal, seat, lambda: _Planner(public_state(state, seat), seat, seed, weights, budget))


def values(
    state: State, seat: int, seed: int, weights: Weights = DEFAULT_WEIGHTS, budget: int = WALL_BUDGET
) -> list[tuple[Action, float]]:
    """Every legal move of `seat` with the worth Normal gives it (higher is better; the jitter
    that breaks Normal's ties left out). In the exchange a swap is worth what an unseen card is
    worth more than the card put back, less the margin, and stopping is worth 0."""
    legal: list[Action] = list(rules.legal_actions(state, seat))
    planner = _Planner(public_state(state, seat), seat, seed, weights, budget)
    return list(zip(legal, planner.scores(legal), strict=True))


class _Planner:
    """Values the moves of one decision on the public state."""

    def __init__(self, public: State, seat: int, seed: int, weights: Weights, budget: int) -> None:
        self.state = public
        self.budget = budget
        self.seat = seat
        self.context = Context(public, seat, seed, weights)
        self.valued = 0
        self._jitter = Jitter(seed)

    def best(self, legal: list[Action]) -> int:
        if self.state.phase == EXCHANGE:
            return legal.index(self._exchange(legal))
        return best_index(self.scores(legal), self._jitter)

    def scores(self, legal: list[Action]) -> list[float]:
        """The worth of each move."""
        phase = self.state.phase
        if phase == EXCHANGE:
            return self._swap_gains(legal)
        if phase == WALL:
            return self._walls(legal)
        if phase in (TOWERS, HOUSES, MERGE):
            return [self.settled(rules.apply(self.state, self.seat, action)) for action in legal]
        if phase == SCORING:
            return self._scoring(legal)
        return self._final(legal)

    # -- positions after my own choices ------------------------------------------------------------

    def settled(self, state: State) -> float:
        """The worth of a position, my remaining choices of this turn made as well as possible."""
        if state.phase in (TOWERS, HOUSES, MERGE) and state.active == self.seat:
            options = rules.legal_actions(state, self.seat)
            if state.phase != MERGE:
                return max(self.settled(rules.apply(state, self.seat, option)) for option in options)
            return max(self.settled(option) for option in merge_options(state))
        self.valued += 1
        return self.context.worth(state)

    # -- walls ----------------------------------------------------------------------------------------

    def _walls(self, legal: list[Action]) -> list[float]:
        state = self.state
        context = self.context
        base = context.worth(state)
        facts = context.fact_weights(state, state.hands[self.seat])
        self.valued += 1
        out = []
        for action in legal:
            assert isinstance(action, BuildWall)
            if closes(state.walls, action.line):
                if self.valued < self.budget:
                    out.append(self._closing_wall(action.line))
                else:
                    out.append(self.settled(after_placements(state, action.line, (), ())))
            else:
                out.append(base + context.open_wall_gain(state, action.line, facts))
        return out

    def _closing_wall(self, line: int) -> float:
        """The expected worth of a wall that closes a city, over the dice to be rolled.

        Towers and houses are weighed apart (each against the wall alone), then each roll takes
        its best tower and its best house placement.
        """
        state = self.state
        cache: dict[tuple[Any, Any], float] = {}

        def worth(towers: tuple[tuple[int, int], ...], houses: tuple[tuple[int, int], ...]) -> float:
            key = (towers, houses)
            if key not in cache:
                cache[key] = self.settled(after_placements(state, line, towers, houses))
            return cache[key]

        plain = worth((), ())
        free = tuple(corner for corner in LINE_ENDS[line] if state.towers[corner] < 0)
        tower_part = plain
        if free and any(state.tower_supply):
            supply = rules._cap(state.tower_supply)
            total = 0.0
            for die in DICE_TOWER:
                towers = rules.tower_options(die, free, supply)
                total += max((worth(option.placements, ()) for option in towers), default=plain)
            tower_part = total / len(DICE_TOWER)
        house_part = plain
        fields = LINE_FIELDS[line]
        if any(state.house_supply):
            total = 0.0
            faces = len(DICE_HOUSE)
            for i, first in enumerate(DICE_HOUSE):
                for second in DICE_HOUSE[i:]:
                    weight = 1 if first == second else 2
                    houses = rules.house_options((first, second), fields, state.house_supply)
                    total += weight * max((worth((), option.placements) for option in houses), default=plain)
            house_part = total / (faces * faces)
        return tower_part + house_part - plain

    # -- scoring rounds and the end --------------------------------------------------------------------

    def _scoring(self, legal: list[Action]) -> list[float]:
        state = self.state
        context = self.context
        now = state.values
        worth = context.reservations(state, now)
        drawn = context.unseen_worth(worth)
        plays: list[tuple[tuple[int, ...], bool]] = []
        for action in legal:
            if isinstance(action, Play):
                plays.append((action.cards, False))
            else:
                assert isinstance(action, Discard)
                plays.append(((action.card,), True))
        self.valued += len(plays)
        return context.play_values(
            state.hands[self.seat], plays, now, worth, drawn, context.capacity(state), state.ending
        )

    def _final(self, legal: list[Action]) -> list[float]:
        """The final round: the most points; a card kept counts on a tie."""
        state = self.state
        hand = len(state.hands[self.seat])
        by_city: dict[int | None, tuple[int, ...]] = {}
        out = []
        for action in legal:
            if not isinstance(action, Play):
                out.append(0.01 * hand)
                continue
            if action.city not in by_city:
                index = -1 if action.city is None else rules.city_index(state, action.city)
                by_city[action.city] = card_values(state, state.cities[index] if index >= 0 else None)
            values = by_city[action.city]
            out.append(sum(values[card] for card in action.cards) + 0.01 * (hand - len(action.cards)))
        self.valued += len(by_city)
        return out

    def _card_worths(self) -> tuple[list[float], float]:
        """What each kind is worth kept in the exchange, and an unseen card's average worth."""
        state = self.state
        context = self.context
        worth = context.reservations(state, card_values(state, None))
        self.valued += 1
        return worth, context.unseen_worth(worth)

    def _swap_gains(self, legal: list[Action]) -> list[float]:
        worth, drawn = self._card_worths()
        # A swap gains what a card drawn is worth more than the card put back; stopping gains nothing.
        return [drawn - worth[move.card] - SWAP_MARGIN if isinstance(move, Swap) else 0.0 for move in legal]

    def _exchange(self, legal: list[Action]) -> Action:
        """Put back the card worth least when an unseen card is clearly worth more; else stop."""
        worth, drawn = self._card_worths()
        hand = self.state.hands[self.seat]
        if not hand:
            return DONE
        low = min(hand, key=lambda card: (worth[card], card))
        if worth[low] + SWAP_MARGIN < drawn:
            action = swap(low)
            if action in legal:
                return action
        return DONE
