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

from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from typing import TypeVar

from games.china.actions import END
from games.china.actions import PASS
from games.china.actions import Action
from games.china.actions import End
from games.china.actions import Pass
from games.china.actions import Place
from games.china.actions import Swap
from games.china.actions import Take
from games.china.actions import place
from games.china.actions import swap
from games.china.actions import take
from games.china.data import BOARD_VERSIONS
from games.china.data import CARD_COUNTS
from games.china.data import COLOURS
from games.china.data import FORTRESSES
from games.china.data import HAND_SIZE
from games.china.data import OPEN_CARDS
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCES
from games.china.data import REMOVED_PER_COLOUR
from games.china.data import SPACES
from games.china.data import VERSION_SPACES
from games.china.state import BOARD
from games.china.state import CAP
from games.china.state import CARDS_USED
from games.china.state import DECK
from games.china.state import DECK_CARDS
from games.china.state import DISCARD
from games.china.state import EMISSARY
from games.china.state import ENVOY_BIT
from games.china.state import ENVOY_TOTAL
from games.china.state import ENVOYS
from games.china.state import ENVOYS_LEFT
from games.china.state import EXHAUSTED
from games.china.state import FORT_BITS
from games.china.state import FORTRESS
from games.china.state import FORTS
from games.china.state import FORTS_LEFT
from games.china.state import FREE
from games.china.state import HANDS
from games.china.state import HOUSE
from games.china.state import HOUSE_BITS
from games.china.state import HOUSES_LEFT
from games.china.state import KEYS
from games.china.state import OPEN
from games.china.state import OVER
from games.china.state import PIECES
from games.china.state import PLACE
from games.china.state import PLACED
from games.china.state import PLAYERS
from games.china.state import POINTS
from games.china.state import PROVINCE
from games.china.state import REFILL
from games.china.state import RNG
from games.china.state import STEP
from games.china.state import TURN
from games.china.state import TURNS
from games.china.state import State
from games.china.state import freeze
from games.china.state import from_stored
from games.china.state import full_mask
from games.china.state import house_points
from games.china.state import last_round_played
from games.china.state import province_key
from games.china.words import colour_name
from games.china.words import illegal
from games.china.words import province_name
from games.core import Player
from games.core import Rng

__all__ = [
    "MAX_CARDS",
    "MAX_PIECES",
    "anyone_can_place",
    "apply",
    "can_place_in",
    "current_turn",
    "legal_actions",
    "new_game",
    "reveals",
    "to_act",
    "total_cards",
    "turn_number",
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


def new_game(players: int, seed: int, side: str, fortresses: str, board: str = BOARD_VERSIONS[0]) -> State:
    """Shuffle, deal 3 cards each, lay 4 open, draw the start player; `side`, `fortresses`
    and `board` are the options as chosen ("A" or "B", "on" or "off", a board version: its
    provinces' house spaces are the lengths of the state's `board` rows)."""
    with_fortresses = fortresses == "on"
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
    return from_stored(
        players=players,
        side=side,
        fortresses=with_fortresses,
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
        board=tuple((-1,) * spaces for spaces in VERSION_SPACES[board]),
        forts=(0,) * len(PROVINCES),
        envoys=tuple((0,) * players for _ in _PROVINCES),
        forts_left=(FORTRESSES if with_fortresses else 0,) * players,
    )


# -- what may be placed (public: board and supplies only) --------------------------------------------

#: A state or a draft of one (a list of its fields): both are read by field position.
Fields = Sequence[Any]


def can_place_in(state: Fields, seat: int, province: int) -> bool:
    """Whether `seat` has a piece that fits `province` now, whatever its cards."""
    free = state[FREE][province]
    if free and state[HOUSES_LEFT][seat]:
        return True
    if state[ENVOYS_LEFT][seat] and state[ENVOY_TOTAL][province] < state[CAP][province]:
        return True
    return bool(state[FORTS_LEFT][seat] and free & ~state[FORTS][province])


def anyone_can_place(state: Fields) -> bool:
    """Whether any seat could still place any piece anywhere (given the right cards).

    Which seat has which piece does not depend on the province, so it is
    enough that some seat has a piece of a kind and some province has room
    for that kind.
    """
    free = state[FREE]
    if any(state[HOUSES_LEFT]) and any(free):
        return True
    if any(state[ENVOYS_LEFT]) and any(t < c for t, c in zip(state[ENVOY_TOTAL], state[CAP], strict=True)):
        return True
    return any(state[FORTS_LEFT]) and any(m & ~f for m, f in zip(free, state[FORTS], strict=True))


# -- legal actions ------------------------------------------------------------------------------------

#: A payment as a bit: bit 0 one card of the province's colour, bit 1 + c a joker of colour c.
_PAY_BITS = ((0, -1), *((1 + c, c) for c in _COLOURS))


@lru_cache(maxsize=4096)
def _payments(hand: tuple[int, ...], cards_used: int) -> tuple[int, ...]:
    """Per colour of province, the ways to pay one piece as bits (see `_PAY_BITS`)."""
    jokers = 0
    if cards_used + 2 <= MAX_CARDS:
        for c in _COLOURS:
            if hand[c] >= 2:
                jokers |= 2 << c
    direct = cards_used + 1 <= MAX_CARDS
    return tuple((1 if direct and hand[colour] else 0) | (jokers & ~(2 << colour)) for colour in _COLOURS)


#: (province, house spaces, fortress spaces, emissary, payments) packed into one int -> placements.
_MOVES: dict[int, tuple[Place, ...]] = {}
#: Reachable keys are a few thousand; the bound only guards a long-running process.
_MOVES_KEPT = 200_000


def _province_moves(key: int) -> tuple[Place, ...]:
    """The placements a packed key stands for: houses by space, the emissary, fortresses by space."""
    found = _MOVES.get(key)
    if found is not None:
        return found
    province, houses, fortresses = key & 15, key >> 4 & 255, key >> 12 & 255
    emissary, pays = key >> 20 & 1, key >> 21
    jokers = [joker for bit, joker in _PAY_BITS if pays >> bit & 1]
    moves: list[Place] = []
    for space in range(SPACES[province]):
        if houses >> space & 1:
            moves.extend(place(HOUSE, province, space, joker) for joker in jokers)
    if emissary:
        moves.extend(place(EMISSARY, province, -1, joker) for joker in jokers)
    for space in range(SPACES[province]):
        if fortresses >> space & 1:
            moves.extend(place(FORTRESS, province, space, joker) for joker in jokers)
    if len(_MOVES) >= _MOVES_KEPT:
        _MOVES.clear()
    found = _MOVES[key] = tuple(moves)
    return found


@lru_cache(maxsize=4096)
def _swaps(hand: tuple[int, ...], open_row: tuple[int, ...], deck: bool) -> tuple[Swap, ...]:
    sources = [c for c in _COLOURS if open_row[c]] + ([DECK] if deck else [])
    return tuple(swap(give, source) for give in _COLOURS if hand[give] for source in sources)


@lru_cache(maxsize=1024)
def _takes(open_row: tuple[int, ...], deck: bool) -> tuple[Take, ...]:
    return tuple(take(c) for c in _COLOURS if open_row[c]) + ((take(DECK),) if deck else ())


#: Colour -> the provinces of that colour.
_PROVINCES_OF = tuple(tuple(p for p in _PROVINCES if PROVINCE_COLOUR[p] == c) for c in _COLOURS)


def _placements(state: State, seat: int) -> list[Action]:
    pays = _payments(state.hands[seat], state.cards_used)
    mask = 15
    if state.houses_left[seat]:
        mask |= HOUSE_BITS
    if state.forts_left[seat]:
        mask |= FORT_BITS
    if state.envoys_left[seat]:
        mask |= ENVOY_BIT
    keys = state.keys
    found: list[Action] = []
    if state.placed:
        p = state.province
        key = keys[p] & mask
        paid = pays[_PROVINCE_COLOUR[p]]
        if paid and key > 15:
            found.extend(_MOVES.get(key | paid << 21) or _province_moves(key | paid << 21))
        return found
    for colour in _COLOURS:
        paid = pays[colour] << 21
        if paid:
            for p in _PROVINCES_OF[colour]:
                key = keys[p] & mask
                if key > 15:
                    found.extend(_MOVES.get(key | paid) or _province_moves(key | paid))
    return found


# `to_act` is called at every step: hand out shared sets instead of new ones.
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(5))


def to_act(state: State) -> frozenset[int]:
    """The seat whose turn it is (it both places and refills); nobody once the game is over."""
    return _NOBODY if state.step == OVER else _ONLY[state.turn]


def current_turn(state: State) -> int | None:
    return None if state.step == OVER else int(state.turn)


def turn_number(state: State) -> int:
    return int(state.turns)


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
_PROVINCE_COLOUR = PROVINCE_COLOUR


def _colour(value: object) -> int:
    if type(value) is not int or not 0 <= value < len(COLOURS):
        raise illegal("china.error.unknown_action")
    return value


def _source(value: object) -> int:
    if type(value) is int and value == DECK:
        return DECK
    return _colour(value)


def _placing_over(state: State) -> None:
    """Refuse a placement in the REFILL step with the reason placing ended."""
    if state.placed >= MAX_PIECES:
        raise illegal("china.error.two_pieces")
    if state.cards_used >= MAX_CARDS:
        raise illegal("china.error.three_cards")
    p = state.province
    houses = len(state.board[p]) - state.free[p].bit_count()
    if state.placed == 1 and houses + state.forts[p].bit_count() + state.envoy_total[p] == 1:
        # Its one piece is the one placed this turn: the province was empty.
        raise illegal("china.error.empty_province")
    raise illegal("china.error.placing_ended")


def _check_place(state: State, seat: int, action: Place) -> int:
    """Refuse a placement the rules do not allow, with the most telling reason; returns the
    colour paid with."""
    piece, p, space, joker = action.piece, action.province, action.space, action.joker
    if type(piece) is not int or not 0 <= piece < len(PIECES):
        raise illegal("china.error.unknown_action")
    if type(p) is not int or not 0 <= p < len(PROVINCES):
        raise illegal("china.error.unknown_action")
    if type(joker) is not int or not -1 <= joker < len(COLOURS):
        raise illegal("china.error.unknown_action")
    if type(space) is not int or (space != -1 if piece == EMISSARY else not 0 <= space < len(state.board[p])):
        if piece != EMISSARY and type(space) is int and space >= 0:
            raise illegal("china.error.no_space", province=province_name(p), space=space + 1)
        raise illegal("china.error.unknown_action")
    if state.step == REFILL:
        _placing_over(state)
    if state.placed and p != state.province:
        raise illegal("china.error.one_province", province=province_name(state.province))
    name = province_name(p)
    # Pieces first, then the board, then the cards.
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
    elif joker == colour:
        raise illegal("china.error.joker_same", colour=colour_name(colour), province=name)
    elif hand[joker] < 2:
        raise illegal("china.error.joker_cards", colour=colour_name(joker))
    if state.cards_used + (1 if joker == -1 else 2) > MAX_CARDS:
        raise illegal("china.error.three_cards")
    return colour if joker == -1 else joker


def _place(state: State, seat: int, action: Place) -> State:
    paid = _check_place(state, seat, action)
    piece, p, space = action.piece, action.province, action.space
    cost = 1 if action.joker == -1 else 2
    was_empty = state.free[p] == full_mask(state.board[p]) and not state.forts[p]
    hand = state.hands[seat]
    hand = _with(hand, paid, hand[paid] - cost)
    f: list[Any] = list(state)
    f[HANDS] = _with(state.hands, seat, hand)
    f[DISCARD] = _with(state.discard, paid, state.discard[paid] + cost)
    f[PROVINCE] = p
    f[PLACED] = state.placed + 1
    f[CARDS_USED] = state.cards_used + cost
    if piece == HOUSE:
        row = _with(state.board[p], space, seat)
        free = state.free[p] & ~(1 << space)
        f[BOARD] = _with(state.board, p, row)
        f[FREE] = _with(state.free, p, free)
        mine = row.count(seat)
        if mine > state.cap[p]:
            f[CAP] = _with(state.cap, p, mine)
        f[HOUSES_LEFT] = _with(state.houses_left, seat, state.houses_left[seat] - 1)
        if not free:
            # The last free space is filled: the province is scored at once.
            gained = house_points(row, state.forts[p], state.players)
            f[POINTS] = tuple(a + b for a, b in zip(state.points, gained, strict=True))
    elif piece == EMISSARY:
        envoys = state.envoys[p]
        f[ENVOYS] = _with(state.envoys, p, _with(envoys, seat, envoys[seat] + 1))
        f[ENVOY_TOTAL] = _with(state.envoy_total, p, state.envoy_total[p] + 1)
        f[ENVOYS_LEFT] = _with(state.envoys_left, seat, state.envoys_left[seat] - 1)
    else:
        f[FORTS] = _with(state.forts, p, state.forts[p] | 1 << space)
        f[FORTS_LEFT] = _with(state.forts_left, seat, state.forts_left[seat] - 1)
    f[KEYS] = _with(state.keys, p, province_key(f, p))
    if (
        f[PLACED] >= MAX_PIECES
        or was_empty
        or f[CARDS_USED] >= MAX_CARDS
        or not any(hand)
        or not can_place_in(f, seat, p)
    ):
        _begin_refill(f)
    return freeze(f)


def _end(state: State) -> State:
    if state.step == REFILL:
        raise illegal("china.error.refill_now")
    if not state.placed:
        raise illegal("china.error.nothing_placed")
    f: list[Any] = list(state)
    _begin_refill(f)
    return freeze(f)


def _begin_refill(f: list[Any]) -> None:
    f[STEP] = REFILL
    if sum(f[HANDS][f[TURN]]) >= HAND_SIZE or not (f[DECK_CARDS] or any(f[OPEN])):
        _end_turn(f)


def _take(state: State, seat: int, action: Take) -> State:
    source = _source(action.source)
    if state.step != REFILL:
        raise illegal("china.error.not_refilling")
    f: list[Any] = list(state)
    _draw_to_hand(f, seat, source)
    if sum(f[HANDS][seat]) >= HAND_SIZE or not (f[DECK_CARDS] or any(f[OPEN])):
        _end_turn(f)
    return freeze(f)


def _draw_to_hand(f: list[Any], seat: int, source: int) -> None:
    """Move one card to `seat`'s hand: an open one of colour `source`, or the deck's top."""
    if source == DECK:
        if not f[DECK_CARDS]:
            raise illegal("china.error.deck_empty")
        colour = f[DECK_CARDS][-1]
        f[DECK_CARDS] = f[DECK_CARDS][:-1]
        _after_draw(f)
    else:
        if not f[OPEN][source]:
            raise illegal("china.error.no_open_card", colour=colour_name(source))
        colour = source
        f[OPEN] = _with(f[OPEN], source, f[OPEN][source] - 1)
    hand = f[HANDS][seat]
    f[HANDS] = _with(f[HANDS], seat, _with(hand, colour, hand[colour] + 1))


def _after_draw(f: list[Any]) -> None:
    """A card left the deck: when it ran out, count it, and the first time shuffle the discards in."""
    if f[DECK_CARDS]:
        return
    f[EXHAUSTED] += 1
    if f[EXHAUSTED] == 1:
        cards = [colour for colour in _COLOURS for _ in range(f[DISCARD][colour])]
        deck, f[RNG] = Rng.shuffle(f[RNG], cards)
        f[DECK_CARDS] = tuple(deck)
        f[DISCARD] = (0,) * len(COLOURS)
        if not deck:
            # No discards to shuffle: the new deck is used up at once.
            f[EXHAUSTED] = 2


def _swap(state: State, seat: int, action: Swap) -> State:
    give, source = _colour(action.give), _source(action.take)
    if state.step == REFILL:
        raise illegal("china.error.refill_now")
    if state.placed:
        raise illegal("china.error.swap_after_placing")
    hand = state.hands[seat]
    if not hand[give]:
        raise illegal("china.error.no_such_card", colour=colour_name(give))
    f: list[Any] = list(state)
    f[HANDS] = _with(state.hands, seat, _with(hand, give, hand[give] - 1))
    f[DISCARD] = _with(state.discard, give, state.discard[give] + 1)
    _draw_to_hand(f, seat, source)
    _end_turn(f)
    return freeze(f)


def _pass(state: State, seat: int) -> State:
    if legal_actions(state, seat) != [PASS]:
        raise illegal("china.error.cannot_pass")
    f: list[Any] = list(state)
    _end_turn(f)
    return freeze(f)


def _end_turn(f: list[Any]) -> None:
    """Refill the open row, then end the game or pass the turn clockwise."""
    open_row = f[OPEN]
    while sum(open_row) < OPEN_CARDS and f[DECK_CARDS]:
        colour = f[DECK_CARDS][-1]
        open_row = _with(open_row, colour, open_row[colour] + 1)
        f[DECK_CARDS] = f[DECK_CARDS][:-1]
        _after_draw(f)
    f[OPEN] = open_row
    if last_round_played(f) or not anyone_can_place(f):
        f[STEP] = OVER
        return
    f[TURN] = (f[TURN] + 1) % f[PLAYERS]
    f[TURNS] += 1
    f[STEP] = PLACE
    f[PROVINCE] = -1
    f[PLACED] = 0
    f[CARDS_USED] = 0


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
    """The tuple with one item replaced (through a list: the fastest way for short tuples)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)
