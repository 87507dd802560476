"""How good a Chinesische Mauer position is for the deciding seat, in expected fame points.

The planner tries every way to spend the turn and calls this module on the
position it would leave behind. The worth of that position is a sum over
the sites plus the cards kept in hand:

* a site is worth what its fame tiles are expected to bring me, minus a
  share of what they are expected to bring the others (`Weights.rival`:
  with three opponents, one of their points hurts my chance to win less
  than one of mine helps it);
* who takes a tile is decided at the start of a turn, so the question for
  every site is: who leads it when their turn begins? If I lead now, the
  others (in turn order) get one turn each to tie or pass me; if an
  opponent leads now, they score first, and laying a tile may lose them
  the lead to me;
* what an opponent adds at one site in one turn is modelled by a table of
  chances (`Weights.threat`), scaled by how many cards they hold;
* a card in hand is worth a little (`Weights.card_values`) while turns with
  card play remain, so that a card is played only when it helps.

Everything here reads the `Position` model only, i.e. the seat's own view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.chinesische_mauer.model import DRAGON
from ai.chinesische_mauer.model import KINDS
from ai.chinesische_mauer.model import NOBLE
from ai.chinesische_mauer.model import WARRIOR
from ai.chinesische_mauer.model import Position
from ai.chinesische_mauer.model import SiteModel
from ai.chinesische_mauer.model import leader
from ai.chinesische_mauer.model import site_totals

__all__ = ["DEFAULT_WEIGHTS", "Context", "Weights", "cover_loss", "hand_value", "site_value"]


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the evaluation (measured with scripts/ai_strength.py). Worths
    are in expected fame points; chances are per turn unless said otherwise."""

    #: What an opponent's expected point costs me, against one of mine.
    rival: float = 0.2
    #: Chance that a tile lying on a card is paid out before the game ends.
    resolve: float = 0.9
    #: Discount on taking the second tile of a site two turns ahead.
    second_tile: float = 0.6
    #: Weight of a lasting lead (or deficit) at a site beyond the next round.
    potential: float = 0.0
    #: Chance that one opponent adds at least k points at one site in one
    #: turn (index k; k = 0 is certain). Longer needs use the last entry.
    threat: tuple[float, ...] = (1.0, 0.47, 0.32, 0.18, 0.10, 0.05, 0.03, 0.02, 0.01, 0.005, 0.0)
    #: Worth of one card of each kind in hand, in `KINDS` order.
    card_values: tuple[float, ...] = (1.0, 1.8, 2.6, 1.6, 1.2, 2.0, 2.4)
    #: Extra worth of each pair of warriors held together (they count more together).
    warrior_pair: float = 0.15
    #: Worth of a tile-free card against a dragon, as a share of what covering it would cost.
    protection: float = 0.05


DEFAULT_WEIGHTS = Weights()


@dataclass(frozen=True, slots=True)
class Context:
    """What stays fixed while the planner weighs the moves of one turn.

    `rivals` lists (seat, activity) for each opponent in the order they move
    before my next turn; activity scales their threat (0: they play no more
    cards before then). `hand_factor` scales the worth of cards in hand
    (0 on my last turn with card play). `draw_value` is the expected worth
    of the next card of my deck.
    """

    me: int
    players: int
    rivals: tuple[tuple[int, float], ...]
    hand_factor: float
    draw_value: float
    weights: Weights

    def share(self, seat: int) -> float:
        """What a point for `seat` is worth to me."""
        return 1.0 if seat == self.me else -self.weights.rival

    @classmethod
    def of(cls, position: Position, weights: Weights = DEFAULT_WEIGHTS) -> Context:
        rivals = tuple(_rival_activities(position))
        hand_factor = _hand_factor(position)
        draw_value = hand_factor * _expected_card_value(position, weights)
        return cls(position.me, position.players, rivals, hand_factor, draw_value, weights)


def _rival_activities(position: Position) -> list[tuple[int, float]]:
    """Each opponent in turn order after me, with how much card play they have left before my turn."""
    out = []
    players, me = position.players, position.me
    closing = position.last_round_by
    closed = position.cards_closed
    for step in range(1, players):
        seat = (me + step) % players
        if closing is not None and seat == closing:
            # The seat that ran out of cards is to move: no one plays cards from here on.
            closed = True
        cards = position.hand_sizes[seat] + position.deck_sizes[seat]
        if closed or cards == 0:
            out.append((seat, 0.0))
            continue
        hand = position.hand_sizes[seat]
        # An empty hand must draw first; one card can be played once.
        out.append((seat, 0.45 if hand == 0 else 0.75 if hand == 1 else 1.0))
    return out


def _hand_factor(position: Position) -> float:
    """How much cards kept in hand are still worth: none once I will play no more cards."""
    if position.cards_closed or position.last_round_by is not None:
        # In the last round every seat plays once more: this turn is my last with cards.
        return 0.0
    # The game ends soon after the first seat runs out of cards; a seat spends
    # about two cards a turn, so a few turns of card play are left at most.
    turns_left = min(
        (position.hand_sizes[seat] + position.deck_sizes[seat]) / 2.0
        for seat in range(position.players)
        if seat != position.me
    )
    return min(1.0, 0.2 + turns_left / 4.0)


def _expected_card_value(position: Position, weights: Weights) -> float:
    """Average worth of the cards still in my deck (estimated from what I can see)."""
    full = (7, 3, 1, 1, 5, 2, 1)
    left = [max(0, full[k] - position.hand[k] - position.my_cards_out[k]) for k in range(len(KINDS))]
    count = sum(left)
    if count == 0 or position.deck_sizes[position.me] == 0:
        return 0.0
    return sum(weights.card_values[k] * left[k] for k in range(len(KINDS))) / count


def hand_value(hand: Sequence[int], context: Context) -> float:
    """Worth of the cards kept in hand for later turns."""
    if context.hand_factor == 0.0:
        return 0.0
    weights = context.weights
    worth = sum(weights.card_values[k] * hand[k] for k in range(len(KINDS)))
    warriors = hand[WARRIOR]
    worth += weights.warrior_pair * warriors * (warriors - 1) / 2
    return context.hand_factor * worth


# -- sites ----------------------------------------------------------------------------------------


def site_value(site: SiteModel, context: Context) -> float:
    """Expected fame points the site brings me, minus the rivals' share."""
    if not site.open or not site.tiles:
        return 0.0
    weights = context.weights
    totals, present = site_totals(site, context.players)
    free = site.free_tiles()
    lying = site.tiles_on_cards()
    # A tile on a card goes to that card's owner once the site is cleared.
    value = sum(context.share(owner) * weights.resolve * tile for tile, owner in lying)
    if not free:
        return value
    top = leader(totals, present)
    if top == context.me:
        keep = _keep_chance(context, totals, present, context.me, context.rivals)
        value += keep * _my_gain(site, context, totals, present, free, lying)
    elif top is not None:
        value += _rival_scores(site, context, top, totals, present, free, lying)
    value += _potential(context, totals, present, free)
    return value


def _threat(context: Context, activity: float, need: int) -> float:
    """Chance that a rival adds at least `need` points at a site this round."""
    if need <= 0:
        return 1.0
    table = context.weights.threat
    return activity * table[min(need, len(table) - 1)]


def _keep_chance(
    context: Context,
    totals: Sequence[int],
    present: Sequence[bool],
    seat: int,
    rivals: Sequence[tuple[int, float]],
) -> float:
    """Chance that `seat` still has strictly the most points after the rivals' turns."""
    mine = totals[seat]
    chance = 1.0
    for rival, activity in rivals:
        if rival == seat:
            continue
        theirs = totals[rival] if present[rival] else 0
        chance *= 1.0 - _threat(context, activity, mine - theirs)
        if chance == 0.0:
            break
    return chance


def _take_gain(context: Context, taker: int, free_tile: int, lying: Sequence[tuple[int, int]]) -> float:
    """Worth to me of `taker` taking the last free tile: it pays out the tile on a card too."""
    settle = 1.0 - context.weights.resolve
    return context.share(taker) * free_tile + sum(context.share(owner) * settle * t for t, owner in lying)


def _my_gain(
    site: SiteModel,
    context: Context,
    totals: Sequence[int],
    present: Sequence[bool],
    free: Sequence[int],
    lying: Sequence[tuple[int, int]],
) -> float:
    """Worth of scoring the site at my next turn."""
    if len(free) == 1:
        return _take_gain(context, context.me, free[0], lying)
    weights = context.weights
    best = 0.0
    for laid, other in ((free[0], free[1]), (free[1], free[0])):
        # Laying a tile lowers my total: can I also take the other one later?
        after = list(totals)
        after[context.me] -= laid
        again = weights.second_tile * _keep_chance(context, after, present, context.me, context.rivals)
        if leader(after, present) != context.me:
            again = 0.0
        gain = weights.resolve * laid + again * (other + (1.0 - weights.resolve) * laid)
        best = max(best, gain)
    return best


def _rival_scores(
    site: SiteModel,
    context: Context,
    rival: int,
    totals: Sequence[int],
    present: Sequence[bool],
    free: Sequence[int],
    lying: Sequence[tuple[int, int]],
) -> float:
    """Worth to me of a rival who leads now: they score first, unless passed before their turn."""
    before = []
    for seat, activity in context.rivals:
        if seat == rival:
            break
        before.append((seat, activity))
    chance = _keep_chance(context, totals, present, rival, before)
    if len(free) == 1:
        return chance * _take_gain(context, rival, free[0], lying)
    weights = context.weights
    expected = 0.0
    for laid, other in ((free[0], free[1]), (free[1], free[0])):
        worth = context.share(rival) * weights.resolve * laid
        after = list(totals)
        after[rival] -= laid
        if present[context.me] and leader(after, present) == context.me:
            # Their tile costs them the lead: I may take the other one.
            keep = _keep_chance(context, after, present, context.me, context.rivals)
            worth += keep * _take_gain(context, context.me, other, [(laid, rival)])
        expected += worth / 2.0
    return chance * expected


def _potential(
    context: Context, totals: Sequence[int], present: Sequence[bool], free: Sequence[int]
) -> float:
    """A lead that lasts beyond the next round is worth a little; so is a deficit, negatively."""
    weights = context.weights
    if weights.potential == 0.0:
        return 0.0
    others = [totals[s] for s in range(context.players) if s != context.me and present[s]]
    mine = totals[context.me] if present[context.me] else 0
    margin = mine - max(others, default=0)
    scaled = max(-1.0, min(1.0, margin / 4.0))
    return weights.potential * scaled * sum(free) / len(free)


def cover_loss(site: SiteModel, position: int, context: Context) -> float:
    """How many points I would lose at the site if a rival's dragon covered that card."""
    if site.cards[position][0] != context.me:
        return 0.0
    before, _ = site_totals(site, context.players)
    thief = (context.me + 1) % context.players
    after, _ = site_totals(site.covering(position, (thief, DRAGON)), context.players)
    loss = before[context.me] - after[context.me]
    if site.cards[position][1] == NOBLE:
        # Covering my Noble may help me (it levelled my cards too): only count real losses.
        loss = max(loss, 0)
    return float(loss)
