"""The state as versioned JSON (format "china", version 1), validated on load.

Only what cannot be derived is stored; supplies, free spaces, emissary
limits and the points of provinces scored during play are rebuilt on load
(`state.derive`). `loads` accepts only what the rules can produce: every
field present with its type, seats, spaces and counts in range, the cards
of the game all accounted for, supplies not overdrawn, the emissary limit
kept, and a turn that can go on (or a game that has ended as the rules end
it). Anything else is a ValueError.
"""

from __future__ import annotations

import json
from typing import Any

from games.china.data import COLOURS
from games.china.data import EMISSARIES
from games.china.data import FORTRESSES
from games.china.data import HAND_SIZE
from games.china.data import HOUSES
from games.china.data import OPEN_CARDS
from games.china.data import PROVINCES
from games.china.data import SIDE_PLAYERS
from games.china.data import VERSION_OF
from games.china.data import VERSION_SPACES
from games.china.rules import MAX_CARDS
from games.china.rules import MAX_PIECES
from games.china.rules import anyone_can_place
from games.china.rules import new_game
from games.china.rules import total_cards
from games.china.state import OVER
from games.china.state import PLACE
from games.china.state import REFILL
from games.china.state import STEPS
from games.china.state import State
from games.china.state import from_stored
from games.china.state import full_mask
from games.china.view import cards_of
from games.kit.codec import SaveReader
from games.kit.codec import changed
from games.kit.codec import write

__all__ = ["FORMAT", "VERSION", "dumps", "impossible_saves", "loads"]

FORMAT = "china"
VERSION = 1

_PROVINCE_KEYS = ("id", "houses", "fortresses", "emissaries")
#: Per province, the numbers of house spaces it has on some version of the board.
_LENGTHS = tuple(frozenset(spaces[p] for spaces in VERSION_SPACES.values()) for p in range(len(PROVINCES)))
#: More turns than any game can have (every turn but a pass moves a card; a pass ends the game soon).
_MAX_TURNS = 1 << 16


def dumps(state: State) -> str:
    data = {
        "players": state.players,
        "side": state.side,
        "fortresses": state.fortresses,
        "rng": state.rng,
        "start": state.start,
        "turn": state.turn,
        "turns": state.turns,
        "step": STEPS[state.step],
        "province": PROVINCES[state.province] if state.province >= 0 else None,
        "placed": state.placed,
        "cards_used": state.cards_used,
        "hands": [cards_of(hand) for hand in state.hands],
        # Top card last.
        "deck": [COLOURS[colour] for colour in state.deck],
        "open": cards_of(state.open),
        "discard": cards_of(state.discard),
        "exhausted": state.exhausted,
        "provinces": [
            {
                "id": PROVINCES[p],
                "houses": [None if owner < 0 else owner for owner in state.board[p]],
                "fortresses": [
                    space + 1 for space in range(len(state.board[p])) if state.forts[p] >> space & 1
                ],
                "emissaries": list(state.envoys[p]),
            }
            for p in range(len(PROVINCES))
        ],
        "fortresses_left": list(state.forts_left),
    }
    return write(FORMAT, VERSION, data)


# -- loading -----------------------------------------------------------------------------------------

#: Every save has the fields of a new game's.
_read = SaveReader("China", dumps(new_game(3, 0, "B", "off")))


def _colour(value: Any, what: str) -> int:
    return _read.choice(value, what, COLOURS)


def _counts(value: Any, what: str, most: int) -> tuple[int, ...]:
    counts = [0] * len(COLOURS)
    names = _read.array(value, what)
    if len(names) > most:
        raise _read.fail(f"{what} holds more than {most} cards")
    for name in names:
        counts[_colour(name, what)] += 1
    if cards_of(tuple(counts)) != names:
        raise _read.fail(f"{what} must list its cards in colour order")
    return tuple(counts)


def loads(text: str) -> State:
    data = _read.versioned(text)
    players = _read.integer(data["players"], "players", 3, 6)
    side = data["side"]
    if type(side) is not str or side not in SIDE_PLAYERS or players not in SIDE_PLAYERS[side]:
        raise _read.fail(f"side {side!r} is not a board side for {players} players")
    fortresses = _read.boolean(data["fortresses"], "fortresses")
    step = _read.choice(data["step"], "step", STEPS)
    province = -1 if data["province"] is None else _read.choice(data["province"], "province", PROVINCES)
    board, forts, envoys = [], [], []
    for p, raw in enumerate(_read.array(data["provinces"], "provinces", len(PROVINCES))):
        entry = _read.fields(raw, f"province {p + 1}", _PROVINCE_KEYS)
        if entry["id"] != PROVINCES[p]:
            raise _read.fail(f"province {p + 1} must be {PROVINCES[p]}")
        houses = _read.array(entry["houses"], f"houses of {PROVINCES[p]}")
        if len(houses) not in _LENGTHS[p]:
            lengths = " or ".join(str(n) for n in sorted(_LENGTHS[p]))
            raise _read.fail(f"houses of {PROVINCES[p]} must be a list of {lengths} items")
        board.append(
            tuple(
                -1 if owner is None else _read.integer(owner, f"a house in {PROVINCES[p]}", 0, players)
                for owner in houses
            )
        )
        mask = 0
        for number in _read.array(entry["fortresses"], f"fortresses of {PROVINCES[p]}"):
            bit = 1 << (_read.integer(number, f"a fortress space in {PROVINCES[p]}", 1, len(houses) + 1) - 1)
            if bit <= mask:
                raise _read.fail(f"fortresses of {PROVINCES[p]} must be ascending space numbers")
            mask |= bit
        forts.append(mask)
        envoys.append(
            tuple(
                _read.integer(n, f"emissaries in {PROVINCES[p]}", 0, EMISSARIES + 1)
                for n in _read.array(entry["emissaries"], f"emissaries of {PROVINCES[p]}", players)
            )
        )
    if tuple(len(row) for row in board) not in VERSION_OF:
        raise _read.fail("the provinces' house spaces are not those of one version of the board")
    state = from_stored(
        players=players,
        side=side,
        fortresses=fortresses,
        rng=_read.integer(data["rng"], "rng", 0, 1 << 64),
        start=_read.integer(data["start"], "start", 0, players),
        turn=_read.integer(data["turn"], "turn", 0, players),
        turns=_read.integer(data["turns"], "turns", 0, _MAX_TURNS),
        step=step,
        province=province,
        placed=_read.integer(data["placed"], "placed", 0, MAX_PIECES + 1),
        cards_used=_read.integer(data["cards_used"], "cards_used", 0, MAX_CARDS + 1),
        hands=tuple(
            _counts(hand, "a hand", HAND_SIZE) for hand in _read.array(data["hands"], "hands", players)
        ),
        deck=tuple(_colour(name, "a deck card") for name in _read.array(data["deck"], "deck")),
        open=_counts(data["open"], "open", OPEN_CARDS),
        discard=_counts(data["discard"], "discard", sum(total_cards(players))),
        exhausted=_read.integer(data["exhausted"], "exhausted", 0, 3),
        board=tuple(board),
        forts=tuple(forts),
        envoys=tuple(envoys),
        forts_left=tuple(
            _read.integer(n, "fortresses_left", 0, FORTRESSES + 1)
            for n in _read.array(data["fortresses_left"], "fortresses_left", players)
        ),
    )
    _check_pieces(state)
    _check_cards(state)
    _check_turn(state)
    return state


def _check_pieces(state: State) -> None:
    if any(n < 0 for n in state.houses_left):
        raise _read.fail(f"a seat has more than {HOUSES} houses on the board")
    if any(n < 0 for n in state.envoys_left):
        raise _read.fail(f"a seat has more than {EMISSARIES} emissaries on the board")
    for p in range(len(PROVINCES)):
        if state.envoy_total[p] > state.cap[p]:
            raise _read.fail(
                f"{PROVINCES[p]} has more emissaries than its largest number of houses of one seat"
            )
        if state.forts[p] & ~full_mask(state.board[p]):
            raise _read.fail(f"a fortress of {PROVINCES[p]} is off the board")
    placed = sum(state.forts[p].bit_count() for p in range(len(PROVINCES)))
    if not state.fortresses and (placed or any(state.forts_left)):
        raise _read.fail("fortresses in a game without them")
    if state.fortresses and placed != sum(FORTRESSES - n for n in state.forts_left):
        raise _read.fail("the fortresses on the board are not those gone from the supplies")


def _check_cards(state: State) -> None:
    found = [
        sum(hand[c] for hand in state.hands) + state.deck.count(c) + state.open[c] + state.discard[c]
        for c in range(len(COLOURS))
    ]
    if tuple(found) != total_cards(state.players):
        raise _read.fail("the cards do not add up to those of the game")
    if state.exhausted < 2 and not state.deck:
        raise _read.fail("an empty deck is reshuffled at once the first time it runs out")
    if state.exhausted < 2 and state.step == PLACE and sum(state.open) < OPEN_CARDS:
        raise _read.fail("the open row is refilled while the deck lasts")


def _check_turn(state: State) -> None:
    """Only positions the turn flow can reach."""
    seat = state.turn
    hand = sum(state.hands[seat])
    if state.step == OVER:
        ended_by_round = state.exhausted >= 2 and seat == (state.start - 1) % state.players
        if not ended_by_round and anyone_can_place(state):
            raise _read.fail("the game ended while it should go on")
        return
    if any(sum(hand) > HAND_SIZE for hand in state.hands):
        raise _read.fail("a hand holds more than 3 cards")
    if state.placed == 0:
        if state.province != -1 or state.cards_used:
            raise _read.fail("a turn without pieces placed has no province and no cards used")
        if state.step != PLACE:
            raise _read.fail("refilling comes only after placing")
        return
    if state.province < 0 or not state.placed <= state.cards_used <= state.placed * 2:
        raise _read.fail("the pieces placed, their province and the cards paid do not fit")
    if state.step == PLACE and (state.placed >= MAX_PIECES or state.cards_used >= MAX_CARDS or not hand):
        raise _read.fail("placing goes on only while a piece and a card may follow")
    if state.step == REFILL and (hand >= HAND_SIZE or not (state.deck or any(state.open))):
        raise _read.fail("refilling goes on only while cards are missing and there are some to take")


# -- what `loads` refuses, shown on a save ------------------------------------------------------------


def impossible_saves(saved: str) -> list[tuple[str, str]]:
    """`saved` changed into positions no game reaches (`Engine.impossible_saves`), where the
    position allows: an open card put back on the deck while the deck lasts, a province
    chosen before any piece is placed, and a game ended while someone can still place."""
    data = json.loads(saved)
    found: list[tuple[str, str]] = []
    placing = data["step"] == STEPS[PLACE]
    if placing and data["exhausted"] < 2 and data["open"]:
        found.append(
            changed(
                data,
                "an open card missing while the deck lasts",
                open=data["open"][1:],
                deck=[*data["deck"], data["open"][0]],
            )
        )
    if placing and not data["placed"]:
        found.append(changed(data, "a province chosen before any piece is placed", province=PROVINCES[0]))
    if data["step"] != STEPS[OVER] and data["exhausted"] < 2 and anyone_can_place(loads(saved)):
        found.append(changed(data, "a game over while someone can still place", step=STEPS[OVER]))
    return found
