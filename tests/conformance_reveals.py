"""The conformance check of `Engine.reveals`: an action said to reveal nothing must not.

`reveals(...)` False promises (see `games.core.Engine.reveals`) that afterwards
every viewer's view follows from that viewer's view before and the action
itself, and that the action used no randomness. The contract does not say
where an engine keeps its hidden things, so the check finds them through the
save: it makes one small change to `dumps(state)` — swaps two entries of a
list, or flips the lowest bit of a number — and loads the changed save. When
some viewer's view stays the same, that viewer cannot tell the two states
apart; the action is made in both, and that viewer's views afterwards must
again be the same. If they differ, the action showed the viewer something the
change touched: something hidden from them before.

Which changes: after every such move one aimed at what the action itself
changed (a draw shortens a deck, so the deck's first or last entry is
swapped with the nearest one that differs; a number the action changed gets
its bit flipped), and now and then a random one (two won tiles of two seats,
say); many random ones after the move that ends the game, where face-down
piles turn up. A number the action changed that no viewer can see at all is
the RNG or works like it: the action used randomness, even if nothing shows
yet. Each game learns which kinds of change never hide anything from anyone
(cards on the board are seen by all) and stops trying them, which keeps the
cost small. All choices come from the game's probe RNG, so a seed reproduces
them.

The same changed states check the summaries: a viewer who cannot tell the
two states apart must get the same words too, before the move and after it —
the same `private_summary` for a seat, and (since they are public) the same
`seat_summary` of every seat. A summary that differs tells the viewer
something its view hides.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from games.core import Action
from games.core import IllegalAction
from games.core import State

if TYPE_CHECKING:
    from conformance_support import Game
    from conformance_support import Probed
    from conformance_support import Viewer

__all__ = ["ChangeKey", "check_reveals_nothing"]

#: Changed saves tried after a move said to reveal nothing: one aimed at what
#: the move changed, and a random one after every third move; more random
#: ones after the move that ends the game, where face-down piles turn up.
#: (Each costs a `loads` and views: these numbers set most of the price.)
_AIMED_PER_MOVE = 1
_RANDOM_EVERY = 3
_RANDOM_AT_END = 12
#: A kind of change that was useless this often (refused by `loads`, not a
#: change of the state, or seen by every viewer), and never useful, is dropped.
_MISSES_BEFORE_GIVING_UP = 2

JsonPath = tuple[str | int, ...]
#: A path with its list indexes left out: "the entries of every seat's deck".
Shape = tuple[str, ...]
ChangeKey = tuple[str, Shape]
_SWAP = "swap two entries of one list"
_SWAP_ACROSS = "swap entries of two lists of the same kind"
_FLIP = "flip the lowest bit of a number"


@dataclass(frozen=True)
class _Change:
    """One small change to a save: a swap of two values, or a bit flip of one number."""

    kind: str
    first: JsonPath
    second: JsonPath | None = None
    #: The action itself changed this number (for a flip).
    made_by_action: bool = False

    @property
    def key(self) -> ChangeKey:
        return self.kind, _shape(self.first)

    def __str__(self) -> str:
        where = _show(self.first) if self.second is None else f"{_show(self.first)} and {_show(self.second)}"
        return f"{self.kind}: {where}"


def check_reveals_nothing(
    game: Game, state: State, seat: int, action: Action, before: Probed, after: Probed
) -> None:
    """`action`, said to reveal nothing, shows no viewer anything hidden from them, and uses no randomness.

    `before` and `after` hold the saves and every viewer's views of `state`
    and of the state the action made.
    """
    engine = game.engine
    data = _parsed(game, before.saved)
    made = _parsed(game, after.saved)
    if engine.outcome(after.twin) is not None:
        randoms = _RANDOM_AT_END
    else:
        randoms = 1 if len(game.moves) % _RANDOM_EVERY == 0 else 0
    for change in _changes(game, data, made, randoms):
        try:
            other, blind = _variant(game, state, data, change, before.views)
        except _Useless:
            game.probe_misses[change.key] += 1
            continue
        game.probe_hits.add(change.key)
        _check_summaries_hide(game, state, other, blind, change)
        if change.made_by_action and len(blind) == len(before.views):
            game.fail(
                f"{action!r} is said to reveal nothing, but it changed {_show(change.first)}, a number no "
                "viewer can see: an action that reveals nothing uses no randomness"
            )
        try:
            other_after = engine.apply(other, seat, action)
        except IllegalAction:
            # Legal only given what the change touched: nothing to compare.
            continue
        for viewer in blind:
            if game.call(engine.view, other_after, viewer) != after.views[viewer]:
                game.fail(
                    f"{action!r} is said to reveal nothing, but what {_who(viewer)} sees after it depends "
                    f"on something hidden from them before ({change})"
                )
        _check_summaries_hide(game, after.twin, other_after, blind, change)


def _check_summaries_hide(
    game: Game, state: State, other: State, blind: list[Viewer], change: _Change
) -> None:
    """Viewers who see `state` and `other` alike read the same summaries of both."""
    engine = game.engine
    for viewer in blind:
        if viewer is None:
            asked = [(engine.seat_summary, seat) for seat in range(game.players)]
        else:
            asked = [(engine.private_summary, viewer), (engine.seat_summary, viewer)]
        for summary, seat in asked:
            if game.call(summary, state, seat) != game.call(summary, other, seat):
                game.fail(
                    f"{summary.__name__}(state, {seat}) tells {_who(viewer)} something their view hides "
                    f"({change})"
                )


def _parsed(game: Game, saved: str) -> Any:
    """The save as JSON; the last one parsed is kept, since a move's "after" is the next one's "before"."""
    text, data = game.last_parsed
    if text != saved:
        data = json.loads(saved)
        game.last_parsed = (saved, data)
    return data


class _Useless(Exception):
    """The change cannot hide anything: refused, no real change, or seen by every viewer."""


def _variant(
    game: Game, state: State, before: Any, change: _Change, views: Mapping[Viewer, Any]
) -> tuple[State, list[Viewer]]:
    """The state with the change made, and the viewers who cannot tell it from `state`."""
    engine = game.engine
    text = _changed_save(before, change)
    try:
        other = engine.loads(text)
    except ValueError:
        raise _Useless from None
    if other == state:
        # A change the state does not keep, such as the order of an unordered hand.
        raise _Useless
    blind = [viewer for viewer, seen in views.items() if game.call(engine.view, other, viewer) == seen]
    if not blind:
        raise _Useless
    return other, blind


def _changed_save(data: Any, change: _Change) -> str:
    """The save text with the change made; `data` itself is left as it was."""
    first = _get(data, change.first)
    if change.second is None:
        _put(data, change.first, first ^ 1)
        try:
            return json.dumps(data)
        finally:
            _put(data, change.first, first)
    second = _get(data, change.second)
    _put(data, change.first, second)
    _put(data, change.second, first)
    try:
        return json.dumps(data)
    finally:
        _put(data, change.first, first)
        _put(data, change.second, second)


# --- which changes to try ------------------------------------------------------------------------


def _changes(game: Game, before: Any, made: Any, randoms: int) -> Iterator[_Change]:
    """Changes worth trying: aimed at what the action changed, then `randoms` random ones."""
    aimed = list(_aimed_changes(game, before, made))
    yield from game.prober.sample(aimed, min(_AIMED_PER_MOVE, len(aimed)))
    tried = 0
    # Bounded: a random change may be unusable (equal entries) or not worth trying.
    for _ in range(4 * randoms):
        if tried == randoms:
            return
        found = _random_change(game.prober, before)
        if found is not None and _worth_trying(game, found.key):
            yield found
            tried += 1


def _worth_trying(game: Game, key: ChangeKey) -> bool:
    return key in game.probe_hits or game.probe_misses[key] < _MISSES_BEFORE_GIVING_UP


def _aimed_changes(game: Game, before: Any, made: Any) -> Iterator[_Change]:
    """Changes to what the action changed: each number it changed (outside lists, where a
    generator's state lives), and the first and last entries of each list it changed
    (where decks and piles are taken from)."""
    for path, old, new in _differences(before, made):
        if _is_number(old) and _is_number(new) and not any(type(step) is int for step in path):
            change = _Change(_FLIP, path, made_by_action=True)
            if _worth_trying(game, change.key):
                yield change
        elif isinstance(old, list) and isinstance(new, list) and old:
            if not _worth_trying(game, (_SWAP, (*_shape(path), "*"))):
                continue
            for end in {0, len(old) - 1}:
                other = _nearest_differing(old, end)
                if other is not None:
                    yield _Change(_SWAP, (*path, end), (*path, other))


def _differences(old: Any, new: Any, path: JsonPath = ()) -> Iterator[tuple[JsonPath, Any, Any]]:
    """The paths where two JSON documents differ, outermost first, with both values there."""
    if old == new:
        return
    yield path, old, new
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in old.items():
            if key in new:
                yield from _differences(value, new[key], (*path, key))
    elif isinstance(old, list) and isinstance(new, list):
        for index in range(min(len(old), len(new))):
            yield from _differences(old[index], new[index], (*path, index))


def _random_change(rng: random.Random, data: Any) -> _Change | None:
    """Swap an entry (often the first or last one) of a list found by a random walk down the
    save with a differing entry of the same list, or of a sibling list (another seat's pile)."""
    path: JsonPath = ()
    parent: list[Any] | None = None
    while True:
        if isinstance(data, dict):
            inner = [key for key, value in data.items() if isinstance(value, (dict, list)) and value]
            if not inner:
                return None
            key = rng.choice(inner)
            path, parent, data = (*path, key), None, data[key]
            continue
        # A list: swap here, or (for a list of containers, half the time) walk on down.
        if any(isinstance(entry, (dict, list)) and entry for entry in data) and rng.random() < 0.5:
            index = rng.randrange(len(data))
            if isinstance(data[index], (dict, list)) and data[index]:
                path, parent, data = (*path, index), data, data[index]
                continue
        break
    index = rng.choice((0, len(data) - 1, rng.randrange(len(data))))
    if parent is not None and len(parent) > 1 and rng.random() < 0.5:
        sibling = rng.choice([k for k in range(len(parent)) if k != path[-1]])
        others = parent[sibling]
        if isinstance(others, list):
            choices = [k for k, value in enumerate(others) if value != data[index]]
            if choices:
                return _Change(_SWAP_ACROSS, (*path, index), (*path[:-1], sibling, rng.choice(choices)))
        return None
    choices = [k for k, value in enumerate(data) if value != data[index]]
    if not choices:
        return None
    return _Change(_SWAP, (*path, index), (*path, rng.choice(choices)))


def _nearest_differing(items: list[Any], index: int) -> int | None:
    """The index nearest to `index` whose entry differs from the one there, if any."""
    for other in sorted(range(len(items)), key=lambda k: abs(k - index)):
        if items[other] != items[index]:
            return other
    return None


# --- JSON paths ----------------------------------------------------------------------------------


def _get(data: Any, path: JsonPath) -> Any:
    for step in path:
        data = data[step]
    return data


def _put(data: Any, path: JsonPath, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _shape(path: JsonPath) -> Shape:
    return tuple("*" if type(step) is int else str(step) for step in path)


def _is_number(value: Any) -> bool:
    # JSON booleans are Python bools, which are ints too; they are no numbers here.
    return type(value) is int


def _show(path: JsonPath) -> str:
    return "save" + "".join(f"[{step!r}]" for step in path)


def _who(viewer: Viewer) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"
