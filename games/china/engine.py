"""`ChinaEngine`: the `games.core.Engine` contract for China."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.china import codec, notation, offers, rules
from games.china import view as views
from games.china.data import LOCALES, SIDE_PLAYERS, TEXTS
from games.china.state import OVER, State
from games.china.words import illegal
from games.core import Action, Engine, IllegalAction, Message, Option, Outcome

__all__ = ["ChinaEngine"]

# `to_act` is called at every step: hand out shared sets instead of new ones.
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(5))


class ChinaEngine(Engine):
    """Michael Schacht's China for 3 to 5 players: board side and fortresses as options."""

    id = "china"
    title = "China"
    min_players = 3
    max_players = 5
    options = (
        # No default: side B for 3 players, side A for 4 and 5 (4 players may choose B).
        Option("side", ("A", "B")),
        Option("fortresses", ("off", "on"), default="off"),
    )
    texts: Mapping[str, str] = TEXTS
    locales: Mapping[str, Mapping[str, str]] = LOCALES

    def check_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        complete = super().check_options(players, options)
        if options.get("side") is None:
            complete["side"] = "B" if players <= 3 else "A"
        side = complete["side"]
        if players not in SIDE_PLAYERS[side]:
            raise illegal(f"china.error.side_{side.lower()}")
        return complete

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"China is for {self.min_players} to {self.max_players} players")
        if type(seed) is not int:
            raise ValueError("the seed must be an integer")
        if options is not None and not isinstance(options, dict):
            raise ValueError("the options must be a dict")
        try:
            chosen = self.check_options(players, options or {})
        except IllegalAction as refusal:
            raise ValueError(str(refusal)) from None
        return rules.new_game(players, seed, chosen["side"], chosen["fortresses"] == "on")

    def to_act(self, state: State) -> frozenset[int]:
        return _NOBODY if state.step == OVER else _ONLY[state.turn]

    def current_turn(self, state: State) -> int | None:
        return None if state.step == OVER else int(state.turn)

    def turn_number(self, state: State) -> int:
        return int(state.turns)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return cast("list[Action]", rules.legal_actions(state, seat))

    def apply(self, state: State, seat: int, action: object) -> State:
        return rules.apply(state, seat, action)

    def reveals(self, state: State, seat: int, action: object) -> bool:
        return rules.reveals(state, seat, action)

    def format_action(self, state: State, action: object) -> str:
        return notation.format_action(action)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        return notation.parse_action(text)

    def describe(self, state: State, seat: int, action: object) -> Message:
        return views.describe(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            _check_seat(state, seat)
        return views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return views.outcome(state)

    def dumps(self, state: State) -> str:
        return codec.dumps(state)

    def loads(self, text: str) -> State:
        return codec.loads(text)

    def prompt(self, state: State, seat: int) -> Message:
        _check_seat(state, seat)
        return offers.prompt(state, seat)

    def suggest(self, state: State, seat: int, typed: str, limit: int) -> list[str]:
        return offers.suggest(state, seat, typed, limit)

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        return cast("list[Action]", offers.quick_actions(state, seat))

    def private_summary(self, state: State, seat: int) -> Message | None:
        _check_seat(state, seat)
        return views.private_summary(state, seat)

    def seat_summary(self, state: State, seat: int) -> Message | None:
        _check_seat(state, seat)
        return views.seat_summary(state, seat)


def _check_seat(state: State, seat: object) -> None:
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat!r} in this game")
