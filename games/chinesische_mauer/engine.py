"""`ChineseWallEngine`: the `games.core.Engine` contract for Chinesische Mauer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.chinesische_mauer import codec, notation, prompts, quick_actions, rules
from games.chinesische_mauer import view as views
from games.chinesische_mauer.data import LOCALES, TEXTS
from games.chinesische_mauer.state import State
from games.core import Action, Engine, Message, Outcome

__all__ = ["ChineseWallEngine"]

# `to_act` is called at every step: hand out shared sets instead of new ones.
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(5))


class ChineseWallEngine(Engine):
    """Reiner Knizia's Chinesische Mauer for 2 to 5 players (no options)."""

    id = "chinesische-mauer"
    title = "Chinesische Mauer"
    min_players = 2
    max_players = 5
    texts: Mapping[str, str] = TEXTS
    locales: Mapping[str, Mapping[str, str]] = LOCALES
    #: Top-level view keys where a seat's view may differ from the spectator
    #: view: who is viewing, its hand, and "seats" (its own won points there).
    private_view_keys: frozenset[str] = frozenset({"viewer", "hand", "seats"})

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if options:
            raise ValueError(f"Chinesische Mauer has no options: {sorted(options)}")
        if type(seed) is not int:
            raise ValueError("the seed must be an integer")
        return rules.new_game(players, seed)

    def to_act(self, state: State) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def current_turn(self, state: State) -> int | None:
        return None if state.over else int(state.turn)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        # A list of our own action values; cast (free at run time) rather than copied.
        return cast("list[Action]", rules.legal_actions(state, seat))

    def apply(self, state: State, seat: int, action: object) -> State:
        return rules.apply(state, seat, action)

    def reveals(self, state: State, seat: int, action: object) -> bool:
        return rules.reveals(state, seat, action)

    def format_action(self, state: State, action: object) -> str:
        return notation.format_action(action)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        return notation.parse_action(state, text)

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

    # -- contract, part two (no options: `options` stays the empty default)

    def turn_number(self, state: State) -> int:
        return int(state.turns)

    def prompt(self, state: State, seat: int) -> Message:
        _check_seat(state, seat)
        return prompts.prompt(state, seat)

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        return cast("list[Action]", quick_actions.quick_actions(state, seat))

    def private_summary(self, state: State, seat: int) -> Message | None:
        _check_seat(state, seat)
        return views.private_summary(state, seat)

    def seat_summary(self, state: State, seat: int) -> Message | None:
        _check_seat(state, seat)
        return views.seat_summary(state, seat)


def _check_seat(state: State, seat: object) -> None:
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat!r} in this game")
