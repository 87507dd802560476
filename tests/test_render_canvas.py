"""`renderers.canvas.Canvas.text` lays kept labels: exactly what Pillow draws, only quicker.

A board repeats its names, numbers and headings every time it is drawn, so a
label is shaped once (per text, face and anchor) and kept as a coverage mask.
Laid on the canvas it must give the very pixels that drawing the text
directly gives, on opaque boards and on transparent sprites alike, and the
width `Canvas.text` reports must stay the one layouts measure with.
"""

from __future__ import annotations

import pytest
from PIL import Image
from PIL import ImageChops
from PIL import ImageDraw

from renderers.canvas import Canvas
from renderers.canvas import text_width
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.fonts import readable

#: Texts DejaVu draws alone (text in other scripts is laid in runs: tests/test_render_scripts.py).
TEXTS = ["Anna", "12", "Ärger · 3 × Mauer", "Wall 4/6", "Zoë Ørsted", "", "  "]
ANCHORS = ["la", "lm", "mm", "rs", "ms", "rb"]


def _drawn_directly(
    background: tuple[int, int, int] | None, text: str, size: int, weight: Weight, anchor: str
) -> Image.Image:
    reference = Canvas(160, 60, background)
    chosen = face(size, weight)
    ImageDraw.Draw(reference.image).text(
        (80, 30),
        readable(text, weight),
        font=chosen.font,
        fill=(200, 40, 90),
        anchor=anchor,
        stroke_width=chosen.stroke,
        stroke_fill=(200, 40, 90),
    )
    return reference.image


@pytest.mark.parametrize("background", [(250, 245, 230), None], ids=["opaque", "transparent"])
@pytest.mark.parametrize("weight", list(Weight))
@pytest.mark.parametrize("anchor", ANCHORS)
def test_a_kept_label_gives_the_pixels_pillow_draws(
    background: tuple[int, int, int] | None, weight: Weight, anchor: str
) -> None:
    for text in TEXTS:
        for size in (13, 22):
            for _ in range(2):  # drawn a second time from the kept label
                canvas = Canvas(160, 60, background)
                width = canvas.text(80, 30, text, face(size, weight), (200, 40, 90), anchor=anchor)
            expected = _drawn_directly(background, text, size, weight, anchor)
            difference = ImageChops.difference(canvas.image, expected)
            assert difference.getbbox() is None, (text, size, weight, anchor)
            assert width == text_width(text, face(size, weight))


def test_labels_at_the_canvas_edge_are_clipped_not_refused() -> None:
    canvas = Canvas(40, 20, (255, 255, 255))
    canvas.text(-10, -5, "Mauerbauer", face(18, Weight.BOLD), (0, 0, 0))
    canvas.text(35, 15, "Mauerbauer", face(18, Weight.BOLD), (0, 0, 0))
    reference = Image.new("RGB", (40, 20), (255, 255, 255))
    draw = ImageDraw.Draw(reference)
    for x, y in ((-10, -5), (35, 15)):
        draw.text((x, y), "Mauerbauer", font=face(18, Weight.BOLD).font, fill=(0, 0, 0), anchor="la")
    assert ImageChops.difference(canvas.image, reference).getbbox() is None
