"""Catan: Cheops: the board image of one view.

Top to bottom: a banner with the turn, whose move it is and what it is
(founding step, roll, discards, robber, free roads, offer; the winners at the
end); an open offer with what it gives and asks and every seat's answer; the
map (`map`: terrain by colour and icon, number tokens with
pips, harbours, the pyramid site, pieces in seat colours with seat numbers,
the robber, and the names a player types), with the last roll in its empty
south-west corner and a terrain key in the south-east, and under it the key
to the labels; the pyramid with who built each block, blessing and curse,
the bank and the deck; every player's public numbers; and in a seat's own
view its hand (`players`).

Seats are told apart by colour, symbol and number everywhere. No text is
smaller than `SMALL` pixels on the `WIDTH`-pixel image, and every word comes
from the game's catalogue. A spectator's image never reads `hand`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderers.canvas import Canvas
from renderers.catan_cheops.geometry import MAP_H
from renderers.catan_cheops.geometry import geometry
from renderers.catan_cheops.map import base
from renderers.catan_cheops.map import draw_pieces
from renderers.catan_cheops.panels import GAP
from renderers.catan_cheops.panels import dice
from renderers.catan_cheops.panels import footer
from renderers.catan_cheops.panels import header
from renderers.catan_cheops.panels import offer
from renderers.catan_cheops.players import hand
from renderers.catan_cheops.players import players
from renderers.catan_cheops.players import pyramid
from renderers.catan_cheops.theme import TERRAIN_COLOURS
from renderers.catan_cheops.theme import WIDTH
from renderers.common import THEME_COLOURS
from renderers.common import seat_names
from renderers.kit import Context
from renderers.kit import Section
from renderers.kit import page

__all__ = ["GAME_ID", "WIDTH", "render"]

GAME_ID = "catan-cheops"


def _map(ctx: Context) -> Section:
    layer, key = base(ctx.view["board"], ctx.locale)
    geo = geometry(key)

    def draw(canvas: Canvas, y: int) -> None:
        canvas.image.paste(layer, (0, y))
        draw_pieces(canvas, y, ctx.view, geo)
        dice(canvas, ctx, y)

    return Section(MAP_H, draw)


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it."""
    count = int(view["players"])
    ctx = Context(view, locale, tuple(seat_names(view, count, locale)))
    sections = [header(ctx)]
    if view.get("offer"):
        sections.append(offer(ctx))
    sections += [_map(ctx), footer(ctx), pyramid(ctx), players(ctx)]
    if view.get("viewer") is not None and "hand" in view:
        sections.append(hand(ctx))
    return page(WIDTH, sections, (*THEME_COLOURS, *TERRAIN_COLOURS), gap=GAP, bottom=GAP)
