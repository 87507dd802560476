"""Mauerbauer: the close-up of a decision that picks a place on the board.

The seat's legal moves name wall lines (`wall 23`), tower fields (`tower T5
black`), fields (`house A3 red`) or cities (`merge B7`, `play … for B7`).
The close-up is the part of the board around those places, enlarged (up to
`MOST_ZOOM` times) to the close-up's width, with only those places labelled,
large, on red plates; where they spread over the whole board (any free line
for a wall) it is the whole board, its other labels left out. A decision
that names no place (cards, `done`, `no merge`) has no close-up.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from PIL import Image

from renderers import common
from renderers.canvas import Canvas
from renderers.canvas import text_width
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import PLACE
from renderers.mauerbauer.board import BAND
from renderers.mauerbauer.board import BOARD_H
from renderers.mauerbauer.board import UNIT
from renderers.mauerbauer.board import WIDTH
from renderers.mauerbauer.board import draw_scene
from renderers.mauerbauer.board import field_label_at
from renderers.mauerbauer.board import line_middle
from renderers.mauerbauer.board import tower_field_at
from renderers.mauerbauer.pieces import HOUSE_RGB
from renderers.mauerbauer.pieces import TOWER_RGB

__all__ = ["LEAST_LABEL", "MOST_LABEL", "MOST_ZOOM", "closeup", "places"]

#: The close-up is at most the board's width, and enlarges the board at most this much.
MOST_ZOOM = 2.5
#: The labels of the legal places (bold) are as large as they fit without covering one
#: another, between these sizes: capitals 20 px (8.7 px on a phone at 900 px wide) and 41 px.
LEAST_LABEL = 28
MOST_LABEL = 56

_LINE = re.compile(r"^wall (\d+)$")
_TOWER = re.compile(r"\b(T\d+)\b")
_FIELD = re.compile(r"^houses? (.+)$")
_CITY = re.compile(r"(?:^merge | for )([A-C]\d+)$")


def places(legal: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Every place the legal moves name, by its label, with where it stands on the board (1×)."""
    found: dict[str, tuple[float, float]] = {}
    for notation in legal:
        if line := _LINE.match(notation):
            found[line.group(1)] = line_middle(int(line.group(1)))
        elif notation.startswith("tower"):
            for name in _TOWER.findall(notation):
                found[name] = tower_field_at(name)
        elif houses := _FIELD.match(notation):
            for name in houses.group(1).split()[::2]:
                found[name] = field_label_at(name)
        elif city := _CITY.search(notation):
            found[city.group(1)] = field_label_at(city.group(1))
    return found


def _box(spots: Sequence[tuple[float, float]]) -> tuple[int, int, int, int]:
    """The part of the board around the spots: a margin of a field around them, at least two
    fields wide, kept inside the board."""
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    left, right = min(xs) - 2 * UNIT, max(xs) + 2 * UNIT
    top, bottom = min(ys) - BAND * 0.6, max(ys) + BAND * 0.6
    if right - left < 5 * UNIT:
        middle = (left + right) / 2
        left, right = middle - 2.5 * UNIT, middle + 2.5 * UNIT
    left, right = max(0.0, left), min(float(WIDTH), right)
    top, bottom = max(0.0, top), min(float(BOARD_H), bottom)
    return (math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom))


def _half_width(name: str, size: int) -> int:
    """Half the width of a label's plate."""
    return text_width(name, face(size, Weight.BOLD)) // 2 + size // 4


def _overlap(a: tuple[int, int], b: tuple[int, int], widths: tuple[int, int], height: int) -> bool:
    return abs(a[0] - b[0]) < sum(widths) + 2 and abs(a[1] - b[1]) < height + 2


def _label_size(spots: Mapping[str, tuple[int, int]]) -> int:
    """The largest label size at which no two plates overlap (at least `LEAST_LABEL`)."""
    names = list(spots)
    for size in range(MOST_LABEL, LEAST_LABEL, -2):
        widths = {name: _half_width(name, size) for name in names}
        if not any(
            _overlap(spots[a], spots[b], (widths[a], widths[b]), size * 6 // 5)
            for index, a in enumerate(names)
            for b in names[index + 1 :]
        ):
            return size
    return LEAST_LABEL


def closeup(view: Mapping[str, Any], legal: Sequence[str], locale: str | None = None) -> bytes | None:
    """PNG bytes of the board around the places the seat's legal moves name, each labelled;
    None when they name none."""
    found = places(legal)
    if not found:
        return None
    box = _box(list(found.values()))
    width, height = box[2] - box[0], box[3] - box[1]
    zoom = min(MOST_ZOOM, WIDTH / width)
    size = (round(width * zoom), round(height * zoom))
    scene = draw_scene(view, locale).image.crop(box)
    canvas = Canvas(*size, common.PARCHMENT)
    canvas.image.paste(scene.resize(size, Image.Resampling.BILINEAR), (0, 0))
    spots = {name: (round((x - box[0]) * zoom), round((y - box[1]) * zoom)) for name, (x, y) in found.items()}
    label_size = _label_size(spots)
    label = face(label_size, Weight.BOLD)
    half_h = label_size * 3 // 5
    for name, (cx, cy) in spots.items():
        half_w = _half_width(name, label_size)
        cx = min(max(cx, half_w + 2), size[0] - half_w - 2)
        plate = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        canvas.box(*plate, common.IMPERIAL_RED, common.WHITE, 3, radius=half_h)
        canvas.text(cx, cy, name, label, common.WHITE, anchor="mm", role=PLACE)
    exact = (*common.THEME_COLOURS, *HOUSE_RGB.values(), *TOWER_RGB.values())
    return canvas.png(exact)
