"""Catan: Cheops: what changed since the previous post, for the board to mark it.

A view drawn for a post may carry `since`, the public view as the previous
post showed it. Every piece placed since then is marked on the board, with
its place's name beside it: the posts name those places in words ("builds
a road at E69", "moves the robber to H7"), so each must be found on the
image posted with them. Without `since`, nothing is marked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Changes", "changes"]

_PIECES = ("settlements", "cities", "roads", "ships")


@dataclass(frozen=True)
class Changes:
    """The places of pieces placed since the previous post, by their names (`I12`, `E34`,
    `H7`), and the pyramid's places filled since."""

    nodes: frozenset[str] = frozenset()
    edges: frozenset[str] = frozenset()
    hexes: frozenset[str] = frozenset()
    blocks: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.nodes or self.edges or self.hexes or self.blocks)


def _placed(view: Mapping[str, Any], kind: str) -> set[tuple[str, int]]:
    return {(str(piece["at"]), int(piece["seat"])) for piece in view.get(kind) or []}


def changes(view: Mapping[str, Any]) -> Changes:
    """What the view shows placed since its `since` view (nothing without one)."""
    before = view.get("since")
    if not before:
        return Changes()
    new = {kind: {at for at, _ in _placed(view, kind) - _placed(before, kind)} for kind in _PIECES}
    robber = view.get("robber")
    blocks = list((view.get("pyramid") or {}).get("blocks") or [])
    old_blocks = list((before.get("pyramid") or {}).get("blocks") or [])
    return Changes(
        nodes=frozenset(new["settlements"] | new["cities"]),
        edges=frozenset(new["roads"] | new["ships"]),
        hexes=frozenset({str(robber)} if robber is not None and robber != before.get("robber") else ()),
        blocks=frozenset(
            n
            for n, owner in enumerate(blocks)
            if owner is not None and (n >= len(old_blocks) or old_blocks[n] != owner)
        ),
    )
