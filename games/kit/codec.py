"""Saves: the compact JSON every game writes, and the validated fields it reads back.

A game's `loads` accepts only what its rules can produce. `SaveReader` reads
one field at a time and refuses with a sentence that names the field and what
it must be, so that a damaged save says where it is damaged: "not a valid
<game> state: turn must be an integer from 0 to 3". Each game keeps one reader
(it carries the game's name) and adds the checks of its own rules.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

__all__ = ["SaveReader", "changed", "write"]


def write(format_id: str, version: int, fields: dict[str, Any]) -> str:
    """The save of `fields` as compact JSON, headed by its format and version; non-ASCII
    text is kept as it is (a save is compared byte for byte)."""
    data = {"format": format_id, "version": version, **fields}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def changed(data: dict[str, Any], what: str, **fields: Any) -> tuple[str, str]:
    """One of a game's impossible saves (`Engine.impossible_saves`): what is wrong with it, and
    the save `data` (parsed JSON) with `fields` replaced."""
    return what, json.dumps({**data, **fields})


class SaveReader:
    """Reads the fields of one game's saves; every refusal is a `ValueError`.

    `game` names the game in the refusals; `sample` is a save its `dumps`
    wrote (a new game's): every save has exactly the fields of the sample, in
    its order (`keys`), so that `dumps` and `loads` cannot disagree on them.
    In each check, `what` names the field in the sentence ("rng", "a hand",
    "site 3 cards").
    """

    def __init__(self, game: str, sample: str) -> None:
        self._prefix = f"not a valid {game} state: "
        head = json.loads(sample)
        self.format_id: str = head["format"]
        self.version: int = head["version"]
        #: The fields of every save, in the order `dumps` writes them.
        self.keys: tuple[str, ...] = tuple(head)

    def fail(self, what: str) -> ValueError:
        """The refusal of a save, to raise: "not a valid <game> state: <what>"."""
        return ValueError(self._prefix + what)

    def json(self, text: str) -> Any:
        """The parsed JSON of `text`."""
        try:
            return json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            # RecursionError: JSON nested deeper than the parser goes is no save either.
            raise self.fail("not JSON") from error

    def versioned(self, text: str, advice: str = "") -> dict[str, Any]:
        """The save's top-level object: JSON of the sample's format and version, with its fields.

        `advice` ends the sentence that refuses another version ("; replay the move log instead").
        """
        data = self.json(text)
        format_id, version = self.format_id, self.version
        if type(data) is not dict or data.get("format") != format_id or type(data.get("version")) is not int:
            raise self.fail(f"format must be {format_id!r} version {version}")
        if data["version"] != version:
            raise self.fail(f"format version {data['version']} is not {version}{advice}")
        return self.fields(data, "the state", self.keys)

    def integer(self, value: Any, what: str, low: int, high: int) -> int:
        """An int (not a bool) with low <= value < high."""
        if type(value) is not int or not low <= value < high:
            raise self.fail(f"{what} must be an integer from {low} to {high - 1}")
        return value

    def boolean(self, value: Any, what: str) -> bool:
        if type(value) is not bool:
            raise self.fail(f"{what} must be true or false")
        return value

    def choice(self, value: Any, what: str, choices: Sequence[str]) -> int:
        """One of `choices` (names), as its index; the sentence lists the names that are not empty."""
        if type(value) is not str or value not in choices:
            raise self.fail(f"{what} must be one of {', '.join(c for c in choices if c)}")
        return choices.index(value)

    def array(self, value: Any, what: str, length: int | None = None) -> list[Any]:
        """A list, of exactly `length` items unless that is None."""
        if type(value) is not list or (length is not None and len(value) != length):
            raise self.fail(f"{what} must be a list" + ("" if length is None else f" of {length} items"))
        return value

    def integers(self, value: Any, what: str, length: int, low: int, high: int) -> tuple[int, ...]:
        """A list of `length` ints, each with low <= n < high."""
        return tuple(self.integer(n, what, low, high) for n in self.array(value, what, length))

    def fields(self, value: Any, what: str, keys: Sequence[str]) -> dict[str, Any]:
        """An object with exactly `keys`."""
        if type(value) is not dict or set(value) != set(keys):
            raise self.fail(f"{what} must be an object with exactly the keys {', '.join(keys)}")
        return value
