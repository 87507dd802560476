"""The rules: a new game, the legal moves of a position, making a move, and what it reveals.

Turn flow (see docs/chinesische-mauer.md): a turn starts with the sites the
player leads fixed as `pending`; each must be scored (`PlaceTile` or
`TakeTile`, in any order) before anything else. Then come two ordinary
actions (`PlayCards`, `DragonOn`, `Draw`); free horseman plays are allowed
between them. A turn with no decision at all is passed over automatically.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import TypeVar

from games.chinesische_mauer.actions import DRAW
from games.chinesische_mauer.actions import Action
from games.chinesische_mauer.actions import DragonOn
from games.chinesische_mauer.actions import Draw
from games.chinesische_mauer.actions import PlaceTile
from games.chinesische_mauer.actions import PlayCards
from games.chinesische_mauer.actions import TakeTile
from games.chinesische_mauer.actions import dragon_targets
from games.chinesische_mauer.actions import place_tile
from games.chinesische_mauer.actions import plays_for_hand
from games.chinesische_mauer.actions import take_tile
from games.chinesische_mauer.data import DECK_COUNTS
from games.chinesische_mauer.data import DRAGON
from games.chinesische_mauer.data import HAND_SIZE
from games.chinesische_mauer.data import HORSEMAN
from games.chinesische_mauer.data import KINDS
from games.chinesische_mauer.data import SITES_BY_PLAYERS
from games.chinesische_mauer.data import TILE_SET
from games.chinesische_mauer.state import FREE
from games.chinesische_mauer.state import Site
from games.chinesische_mauer.state import Stack
from games.chinesische_mauer.state import State
from games.chinesische_mauer.state import all_tiles_awarded
from games.chinesische_mauer.state import append_cards
from games.chinesische_mauer.state import closed_site
from games.chinesische_mauer.state import make_site
from games.chinesische_mauer.words import card_name
from games.chinesische_mauer.words import illegal
from games.core import Player
from games.core import Rng

__all__ = [
    "apply",
    "current_turn",
    "eligible_sites",
    "legal_actions",
    "new_game",
    "reveal_pair",
    "reveals",
    "start_turn",
    "to_act",
    "turn_number",
]

T = TypeVar("T")

_KIND_INDEX = {name: index for index, name in enumerate(KINDS)}
_FULL_DECK: tuple[int, ...] = tuple(kind for kind, count in enumerate(DECK_COUNTS) for _ in range(count))


def new_game(players: int, seed: int) -> State:
    """Shuffle the tiles and each deck, reveal the sites' tiles, deal, pick the first player.

    The player count is checked by `setup` (`games.kit.engine.setup_options`), as every game's."""
    rng = Rng.seed(seed)
    tiles, rng = Rng.shuffle(rng, TILE_SET)
    supply: tuple[int, ...] = tuple(tiles)
    removed: tuple[tuple[int, int], ...] = ()
    sites = []
    for _ in range(SITES_BY_PLAYERS[players]):
        pair, supply, removed = reveal_pair(players, supply, removed)
        # 36 tiles always fill the first pairs, even in a 2-player game.
        assert pair is not None
        sites.append(make_site(players, ((pair[0], FREE), (pair[1], FREE)), ()))
    hands, decks = [], []
    for _ in range(players):
        deck, rng = Rng.shuffle(rng, _FULL_DECK)
        hand = [0] * len(KINDS)
        for kind in deck[:HAND_SIZE]:
            hand[kind] += 1
        hands.append(tuple(hand))
        decks.append(tuple(deck[HAND_SIZE:]))
    first, rng = Rng.below(rng, players)
    nothing = (0,) * len(KINDS)
    state = State(
        players=players,
        rng=rng,
        turn=first,
        pending=(),
        actions_done=0,
        hands=tuple(hands),
        decks=tuple(decks),
        discarded=(nothing,) * players,
        sites=tuple(sites),
        supply=supply,
        removed=removed,
        won=((),) * players,
        last_round=None,
        cards_closed=False,
        over=False,
        turns=0,
    )
    return start_turn(state, first)


def reveal_pair(
    players: int, supply: tuple[int, ...], removed: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int] | None, tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Reveal the next two tiles; with 2 players an equal pair leaves the game and
    another is revealed. None when the supply runs out (the site closes)."""
    while len(supply) >= 2:
        pair = (supply[0], supply[1])
        supply = supply[2:]
        if players == 2 and pair[0] == pair[1]:
            removed = (*removed, pair)
            continue
        return pair, supply, removed
    return None, supply, removed


def eligible_sites(sites: tuple[Site, ...], seat: int) -> tuple[int, ...]:
    """The sites where `seat` now has strictly more points than every other present seat."""
    return tuple(index for index, site in enumerate(sites) if site.leader == seat)


def _has_cards(state: State, seat: int) -> bool:
    return bool(state.decks[seat]) or any(state.hands[seat])


def start_turn(state: State, seat: int) -> State:
    """Give the turn to `seat`, or to the next seat that has a decision; end the game
    when nobody has one any more.

    Seats are passed over when they have nothing to score and may not (cards
    closed) or cannot (no cards) play. Once cards are closed, a full round of
    seats without a scoring ends the game (end condition b).
    """
    players = state.players
    closed = state.cards_closed
    idle = 0
    # Bounded: at most one round until cards close, then one idle round ends the game.
    for _ in range(2 * players + 1):
        if state.last_round == seat and not closed:
            closed, idle = True, 0
        pending = eligible_sites(state.sites, seat)
        if pending or (not closed and _has_cards(state, seat)):
            return _turn_of(state, seat, pending, closed, over=False)
        idle += 1
        if closed and idle >= players:
            break
        seat = (seat + 1) % players
    return _turn_of(state, seat, (), closed, over=True)


def _turn_of(state: State, seat: int, pending: tuple[int, ...], closed: bool, over: bool) -> State:
    # The turn number counts changes of the seat to move (the contract's
    # `turn_number`): a seat that moves again because everyone between was
    # passed over goes on in the same turn, and the count stays when the game ends.
    turns = state.turns if over or seat == state.turn else state.turns + 1
    # Built field by field: once per turn, and `_replace` costs twice as much.
    return State(
        state.players,
        state.rng,
        seat,
        pending,
        0,
        state.hands,
        state.decks,
        state.discarded,
        state.sites,
        state.supply,
        state.removed,
        state.won,
        state.last_round,
        closed,
        over,
        turns,
    )


def _next_turn(state: State) -> State:
    return start_turn(state, (state.turn + 1) % state.players)


# -- legal moves ----------------------------------------------------------------------------------


# `to_act` is called at every step: hand out shared sets instead of new ones.
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(5))


def to_act(state: State) -> frozenset[int]:
    """One seat at a time; nobody once the game is over."""
    return _NOBODY if state.over else _ONLY[state.turn]


def current_turn(state: State) -> int | None:
    return None if state.over else int(state.turn)


def turn_number(state: State) -> int:
    return int(state.turns)


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.over or seat != state.turn:
        return []
    if state.pending:
        return _scoring_actions(state, seat)
    if state.cards_closed:
        return []
    sites = state.sites
    open_sites = tuple(index for index, site in enumerate(sites) if site.open)
    hand = state.hands[seat]
    out: list[Action] = list(plays_for_hand(hand, open_sites))
    if hand[DRAGON]:
        for index in open_sites:
            site = sites[index]
            out.extend(dragon_targets(index, len(site.cards), _tiled_position(site)))
    if state.decks[seat]:
        out.append(DRAW)
    return out


def _scoring_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    for index in state.pending:
        site = state.sites[index]
        free = _free_values(site)
        if len(free) == 1:
            out.append(take_tile(index))
            continue
        mine = [position for position, stack in enumerate(site.cards) if stack[-1][0] == seat]
        # Two free tiles of equal value are one choice, not two.
        for value in dict.fromkeys(free):
            out.extend(place_tile(index, value, position) for position in mine)
    return out


def _free_values(site: Site) -> list[int]:
    return [value for value, on in site.tiles if on == FREE]


def _tiled_position(site: Site) -> int:
    """The position of the card carrying a tile, or FREE when no tile lies on a card."""
    for _, on in site.tiles:
        if on != FREE:
            return on
    return FREE


# -- making a move --------------------------------------------------------------------------------


def apply(state: State, seat: int, action: object) -> State:
    """The state after `seat` makes `action`; IllegalAction with the reason otherwise."""
    kind = type(action)
    if kind not in _HANDLERS:
        raise illegal("cm.error.unknown_action")
    if state.over:
        raise illegal("cm.error.game_over")
    if seat != state.turn:
        raise illegal("cm.error.not_your_turn", player=Player(state.turn))
    return _HANDLERS[kind](state, seat, action)


def _site(state: State, site: object) -> Site:
    if type(site) is not int:
        raise illegal("cm.error.unknown_action")
    if not 0 <= site < len(state.sites):
        raise illegal("cm.error.no_site", site=site + 1)
    found = state.sites[site]
    if not found.open:
        raise illegal("cm.error.site_closed", site=site + 1)
    return found


def _position(site: Site, index: int, position: object) -> None:
    if type(position) is not int:
        raise illegal("cm.error.unknown_action")
    if not 0 <= position < len(site.cards):
        raise illegal("cm.error.no_position", site=index + 1, position=position + 1)


def _scoring_site(state: State, index: int) -> tuple[Site, list[int]]:
    """Site `index`, which must be one to score now, and the values of its tiles still free."""
    site = _site(state, index)
    if index not in state.pending:
        raise illegal("cm.error.no_scoring", site=index + 1)
    return site, _free_values(site)


def _place_tile(state: State, seat: int, action: PlaceTile) -> State:
    index = action.site
    site, free = _scoring_site(state, index)
    if len(free) == 1:
        raise illegal("cm.error.take_tile", site=index + 1)
    if type(action.value) is not int:
        raise illegal("cm.error.unknown_action")
    if action.value not in free:
        raise illegal("cm.error.no_such_tile", value=action.value, site=index + 1)
    _position(site, index, action.position)
    if site.cards[action.position][-1][0] != seat:
        raise illegal("cm.error.not_your_card", site=index + 1, position=action.position + 1)
    slot = site.tiles.index((action.value, FREE))
    tiles = list(site.tiles)
    tiles[slot] = (action.value, action.position)
    sites = _with(state.sites, index, make_site(state.players, tuple(tiles), site.cards))
    return _after_scoring(state._replace(sites=sites), index)


def _take_tile(state: State, seat: int, action: TakeTile) -> State:
    index = action.site
    site, free = _scoring_site(state, index)
    if len(free) == 2:
        raise illegal("cm.error.lay_tile_first", site=index + 1)
    won = list(state.won)
    won[seat] = (*won[seat], free[0])
    for value, on in site.tiles:
        if on != FREE:
            owner = site.cards[on][-1][0]
            won[owner] = (*won[owner], value)
    discarded = [list(counts) for counts in state.discarded]
    for stack in site.cards:
        for owner, kind in stack:
            discarded[owner][kind] += 1
    pair, supply, removed = reveal_pair(state.players, state.supply, state.removed)
    refilled = (
        closed_site(state.players)
        if pair is None
        else make_site(state.players, ((pair[0], FREE), (pair[1], FREE)), ())
    )
    sites = _with(state.sites, index, refilled)
    state = state._replace(
        sites=sites,
        supply=supply,
        removed=removed,
        won=tuple(won),
        discarded=tuple(tuple(counts) for counts in discarded),
    )
    if all_tiles_awarded(sites):
        # End condition a: the last tile that could still be revealed was awarded.
        return state._replace(pending=(), over=True)
    return _after_scoring(state, index)


def _after_scoring(state: State, index: int) -> State:
    pending = tuple(site for site in state.pending if site != index)
    state = state._replace(pending=pending)
    if pending or (not state.cards_closed and _has_cards(state, state.turn)):
        return state
    return _next_turn(state)


def _ordinary(state: State) -> None:
    """Checks shared by every card play: cards must not be closed, and scoring comes first."""
    if state.cards_closed:
        raise illegal("cm.error.cards_closed")
    if state.pending:
        raise illegal("cm.error.resolve_first", site=state.pending[0] + 1)


def _take_from_hand(state: State, seat: int, kind: int, count: int) -> tuple[int, ...]:
    hand = state.hands[seat]
    have = hand[kind]
    if have == 0:
        raise illegal("cm.error.no_card", card=card_name(kind))
    if have < count:
        raise illegal("cm.error.too_few", count=have, cards=card_name(kind, have))
    return (*hand[:kind], have - count, *hand[kind + 1 :])


def _play_cards(state: State, seat: int, action: PlayCards) -> State:
    _ordinary(state)
    kind = _KIND_INDEX.get(action.kind) if type(action.kind) is str else None
    if kind is None:
        raise illegal("cm.error.unknown_card", name=str(action.kind))
    if type(action.count) is not int or action.count < 1:
        raise illegal("cm.error.count")
    if action.free is not False and (action.free is not True or kind != HORSEMAN):
        raise illegal("cm.error.free_horsemen_only")
    site = _site(state, action.site)
    hand = _take_from_hand(state, seat, kind, action.count)
    sites = _with(state.sites, action.site, append_cards(site, seat, kind, action.count))
    hands = _with(state.hands, seat, hand)
    return _after_action(state, seat, hands, sites, state.decks, counts=not action.free)


def _dragon_on(state: State, seat: int, action: DragonOn) -> State:
    _ordinary(state)
    hand = _take_from_hand(state, seat, DRAGON, 1)
    site = _site(state, action.site)
    _position(site, action.site, action.position)
    if _tiled_position(site) == action.position:
        raise illegal("cm.error.dragon_on_tile")
    covered: Stack = (*site.cards[action.position], (seat, DRAGON))
    stacks = _with(site.cards, action.position, covered)
    sites = _with(state.sites, action.site, make_site(state.players, site.tiles, stacks))
    return _after_action(state, seat, _with(state.hands, seat, hand), sites, state.decks, counts=True)


def _draw(state: State, seat: int, action: Draw) -> State:
    if state.cards_closed:
        raise illegal("cm.error.draw_closed")
    if state.pending:
        raise illegal("cm.error.resolve_first", site=state.pending[0] + 1)
    deck = state.decks[seat]
    if not deck:
        raise illegal("cm.error.deck_empty")
    hand = state.hands[seat]
    kind = deck[0]
    hand = (*hand[:kind], hand[kind] + 1, *hand[kind + 1 :])
    decks = _with(state.decks, seat, deck[1:])
    return _after_action(state, seat, _with(state.hands, seat, hand), state.sites, decks, counts=True)


def _after_action(
    state: State,
    seat: int,
    hands: tuple[tuple[int, ...], ...],
    sites: tuple[Site, ...],
    decks: tuple[tuple[int, ...], ...],
    counts: bool,
) -> State:
    """Count the action, start the last round when the seat ran out of cards, end the turn
    after the second ordinary action or when no ordinary action is left."""
    done = state.actions_done + counts
    out_of_cards = not decks[seat] and not any(hands[seat])
    last_round = seat if out_of_cards and state.last_round is None else state.last_round
    # Built field by field: this is the most frequent path, and `_replace` costs twice as much.
    state = State(
        state.players,
        state.rng,
        state.turn,
        state.pending,
        done,
        hands,
        decks,
        state.discarded,
        sites,
        state.supply,
        state.removed,
        state.won,
        last_round,
        state.cards_closed,
        state.over,
        state.turns,
    )
    if done >= 2 or out_of_cards:
        return _next_turn(state)
    return state


# -- what a move reveals --------------------------------------------------------------------------


def reveals(state: State, seat: int, action: object) -> bool:
    """Whether `seat` making the legal `action` turns up something nobody could see before.

    After setup only three things are ever turned up: the top card of a deck
    (`Draw`, seen by the drawer alone), the next tiles of the face-down supply
    (a `TakeTile` that refills its site, with any equal pairs put aside), and
    the won piles, face down until the game is over. Every other move shows
    only what it names itself (cards from hand, a face-up tile laid on a card
    or taken) or what follows from the board (whose turn it is, who leads).
    Meant for legal actions: the quick answers below do not check legality.
    """
    kind = type(action)
    if kind is Draw:
        return True
    if kind is TakeTile and len(state.supply) >= 2:
        # The site is refilled: a pair is turned up (and with 2 players maybe put aside).
        return True
    if kind is not TakeTile and state.last_round is None and _nobody_runs_out(state, seat, action):
        # The game can end only after a seat ran out of cards (end condition b)
        # or with the last tile (a): neither is possible here.
        return False
    # Whether the game ends runs through the whole turn flow: make the move and see.
    return apply(state, seat, action).over


def _nobody_runs_out(state: State, seat: int, action: object) -> bool:
    """Every seat still has cards after `seat` plays the cards `action` names."""
    # Often asked about every legal move of a position, so kept lean.
    decks, hands = state.decks, state.hands
    played = action.count if type(action) is PlayCards else 1 if type(action) is DragonOn else 0
    if not decks[seat] and sum(hands[seat]) <= played:
        return False
    if () not in decks:
        # Usually every deck still holds cards: one quick look settles it.
        return True
    return all(deck or any(hand) for deck, hand in zip(decks, hands, strict=True))


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of the tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1 :])


_HANDLERS: dict[type, Callable[[State, int, Any], State]] = {
    PlaceTile: _place_tile,
    TakeTile: _take_tile,
    PlayCards: _play_cards,
    DragonOn: _dragon_on,
    Draw: _draw,
}
