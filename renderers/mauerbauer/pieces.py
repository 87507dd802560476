"""Mauerbauer: the pieces and symbols as smooth sprites.

Towers, houses and palaces are drawn in their colours and always carry the
letter of their colour on top (`lettered`; the board draws its own larger,
the same way), so the pieces read without colour vision too; a tower, a
house and a palace also differ in shape. Each region has a coat of arms with its own charge (chevron, cross,
star), the dice faces show the piece they give.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image
from PIL import ImageDraw

from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import sprite
from renderers.common import INK
from renderers.common import WHITE
from renderers.common import blend
from renderers.common import palette
from renderers.fonts import Weight
from renderers.fonts import face

__all__ = [
    "ARMS_FIELD",
    "HOUSE_RGB",
    "REGION_CHARGE",
    "TOWER_RGB",
    "arms",
    "colour_rgb",
    "house",
    "letter_ink",
    "lettered",
    "palace",
    "piece",
    "tower",
    "wall_icon",
    "water_icon",
]

#: Piece colours: clear hues for the houses, three steps of lightness for the towers.
HOUSE_RGB = palette(yellow="#f0c828", green="#3a9648", blue="#2e68c4", pink="#ec8cbc", red="#c82824")
TOWER_RGB = palette(white="#faf8f0", grey="#969696", black="#282624")
#: The field colours of the three coats of arms, and their charges.
ARMS_FIELD: dict[str, RGB] = {"west": (46, 96, 160), "middle": (160, 40, 40), "east": (40, 120, 70)}
REGION_CHARGE = {"west": "chevron", "middle": "cross", "east": "star"}


def colour_rgb(colour: str) -> RGB:
    """The drawing colour of a house or tower colour name."""
    return HOUSE_RGB.get(colour) or TOWER_RGB.get(colour) or (200, 200, 200)


def _outline(colour: RGB) -> RGB:
    return blend(colour, INK, 0.65)


def _paint_tower(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, line = colours
    b = max(2, w // 14)
    # Body, a wider top with three merlons, a small door.
    body = [(0.22, 0.34), (0.78, 0.34), (0.84, 0.97), (0.16, 0.97)]
    top = [(0.08, 0.14), (0.92, 0.14), (0.92, 0.38), (0.08, 0.38)]
    draw.polygon([(x * w, y * h) for x, y in body], fill=fill, outline=line, width=b)
    draw.polygon([(x * w, y * h) for x, y in top], fill=fill, outline=line, width=b)
    for k in range(3):
        x0 = 0.08 + k * 0.32
        draw.rectangle((x0 * w, 0.02 * h, (x0 + 0.2) * w, 0.16 * h), fill=fill, outline=line, width=b)


def tower(colour: str, size: int) -> Image.Image:
    """A tower of that colour (`size` wide, a little taller)."""
    fill = colour_rgb(colour)
    line = INK if colour != "black" else (130, 130, 130)
    return sprite(_paint_tower, size, size * 6 // 5, (fill, line))


def _paint_house(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, line = colours
    b = max(2, w // 13)
    points = [(0.5, 0.03), (0.97, 0.42), (0.88, 0.42), (0.88, 0.97), (0.12, 0.97), (0.12, 0.42), (0.03, 0.42)]
    draw.polygon([(x * w, y * h) for x, y in points], fill=fill, outline=line, width=b)


def house(colour: str, size: int) -> Image.Image:
    """A house: a square with a pointed roof."""
    fill = colour_rgb(colour)
    return sprite(_paint_house, size, size, (fill, _outline(fill)))


def _paint_palace(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, line = colours
    b = max(2, w // 16)
    # A broad hall with a dome in the middle and two corner turrets.
    draw.ellipse((0.28 * w, 0.02 * h, 0.72 * w, 0.5 * h), fill=fill, outline=line, width=b)
    for x0 in (0.02, 0.8):
        draw.rectangle((x0 * w, 0.12 * h, (x0 + 0.18) * w, 0.97 * h), fill=fill, outline=line, width=b)
    draw.rectangle((0.14 * w, 0.3 * h, 0.86 * w, 0.97 * h), fill=fill, outline=line, width=b)
    draw.line((0.5 * w, 0.0, 0.5 * w, 0.06 * h), fill=line, width=b)


def palace(colour: str, width: int) -> Image.Image:
    """A palace: wider than a house, with a dome and two turrets."""
    fill = colour_rgb(colour)
    return sprite(_paint_palace, width, width * 4 // 5, (fill, _outline(fill)))


def _shield(w: int, h: int) -> list[tuple[float, float]]:
    points = [(0.06 * w, 0.04 * h), (0.94 * w, 0.04 * h), (0.94 * w, 0.5 * h)]
    for k in range(1, 12):
        angle = math.pi * k / 12
        points.append((0.5 * w + 0.44 * w * math.cos(angle), 0.5 * h + 0.46 * h * math.sin(angle)))
    points.append((0.06 * w, 0.5 * h))
    return points


def _paint_arms(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    field, charge_colour, line, kind = colours
    b = max(2, w // 14)
    draw.polygon(_shield(w, h), fill=field, outline=line, width=b)
    charge = ("chevron", "cross", "star")[kind[0]]
    if charge == "chevron":
        points = [(0.14, 0.66), (0.5, 0.3), (0.86, 0.66), (0.86, 0.86), (0.5, 0.5), (0.14, 0.86)]
        draw.polygon([(x * w, y * h) for x, y in points], fill=charge_colour)
    elif charge == "cross":
        draw.rectangle((0.4 * w, 0.14 * h, 0.6 * w, 0.86 * h), fill=charge_colour)
        draw.rectangle((0.18 * w, 0.34 * h, 0.82 * w, 0.52 * h), fill=charge_colour)
    else:
        cx, cy, r = 0.5 * w, 0.46 * h, 0.34 * w
        star = []
        for k in range(10):
            radius = r if k % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + math.pi * k / 5
            star.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        draw.polygon(star, fill=charge_colour)


def arms(region: str, size: int) -> Image.Image:
    """The region's coat of arms: a shield in its colour with its own charge."""
    kind = ("west", "middle", "east").index(region) if region in ARMS_FIELD else 0
    field = ARMS_FIELD.get(region, (120, 120, 120))
    return sprite(_paint_arms, size, size * 7 // 6, (field, (246, 216, 128), INK, (kind, 0, 0)))


def _paint_wall(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    fill, line = colours
    b = max(2, w // 20)
    draw.rectangle((0.04 * w, 0.3 * h, 0.96 * w, 0.92 * h), fill=fill, outline=line, width=b)
    for k in range(4):
        x0 = 0.04 + k * 0.26
        draw.rectangle((x0 * w, 0.1 * h, (x0 + 0.14) * w, 0.32 * h), fill=fill, outline=line, width=b)
    draw.line((0.04 * w, 0.61 * h, 0.96 * w, 0.61 * h), fill=line, width=b)
    for x in (0.3, 0.7):
        draw.line((x * w, 0.3 * h, x * w, 0.61 * h), fill=line, width=b)
    draw.line((0.5 * w, 0.61 * h, 0.5 * w, 0.92 * h), fill=line, width=b)


def wall_icon(size: int, fill: RGB = (196, 176, 140)) -> Image.Image:
    """A piece of wall with merlons (the supply, the walls card)."""
    return sprite(_paint_wall, size, size * 3 // 4, (fill, INK))


def _paint_water(draw: ImageDraw.ImageDraw, w: int, h: int, colours: tuple[RGB, ...]) -> None:
    (line,) = colours
    b = max(2, w // 12)
    for row in (0.3, 0.62):
        points = []
        for k in range(25):
            x = 0.05 + 0.9 * k / 24
            points.append((x * w, (row + 0.08 * math.sin(k / 24 * 4 * math.pi)) * h))
        draw.line(points, fill=line, width=b, joint="curve")


def water_icon(size: int, line: RGB = WHITE) -> Image.Image:
    """Two wavy lines: water."""
    return sprite(_paint_water, size, size * 2 // 3, (line,))


def piece(kind: str, colour: str, size: int) -> Image.Image:
    """A "tower", a "palace" or (any other kind) a house of that colour, `size` pixels wide."""
    if kind == "tower":
        return tower(colour, size)
    return palace(colour, size) if kind == "palace" else house(colour, size)


def letter_ink(kind: str, colour: str, light: RGB = WHITE) -> tuple[RGB, float]:
    """The ink of the letter on a piece (`light` on the dark ones) and the height of its
    centre, as a share of the piece's height."""
    if kind == "tower":
        return (light if colour == "black" else INK), 0.64
    return (INK if colour in ("yellow", "pink") else light), 0.66


@lru_cache(maxsize=256)
def lettered(kind: str, colour: str, size: int, letter: str, text: int, light: RGB = WHITE) -> Image.Image:
    """A tower, palace or house `size` pixels wide with its colour's `letter` on it (condensed,
    `text` pixels)."""
    drawn = piece(kind, colour, size)
    ink, at = letter_ink(kind, colour, light)
    out = Canvas(drawn.width, drawn.height, None)
    out.paste(drawn, 0, 0)
    out.text(
        drawn.width // 2, round(drawn.height * at), letter, face(text, Weight.CONDENSED), ink, anchor="mm"
    )
    return out.image
