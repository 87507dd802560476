"""`GardensEngine`: the `games.core.Engine` contract for Gardens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.core import Action, Engine, IllegalAction, Message, Option, Outcome

from . import codec, notation, rules
from . import view as views
from .rules import GAME_ID, LOCALES, TEXTS, Pass, Shelter, State

__all__ = ["GardensEngine"]


class GardensEngine(Engine):
    """Gardens for 2 to 4 players, with a garden size and the weather as options."""

    id = GAME_ID
    title = "Gardens"
    min_players = 2
    max_players = 4
    options = (
        # No default: the small garden for 2 players, the large one for more (or for storms).
        Option("size", ("small", "large")),
        Option("weather", ("calm", "stormy"), default="calm"),
    )
    texts: Mapping[str, str] = TEXTS
    locales: Mapping[str, Mapping[str, str]] = LOCALES
    #: A seat's view adds its own answer to a raging storm, which nobody else sees.
    private_view_keys: frozenset[str] = frozenset({"viewer", "shelter"})

    def check_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        complete = super().check_options(players, options)
        if options.get("size") is None:
            small = players <= 2 and complete["weather"] != "stormy"
            complete["size"] = "small" if small else "large"
        if complete["weather"] == "stormy" and complete["size"] != "large":
            raise rules.illegal("gardens.error.stormy_needs_large")
        if complete["size"] == "small" and players > 3:
            raise rules.illegal("gardens.error.small_for_three")
        return complete

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Gardens is for {self.min_players} to {self.max_players} players")
        if type(seed) is not int:
            raise ValueError("the seed must be an integer")
        if options is not None and not isinstance(options, dict):
            raise ValueError("the options must be a dict")
        try:
            chosen = self.check_options(players, options or {})
        except IllegalAction as refusal:
            raise ValueError(str(refusal)) from None
        return rules.new_game(players, seed, chosen["size"], chosen["weather"])

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def current_turn(self, state: State) -> int | None:
        return None if state.over else state.turn

    def turn_number(self, state: State) -> int:
        return state.turn_number

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return cast("list[Action]", rules.legal_actions(state, seat))

    def apply(self, state: State, seat: int, action: object) -> State:
        return rules.apply(state, seat, action)

    def reveals(self, state: State, seat: int, action: object) -> bool:
        """Planting rolls the die: True. An answer to a storm reveals nothing (the others
        learn only that this seat has answered), unless it is the last answer: then the
        storm blows over and every answer is shown."""
        if type(action) not in (Shelter, Pass) or not state.stormy:
            return True
        if not 0 <= seat < state.players or state.answers[seat] != rules.WAITING:
            return True
        return sum(answer == rules.WAITING for answer in state.answers) == 1

    def format_action(self, state: State, action: object) -> str:
        return notation.format_action(state, action)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        return notation.parse_action(state, text)

    def describe(self, state: State, seat: int, action: object) -> Message:
        return views.describe(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
            raise ValueError(f"no seat {seat!r} in this game")
        return views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return views.outcome(state)

    def dumps(self, state: State) -> str:
        return codec.dumps(state)

    def loads(self, text: str) -> State:
        return codec.loads(text)

    def prompt(self, state: State, seat: int) -> Message:
        return views.prompt(state, seat)

    def suggest(self, state: State, seat: int, typed: str, limit: int) -> list[str]:
        return views.suggest(state, seat, typed, limit)

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        return list(views.quick_actions(state, seat))

    def private_summary(self, state: State, seat: int) -> Message | None:
        return views.private_summary(state, seat)

    def seat_summary(self, state: State, seat: int) -> Message | None:
        return views.seat_summary(state, seat)
