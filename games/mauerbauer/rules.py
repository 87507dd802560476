"""Setup, the legal moves, making a move, and the turn flow.

A turn: the active seat builds a wall (`BuildWall`); the engine rolls the
dice; the seat places towers (`PlaceTowers`) and houses (`PlaceHouses`) as
the dice allow — a choice with only one possible outcome is made for it; if
the wall closed a city, free-standing walls and towers inside go back,
palaces are built, the seat may merge the city with one neighbour (`Merge`)
and every seat in turn from the active one plays 1-2 cards or discards 1
(`Play`, `Discard`); after the draws, every seat last on the score track may
exchange cards (`Swap`, `Done`). When a supply ran out the game ends after
that turn, with the final round (`Play` for a chosen city, `Pass`) unless
the turn closed a city. Rules and decisions: docs/mauerbauer.md.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from games.core import Player
from games.core import Rng
from games.mauerbauer.actions import DONE
from games.mauerbauer.actions import PASS
from games.mauerbauer.actions import Action
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Done
from games.mauerbauer.actions import Merge
from games.mauerbauer.actions import Pass
from games.mauerbauer.actions import PlaceHouses
from games.mauerbauer.actions import PlaceTowers
from games.mauerbauer.actions import Play
from games.mauerbauer.actions import Swap
from games.mauerbauer.actions import build_wall
from games.mauerbauer.actions import discard
from games.mauerbauer.actions import merge
from games.mauerbauer.actions import play
from games.mauerbauer.actions import swap
from games.mauerbauer.board import closed_region
from games.mauerbauer.board import found_city
from games.mauerbauer.board import make_city
from games.mauerbauer.board import palaces
from games.mauerbauer.data import ALL_LINES
from games.mauerbauer.data import ANY
from games.mauerbauer.data import CITY_KINDS
from games.mauerbauer.data import COPIES
from games.mauerbauer.data import CORNER_LINE_MASK
from games.mauerbauer.data import CORNERS
from games.mauerbauer.data import DICE_HOUSE
from games.mauerbauer.data import DICE_TOWER
from games.mauerbauer.data import FIELD_NAMES
from games.mauerbauer.data import FIELDS
from games.mauerbauer.data import GROUPS
from games.mauerbauer.data import HAND_SIZE
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.data import LINE_FIELDS
from games.mauerbauer.data import LINES
from games.mauerbauer.data import SUPPLY_HOUSES
from games.mauerbauer.data import SUPPLY_PALACES
from games.mauerbauer.data import SUPPLY_TOWERS
from games.mauerbauer.data import SUPPLY_WALLS
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.data import bits
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import FINAL
from games.mauerbauer.state import HOUSES
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import OVER
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import TOWERS
from games.mauerbauer.state import WALL
from games.mauerbauer.state import City
from games.mauerbauer.state import Record
from games.mauerbauer.state import State
from games.mauerbauer.words import card_name
from games.mauerbauer.words import colour_list
from games.mauerbauer.words import house_colour
from games.mauerbauer.words import illegal
from games.mauerbauer.words import tower_colour

__all__ = [
    "apply",
    "city_id",
    "city_index",
    "closed_by",
    "current_turn",
    "free_lines",
    "house_options",
    "legal_actions",
    "merge_targets",
    "new_game",
    "reveals",
    "seat_order",
    "to_act",
    "tower_options",
    "turn_number",
]

_GROUP_SLOT = {"city": 0, "outside": 1, "neutral": 2}
#: Per kind, where its points are booked in `State.earned`.
_SLOT: tuple[int, ...] = tuple(_GROUP_SLOT[group] for group in GROUPS)
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(8))
_EMPTY_HOUSES = (0,) * len(HOUSE_COLOURS)
_INDEX = {name: index for index, name in enumerate(State._fields)}


def _set(state: State, **changes: Any) -> State:
    """`state._replace(**changes)`, in half the time: moves make several new states."""
    items = list(state)
    for name, value in changes.items():
        items[_INDEX[name]] = value
    return tuple.__new__(State, items)


# -- setup ----------------------------------------------------------------------------------------


def new_game(players: int, seed: int) -> State:
    """Shuffle the 60 guild cards, deal 6 to each seat, draw the start player."""
    rng = Rng.seed(seed)
    cards = [kind for kind in range(len(KINDS)) for _ in range(COPIES)]
    deck, rng = Rng.shuffle(rng, cards)
    hands = tuple(tuple(sorted(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])) for seat in range(players))
    first, rng = Rng.below(rng, players)
    state = State(
        players=players,
        rng=rng,
        phase=WALL,
        active=first,
        turns=0,
        walls=0,
        towers=(-1,) * CORNERS,
        houses=(_EMPTY_HOUSES,) * FIELDS,
        cities=(),
        wall_supply=SUPPLY_WALLS,
        tower_supply=SUPPLY_TOWERS,
        house_supply=SUPPLY_HOUSES,
        palace_supply=SUPPLY_PALACES,
        deck=tuple(deck[players * HAND_SIZE :]),
        discard=(),
        hands=hands,
        scores=(1,) * players,
        earned=((0, 0, 0),) * players,
        last_wall=-1,
        dice=(),
        closing=0,
        city=-1,
        queue=(),
        draws=(0,) * players,
        plays=(),
        swaps=0,
        ending=False,
        values=(),
    )
    return _begin_turn(state, first, 0)


# -- who acts, and what they may do -----------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase <= MERGE:
        return _ONLY[state.active]
    if phase == OVER:
        return _NOBODY
    return _ONLY[state.queue[0]]


def current_turn(state: State) -> int | None:
    """The active seat keeps the turn while others decide in a scoring round or an exchange."""
    return None if state.phase == OVER else int(state.active)


def turn_number(state: State) -> int:
    return int(state.turns)


def seat_order(state: State, first: int) -> list[int]:
    """Every seat, from `first` round the table."""
    return [(first + step) % state.players for step in range(state.players)]


def city_id(city: City) -> int:
    """A city's name in the notation: its first field."""
    return (city.fields & -city.fields).bit_length() - 1


def city_index(state: State, field: int) -> int:
    """The index in `state.cities` of the city holding `field`, or -1."""
    bit = 1 << field
    for index, city in enumerate(state.cities):
        if city.fields & bit:
            return index
    return -1


def free_lines(state: State) -> int:
    """The mask of lines where a wall may be built: free, and not inside a city."""
    blocked = state.walls
    for city in state.cities:
        blocked |= city.inside
    return ALL_LINES & ~blocked


_WALLS = tuple(build_wall(line) for line in range(LINES))
#: Per byte of a line mask (8 lines from 8 * index), the wall moves of its set bits.
_WALL_CHUNKS = tuple(
    tuple(
        tuple(_WALLS[base + bit] for bit in range(8) if byte >> bit & 1 and base + bit < LINES)
        for byte in range(256)
    )
    for base in range(0, LINES, 8)
)


def _wall_moves(free: int) -> list[Action]:
    out: list[Action] = []
    for chunk in _WALL_CHUNKS:
        if free & 255:
            out.extend(chunk[free & 255])
        free >>= 8
    return out


def legal_actions(state: State, seat: int) -> list[Action]:
    phase = state.phase
    if phase == OVER:
        return []
    if phase <= MERGE:
        if seat != state.active:
            return []
        if phase == WALL:
            return _wall_moves(free_lines(state))
        if phase == TOWERS:
            return list(_tower_choices(state))
        if phase == HOUSES:
            return list(_house_choices(state))
        return [merge(None), *(merge(city_id(state.cities[i])) for i in merge_targets(state))]
    if seat != state.queue[0]:
        return []
    hand = state.hands[seat]
    if phase == SCORING:
        return list(_scoring_actions(hand))
    if phase == EXCHANGE:
        return [*(_SWAPS[kind] for kind in sorted(set(hand))), DONE]
    ids = tuple(sorted(city_id(city) for city in state.cities))
    return list(_final_actions(hand, ids))


def merge_targets(state: State) -> list[int]:
    """Indexes of the older cities that share a wall with the city just closed, by first field."""
    new = state.cities[state.city]
    found = [i for i, city in enumerate(state.cities) if i != state.city and city.boundary & new.boundary]
    return sorted(found, key=lambda i: city_id(state.cities[i]))


def _pairs(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every play of 1 or 2 cards from the hand, kinds sorted: singles first."""
    kinds = sorted(set(hand))
    doubles = {kind for index, kind in enumerate(hand[1:]) if hand[index] == kind}
    out: list[tuple[int, ...]] = [(kind,) for kind in kinds]
    for i, kind in enumerate(kinds):
        if kind in doubles:
            out.append((kind, kind))
        out.extend((kind, other) for other in kinds[i + 1 :])
    return out


_KINDS = range(len(KINDS))
_PLAY_ONE = tuple(play((kind,)) for kind in _KINDS)
_PLAY_TWO = tuple(
    tuple(play((kind, other)) if kind <= other else None for other in _KINDS) for kind in _KINDS
)
_DISCARDS = tuple(discard(kind) for kind in _KINDS)
_SWAPS = tuple(swap(kind) for kind in _KINDS)


# Bounded: hands repeat a lot and depend on nothing else.
@lru_cache(maxsize=16384)
def _scoring_actions(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """Singles, pairs (as `_pairs`), then discards; built from shared values."""
    kinds = sorted(set(hand))
    out: list[Any] = [_PLAY_ONE[kind] for kind in kinds]
    for i, kind in enumerate(kinds):
        row = _PLAY_TWO[kind]
        if hand.count(kind) > 1:
            out.append(row[kind])
        out.extend(row[other] for other in kinds[i + 1 :])
    out.extend(_DISCARDS[kind] for kind in kinds)
    return tuple(out)


@lru_cache(maxsize=8192)
def _final_actions(hand: tuple[int, ...], cities: tuple[int, ...]) -> tuple[Action, ...]:
    """A play with a card of the city group names a city (when there is one); others do not."""
    out: list[Action] = []
    for cards in _pairs(hand):
        if cities and any(kind in CITY_KINDS for kind in cards):
            out.extend(play(cards, city) for city in cities)
        else:
            out.append(play(cards))
    out.append(PASS)
    return tuple(out)


# -- dice choices -----------------------------------------------------------------------------------


def _allowed(die: int, supply: list[int]) -> list[int]:
    """Colours a die lets one place: its own, or any available one for "?" or a sold-out colour."""
    if die != ANY and supply[die] > 0:
        return [die]
    return [colour for colour, left in enumerate(supply) if left > 0]


@lru_cache(maxsize=8192)
def tower_options(rolled: int, free: tuple[int, ...], supply: tuple[int, ...]) -> tuple[PlaceTowers, ...]:
    """The tower placements the tower die allows on the free ends of the new wall.

    One free end: the rolled colour. Two: the rolled colour on either end
    (the player's choice) and any colour on the other. A sold-out colour is
    replaced by any available one; an empty supply places nothing more.
    """
    found: dict[tuple[tuple[int, int], ...], None] = {}
    if not free:
        return ()
    ends = [free] if len(free) == 1 else [free, free[::-1]]
    for first, *rest in ends:
        left = list(supply)
        for colour in _allowed(rolled, left):
            placed = [(first, colour)]
            after = list(left)
            after[colour] -= 1
            if rest:
                others = _allowed(ANY, after)
                for other in others:
                    found[tuple(sorted([*placed, (rest[0], other)]))] = None
                if not others:
                    found[tuple(placed)] = None
            else:
                found[tuple(placed)] = None
    return tuple(PlaceTowers(placements) for placements in found)


def house_options(
    dice: tuple[int, int], fields: tuple[int, ...], supply: tuple[int, ...]
) -> tuple[PlaceHouses, ...]:
    """The house placements the two house dice allow beside the new wall (`fields`, ascending).

    Two fields: each die's colour on one field (the player assigns them); a
    rolled colour is placed before a "?" so a "?" cannot take the last house
    of the colour the other die shows. One field (a wall on the edge): the
    player picks one die. "?" and a sold-out colour give any available colour.
    """
    return _house_moves(dice, fields, _cap(supply))


# Small: the same position asks several times in a row (placing, listing, checking).
@lru_cache(maxsize=1024)
def _house_moves(
    dice: tuple[int, int], fields: tuple[int, ...], supply: tuple[int, ...]
) -> tuple[PlaceHouses, ...]:
    return tuple(
        PlaceHouses(
            tuple((field, colour) for field, colour in zip(fields, colours, strict=False) if colour >= 0)
        )
        for colours in _house_colours(dice, len(fields), supply)
    )


@lru_cache(maxsize=4096)
def _house_colours(
    dice: tuple[int, int], fields: int, supply: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """`house_options` as colours per field (-1: no house left for it)."""
    found: dict[tuple[int, ...], None] = {}
    a, b = dice
    if fields == 1:
        for die in (a, b):
            for colour in _allowed(die, list(supply)):
                found[(colour,)] = None
        return tuple(found)
    for die_f, die_g in ((a, b), (b, a)):
        # Place a rolled colour before a "?": first the field whose die is not "?".
        orders = [(0, die_f, die_g), (1, die_g, die_f)]
        if (die_f == ANY) != (die_g == ANY):
            orders = [order for order in orders if order[1] != ANY]
        for first, die_one, die_two in orders:
            left = list(supply)
            for colour in _allowed(die_one, left):
                after = list(left)
                after[colour] -= 1
                seconds = _allowed(die_two, after) or [-1]
                for other in seconds:
                    found[(colour, other) if first == 0 else (other, colour)] = None
    return tuple(found)


@lru_cache(maxsize=4096)
def _cap(supply: tuple[int, ...]) -> tuple[int, ...]:
    """A supply with counts above 2 cut to 2: at most 2 pieces are taken, so the options are the same."""
    return tuple(count if count < 2 else 2 for count in supply)


def _tower_choices(state: State) -> tuple[PlaceTowers, ...]:
    free = tuple(corner for corner in LINE_ENDS[state.last_wall] if state.towers[corner] < 0)
    if not free or state.dice[0] < 0:
        return ()
    return tower_options(state.dice[0], free, _cap(state.tower_supply))


def _house_choices(state: State) -> tuple[PlaceHouses, ...]:
    dice = (state.dice[1], state.dice[2])
    return house_options(dice, LINE_FIELDS[state.last_wall], state.house_supply)


# -- making a move ----------------------------------------------------------------------------------


def apply(state: State, seat: int, action: object) -> State:
    """The state after `seat` makes `action`; IllegalAction with the reason otherwise."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise illegal("mauerbauer.error.unknown_action")
    if type(seat) is not int or not 0 <= seat < state.players:
        raise illegal("mauerbauer.error.no_seat")
    if state.phase == OVER:
        raise illegal("mauerbauer.error.over")
    acting = to_act(state)
    if seat not in acting:
        raise illegal("mauerbauer.error.not_your_turn", player=Player(min(acting)))
    return handler(state, seat, action)


def _wrong_phase(state: State) -> Exception:
    """Refusal of a move the phase does not allow, saying what is to be decided instead."""
    return illegal(f"mauerbauer.error.phase.{_PHASE_WORDS[state.phase]}")


_PHASE_WORDS = ("wall", "towers", "houses", "merge", "scoring", "exchange", "final", "over")


def _build_wall(state: State, seat: int, action: BuildWall) -> State:
    if state.phase != WALL:
        raise _wrong_phase(state)
    line = action.line
    if type(line) is not int or not 0 <= line < LINES:
        raise illegal("mauerbauer.error.no_line", line=str(line))
    if state.walls >> line & 1:
        raise illegal("mauerbauer.error.walled", line=line + 1)
    if not free_lines(state) >> line & 1:
        raise illegal("mauerbauer.error.inside_city", line=line + 1)
    # The most frequent move: worked out in local values, with one new state at the end.
    walls = state.walls | 1 << line
    supply = state.wall_supply - 1
    ending = state.ending or supply == 0
    rng = state.rng
    towers = state.towers
    free = tuple(corner for corner in LINE_ENDS[line] if towers[corner] < 0)
    # One draw of the generator gives all three dice (the faces of 6 * 6 * 6 throws).
    value, rng = Rng.next(rng)
    value, face = divmod(value, len(DICE_HOUSE))
    first = DICE_HOUSE[face]
    value, face = divmod(value, len(DICE_HOUSE))
    second = DICE_HOUSE[face]
    tower = DICE_TOWER[value % len(DICE_TOWER)] if free else -1
    dice = (tower, first, second)
    closing = closed_by(walls, line)
    # What the wall and its roll change, whatever is placed beside it.
    built = {"rng": rng, "walls": walls, "wall_supply": supply, "last_wall": line, "dice": dice}
    tower_supply = state.tower_supply
    if free:
        options = tower_options(tower, free, _cap(tower_supply))
        if len(options) > 1:
            return _set(state, phase=TOWERS, ending=ending, closing=closing, **built)
        if options:
            towers, tower_supply = _add_towers(towers, tower_supply, options[0].placements)
            ending = ending or not any(tower_supply)
    houses, house_supply = state.houses, state.house_supply
    choices = house_options((first, second), LINE_FIELDS[line], house_supply)
    phase = HOUSES if len(choices) > 1 else WALL
    if len(choices) == 1:
        houses, house_supply = _add_houses(houses, house_supply, choices[0].placements)
        ending = ending or not any(house_supply)
    state = _set(
        state,
        phase=phase,
        ending=ending,
        closing=closing,
        **built,
        towers=towers,
        tower_supply=tower_supply,
        houses=houses,
        house_supply=house_supply,
    )
    return state if phase == HOUSES else _after_building(state)


def closed_by(walls: int, line: int) -> int:
    """The region the new wall on `line` closes (0: none). A closed boundary passes through
    both ends of the wall on other walls too, so a wall with a bare end closes nothing."""
    others = walls & ~(1 << line)
    first, second = LINE_ENDS[line]
    if not others & CORNER_LINE_MASK[first] or not others & CORNER_LINE_MASK[second]:
        return 0
    return closed_region(walls, line)


def _add_towers(
    towers: tuple[int, ...], supply: tuple[int, ...], placements: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    changed = list(towers)
    left = list(supply)
    for corner, colour in placements:
        changed[corner] = colour
        left[colour] -= 1
    return tuple(changed), tuple(left)


def _add_houses(
    houses: tuple[tuple[int, ...], ...], supply: tuple[int, ...], placements: tuple[tuple[int, int], ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    changed = list(houses)
    left = list(supply)
    for field, colour in placements:
        here = list(changed[field])
        here[colour] += 1
        changed[field] = tuple(here)
        left[colour] -= 1
    return tuple(changed), tuple(left)


def _houses_next(state: State) -> State:
    options = _house_choices(state)
    if len(options) > 1:
        return _set(state, phase=HOUSES)
    if options:
        state = _put_houses(state, options[0].placements)
    return _after_building(state)


def _put_towers(state: State, placements: tuple[tuple[int, int], ...]) -> State:
    towers, supply = _add_towers(state.towers, state.tower_supply, placements)
    return _set(state, towers=towers, tower_supply=supply, ending=state.ending or not any(supply))


def _put_houses(state: State, placements: tuple[tuple[int, int], ...]) -> State:
    houses, supply = _add_houses(state.houses, state.house_supply, placements)
    return _set(state, houses=houses, house_supply=supply, ending=state.ending or not any(supply))


def _place_towers(state: State, seat: int, action: PlaceTowers) -> State:
    _check_placement(state, action, TOWERS, _tower_choices)
    return _houses_next(_put_towers(state, action.placements))


def _place_houses(state: State, seat: int, action: PlaceHouses) -> State:
    _check_placement(state, action, HOUSES, _house_choices)
    return _after_building(_put_houses(state, action.placements))


def _check_placement(
    state: State, action: PlaceTowers | PlaceHouses, phase: int, choices: Callable[[State], tuple[Any, ...]]
) -> None:
    """Refuse a tower (`phase` TOWERS) or house placement out of its phase or not among the `choices`."""
    if state.phase != phase:
        raise _wrong_phase(state)
    options = choices(state)
    if action not in options:
        raise _refuse_placement(state, action.placements, options, tower=phase == TOWERS)


def _refuse_placement(state: State, placements: object, options: tuple[Any, ...], tower: bool) -> Exception:
    """The clearest reason why a tower or house placement is not one the dice allow."""
    name = (lambda c: f"T{c + 1}") if tower else (lambda f: FIELD_NAMES[f])
    colour_word = tower_colour if tower else house_colour
    colours = TOWER_COLOURS if tower else HOUSE_COLOURS
    where = sorted({place for option in options for place, _ in option.placements})
    places = ", ".join(name(place) for place in where)
    if type(placements) is not tuple or not all(
        type(pair) is tuple
        and len(pair) == 2
        and all(type(x) is int for x in pair)
        and 0 <= pair[1] < len(colours)
        for pair in placements
    ):
        return illegal("mauerbauer.error.unknown_action")
    for place, colour in placements:
        if place not in where:
            key = "mauerbauer.error.tower_place" if tower else "mauerbauer.error.house_place"
            return illegal(
                key, place=name(place) if 0 <= place < (CORNERS if tower else FIELDS) else "?", places=places
            )
        allowed = sorted({c for option in options for p, c in option.placements if p == place})
        if colour not in allowed:
            return illegal(
                "mauerbauer.error.dice_colour",
                allowed=colour_list([colour_word(c) for c in allowed]),
                colour=colour_word(colour),
                place=name(place),
            )
    count = max(len(option.placements) for option in options)
    if len(placements) != count:
        key = "mauerbauer.error.tower_count" if tower else "mauerbauer.error.house_count"
        return illegal(key, count=count, places=places)
    return illegal("mauerbauer.error.dice_combination")


def _after_building(state: State) -> State:
    """Close the city the wall closed (if any), then merge or score; else the turn ends."""
    if not state.closing:
        return _end_turn(state)
    city, walls, towers, houses, walls_back, towers_back = found_city(
        state.closing, state.walls, state.towers, state.houses
    )
    city_houses, city_palaces, house_supply, palace_supply = palaces(
        city.houses, city.palaces, state.house_supply, state.palace_supply
    )
    city = city._replace(houses=city_houses, palaces=city_palaces)
    tower_supply = tuple(n + back for n, back in zip(state.tower_supply, towers_back, strict=True))
    state = _set(
        state,
        walls=walls,
        towers=towers,
        houses=houses,
        cities=(*state.cities, city),
        wall_supply=state.wall_supply + walls_back,
        tower_supply=tower_supply,
        house_supply=house_supply,
        palace_supply=palace_supply,
        ending=state.ending or (any(state.palace_supply) and not any(palace_supply)),
        closing=0,
        city=len(state.cities),
    )
    if merge_targets(state):
        return _set(state, phase=MERGE)
    return _start_scoring(state)


def _merge(state: State, seat: int, action: Merge) -> State:
    if state.phase != MERGE:
        raise _wrong_phase(state)
    if action.city is None:
        return _start_scoring(state)
    if type(action.city) is not int or not 0 <= action.city < FIELDS:
        raise illegal("mauerbauer.error.unknown_action")
    target = city_index(state, action.city)
    if target < 0 or target not in merge_targets(state):
        raise illegal("mauerbauer.error.merge_target", field=FIELD_NAMES[action.city])
    if city_id(state.cities[target]) != action.city:
        raise illegal("mauerbauer.error.unknown_action")
    new, old = state.cities[state.city], state.cities[target]
    shared = new.boundary & old.boundary
    houses = tuple(a + b for a, b in zip(new.houses, old.houses, strict=True))
    built = tuple(a + b for a, b in zip(new.palaces, old.palaces, strict=True))
    houses, built, house_supply, palace_supply = palaces(
        houses, built, state.house_supply, state.palace_supply
    )
    merged = make_city(new.fields | old.fields, houses, built)
    towers = list(state.towers)
    tower_supply = list(state.tower_supply)
    for corner in bits((new.corners | old.corners) & ~merged.corners):
        if towers[corner] >= 0:
            tower_supply[towers[corner]] += 1
            towers[corner] = -1
    cities = tuple(city for i, city in enumerate(state.cities) if i not in (target, state.city))
    state = _set(
        state,
        walls=state.walls & ~shared,
        wall_supply=state.wall_supply + shared.bit_count(),
        towers=tuple(towers),
        tower_supply=tuple(tower_supply),
        house_supply=house_supply,
        palace_supply=palace_supply,
        ending=state.ending or (any(state.palace_supply) and not any(palace_supply)),
        cities=(*cities, merged),
        city=len(cities),
    )
    return _start_scoring(state)


# -- scoring rounds ----------------------------------------------------------------------------------


def _start_scoring(state: State) -> State:
    """Every seat in turn from the active one plays 1-2 cards or discards 1; an empty hand passes."""
    order = seat_order(state, state.active)
    plays = tuple(Record(seat, "pass", (), 0, 0) for seat in order if not state.hands[seat])
    state = _set(
        state,
        phase=SCORING,
        queue=tuple(seat for seat in order if state.hands[seat]),
        draws=(1,) * state.players,
        plays=plays,
        values=card_values(state, state.cities[state.city]),
    )
    if not state.queue:
        return _finish_scoring(state)
    return state


def _check_cards(state: State, seat: int, cards: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards a play names (1 or 2 kinds, sorted) and the hand without them."""
    if type(cards) is not tuple or not all(type(card) is int and 0 <= card < len(KINDS) for card in cards):
        raise illegal("mauerbauer.error.unknown_action")
    if len(cards) > 2:
        raise illegal("mauerbauer.error.too_many")
    if not cards:
        raise illegal("mauerbauer.error.too_few")
    rest = list(state.hands[seat])
    for card in cards:
        if card not in rest:
            raise illegal("mauerbauer.error.no_card", card=card_name(card))
        rest.remove(card)
    if len(cards) == 2 and cards[0] > cards[1]:
        raise illegal("mauerbauer.error.unknown_action")
    return cards, tuple(rest)


def _to_discard(state: State, seat: int, cards: tuple[int, ...], rest: tuple[int, ...]) -> dict[str, Any]:
    """The hands and the discard pile (as `_set`'s fields) once `seat` has laid `cards` from its
    hand on the pile, keeping `rest`."""
    hands = list(state.hands)
    hands[seat] = rest
    return {"hands": tuple(hands), "discard": tuple(sorted(state.discard + cards))}


def _score(state: State, seat: int, cards: tuple[int, ...], values: tuple[int, ...]) -> tuple[Any, ...]:
    """Points of the cards, and the new scores and earned points."""
    points = 0
    earned = list(state.earned[seat])
    for card in cards:
        points += values[card]
        earned[_SLOT[card]] += values[card]
    scores = list(state.scores)
    scores[seat] += points
    all_earned = list(state.earned)
    all_earned[seat] = (earned[0], earned[1], earned[2])
    return points, tuple(scores), tuple(all_earned)


def _play(state: State, seat: int, action: Play) -> State:
    if state.phase == FINAL:
        return _final_play(state, seat, action)
    if state.phase != SCORING:
        raise illegal("mauerbauer.error.no_play_now")
    cards, rest = _check_cards(state, seat, action.cards)
    if action.city is not None:
        raise illegal("mauerbauer.error.city_not_now")
    state = _played(state, seat, cards, rest, state.values, state.cities[state.city].fields)
    return state if state.queue else _finish_scoring(state)


def _played(
    state: State, seat: int, cards: tuple[int, ...], rest: tuple[int, ...], values: tuple[int, ...], city: int
) -> State:
    """`seat` has played `cards`, keeping `rest`, for the city of fields `city` (0: none), the
    cards worth `values`: scored, discarded and recorded, and the seat leaves the queue."""
    points, scores, earned = _score(state, seat, cards, values)
    return _set(
        state,
        **_to_discard(state, seat, cards, rest),
        scores=scores,
        earned=earned,
        plays=(*state.plays, Record(seat, "play", cards, city, points)),
        queue=state.queue[1:],
    )


def _discard(state: State, seat: int, action: Discard) -> State:
    if state.phase != SCORING:
        raise illegal("mauerbauer.error.no_discard_now")
    cards, rest = _check_cards(state, seat, (action.card,))
    draws = list(state.draws)
    draws[seat] = 2
    state = _set(
        state,
        **_to_discard(state, seat, cards, rest),
        draws=tuple(draws),
        plays=(*state.plays, Record(seat, "discard", cards, 0, 0)),
        queue=state.queue[1:],
    )
    return state if state.queue else _finish_scoring(state)


def _draw(
    deck: tuple[int, ...], pile: tuple[int, ...], rng: int, count: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Draw `count` cards: (drawn, deck, discard pile, rng). When the deck runs out the
    discard pile is shuffled to a new one at once."""
    drawn = deck[:count]
    deck = deck[count:]
    if len(drawn) == count and deck:
        return drawn, deck, pile, rng
    while True:
        if not deck and pile:
            shuffled, rng = Rng.shuffle(rng, pile)
            deck, pile = tuple(shuffled), ()
        missing = count - len(drawn)
        if not missing or not deck:
            return drawn, deck, pile, rng
        drawn += deck[:missing]
        deck = deck[missing:]


def _finish_scoring(state: State) -> State:
    """Everybody draws (from the active seat round the table); then the game ends, or the
    seats last on the score track may exchange cards."""
    deck, pile, rng = state.deck, state.discard, state.rng
    hands = list(state.hands)
    for seat in seat_order(state, state.active):
        drawn, deck, pile, rng = _draw(deck, pile, rng, state.draws[seat])
        if drawn:
            hands[seat] = tuple(sorted(hands[seat] + drawn))
    state = _set(
        state,
        deck=deck,
        discard=pile,
        rng=rng,
        hands=tuple(hands),
        values=(),
        draws=(0,) * state.players,
        queue=(),
    )
    if state.ending:
        return _set(state, phase=OVER)
    lowest = min(state.scores)
    queue = tuple(
        seat for seat in seat_order(state, state.active) if state.scores[seat] == lowest and state.hands[seat]
    )
    if not queue:
        return _end_turn(state)
    return _set(state, phase=EXCHANGE, queue=queue, swaps=0)


def _swap(state: State, seat: int, action: Swap) -> State:
    if state.phase != EXCHANGE:
        raise illegal("mauerbauer.error.no_swap_now")
    cards, rest = _check_cards(state, seat, (action.card,))
    return _set(state, **_to_discard(state, seat, cards, rest), swaps=state.swaps + 1)


def _done(state: State, seat: int, action: Done) -> State:
    if state.phase != EXCHANGE:
        raise illegal("mauerbauer.error.no_done_now")
    drawn, deck, pile, rng = _draw(state.deck, state.discard, state.rng, state.swaps)
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hands[seat] + drawn))
    state = _set(state, deck=deck, discard=pile, rng=rng, hands=tuple(hands), swaps=0, queue=state.queue[1:])
    return state if state.queue else _end_turn(state)


# -- turns and the end --------------------------------------------------------------------------------


def _end_turn(state: State) -> State:
    following = (state.active + 1) % state.players
    if state.ending:
        return _start_final(state, following)
    return _begin_turn(state, following, state.turns + 1)


def _begin_turn(state: State, seat: int, turns: int) -> State:
    if not free_lines(state):
        # No wall can be built anywhere: the game ends as if a supply ran out.
        return _start_final(state, seat)
    return _set(state, phase=WALL, active=seat, turns=turns, queue=(), city=-1, closing=0)


def _start_final(state: State, first: int) -> State:
    """The final round: from `first`, every seat chooses a city and plays 1-2 cards, or passes."""
    queue = tuple(seat for seat in seat_order(state, first) if state.hands[seat])
    if not queue:
        return _set(state, phase=OVER, queue=(), city=-1, closing=0)
    return _set(
        state,
        phase=FINAL,
        active=first,
        turns=state.turns + 1,
        queue=queue,
        plays=(),
        city=-1,
        closing=0,
        values=(),
    )


def _final_play(state: State, seat: int, action: Play) -> State:
    cards, rest = _check_cards(state, seat, action.cards)
    needs_city = bool(state.cities) and any(card in CITY_KINDS for card in cards)
    city: City | None = None
    if action.city is not None:
        if not needs_city:
            raise illegal("mauerbauer.error.city_not_now")
        if type(action.city) is not int or not 0 <= action.city < FIELDS:
            raise illegal("mauerbauer.error.unknown_action")
        index = city_index(state, action.city)
        if index < 0:
            raise illegal("mauerbauer.error.no_city_at", field=FIELD_NAMES[action.city])
        city = state.cities[index]
        if city_id(city) != action.city:
            raise illegal("mauerbauer.error.unknown_action")
    elif needs_city:
        raise illegal("mauerbauer.error.city_needed")
    state = _played(state, seat, cards, rest, card_values(state, city), 0 if city is None else city.fields)
    return state if state.queue else _set(state, phase=OVER)


def _pass(state: State, seat: int, action: Pass) -> State:
    if state.phase != FINAL:
        raise illegal("mauerbauer.error.no_pass_now")
    state = _set(state, plays=(*state.plays, Record(seat, "pass", (), 0, 0)), queue=state.queue[1:])
    return state if state.queue else _set(state, phase=OVER)


_HANDLERS: dict[type, Callable[[State, int, Any], State]] = {
    BuildWall: _build_wall,
    PlaceTowers: _place_towers,
    PlaceHouses: _place_houses,
    Merge: _merge,
    Play: _play,
    Discard: _discard,
    Swap: _swap,
    Done: _done,
    Pass: _pass,
}


# -- what a move reveals ------------------------------------------------------------------------------


def reveals(state: State, seat: int, action: object) -> bool:
    """Whether the legal `action` turns up anything hidden: dice, drawn cards, a new deck.

    Building a wall rolls the dice. A scoring round's last decision makes
    everybody draw; finishing an exchange with cards put back draws too.
    Placing towers or houses, or merging, may close a round nobody can act in
    (every hand empty), which draws at once: those are made and compared.
    Playing, discarding (not last), putting a card back, passing and the
    final round show only the cards they name.
    """
    kind = type(action)
    if kind is BuildWall:
        return True
    if kind is Play or kind is Discard:
        return state.phase == SCORING and len(state.queue) == 1
    if kind is Done:
        return state.swaps > 0
    if kind is Swap or kind is Pass:
        return False
    after = apply(state, seat, action)
    return after.rng != state.rng or after.deck != state.deck
