"""A drawing surface with the few primitives the board images need.

Pillow draws shapes without anti-aliasing; text is smooth, circles and
rounded corners are jagged. Small shapes are therefore drawn four times
larger and scaled down once (sprites, cached), and rounded boxes are built
from straight rectangles plus such smooth corners; a whole map is drawn by
a `Pen` on an image twice as large, reduced once when it is done. Text is shaped once per
label, face and anchor and kept as a coverage mask (`_label`): a board
repeats the same names, numbers and headings every time it is drawn. The finished image is
stored as a palette PNG: the flat colours of a board need few entries, which
keeps the file small.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from PIL import Image
from PIL import ImageDraw

from renderers import legibility
from renderers import shaping
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.fonts import readable

__all__ = [
    "RGB",
    "SUPERSAMPLE",
    "Canvas",
    "Painter",
    "Pen",
    "ellipsize",
    "fit",
    "sprite",
    "text_width",
]

RGB = tuple[int, int, int]
#: Draws a sprite SUPERSAMPLE times larger: (draw, width, height, colours), sizes in its pixels.
Painter = Callable[[ImageDraw.ImageDraw, int, int, tuple[RGB, ...]], None]

SUPERSAMPLE = 4
_ELLIPSIS = "…"


@lru_cache(maxsize=2048)
def sprite(painter: Painter, width: int, height: int, colours: tuple[RGB, ...] = ()) -> Image.Image:
    """A smooth RGBA image of `painter`'s drawing (cached by its arguments).

    The painter draws on a surface SUPERSAMPLE times larger than the sprite.
    """
    return _supersampled(painter, width, height, colours)


def _supersampled(painter: Painter, width: int, height: int, colours: tuple[RGB, ...]) -> Image.Image:
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    painter(ImageDraw.Draw(big), big.width, big.height, colours)
    # reduce() averages premultiplied colours, so edges get no dark fringe.
    return big.reduce(SUPERSAMPLE)


@lru_cache(maxsize=512)
def _corners(
    radius: int, fill: RGB | None, outline: RGB | None, width: int
) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """The corners of a rounded box as smooth RGBA sprites.

    In the order top-left, top-right, bottom-left, bottom-right.
    """
    corner = _corner(radius, fill, outline, width)
    return (
        corner,
        corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
        corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
        corner.transpose(Image.Transpose.ROTATE_180),
    )


def _corner(radius: int, fill: RGB | None, outline: RGB | None, width: int) -> Image.Image:

    def paint(draw: ImageDraw.ImageDraw, size: int, _: int, __: tuple[RGB, ...]) -> None:
        draw.ellipse(
            (0, 0, 2 * size - 1, 2 * size - 1),
            fill=fill,
            outline=outline if width else None,
            width=width * SUPERSAMPLE,
        )

    return _supersampled(paint, radius, radius, ())


@lru_cache(maxsize=4096)
def text_width(text: str, font_face: Face) -> int:
    """Width in pixels of `text` drawn in `font_face` (as `Canvas.text` draws it)."""
    text = readable(text, font_face.weight)
    if not shaping.simple(text, font_face.weight):
        return shaping.label(text, font_face, "la")[3]
    left, _, right, _ = font_face.font.getbbox(text, stroke_width=font_face.stroke)
    return int(right - left)


@lru_cache(maxsize=8192)
def _label(text: str, font_face: Face, anchor: str) -> shaping.Label:
    """`text` in `font_face` as a coverage mask, the offset of its top-left corner from the
    anchor point, its width (as `text_width` measures it), and the colour emoji laid over
    the mask (None for text without).

    Drawn by Pillow itself, the same glyphs at the same place as drawing the text
    directly at whole-pixel coordinates; laying the kept mask is several times
    quicker than shaping the text again. Text DejaVu cannot draw alone (names in
    other scripts, emoji) is laid in runs of several fonts by `renderers.shaping`.
    """
    shown = readable(text, font_face.weight)
    if not shaping.simple(shown, font_face.weight):
        return shaping.label(shown, font_face, anchor)
    font, stroke = font_face.font, font_face.stroke
    left, top, right, bottom = (int(v) for v in font.getbbox(shown, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(right - left, 0), max(bottom - top, 0)), 0)
    if mask.width and mask.height:
        ImageDraw.Draw(mask).text(
            (-left, -top), shown, font=font, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
        )
    return mask, left, top, text_width(shown, font_face), None


def fit(text: str, size: int, min_size: int, weight: Weight, max_width: int) -> Face | None:
    """The largest face from `size` down to `min_size` in which `text` fits, else None."""
    for candidate in range(size, min_size - 1, -1):
        chosen = face(candidate, weight)
        if text_width(text, chosen) <= max_width:
            return chosen
    return None


def ellipsize(text: str, font_face: Face, max_width: int) -> str:
    """`text` cut with an ellipsis so that it fits `max_width`.

    The cut falls between grapheme clusters: never inside an emoji sequence, a
    flag, or between a letter and its marks.
    """
    if text_width(text, font_face) <= max_width:
        return text
    parts = shaping.clusters(readable(text, font_face.weight))
    low, high = 0, len(parts)
    while low < high:  # the most clusters that fit together with the ellipsis
        middle = (low + high + 1) // 2
        if text_width("".join(parts[:middle]).rstrip() + _ELLIPSIS, font_face) <= max_width:
            low = middle
        else:
            high = middle - 1
    return "".join(parts[:low]).rstrip() + _ELLIPSIS if low else _ELLIPSIS


class Canvas:
    """An RGB image being drawn; coordinates are pixels, boxes are (x0, y0, x1, y1) with x1, y1 excluded."""

    def __init__(self, width: int, height: int, background: RGB | None) -> None:
        """An opaque canvas, or a transparent one (for sprites) when `background` is None."""
        self.width = width
        self.height = height
        if background is None:
            self.image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        else:
            self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)

    def rect(self, x0: int, y0: int, x1: int, y1: int, fill: RGB) -> None:
        if x1 > x0 and y1 > y0:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill)

    def box(
        self,
        x0: int,
        y0: int,
        x1: int,
        y1: int,
        fill: RGB | None,
        outline: RGB | None = None,
        width: int = 0,
        radius: int = 0,
    ) -> None:
        """A rectangle with smooth rounded corners and an optional border."""
        r = min(radius, (x1 - x0) // 2, (y1 - y0) // 2)
        if r <= 0:
            if fill is not None:
                self.rect(x0, y0, x1, y1, fill)
            if outline is not None and width:
                self._border(x0, y0, x1, y1, 0, outline, width)
            return
        if fill is not None:
            self.rect(x0 + r, y0, x1 - r, y1, fill)
            self.rect(x0, y0 + r, x0 + r, y1 - r, fill)
            self.rect(x1 - r, y0 + r, x1, y1 - r, fill)
        if outline is not None and width:
            self._border(x0, y0, x1, y1, r, outline, width)
        top_left, top_right, bottom_left, bottom_right = _corners(r, fill, outline, width)
        self.paste(top_left, x0, y0)
        self.paste(top_right, x1 - r, y0)
        self.paste(bottom_left, x0, y1 - r)
        self.paste(bottom_right, x1 - r, y1 - r)

    def _border(self, x0: int, y0: int, x1: int, y1: int, r: int, colour: RGB, width: int) -> None:
        self.rect(x0 + r, y0, x1 - r, y0 + width, colour)
        self.rect(x0 + r, y1 - width, x1 - r, y1, colour)
        self.rect(x0, y0 + r, x0 + width, y1 - r, colour)
        self.rect(x1 - width, y0 + r, x1, y1 - r, colour)

    def paste(self, image: Image.Image, x: int, y: int) -> None:
        """Lay an RGBA sprite with its top-left corner at (x, y)."""
        if self.image.mode == "RGBA":
            self.image.alpha_composite(image, (x, y))
        else:
            self.image.paste(image, (x, y), image)

    def paste_centred(self, image: Image.Image, cx: int, cy: int) -> None:
        self.paste(image, cx - image.width // 2, cy - image.height // 2)

    def text(
        self,
        x: int,
        y: int,
        text: str,
        font_face: Face,
        fill: RGB,
        anchor: str = "la",
        role: str | None = None,
    ) -> int:
        """Draw `text` anchored at (x, y) (Pillow anchors: 'lm' = left, middle); return its width.

        Characters the face cannot show become placeholders (names and
        translations may hold any character). `role`: what the text is, for a
        phone's report (`legibility.PLACE`, `FIGURE`, `MARK`).
        """
        legibility.note(role, text, font_face)
        mask, left, top, width, colour = _label(text, font_face, anchor)
        if mask.width and mask.height:
            x0, y0 = int(x) + left, int(y) + top
            self.image.paste(fill, (x0, y0, x0 + mask.width, y0 + mask.height), mask)
            if colour is not None:
                self.image.paste(colour, (x0, y0), colour)
        return width

    def png(self, exact: Sequence[RGB] = (), colours: int = 128) -> bytes:
        """The image as palette PNG bytes (same drawing, same bytes).

        The palette is learnt from a quarter-size copy (four times faster
        than from the whole image, and the same to the eye), plus the `exact`
        colours, so that flat areas of those colours (seat colours, the
        theme) keep them precisely.
        """
        reserved = list(dict.fromkeys(exact))[: 256 - colours]
        learnt = self.image.reduce(4).quantize(colours, method=Image.Quantize.FASTOCTREE)
        entries = (learnt.getpalette() or [])[: 3 * colours]
        entries += [channel for colour in reserved for channel in colour]
        palette = Image.new("P", (1, 1))
        palette.putpalette(entries)
        indexed = self.image.quantize(palette=palette, dither=Image.Dither.NONE)
        out = io.BytesIO()
        # Level 3 compresses a flat board nearly as well as 9, ten times faster.
        indexed.save(out, format="PNG", compress_level=3)
        return out.getvalue()


class Pen:
    """Draws on an image `scale` times larger than the picture it becomes (reduced once when
    it is done, so that slanted lines and curves come out smooth); coordinates and sizes are
    the picture's pixels."""

    def __init__(self, image: Image.Image, scale: int = 2) -> None:
        self.image = image
        self.scale = scale
        self.draw = ImageDraw.Draw(image)

    def _at(self, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * self.scale, y * self.scale) for x, y in points]

    def _circle(self, cx: float, cy: float, r: float) -> tuple[float, float, float, float]:
        k = self.scale
        return ((cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k)

    def _width(self, width: float, outline: RGB | None) -> int:
        return round(width * self.scale) if outline else 0

    def poly(
        self,
        points: Sequence[tuple[float, float]],
        fill: RGB | None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        self.draw.polygon(self._at(points), fill=fill, outline=outline, width=self._width(width, outline))

    def line(
        self,
        points: Sequence[tuple[float, float]],
        fill: RGB,
        width: float,
        joint: Literal["curve"] | None = None,
    ) -> None:
        self.draw.line(self._at(points), fill=fill, width=max(1, round(width * self.scale)), joint=joint)

    def arc(self, cx: float, cy: float, r: float, start: float, end: float, fill: RGB, width: float) -> None:
        self.draw.arc(self._circle(cx, cy, r), start, end, fill=fill, width=round(width * self.scale))

    def disc(
        self, cx: float, cy: float, r: float, fill: RGB | None, outline: RGB | None = None, width: float = 0
    ) -> None:
        self.draw.ellipse(
            self._circle(cx, cy, r), fill=fill, outline=outline, width=self._width(width, outline)
        )

    def box(
        self,
        corners: tuple[float, float, float, float],
        fill: RGB,
        outline: RGB | None = None,
        *,
        width: float = 0,
        radius: float = 0,
    ) -> None:
        """A box between (x0, y0) and (x1, y1), its corners rounded by `radius`."""
        x0, y0, x1, y1 = (value * self.scale for value in corners)
        thick = self._width(width, outline)
        self.draw.rounded_rectangle(
            (x0, y0, x1, y1), radius * self.scale, fill=fill, outline=outline, width=thick
        )

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: int,
        weight: Weight,
        fill: RGB,
        anchor: str = "mm",
        role: str | None = None,
    ) -> None:
        """`text` in a face of `size` (the picture's pixels), what no font can draw replaced;
        `role` as for `Canvas.text`."""
        font_face = face(size * self.scale, weight)
        legibility.note(role, text, font_face, self.scale)
        shown = readable(text, weight)
        if not shaping.simple(shown, weight):
            mask, left, top, _, colour = shaping.label(shown, font_face, anchor)
            x0, y0 = round(x * self.scale) + left, round(y * self.scale) + top
            self.image.paste(fill, (x0, y0, x0 + mask.width, y0 + mask.height), mask)
            if colour is not None:
                self.image.paste(colour, (x0, y0), colour)
            return
        self.draw.text(
            (x * self.scale, y * self.scale),
            shown,
            font=font_face.font,
            fill=fill,
            anchor=anchor,
            stroke_width=font_face.stroke,
            stroke_fill=fill,
        )

    def paste(self, sprite: Image.Image, cx: float, cy: float) -> None:
        """A sprite drawn at the pen's scale, centred on (cx, cy)."""
        k = self.scale
        self.image.paste(
            sprite, (round(cx * k - sprite.width / 2), round(cy * k - sprite.height / 2)), sprite
        )

    def icon(self, image: Image.Image, cx: float, cy: float) -> None:
        """A sprite drawn at the picture's size, enlarged to the pen's and centred on (cx, cy)."""
        k = self.scale
        self.paste(image.resize((image.width * k, image.height * k), Image.Resampling.BICUBIC), cx, cy)
