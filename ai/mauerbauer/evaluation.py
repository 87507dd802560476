"""How good a Mauerbauer position is for the deciding seat, in expected points.

Everything here reads a *public* state (`ai.mauerbauer.model.public_state`):
the seat's own hand, the board, supplies, scores, hand sizes and the discard
pile. Other hands are unknown: they are modelled as hands of their sizes
dealt from the cards the seat has not seen (its own hand and the discard
pile are the cards it has seen), a few seeded samples of them.

A guild card is worth what it can still bring: its *reservation value*
(`Context.reservations`). A card of the outside group scores the board
outside the cities at any scoring round, so it is worth its value now plus
the growth such a card showed over the rest of a game; a card of the city
group is worth what the best few of the remaining cities typically give it
(tables measured in games between greedy players, by the turns left). A
hand is worth the sum of its best cards, as many as the scoring rounds left
can still take (two a round).

Playing a card is worth it when it scores more now than it is worth kept;
a discard swaps a card for the average unseen card (two are drawn).
The worth of a position is mine minus the rivals' average: points about to
be scored in a pending scoring round plus the worth of the hands.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from ai.mauerbauer.model import KIND_COUNT
from ai.mauerbauer.model import best_play_points
from games.mauerbauer.data import CARDS
from games.mauerbauer.data import CITY_KINDS
from games.mauerbauer.data import COPIES
from games.mauerbauer.data import FIELD_REGION
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.data import LINE_FIELDS
from games.mauerbauer.data import REGIONS
from games.mauerbauer.data import SUPPLY_HOUSES
from games.mauerbauer.data import SUPPLY_PALACES
from games.mauerbauer.data import SUPPLY_TOWERS
from games.mauerbauer.data import SUPPLY_WALLS
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.data import WATER
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import FINAL
from games.mauerbauer.state import OVER
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import State

__all__ = [
    "FACTS",
    "Context",
    "Weights",
    "pace",
    "turns_left",
]

#: Outside facts a card of the outside group counts, by position (as `scoring.outside_facts`).
FACTS = 14
_F_HOUSE, _F_REGION, _F_TOWER, _F_WATER, _F_WALLS, _F_CITIES = 0, 5, 8, 11, 12, 13

#: Net use of each supply per wall turn and cities closed per turn in games between greedy
#: players (37 turns, 13.6 scoring rounds, cities merging now and then).
PACE = {"walls": 0.78, "towers": 0.64, "houses": 1.08, "palaces": 0.39, "cities": 0.3}
#: Scoring rounds per turn in those games: the tables below are by turns left at that pace.
ROUNDS_PER_TURN = 0.37
#: Turns of that pace a game's own pace is blended with.
PRIOR_TURNS = 8.0
#: Bucket centres of the tables below, in turns left.
_BUCKETS = (3.0, 9.0, 15.0, 21.0, 27.0, 33.0)


def _growth_table() -> dict[str, tuple[float, ...]]:
    """Per outside rule, the growth of the value over the rest of the game, by turns left."""
    return {
        "house_colour": (-0.2, 0.1, 0.7, 1.4, 2.2, 3.7),
        "region": (-0.3, 0.1, 0.9, 2.0, 3.4, 5.8),
        "towers": (-0.8, -1.1, -0.9, -0.4, 1.2, 5.0),
        "tower_colour": (-0.5, -0.6, -0.4, 0.1, 1.4, 4.0),
        "water": (-0.3, -0.2, 0.3, 0.9, 2.2, 4.0),
        "walls": (-0.7, -0.7, -0.4, 0.2, 1.4, 3.9),
        "cities": (0.6, 1.7, 3.1, 4.4, 5.5, 6.7),
    }


def _city_table() -> dict[str, tuple[float, ...]]:
    """Per city kind, the mean of the best three values the remaining cities gave it, by turns left."""
    return {
        "city-1": (2.6, 3.6, 4.8, 5.6, 5.9, 6.0),
        "city-2": (1.8, 2.3, 3.6, 4.5, 5.2, 5.9),
        "city-3": (2.0, 2.5, 3.6, 4.4, 5.4, 6.0),
        "city-7": (2.3, 2.7, 3.1, 3.4, 3.4, 4.1),
        "city-colours": (5.9, 6.3, 6.7, 6.7, 6.8, 6.9),
        "city-white": (4.5, 5.1, 5.6, 5.8, 5.9, 6.1),
        "city-grey": (4.3, 4.9, 5.4, 5.6, 5.7, 6.0),
        "city-black": (4.3, 5.0, 5.6, 6.0, 6.1, 6.3),
        "city-palaces": (3.0, 3.7, 4.3, 4.7, 4.9, 5.3),
        "colour": (2.9, 3.5, 4.0, 4.3, 4.4, 4.7),
        "city-towers": (6.2, 6.8, 7.2, 7.4, 7.5, 7.9),
    }


def _interpolate(table: Sequence[float], left: float) -> float:
    if left <= _BUCKETS[0]:
        return table[0] * max(left, 0.0) / _BUCKETS[0] if table[0] > 0 else table[0]
    if left >= _BUCKETS[-1]:
        return table[-1]
    i = bisect_right(_BUCKETS, left) - 1
    share = (left - _BUCKETS[i]) / (_BUCKETS[i + 1] - _BUCKETS[i])
    return table[i] + share * (table[i + 1] - table[i])


def _coefficients() -> tuple[tuple[int, ...], ...]:
    """Per kind, its points per unit of each outside fact (zeros for city kinds)."""
    rows = []
    for kind in CARDS["kinds"]:
        row = [0] * FACTS
        rule, group = kind["rule"], kind["group"]
        if group == "city":
            rows.append(tuple(row))
            continue
        if rule == "house_colour":
            row[_F_HOUSE + HOUSE_COLOURS.index(kind["colour"])] = kind["each"]
        elif rule == "region":
            row[_F_REGION + REGIONS.index(kind["region"])] = kind["each"]
        elif rule == "towers":
            for colour in range(len(TOWER_COLOURS)):
                row[_F_TOWER + colour] = kind["each"]
        elif rule == "tower_colour":
            row[_F_TOWER + TOWER_COLOURS.index(kind["colour"])] = kind["each"]
        elif rule == "water":
            row[_F_WATER] = kind["each"]
        elif rule == "walls":
            row[_F_WALLS] = kind["each"]
        elif rule == "cities":
            row[_F_CITIES] = kind["each"]
        rows.append(tuple(row))
    return tuple(rows)


COEFFICIENTS = _coefficients()
_GROWTH = _growth_table()
_CITY = _city_table()
#: Per kind: its table (growth for outside kinds, worth for city kinds).
_TABLES: tuple[tuple[float, ...], ...] = tuple(
    _CITY.get(kind["id"], _CITY["colour"]) if kind["group"] == "city" else _GROWTH[kind["rule"]]
    for kind in CARDS["kinds"]
)
_IS_CITY = tuple(index in CITY_KINDS for index in range(KIND_COUNT))


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable weights of the evaluation."""

    #: How much the rivals' (average) worth counts against mine.
    rivals: float = 1.0
    #: Scale of the reservation values of cards kept.
    keep: float = 1.0
    #: Sampled hands per rival.
    samples: int = 12
    #: Hand cards valued per scoring round still to come: a round takes two cards of a hand at
    #: most, yet a hand that counts more of them keeps the cards that wait for their city.
    cards_per_round: float = 2.0


DEFAULT_WEIGHTS = Weights()


def pace(state: State) -> tuple[float, float]:
    """(wall turns left, scoring rounds left) as this game goes: each supply's net use per turn so
    far (blended with the measured pace over `PRIOR_TURNS`) says when it runs out; the cities
    closed so far say how often a scoring round comes."""
    turns = state.turns + PRIOR_TURNS
    supplies = (
        (state.wall_supply, SUPPLY_WALLS, PACE["walls"]),
        (sum(state.tower_supply), sum(SUPPLY_TOWERS), PACE["towers"]),
        (sum(state.house_supply), sum(SUPPLY_HOUSES), PACE["houses"]),
        (sum(state.palace_supply), sum(SUPPLY_PALACES), PACE["palaces"]),
    )
    left = float("inf")
    for supply, full, prior in supplies:
        rate = max(0.05, (full - supply + prior * PRIOR_TURNS) / turns)
        left = min(left, supply / rate)
    rounds = left * (len(state.cities) + PACE["cities"] * PRIOR_TURNS) / turns
    return left, rounds


def turns_left(state: State) -> float:
    """Wall turns the game is expected to last still."""
    return pace(state)[0]


class Context:
    """What stays the same during one decision: the seat, its hand, the unseen cards, rival hands."""

    def __init__(self, public: State, seat: int, seed: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.seat = seat
        self.weights = weights
        self.players = public.players
        seen = [0] * KIND_COUNT
        for card in public.hands[seat]:
            seen[card] += 1
        for card in public.discard:
            seen[card] += 1
        self.unseen = [max(0, COPIES - n) for n in seen]
        pool = [kind for kind, n in enumerate(self.unseen) for _ in range(n)]
        self.pool_size = len(pool)
        rng = random.Random(seed)
        self.rivals = [other for other in range(public.players) if other != seat]
        #: Per rival, sampled hands of its size (the hand sizes do not change within a decision,
        #: save for the cards of a scoring round, which the samples do not need).
        self.samples: dict[int, list[tuple[int, ...]]] = {}
        for other in self.rivals:
            size = min(len(public.hands[other]), len(pool))
            self.samples[other] = (
                [tuple(rng.sample(pool, size)) for _ in range(weights.samples)] if size else []
            )

    # -- card worth ------------------------------------------------------------------------------

    def reservations(
        self, state: State, outside: Sequence[int], known: tuple[float, float] | None = None
    ) -> list[float]:
        """What each kind is worth kept, given the outside values now (`outside`, per kind) and the
        pace (`known`, worked out when not given)."""
        left, rounds = pace(state) if known is None else known
        # City cards wait for cities: their tables are read at the turns the rounds left would
        # take at the measured pace.
        city_left = rounds / ROUNDS_PER_TURN
        keep = self.weights.keep
        out = []
        for kind in range(KIND_COUNT):
            table = _TABLES[kind]
            if _IS_CITY[kind]:
                value = _interpolate(table, city_left)
            else:
                value = outside[kind] + _interpolate(table, left)
            out.append(keep * value if value > 0 else 0.0)
        return out

    def capacity(self, state: State, known: tuple[float, float] | None = None) -> int:
        """How many cards of a hand count: `Weights.cards_per_round` a scoring round still to come
        (Normal: two, what a round can take), two more for the end."""
        rounds = (pace(state) if known is None else known)[1]
        return 2 + int(self.weights.cards_per_round * rounds + 0.5)

    def unseen_worth(self, worth: Sequence[float]) -> float:
        """The average worth of a card not seen yet (a card drawn)."""
        if not self.pool_size:
            return 0.0
        return sum(worth[k] * n for k, n in enumerate(self.unseen) if n) / self.pool_size

    @staticmethod
    def hand_worth(worths: list[float], capacity: int) -> float:
        """The sum of the best `capacity` worths."""
        if len(worths) > capacity:
            worths = sorted(worths, reverse=True)[:capacity]
        return sum(worths)

    # -- scoring rounds ---------------------------------------------------------------------------

    def play_values(
        self,
        hand: tuple[int, ...],
        plays: Sequence[tuple[tuple[int, ...], bool]],
        now: Sequence[int],
        worth: Sequence[float],
        drawn: float,
        capacity: int,
        last: bool,
    ) -> list[float]:
        """The worth of each play (`(cards, is_discard)`): points now plus the hand kept and drawn.

        In the last scoring round (`last`: nothing follows), cards kept count only on a tie.
        """
        out = []
        for cards, is_discard in plays:
            rest = list(hand)
            for card in cards:
                rest.remove(card)
            draws = 2 if is_discard else 1
            if last:
                points = 0 if is_discard else sum(now[card] for card in cards)
                out.append(points + 0.01 * (len(rest) + draws))
                continue
            points = 0 if is_discard else sum(now[card] for card in cards)
            kept = [worth[card] for card in rest] + [drawn] * draws
            out.append(points + self.hand_worth(kept, capacity))
        return out

    def best_round(
        self, hand: tuple[int, ...], now: Sequence[int], worth: Sequence[float], drawn: float, capacity: int
    ) -> float:
        """The worth of my best decision in a scoring round with these values (not the last)."""
        if not hand:
            return self.hand_worth([drawn], capacity)
        # The best play takes the cards that gain most by being played now; the best discard the
        # card worth least.
        gains = sorted(((now[card] - worth[card], card) for card in hand), reverse=True)
        kept_worth = [worth[card] for card in hand]
        options = [[gains[0][1]]]
        if len(gains) > 1:
            options.append([gains[0][1], gains[1][1]])
        best = float("-inf")
        for cards in options:
            kept = list(kept_worth)
            for card in cards:
                kept.remove(worth[card])
            value = sum(now[card] for card in cards) + self.hand_worth([*kept, drawn], capacity)
            best = max(best, value)
        low = min(kept_worth)
        kept = list(kept_worth)
        kept.remove(low)
        return max(best, self.hand_worth([*kept, drawn, drawn], capacity))

    def rival_gain(self, other: int, now: Sequence[int], worth: Sequence[float], last: bool) -> float:
        """What a rival is expected to gain in a scoring round with these values: its two best
        cards where they score more than they are worth kept (all points in the last round)."""
        samples = self.samples.get(other)
        if not samples:
            return 0.0
        total = 0.0
        for hand in samples:
            if last:
                total += best_play_points(now, hand)
                continue
            first = second = 0.0
            for card in hand:
                gain = now[card] - worth[card]
                if gain > first:
                    first, second = gain, first
                elif gain > second:
                    second = gain
            total += first + second
        return total / len(samples)

    def rival_final(self, other: int, per_city: Sequence[Sequence[int]]) -> float:
        """A rival's expected best play in the final round (the best city for each sampled hand)."""
        samples = self.samples.get(other)
        if not samples:
            return 0.0
        total = 0.0
        for hand in samples:
            total += max(best_play_points(values, hand) for values in per_city)
        return total / len(samples)

    # -- positions --------------------------------------------------------------------------------

    def worth(self, state: State) -> float:
        """The worth of a public position for me: my part minus the rivals' average part.

        A scoring round about to start counts what each seat is expected to make of it; the final
        round counts the best play; otherwise hands count their reservation values.
        """
        seat = self.seat
        hand = state.hands[seat]
        phase = state.phase
        rivals = self.rivals
        scores = state.scores
        if phase == OVER:
            mine = float(scores[seat])
            theirs = sum(scores[o] for o in rivals) / len(rivals)
            return mine - self.weights.rivals * theirs
        if phase == FINAL:
            per_city = [card_values(state, city) for city in state.cities] or [card_values(state, None)]
            mine = scores[seat] + max(best_play_points(values, hand) for values in per_city)
            theirs = sum(scores[o] + self.rival_final(o, per_city) for o in rivals) / len(rivals)
            return mine - self.weights.rivals * theirs
        now = state.values if phase == SCORING and state.values else card_values(state, None)
        known = pace(state)
        worth = self.reservations(state, now, known)
        drawn = self.unseen_worth(worth)
        capacity = self.capacity(state, known)
        if phase == SCORING and state.values:
            last = state.ending
            if last:
                mine = scores[seat] + best_play_points(now, hand) + 0.01 * len(hand)
            else:
                mine = scores[seat] + self.best_round(hand, now, worth, drawn, capacity)
            theirs = 0.0
            for other in rivals:
                size = len(state.hands[other])
                theirs += scores[other] + self.rival_gain(other, now, worth, last)
                if not last:
                    theirs += min(size, capacity) * drawn
            return mine - self.weights.rivals * theirs / len(rivals)
        mine = scores[seat] + self.hand_worth([worth[card] for card in hand], capacity)
        theirs = sum(scores[o] + min(len(state.hands[o]), capacity) * drawn for o in rivals)
        return mine - self.weights.rivals * theirs / len(rivals)

    # -- the outside board, by marginal worth -------------------------------------------------------

    def fact_weights(self, state: State, hand: tuple[int, ...]) -> list[float]:
        """Per outside fact, what one more of it is worth to me less to the average rival."""
        mine = [0.0] * FACTS
        for card in hand:
            for index, each in enumerate(COEFFICIENTS[card]):
                if each:
                    mine[index] += each
        theirs = [0.0] * FACTS
        if self.pool_size:
            size = sum(min(len(state.hands[o]), 8) for o in self.rivals) / len(self.rivals)
            for kind, n in enumerate(self.unseen):
                if n:
                    for index, each in enumerate(COEFFICIENTS[kind]):
                        if each:
                            theirs[index] += each * n * size / self.pool_size
        return [m - self.weights.rivals * t for m, t in zip(mine, theirs, strict=True)]

    def open_wall_gain(self, state: State, line: int, facts: Sequence[float]) -> float:
        """The expected worth of the pieces a wall that closes nothing adds outside (dice unknown)."""
        gain = facts[_F_WALLS]
        free = [corner for corner in LINE_ENDS[line] if state.towers[corner] < 0]
        supply = state.tower_supply
        colours = [c for c in range(len(TOWER_COLOURS)) if supply[c] > 0]
        if free and colours:
            tower = [facts[_F_TOWER + c] for c in range(len(TOWER_COLOURS))]
            best_any = max(tower[c] for c in colours)
            rolled = sum(tower[c] if supply[c] > 0 else best_any for c in range(len(TOWER_COLOURS))) / 3
            gain += rolled + (best_any if len(free) == 2 else 0.0)
            gain += facts[_F_WATER] * sum(1 for corner in free if WATER >> corner & 1)
        houses = [facts[_F_HOUSE + c] for c in range(len(HOUSE_COLOURS)) if state.house_supply[c] > 0]
        if houses:
            colour = (sum(houses) / len(houses) * 5 + max(houses)) / 6
            for field in LINE_FIELDS[line]:
                gain += colour + facts[_F_REGION + FIELD_REGION[field]]
        return gain
