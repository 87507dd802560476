"""The standings image: made to read on a phone, every row drawn, any name."""

from __future__ import annotations

import io

from PIL import Image

from renderers.standings import WIDTH
from renderers.standings import render_standings

HEADERS = ["#", "Player", "Points", "Games", "Opp. avg", "Score share", "Dropped"]


def rows(count: int) -> list[list[str]]:
    names = ["Anna", "李小龍", "Zoë with a very long name indeed", "🙂", "Ωmega", "محمد"]
    return [
        [str(n), names[n % len(names)], f"{count - n}", "3", "0.5", "80%", "dropped" if n == 3 else ""]
        for n in range(1, count + 1)
    ]


def test_the_image_is_phone_wide_and_grows_with_the_players() -> None:
    small = Image.open(io.BytesIO(render_standings("Spring Cup", "After round 1 of 3", HEADERS, rows(4))))
    large = Image.open(io.BytesIO(render_standings("Spring Cup", "After round 1 of 3", HEADERS, rows(64))))
    assert small.width == large.width == WIDTH
    assert large.height > small.height + 50 * 44


def test_the_image_is_the_same_each_time() -> None:
    def draw() -> bytes:
        return render_standings("Spring Cup " * 10, "After round 3 of 3", HEADERS, rows(11))

    assert draw() == draw()


def test_an_empty_league_still_draws() -> None:
    assert render_standings("Empty", "After round 0 of 3", HEADERS, []).startswith(b"\x89PNG")
