"""`ModularEngine`: the `Engine` of a game whose rules are functions in its own modules.

A game keeps its rules as plain functions over its state, in modules that say
what they hold (`rules`, `notation`, `view`, `codec`...). Its engine is then
only metadata and a list of those modules: `ModularEngine` hands every call of
the contract to the game's function of the same name. The delegations are
written here once, so a change of the contract (a new method, a check of the
seat) is made in one place for every game.

`setup_options` checks `setup`'s arguments the same way for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from types import ModuleType
from typing import Any
from typing import ClassVar
from typing import NamedTuple

from games.core import Action
from games.core import Engine
from games.core import IllegalAction
from games.core import Message
from games.core import Outcome
from games.core import State
from games.kit.view import check_seat

__all__ = ["ModularEngine", "setup_options"]


class _Functions(NamedTuple):
    """A game's functions, one per method of the contract; None: `Engine`'s default."""

    new_game: Callable[..., State]
    to_act: Callable[[State], frozenset[int]]
    legal_actions: Callable[[State, int], list[Action]]
    apply: Callable[[State, int, Action], State]
    format_action: Callable[[State, Action, str | None], str]
    parse_action: Callable[[State, int, str, str | None], Action]
    describe: Callable[[State, int, Action], Message]
    view: Callable[[State, int | None], dict[str, Any]]
    outcome: Callable[[State], Outcome | None]
    dumps: Callable[[State], str]
    loads: Callable[[str], State]
    reveals: Callable[[State, int, Action], bool] | None
    current_turn: Callable[[State], int | None] | None
    turn_number: Callable[[State], int] | None
    prompt: Callable[[State, int], Message] | None
    suggest: Callable[[State, int, str, int, str | None], list[str]] | None
    quick_actions: Callable[[State, int], Sequence[Action]] | None
    private_summary: Callable[[State, int], Message | None] | None
    private_description: Callable[[State, int, Action, int], Message | None] | None
    seat_summary: Callable[[State, int], Message | None] | None
    describe_board: Callable[[Mapping[str, Any]], list[Message]] | None
    impossible_saves: Callable[[str], list[tuple[str, str]]] | None
    hidden_acting: Callable[[State], Mapping[int, Action]] | None


#: What a game must answer: the methods `Engine` leaves abstract (the others have a default),
#: and `new_game` for `setup`.
_REQUIRED = frozenset(_Functions._fields) & Engine.__abstractmethods__ | {"new_game"}


def _defined_in(module: ModuleType, name: str) -> Any:
    """The function `name` that `module` itself defines (not one it imports), or None."""
    found = getattr(module, name, None)
    if callable(found) and getattr(found, "__module__", None) == module.__name__:
        return found
    return None


def _collect(owner: str, modules: Sequence[ModuleType]) -> _Functions:
    found: dict[str, Any] = {}
    for name in _Functions._fields:
        defining = [(module, f) for module in modules if (f := _defined_in(module, name)) is not None]
        if len(defining) > 1:
            places = ", ".join(module.__name__ for module, _ in defining)
            raise TypeError(f"{owner}: {name} is defined in more than one of its modules ({places})")
        if not defining and name in _REQUIRED:
            raise TypeError(f"{owner}: none of its modules defines {name}")
        found[name] = defining[0][1] if defining else None
    return _Functions(**found)


class ModularEngine(Engine):
    """An engine whose methods call its game's functions of the same names.

    A subclass lists its game's modules in `modules`. Each method of the
    contract below is answered by the function of the same name that one of
    them defines (imported names do not count; two modules defining the same
    name is an error), called with the method's own arguments, `self` aside:

        new_game(players, seed, **options)  (for `setup`)
        to_act(state)                       legal_actions(state, seat)
        apply(state, seat, action)          reveals(state, seat, action)
        current_turn(state)                 turn_number(state)
        format_action(state, action, locale)
        parse_action(state, seat, text, locale)
        describe(state, seat, action)       view(state, seat)
        outcome(state)                      dumps(state)    loads(text)
        prompt(state, seat)                 suggest(state, seat, typed, limit, locale)
        quick_actions(state, seat)          private_summary(state, seat)
        seat_summary(state, seat)           describe_board(view)
        impossible_saves(saved)             private_description(state, seat, action, viewer)
        hidden_acting(state)

    `setup` checks its arguments (`setup_options`) and hands the complete
    options to `new_game` as keywords (an option `side` chosen "A": `side="A"`).
    `new_game` and the methods that `Engine` leaves abstract must be found (a
    `TypeError` when the class is made); the others keep `Engine`'s default
    when no module defines them. `check_options` and the metadata (`id`,
    `title`, player counts, `options`, `texts`, `locales`) stay the
    subclass's own.

    `view`, `prompt`, `suggest`, `quick_actions` and the summaries refuse a
    seat that is not in the game with a `ValueError` (the state's `players`
    counts the seats), so a game's functions are asked only about its seats.
    """

    #: The game's modules holding the functions above.
    modules: ClassVar[tuple[ModuleType, ...]] = ()
    _functions: ClassVar[_Functions]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "modules" in cls.__dict__:
            cls._functions = _collect(cls.__name__, cls.modules)

    # ------------------------------------------------ the contract's abstract methods

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        return self._functions.new_game(players, seed, **setup_options(self, players, seed, options))

    def to_act(self, state: State) -> frozenset[int]:
        return self._functions.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return self._functions.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> State:
        return self._functions.apply(state, seat, action)

    def format_action(self, state: State, action: Action, locale: str | None = None) -> str:
        return self._functions.format_action(state, action, locale)

    def parse_action(self, state: State, seat: int, text: str, locale: str | None = None) -> Action:
        return self._functions.parse_action(state, seat, text, locale)

    def describe(self, state: State, seat: int, action: Action) -> Message:
        return self._functions.describe(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            check_seat(state.players, seat)
        return self._functions.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return self._functions.outcome(state)

    def dumps(self, state: State) -> str:
        return self._functions.dumps(state)

    def loads(self, text: str) -> State:
        return self._functions.loads(text)

    # ------------------------------------------------ methods with a default

    def reveals(self, state: State, seat: int, action: Action) -> bool:
        found = self._functions.reveals
        return super().reveals(state, seat, action) if found is None else found(state, seat, action)

    def hidden_acting(self, state: State) -> Mapping[int, Action]:
        found = self._functions.hidden_acting
        return super().hidden_acting(state) if found is None else found(state)

    def current_turn(self, state: State) -> int | None:
        found = self._functions.current_turn
        return super().current_turn(state) if found is None else found(state)

    def turn_number(self, state: State) -> int:
        found = self._functions.turn_number
        return super().turn_number(state) if found is None else found(state)

    def prompt(self, state: State, seat: int) -> Message:
        check_seat(state.players, seat)
        found = self._functions.prompt
        return super().prompt(state, seat) if found is None else found(state, seat)

    def suggest(
        self, state: State, seat: int, typed: str, limit: int, locale: str | None = None
    ) -> list[str]:
        check_seat(state.players, seat)
        found = self._functions.suggest
        if found is None:
            return super().suggest(state, seat, typed, limit, locale)
        return found(state, seat, typed, limit, locale)

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        check_seat(state.players, seat)
        found = self._functions.quick_actions
        return super().quick_actions(state, seat) if found is None else list(found(state, seat))

    def private_summary(self, state: State, seat: int) -> Message | None:
        check_seat(state.players, seat)
        found = self._functions.private_summary
        return super().private_summary(state, seat) if found is None else found(state, seat)

    def private_description(self, state: State, seat: int, action: Action, viewer: int) -> Message | None:
        check_seat(state.players, viewer)
        found = self._functions.private_description
        if found is None:
            return super().private_description(state, seat, action, viewer)
        return found(state, seat, action, viewer)

    def seat_summary(self, state: State, seat: int) -> Message | None:
        check_seat(state.players, seat)
        found = self._functions.seat_summary
        return super().seat_summary(state, seat) if found is None else found(state, seat)

    def describe_board(self, view: Mapping[str, Any]) -> list[Message]:
        found = self._functions.describe_board
        return super().describe_board(view) if found is None else found(view)

    def impossible_saves(self, saved: str) -> list[tuple[str, str]]:
        found = self._functions.impossible_saves
        return super().impossible_saves(saved) if found is None else found(saved)


def setup_options(engine: Engine, players: int, seed: int, options: dict[str, Any] | None) -> dict[str, str]:
    """The complete options of a new game, once `setup`'s arguments are checked.

    A `ValueError` with the reason for a player count out of the engine's
    range, a seed that is not an int, options that are not a dict, or options
    that `check_options` refuses (its sentence).
    """
    if type(players) is not int or not engine.min_players <= players <= engine.max_players:
        counts = "or" if engine.max_players == engine.min_players + 1 else "to"
        raise ValueError(f"{engine.title} is for {engine.min_players} {counts} {engine.max_players} players")
    if type(seed) is not int:
        raise ValueError("the seed must be an integer")
    if options is not None and not isinstance(options, dict):
        raise ValueError("the options must be a dict")
    if options and not engine.options:
        raise ValueError(f"{engine.title} has no options: {sorted(options)}")
    try:
        return engine.check_options(players, options or {})
    except IllegalAction as refusal:
        raise ValueError(str(refusal)) from None
