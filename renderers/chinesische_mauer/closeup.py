"""Chinesische Mauer: the close-up of a decision — the sites its legal moves name, enlarged.

A move names a site (`play 2 wall 3`, `free horseman 3`, `take 3`) or a card's position
at a site (`tile 5 on 3.2`, `dragon on 3.2`). The close-up draws only the sites some legal
move names, narrower than the board so that a phone shows it larger: a site a move names
has its number white on red, a position a move names is ringed with its label white on
red, and no other position is labelled. A decision that names no site (only `draw`) has
no close-up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from renderers import common
from renderers import kit
from renderers.chinesische_mauer import sites
from renderers.chinesische_mauer.parts import GAP
from renderers.chinesische_mauer.parts import MARGIN

__all__ = ["LOOK", "closeup", "legal_places"]

#: Narrower than the board (a phone shows it at 390 / 600 of its size), its labels larger.
LOOK = sites.Look(width=600, title=48, position=32, card_w=84)

_POSITION = re.compile(r"\b(\d+)\.(\d+)$")
_SITE = re.compile(r"^(?:play|free|take)\b.*\b(\d+)$")


def legal_places(legal: Sequence[str]) -> dict[int, sites.Marks]:
    """Each site (0-based) that a legal move names, with the positions named there ringed and
    labelled, and whether the site itself is named."""
    named: dict[int, bool] = {}
    positions: dict[int, set[int]] = {}
    for notation in legal:
        text = " ".join(notation.lower().split())
        if match := _POSITION.search(text):
            site, position = int(match.group(1)) - 1, int(match.group(2)) - 1
            positions.setdefault(site, set()).add(position)
            named.setdefault(site, False)
        elif match := _SITE.match(text):
            named[int(match.group(1)) - 1] = True
    return {
        site: sites.Marks(
            ringed=frozenset(positions.get(site, ())),
            labelled=frozenset(positions.get(site, ())),
            named=named[site],
        )
        for site in sorted(named)
    }


def closeup(view: Mapping[str, Any], legal: Sequence[str], locale: str | None = None) -> bytes | None:
    """The sites the seat's legal moves name, enlarged; None when no move names a site."""
    shown: Sequence[Mapping[str, Any]] = view["sites"]
    places = {site: marks for site, marks in legal_places(legal).items() if 0 <= site < len(shown)}
    if not places:
        return None
    players = int(view["players"])
    ctx = kit.Context(view, locale, common.seat_names(view, players, locale))
    sections = [kit.Section(0, lambda canvas, y: None, space_after=MARGIN)]
    sections.extend(sites.site(ctx, site, shown[site], LOOK, marks) for site, marks in places.items())
    return kit.page(LOOK.width, sections, common.THEME_COLOURS, gap=GAP, bottom=MARGIN)
