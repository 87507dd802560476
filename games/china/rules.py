"""The rules: a new game, the legal moves of a position, and making a move.

Turn flow (docs/china.md): a turn begins in the PLACE step. The seat either
swaps a card (`Swap`, the whole turn) or places pieces one `Place` at a time
(the 3-2-1 rule: at most 3 cards, at most 2 pieces, 1 province), then
`End`s placing; it then refills its hand one `Take` at a time, and only then
is the open row refilled and the turn over. The engine moves on by itself
where only one thing can follow, judged by what everybody can see (never by
the cards in a hand, so that the step shown to all reveals no hand): after
the second piece, after the first piece in a province that was empty, after
the third card, with an empty hand, or when the seat has no piece left that
fits the province; and the refill ends at three cards or when nothing is left
to take.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypeVar

from games.china.actions import END, PASS, Action, End, Pass, Place, Swap, Take, place, swap, take
from games.china.data import (
    CARD_COUNTS,
    COLOURS,
    EMISSARIES,
    FORTRESSES,
    HAND_SIZE,
    HOUSES,
    OPEN_CARDS,
    PROVINCE_COLOUR,
    PROVINCES,
    REMOVED_PER_COLOUR,
    SPACES,
    full_mask,
)
from games.china.state import (
    DECK,
    EMISSARY,
    FORTRESS,
    HOUSE,
    OVER,
    PIECES,
    PLACE,
    REFILL,
    State,
    derive,
    house_points,
)
from games.china.words import colour_name, illegal, province_name
from games.core import Player, Rng

__all__ = [
    "MAX_CARDS",
    "MAX_PIECES",
    "anyone_can_place",
    "apply",
    "can_place_in",
    "legal_actions",
    "new_game",
    "reveals",
    "total_cards",
]

#: The 3-2-1 rule: at most 3 cards, at most 2 pieces, in 1 province.
MAX_CARDS = 3
MAX_PIECES = 2
T = TypeVar("T")
_COLOURS = range(len(COLOURS))
_PROVINCES = range(len(PROVINCES))


def total_cards(players: int) -> tuple[int, ...]:
    """Cards of each colour in a game of that many players."""
    removed = REMOVED_PER_COLOUR[players]
    return tuple(count - removed for count in CARD_COUNTS)


def new_game(players: int, seed: int, side: str, fortresses: bool) -> State:
    """Shuffle, deal 3 cards each, lay 4 open, draw the start player."""
    rng = Rng.seed(seed)
    cards = [colour for colour, count in enumerate(total_cards(players)) for _ in range(count)]
    deck, rng = Rng.shuffle(rng, cards)
    start, rng = Rng.below(rng, players)
    hands = []
    for _ in range(players):
        hand = [0] * len(COLOURS)
        for _ in range(HAND_SIZE):
            hand[deck.pop()] += 1
        hands.append(tuple(hand))
    open_row = [0] * len(COLOURS)
    for _ in range(OPEN_CARDS):
        open_row[deck.pop()] += 1
    state = State(
        players=players,
        side=side,
        fortresses=fortresses,
        rng=rng,
        start=start,
        turn=start,
        turns=0,
        step=PLACE,
        province=-1,
        placed=0,
        cards_used=0,
        hands=tuple(hands),
        deck=tuple(deck),
        open=tuple(open_row),
        discard=(0,) * len(COLOURS),
        exhausted=0,
        board=tuple((-1,) * SPACES[p] for p in _PROVINCES),
        forts=(0,) * len(PROVINCES),
        envoys=tuple((0,) * players for _ in _PROVINCES),
        forts_left=(FORTRESSES if fortresses else 0,) * players,
        free=(),
        cap=(),
        envoy_total=(),
        houses_left=(HOUSES,) * players,
        envoys_left=(EMISSARIES,) * players,
        points=(0,) * players,
    )
    return derive(state)


# -- what may be placed (public: board and supplies only) --------------------------------------------


def can_place_in(state: State, seat: int, province: int) -> bool:
    """Whether `seat` has a piece that fits `province` now, whatever its cards."""
    free = state.free[province]
    if free and state.houses_left[seat]:
        return True
    if state.envoys_left[seat] and state.envoy_total[province] < state.cap[province]:
        return True
    return bool(state.forts_left[seat] and free & ~state.forts[province])


def anyone_can_place(state: State) -> bool:
    """Whether any seat could still place any piece anywhere (given the right cards)."""
    return any(can_place_in(state, seat, p) for seat in range(state.players) for p in _PROVINCES)


# -- legal actions ------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _payments(hand: tuple[int, ...], cards_used: int) -> tuple[tuple[int, ...], ...]:
    """Per colour of province, the ways to pay one piece: -1 (a card of that colour) and joker colours."""
    jokers = tuple(c for c in _COLOURS if hand[c] >= 2) if cards_used + 2 <= MAX_CARDS else ()
    direct = cards_used + 1 <= MAX_CARDS
    return tuple(
        ((-1,) if direct and hand[colour] else ()) + tuple(c for c in jokers if c != colour)
        for colour in _COLOURS
    )


@lru_cache(maxsize=65536)
def _province_moves(
    province: int, houses: int, fortresses: int, emissary: bool, pays: tuple[int, ...]
) -> tuple[Place, ...]:
    """Placements in one province: houses on the `houses` spaces (a bitmask), an emissary, fortresses."""
    found: list[Place] = []
    for space in range(SPACES[province]):
        if houses >> space & 1:
            found.extend(place(HOUSE, province, space, joker) for joker in pays)
    if emissary:
        found.extend(place(EMISSARY, province, -1, joker) for joker in pays)
    for space in range(SPACES[province]):
        if fortresses >> space & 1:
            found.extend(place(FORTRESS, province, space, joker) for joker in pays)
    return tuple(found)


@lru_cache(maxsize=4096)
def _swaps(hand: tuple[int, ...], open_row: tuple[int, ...], deck: bool) -> tuple[Swap, ...]:
    sources = [c for c in _COLOURS if open_row[c]] + ([DECK] if deck else [])
    return tuple(swap(give, source) for give in _COLOURS if hand[give] for source in sources)


@lru_cache(maxsize=1024)
def _takes(open_row: tuple[int, ...], deck: bool) -> tuple[Take, ...]:
    return tuple(take(c) for c in _COLOURS if open_row[c]) + ((take(DECK),) if deck else ())


def _placements(state: State, seat: int) -> list[Action]:
    pays = _payments(state.hands[seat], state.cards_used)
    houses = state.houses_left[seat] > 0
    fortress = state.forts_left[seat] > 0
    envoy = state.envoys_left[seat] > 0
    found: list[Action] = []
    for p in _PROVINCES if state.placed == 0 else (state.province,):
        paid = pays[PROVINCE_COLOUR[p]]
        if not paid:
            continue
        free = state.free[p]
        house_mask = free if houses else 0
        fort_mask = free & ~state.forts[p] if fortress else 0
        emissary = envoy and state.envoy_total[p] < state.cap[p]
        if house_mask or fort_mask or emissary:
            found.extend(_province_moves(p, house_mask, fort_mask, emissary, paid))
    return found


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.step == OVER or seat != state.turn:
        return []
    deck = bool(state.deck)
    if state.step == REFILL:
        return list(_takes(state.open, deck))
    found = _placements(state, seat)
    if state.placed:
        found.append(END)
    else:
        found.extend(_swaps(state.hands[seat], state.open, deck))
        if not found:
            found.append(PASS)
    return found


# -- making a move ------------------------------------------------------------------------------------


def apply(state: State, seat: int, action: object) -> State:
    """The state after `seat` makes `action`; raises IllegalAction (and changes nothing)."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise illegal("china.error.no_seat")
    if state.step == OVER:
        raise illegal("china.error.game_over")
    kind = type(action)
    if kind not in _KINDS:
        raise illegal("china.error.unknown_action")
    if seat != state.turn:
        raise illegal("china.error.not_your_turn", player=Player(state.turn))
    if kind is Place:
        assert isinstance(action, Place)
        return _place(state, seat, action)
    if kind is Take:
        assert isinstance(action, Take)
        return _take(state, seat, action)
    if kind is Swap:
        assert isinstance(action, Swap)
        return _swap(state, seat, action)
    if kind is End:
        return _end(state)
    return _pass(state, seat)


_KINDS = frozenset({Place, End, Take, Swap, Pass})


def _colour(value: object) -> int:
    if type(value) is not int or not 0 <= value < len(COLOURS):
        raise illegal("china.error.unknown_action")
    return value


def _source(value: object) -> int:
    if value == DECK and type(value) is int:
        return DECK
    return _colour(value)


def _placing_over(state: State) -> None:
    """Refuse a placement in the REFILL step with the reason placing ended."""
    if state.placed >= MAX_PIECES:
        raise illegal("china.error.two_pieces")
    if state.cards_used >= MAX_CARDS:
        raise illegal("china.error.three_cards")
    p = state.province
    houses = SPACES[p] - state.free[p].bit_count()
    if state.placed == 1 and houses + state.forts[p].bit_count() + state.envoy_total[p] == 1:
        # Its one piece is the one placed this turn: the province was empty.
        raise illegal("china.error.empty_province")
    raise illegal("china.error.placing_ended")


def _place(state: State, seat: int, action: Place) -> State:
    piece, p, space, joker = action.piece, action.province, action.space, action.joker
    if type(piece) is not int or not 0 <= piece < len(PIECES):
        raise illegal("china.error.unknown_action")
    if type(p) is not int or not 0 <= p < len(PROVINCES):
        raise illegal("china.error.unknown_action")
    if type(joker) is not int or not -1 <= joker < len(COLOURS):
        raise illegal("china.error.unknown_action")
    if type(space) is not int or (space != -1 if piece == EMISSARY else not 0 <= space < SPACES[p]):
        if piece != EMISSARY and type(space) is int and space >= 0:
            raise illegal("china.error.no_space", province=province_name(p), space=space + 1)
        raise illegal("china.error.unknown_action")
    if state.step == REFILL:
        _placing_over(state)
    if state.placed and p != state.province:
        raise illegal("china.error.one_province", province=province_name(state.province))
    name = province_name(p)
    # Pieces first, then the board, then the cards: the most telling reason first.
    if piece == HOUSE:
        if not state.houses_left[seat]:
            raise illegal("china.error.no_houses")
        if not state.free[p]:
            raise illegal("china.error.province_full", province=name)
        if not state.free[p] >> space & 1:
            raise illegal("china.error.space_taken", province=name, space=space + 1)
    elif piece == EMISSARY:
        if not state.envoys_left[seat]:
            raise illegal("china.error.no_emissaries")
        if not state.cap[p]:
            raise illegal("china.error.emissary_no_houses", province=name)
        if state.envoy_total[p] >= state.cap[p]:
            raise illegal("china.error.emissary_cap", province=name, cap=state.cap[p])
    else:
        if not state.fortresses:
            raise illegal("china.error.no_fortress_variant")
        if not state.forts_left[seat]:
            raise illegal("china.error.no_fortress")
        if not state.free[p] >> space & 1 or state.forts[p] >> space & 1:
            raise illegal("china.error.fortress_space", province=name, space=space + 1)
    hand = state.hands[seat]
    colour = PROVINCE_COLOUR[p]
    if joker == -1:
        if not hand[colour]:
            raise illegal("china.error.no_card", colour=colour_name(colour), province=name)
        paid, cost = colour, 1
    else:
        if joker == colour:
            raise illegal("china.error.joker_same", colour=colour_name(colour), province=name)
        if hand[joker] < 2:
            raise illegal("china.error.joker_cards", colour=colour_name(joker))
        paid, cost = joker, 2
    if state.cards_used + cost > MAX_CARDS:
        raise illegal("china.error.three_cards")
    was_empty = state.free[p] == full_mask(p) and not state.forts[p]
    players = state.players
    hands = _with(state.hands, seat, _with(hand, paid, hand[paid] - cost))
    discard = _with(state.discard, paid, state.discard[paid] + cost)
    if piece == HOUSE:
        row = _with(state.board[p], space, seat)
        free = state.free[p] & ~(1 << space)
        mine = row.count(seat)
        state = state._replace(
            board=_with(state.board, p, row),
            free=_with(state.free, p, free),
            cap=_with(state.cap, p, max(state.cap[p], mine)),
            houses_left=_with(state.houses_left, seat, state.houses_left[seat] - 1),
        )
        if not free:
            # The last free space is filled: the province is scored at once.
            gained = house_points(row, state.forts[p], players)
            state = state._replace(points=tuple(a + b for a, b in zip(state.points, gained, strict=True)))
    elif piece == EMISSARY:
        envoys = state.envoys[p]
        state = state._replace(
            envoys=_with(state.envoys, p, _with(envoys, seat, envoys[seat] + 1)),
            envoy_total=_with(state.envoy_total, p, state.envoy_total[p] + 1),
            envoys_left=_with(state.envoys_left, seat, state.envoys_left[seat] - 1),
        )
    else:
        state = state._replace(
            forts=_with(state.forts, p, state.forts[p] | 1 << space),
            forts_left=_with(state.forts_left, seat, state.forts_left[seat] - 1),
        )
    state = state._replace(
        hands=hands,
        discard=discard,
        province=p,
        placed=state.placed + 1,
        cards_used=state.cards_used + cost,
    )
    if (
        state.placed >= MAX_PIECES
        or was_empty
        or state.cards_used >= MAX_CARDS
        or not any(hands[seat])
        or not can_place_in(state, seat, p)
    ):
        return _begin_refill(state)
    return state


def _end(state: State) -> State:
    if state.step == REFILL:
        raise illegal("china.error.refill_now")
    if not state.placed:
        raise illegal("china.error.nothing_placed")
    return _begin_refill(state)


def _begin_refill(state: State) -> State:
    state = state._replace(step=REFILL)
    if sum(state.hands[state.turn]) >= HAND_SIZE or not (state.deck or any(state.open)):
        return _end_turn(state)
    return state


def _take(state: State, seat: int, action: Take) -> State:
    source = _source(action.source)
    if state.step != REFILL:
        raise illegal("china.error.not_refilling")
    state = _draw_to_hand(state, seat, source)
    if sum(state.hands[seat]) >= HAND_SIZE or not (state.deck or any(state.open)):
        return _end_turn(state)
    return state


def _draw_to_hand(state: State, seat: int, source: int) -> State:
    """Move one card to `seat`'s hand: an open one of colour `source`, or the deck's top."""
    if source == DECK:
        if not state.deck:
            raise illegal("china.error.deck_empty")
        colour = state.deck[-1]
        state = _after_draw(state._replace(deck=state.deck[:-1]))
    else:
        if not state.open[source]:
            raise illegal("china.error.no_open_card", colour=colour_name(source))
        colour = source
        state = state._replace(open=_with(state.open, source, state.open[source] - 1))
    hand = state.hands[seat]
    return state._replace(hands=_with(state.hands, seat, _with(hand, colour, hand[colour] + 1)))


def _after_draw(state: State) -> State:
    """A card left the deck: when it ran out, count it, and the first time shuffle the discards in."""
    if state.deck:
        return state
    exhausted = state.exhausted + 1
    if exhausted == 1:
        cards = [colour for colour in _COLOURS for _ in range(state.discard[colour])]
        deck, rng = Rng.shuffle(state.rng, cards)
        # No discards to shuffle: the new deck is exhausted at once.
        return state._replace(
            deck=tuple(deck), discard=(0,) * len(COLOURS), rng=rng, exhausted=1 if deck else 2
        )
    return state._replace(exhausted=exhausted)


def _swap(state: State, seat: int, action: Swap) -> State:
    give, source = _colour(action.give), _source(action.take)
    if state.step == REFILL:
        raise illegal("china.error.refill_now")
    if state.placed:
        raise illegal("china.error.swap_after_placing")
    hand = state.hands[seat]
    if not hand[give]:
        raise illegal("china.error.no_such_card", colour=colour_name(give))
    state = state._replace(
        hands=_with(state.hands, seat, _with(hand, give, hand[give] - 1)),
        discard=_with(state.discard, give, state.discard[give] + 1),
    )
    return _end_turn(_draw_to_hand(state, seat, source))


def _pass(state: State, seat: int) -> State:
    if legal_actions(state, seat) != [PASS]:
        raise illegal("china.error.cannot_pass")
    return _end_turn(state)


def _end_turn(state: State) -> State:
    """Refill the open row, then end the game or pass the turn clockwise."""
    open_row = state.open
    while sum(open_row) < OPEN_CARDS and state.deck:
        colour = state.deck[-1]
        open_row = _with(open_row, colour, open_row[colour] + 1)
        state = _after_draw(state._replace(deck=state.deck[:-1]))
    state = state._replace(open=open_row)
    last = (state.start - 1) % state.players
    if (state.exhausted >= 2 and state.turn == last) or not anyone_can_place(state):
        return state._replace(step=OVER)
    return state._replace(
        turn=(state.turn + 1) % state.players,
        turns=state.turns + 1,
        step=PLACE,
        province=-1,
        placed=0,
        cards_used=0,
    )


def reveals(state: State, seat: int, action: object) -> bool:
    """Whether the move may show something hidden: a card from the deck, a reshuffle, the end.

    Placing and ending placement reveal nothing, unless nothing is left to
    take (then the turn, and perhaps the game, ends at once). Taking an open
    card reveals nothing unless it ends the refill (the open row is then
    refilled from the deck). Drawing, swapping and passing count as revealing.
    """
    kind = type(action)
    nothing_to_take = not state.deck and not any(state.open)
    if kind is Place or kind is End:
        return nothing_to_take
    if kind is Take and isinstance(action, Take) and action.source != DECK and state.step == REFILL:
        after = sum(state.hands[state.turn]) + 1
        return after >= HAND_SIZE or (not state.deck and sum(state.open) <= 1)
    return True


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])
