"""What the render tests share: PNGs read back, a spectator view that refuses to be
read for a hand, and what a board draws and asks the catalogue for.

The positions themselves come from `renderers.samples` (seeded random games),
which the sample script and the benchmark draw as well.
"""

from __future__ import annotations

import io
from collections.abc import Callable
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

__all__ = [
    "PNG_SIGNATURE",
    "NoHand",
    "asked_keys",
    "clear_caches",
    "drawn_texts",
    "height",
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


def clear_caches(*modules: ModuleType) -> None:
    """Forget every cached drawing of these modules, so that the next board draws all anew."""
    for module in modules:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
