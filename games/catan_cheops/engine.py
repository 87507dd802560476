"""`CatanCheopsEngine`: the `games.core.Engine` contract for Catan: Cheops."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.catan_cheops import codec, notation, offers, rules
from games.catan_cheops import view as views
from games.catan_cheops.data import LOCALES, TEXTS
from games.catan_cheops.state import OVER, State
from games.catan_cheops.words import GAME_ID
from games.core import Action, Engine, Message, Outcome

__all__ = ["CatanCheopsEngine"]


class CatanCheopsEngine(Engine):
    """The Catan scenario Cheops (Klaus Teuber) for 3 or 4 players; no options."""

    id = GAME_ID
    title = "Catan: Cheops"
    min_players = 3
    max_players = 4
    texts: Mapping[str, str] = TEXTS
    locales: Mapping[str, Mapping[str, str]] = LOCALES

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Catan: Cheops is for {self.min_players} or {self.max_players} players")
        if type(seed) is not int:
            raise ValueError("the seed must be an integer")
        if options:
            raise ValueError("Catan: Cheops has no options")
        return rules.new_game(players, seed)

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def current_turn(self, state: State) -> int | None:
        return None if state.phase == OVER else int(state.turn)

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
