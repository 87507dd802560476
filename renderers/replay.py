"""The animated replay of a finished game: an endless GIF with one frame per view.

Each frame is the board that `renderers.render` draws for a spectator view,
scaled down, under a dark caption band that says which turn it shows and a
bar that shows how far the game has come. The first frame is the starting
position, the last the final one, held longer so that the result can be read.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

import renderers
from renderers.canvas import RGB, Canvas, fit
from renderers.common import GOLD, GOLD_LIGHT, INK, MUTED, THEME_COLOURS, label
from renderers.fonts import Weight

__all__ = [
    "DEFAULT_MAX_BYTES",
    "FRAME_MS",
    "LAST_FRAME_MS",
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
#: Caption band height and caption text size, relative to the frame width.
_BAND_SHARE = 0.075
_TEXT_SHARE = 0.6
_BAR_SHARE = 0.1

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
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> bytes:
    """GIF bytes that play `views` (spectator views, first to last) one frame each, looping forever.

    The same views give the same bytes. ValueError for no views, a seat's
    view (it could show a hand), or when even frames `MIN_WIDTH` pixels wide
    do not fit into `max_bytes`.
    """
    if not views:
        raise ValueError("a replay needs at least one view")
    if max_bytes <= 0:
        raise ValueError(f"max_bytes must be positive, not {max_bytes}")
    for number, view in enumerate(views):
        if view.get("viewer") is not None:
            raise ValueError(f"view {number} is seat {view['viewer']}'s view; a replay shows spectator views")
    # The service hands over the renderer itself, which a worker process imports
    # by name even when the game was registered only in the bot's process.
    draw = renderers.renderer(game) if isinstance(game, str) else game
    boards = [_board(draw(view, locale)) for view in views]
    captions = [_caption(number, len(views), locale) for number in range(len(views))]
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


def _band_height(width: int) -> int:
    return max(24, round(width * _BAND_SHARE))


def _scaled_height(board: _Board, width: int) -> int:
    return max(1, round(board.height * width / board.width))


def _frame(board: _Board, caption: str, progress: float, width: int, height: int) -> Image.Image:
    """The board scaled to `width` under its caption band, padded below to `height`."""
    with Image.open(io.BytesIO(board.png)) as decoded:
        image = decoded.convert("RGB")
    band = _band_height(width)
    # The board's own margin colour fills the space below a board shorter than the tallest.
    frame = Image.new("RGB", (width, height), _margin_colour(image))
    frame.paste(_band(caption, progress, width, band).image, (0, 0))
    scaled_height = _scaled_height(board, width)
    if (width, scaled_height) != image.size:
        image = image.resize((width, scaled_height), Image.Resampling.BOX)
    frame.paste(image, (0, band))
    return frame


def _margin_colour(image: Image.Image) -> RGB:
    """The colour of the board's bottom-left pixel: its margin."""
    red, green, blue = image.crop((0, image.height - 1, 1, image.height)).tobytes()
    return (red, green, blue)


def _band(caption: str, progress: float, width: int, height: int) -> Canvas:
    """The caption band: the text, centred, and a thin bar along the bottom for the game's progress."""
    canvas = Canvas(width, height, _BAND)
    bar = max(2, round(height * _BAR_SHARE))
    size = round(height * _TEXT_SHARE)
    chosen = fit(caption, size, max(8, size // 2), Weight.BOLD, width - 2 * bar - 16)
    if chosen is not None:
        canvas.text(width // 2, (height - bar) // 2 + 1, caption, chosen, _CAPTION, anchor="mm")
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
    height = _band_height(width) + max(_scaled_height(board, width) for board in boards)
    last = len(boards) - 1

    def frame(number: int) -> Image.Image:
        progress = number / last if last else 1.0
        return _frame(boards[number], captions[number], progress, width, height)

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
