"""What a seat (or a spectator) sees, the result, moves and seats in words, and prompts.

The view follows the format documented in docs/mauerbauer.md. Everything on
the board, the supplies, scores, hand sizes, the deck's size, the discard
pile and every card played or discarded is public; a seat's view adds its
own hand under "hand". Nobody sees another hand or the order of the deck.
"""

from __future__ import annotations

from typing import Any

from games.core import Message
from games.core import Outcome
from games.core import Param
from games.core import Player
from games.core import rank_by_scores
from games.kit.view import outcome_view
from games.mauerbauer import actions
from games.mauerbauer.data import CORNER_NAMES
from games.mauerbauer.data import FIELD_NAMES
from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import LINE_ENDS
from games.mauerbauer.data import LINE_FIELDS
from games.mauerbauer.data import REGION_FIELDS
from games.mauerbauer.data import REGIONS
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.data import WATER
from games.mauerbauer.data import bits
from games.mauerbauer.data import dice_names
from games.mauerbauer.rules import _house_choices
from games.mauerbauer.rules import _tower_choices
from games.mauerbauer.rules import city_id
from games.mauerbauer.rules import legal_actions
from games.mauerbauer.rules import merge_targets
from games.mauerbauer.rules import to_act
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import HOUSES
from games.mauerbauer.state import MERGE
from games.mauerbauer.state import OVER
from games.mauerbauer.state import PHASES
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import TOWERS
from games.mauerbauer.state import WALL
from games.mauerbauer.state import City
from games.mauerbauer.state import Record
from games.mauerbauer.state import State
from games.mauerbauer.words import card_list
from games.mauerbauer.words import card_name
from games.mauerbauer.words import colour_list
from games.mauerbauer.words import house_colour
from games.mauerbauer.words import illegal
from games.mauerbauer.words import say
from games.mauerbauer.words import tower_colour

__all__ = ["describe", "outcome", "private_summary", "prompt", "seat_summary", "view"]


def outcome(state: State) -> Outcome | None:
    """Most points wins; more hand cards break a tie; a full tie shares the win."""
    if state.phase != OVER:
        return None
    hands = [len(hand) for hand in state.hands]
    details = [
        {
            "city_cards": earned[0],
            "outside_cards": earned[1],
            "cities_cards": earned[2],
            "hand_cards": len(hand),
        }
        for earned, hand in zip(state.earned, state.hands, strict=True)
    ]
    return rank_by_scores(list(state.scores), tiebreak=hands, details=details, ending=_ending(state))


def _ending(state: State) -> Message:
    """Why the game ended: the supply that ran out (walls, towers, houses or palaces; the first
    of them when several did). A city closed by the last turn may give pieces back to the
    supply (its free-standing walls and towers, the houses that became a palace): then the
    supply is named as a whole."""
    for supply, left in (
        ("walls", state.wall_supply),
        ("towers", sum(state.tower_supply)),
        ("houses", sum(state.house_supply)),
        ("palaces", sum(state.palace_supply)),
    ):
        if not left:
            return say(f"mauerbauer.ending.{supply}")
    return say("mauerbauer.ending.supply")


def _fields(mask: int) -> list[str]:
    return [FIELD_NAMES[field] for field in bits(mask)]


def _city_view(city: City, towers: tuple[int, ...]) -> dict[str, Any]:
    return {
        "id": FIELD_NAMES[city_id(city)],
        "fields": _fields(city.fields),
        "size": city.fields.bit_count(),
        "houses": dict(zip(HOUSE_COLOURS, city.houses, strict=True)),
        "palaces": dict(zip(HOUSE_COLOURS, city.palaces, strict=True)),
        "walls": [line + 1 for line in bits(city.boundary)],
        "towers": {
            colour: [CORNER_NAMES[c] for c in bits(city.corners) if towers[c] == index]
            for index, colour in enumerate(TOWER_COLOURS)
        },
    }


def _record_view(record: Record) -> dict[str, Any]:
    city = record.city
    return {
        "seat": record.seat,
        "what": record.what,
        "cards": [KINDS[card] for card in record.cards],
        "city": FIELD_NAMES[(city & -city).bit_length() - 1] if city else None,
        "points": record.points,
    }


def _placing(
    state: State,
    kind: str,
    where: str,
    places: tuple[str, ...],
    colours: tuple[str, ...],
    choices: tuple[actions.PlaceTowers, ...] | tuple[actions.PlaceHouses, ...],
) -> dict[str, Any]:
    """The decision of where the pieces of the new wall go: each choice, its pieces' places and colours."""
    return {
        "kind": kind,
        "seat": state.active,
        "options": [
            [{where: places[place], "colour": colours[colour]} for place, colour in choice.placements]
            for choice in choices
        ],
    }


def _decision(state: State) -> dict[str, Any] | None:
    """What the seat in `to_act` must decide now, as far as everybody may know it."""
    phase = state.phase
    if phase == OVER:
        return None
    if phase == WALL:
        return {"kind": "wall", "seat": state.active}
    if phase == TOWERS:
        return _placing(state, "towers", "tower", CORNER_NAMES, TOWER_COLOURS, _tower_choices(state))
    if phase == HOUSES:
        return _placing(state, "houses", "field", FIELD_NAMES, HOUSE_COLOURS, _house_choices(state))
    if phase == MERGE:
        return {
            "kind": "merge",
            "seat": state.active,
            "cities": [FIELD_NAMES[city_id(state.cities[i])] for i in merge_targets(state)],
        }
    seat = state.queue[0]
    if phase == SCORING:
        return {"kind": "scoring", "seat": seat, "waiting": list(state.queue)}
    if phase == EXCHANGE:
        return {"kind": "exchange", "seat": seat, "waiting": list(state.queue), "swapped": state.swaps}
    return {"kind": "final", "seat": seat, "waiting": list(state.queue)}


def view(state: State, viewer: int | None) -> dict[str, Any]:
    running = state.phase != OVER
    result = outcome(state)
    houses = {
        FIELD_NAMES[field]: {colour: n for colour, n in zip(HOUSE_COLOURS, here, strict=True) if n}
        for field, here in enumerate(state.houses)
        if any(here)
    }
    last_wall = state.last_wall
    out: dict[str, Any] = {
        "game": "mauerbauer",
        "players": state.players,
        "viewer": viewer,
        "phase": PHASES[state.phase],
        "turn": state.active if running else None,
        "turn_number": state.turns,
        "to_act": sorted(to_act(state)),
        "decision": _decision(state),
        "walls": [line + 1 for line in bits(state.walls)],
        "towers": {
            colour: [CORNER_NAMES[c] for c, k in enumerate(state.towers) if k == index]
            for index, colour in enumerate(TOWER_COLOURS)
        },
        "water": [CORNER_NAMES[c] for c in bits(WATER)],
        "houses": houses,
        "cities": [_city_view(city, state.towers) for city in state.cities],
        "new_city": FIELD_NAMES[city_id(state.cities[state.city])] if state.city >= 0 else None,
        "closing": _fields(state.closing),
        "regions": {name: _fields(REGION_FIELDS[index]) for index, name in enumerate(REGIONS)},
        "supply": {
            "walls": state.wall_supply,
            "towers": dict(zip(TOWER_COLOURS, state.tower_supply, strict=True)),
            "houses": dict(zip(HOUSE_COLOURS, state.house_supply, strict=True)),
            "palaces": dict(zip(HOUSE_COLOURS, state.palace_supply, strict=True)),
        },
        "ending": state.ending,
        "deck": len(state.deck),
        "discard": [KINDS[card] for card in state.discard],
        "scores": list(state.scores),
        "hands": [len(hand) for hand in state.hands],
        "earned": [{"city": earned[0], "outside": earned[1], "cities": earned[2]} for earned in state.earned],
        "last_wall": (
            None
            if last_wall < 0
            else {
                "line": last_wall + 1,
                "ends": [CORNER_NAMES[c] for c in LINE_ENDS[last_wall]],
                "fields": [FIELD_NAMES[f] for f in LINE_FIELDS[last_wall]],
            }
        ),
        "dice": dice_names(state.dice),
        "plays": [_record_view(record) for record in state.plays],
        "outcome": outcome_view(result, "hands"),
    }
    if viewer is not None:
        out["hand"] = [KINDS[card] for card in state.hands[viewer]]
    return out


# -- words --------------------------------------------------------------------------------------------


def describe(state: State, seat: int, action: object) -> Message:
    """The move in words for the log: only what the move itself shows."""
    player = Player(seat)
    try:
        if type(action) is actions.BuildWall:
            return say("mauerbauer.move.wall", player=player, line=action.line + 1)
        if type(action) is actions.PlaceTowers:
            towers = [
                say("mauerbauer.tower_on", colour=tower_colour(k), tower=CORNER_NAMES[c])
                for c, k in action.placements
            ]
            return say("mauerbauer.move.towers", player=player, towers=_and(towers))
        if type(action) is actions.PlaceHouses:
            houses = [
                say("mauerbauer.house_on", colour=house_colour(k), field=FIELD_NAMES[f])
                for f, k in action.placements
            ]
            return say("mauerbauer.move.houses", player=player, houses=_and(houses))
        if type(action) is actions.Merge:
            if action.city is None:
                return say("mauerbauer.move.no_merge", player=player)
            return say("mauerbauer.move.merge", player=player, city=FIELD_NAMES[action.city])
        if type(action) is actions.Play:
            return _describe_play(state, seat, action)
        if type(action) is actions.Discard:
            return say("mauerbauer.move.discard", player=player, card=card_name(action.card))
        if type(action) is actions.Swap:
            return say("mauerbauer.move.swap", player=player, card=card_name(action.card))
        if type(action) is actions.Done:
            if state.swaps:
                return say("mauerbauer.move.done", player=player, count=state.swaps)
            return say("mauerbauer.move.keep", player=player)
        if type(action) is actions.Pass:
            return say("mauerbauer.move.pass", player=player)
    except (IndexError, TypeError, ValueError):
        pass
    raise illegal("mauerbauer.error.unknown_action")


def _and(items: list[Message]) -> Message:
    if len(items) == 1:
        return items[0]
    return say("mauerbauer.and", first=items[0], second=items[1])


def _describe_play(state: State, seat: int, action: actions.Play) -> Message:
    cards = tuple(action.cards)
    player = Player(seat)
    if state.phase == SCORING:
        points = sum(state.values[card] for card in cards)
        return say("mauerbauer.move.play", player=player, cards=card_list(cards), points=points)
    city: City | None = None
    if action.city is not None:
        city = next((c for c in state.cities if c.fields >> action.city & 1), None)
    points = sum(card_values(state, city)[card] for card in cards)
    if action.city is None:
        return say("mauerbauer.move.play", player=player, cards=card_list(cards), points=points)
    return say(
        "mauerbauer.move.play_city",
        player=player,
        cards=card_list(cards),
        city=FIELD_NAMES[action.city],
        points=points,
    )


def prompt(state: State, seat: int) -> Message:
    phase = state.phase
    if phase == OVER:
        return say("mauerbauer.prompt.over")
    acting = to_act(state)
    if seat not in acting:
        return say("mauerbauer.prompt.wait", player=Player(min(acting)))
    if phase == WALL:
        return say("mauerbauer.prompt.wall")
    if phase == TOWERS:
        free = [c for c in LINE_ENDS[state.last_wall] if state.towers[c] < 0]
        example = _first_notation(state, seat)
        return say(
            "mauerbauer.prompt.towers",
            colour=tower_colour(state.dice[0]),
            places=", ".join(CORNER_NAMES[c] for c in free),
            example=example,
        )
    if phase == HOUSES:
        fields = LINE_FIELDS[state.last_wall]
        key = "mauerbauer.prompt.houses" if len(fields) == 2 else "mauerbauer.prompt.house_edge"
        return say(
            key,
            first=_face(state.dice[1]),
            second=_face(state.dice[2]),
            places=", ".join(FIELD_NAMES[f] for f in fields),
            example=_first_notation(state, seat),
        )
    if phase == MERGE:
        cities = [
            say("mauerbauer.prompt.city_at", field=FIELD_NAMES[city_id(state.cities[i])])
            for i in merge_targets(state)
        ]
        return say(
            "mauerbauer.prompt.merge",
            size=state.cities[state.city].fields.bit_count(),
            cities=colour_list(cities),
        )
    if phase == SCORING:
        # Named as the notation names it: the city may have been closed by someone else's wall.
        city = state.cities[state.city]
        field = FIELD_NAMES[city_id(city)]
        size = city.fields.bit_count()
        if size == 1:
            return say("mauerbauer.prompt.scoring_one", field=field)
        return say("mauerbauer.prompt.scoring", size=size, field=field)
    if phase == EXCHANGE:
        if state.swaps:
            return say("mauerbauer.prompt.exchange_some", count=state.swaps)
        return say("mauerbauer.prompt.exchange")
    if state.cities:
        return say("mauerbauer.prompt.final")
    return say("mauerbauer.prompt.final_no_city")


def _face(die: int) -> Message:
    return say("mauerbauer.colour.any") if die >= len(HOUSE_COLOURS) else house_colour(die)


def _first_notation(state: State, seat: int) -> Param:
    """The first legal move as an example, in the keywords of the reader's language."""
    from games.mauerbauer.notation import KEYWORDS
    from games.mauerbauer.notation import format_action

    legal = legal_actions(state, seat)
    return KEYWORDS.example(format_action(state, legal[0])) if legal else ""


def private_summary(state: State, seat: int) -> Message | None:
    """The seat's guild cards; during a scoring round with what each is worth for the city."""
    hand = state.hands[seat]
    if not hand:
        return say("mauerbauer.summary.no_cards")
    counted: list[Message] = []
    for kind in sorted(set(hand)):
        name = card_name(kind)
        count = hand.count(kind)
        entry = name if count == 1 else say("mauerbauer.hand.count", count=count, card=name)
        if state.phase == SCORING and state.values:
            entry = say("mauerbauer.hand.valued", card=entry, points=state.values[kind])
        counted.append(entry)
    key = (
        "mauerbauer.summary.hand_valued"
        if state.phase == SCORING and state.values
        else "mauerbauer.summary.hand"
    )
    return say(key, cards=_join(counted))


def _join(items: list[Message]) -> Message:
    message = items[-1]
    for item in reversed(items[:-1]):
        message = say("mauerbauer.list", first=item, rest=message)
    return message


def seat_summary(state: State, seat: int) -> Message | None:
    return say("mauerbauer.summary.seat", score=state.scores[seat], cards=len(state.hands[seat]))
