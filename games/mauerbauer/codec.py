"""The state as versioned JSON (format "mauerbauer", version 1), validated on load.

`loads` accepts only what the rules can produce: every field present with
its type, names and seats in range, every piece and card accounted for
(walls 33, towers 10 per colour, houses 12 and palaces 3 per colour, guild
cards 2 of each kind), cities that are closed, disjoint and hold no wall or
tower inside, every walled-in region a city (or the region the last wall
closes while its pieces are placed), houses outside the cities only beside
walls, towers at both ends of every wall and a building in every city while
the supplies last, scores that add up, and a flow in which the seat to act
can act. Anything else is a ValueError. The layout, and the list of what is
refused, are in docs/mauerbauer.md.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from games.kit.codec import SaveReader
from games.kit.codec import changed
from games.kit.codec import write
from games.mauerbauer.board import enclosure
from games.mauerbauer.board import make_city
from games.mauerbauer.board import walled_in
from games.mauerbauer.data import COPIES
from games.mauerbauer.data import CORNER_LINE_MASK
from games.mauerbauer.data import CORNER_NAMES
from games.mauerbauer.data import CORNERS
from games.mauerbauer.data import FIELD_INDEX
from games.mauerbauer.data import FIELD_LINE_MASK
from games.mauerbauer.data import FIELD_NAMES
from games.mauerbauer.data import FIELDS
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import HOUSE_FACES
from games.mauerbauer.data import KIND_INDEX
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.data import LINES
from games.mauerbauer.data import SUPPLY_HOUSES
from games.mauerbauer.data import SUPPLY_PALACES
from games.mauerbauer.data import SUPPLY_TOWERS
from games.mauerbauer.data import SUPPLY_WALLS
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.data import bits
from games.mauerbauer.data import dice_names
from games.mauerbauer.rules import closed_by
from games.mauerbauer.rules import legal_actions
from games.mauerbauer.rules import new_game
from games.mauerbauer.rules import to_act
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import FINAL
from games.mauerbauer.state import HOUSES
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import OVER
from games.mauerbauer.state import PHASES
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import TOWERS
from games.mauerbauer.state import WALL
from games.mauerbauer.state import Record
from games.mauerbauer.state import State

__all__ = ["FORMAT", "VERSION", "dumps", "impossible_saves", "loads"]

FORMAT = "mauerbauer"
VERSION = 1

_RECORD_KINDS = ("play", "discard", "pass")
#: More turns than any game can have (a turn builds a wall; walls come back only with cities).
_MAX_TURNS = 1 << 12
_MAX_SCORE = 1 << 16


def _fields(mask: int) -> list[str]:
    return [FIELD_NAMES[field] for field in bits(mask)]


def dumps(state: State) -> str:
    data = {
        "players": state.players,
        "rng": state.rng,
        "phase": PHASES[state.phase],
        "active": state.active,
        "turns": state.turns,
        "walls": [line + 1 for line in bits(state.walls)],
        "towers": [None if colour < 0 else TOWER_COLOURS[colour] for colour in state.towers],
        "houses": {FIELD_NAMES[field]: list(here) for field, here in enumerate(state.houses) if any(here)},
        "cities": [
            {"fields": _fields(city.fields), "houses": list(city.houses), "palaces": list(city.palaces)}
            for city in state.cities
        ],
        "supply": {
            "walls": state.wall_supply,
            "towers": list(state.tower_supply),
            "houses": list(state.house_supply),
            "palaces": list(state.palace_supply),
        },
        "deck": [KINDS[card] for card in state.deck],
        "discard": [KINDS[card] for card in state.discard],
        "hands": [[KINDS[card] for card in hand] for hand in state.hands],
        "scores": list(state.scores),
        "earned": [list(earned) for earned in state.earned],
        "last_wall": None if state.last_wall < 0 else state.last_wall + 1,
        "dice": dice_names(state.dice),
        "closing": _fields(state.closing),
        "city": None if state.city < 0 else state.city,
        "queue": list(state.queue),
        "draws": list(state.draws),
        "plays": [
            {
                "seat": record.seat,
                "what": record.what,
                "cards": [KINDS[card] for card in record.cards],
                "city": _fields(record.city),
                "points": record.points,
            }
            for record in state.plays
        ],
        "swaps": state.swaps,
        "ending": state.ending,
    }
    return write(FORMAT, VERSION, data)


# -- loading ------------------------------------------------------------------------------------------

#: Every save has the fields of a new game's.
_read = SaveReader("Mauerbauer", dumps(new_game(2, 0)))


def _card(value: Any, what: str) -> int:
    if type(value) is not str or value not in KIND_INDEX:
        raise _read.fail(f"{what} must be a guild card kind")
    return KIND_INDEX[value]


def _field(value: Any, what: str) -> int:
    if (
        type(value) is not str
        or value.lower() not in FIELD_INDEX
        or FIELD_NAMES[FIELD_INDEX[value.lower()]] != value
    ):
        raise _read.fail(f"{what} must be a field name")
    return FIELD_INDEX[value.lower()]


def _mask(value: Any, what: str) -> int:
    mask = 0
    for name in _read.array(value, what):
        bit = 1 << _field(name, what)
        if mask & bit:
            raise _read.fail(f"{what} names a field twice")
        mask |= bit
    return mask


def _sorted_cards(value: Any, what: str) -> tuple[int, ...]:
    cards = tuple(_card(name, what) for name in _read.array(value, what))
    if list(cards) != sorted(cards):
        raise _read.fail(f"{what} must be in the order of the card list")
    return cards


def loads(text: str) -> State:
    data = _read.versioned(text, "; replay the move log instead")
    players = _read.integer(data["players"], "players", 2, 5)
    seat_range = (0, players)
    walls = 0
    for number in _read.array(data["walls"], "walls"):
        bit = 1 << (_read.integer(number, "wall line", 1, LINES + 1) - 1)
        if walls & bit:
            raise _read.fail("a wall line repeats")
        walls |= bit
    towers = tuple(
        -1 if colour is None else _read.choice(colour, "tower colour", TOWER_COLOURS)
        for colour in _read.array(data["towers"], "towers", CORNERS)
    )
    raw_houses = data["houses"]
    if type(raw_houses) is not dict:
        raise _read.fail("houses must be an object")
    houses = [(0,) * len(HOUSE_COLOURS)] * FIELDS
    for name, counts in raw_houses.items():
        here = _read.integers(counts, f"houses on {name}", len(HOUSE_COLOURS), 0, 13)
        if not any(here):
            raise _read.fail("a field without houses is left out")
        houses[_field(name, "houses field")] = here
    cities = []
    taken = 0
    for raw in _read.array(data["cities"], "cities"):
        city = _read.fields(raw, "city", ("fields", "houses", "palaces"))
        fields = _mask(city["fields"], "city fields")
        if not fields or fields & taken:
            raise _read.fail("cities must be non-empty and disjoint")
        taken |= fields
        cities.append(
            make_city(
                fields,
                _read.integers(city["houses"], "city houses", len(HOUSE_COLOURS), 0, 13),
                _read.integers(city["palaces"], "city palaces", len(HOUSE_COLOURS), 0, 4),
            )
        )
    supply = _read.fields(data["supply"], "supply", ("walls", "towers", "houses", "palaces"))
    phase = _read.choice(data["phase"], "phase", PHASES)
    dice_raw = data["dice"]
    dice: tuple[int, ...] = ()
    if dice_raw is not None:
        dice_data = _read.fields(dice_raw, "dice", ("tower", "houses"))
        faces = _read.array(dice_data["houses"], "house dice", 2)
        tower = (
            -1 if dice_data["tower"] is None else _read.choice(dice_data["tower"], "tower die", TOWER_COLOURS)
        )
        dice = (
            tower,
            _read.choice(faces[0], "house die", HOUSE_FACES),
            _read.choice(faces[1], "house die", HOUSE_FACES),
        )
    last_wall = (
        -1 if data["last_wall"] is None else _read.integer(data["last_wall"], "last_wall", 1, LINES + 1) - 1
    )
    plays = []
    for raw in _read.array(data["plays"], "plays"):
        record = _read.fields(raw, "play", ("seat", "what", "cards", "city", "points"))
        what = _RECORD_KINDS[_read.choice(record["what"], "play kind", _RECORD_KINDS)]
        cards = _sorted_cards(record["cards"], "played cards")
        if len(cards) > 2 or (what == "pass") != (not cards) or (what == "discard" and len(cards) != 1):
            raise _read.fail("a play holds 1 or 2 cards, a discard 1, a pass none")
        plays.append(
            Record(
                _read.integer(record["seat"], "play seat", *seat_range),
                what,
                cards,
                _mask(record["city"], "play city"),
                _read.integer(record["points"], "play points", 0, _MAX_SCORE),
            )
        )
    city_index = data["city"]
    state = State(
        players=players,
        rng=_read.integer(data["rng"], "rng", 0, 1 << 64),
        phase=phase,
        active=_read.integer(data["active"], "active", *seat_range),
        turns=_read.integer(data["turns"], "turns", 0, _MAX_TURNS),
        walls=walls,
        towers=towers,
        houses=tuple(houses),
        cities=tuple(cities),
        wall_supply=_read.integer(supply["walls"], "wall supply", 0, SUPPLY_WALLS + 1),
        tower_supply=_read.integers(supply["towers"], "tower supply", len(TOWER_COLOURS), 0, 11),
        house_supply=_read.integers(supply["houses"], "house supply", len(HOUSE_COLOURS), 0, 13),
        palace_supply=_read.integers(supply["palaces"], "palace supply", len(HOUSE_COLOURS), 0, 4),
        deck=tuple(_card(name, "deck card") for name in _read.array(data["deck"], "deck")),
        discard=_sorted_cards(data["discard"], "discard pile"),
        hands=tuple(_sorted_cards(hand, "hand") for hand in _read.array(data["hands"], "hands", players)),
        scores=tuple(
            _read.integer(score, "score", 1, _MAX_SCORE)
            for score in _read.array(data["scores"], "scores", players)
        ),
        earned=tuple(
            (lambda e: (e[0], e[1], e[2]))(_read.integers(earned, "earned", 3, 0, _MAX_SCORE))
            for earned in _read.array(data["earned"], "earned", players)
        ),
        last_wall=last_wall,
        dice=dice,
        closing=_mask(data["closing"], "closing"),
        city=-1 if city_index is None else _read.integer(city_index, "city", 0, len(cities)),
        queue=tuple(
            _read.integer(seat, "queue seat", *seat_range) for seat in _read.array(data["queue"], "queue")
        ),
        draws=tuple(_read.integer(n, "draws", 0, 3) for n in _read.array(data["draws"], "draws", players)),
        plays=tuple(plays),
        swaps=_read.integer(data["swaps"], "swaps", 0, 61),
        ending=_read.boolean(data["ending"], "ending"),
        values=(),
    )
    _check_pieces(state)
    _check_cards(state)
    _check_cities(state)
    state = _check_flow(state)
    _check_board(state)
    return state


def _check_pieces(state: State) -> None:
    if state.walls.bit_count() + state.wall_supply != SUPPLY_WALLS:
        raise _read.fail(f"walls on the board and in the supply must make {SUPPLY_WALLS}")
    for colour, total in enumerate(SUPPLY_TOWERS):
        if state.towers.count(colour) + state.tower_supply[colour] != total:
            raise _read.fail(f"{TOWER_COLOURS[colour]} towers must make {total}")
    for colour, total in enumerate(SUPPLY_HOUSES):
        placed = sum(here[colour] for here in state.houses) + sum(c.houses[colour] for c in state.cities)
        if placed + state.house_supply[colour] != total:
            raise _read.fail(f"{HOUSE_COLOURS[colour]} houses must make {total}")
    for colour, total in enumerate(SUPPLY_PALACES):
        if sum(c.palaces[colour] for c in state.cities) + state.palace_supply[colour] != total:
            raise _read.fail(f"{HOUSE_COLOURS[colour]} palaces must make {total}")
    for corner, colour in enumerate(state.towers):
        if colour >= 0 and not state.walls & CORNER_LINE_MASK[corner]:
            raise _read.fail(f"the tower on {CORNER_NAMES[corner]} stands at no wall")


def _check_cards(state: State) -> None:
    counted = Counter(state.deck) + Counter(state.discard)
    for hand in state.hands:
        counted += Counter(hand)
    if any(counted[kind] != COPIES for kind in range(len(KINDS))):
        raise _read.fail(f"the guild cards must be {COPIES} of each of the {len(KINDS)} kinds")
    for seat in range(state.players):
        if state.scores[seat] != 1 + sum(state.earned[seat]):
            raise _read.fail(f"seat {seat}'s score is not 1 plus the points it earned")


def _check_cities(state: State) -> None:
    """Closed, without walls or towers inside, and without houses left on their fields."""
    for city in state.cities:
        if city.boundary & ~state.walls:
            raise _read.fail("a city's boundary lacks a wall")
        if city.inside & state.walls:
            raise _read.fail("a wall stands inside a city")
        for field in bits(city.fields):
            if any(state.houses[field]):
                raise _read.fail("a house stands on a field of a city outside its count")
        for corner in range(CORNERS):
            if state.towers[corner] >= 0 and not CORNER_LINE_MASK[corner] & ~city.inside:
                raise _read.fail("a tower stands inside a city")
        if any(h >= 2 and left > 0 for h, left in zip(city.houses, state.palace_supply, strict=True)):
            raise _read.fail("two houses of a colour in a city must be a palace while palaces last")


def _check_flow(state: State) -> State:
    """Only positions the turn flow can reach; returns the state with its derived values."""
    phase = state.phase
    seats = set(range(state.players))
    if phase in (TOWERS, HOUSES) and (state.last_wall < 0 or not state.dice):
        raise _read.fail("towers and houses follow a new wall and a roll")
    if phase in (TOWERS, HOUSES):
        if state.city >= 0:
            raise _read.fail("no city is closed before the houses are placed")
    elif state.closing:
        raise _read.fail("a closing region is kept only while towers and houses are placed")
    if phase in (TOWERS, HOUSES) and state.closing != closed_by(state.walls, state.last_wall):
        raise _read.fail(
            "closing must name the fields the last wall walls in, and none when it walls in none"
        )
    if phase in (MERGE, SCORING) and state.city < 0:
        raise _read.fail("merging and scoring need the city just closed")
    if phase == WALL and (state.city >= 0 or state.queue):
        raise _read.fail("a turn starts with nothing pending")
    if phase in (SCORING, EXCHANGE, FINAL):
        if not state.queue or len(set(state.queue)) != len(state.queue) or not set(state.queue) <= seats:
            raise _read.fail("a round needs seats to decide, each once")
    elif state.queue:
        raise _read.fail("only rounds have seats waiting")
    if phase != EXCHANGE and state.swaps:
        raise _read.fail("cards are put back only in an exchange")
    if phase != SCORING and any(state.draws):
        raise _read.fail("cards are owed only during a scoring round")
    if phase == OVER:
        return state
    if phase == SCORING:
        state = state._replace(values=card_values(state, state.cities[state.city]))
    for seat in to_act(state):
        if not legal_actions(state, seat):
            raise _read.fail("the seat to act has no move")
    return state


def _check_board(state: State) -> None:
    """What building leaves on the board: every walled-in region a city (or the one the last
    wall closes), houses only beside walls, and while every supply lasts (`ending` false) a
    tower at both ends of every wall whose towers are placed and a building in every city."""
    cities = 0
    for city in state.cities:
        first = city.fields & -city.fields
        if enclosure(state.walls, first.bit_length() - 1) != city.fields:
            raise _read.fail(f"the city on {', '.join(_fields(city.fields))} is not one walled-in region")
        cities |= city.fields
    stray = walled_in(state.walls) & ~cities & ~state.closing
    if stray:
        region = enclosure(state.walls, (stray & -stray).bit_length() - 1)
        raise _read.fail(f"the walls enclose {', '.join(_fields(region))}, which is no city")
    for field, here in enumerate(state.houses):
        houses = sum(here)
        if houses and houses > (beside := (state.walls & FIELD_LINE_MASK[field]).bit_count()):
            raise _read.fail(
                f"{FIELD_NAMES[field]} has {_count(houses, 'house')} and {_count(beside, 'wall')} beside it:"
                " each wall brings a field beside it one house at most"
            )
    if state.ending:
        return
    placing = state.last_wall if state.phase == TOWERS else -1
    for line in bits(state.walls):
        if line != placing and any(state.towers[corner] < 0 for corner in LINE_ENDS[line]):
            raise _read.fail(f"wall {line + 1} lacks a tower at an end while the towers last")
    for city in state.cities:
        if not any(city.houses) and not any(city.palaces):
            raise _read.fail(
                f"the city on {', '.join(_fields(city.fields))} has no building while the houses last"
            )


# -- what `loads` refuses, shown on a save ------------------------------------------------------------


def impossible_saves(saved: str) -> list[tuple[str, str]]:
    """`saved` changed into positions no game reaches (`Engine.impossible_saves`), where the
    position allows: a city taken off the board (its walls still enclose it), `closing`
    emptied while the last wall closes a region, a house on a field with no wall beside it,
    and, while the supplies last, a wall's tower or a city's buildings put back in the supply."""
    data = json.loads(saved)
    found: list[tuple[str, str]] = []
    supply = data["supply"]
    cities = data["cities"]
    others = [index for index in range(len(cities)) if index != data["city"]]
    if others:
        index = others[0]
        gone = cities[index]
        city = data["city"]
        found.append(
            changed(
                data,
                "a walled-in region that is no city",
                cities=cities[:index] + cities[index + 1 :],
                city=city if city is None or city < index else city - 1,
                supply={**supply, **_given_back(supply, gone)},
            )
        )
    if data["closing"]:
        found.append(changed(data, "closing empty while the last wall walls in a region", closing=[]))
    walls = sum(1 << number - 1 for number in data["walls"])
    in_cities = {name for city in cities for name in city["fields"]}
    bare = [
        name
        for field, name in enumerate(FIELD_NAMES)
        if not walls & FIELD_LINE_MASK[field] and name not in in_cities and name not in data["houses"]
    ]
    colour = next((c for c, left in enumerate(supply["houses"]) if left), -1)
    if bare and colour >= 0:
        houses = [0] * len(HOUSE_COLOURS)
        houses[colour] = 1
        left = list(supply["houses"])
        left[colour] -= 1
        found.append(
            changed(
                data,
                "a house on a field with no wall beside it",
                houses={**data["houses"], bare[0]: houses},
                supply={**supply, "houses": left},
            )
        )
    if data["ending"]:
        return found
    placing = data["last_wall"] if data["phase"] == "towers" else None
    towered = [
        corner
        for number in data["walls"]
        if number != placing
        for corner in LINE_ENDS[number - 1]
        if data["towers"][corner] is not None
    ]
    if towered:
        towers = list(data["towers"])
        left = list(supply["towers"])
        left[TOWER_COLOURS.index(towers[towered[0]])] += 1
        towers[towered[0]] = None
        found.append(
            changed(
                data,
                "a wall without a tower at an end while the towers last",
                towers=towers,
                supply={**supply, "towers": left},
            )
        )
    if cities:
        index = min(range(len(cities)), key=lambda i: any(cities[i]["palaces"]))
        empty = {**cities[index], "houses": [0] * len(HOUSE_COLOURS), "palaces": [0] * len(HOUSE_COLOURS)}
        found.append(
            changed(
                data,
                "a city without buildings while the houses last",
                cities=[empty if i == index else city for i, city in enumerate(cities)],
                supply={**supply, **_given_back(supply, cities[index])},
            )
        )
    return found


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" + ("" if number == 1 else "s")


def _given_back(supply: dict[str, Any], city: dict[str, Any]) -> dict[str, list[int]]:
    """The house and palace supplies with a city's buildings put back."""
    return {
        kind: [left + there for left, there in zip(supply[kind], city[kind], strict=True)]
        for kind in ("houses", "palaces")
    }
