"""Fonts for the board images, loaded once and shared by every renderer.

Every text is set in DejaVu Sans (shipped in `renderers/fonts/`; wide
Unicode coverage, sturdy at small sizes). Players' names are written in any
script and full of emoji, so behind DejaVu stand the Noto fonts of the
`manimgx-fonts` and `manimgx-fonts-cjk` packages (dependencies of the
project, SIL Open Font License): Noto Sans for Latin, Greek and Cyrillic
letters DejaVu lacks, Noto Sans Arabic, Hebrew, Devanagari and Thai, Noto
Sans CJK for Chinese, Japanese and Korean, Noto Sans Symbols and Noto Emoji;
and Noto Color Emoji, shipped beside DejaVu (`FALLBACKS`;
`renderers.shaping` picks the font of each grapheme cluster and lays the
runs). Where DejaVu is missing, Pillow's built-in font stands in: it needs
no file, but has one weight and covers little beyond ASCII, so bold is
imitated with a thin outline. A character no font can draw becomes a
placeholder, a letter without its accent where one of the fonts has that.
Nothing here may fail on a machine without font files.
"""

from __future__ import annotations

import importlib.util
import logging
import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import cache
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont
from PIL import features

__all__ = [
    "FALLBACKS",
    "PLACEHOLDER",
    "RAQM",
    "Face",
    "Fallback",
    "Weight",
    "face",
    "fallback_font",
    "fallback_has",
    "has_glyph",
    "readable",
    "shaped_face",
]

log = logging.getLogger(__name__)

#: Drawn instead of a character the font cannot show.
PLACEHOLDER = "?"

#: Whether Pillow can shape text (joining, marks, right to left): with libraqm.
RAQM = features.check("raqm") is True

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
            # drawn (no dependence on whether libraqm is installed); text that
            # needs shaping is laid by `renderers.shaping` instead.
            font = ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
            return Face(font, size, weight)
        except OSError:
            log.warning("cannot load font %s; using Pillow's built-in font", path)
    stroke = 0 if weight is Weight.REGULAR else max(1, size // 28)
    return Face(ImageFont.load_default(size=size), size, weight, stroke)


@cache
def shaped_face(font_face: Face) -> ImageFont.FreeTypeFont | None:
    """DejaVu of that face laid out by libraqm (marks placed, right to left), for the text
    that needs it; None without libraqm or without DejaVu."""
    path = _font_file(font_face.weight)
    if not RAQM or path is None or font_face.stroke:
        return None
    try:
        return ImageFont.truetype(str(path), font_face.size, layout_engine=ImageFont.Layout.RAQM)
    except OSError:
        return None


def _signature(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> tuple[object, ...]:
    mask = font.getmask(text)
    return (mask.size, bytes(mask))


#: A character no font has: it shows a font's missing-glyph box (.notdef). U+FFFF is a
#: noncharacter.
_MISSING = "\uffff"


@cache
def has_glyph(weight: Weight, char: str) -> bool:
    """Whether that face draws `char` as itself rather than as the missing-glyph box."""
    probe = face(28, weight).font
    return _signature(probe, char) != _signature(probe, _MISSING)


# ---------------------------------------------------------------- fonts behind DejaVu


@dataclass(frozen=True)
class Fallback:
    """A font file of a package, behind DejaVu for the characters it lacks."""

    name: str
    #: The package that ships it (a dependency of the project), None for `renderers/fonts/`;
    #: and the file's name there.
    package: str | None
    file: str
    #: The font's index in a collection (.ttc): which CJK variant.
    index: int = 0
    #: Emoji: drawn first for emoji sequences, whatever DejaVu has.
    emoji: bool = False
    #: A colour bitmap font: it loads at this one size only, and is drawn in its own colours
    #: at that size and scaled (0 for an outline font, drawn at any size in the text's colour).
    bitmap: int = 0


#: In the order they are tried for a cluster DejaVu cannot draw (scripts with a font of
#: their own try it first: `renderers.shaping`).
FALLBACKS: tuple[Fallback, ...] = (
    Fallback("sans", "manimgx_fonts", "NotoSans[wght].ttf"),
    Fallback("arabic", "manimgx_fonts", "NotoSansArabic[wght].ttf"),
    Fallback("hebrew", "manimgx_fonts", "NotoSansHebrew[wght].ttf"),
    Fallback("devanagari", "manimgx_fonts", "NotoSansDevanagari[wght].ttf"),
    Fallback("thai", "manimgx_fonts", "NotoSansThai[wght].ttf"),
    # Noto Sans CJK draws Chinese, Japanese and Korean alike; the collection's
    # faces differ in regional glyph forms (0 Japanese, 1 Korean, 2 Simplified Chinese).
    Fallback("cjk", "manimgx_fonts_cjk", "NotoSansCJK-VF.otf.ttc", index=2),
    Fallback("cjk-jp", "manimgx_fonts_cjk", "NotoSansCJK-VF.otf.ttc", index=0),
    Fallback("cjk-kr", "manimgx_fonts_cjk", "NotoSansCJK-VF.otf.ttc", index=1),
    Fallback("symbols", "manimgx_fonts", "NotoSansSymbols[wght].ttf"),
    # Noto Color Emoji with its images halved (scripts/emoji_font.py), shipped beside
    # DejaVu: no package offers a colour emoji font Pillow can draw. Emoji it lacks
    # (newer than its 2.042) come from Noto Emoji, in the text's colour.
    Fallback("colour-emoji", None, "NotoColorEmoji-54.ttf", emoji=True, bitmap=54),
    Fallback("emoji", "manimgx_fonts", "NotoEmoji[wght].ttf", emoji=True),
)

#: The weight axis of the variable Noto fonts, per face.
_WEIGHT_AXIS = {Weight.REGULAR: 400, Weight.BOLD: 700, Weight.CONDENSED: 700}


@cache
def _package_file(package: str | None, file: str) -> Path | None:
    if package is None:
        path = _FONT_DIRS[0] / file
        return path if path.is_file() else None
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        log.info("font package %s is not installed; its scripts become placeholders", package)
        return None
    for folder in spec.submodule_search_locations:
        if (Path(folder) / file).is_file():
            return Path(folder) / file
    log.warning("font package %s has no %s", package, file)
    return None


def fallback_font(source: Fallback, size: int, weight: Weight) -> ImageFont.FreeTypeFont | None:
    """That fallback at that size and weight (a bitmap font at its one size), laid out by
    libraqm where Pillow has it; None where the package or file is missing."""
    if source.bitmap:  # one size, one weight: loaded once
        return _load(source, source.bitmap, Weight.REGULAR)
    return _load(source, size, weight)


@lru_cache(maxsize=256)
def _load(source: Fallback, size: int, weight: Weight) -> ImageFont.FreeTypeFont | None:
    path = _package_file(source.package, source.file)
    if path is None:
        return None
    engine = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
    try:
        font = ImageFont.truetype(str(path), size, index=source.index, layout_engine=engine)
    except OSError:
        log.warning("cannot load font %s", path)
        return None
    try:
        axis = font.get_variation_axes()[0]
        low, high = axis["minimum"] or 0, axis["maximum"] or 1000
        font.set_variation_by_axes([min(max(_WEIGHT_AXIS[weight], low), high)])
    except OSError:
        pass  # not a variable font: its one weight
    return font


@lru_cache(maxsize=65536)
def fallback_has(source: Fallback, char: str) -> bool:
    """Whether that fallback draws `char` as itself rather than as its missing-glyph box."""
    probe = fallback_font(source, 28, Weight.REGULAR)
    if probe is None:
        return False
    return _signature(probe, char) != _signature(probe, _MISSING)


def drawable(weight: Weight, char: str) -> bool:
    """Whether DejaVu or one of the fallbacks draws `char`."""
    return has_glyph(weight, char) or any(fallback_has(source, char) for source in FALLBACKS)


# ---------------------------------------------------------------- what is drawn

#: Format characters a name keeps: they join (emoji sequences, Indic conjuncts, Persian)
#: or are the tags of a subdivision flag. Others (direction marks) are dropped.
_KEPT_FORMAT = frozenset("\u200c\u200d")


def _kept_format(char: str) -> bool:
    return char in _KEPT_FORMAT or 0xE0020 <= ord(char) <= 0xE007F


def readable(text: str, weight: Weight = Weight.REGULAR) -> str:
    """`text` with what no font can draw replaced, never raising.

    Control and formatting characters (direction marks) are dropped, but not
    the joiners and tags of emoji sequences; whitespace runs become one space,
    and each run of characters no font has becomes one placeholder.
    """
    out: list[str] = []
    for char in unicodedata.normalize("NFC", str(text)):
        category = unicodedata.category(char)
        if category.startswith("Z") or char in "\t\n\r":
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if category == "Cf" and _kept_format(char):
            out.append(char)
            continue
        if category in {"Cc", "Cf", "Cs", "Co", "Cn"}:
            continue
        if category.startswith("M") and (not out or out[-1] == PLACEHOLDER):
            continue  # a combining mark on a placeholder (or on nothing)
        if _modifier(char) or drawable(weight, char):
            out.append(char)
        elif (stand_in := _stand_in(weight, char)) is not None:
            out.append(stand_in)
        elif not out or out[-1] != PLACEHOLDER:
            out.append(PLACEHOLDER)
    return "".join(out).strip()


def _modifier(char: str) -> bool:
    """An emoji's skin tone: drawn with its base (the monochrome emoji font has no glyph of its own)."""
    return 0x1F3FB <= ord(char) <= 0x1F3FF


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
