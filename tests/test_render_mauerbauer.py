"""The Mauerbauer board image: every kind of view draws, the same view gives
the same bytes, a spectator's image depends on no hand, every label is
readable on a phone, and every board word is in all three languages.

Views come from seeded random games played with the engine (start, every
phase, the end, for 2 to 4 players), seen by a spectator and by each seat.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest
from game_support import template_fields
from render_support import asked_keys
from render_support import check_no_hand_drawn
from render_support import clear_caches
from render_support import labels_drawn
from render_support import png

import games
import games.mauerbauer
import renderers
from games.mauerbauer import ENGINE
from renderers import samples
from renderers.mauerbauer import board as mauerbauer_board
from renderers.mauerbauer import cards as mauerbauer_cards
from renderers.mauerbauer import image as mauerbauer
from renderers.mauerbauer import pieces as mauerbauer_pieces

NAMES = ["Anna", "Bartholomäus von Hohenzollern", "Chen 陈", "Dmitri"]
LOCALES = (None, "de", "nl")


@cache
def _game(players: int, seed: int) -> tuple[Any, ...]:
    """Every state of one seeded random game."""
    return tuple(samples.random_game(ENGINE, players, seed, any_seat=True))


def _view(state: Any, seat: int | None, players: int) -> dict[str, Any]:
    view = ENGINE.view(state, seat)
    view["names"] = NAMES[:players]
    return view


def _samples() -> list[tuple[str, dict[str, Any]]]:
    """Start, middle, end and the first view of every phase, for 2-4 players, by spectator and seat."""
    out = []
    for players, seed in ((2, 3), (3, 5), (4, 7), (4, 11)):
        states = _game(players, seed)
        picks = {"start": 0, "middle": len(states) // 2, "end": len(states) - 1}
        for index, state in enumerate(states):
            picks.setdefault(ENGINE.view(state, None)["phase"], index)
        for name, index in sorted(picks.items()):
            seat = index % players
            out.append((f"{players}p-{seed}-{name}", _view(states[index], None, players)))
            out.append((f"{players}p-{seed}-{name}-seat{seat}", _view(states[index], seat, players)))
    return out


SAMPLES = _samples()


def test_the_samples_reach_every_phase() -> None:
    phases = {view["phase"] for _, view in SAMPLES}
    assert phases >= {"wall", "towers", "houses", "merge", "scoring", "exchange", "final", "over"}
    assert {view["players"] for _, view in SAMPLES} == {2, 3, 4}


@pytest.mark.parametrize(("name", "view"), SAMPLES, ids=[name for name, _ in SAMPLES])
def test_every_view_draws_apng(name: str, view: dict[str, Any]) -> None:
    image = png(mauerbauer.render(view, None))
    assert image.width == mauerbauer.WIDTH
    assert 1200 < image.height < 3 * image.width


@pytest.mark.parametrize("locale", LOCALES)
def test_every_language_draws(locale: str | None) -> None:
    for _, view in SAMPLES[::5]:
        png(mauerbauer.render(view, locale))


def test_the_registry_draws_it() -> None:
    _, view = SAMPLES[0]
    assert renderers.render("mauerbauer", view) == mauerbauer.render(view, None)


def test_the_same_view_gives_the_same_bytes() -> None:
    for _, view in SAMPLES[::3]:
        first = mauerbauer.render(view, "de")
        assert mauerbauer.render(copy.deepcopy(view), "de") == first


def test_the_spectator_image_depends_on_no_hand() -> None:
    check_no_hand_drawn(mauerbauer.render, SAMPLES, ["city-7", "walls", "water"])


def test_a_seat_view_adds_its_hand() -> None:
    states = _game(4, 7)
    state = states[len(states) // 2]
    spectator = png(mauerbauer.render(_view(state, None, 4)))
    seated = png(mauerbauer.render(_view(state, 1, 4)))
    assert seated.height > spectator.height + mauerbauer_cards.CARD_H


def test_a_long_hand_and_an_empty_one_draw() -> None:
    view = _view(_game(3, 5)[10], 0, 3)
    view["hand"] = [str(kind["id"]) for kind in games.mauerbauer.data.CARDS["kinds"]][:13]
    long = png(mauerbauer.render(view))
    view["hand"] = []
    empty = png(mauerbauer.render(view))
    assert long.height > empty.height + 3 * mauerbauer_cards.CARD_H


def test_missing_names_fall_back_to_seat_numbers() -> None:
    view = _view(_game(2, 3)[5], None, 2)
    del view["names"]
    png(mauerbauer.render(view))


# ---------------------------------------------------------------- readable on a phone


def _clear_caches() -> None:
    clear_caches(mauerbauer, mauerbauer_board, mauerbauer_cards, mauerbauer_pieces)


def test_every_label_is_at_least_9_px_at_390_px_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    # The board's labels at 1×: it is drawn larger, then scaled down.
    views = [view for _, view in SAMPLES[::4]]
    labels = labels_drawn(monkeypatch, mauerbauer.render, views, LOCALES, _clear_caches)
    smallest = min((size * 390 / width, size, text) for size, text, width in labels)
    assert smallest[0] >= 9, smallest
    assert math.ceil(9 * mauerbauer.WIDTH / 390) == mauerbauer.MIN_TEXT
    assert len(labels) > 300


def test_every_card_reads_in_full_in_every_language() -> None:
    """Group, name (2 lines at most) and scoring line (2 lines) fit the card without being cut."""
    from renderers.canvas import text_width
    from renderers.fonts import Weight
    from renderers.fonts import face

    for locale in LOCALES:
        for kind in games.mauerbauer.data.CARDS["kinds"]:
            kind_id = str(kind["id"])
            name = renderers.common.label(f"mauerbauer.card.{kind_id}", locale)
            rule = renderers.common.label(f"mauerbauer.board.rule.{kind_id}", locale)
            group = renderers.common.label(f"mauerbauer.board.group.{kind['group']}", locale)
            room = mauerbauer_cards.CARD_W - 20
            condensed = face(mauerbauer.MIN_TEXT, Weight.CONDENSED)
            assert text_width(group, condensed) <= room, (locale, group)
            for text, font_face in ((name, condensed), (rule, face(mauerbauer.MIN_TEXT))):
                lines = mauerbauer_cards._lines(text, font_face, room, 2)
                assert "…" not in "".join(lines), (locale, text)
            mauerbauer_cards.card_image(kind_id, locale)


# ---------------------------------------------------------------- words


def test_every_board_word_is_in_all_three_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    used = asked_keys(monkeypatch)
    _clear_caches()
    try:
        for locale in LOCALES:
            for _, view in SAMPLES:
                mauerbauer.render(view, locale)
            for kind in games.mauerbauer.data.CARDS["kinds"]:
                mauerbauer_cards.card_image(str(kind["id"]), locale)
    finally:
        _clear_caches()
    english: Mapping[str, str] = ENGINE.texts
    board_keys = {key for key in used if key.startswith("mauerbauer.board.")}
    assert len(board_keys) > 40
    for key in used:
        assert key in english or key.startswith("common."), key
    for language in ("de", "nl"):
        translated = ENGINE.locales[language]
        missing = sorted(
            key for key in english if key.startswith("mauerbauer.board.") and key not in translated
        )
        assert not missing, (language, missing)
        for key in board_keys:
            assert template_fields(translated[key]) == template_fields(english[key]), (language, key)
