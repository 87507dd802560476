"""Catan: Cheops: the board image of one view, laid out for a phone held upright.

Top to bottom: a banner with the turn, whose move it is and what it is
(founding step, roll, discards, robber, free roads, offer; the winners at the
end); an open offer with what it gives and asks and every seat's answer; the
map across the whole width (`map`: terrain by colour and icon, number tokens
with pips, harbours with their rates, the pyramid site, pieces in seat
colours with seat numbers, the robber), with the last roll in its empty
south-west corner and the pyramid in its south-east corner; the bank and the
deck; every player's public numbers; and in a seat's own view its hand
(`players`). No board is taller than 2.2 times its width.

On the map, the places the seat whose turn it is can name with its next move
are named (the intersections where it may settle or build a city, the edges
where it may build a road or ship, the hexes the robber may go to), and so
is every place changed since the previous post (`since`), ringed: the
posts name those places in words. Seats are told apart by colour, symbol
and number everywhere, and every word comes from the game's catalogue. A
spectator's image never reads `hand`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderers.canvas import Canvas
from renderers.catan_cheops.changes import changes
from renderers.catan_cheops.geometry import MAP_H
from renderers.catan_cheops.geometry import Geometry
from renderers.catan_cheops.geometry import buildable_edges
from renderers.catan_cheops.geometry import geometry
from renderers.catan_cheops.geometry import node_index
from renderers.catan_cheops.geometry import robber_hexes
from renderers.catan_cheops.geometry import settling_nodes
from renderers.catan_cheops.map import Places
from renderers.catan_cheops.map import base
from renderers.catan_cheops.map import draw_pieces
from renderers.catan_cheops.panels import GAP
from renderers.catan_cheops.panels import bank
from renderers.catan_cheops.panels import dice
from renderers.catan_cheops.panels import header
from renderers.catan_cheops.panels import offer
from renderers.catan_cheops.players import hand
from renderers.catan_cheops.players import players
from renderers.catan_cheops.players import pyramid
from renderers.catan_cheops.theme import NEW
from renderers.catan_cheops.theme import TERRAIN_COLOURS
from renderers.catan_cheops.theme import WIDTH
from renderers.common import THEME_COLOURS
from renderers.common import seat_names
from renderers.kit import Context
from renderers.kit import Section
from renderers.kit import page

__all__ = ["GAME_ID", "WIDTH", "render"]

GAME_ID = "catan-cheops"


def places_now(view: Mapping[str, Any], geo: Geometry) -> Places:
    """The places the seat whose turn it is can name with its next move (settle or build a
    city, build a road or ship, send the robber), and in the founding the settlement a road
    must touch (the banner names it)."""
    built = {
        node_index(str(b["at"])) for b in [*(view.get("settlements") or []), *(view.get("cities") or [])]
    }
    nodes = settling_nodes(view, geo)
    founding = view.get("founding") or {}
    if view.get("phase") == "founding" and founding.get("next_to"):
        nodes = sorted({*nodes, node_index(str(founding["next_to"]))})
    return Places(
        nodes=tuple(nodes),
        edges=tuple(buildable_edges(view, geo)),
        hexes=tuple(robber_hexes(view, geo)),
        beside=frozenset(built),
    )


def _map(ctx: Context) -> Section:
    layer, key = base(ctx.view["board"])
    geo = geometry(key)
    changed = changes(ctx.view)

    def draw(canvas: Canvas, y: int) -> None:
        canvas.image.paste(layer, (0, y))
        dice(canvas, ctx, y)
        pyramid(canvas, ctx, y, changed)
        draw_pieces(canvas, y, ctx.view, geo, places_now(ctx.view, geo), changed, (0, y, WIDTH, y + MAP_H))

    return Section(MAP_H, draw)


def render(view: Mapping[str, Any], locale: str | None = None) -> bytes:
    """PNG bytes of the board as `view` shows it."""
    count = int(view["players"])
    ctx = Context(view, locale, tuple(seat_names(view, count, locale)))
    sections = [header(ctx)]
    if view.get("offer"):
        sections.append(offer(ctx))
    sections += [_map(ctx), bank(ctx), players(ctx)]
    if view.get("viewer") is not None and "hand" in view:
        sections.append(hand(ctx))
    return page(WIDTH, sections, (*THEME_COLOURS, *TERRAIN_COLOURS, NEW), gap=GAP, bottom=GAP)
