"""Fonts for the board images, loaded once and shared by every renderer.

The images look best with DejaVu Sans (a Debian package on most Linux
machines; wide Unicode coverage, sturdy at small sizes). Where it is missing,
Pillow's built-in font stands in: it needs no file, but has one weight and
covers little beyond ASCII, so bold is imitated with a thin outline, accented
letters lose their accents, and any other character it cannot draw becomes a
placeholder. Nothing here may fail on a
machine without font files.
"""

from __future__ import annotations

import logging
import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from PIL import ImageFont

__all__ = ["PLACEHOLDER", "Face", "Weight", "face", "has_glyph", "readable"]

log = logging.getLogger(__name__)

#: Drawn instead of a character the font cannot show.
PLACEHOLDER = "?"

_FONT_DIRS = (
    # DejaVu ships with the project (free licence in LICENSE-DejaVu.txt beside
    # the files), so images look the same on every machine; the system
    # folders are only a fallback for a trimmed install.
    Path(__file__).resolve().parent / "fonts",
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/dejavu-sans-fonts"),
    Path("/usr/local/share/fonts"),
    Path("/Library/Fonts"),
)


class Weight(Enum):
    """The three faces the renderers use."""

    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    #: Narrow bold, for labels that must fit a card.
    CONDENSED = "DejaVuSansCondensed-Bold.ttf"


@dataclass(frozen=True)
class Face:
    """A font at one size, plus the outline that fakes bold for the fallback font."""

    font: ImageFont.FreeTypeFont | ImageFont.ImageFont
    size: int
    weight: Weight
    stroke: int = 0


@cache
def _font_file(weight: Weight) -> Path | None:
    for folder in _FONT_DIRS:
        candidate = folder / weight.value
        if candidate.is_file():
            return candidate
    log.info("font %s not found; using Pillow's built-in font", weight.value)
    return None


@cache
def face(size: int, weight: Weight = Weight.REGULAR) -> Face:
    """The face of that size and weight (cached: fonts load once per process)."""
    path = _font_file(weight)
    if path is not None:
        try:
            # The basic layout engine gives the same pixels wherever the image is
            # drawn (no dependence on whether libraqm is installed).
            font = ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
            return Face(font, size, weight)
        except OSError:
            log.warning("cannot load font %s; using Pillow's built-in font", path)
    stroke = 0 if weight is Weight.REGULAR else max(1, size // 28)
    return Face(ImageFont.load_default(size=size), size, weight, stroke)


def _signature(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> tuple[object, ...]:
    mask = font.getmask(text)
    return (mask.size, bytes(mask))


@cache
def has_glyph(weight: Weight, char: str) -> bool:
    """Whether that face draws `char` as itself rather than as the missing-glyph box."""
    probe = face(28, weight).font
    # U+FFFF is a noncharacter: no font has it, so it shows the missing-glyph box.
    return _signature(probe, char) != _signature(probe, "\uffff")


def readable(text: str, weight: Weight = Weight.REGULAR) -> str:
    """`text` with what the face cannot draw replaced, never raising.

    Control and formatting characters (zero-width joiners, direction marks)
    are dropped, whitespace runs become one space, and each run of
    characters the font lacks (an emoji, a CJK name) becomes one placeholder.
    """
    out: list[str] = []
    for char in unicodedata.normalize("NFC", str(text)):
        category = unicodedata.category(char)
        if category.startswith("Z") or char in "\t\n\r":
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if category in {"Cc", "Cf", "Cs", "Co", "Cn"}:
            continue
        if category.startswith("M") and (not out or out[-1] == PLACEHOLDER):
            continue  # a combining mark on a placeholder (or on nothing)
        if category == "Sk" and unicodedata.name(char, "").startswith("EMOJI MODIFIER"):
            continue
        if has_glyph(weight, char):
            out.append(char)
        elif (stand_in := _stand_in(weight, char)) is not None:
            out.append(stand_in)
        elif not out or out[-1] != PLACEHOLDER:
            out.append(PLACEHOLDER)
    return "".join(out).strip()


#: Plain forms of typographic characters, for a font that lacks them.
_PLAIN = {
    "×": "x",
    "–": "-",
    "—": "-",
    "…": "...",
    "·": "-",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "ß": "ss",
}


def _stand_in(weight: Weight, char: str) -> str | None:
    """What to draw for a character the face lacks: a plain form, or the letter without its accent."""
    plain = _PLAIN.get(char)
    if plain is None:
        decomposed = unicodedata.normalize("NFKD", char)
        plain = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    if plain and plain != char and all(has_glyph(weight, c) for c in plain):
        return plain
    return None
