"""How good a China position is for the deciding seat, in expected points.

Everything here reads a *public* state (`public_state`): the real state with
whatever the seat may not see replaced by stand-ins. Other seats' hands
become stand-in hands of the same size, the deck becomes a stand-in of the
same length and the RNG is zeroed, so nothing computed here can depend on
another seat's cards or on the deck order. The planner moves that public
state only through placements (which never read the deck or another hand)
and values card draws by the colours the seat has not seen.

The worth of a position is each seat's projected final score, combined as
my projection minus a share of the rivals' (the best rival counts most):

* points scored already;
* every province not yet scored: the house scoring it would give if the
  houses expected to be built there by the end (`fill`) were added, the
  first place scoring that projected number of houses;
* alliances as they stand (a share of their worth, as emissaries can still
  be outnumbered), plus a little for half an alliance: the majority on one
  side of a border whose other side holds no emissary yet;
* chains: the longest unbranched path of each group of the seat's houses,
  counted in full from four houses, in part below (a chain of three is one
  house away from scoring).

Cards in hand are worth what they let the seat place on its next turn
(`Evaluation.hand_value`), discounted because the board changes meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from functools import lru_cache

from games.china.data import ALLIANCES
from games.china.data import COLOURS
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCES
from games.china.data import ROAD_NEIGHBOURS
from games.china.data import SPACE_INDEX
from games.china.rules import total_cards
from games.china.scoring import road_groups
from games.china.state import State
from games.china.state import house_counts
from games.china.state import house_points
from games.china.state import ranked_points

__all__ = [
    "DEFAULT_WEIGHTS",
    "Context",
    "Evaluation",
    "Weights",
    "chain_value",
    "province_values",
    "public_state",
    "turns_left",
]

_COLOURS = range(len(COLOURS))
_PROVINCES = range(len(PROVINCES))
#: Per colour, the provinces it pays for.
PROVINCES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in _PROVINCES if PROVINCE_COLOUR[p] == c) for c in _COLOURS
)
#: Per province, the alliances (indexes) it belongs to.
ALLIANCES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, pair in enumerate(ALLIANCES) if p in pair) for p in _PROVINCES
)


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the evaluation (measured with scripts/ai_strength.py)."""

    #: What the best rival's projected point costs me, against one of mine.
    rival_max: float = 0.5
    #: What the rivals' average projected point costs me.
    rival_mean: float = 0.5
    #: Houses built per turn of the table (all seats), for the projection of provinces.
    houses_per_turn: float = 1.1
    #: Cards drawn per turn of the table, for the number of turns left.
    draws_per_turn: float = 2.0
    #: Share of an alliance's points counted while it can still be contested (measured:
    #: counting it in full plays best against the baselines).
    alliance: float = 1.0
    #: Worth of each emissary on my side of half an alliance.
    half_alliance: float = 0.7
    #: Worth of a chain of 0..3 houses (from 4 on a chain counts its length).
    chain_partial: tuple[float, ...] = (0.0, 0.0, 0.4, 1.6)
    #: Share of a chain's worth counted.
    chain: float = 1.0
    #: Discount on what the cards in hand allow on the next turn.
    hand: float = 0.5
    #: Weight of the second-best use of the hand (flexibility).
    hand_spread: float = 0.15


DEFAULT_WEIGHTS = Weights()


def public_state(state: State, seat: int) -> State:
    """The state as `seat` may know it: other hands as stand-ins of the same size (all
    of the first colour), the deck as a stand-in of the same length, no RNG."""
    hands = tuple(
        hand if other == seat else (sum(hand),) + (0,) * (len(COLOURS) - 1)
        for other, hand in enumerate(state.hands)
    )
    return state._replace(hands=hands, deck=(0,) * len(state.deck), rng=0)


def _turns_after(state: State, seat: int) -> int:
    """Turns of other seats before `seat` moves again (clockwise)."""
    return (seat - state.turn) % state.players or state.players


def turns_left(state: State, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """Turns of the table (all seats) expected before the game ends, after the current one."""
    players = state.players
    if state.exhausted >= 2:
        last = (state.start - 1) % players
        # The round ends with `last`: turns left are those from the current seat to it.
        return float((last - state.turn) % players)
    draws = len(state.deck) if state.exhausted == 1 else 2 * len(state.deck) + sum(state.discard)
    return draws / weights.draws_per_turn + (players - 1) / 2


@dataclass(slots=True)
class Context:
    """What stays fixed while one decision is weighed (all public)."""

    me: int
    players: int
    side: str
    weights: Weights
    #: Expected share of the free house spaces that will be filled by the end.
    fill: float
    #: My turns after the current one (a fraction when uncertain).
    future_turns: float
    #: Chance per colour that a card from the deck has that colour (colours not seen).
    unseen: tuple[float, ...]

    @classmethod
    def of(cls, state: State, me: int, weights: Weights = DEFAULT_WEIGHTS) -> Context:
        players = state.players
        table_turns = turns_left(state, weights)
        future = 0.0
        if state.exhausted < 2:
            future = max(0.0, (table_turns - _turns_after(state, me)) / players + 0.5)
        free = sum(f.bit_count() for f in state.free)
        houses = weights.houses_per_turn * table_turns
        fill = 1.0 if free and houses >= free else (houses / free if free else 0.0)
        totals = total_cards(players)
        unseen = [max(0, totals[c] - state.hands[me][c] - state.open[c] - state.discard[c]) for c in _COLOURS]
        count = sum(unseen)
        chances = tuple(u / count for u in unseen) if count else (1.0 / len(COLOURS),) * len(COLOURS)
        return cls(me, players, state.side, weights, min(1.0, fill), future, chances)


def province_values(
    row: tuple[int, ...], forts: int, players: int, fill: float, counts: Sequence[int] | None = None
) -> list[float]:
    """Projected house scoring of an unscored province per seat: the first place scores
    the houses there now plus the expected share of the free spaces; each next place the
    house count of the place above (as the rules do); a house on a fortress doubles."""
    if counts is None:
        counts = house_counts(row, players)
    free = row.count(-1)
    if not free:
        return [0.0] * players
    return ranked_points(row, forts, counts, sum(counts) + free * fill)


def alliance_values(envoys: tuple[tuple[int, ...], ...], players: int, weights: Weights) -> list[float]:
    """Alliances as they stand, plus half alliances (see the module's docstring)."""
    values = [0.0] * players
    for a, b in ALLIANCES:
        row_a, row_b = envoys[a], envoys[b]
        most_a, most_b = max(row_a), max(row_b)
        if most_a and most_b:
            total = (sum(row_a) + sum(row_b)) * weights.alliance
            for seat in range(players):
                if row_a[seat] == most_a and row_b[seat] == most_b:
                    values[seat] += total
        elif most_a or most_b:
            row = row_a if most_a else row_b
            most = most_a or most_b
            for seat in range(players):
                if row[seat] == most:
                    values[seat] += weights.half_alliance * most
    return values


def _longest_path(spaces: frozenset[int], neighbours: tuple[tuple[int, ...], ...]) -> int:
    best = 0

    def walk(space: int, seen: set[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for other in neighbours[space]:
            if other in spaces and other not in seen:
                seen.add(other)
                walk(other, seen, length + 1)
                seen.discard(other)

    # A longest path starts at an end: a space with at most one neighbour in the group.
    starts = [s for s in spaces if sum(1 for o in neighbours[s] if o in spaces) <= 1] or list(spaces)
    for start in starts:
        walk(start, {start}, 1)
    return best


@lru_cache(maxsize=65536)
def _chain_value_cached(side: str, spaces: frozenset[int], partial: tuple[float, ...]) -> float:
    neighbours = ROAD_NEIGHBOURS[side]
    value = 0.0
    for group in road_groups(spaces, neighbours):
        length = _longest_path(group, neighbours) if len(group) > 1 else 1
        value += length if length >= len(partial) else partial[length]
    return value


def chain_value(state: State, seat: int, weights: Weights) -> float:
    """Worth of the seat's chains (fortresses left out: a doubled chain is a rare bonus)."""
    spaces = frozenset(
        SPACE_INDEX[(p, s)]
        for p, row in enumerate(state.board)
        for s, owner in enumerate(row)
        if owner == seat
    )
    return weights.chain * _chain_value_cached(state.side, spaces, weights.chain_partial)


@dataclass(slots=True)
class Evaluation:
    """The public base position of a decision, valued part by part, so that a plan
    (which changes one province) is valued by recomputing that province only."""

    base: State
    context: Context
    provinces: list[list[float]] = field(default_factory=list)
    province_sum: list[float] = field(default_factory=list)
    alliances: list[float] = field(default_factory=list)
    chains: list[float] = field(default_factory=list)
    #: Per province, my best gain from one and from two pieces placed there now.
    gains: list[tuple[float, float]] = field(default_factory=list)
    _hand_cache: dict[tuple[int, ...], float] = field(default_factory=dict)
    _refill_cache: dict[tuple[tuple[int, ...], tuple[int, ...], int], float] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, context: Context) -> Evaluation:
        evaluation = cls(state, context)
        evaluation._value_base()
        return evaluation

    def _value_base(self) -> None:
        state, ctx = self.base, self.context
        players = ctx.players
        self.provinces = [
            province_values(state.board[p], state.forts[p], players, ctx.fill) for p in _PROVINCES
        ]
        self.province_sum = [sum(values[s] for values in self.provinces) for s in range(players)]
        self.alliances = alliance_values(state.envoys, players, ctx.weights)
        self.chains = [chain_value(state, s, ctx.weights) for s in range(players)]
        self.gains = [self._gains(p) for p in _PROVINCES]

    # -- whole positions ---------------------------------------------------------------------------

    def utility(self, totals: Sequence[float]) -> float:
        me = self.context.me
        others = [total for seat, total in enumerate(totals) if seat != me]
        weights = self.context.weights
        return totals[me] - weights.rival_max * max(others) - weights.rival_mean * sum(others) / len(others)

    def base_totals(self) -> list[float]:
        state = self.base
        return [
            state.points[s] + self.province_sum[s] + self.alliances[s] + self.chains[s]
            for s in range(self.context.players)
        ]

    def totals_after(self, state: State, province: int) -> list[float]:
        """Projected totals of a state that differs from the base in `province` only."""
        base, ctx = self.base, self.context
        players = ctx.players
        new = province_values(state.board[province], state.forts[province], players, ctx.fill)
        old = self.provinces[province]
        alliances = self.alliances
        if state.envoys[province] != base.envoys[province]:
            alliances = alliance_values(state.envoys, players, ctx.weights)
        chains = self.chains
        if state.board[province] != base.board[province]:
            chains = list(chains)
            chains[ctx.me] = chain_value(state, ctx.me, ctx.weights)
        return [
            state.points[s] + self.province_sum[s] - old[s] + new[s] + alliances[s] + chains[s]
            for s in range(players)
        ]

    # -- what pieces in a province would bring -----------------------------------------------------

    def _gain(self, p: int, houses: int, envoys: int) -> float | None:
        """My gain in utility from `houses` houses and then `envoys` emissaries in province p
        (chains left out); None when the board or my supply does not allow it."""
        state, ctx = self.base, self.context
        me, players = ctx.me, ctx.players
        row = state.board[p]
        free = row.count(-1)
        if houses > free or houses > state.houses_left[me] or envoys > state.envoys_left[me]:
            return None
        counts = house_counts(row, players)
        counts[me] += houses
        if envoys and state.envoy_total[p] + envoys > max(counts):
            return None
        totals = self.base_totals()
        if houses:
            new_row = list(row)
            placed = 0
            for space, owner in enumerate(row):
                if owner < 0 and placed < houses:
                    new_row[space] = me
                    placed += 1
            if placed == free:
                scored = _scored(tuple(new_row), state.forts[p], players)
                new = [0.0] * players
                for s in range(players):
                    totals[s] += scored[s]
            else:
                new = province_values(tuple(new_row), state.forts[p], players, ctx.fill, counts)
            for s in range(players):
                totals[s] += new[s] - self.provinces[p][s]
        if envoys:
            envoy_rows = list(state.envoys)
            mine = list(envoy_rows[p])
            mine[me] += envoys
            envoy_rows[p] = tuple(mine)
            alliances = alliance_values(tuple(envoy_rows), players, ctx.weights)
            for s in range(players):
                totals[s] += alliances[s] - self.alliances[s]
        return self.utility(totals)

    def _gains(self, p: int) -> tuple[float, float]:
        base = self.utility(self.base_totals())
        one = [g for g in (self._gain(p, 1, 0), self._gain(p, 0, 1)) if g is not None]
        if not one:
            return (0.0, 0.0)
        best_one = max(one) - base
        state = self.base
        empty = not any(owner >= 0 for owner in state.board[p]) and not state.forts[p]
        if empty:
            return (best_one, best_one)
        two = [g for g in (self._gain(p, 2, 0), self._gain(p, 1, 1), self._gain(p, 0, 2)) if g is not None]
        best_two = max([*two, max(one)]) - base
        return (best_one, best_two)

    # -- cards ---------------------------------------------------------------------------------------

    def hand_value(self, hand: tuple[int, ...]) -> float:
        """What the hand lets me place on my next turn (the best colour, a little of the next),
        discounted; nothing when I have no turn left."""
        found = self._hand_cache.get(hand)
        if found is not None:
            return found
        ctx = self.context
        future = min(1.0, ctx.future_turns)
        uses: list[float] = []
        if future > 0:
            for colour in _COLOURS:
                pieces = _pieces_payable(hand, colour)
                if not pieces:
                    continue
                uses.append(max(max(0.0, self.gains[p][pieces - 1]) for p in PROVINCES_OF[colour]))
        uses.sort(reverse=True)
        value = 0.0
        if uses:
            value = uses[0] + (ctx.weights.hand_spread * uses[1] if len(uses) > 1 else 0.0)
        value *= ctx.weights.hand * future
        self._hand_cache[hand] = value
        return value

    def refill_value(self, hand: tuple[int, ...], open_row: tuple[int, ...], deck: int, need: int) -> float:
        """The hand's worth after taking `need` more cards as well as possible (open cards
        known, a deck card by the chances of the colours not seen)."""
        if need <= 0 or self.context.future_turns <= 0:
            return self.hand_value(hand)
        key = (hand, open_row, need * 1000 + min(deck, 999))
        found = self._refill_cache.get(key)
        if found is not None:
            return found
        best = float("-inf")
        for colour in _COLOURS:
            if open_row[colour]:
                value = self.refill_value(_plus(hand, colour), _plus(open_row, colour, -1), deck, need - 1)
                best = max(best, value)
        if deck:
            best = max(best, self.deck_value(hand, open_row, deck, need))
        if best == float("-inf"):
            best = self.hand_value(hand)
        self._refill_cache[key] = best
        return best

    def deck_value(self, hand: tuple[int, ...], open_row: tuple[int, ...], deck: int, need: int) -> float:
        """Expected worth of drawing the deck's top card, then taking `need - 1` more well."""
        value = 0.0
        for colour, chance in enumerate(self.context.unseen):
            if chance:
                value += chance * self.refill_value(_plus(hand, colour), open_row, deck - 1, need - 1)
        return value


def _plus(counts: tuple[int, ...], colour: int, amount: int = 1) -> tuple[int, ...]:
    changed = list(counts)
    changed[colour] += amount
    return tuple(changed)


def _pieces_payable(hand: tuple[int, ...], colour: int) -> int:
    """How many pieces (0 to 2) the hand pays in a province of `colour` within three cards."""
    direct = hand[colour]
    joker = any(hand[c] >= 2 for c in _COLOURS if c != colour)
    if direct >= 2:
        return 2
    if direct == 1:
        return 2 if joker else 1
    return 1 if joker else 0


def _scored(row: tuple[int, ...], forts: int, players: int) -> list[int]:
    return house_points(row, forts, players)
