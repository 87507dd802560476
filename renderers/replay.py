"""The animated replay of a finished game: an endless GIF with one frame per view.

Each frame is the board that `renderers.render` draws for a spectator view,
under a dark caption band and a bar that shows how far the game has come.
The caption is the caller's (who did what in that turn), wrapped onto up to
three lines and cut with an ellipsis beyond; without captions it says which
turn the frame shows. The first frame is the starting position, the last the
final one, held longer so that the result can be read.

Boards grow and shrink during a game (sites fill up and are cleared), but a
GIF's frames share one size. The frame's board area is therefore chosen to
waste the least room over the whole game: a board taller than it is scaled
down a little (never below `MIN_SCALE`) and centred, a shorter one leaves
room below, instead of every frame being as tall as the tallest board.

GIF allows 256 colours. All frames share one palette, learnt from a few
sample frames plus the exact theme and seat colours (so seats stay told
apart and flat areas stay flat). One palette entry is left free: the GIF
writer uses it as the transparent colour that marks unchanged pixels, so a
frame stores only what changed since the one before. No dithering: it would
speckle the flat board and break that saving. When the file is still larger
than allowed, every frame is drawn narrower until it fits; frames are never
dropped, since a replay that skips turns would tell a different game.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

import renderers
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.common import GOLD
from renderers.common import GOLD_LIGHT
from renderers.common import INK
from renderers.common import MUTED
from renderers.common import THEME_COLOURS
from renderers.common import label
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face

__all__ = [
    "DEFAULT_MAX_BYTES",
    "FRAME_MS",
    "LAST_FRAME_MS",
    "MAX_CAPTION_LINES",
    "MIN_SCALE",
    "MIN_WIDTH",
    "START_WIDTH",
    "animate",
]

log = logging.getLogger(__name__)

#: Discord's upload limit for a server without boosts.
DEFAULT_MAX_BYTES = 8 * 1024 * 1024
#: Frame width tried first: the board stays legible on a phone.
START_WIDTH = 800
#: Narrower than this the board can no longer be read: refuse instead.
MIN_WIDTH = 320
FRAME_MS = 1200
LAST_FRAME_MS = 4000

#: The file size grows about as the frame width to this power (measured on whole games).
_SIZE_GROWTH = 1.2
#: Each narrower try is at least this much narrower than the one before.
_MIN_SHRINK = 0.9
#: Palette entries left unused: the GIF writer makes one the colour of unchanged (transparent) pixels.
_PALETTE_FREE = 1
#: Learnt colours closer than this (in every channel) to an exact colour are left out.
#: Pillow maps a pixel to a palette entry through a cache of colour cells 8 values
#: wide, so a learnt near-twin in the same cell could take a seat colour's pixels.
_CLEARANCE = 16
#: Frames the palette is learnt from (spread evenly over the game, first and last included).
_PALETTE_SAMPLES = 5
#: A caption longer than this many lines is cut with an ellipsis.
MAX_CAPTION_LINES = 3
#: A board taller than the frame is scaled down to fit, but never below this share of the width
#: (boards whose labels are 10 px tall on a phone keep them 9 px tall).
MIN_SCALE = 0.9
#: Caption text size relative to the frame width: 9 px tall on a phone 390 px wide.
_TEXT_SHARE = 0.035
_LINE_SPACING = 1.25
_BAR_SHARE = 0.008

_BAND: RGB = INK
_CAPTION: RGB = GOLD_LIGHT
_BAR: RGB = GOLD
_BAR_TRACK: RGB = MUTED


@dataclass(frozen=True)
class _Board:
    """One rendered board, kept as its compact PNG until a frame is drawn from it."""

    png: bytes
    width: int
    height: int


def animate(
    game: str | renderers.Renderer,
    views: Sequence[Mapping[str, Any]],
    locale: str | None = None,
    *,
    captions: Sequence[str] | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> bytes:
    """GIF bytes that play `views` (spectator views, first to last) one frame each, looping forever.

    `captions` has one text per view, shown above its board (who did what in
    that turn); None captions the frames "Starting position", "Turn 1 of N", ….
    The same views and captions give the same bytes. ValueError for no views,
    a seat's view (it could show a hand), captions that are not one per view,
    or when even frames `MIN_WIDTH` pixels wide do not fit into `max_bytes`.
    """
    if not views:
        raise ValueError("a replay needs at least one view")
    if max_bytes <= 0:
        raise ValueError(f"max_bytes must be positive, not {max_bytes}")
    if captions is not None and len(captions) != len(views):
        raise ValueError(f"{len(captions)} captions for {len(views)} views: give one per view")
    for number, view in enumerate(views):
        if view.get("viewer") is not None:
            raise ValueError(f"view {number} is seat {view['viewer']}'s view; a replay shows spectator views")
    # The service hands over the renderer itself, which a worker process imports
    # by name even when the game was registered only in the bot's process.
    draw = renderers.renderer(game) if isinstance(game, str) else game
    boards = [_board(draw(view, locale)) for view in views]
    if captions is None:
        captions = [_caption(number, len(views), locale) for number in range(len(views))]
    else:
        captions = [str(caption) for caption in captions]
    widest = max(board.width for board in boards)
    width = min(START_WIDTH, widest)
    smallest = min(MIN_WIDTH, width)
    while True:
        gif = _encode(boards, captions, width)
        if len(gif) <= max_bytes:
            return gif
        if width <= smallest:
            raise ValueError(
                f"a replay of {len(views)} frames takes {len(gif)} bytes even {width} px wide "
                f"(allowed: {max_bytes})"
            )
        narrower = _narrower(width, len(gif), max_bytes, smallest)
        log.info(
            "replay of %d frames: %d bytes at %d px; trying %d px", len(views), len(gif), width, narrower
        )
        width = narrower


def _board(png: bytes) -> _Board:
    with Image.open(io.BytesIO(png)) as image:
        width, height = image.size
    return _Board(png, width, height)


def _caption(number: int, frames: int, locale: str | None) -> str:
    if number == 0:
        return label("board.replay.start", locale)
    return label("board.replay.turn", locale, turn=number, turns=frames - 1)


def _narrower(width: int, size: int, max_bytes: int, smallest: int) -> int:
    """The next width to try, at least 10 % less.

    The size grows a little faster than the width, far slower than the area:
    what changes from turn to turn are edges and letters.
    """
    guess = width * (max_bytes / size) ** (1 / _SIZE_GROWTH) * 0.97
    return max(smallest, min(int(guess), int(width * _MIN_SHRINK)))


# ---------------------------------------------------------------- frames


def _caption_face(width: int) -> Face:
    return face(max(10, round(width * _TEXT_SHARE)), Weight.BOLD)


def _caption_lines(caption: str, font_face: Face, room: int) -> list[str]:
    """`caption` wrapped at spaces onto at most MAX_CAPTION_LINES lines of `room` pixels.

    A word wider than the room, and the last line when more would follow, end in an ellipsis.
    """
    lines: list[str] = []
    for word in caption.split():
        if lines and text_width(f"{lines[-1]} {word}", font_face) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > MAX_CAPTION_LINES:
        last = " ".join(lines[MAX_CAPTION_LINES - 1 :])
        # The ellipsis must show that something was cut, even when the cut falls at a space.
        cut = ellipsize(last + " …", font_face, room)
        lines = [*lines[: MAX_CAPTION_LINES - 1], cut]
    return [ellipsize(line, font_face, room) for line in lines]


@dataclass(frozen=True)
class _Layout:
    """The frame's parts for one width: caption band over the board area."""

    width: int
    band: int
    area: int
    font: Face
    line_h: int
    room: int

    @property
    def height(self) -> int:
        return self.band + self.area


def _layout(boards: Sequence[_Board], captions: Sequence[str], width: int) -> _Layout:
    font_face = _caption_face(width)
    pad = max(4, round(width * 0.015))
    room = width - 2 * pad
    line_h = round(font_face.size * _LINE_SPACING)
    lines = max((len(_caption_lines(c, font_face, room)) for c in captions), default=1)
    bar = _bar_height(width)
    band = 2 * pad + line_h * max(1, lines) + bar
    return _Layout(width, band, _board_area(boards, width), font_face, line_h, room)


def _bar_height(width: int) -> int:
    return max(3, round(width * _BAR_SHARE))


def _scaled_height(board: _Board, width: int) -> int:
    return max(1, round(board.height * width / board.width))


def _board_area(boards: Sequence[_Board], width: int) -> int:
    """The height of the board area that leaves the least room unused over all frames.

    A board taller than the area is scaled to fit it (and so becomes narrower);
    boards are never scaled below MIN_SCALE of the width they would have.
    """
    heights = [_scaled_height(board, width) for board in boards]
    lowest = max(1, round(max(heights) * MIN_SCALE))
    candidates = sorted({h for h in heights if h >= lowest} | {lowest})

    def unused(area: int) -> float:
        return sum(width * area - (width * h if h <= area else width * area * area / h) for h in heights)

    # Ties go to the taller area: less scaling.
    return min(candidates, key=lambda area: (unused(area), -area))


def _frame(board: _Board, caption: str, progress: float, layout: _Layout) -> Image.Image:
    """The board fitted into the board area under its caption band, centred, margins in its own colour."""
    with Image.open(io.BytesIO(board.png)) as decoded:
        image = decoded.convert("RGB")
    width = layout.width
    frame = Image.new("RGB", (width, layout.height), _margin_colour(image))
    frame.paste(_band(caption, progress, layout).image, (0, 0))
    scale = min(width / board.width, layout.area / board.height)
    size = (max(1, round(board.width * scale)), max(1, min(layout.area, round(board.height * scale))))
    if size != image.size:
        image = image.resize(size, Image.Resampling.BOX)
    frame.paste(image, ((width - size[0]) // 2, layout.band))
    return frame


def _margin_colour(image: Image.Image) -> RGB:
    """The colour of the board's bottom-left pixel: its margin."""
    red, green, blue = image.crop((0, image.height - 1, 1, image.height)).tobytes()
    return (red, green, blue)


def _band(caption: str, progress: float, layout: _Layout) -> Canvas:
    """The caption band: its lines centred, a thin bar along the bottom for the game's progress."""
    width, height = layout.width, layout.band
    canvas = Canvas(width, height, _BAND)
    bar = _bar_height(width)
    lines = _caption_lines(caption, layout.font, layout.room)
    top = (height - bar - layout.line_h * len(lines)) // 2
    for number, line in enumerate(lines):
        cy = top + layout.line_h * number + layout.line_h // 2
        canvas.text(width // 2, cy, line, layout.font, _CAPTION, anchor="mm")
    canvas.rect(0, height - bar, width, height, _BAR_TRACK)
    canvas.rect(0, height - bar, round(width * progress), height, _BAR)
    return canvas


def _palette(samples: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame: learnt from samples, plus the theme and seat colours exactly."""
    exact = list(dict.fromkeys((*THEME_COLOURS, _BAND, _CAPTION, _BAR, _BAR_TRACK)))
    learnt_count = 256 - _PALETTE_FREE - len(exact)
    width, height = samples[0].size
    sheet = Image.new("RGB", (width, height * len(samples)))
    for row, sample in enumerate(samples):
        sheet.paste(sample, (0, row * height))
    learnt = sheet.quantize(learnt_count, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = (learnt.getpalette() or [])[: 3 * learnt_count]
    distinct = [
        colour
        for colour in zip(flat[0::3], flat[1::3], flat[2::3], strict=True)
        if all(max(abs(a - b) for a, b in zip(colour, kept, strict=True)) >= _CLEARANCE for kept in exact)
    ]
    entries = [channel for colour in (*distinct, *exact) for channel in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries)
    return palette


def _sample_numbers(frames: int) -> list[int]:
    """Frames the palette is learnt from: spread evenly, the first and the last included."""
    steps = max(1, _PALETTE_SAMPLES - 1)
    return sorted({round(k * (frames - 1) / steps) for k in range(_PALETTE_SAMPLES)})


def _encode(boards: Sequence[_Board], captions: Sequence[str], width: int) -> bytes:
    """The GIF with frames `width` pixels wide."""
    layout = _layout(boards, captions, width)
    last = len(boards) - 1

    def frame(number: int) -> Image.Image:
        progress = number / last if last else 1.0
        return _frame(boards[number], captions[number], progress, layout)

    # Only the samples and the quantized frames (a byte a pixel) are held at once.
    samples = {number: frame(number) for number in _sample_numbers(len(boards))}
    palette = _palette(list(samples.values()))
    indexed = [
        (samples.pop(number) if number in samples else frame(number)).quantize(
            palette=palette, dither=Image.Dither.NONE
        )
        for number in range(len(boards))
    ]
    durations = [FRAME_MS] * last + [LAST_FRAME_MS]
    out = io.BytesIO()
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
        # Unchanged pixels become transparent (the free palette entry) and
        # each frame is cropped to what changed: most turns change little.
        optimize=True,
        disposal=1,
    )
    return out.getvalue()
