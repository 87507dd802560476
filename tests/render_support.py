"""What the render tests share: PNGs read back, a spectator view that refuses to be
read for a hand (and the check that a spectator image reads none), and what a board draws
and asks the catalogue for.

The positions themselves come from `renderers.samples` (seeded random games),
which the sample script and the benchmark draw as well.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

import texts
from games.core import Message
from renderers.canvas import Canvas
from renderers.canvas import Pen
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import PLACE
from renderers.legibility import Report
from renderers.legibility import report

__all__ = [
    "PNG_SIGNATURE",
    "NoHand",
    "asked_keys",
    "check_no_hand_drawn",
    "check_readable_on_a_phone",
    "clear_caches",
    "drawn_texts",
    "height",
    "labels_drawn",
    "png",
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png(data: bytes) -> Image.Image:
    """The bytes read back as a PNG (an error for anything else)."""
    assert data.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def height(data: bytes) -> int:
    return png(data).height


class NoHand(dict[str, Any]):
    """A spectator view that fails the test if anything reads `hand`."""

    def __getitem__(self, key: str) -> Any:
        assert key != "hand", "a spectator image read a hand"
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        assert key != "hand", "a spectator image read a hand"
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        assert key != "hand", "a spectator image read a hand"
        return super().__contains__(key)


#: A renderer: a view and a locale in, PNG bytes out.
Render = Callable[[dict[str, Any], str | None], bytes]


def check_no_hand_drawn(render: Render, samples: Iterable[tuple[str, dict[str, Any]]], hand: Any) -> None:
    """Each seat's view made a spectator's (its hand taken out) draws without reading a hand,
    and the same when `hand` is put back in: a spectator image shows no hand."""
    for name, view in samples:
        if view["viewer"] is None:
            continue
        spectator = {key: value for key, value in view.items() if key != "hand"}
        spectator["viewer"] = None
        plain = render(spectator, None)
        assert plain == render(NoHand(spectator), None), name
        spectator["hand"] = hand
        assert render(spectator, None) == plain, name


def asked_keys(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The catalogue keys every word drawn from now on is asked for by (filled as boards are drawn)."""
    asked: set[str] = set()
    original = texts.render

    def recording(message: Message, locale: str | None = None, names: Any = ()) -> str:
        asked.add(message.key)
        return original(message, locale, names)

    monkeypatch.setattr(texts, "render", recording)
    return asked


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Face]]:
    """Every text drawn from now on with its face (filled as boards are drawn): by `Canvas.text`,
    and by `Pen.text` in the face of the picture's size (its pen draws it larger)."""
    drawn: list[tuple[str, Face]] = []
    on_canvas: Callable[..., int] = Canvas.text
    with_pen: Callable[..., None] = Pen.text

    def canvas_text(self: Canvas, x: int, y: int, text: str, font_face: Face, *args: Any, **kw: Any) -> int:
        drawn.append((text, font_face))
        return on_canvas(self, x, y, text, font_face, *args, **kw)

    def pen_text(
        self: Pen, x: float, y: float, text: str, size: int, weight: Weight, *args: Any, **kw: Any
    ) -> None:
        drawn.append((text, face(size, weight)))
        with_pen(self, x, y, text, size, weight, *args, **kw)

    monkeypatch.setattr(Canvas, "text", canvas_text)
    monkeypatch.setattr(Pen, "text", pen_text)
    return drawn


def check_readable_on_a_phone(draw: Callable[[], bytes], must_report: Iterable[str] = (PLACE,)) -> Report:
    """Draw a board and check it as a phone shows it (390 px wide when wider): every place's
    name and every figure at least 8 px tall, every mark on a piece at least 6 px; and that
    the renderer reported the labels of `must_report` at all (a label drawn without its role
    would pass unmeasured)."""
    found = report(draw)
    assert found.too_small() == [], f"too small at {found.width} px wide: {found.too_small()[:10]}"
    missing = set(must_report) - found.roles()
    assert not missing, f"no label of role {sorted(missing)} was reported"
    return found


def clear_caches(*modules: ModuleType) -> None:
    """Forget every cached drawing of these modules, so that the next board draws all anew."""
    for module in modules:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def labels_drawn(
    monkeypatch: pytest.MonkeyPatch,
    render: Render,
    views: Iterable[dict[str, Any]],
    locales: Iterable[str | None],
    clear: Callable[[], None],
) -> list[tuple[int, str, int]]:
    """Every label drawn on these views in these languages, from cold caches (`clear` forgets
    the renderer's cached drawings): its size, its text and the width of its image."""
    drawn = drawn_texts(monkeypatch)
    labels: list[tuple[int, str, int]] = []
    clear()
    try:
        for locale in locales:
            for view in views:
                width = Image.open(io.BytesIO(render(view, locale))).width
                labels += [(font_face.size, text, width) for text, font_face in drawn if text.strip()]
                drawn.clear()
    finally:
        clear()
    return labels
