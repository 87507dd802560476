"""Text in any script: grapheme clusters, a font for each, runs laid in visual order.

DejaVu Sans, the face of every board, draws Latin, Greek and Cyrillic; a
player's name may be Arabic, Hebrew, Devanagari, Thai, Chinese, Japanese,
Korean or emoji. A text is cut into grapheme clusters (what a reader takes
for one character: a letter with its marks, an emoji with its skin tone, a
ZWJ sequence, a flag's pair of regional indicators), each cluster goes to
the first font that has all its characters (`fonts.FALLBACKS` behind
DejaVu; a script with a font of its own, and an emoji, tries that font
first), and neighbouring clusters of one font and one direction form a
run. Runs are shaped by libraqm (joining, marks) and put in visual order by
a small form of the Unicode bidirectional algorithm: a right-to-left name
reads from the right, and set into a sentence of the board's (left-to-right)
language it stays where the sentence puts it.

Text that DejaVu draws alone and that needs no shaping (almost every label
of a board) never comes here: `renderers.canvas` draws it as before, with
the same pixels. `label` draws the rest as one coverage mask, aligned with
what DejaVu would draw (its baseline, its middle), and cached.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFont

from renderers.fonts import FALLBACKS
from renderers.fonts import Face
from renderers.fonts import Fallback
from renderers.fonts import Weight
from renderers.fonts import fallback_font
from renderers.fonts import fallback_has
from renderers.fonts import has_glyph
from renderers.fonts import shaped_face

__all__ = ["Run", "clusters", "label", "layout", "simple"]

_ZWJ = "\u200d"
_VIRAMA = "\u094d"


def _script_ranges() -> dict[str, tuple[tuple[int, int], ...]]:
    return {
        "arabic": ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)),
        "hebrew": ((0x0590, 0x05FF), (0xFB1D, 0xFB4F)),
        "devanagari": ((0x0900, 0x097F), (0xA8E0, 0xA8FF)),
        "thai": ((0x0E00, 0x0E7F),),
    }


#: Scripts DejaVu has some glyphs of but cannot shape as they need: their own font first.
_SCRIPTS = _script_ranges()
_BY_NAME = {source.name: source for source in FALLBACKS}


def _script(char: str) -> str | None:
    code = ord(char)
    for name, ranges in _SCRIPTS.items():
        if any(low <= code <= high for low, high in ranges):
            return name
    return None


def _emoji(cluster: str) -> bool:
    """An emoji: a pictograph, or any sequence with an emoji's joiner, selector, tone, keycap or flag."""
    for char in cluster:
        code = ord(char)
        if 0x1F000 <= code <= 0x1FAFF or char in "\u200d\ufe0f\u20e3" or 0xE0020 <= code <= 0xE007F:
            return True
    return False


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _extends(cluster: str, char: str) -> bool:
    """Whether `char` belongs to the grapheme cluster `cluster` ends (UAX #29, the rules names need)."""
    code, last = ord(char), cluster[-1]
    if unicodedata.category(char) in {"Mn", "Mc", "Me"} or char in "\u200c\u200d\u0e33\u0eb3":
        return True
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or 0xE0020 <= code <= 0xE007F:
        return True
    if 0x1F3FB <= code <= 0x1F3FF:  # a skin tone stays with its person
        return True
    if last == _ZWJ and _emoji(cluster):  # an emoji ZWJ sequence
        return True
    if _regional(char) and len(cluster) == 1 and _regional(last):  # a flag: a pair of indicators
        return True
    if 0x1160 <= code <= 0x11FF:  # Hangul vowel and final jamo
        return True
    # An Indic conjunct: a consonant after a virama (possibly with a joiner) joins it.
    consonant = 0x0915 <= code <= 0x0939 or 0x0958 <= code <= 0x095F or 0x0978 <= code <= 0x097F
    return consonant and (last == _VIRAMA or (last == _ZWJ and cluster[-2:-1] == _VIRAMA))


def clusters(text: str) -> list[str]:
    """`text` as grapheme clusters, in logical order."""
    out: list[str] = []
    for char in text:
        if out and _extends(out[-1], char):
            out[-1] += char
        else:
            out.append(char)
    return out


def _needs_shaping(char: str) -> bool:
    if _script(char) is not None or unicodedata.bidirectional(char) in {"R", "AL", "AN"}:
        return True
    return unicodedata.category(char) in {"Mn", "Mc", "Me", "Cf"} or ord(char) >= 0x1F000


@lru_cache(maxsize=4096)
def simple(text: str, weight: Weight) -> bool:
    """Whether DejaVu draws `text` alone, left to right, with no shaping: the plain path."""
    return all(char == " " or (not _needs_shaping(char) and has_glyph(weight, char)) for char in text)


# ---------------------------------------------------------------- fonts per cluster

#: The font of a cluster: None for DejaVu, else a fallback.
Source = Fallback | None


def _cjk(text: str) -> Fallback:
    """The CJK face for the whole text: Japanese with kana, Korean with Hangul, else Chinese."""
    for char in text:
        code = ord(char)
        if 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF:
            return _BY_NAME["cjk-jp"]
        if 0xAC00 <= code <= 0xD7AF or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
            return _BY_NAME["cjk-kr"]
    return _BY_NAME["cjk"]


def _visible(cluster: str) -> str:
    """The characters of a cluster that need a glyph (not joiners, selectors, tags or tones)."""
    return (
        "".join(
            char
            for char in cluster
            if char not in "\u200c\u200d"
            and not 0xFE00 <= ord(char) <= 0xFE0F
            and not 0xE0020 <= ord(char) <= 0xE007F
            and not 0x1F3FB <= ord(char) <= 0x1F3FF
        )
        or cluster
    )


def _candidates(cluster: str, cjk: Fallback) -> list[Source]:
    order: list[Source] = [None, *(s for s in FALLBACKS if not s.name.startswith("cjk") or s == cjk)]
    script = _script(cluster[0])
    if _emoji(cluster):
        order.sort(key=lambda source: not (source is not None and source.emoji))
    elif script is not None:
        order.sort(key=lambda source: not (source is not None and source.name == script))
    return order


def _has(source: Source, weight: Weight, char: str) -> bool:
    return has_glyph(weight, char) if source is None else fallback_has(source, char)


def _font_of(cluster: str, weight: Weight, cjk: Fallback) -> Source:
    visible = _visible(cluster)
    for source in _candidates(cluster, cjk):
        if all(_has(source, weight, char) for char in visible):
            return source
    return None  # nothing has it: DejaVu's box (readable() has replaced such text already)


# ---------------------------------------------------------------- direction


def _direction(cluster: str) -> str:
    """'R', 'L' or 'N' (neutral: spaces, punctuation, digits take their neighbours' direction)."""
    kind = unicodedata.bidirectional(cluster[0])
    if kind in {"R", "AL", "AN"}:
        return "R"
    return "L" if kind == "L" else "N"


@dataclass(frozen=True)
class Run:
    """Neighbouring clusters in one font and one direction, in logical order."""

    text: str
    source: Source
    rtl: bool


def _levels(kinds: list[str]) -> list[int]:
    """Each cluster's embedding level (odd: right to left).

    Every text on a board is in a left-to-right language, a name often set into
    a sentence ("Turn: محمد · 2 actions left"): a text is right to left only
    when it has no left-to-right letter at all (a name wholly in Arabic or Hebrew).
    """
    rtl = "R" in kinds and "L" not in kinds
    base = "R" if rtl else "L"
    resolved = list(kinds)
    for i, kind in enumerate(kinds):
        if kind == "N":
            before = next((k for k in reversed(kinds[:i]) if k != "N"), base)
            after = next((k for k in kinds[i + 1 :] if k != "N"), base)
            resolved[i] = before if before == after else base
    if rtl:
        return [1 if kind == "R" else 2 for kind in resolved]
    return [1 if kind == "R" else 0 for kind in resolved]


@lru_cache(maxsize=2048)
def layout(text: str, weight: Weight) -> tuple[Run, ...]:
    """`text`'s runs in visual order, left to right."""
    parts = clusters(text)
    if not parts:
        return ()
    cjk = _cjk(text)
    fonts: list[Source] = []
    for part in parts:
        previous = fonts[-1] if fonts else None
        if part.isspace() and fonts and (previous is None or not previous.emoji):
            fonts.append(previous)  # a space stays in the run it follows (an emoji font's is too wide)
        else:
            fonts.append(_font_of(part, weight, cjk))
    levels = _levels([_direction(part) for part in parts])
    pieces: list[tuple[str, Source, int]] = []
    for part, source, level in zip(parts, fonts, levels, strict=True):
        if pieces and pieces[-1][1] == source and pieces[-1][2] == level:
            pieces[-1] = (pieces[-1][0] + part, source, level)
        else:
            pieces.append((part, source, level))
    # Reverse every sequence at each level or above, from the highest down to 1 (UAX #9, L2).
    order = list(range(len(pieces)))
    for level in range(max(p[2] for p in pieces), 0, -1):
        i = 0
        while i < len(order):
            if pieces[order[i]][2] >= level:
                j = i
                while j < len(order) and pieces[order[j]][2] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return tuple(Run(pieces[i][0], pieces[i][1], pieces[i][2] % 2 == 1) for i in order)


# ---------------------------------------------------------------- drawing

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _run_font(run: Run, font_face: Face) -> Font:
    if run.source is None:
        # DejaVu's own face lays text unshaped; a run that needs shaping (marks to place,
        # right to left) gets the same font laid out by libraqm.
        if run.rtl or not simple(run.text, font_face.weight):
            return shaped_face(font_face) or font_face.font
        return font_face.font
    return fallback_font(run.source, font_face.size, font_face.weight) or font_face.font


def _shaped(font: Font, run: Run) -> tuple[str, dict[str, str]]:
    """What to hand Pillow for a run: libraqm is told the direction; without it a
    right-to-left run is reversed (unjoined, but in reading order)."""
    if isinstance(font, ImageFont.FreeTypeFont) and font.layout_engine == ImageFont.Layout.RAQM:
        return run.text, {"direction": "rtl" if run.rtl else "ltr"}
    if run.rtl:
        return "".join(reversed(clusters(run.text))), {}
    return run.text, {}


#: A label: its coverage mask (drawn in the text's colour), the offset of the mask's top-left
#: corner from the anchor point, its width, and the colour emoji laid over it (RGBA, the
#: mask's size) or None.
Label = tuple[Image.Image, int, int, int, Image.Image | None]


@dataclass(frozen=True)
class _Placed:
    """A run at its place on the baseline: its ink box from the run's start."""

    x: int
    run: Run
    font: Font
    shown: str
    options: tuple[tuple[str, str], ...]
    box: tuple[int, int, int, int]
    #: Drawn at the bitmap font's size, then scaled by this; 1 for outline fonts.
    scale: float


def _place(run: Run, font_face: Face, advance: float) -> tuple[_Placed, float]:
    """The run placed at `advance` from the start, and its own advance."""
    font = _run_font(run, font_face)
    shown, options = _shaped(font, run)
    bitmap = run.source is not None and run.source.bitmap and font is not font_face.font
    scale = font_face.size / run.source.bitmap if bitmap and run.source is not None else 1.0
    stroke = 0 if bitmap else font_face.stroke
    box = font.getbbox(shown, anchor="ls", stroke_width=stroke, **options)  # type: ignore[arg-type]
    scaled = tuple(math.floor(v * scale) if i < 2 else math.ceil(v * scale) for i, v in enumerate(box))
    length = font.getlength(shown, **options) * scale  # type: ignore[arg-type]
    placed = _Placed(round(advance), run, font, shown, tuple(options.items()), scaled, scale)  # type: ignore[arg-type]
    return placed, length


@lru_cache(maxsize=4096)
def label(text: str, font_face: Face, anchor: str) -> Label:
    """Like `canvas._label` for text that needs more than DejaVu: the mask, its offset from
    the anchor, its width, and the colour emoji over it.

    The runs sit on DejaVu's baseline; the anchor's vertical part ('a', 'm', 's', 'd')
    is DejaVu's too, so a name lines up with the labels beside it. Colour emoji come
    from a bitmap font of one size: drawn at that size and scaled to the text's.
    """
    placed: list[_Placed] = []
    advance = 0.0
    for run in layout(text, font_face.weight):
        where, length = _place(run, font_face, advance)
        placed.append(where)
        advance += length
    if placed:
        left = min(p.x + p.box[0] for p in placed)
        right = max(p.x + p.box[2] for p in placed)
        top = min(0, *(p.box[1] for p in placed))
        bottom = max(0, *(p.box[3] for p in placed))
    else:
        left = top = right = bottom = 0
    size = (max(right - left, 0), max(bottom - top, 0))
    mask = Image.new("L", size, 0)
    colour: Image.Image | None = None
    draw = ImageDraw.Draw(mask)
    for p in placed:
        options = dict(p.options)
        if p.scale == 1.0:
            draw.text(
                (p.x - left, -top),
                p.shown,
                font=p.font,
                fill=255,
                anchor="ls",
                stroke_width=font_face.stroke,
                stroke_fill=255,
                **options,  # type: ignore[arg-type]
            )
            continue
        if colour is None:
            colour = Image.new("RGBA", size, (0, 0, 0, 0))
        colour.alpha_composite(
            _colour_run(p.font, p.shown, p.options, p.scale), (p.x + p.box[0] - left, p.box[1] - top)
        )
    # Where the anchor lies from the start of the baseline, as Pillow places it for one font.
    ascent, descent = _metrics(font_face.font)
    middle = (ascent - descent) / 2
    dy = {"a": ascent, "t": ascent, "m": middle, "s": 0, "d": -descent, "b": -descent}[anchor[1]]
    dx = {"l": 0.0, "m": advance / 2, "r": advance}[anchor[0]]
    return mask, left - math.floor(dx + 0.5), math.floor(top + dy + 0.5), right - left, colour


@lru_cache(maxsize=1024)
def _colour_run(font: Font, shown: str, options: tuple[tuple[str, str], ...], scale: float) -> Image.Image:
    """A run of colour emoji drawn at the bitmap font's size and scaled by `scale` (RGBA)."""
    left, top, right, bottom = (int(v) for v in font.getbbox(shown, anchor="ls", **dict(options)))  # type: ignore[arg-type]
    big = Image.new("RGBA", (max(right - left, 1), max(bottom - top, 1)), (0, 0, 0, 0))
    ImageDraw.Draw(big).text(
        (-left, -top),
        shown,
        font=font,
        anchor="ls",
        embedded_color=True,
        **dict(options),  # type: ignore[arg-type]
    )
    width = max(1, math.ceil(right * scale) - math.floor(left * scale))
    height = max(1, math.ceil(bottom * scale) - math.floor(top * scale))
    return big.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0)


def _metrics(font: Font) -> tuple[int, int]:
    if isinstance(font, ImageFont.FreeTypeFont):
        return font.getmetrics()
    _, top, _, bottom = font.getbbox("Ag")
    return int(-top), int(bottom)
