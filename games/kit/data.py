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


def read_json(folder: Path, name: str) -> Any:
    """The JSON file `name` (a path below `folder`, the game's package)."""
    return json.loads((folder / name).read_text(encoding="utf-8"))


def load_texts(folder: Path) -> MappingProxyType[str, str]:
    """The English templates of every message key (the text catalogue's English): `texts.json`."""
    return MappingProxyType(dict(read_json(folder, "texts.json")))


def load_locales(folder: Path) -> MappingProxyType[str, MappingProxyType[str, str]]:
    """The same keys in other languages, one file per language in `locales/`:
    language ("de", "nl") -> key -> template."""
    return MappingProxyType(
        {
            path.stem: MappingProxyType(dict(read_json(folder, f"locales/{path.name}")))
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
