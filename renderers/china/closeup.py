"""China: the close-up of a decision that places a piece.

When a seat's legal moves place a house, a fortress or an emissary, the
part of the map that holds every place they name is cut out and enlarged
(up to `CLOSE_WIDTH` px wide, so a phone shrinks it little): each legal
house space carries its number large on a gold disc, each province a move
names its name plate, and each dragon field an emissary may go to a red ring.
Nothing else is labelled, so nothing else has to be read. A decision that
places nothing (taking or swapping a card, ending the turn) has no close-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from PIL import Image

from games.china.data import PROVINCES
from renderers import common
from renderers import legibility
from renderers.canvas import Canvas
from renderers.china.board import draw_map
from renderers.china.board import name_plate
from renderers.china.map import DRAGON_R
from renderers.china.map import NAME_SIZE
from renderers.china.map import SEA
from renderers.china.map import SPACE_R
from renderers.china.map import WIDTH
from renderers.china.map import geometry
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import PLACE

__all__ = ["CLOSE_WIDTH", "closeup", "legal_places"]

#: The widest close-up: a phone shows it at 390 px, so its labels shrink by less than half.
CLOSE_WIDTH = 900
#: A close-up of a few places is enlarged at most this much.
MOST_ZOOM = 1.6
#: Room kept round the places, in the map's pixels.
_ROOM = 70
#: A legal space's number: its disc's radius and its face's size, in the close-up's pixels.
_MARK_R = 28
_NUMBER = 40
_PLATE = 36
_PIECES = ("house", "fortress", "emissary")


def legal_places(legal: Sequence[str]) -> tuple[frozenset[tuple[int, int]], frozenset[int]]:
    """The house spaces (province, space index) and the provinces' dragon fields that the legal
    moves place a piece on (`house wei 3`, `fortress wei 3`, `emissary qin`, with or without
    a joker)."""
    spaces: set[tuple[int, int]] = set()
    fields: set[int] = set()
    for notation in legal:
        words = notation.split()
        if len(words) < 2 or words[0] not in _PIECES or words[1].upper() not in PROVINCES:
            continue
        province = PROVINCES.index(words[1].upper())
        if words[0] == "emissary":
            fields.add(province)
        elif len(words) > 2 and words[2].isdigit() and 0 < int(words[2]) <= len(geometry().spaces[province]):
            spaces.add((province, int(words[2]) - 1))
    return frozenset(spaces), frozenset(fields)


def closeup(view: Mapping[str, Any], legal: Sequence[str], locale: str | None = None) -> bytes | None:
    """PNG bytes of the part of the map where the legal moves place a piece, enlarged, each
    legal place labelled; None when no legal move places one."""
    spaces, fields = legal_places(legal)
    if not spaces and not fields:
        return None
    geo = geometry()
    provinces = {p for p, _ in spaces} | fields
    points = [geo.spaces[p][s] for p, s in spaces] + [geo.dragons[p] for p in fields]
    points += [geo.names[p] for p in provinces]
    left = max(0, min(x for x, _ in points) - _ROOM - 40)
    right = min(WIDTH, max(x for x, _ in points) + _ROOM + 40)
    top = max(0, min(y for _, y in points) - _ROOM)
    bottom = min(geo.height, max(y for _, y in points) + _ROOM)
    # A part narrower than the close-up is enlarged to its width; a wider one is cut out as it
    # is (shrinking it would only cost time: the phone shrinks it anyway).
    zoom = max(1.0, min(MOST_ZOOM, CLOSE_WIDTH / (right - left)))
    size = (round((right - left) * zoom), round((bottom - top) * zoom))

    whole = Canvas(WIDTH, geo.height, SEA)
    # The map's own labels are not the close-up's: they are not measured, and not drawn.
    with legibility.recording():
        draw_map(whole, view, 0, labels=False)
    canvas = Canvas(*size, SEA)
    part = whole.image.crop((left, top, right, bottom))
    canvas.image.paste(part if zoom == 1.0 else part.resize(size, Image.Resampling.BILINEAR), (0, 0))

    def at(point: tuple[int, int]) -> tuple[int, int]:
        return round((point[0] - left) * zoom), round((point[1] - top) * zoom)

    ring = round(DRAGON_R * zoom) + 10
    for p in sorted(fields):
        x, y = at(geo.dragons[p])
        canvas.draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=common.IMPERIAL_RED, width=7)
    # The marks grow with the map, never below their least size.
    radius = max(_MARK_R, round(SPACE_R * zoom))
    number_face = face(max(_NUMBER, round(radius * 1.4)), Weight.BOLD)
    for p, s in sorted(spaces):
        x, y = at(geo.spaces[p][s])
        outer = radius + 5
        canvas.draw.ellipse((x - outer, y - outer, x + outer, y + outer), fill=common.IMPERIAL_RED)
        disc = (x - radius, y - radius, x + radius, y + radius)
        canvas.draw.ellipse(disc, fill=common.GOLD_LIGHT, outline=common.INK, width=3)
        canvas.text(x, y + 1, str(s + 1), number_face, common.INK, anchor="mm", role=PLACE)
    for p in sorted(provinces):
        x, y = at(geo.names[p])
        scored = bool(_province(view, p).get("scored"))
        name_plate(canvas, x, y, p, scored=scored, size=max(_PLATE, round(NAME_SIZE * zoom * 0.8)))
    return canvas.png()


def _province(view: Mapping[str, Any], province: int) -> Mapping[str, Any]:
    provinces = view.get("provinces") or []
    return provinces[province] if province < len(provinces) else {}
