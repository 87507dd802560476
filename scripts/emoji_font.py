#!/usr/bin/env python3
"""Build renderers/fonts/NotoColorEmoji-54.ttf, the colour emoji of the board images.

Noto Color Emoji (SIL Open Font License 1.1, which allows modified
versions under the same licence) is a bitmap font: one strike of PNG
images, 136 x 128 pixels at 109 pixels per em, 11 MB. The boards draw
names at 20 to 60 pixels, so the project ships the same font with every
image halved (68 x 64 pixels, a strike of 54 pixels per em) and reduced to
64 colours: 4.4 MB. Its glyphs, sequences (ZWJ, skin tones, flags) and
layout tables are the original's.

The source is the font of Debian's package fonts-noto-color-emoji 2.042
(Noto Color Emoji 2.042), checked by its SHA-256; fontTools must be
installed (`pip install fonttools`). The same source and Pillow give the
same bytes:

    apt-get download fonts-noto-color-emoji && dpkg-deb -x fonts-noto-color-emoji_*.deb deb
    python scripts/emoji_font.py deb/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
"""

from __future__ import annotations

import argparse
import hashlib
import io
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "renderers" / "fonts" / "NotoColorEmoji-54.ttf"
SOURCE_SHA256 = "e5899ed38b8ed83e08bd3ac5de09791e9d19d288333a796de1d35ad17396f1ec"
#: Each image shrinks by this factor, and to this many colours.
FACTOR = 2
COLOURS = 64
_LINE_METRICS = ("ascender", "descender", "widthMax", "caretOffset", "minOriginSB", "minAdvanceSB")
_LINE_METRICS_MORE = ("maxBeforeBL", "minAfterBL")


def _smaller(png: bytes) -> tuple[bytes, tuple[int, int]]:
    with Image.open(io.BytesIO(png)) as image:
        rgba = image.convert("RGBA")
    width, height = rgba.size
    if width % FACTOR or height % FACTOR:
        small = rgba.resize((round(width / FACTOR), round(height / FACTOR)), Image.Resampling.LANCZOS)
    else:
        small = rgba.reduce(FACTOR)  # the average of each block: no ringing at the outlines
    out = io.BytesIO()
    small.quantize(COLOURS, method=Image.Quantize.FASTOCTREE).save(out, format="PNG", optimize=True)
    return out.getvalue(), small.size


def build(source: Path, out: Path) -> None:
    from fontTools.ttLib import TTFont  # only needed here, not by the bot

    # The original timestamp is kept, so that the same source gives the same bytes.
    font: Any = TTFont(str(source), recalcTimestamp=False)
    strike = font["CBLC"].strikes[0].bitmapSizeTable
    for glyph in font["CBDT"].strikeData[0].values():
        glyph.ensureDecompiled()
        glyph.imageData, (width, height) = _smaller(glyph.imageData)
        metrics = glyph.metrics
        metrics.width, metrics.height = width, height
        metrics.BearingX = round(metrics.BearingX / FACTOR)
        metrics.BearingY = round(metrics.BearingY / FACTOR)
        metrics.Advance = round(metrics.Advance / FACTOR)
    strike.ppemX = strike.ppemY = strike.ppemX // FACTOR
    for line in (strike.hori, strike.vert):
        for name in _LINE_METRICS + _LINE_METRICS_MORE:
            setattr(line, name, round(getattr(line, name) / FACTOR))
    font.save(str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="NotoColorEmoji.ttf of fonts-noto-color-emoji 2.042")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    digest = hashlib.sha256(args.source.read_bytes()).hexdigest()
    if digest != SOURCE_SHA256:
        parser.error(f"{args.source} is not Noto Color Emoji 2.042 (SHA-256 {digest})")
    build(args.source, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
