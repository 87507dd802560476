"""Stand-ins for the games' renderers, for tests of the bot about something else than
its images (leagues, say): a board is a one-pixel PNG and a replay a one-frame GIF,
made at no cost. Module-level, so that a worker process can run them by name."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image


def _one_pixel(image_format: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1, 1)).save(out, format=image_format)
    return out.getvalue()


PNG = _one_pixel("PNG")
GIF = _one_pixel("GIF")


def board(game_id: str, view: dict[str, Any], locale: str | None) -> bytes:
    return PNG


def replay(subject: Any, views: list[dict[str, Any]], locale: str | None) -> bytes:
    return GIF
