"""A game's data files, read once when its package is imported (never during play).

A game keeps its components (board, cards) and its words as JSON beside its
modules: `texts.json` holds the English templates, `locales/<language>.json`
the same keys in another language.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType
from typing import Any

__all__ = ["bits", "load_locales", "load_texts", "read_json"]


def read_json(beside: str, name: str) -> Any:
    """The JSON file `name`, a path relative to the folder of the module file `beside` (a
    module of the game's package passes its `__file__`)."""
    return json.loads((Path(beside).resolve().parent / name).read_text(encoding="utf-8"))


def load_texts(beside: str) -> MappingProxyType[str, str]:
    """The English templates of every message key (the text catalogue's English): `texts.json`
    beside the module file `beside`."""
    return MappingProxyType(dict(read_json(beside, "texts.json")))


def load_locales(beside: str) -> MappingProxyType[str, MappingProxyType[str, str]]:
    """The same keys in other languages, one file per language in `locales/` beside the module
    file `beside`: language ("de", "nl") -> key -> template."""
    folder = Path(beside).resolve().parent
    return MappingProxyType(
        {
            path.stem: MappingProxyType(dict(read_json(beside, f"locales/{path.name}")))
            for path in sorted((folder / "locales").glob("*.json"))
        }
    )


def bits(mask: int) -> list[int]:
    """The indexes of the set bits of `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
