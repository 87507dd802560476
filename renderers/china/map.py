"""China: the map's geometry and its unchanging picture, computed once.

The board data (`games.china.data.BOARD`) gives only points: each province's
house spaces, its dragon field and the places of the alliance numbers, in
coordinates from 0 to 1. Here they become pixels: each province's spaces are
spread out around its centre and pushed apart where they still crowd (the
reconstructed board packs them too tightly to carry numbers that are
readable on a phone), the alliance numbers move to
the clearest spot between their two provinces, and every province becomes a
smooth region: rounded blobs around its spaces, reaching out to its alliance
numbers, split from its neighbours along a straight border through the
number. The picture of land, provinces, roads, empty spaces, dragon fields
and alliance seals is drawn once per board side and copied for every image;
the numbers are drawn on each image (`space_number`, `alliance_numbers`),
only where no piece covers them, and reported for the phone's measure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image
from PIL import ImageChops
from PIL import ImageDraw
from PIL import ImageFilter

from games.china.data import ALLIANCES
from games.china.data import BOARD
from games.china.data import BOARD_VERSIONS
from games.china.data import COLOURS
from games.china.data import PROVINCE_COLOUR
from games.china.data import PROVINCES
from games.china.data import ROADS
from games.china.data import SIDES
from games.china.data import SPACE_OF
from games.china.data import SPACES
from games.china.data import VERSION_SPACES
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.common import CREAM
from renderers.common import GOLD
from renderers.common import GOLD_DARK
from renderers.common import GOLD_LIGHT
from renderers.common import IMPERIAL_RED
from renderers.common import INK
from renderers.common import RED_DARK
from renderers.common import blend
from renderers.common import palette
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import FIGURE
from renderers.legibility import PLACE

__all__ = [
    "ALLIANCE_R",
    "DRAGON_R",
    "PROVINCE_INK",
    "PROVINCE_STRONG",
    "PROVINCE_TINT",
    "SPACE_R",
    "WIDTH",
    "Geometry",
    "alliance_numbers",
    "base_map",
    "geometry",
    "space_disc",
    "space_number",
]

Point = tuple[int, int]

WIDTH = 1200
#: How far each province's spaces are moved out from its centre.
SPREAD = 1.75
#: Room around the outermost spaces (province names may sit there).
PAD_X, PAD_TOP, PAD_BOTTOM = 44, 64, 40
SPACE_R = 30
DRAGON_R = 42
ALLIANCE_R = 30
#: A house space's number (one digit, bold) and an alliance's (up to two, condensed): over
#: 9 px tall on a phone, where the 1200 px wide image is shown 390 px wide.
NUMBER_SIZE = 42
ALLIANCE_SIZE = 36
NAME_SIZE = 38
#: The least room between two house spaces' (or a space's and a dragon field's) edges.
CLEARANCE = 14

#: Card and region colours per card colour (engine order: purple, red, green, yellow, orange).
_STRONG = palette(purple="#804aa6", red="#c4302b", green="#3a8c4a", yellow="#e8be28", orange="#e87c20")
PROVINCE_STRONG: tuple[RGB, ...] = tuple(_STRONG[name] for name in COLOURS)
#: The pale fill of a province on the map.
PROVINCE_TINT: tuple[RGB, ...] = tuple(
    blend(_STRONG[name], CREAM, 0.62 if name != "yellow" else 0.5) for name in COLOURS
)
#: Dark version for borders and names.
PROVINCE_INK: tuple[RGB, ...] = tuple(blend(_STRONG[name], INK, 0.45) for name in COLOURS)

LAND: RGB = (236, 224, 196)
SHORE: RGB = (176, 154, 118)
SEA: RGB = (206, 219, 214)
ROAD: RGB = (118, 92, 64)
ROAD_LIGHT: RGB = (214, 196, 160)


@dataclass(frozen=True)
class Geometry:
    """Pixel positions on the map (the map's top-left corner is 0, 0)."""

    height: int
    #: Per province, the centre of each house space (space number - 1).
    spaces: tuple[tuple[Point, ...], ...]
    dragons: tuple[Point, ...]
    centres: tuple[Point, ...]
    #: Per alliance (number - 1), the centre of its number badge.
    alliances: tuple[Point, ...]
    #: Per province, the centre of its name label.
    names: tuple[Point, ...]


def _spread() -> tuple[list[list[tuple[float, float]]], list[tuple[float, float]], list[tuple[float, float]]]:
    spaces, dragons, centres = [], [], []
    for province in BOARD["provinces"]:
        cx, cy = float(province["x"]), float(province["y"])
        centres.append((cx, cy))
        dragon = province["dragon"]
        dragons.append((cx + SPREAD * (float(dragon["x"]) - cx), cy + SPREAD * (float(dragon["y"]) - cy)))
        spaces.append(
            [
                (cx + SPREAD * (float(s["x"]) - cx), cy + SPREAD * (float(s["y"]) - cy))
                for s in province["spaces"]
            ]
        )
    return spaces, dragons, centres


def _clearance(x: float, y: float, circles: list[tuple[float, float, float]]) -> float:
    return min((math.hypot(x - cx, y - cy) - r for cx, cy, r in circles), default=1e9)


def _place_alliances(
    centres: list[Point], given: list[tuple[float, float]], circles: list[tuple[float, float, float]]
) -> list[Point]:
    """Each alliance number at the clearest spot near the segment between its provinces' centres."""
    placed: list[Point] = []
    for (a, b), (gx, gy) in zip(ALLIANCES, given, strict=True):
        (ax, ay), (bx, by) = centres[a], centres[b]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        others = circles + [(float(x), float(y), ALLIANCE_R + 4.0) for x, y in placed]
        best: tuple[float, Point] | None = None
        for step in range(25, 76, 5):
            t = step / 100
            for offset in range(-90, 91, 10):
                x = ax + (bx - ax) * t + nx * offset
                y = ay + (by - ay) * t + ny * offset
                room = min(_clearance(x, y, others) - ALLIANCE_R, 22.0)
                score = room - 0.12 * math.hypot(x - gx, y - gy)
                if best is None or score > best[0]:
                    best = (score, (round(x), round(y)))
        assert best is not None
        placed.append(best[1])
    return placed


def _name_width(name: str) -> int:
    left, _, right, _ = face(NAME_SIZE, Weight.BOLD).font.getbbox(name)
    return int(right - left) + 64  # room for the scored mark


def _place_names(centres: list[Point], height: int, circles: list[tuple[float, float, float]]) -> list[Point]:
    """Each province's name label at the clearest spot just outside its spaces."""
    placed: list[Point] = []
    boxes: list[tuple[float, float, float, float]] = []
    for index, province in enumerate(BOARD["provinces"]):
        half_w, half_h = _name_width(str(province["name"])) / 2, 26.0
        cx, cy = centres[index]
        near = [(ox, oy, r) for ox, oy, r in circles if math.hypot(ox - cx, oy - cy) < 200 + half_w + r]
        best: tuple[float, Point] | None = None
        for radius in range(60, 200, 14):
            for turn in range(0, 360, 15):
                angle = math.radians(turn - 90)
                x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
                if not (half_w + 6 <= x <= WIDTH - half_w - 6 and half_h + 6 <= y <= height - half_h - 6):
                    continue
                # Distance from the label box to the nearest circle or label.
                room = 1e9
                for ox, oy, r in near:
                    dx = max(abs(ox - x) - half_w, 0.0)
                    dy = max(abs(oy - y) - half_h, 0.0)
                    room = min(room, math.hypot(dx, dy) - r)
                for x0, y0, x1, y1 in boxes:
                    dx = max(x0 - (x + half_w), (x - half_w) - x1, 0.0)
                    dy = max(y0 - (y + half_h), (y - half_h) - y1, 0.0)
                    room = min(room, math.hypot(dx, dy))
                score = (
                    min(room, 14.0)
                    - 0.05 * radius
                    - (0.02 * abs(turn - 0) if turn < 180 else 0.02 * (360 - turn))
                )
                if best is None or score > best[0]:
                    best = (score, (round(x), round(y)))
        assert best is not None
        x, y = best[1]
        placed.append(best[1])
        boxes.append((x - half_w, y - half_h, x + half_w, y + half_h))
    return placed


def _push_apart(circles: list[list[float]]) -> None:
    """Move overlapping circles (x, y, radius) apart, in place, until `CLEARANCE` pixels lie
    between any two, each kept `PAD_X` from the map's sides: the reconstructed
    board puts a few spaces of neighbouring provinces almost on top of each other."""
    for _ in range(60):
        moved = False
        for i, a in enumerate(circles):
            for b in circles[i + 1 :]:
                dx, dy = b[0] - a[0], b[1] - a[1]
                distance = math.hypot(dx, dy) or 1.0
                short = a[2] + b[2] + CLEARANCE - distance
                if short <= 0.5:
                    continue
                moved = True
                ux, uy = dx / distance * short / 2, dy / distance * short / 2
                a[0], a[1], b[0], b[1] = a[0] - ux, a[1] - uy, b[0] + ux, b[1] + uy
        for circle in circles:
            circle[0] = min(max(circle[0], PAD_X + circle[2]), WIDTH - PAD_X - circle[2])
        if not moved:
            return


@cache
def geometry() -> Geometry:
    spaces, dragons, centres = _spread()
    points = [p for ps in spaces for p in ps] + dragons
    min_x, max_x = min(x for x, _ in points), max(x for x, _ in points)
    min_y = min(y for _, y in points)
    scale = (WIDTH - 2 * PAD_X - 2 * SPACE_R) / (max_x - min_x)

    def at(x: float, y: float) -> tuple[float, float]:
        return (PAD_X + SPACE_R + (x - min_x) * scale, PAD_TOP + SPACE_R + (y - min_y) * scale)

    def px(x: float, y: float) -> Point:
        fx, fy = at(x, y)
        return (round(fx), round(fy))

    pieces = [[*at(x, y), float(SPACE_R)] for ps in spaces for x, y in ps]
    pieces += [[*at(x, y), float(DRAGON_R)] for x, y in dragons]
    _push_apart(pieces)
    top = min(y - r for _, y, r in pieces) - PAD_TOP
    placed = iter((round(x), round(y - top)) for x, y, _ in pieces)
    space_px = [[next(placed) for _ in ps] for ps in spaces]
    dragon_px = [next(placed) for _ in dragons]
    height = round(max(y + r for _, y, r in pieces) - top + PAD_BOTTOM)
    centre_px = [(x, round(y - top)) for x, y in (px(*c) for c in centres)]
    given = [(x, round(y - top)) for x, y in (px(float(a["x"]), float(a["y"])) for a in BOARD["alliances"])]
    circles = [(float(x), float(y), SPACE_R + 6.0) for ps in space_px for x, y in ps]
    circles += [(float(x), float(y), DRAGON_R + 6.0) for x, y in dragon_px]
    alliances = _place_alliances(centre_px, [(float(x), float(y)) for x, y in given], circles)
    circles += [(float(x), float(y), ALLIANCE_R + 4.0) for x, y in alliances]
    names = _place_names(centre_px, height, circles)
    return Geometry(
        height=height,
        spaces=tuple(tuple(ps) for ps in space_px),
        dragons=tuple(dragon_px),
        centres=tuple(centre_px),
        alliances=tuple(alliances),
        names=tuple(names),
    )


# ---------------------------------------------------------------- regions


#: The regions are worked out at a quarter of the map's size, then scaled up smoothly.
_Q = 4


def _threshold(image: Image.Image, level: int = 128) -> Image.Image:
    return image.point(lambda v: 255 if v >= level else 0)


def _blob(
    points: list[Point], reach: list[Point], centre: Point, size: tuple[int, int], grow: int
) -> Image.Image:
    """A smooth region around `points` with arms out to the `reach` points (at a quarter of the size)."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)

    def q(point: Point) -> tuple[float, float]:
        return (point[0] / _Q, point[1] / _Q)

    radius = (SPACE_R + 26 + grow) / _Q
    for x, y in map(q, points):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
    hull = _hull(points)
    if len(hull) >= 3:
        draw.polygon([q(p) for p in hull], fill=255)
    for point in reach:
        x, y = q(point)
        draw.line((q(centre), (x, y)), fill=255, width=round(2 * (ALLIANCE_R + 22 + grow) / _Q))
        r = (ALLIANCE_R + 24 + grow) / _Q
        draw.ellipse((x - r, y - r, x + r, y + r), fill=255)
    return _threshold(mask.filter(ImageFilter.GaussianBlur(18 / _Q)), 110)


def _hull(points: list[Point]) -> list[Point]:
    """The convex hull (monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: Point, a: Point, b: Point) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _half_plane(size: tuple[int, int], through: Point, towards: tuple[float, float]) -> Image.Image:
    """The side, towards `towards`, of the line through `through` across `towards` (quarter size)."""
    w, h = size
    far = 4 * (w + h)
    tx, ty = towards
    length = math.hypot(tx, ty) or 1.0
    tx, ty = tx / length, ty / length
    nx, ny = -ty, tx
    x, y = through[0] / _Q, through[1] / _Q
    corners = [
        (x + nx * far, y + ny * far),
        (x + nx * far + tx * far, y + ny * far + ty * far),
        (x - nx * far + tx * far, y - ny * far + ty * far),
        (x - nx * far, y - ny * far),
    ]
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).polygon(corners, fill=255)
    return mask


@cache
def _regions() -> tuple[tuple[Image.Image, ...], Image.Image]:
    """Per province its region mask, and the land around them all (binary, quarter size)."""
    geo = geometry()
    size = (WIDTH // _Q, -(-geo.height // _Q))
    reach: list[list[Point]] = [[] for _ in PROVINCES]
    for number, (a, b) in enumerate(ALLIANCES):
        reach[a].append(geo.alliances[number])
        reach[b].append(geo.alliances[number])
    blobs = []
    land = Image.new("L", size, 0)
    for p in range(len(PROVINCES)):
        points = [*geo.spaces[p], geo.dragons[p]]
        blobs.append(_blob(points, reach[p], geo.centres[p], size, 0))
        land = ImageChops.lighter(land, _blob(points, reach[p], geo.centres[p], size, 20))
    regions = list(blobs)
    allied = {frozenset(pair): number for number, pair in enumerate(ALLIANCES)}
    for a in range(len(PROVINCES)):
        for b in range(a + 1, len(PROVINCES)):
            overlap = ImageChops.multiply(blobs[a], blobs[b])
            if overlap.getbbox() is None:
                continue
            (ax, ay), (bx, by) = geo.centres[a], geo.centres[b]
            alliance = allied.get(frozenset((a, b)))
            through = geo.alliances[alliance] if alliance is not None else ((ax + bx) // 2, (ay + by) // 2)
            towards_b = _half_plane(size, through, (bx - ax, by - ay))
            regions[a] = ImageChops.subtract(regions[a], ImageChops.multiply(overlap, towards_b))
            regions[b] = ImageChops.subtract(
                regions[b], ImageChops.multiply(overlap, ImageChops.invert(towards_b))
            )
    # Every house space and dragon field lies inside its own province, whatever the borders say.
    claims = []
    for p in range(len(PROVINCES)):
        claim = Image.new("L", size, 0)
        draw = ImageDraw.Draw(claim)
        r = (SPACE_R + 14) / _Q
        for x, y in [*geo.spaces[p], geo.dragons[p]]:
            draw.ellipse((x / _Q - r, y / _Q - r, x / _Q + r, y / _Q + r), fill=255)
        claims.append(claim)
    for p in range(len(PROVINCES)):
        for q in range(len(PROVINCES)):
            if q != p:
                regions[p] = ImageChops.subtract(regions[p], claims[q])
        regions[p] = ImageChops.lighter(regions[p], claims[p])
    land = _threshold(land.filter(ImageFilter.GaussianBlur(5)), 100)
    return tuple(regions), land


# ---------------------------------------------------------------- the picture


def _paste_region(image: Image.Image, colour: RGB, mask: Image.Image, level: int) -> None:
    """Fill a quarter-size binary mask at full size with a smooth edge (`level`: higher moves the edge in)."""
    box = mask.getbbox()
    if box is None:
        return
    x0, y0 = max(0, box[0] - 3), max(0, box[1] - 3)
    x1, y1 = min(mask.width, box[2] + 3), min(mask.height, box[3] + 3)
    part = mask.crop((x0, y0, x1, y1))
    soft = part.resize((part.width * _Q, part.height * _Q), Image.Resampling.BICUBIC)
    soft = soft.filter(ImageFilter.GaussianBlur(4))
    # Stretch the ramp around `level` so the edge stays about two pixels wide.
    soft = soft.point(lambda v: max(0, min(255, (v - level) * 5 + 128)))
    image.paste(colour, (x0 * _Q, y0 * _Q, x0 * _Q + soft.width, y0 * _Q + soft.height), soft)


def space_disc(canvas: Canvas, x: int, y: int) -> None:
    """A house space, without its number."""
    r = SPACE_R
    canvas.draw.ellipse((x - r + 2, y - r + 4, x + r + 2, y + r + 4), fill=blend(SHORE, LAND, 0.2))
    canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=CREAM, outline=INK, width=3)


def space_number(canvas: Canvas, x: int, y: int, number: int) -> None:
    """A free house space's number, as players type it (drawn on each image, so that a
    space a house covers carries none)."""
    canvas.text(x, y + 1, str(number), face(NUMBER_SIZE, Weight.BOLD), INK, anchor="mm", role=PLACE)


def alliance_numbers(canvas: Canvas, top: int) -> None:
    """The alliances' numbers on their seals (the map's top at `top`): the order they score in,
    which players weigh like a figure."""
    number_face = face(ALLIANCE_SIZE, Weight.CONDENSED)
    for number, (x, y) in enumerate(geometry().alliances, start=1):
        canvas.text(x, top + y + 1, str(number), number_face, GOLD_LIGHT, anchor="mm", role=FIGURE)


@cache
def base_map(side: str, board: str = BOARD_VERSIONS[0]) -> Image.Image:
    """The map without pieces for one board side and version (RGB; copy before drawing on it).

    An earlier version (`games.china.data.VERSION_SPACES`) lacks some provinces' last
    spaces: they and the roads to them are not drawn."""
    if side not in SIDES:
        side = SIDES[0]
    spaces = VERSION_SPACES.get(board, SPACES)
    geo = geometry()
    regions, land = _regions()
    canvas = Canvas(WIDTH, geo.height, SEA)
    # Gentle waves in the sea.
    for row in range(30, geo.height, 46):
        for col in range((row // 46) % 2 * 40, WIDTH, 80):
            canvas.draw.arc((col, row, col + 26, row + 14), 200, 340, fill=blend(SEA, INK, 0.12), width=2)
    _paste_region(canvas.image, SHORE, land, 70)
    _paste_region(canvas.image, LAND, land, 150)
    for p, region in enumerate(regions):
        colour = PROVINCE_COLOUR[p]
        _paste_region(canvas.image, PROVINCE_INK[colour], region, 150)
        _paste_region(canvas.image, PROVINCE_TINT[colour], region, 215)
    # Roads: a dark bed with a light lane.
    roads = [
        (a, b) for a, b in ROADS[side] if all(SPACE_OF[end][1] < spaces[SPACE_OF[end][0]] for end in (a, b))
    ]
    for a, b in roads:
        (pa, sa), (pb, sb) = SPACE_OF[a], SPACE_OF[b]
        canvas.draw.line((geo.spaces[pa][sa], geo.spaces[pb][sb]), fill=ROAD, width=11)
    for a, b in roads:
        (pa, sa), (pb, sb) = SPACE_OF[a], SPACE_OF[b]
        canvas.draw.line((geo.spaces[pa][sa], geo.spaces[pb][sb]), fill=ROAD_LIGHT, width=5)
    # Dragon fields.
    for p, (x, y) in enumerate(geo.dragons):
        r = DRAGON_R
        canvas.draw.ellipse((x - r + 2, y - r + 4, x + r + 2, y + r + 4), fill=blend(SHORE, LAND, 0.2))
        canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=IMPERIAL_RED, outline=RED_DARK, width=3)
        canvas.draw.ellipse(
            (x - r + 7, y - r + 7, x + r - 7, y + r - 7), fill=GOLD_LIGHT, outline=GOLD_DARK, width=2
        )
        _dragon_mark(canvas, x, y, PROVINCE_INK[PROVINCE_COLOUR[p]])
    # House spaces.
    for p, places in enumerate(geo.spaces):
        for x, y in places[: spaces[p]]:
            space_disc(canvas, x, y)
    # Alliances: a seal on the border (its number is drawn with the pieces).
    for x, y in geo.alliances:
        r = ALLIANCE_R
        canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=INK, outline=GOLD, width=3)
    return canvas.image


def _dragon_mark(canvas: Canvas, x: int, y: int, colour: RGB) -> None:
    """A faint coiled mark on an empty dragon field."""
    r = DRAGON_R - 16
    canvas.draw.arc((x - r, y - r, x + r, y + r), 30, 300, fill=blend(GOLD, GOLD_DARK, 0.3), width=4)
    canvas.draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=blend(GOLD, GOLD_DARK, 0.3))
