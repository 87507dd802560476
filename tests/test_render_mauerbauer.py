"""The Mauerbauer board image: every kind of view draws, the same view gives
the same bytes, a spectator's image depends on no hand, every label is
readable on a phone (and nothing is cut), what changed since the previous
post is marked, the close-up of a decision labels its legal places large,
and every board word is in all three languages.

Views come from seeded random games played with the engine (start, every
phase, the end, for 2 to 4 players), seen by a spectator and by each seat.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest
from game_support import template_fields
from PIL import ImageChops
from render_support import asked_keys
from render_support import check_no_hand_drawn
from render_support import check_readable_on_a_phone
from render_support import clear_caches
from render_support import drawn_texts
from render_support import labels_drawn
from render_support import png

import games
import games.mauerbauer
import renderers
from games.mauerbauer import ENGINE
from renderers import samples
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import FIGURE
from renderers.legibility import MARK
from renderers.legibility import PHONE_WIDTH
from renderers.legibility import PLACE
from renderers.mauerbauer import board as mauerbauer_board
from renderers.mauerbauer import cards as mauerbauer_cards
from renderers.mauerbauer import changes as mauerbauer_changes
from renderers.mauerbauer import closeup as mauerbauer_closeup
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
    # Portrait, for a phone: at most 2.2 times as tall as wide, a seat's own too (a hand
    # that would make it taller is a picture of its own).
    assert image.width < image.height <= 2.2 * image.width
    hand = mauerbauer.hand(view, None)
    if hand is not None:
        assert png(hand).width == image.width and png(hand).height <= 2.2 * image.width


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


def _board_and_hand(view: Mapping[str, Any], locale: str | None) -> bytes:
    """Both pictures a seat is shown: the hand apart (where it is), then the board."""
    mauerbauer.hand(view, locale)
    return mauerbauer.render(view, locale)


def test_a_seat_view_adds_its_hand() -> None:
    # Below the board where it fits; else a picture of its own, and the board says so (at
    # four players, where the board is tallest, a hand of two rows of cards never fits).
    for players in (2, 3, 4):
        states = _game(players, 7)
        state = states[len(states) // 2]
        spectator = png(mauerbauer.render(_view(state, None, players)))
        seated = png(mauerbauer.render(_view(state, 1, players)))
        hand = mauerbauer.hand(_view(state, 1, players))
        assert hand is not None or players < 4
        shown = png(hand).height if hand is not None else seated.height - spectator.height
        assert shown > mauerbauer_cards.CARD_H
        assert seated.height > spectator.height


def test_a_long_hand_is_a_picture_of_its_own_and_an_empty_one_draws() -> None:
    view = _view(_game(3, 5)[10], 0, 3)
    view["hand"] = [str(kind["id"]) for kind in games.mauerbauer.data.CARDS["kinds"]][:7]
    board = png(mauerbauer.render(view))
    hand = mauerbauer.hand(view)
    assert hand is not None, "seven cards (three rows) would make the board too tall"
    # The board keeps to a phone's shape; the cards, three rows of them, are in the hand's picture.
    assert board.height <= 2.2 * board.width
    assert png(hand).height > 3 * mauerbauer_cards.CARD_H
    view["hand"] = []
    assert mauerbauer.hand(view) is None
    empty = png(mauerbauer.render(view))
    assert empty.height <= 2.2 * empty.width
    # A spectator has no hand to draw.
    assert mauerbauer.hand(_view(_game(3, 5)[10], None, 3)) is None


def test_missing_names_fall_back_to_seat_numbers() -> None:
    view = _view(_game(2, 3)[5], None, 2)
    del view["names"]
    png(mauerbauer.render(view))


# ---------------------------------------------------------------- readable on a phone


def _clear_caches() -> None:
    clear_caches(mauerbauer, mauerbauer_board, mauerbauer_cards, mauerbauer_pieces)


def _moments(players: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """Start, middle and end of a seeded game, each as its post draws it (with `since`), by a
    spectator and by the seat that acts (its cards in its own image)."""
    states = _game(players, seed)
    out = []
    for name, index in (("start", 0), ("middle", len(states) // 2), ("end", len(states) - 1)):
        for seat in (None, index % players):
            view = _view(states[index], seat, players)
            if index:
                view["since"] = _view(states[index - 1], None, players)
            out.append((f"{players}p-{name}-{seat}", view))
    return out


#: The most players (the tallest table) and the fewest.
PHONE_SAMPLES = _moments(4, 7) + _moments(2, 3)


@pytest.mark.parametrize(("name", "view"), PHONE_SAMPLES, ids=[name for name, _ in PHONE_SAMPLES])
def test_every_place_figure_and_mark_reads_on_a_phone(name: str, view: dict[str, Any]) -> None:
    """At 390 px wide: places and figures at least 8 px tall, the letters on pieces 6 px."""
    roles = (PLACE, FIGURE, MARK)
    for locale in reversed(LOCALES):
        found = check_readable_on_a_phone(lambda locale=locale: mauerbauer.render(view, locale), roles)
        assert found.width == mauerbauer.WIDTH
    places = {label.text for label in found.drawn if label.role == PLACE}
    # Every free line, every field outside the cities and the free tower fields are named.
    assert len(places) > 40, sorted(places)
    if view["viewer"] is not None and view.get("hand"):
        # The cards' names and what they score are measured too, on the hand's own picture
        # where the hand is drawn apart.
        if mauerbauer.hand(view, None) is not None:
            found = check_readable_on_a_phone(lambda: mauerbauer.hand(view, None) or b"", (FIGURE,))
            assert found.width == mauerbauer.WIDTH
        card = mauerbauer_cards.wrap(
            renderers.common.label(f"mauerbauer.card.{view['hand'][0]}", None),
            face(mauerbauer.MIN_TEXT, Weight.CONDENSED),
            mauerbauer_cards.CARD_W - 20,
            2,
        )[0]
        assert card in {label.text for label in found.drawn if label.role == FIGURE}


def test_no_text_is_smaller_than_8_px_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every text, labelled with a role or not (headings, the dice), by its face's size.
    views = [view for _, view in SAMPLES[::4]]
    labels = labels_drawn(monkeypatch, _board_and_hand, views, LOCALES, _clear_caches)
    smallest = min((size * PHONE_WIDTH / width, size, text) for size, text, width in labels)
    assert smallest[0] >= 8, smallest
    assert len(labels) > 300


def test_nothing_on_the_image_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """No text ends in an ellipsis: the supply's full rows (12 of a colour), the plays of a
    scoring round, the cards' groups and names (the names of the seats fit)."""
    drawn = drawn_texts(monkeypatch)
    _clear_caches()
    try:
        for locale in LOCALES:
            for _, view in SAMPLES:
                view = {**view, "names": ["Anna", "Bea", "Chen", "Dirk"][: view["players"]]}
                mauerbauer.render(view, locale)
    finally:
        _clear_caches()
    cut = sorted({text for text, _ in drawn if "…" in text})
    assert not cut, cut


def test_every_card_reads_in_full_in_every_language() -> None:
    """Group, name (2 lines at most) and scoring line (2 lines) fit the card without being cut."""
    from renderers.canvas import text_width

    for locale in LOCALES:
        for kind in games.mauerbauer.data.CARDS["kinds"]:
            kind_id = str(kind["id"])
            name = renderers.common.label(f"mauerbauer.card.{kind_id}", locale)
            rule = renderers.common.label(f"mauerbauer.board.rule.{kind_id}", locale)
            group = renderers.common.label(f"mauerbauer.board.group.{kind['group']}", locale)
            room = mauerbauer_cards.CARD_W - 20
            condensed = face(mauerbauer.MIN_TEXT, Weight.CONDENSED)
            # A long group name is set smaller, but never cut.
            assert text_width(group, face(mauerbauer.MIN_TEXT - 8, Weight.CONDENSED)) <= room, (locale, group)
            for text, font_face in ((name, condensed), (rule, face(mauerbauer.MIN_TEXT))):
                lines = mauerbauer_cards.wrap(text, font_face, room, 2)
                assert "…" not in "".join(lines), (locale, text)
            mauerbauer_cards.card_image(kind_id, locale)


# ---------------------------------------------------------------- what changed since the previous post


def _after(kind: type, players: int = 4, seed: int = 7) -> tuple[dict[str, Any], dict[str, Any]]:
    """The public view just after the first move of that kind, and the one before it."""
    states = _game(players, seed)
    for before, after in itertools.pairwise(states):
        if type(_move_between(before, after)) is kind:
            return _view(after, None, players), _view(before, None, players)
    raise AssertionError(f"no {kind.__name__} in the sample game")


def _move_between(before: Any, after: Any) -> Any:
    for seat in ENGINE.to_act(before):
        for action in ENGINE.legal_actions(before, seat):
            if ENGINE.dumps(ENGINE.apply(before, seat, action)) == ENGINE.dumps(after):
                return action
    return None


def test_changes_name_what_was_placed_since() -> None:
    from games.mauerbauer import actions

    view, before = _after(actions.BuildWall)
    new = mauerbauer_changes.changes({**view, "since": before})
    assert new.walls == {view["last_wall"]["line"]}
    assert not new.towers and not new.fields
    view, before = _after(actions.PlaceTowers)
    assert mauerbauer_changes.changes({**view, "since": before}).towers
    view, before = _after(actions.PlaceHouses)
    new = mauerbauer_changes.changes({**view, "since": before})
    assert new.fields or new.cities
    # Without `since`, or since the same board, nothing is new.
    assert mauerbauer_changes.changes(view) == mauerbauer_changes.Changes()
    assert mauerbauer_changes.changes({**view, "since": view}) == mauerbauer_changes.Changes()


def test_a_city_marks_only_the_pieces_it_did_not_hold() -> None:
    before = {"houses": {"A1": {"red": 1}, "A2": {"blue": 1}}, "cities": [], "walls": [], "towers": {}}
    city = {"id": "A1", "fields": ["A1", "A2"], "houses": {"red": 1, "blue": 2}, "palaces": {"red": 1}}
    new = mauerbauer_changes.changes({"houses": {}, "cities": [city], "since": before})
    assert new.cities == {"A1": {("house", "blue"): 1, ("palace", "red"): 1}}


@pytest.mark.parametrize("kind", ["BuildWall", "PlaceTowers", "PlaceHouses"])
def test_the_pieces_placed_since_the_last_post_are_marked(kind: str) -> None:
    """A new wall glows, a new tower or house stands in a red ring: the image with `since`
    differs from the one without it, there and only near the new piece; without `since`,
    or since the same board, nothing is marked."""
    from games.mauerbauer import actions

    view, before = _after(getattr(actions, kind))
    plain = png(mauerbauer.render(view))
    assert mauerbauer.render({**view, "since": view}) == mauerbauer.render(view)
    marked = png(mauerbauer.render({**view, "since": before}))
    assert marked.size == plain.size
    # (A mark shifts the palette a little everywhere: only real differences count.)
    difference = ImageChops.difference(plain.convert("L"), marked.convert("L"))
    box = difference.point(lambda v: 255 if v > 48 else 0).getbbox()
    assert box is not None, "nothing was marked"
    new = mauerbauer_changes.changes({**view, "since": before})
    spots = [mauerbauer_board.line_middle(n) for n in new.walls]
    spots += [mauerbauer_board.tower_field_at(t) for t in new.towers]
    spots += [mauerbauer_board.field_label_at(f) for f in [*new.fields, *new.cities]]
    # The marks lie on the board, around the new pieces (within a field of them).
    left, _, right, _ = box
    assert min(x for x, _ in spots) - 2 * mauerbauer_board.UNIT <= left
    assert right <= max(x for x, _ in spots) + 2 * mauerbauer_board.UNIT


# ---------------------------------------------------------------- the close-up of a decision


def _decisions(players: int, seed: int) -> dict[str, tuple[dict[str, Any], list[str]]]:
    """The first decision of each kind in a seeded game: the seat's view and its legal moves."""
    found: dict[str, tuple[dict[str, Any], list[str]]] = {}
    for state in _game(players, seed):
        for seat in sorted(ENGINE.to_act(state))[:1]:
            view = _view(state, seat, players)
            kind = str((view.get("decision") or {}).get("kind"))
            legal = [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]
            found.setdefault(kind, (view, legal))
    return found


DECISIONS = {**_decisions(2, 3), **_decisions(4, 7)}


def test_the_close_up_is_registered() -> None:
    view, legal = DECISIONS["wall"]
    assert renderers.closeup("mauerbauer", view, legal, None) == mauerbauer_closeup.closeup(view, legal, None)


@pytest.mark.parametrize("kind", ["wall", "towers", "houses"])
def test_the_close_up_labels_every_legal_place_large(kind: str) -> None:
    view, legal = DECISIONS[kind]
    found = check_readable_on_a_phone(lambda: mauerbauer_closeup.closeup(view, legal, None) or b"", (PLACE,))
    labelled = {label.text for label in found.drawn if label.role == PLACE}
    # Only the legal places are labelled, every one of them.
    assert labelled == set(mauerbauer_closeup.places(legal))
    assert labelled
    if kind != "wall":
        # A few places close together: enlarged, their labels larger than the board's.
        assert min(found.on_phone(label) for label in found.drawn if label.role == PLACE) >= 11


def test_the_close_up_of_a_merge_labels_the_cities() -> None:
    view = {**DECISIONS["wall"][0]}
    assert mauerbauer_closeup.places(["merge B7", "no merge"]) == {
        "B7": mauerbauer_board.field_label_at("B7")
    }
    assert set(mauerbauer_closeup.places(["play city-7 water for A3", "pass"])) == {"A3"}
    assert mauerbauer_closeup.closeup(view, ["merge B7", "no merge"], "de") is not None


@pytest.mark.parametrize("kind", ["scoring", "exchange", "final"])
def test_a_decision_that_picks_no_place_has_no_close_up(kind: str) -> None:
    view, legal = DECISIONS[kind]
    if kind == "final":
        legal = [move for move in legal if " for " not in move]
    assert mauerbauer_closeup.closeup(view, legal, None) is None


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
