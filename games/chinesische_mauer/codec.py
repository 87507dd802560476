"""The state as versioned JSON (format "chinesische-mauer", version 2), validated on load.

`loads` accepts only what the rules can produce: every field present with its
type, seats and positions in range, each player's 20 cards and the 36 tiles
all accounted for, and a position in which the player to move can move.
Anything else is a ValueError.

Version 1 lacked the turn count (`turns`), which cannot be recovered from a
position, so a version 1 state is refused like a damaged one: the stored
state is only a cache, and the service rebuilds it from the move log.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from games.chinesische_mauer.data import DECK_COUNTS
from games.chinesische_mauer.data import DRAGON
from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.data import SITES_BY_PLAYERS
from games.chinesische_mauer.data import TILE_SET
from games.chinesische_mauer.rules import eligible_sites
from games.chinesische_mauer.rules import legal_actions
from games.chinesische_mauer.rules import new_game
from games.chinesische_mauer.state import FREE
from games.chinesische_mauer.state import Site
from games.chinesische_mauer.state import Stack
from games.chinesische_mauer.state import State
from games.chinesische_mauer.state import closed_site
from games.chinesische_mauer.state import make_site
from games.kit.codec import SaveReader
from games.kit.codec import changed
from games.kit.codec import write

__all__ = ["FORMAT", "VERSION", "dumps", "impossible_saves", "loads"]

FORMAT = "chinesische-mauer"
VERSION = 2

_TILE_VALUES = frozenset(TILE_SET)
#: More turns than any game can have: every turn plays or draws a card, or
#: scores, and a game has at most 5 × 35 card moves and 36 tiles.
_MAX_TURNS = 1 << 16


def _kinds(counts: tuple[int, ...]) -> list[str]:
    return [KINDS[kind] for kind, count in enumerate(counts) for _ in range(count)]


def dumps(state: State) -> str:
    data = {
        "players": state.players,
        "rng": state.rng,
        "turn": state.turn,
        "pending": list(state.pending),
        "actions_done": state.actions_done,
        "hands": [_kinds(hand) for hand in state.hands],
        "decks": [[KINDS[kind] for kind in deck] for deck in state.decks],
        "discarded": [_kinds(counts) for counts in state.discarded],
        "sites": [
            {
                "open": site.open,
                "tiles": [{"value": value, "on": None if on == FREE else on} for value, on in site.tiles],
                "cards": [
                    [{"owner": owner, "kind": KINDS[kind]} for owner, kind in stack] for stack in site.cards
                ],
            }
            for site in state.sites
        ],
        "supply": list(state.supply),
        "removed": [list(pair) for pair in state.removed],
        "won": [list(tiles) for tiles in state.won],
        "last_round": (
            None
            if state.last_round is None
            else {"started_by": state.last_round, "cards_closed": state.cards_closed}
        ),
        "over": state.over,
        "turns": state.turns,
    }
    return write(FORMAT, VERSION, data)


# -- loading --------------------------------------------------------------------------------------

#: Every save has the fields of a new game's.
_read = SaveReader("Chinesische Mauer", dumps(new_game(2, 0)))


def _kind(value: Any, what: str) -> int:
    return _read.choice(value, what, KINDS)


def _counts(value: Any, what: str) -> tuple[int, ...]:
    counts = [0] * len(KINDS)
    for name in _read.array(value, what):
        counts[_kind(name, what)] += 1
    return tuple(counts)


def _tile(value: Any, what: str) -> int:
    if type(value) is not int or value not in _TILE_VALUES:
        raise _read.fail(f"{what} must be a fame tile value")
    return value


def _site(value: Any, index: int, players: int) -> Site:
    what = f"site {index}"
    data = _read.fields(value, what, ("open", "tiles", "cards"))
    stacks: list[Stack] = []
    for position, raw_stack in enumerate(_read.array(data["cards"], f"{what} cards")):
        cards = []
        for depth, raw in enumerate(_read.array(raw_stack, f"{what} position {position}")):
            card = _read.fields(raw, f"{what} card", ("owner", "kind"))
            kind = _kind(card["kind"], f"{what} card kind")
            if depth > 0 and kind != DRAGON:
                raise _read.fail(f"{what} position {position}: only dragons cover cards")
            cards.append((_read.integer(card["owner"], f"{what} card owner", 0, players), kind))
        if not cards:
            raise _read.fail(f"{what} position {position} is empty")
        stacks.append(tuple(cards))
    tiles = []
    for raw in _read.array(data["tiles"], f"{what} tiles"):
        tile = _read.fields(raw, f"{what} tile", ("value", "on"))
        on = (
            FREE if tile["on"] is None else _read.integer(tile["on"], f"{what} tile position", 0, len(stacks))
        )
        tiles.append((_tile(tile["value"], f"{what} tile"), on))
    if not _read.boolean(data["open"], f"{what} open"):
        if tiles or stacks:
            raise _read.fail(f"closed {what} must be empty")
        return closed_site(players)
    # An open site always shows two tiles; the second scoring clears it at once.
    if len(tiles) != 2 or all(on != FREE for _, on in tiles):
        raise _read.fail(f"{what} must hold two tiles, at least one of them free")
    return make_site(players, tuple(tiles), tuple(stacks))


def loads(text: str) -> State:
    # Version 1 kept no turn count; no other version was ever written.
    data = _read.versioned(text, "; replay the move log instead")
    players = data["players"]
    if type(players) is not int or players not in SITES_BY_PLAYERS:
        raise _read.fail("players must be 2 to 5")
    sites = tuple(
        _site(raw, index, players)
        for index, raw in enumerate(_read.array(data["sites"], "sites", SITES_BY_PLAYERS[players]))
    )
    pending = tuple(
        _read.integer(site, "pending site", 0, len(sites)) for site in _read.array(data["pending"], "pending")
    )
    if len(set(pending)) != len(pending):
        raise _read.fail("pending sites repeat")
    removed = []
    for raw in _read.array(data["removed"], "removed"):
        pair = _read.array(raw, "removed pair", 2)
        first, second = _tile(pair[0], "removed tile"), _tile(pair[1], "removed tile")
        if players != 2 or first != second:
            raise _read.fail("only a 2-player game removes pairs, and only equal ones")
        removed.append((first, second))
    last = data["last_round"]
    if last is None:
        last_round, cards_closed = None, False
    else:
        last = _read.fields(last, "last_round", ("started_by", "cards_closed"))
        last_round = _read.integer(last["started_by"], "last_round started_by", 0, players)
        cards_closed = _read.boolean(last["cards_closed"], "last_round cards_closed")
    state = State(
        players=players,
        rng=_read.integer(data["rng"], "rng", 0, 1 << 64),
        turn=_read.integer(data["turn"], "turn", 0, players),
        pending=pending,
        actions_done=_read.integer(data["actions_done"], "actions_done", 0, 2),
        hands=tuple(_counts(hand, "hand") for hand in _read.array(data["hands"], "hands", players)),
        decks=tuple(
            tuple(_kind(kind, "deck card") for kind in _read.array(deck, "deck"))
            for deck in _read.array(data["decks"], "decks", players)
        ),
        discarded=tuple(
            _counts(cards, "discarded") for cards in _read.array(data["discarded"], "discarded", players)
        ),
        sites=sites,
        supply=tuple(_tile(value, "supply tile") for value in _read.array(data["supply"], "supply")),
        removed=tuple(removed),
        won=tuple(
            tuple(_tile(value, "won tile") for value in _read.array(tiles, "won tiles"))
            for tiles in _read.array(data["won"], "won", players)
        ),
        last_round=last_round,
        cards_closed=cards_closed,
        over=_read.boolean(data["over"], "over"),
        turns=_read.integer(data["turns"], "turns", 0, _MAX_TURNS),
    )
    _check_accounting(state)
    _check_flow(state)
    return state


def _check_accounting(state: State) -> None:
    """Each player's 20 cards and the 36 tiles are all somewhere, exactly once."""
    on_board = [[0] * len(KINDS) for _ in range(state.players)]
    for site in state.sites:
        for stack in site.cards:
            for owner, kind in stack:
                on_board[owner][kind] += 1
    for seat in range(state.players):
        in_deck = Counter(state.decks[seat])
        for kind, expected in enumerate(DECK_COUNTS):
            found = (
                state.hands[seat][kind] + in_deck[kind] + state.discarded[seat][kind] + on_board[seat][kind]
            )
            if found != expected:
                raise _read.fail(f"seat {seat} has {found} cards of kind {KINDS[kind]}, not {expected}")
    tiles = [*state.supply, *(value for pair in state.removed for value in pair)]
    tiles += [value for site in state.sites for value, _ in site.tiles]
    tiles += [value for won in state.won for value in won]
    if sorted(tiles) != list(TILE_SET):
        raise _read.fail("the fame tiles do not add up to the 36 of the game")
    if len(state.supply) % 2:
        raise _read.fail("tiles leave the supply in pairs")


def _check_flow(state: State) -> None:
    """Only positions the turn flow can reach: someone can move unless the game is over."""
    if state.cards_closed and state.last_round is None:
        raise _read.fail("cards can close only in the last round")
    if state.last_round is not None:
        seat = state.last_round
        if state.decks[seat] or any(state.hands[seat]):
            raise _read.fail("the last round starts with a seat that has no cards")
    if state.over:
        if state.pending or state.actions_done:
            raise _read.fail("a finished game has nothing pending")
        return
    if state.pending and state.actions_done:
        raise _read.fail("scoring comes before the actions")
    if not set(state.pending) <= set(eligible_sites(state.sites, state.turn)):
        raise _read.fail("a pending site is not led by the player to move")
    if not legal_actions(state, state.turn):
        raise _read.fail("the player to move has no move")


# -- what `loads` refuses, shown on a save ------------------------------------------------------------


def impossible_saves(saved: str) -> list[tuple[str, str]]:
    """`saved` changed into positions no game reaches (`Engine.impossible_saves`), where the
    position allows: the last round begun by a seat that still has cards, a finished game
    with a scoring or an action still to come, and a fame tile won straight from the supply."""
    data = json.loads(saved)
    found: list[tuple[str, str]] = []
    holding = [seat for seat in range(data["players"]) if data["hands"][seat] or data["decks"][seat]]
    if data["last_round"] is None and holding:
        found.append(
            changed(
                data,
                "the last round begun by a seat that still has cards",
                last_round={"started_by": holding[0], "cards_closed": False},
            )
        )
    if not data["over"] and (data["pending"] or data["actions_done"]):
        found.append(changed(data, "a finished game with a scoring or an action still to come", over=True))
    if data["supply"]:
        won = [list(tiles) for tiles in data["won"]]
        won[data["turn"]].append(data["supply"][0])
        found.append(
            changed(data, "a fame tile won straight from the supply", supply=data["supply"][1:], won=won)
        )
    return found
