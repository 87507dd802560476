"""The Catan: Cheops board image: every kind of view draws, the same view gives
the same bytes, a spectator's image depends on no hand, the labels a player
types are where they belong, every text is readable on a phone, and every
board word is in all three languages.

Views come from seeded games played with the engine (3 and 4 players) by a
random player that prefers building, so that the board fills with pieces and
the pyramid with blocks: the start, every phase, the middle and the end,
seen by a spectator and by a seat. The game is not a built-in game yet: the
engine and the renderer are used directly.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from game_support import template_fields
from render_support import asked_keys
from render_support import check_no_hand_drawn
from render_support import clear_caches
from render_support import labels_drawn
from render_support import png

import renderers
import renderers.catan_cheops as catan_cheops
from games.catan_cheops import ENGINE
from games.catan_cheops.actions import BANK
from games.catan_cheops.actions import BLOCK
from games.catan_cheops.actions import BUY
from games.catan_cheops.actions import CITY
from games.catan_cheops.actions import END
from games.catan_cheops.actions import OFFER
from games.catan_cheops.actions import ROAD
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import SHIP
from games.core import State
from renderers import samples
from renderers.catan_cheops import geometry as catan_cheops_geometry
from renderers.catan_cheops import icons as catan_cheops_icons
from renderers.catan_cheops import map as catan_cheops_map
from renderers.catan_cheops import panels as catan_cheops_panels
from renderers.catan_cheops import players as catan_cheops_players
from renderers.catan_cheops import theme as catan_cheops_theme

NAMES = ["Anna", "Bartholomäus von Hohenzollern-Sigmaringen", "Chen 陈", "Dmitri 🎲"]
LOCALES = (None, "de", "nl")
MODULES = (
    catan_cheops,
    catan_cheops_geometry,
    catan_cheops_map,
    catan_cheops_panels,
    catan_cheops_players,
    catan_cheops_icons,
    catan_cheops_theme,
)
#: How often the player picks a kind of move (any other kind: 5).
WEIGHTS = {CITY: 40, SETTLEMENT: 40, BLOCK: 10, BUY: 5, ROAD: 14, SHIP: 10, BANK: 12, OFFER: 2, END: 3}


def _choose(chooser: random.Random, _state: State, actions: Sequence[Any]) -> Any:
    groups: dict[int, list[Any]] = {}
    for action in actions:
        groups.setdefault(action.kind, []).append(action)
    kinds = sorted(groups)
    kind = chooser.choices(kinds, [WEIGHTS.get(k, 5) for k in kinds])[0]
    return chooser.choice(groups[kind])


@cache
def _game(players: int, seed: int) -> tuple[Any, ...]:
    """Every state of one seeded game."""
    return tuple(samples.random_game(ENGINE, players, seed, any_seat=True, pick=_choose))


def _view(state: Any, seat: int | None, players: int) -> dict[str, Any]:
    view = ENGINE.view(state, seat)
    view["names"] = NAMES[:players]
    return view


def _picks(states: Sequence[Any]) -> dict[str, int]:
    picks = {"start": 0, "middle": len(states) // 2, "end": len(states) - 1}
    for index, state in enumerate(states):
        view = ENGINE.view(state, None)
        picks.setdefault(view["phase"], index)
        founding = view["founding"]
        if founding and founding["place"] == "road_or_ship" and founding["step"] > 6:
            picks.setdefault("founding-road", index)
        if view["offer"] and any(a in ("accepted", "declined") for a in view["offer"]["answers"]):
            picks.setdefault("offer-answered", index)
        if sum(1 for b in view["pyramid"]["blocks"] if b != "black") >= 2:
            picks.setdefault("blocks", index)
        if view["ships"] and view["cities"]:
            picks.setdefault("ships-and-cities", index)
    return picks


def _samples() -> list[tuple[str, dict[str, Any]]]:
    """The start, the middle, the end and the first view of every phase, by spectator and seat."""
    out = []
    # (4, 4): a game that reaches cities while ships sail (random games rarely do).
    for players, seed in ((3, 7), (4, 3), (4, 4)):
        states = _game(players, seed)
        for name, index in sorted(_picks(states).items()):
            state = states[index]
            seat = sorted(ENGINE.to_act(state) or {index % players})[0]
            out.append((f"{players}p-{seed}-{name}", _view(state, None, players)))
            out.append((f"{players}p-{seed}-{name}-seat{seat}", _view(state, seat, players)))
    return out


SAMPLES = _samples()


def _clear_caches() -> None:
    clear_caches(*MODULES)


def test_the_board_fits_the_map() -> None:
    board = ENGINE.view(ENGINE.setup(3, 1), None)["board"]
    geo = catan_cheops_geometry
    xs = [x for x, _ in board["intersections"]]
    ys = [y for _, y in board["intersections"]]
    assert (min(xs), max(xs), min(ys), max(ys)) == (geo.X_MIN, geo.X_MAX, geo.Y_MIN, geo.Y_MAX)
    left, top = geo.pixel(geo.X_MIN, geo.Y_MIN)
    right, bottom = geo.pixel(geo.X_MAX, geo.Y_MAX)
    assert 0 < left < right < catan_cheops.WIDTH
    assert 0 < top < bottom < geo.MAP_H - 16


def test_the_samples_reach_every_phase() -> None:
    phases = {view["phase"] for _, view in SAMPLES}
    assert phases >= {"founding", "roll", "main", "discard", "robber", "offer", "over"}
    assert {view["players"] for _, view in SAMPLES} == {3, 4}
    views = [view for _, view in SAMPLES]
    assert any(view["ships"] and view["cities"] for view in views)
    assert any(sum(1 for b in view["pyramid"]["blocks"] if b != "black") >= 2 for view in views)
    assert any("black" in view["pyramid"]["blocks"] for view in views)


@pytest.mark.parametrize(("name", "view"), SAMPLES, ids=[name for name, _ in SAMPLES])
def test_every_view_draws_apng(name: str, view: dict[str, Any]) -> None:
    image = png(catan_cheops.render(view, None))
    assert image.width == catan_cheops.WIDTH
    assert 1.3 * image.width < image.height < 2.2 * image.width


@pytest.mark.parametrize("locale", LOCALES)
def test_every_language_draws(locale: str | None) -> None:
    for _, view in SAMPLES[::5]:
        png(catan_cheops.render(view, locale))


def test_languages_draw_different_words() -> None:
    _, view = SAMPLES[0]
    images = {catan_cheops.render(view, locale) for locale in LOCALES}
    assert len(images) == len(LOCALES)


def test_it_registers_its_renderer() -> None:
    assert renderers.renderer(catan_cheops.GAME_ID) is catan_cheops.render


def test_the_same_view_gives_the_same_bytes() -> None:
    for _, view in SAMPLES[::3]:
        first = catan_cheops.render(view, "de")
        assert catan_cheops.render(copy.deepcopy(view), "de") == first
    # Also from cold caches: the cached layers are constant data.
    _, view = SAMPLES[4]
    first = catan_cheops.render(view, "nl")
    _clear_caches()
    assert catan_cheops.render(view, "nl") == first


def test_different_views_give_different_images() -> None:
    states = _game(4, 3)
    first = catan_cheops.render(_view(states[40], None, 4))
    later = catan_cheops.render(_view(states[len(states) // 2], None, 4))
    assert first != later


# ---------------------------------------------------------------- what a spectator sees


def test_the_spectator_image_depends_on_no_hand() -> None:
    hand = {
        "resources": {"brick": 9, "lumber": 9, "wool": 9, "grain": 9, "ore": 9},
        "cards": {"knight": 3, "victory": 2, "roads": 1, "plenty": 1, "monopoly": 1},
        "new_cards": {"knight": 1, "victory": 0, "roads": 0, "plenty": 0, "monopoly": 0},
        "points": 11,
    }
    check_no_hand_drawn(catan_cheops.render, SAMPLES[1::2], hand)


def _resampled(state: Any, viewer: int | None, chooser: random.Random) -> Any:
    """The same state with another seat's cards swapped for others of the same counts."""
    hands = [list(hand) for hand in state.hands]
    others = [seat for seat in range(state.players) if seat != viewer and sum(hands[seat])]
    if len(others) < 2:
        return None
    a, b = chooser.sample(others, 2)
    x = chooser.choice([r for r in range(5) if hands[a][r]])
    y = chooser.choice([r for r in range(5) if hands[b][r]])
    if x == y:
        return None
    hands[a][x], hands[b][x] = hands[a][x] - 1, hands[b][x] + 1
    hands[b][y], hands[a][y] = hands[b][y] - 1, hands[a][y] + 1
    return state._replace(hands=tuple(map(tuple, hands)))


def test_hidden_cards_do_not_change_what_others_see() -> None:
    chooser = random.Random(5)
    compared = 0
    states = _game(4, 3)
    for state in states[30 :: max(1, len(states) // 25)]:
        if ENGINE.view(state, None)["phase"] == "over":
            continue
        other = _resampled(state, None, chooser)
        if other is None:
            continue
        assert other.hands != state.hands
        spectator = catan_cheops.render(_view(state, None, 4))
        assert catan_cheops.render(_view(other, None, 4)) == spectator
        # A seat sees its own cards: its image changes when they do.
        seat = next(s for s in range(4) if other.hands[s] != state.hands[s])
        assert catan_cheops.render(_view(other, seat, 4)) != catan_cheops.render(_view(state, seat, 4))
        compared += 1
    assert compared >= 5


def test_a_seat_view_adds_its_hand() -> None:
    states = _game(4, 3)
    state = states[len(states) // 2]
    spectator = png(catan_cheops.render(_view(state, None, 4)))
    seated = png(catan_cheops.render(_view(state, 1, 4)))
    assert seated.height > spectator.height + 150


def test_names_fall_back_and_odd_names_draw() -> None:
    state = _game(4, 7)[len(_game(4, 7)) // 2]
    view = _view(state, 0, 4)
    del view["names"]
    png(catan_cheops.render(view))
    odd = [
        "W" * 300,
        "🎲🐪🏺",
        "",
        "陈明 李华 王芳 张伟 刘洋 陈静 杨磊 黄敏 赵勇 吴霞 周杰 徐丽",
        "\u200d\u202e\tتجربة עברית\n",
    ]
    for names in (odd, [None, "x", None], ["A" * 40] * 4):
        view["names"] = names
        image = png(catan_cheops.render(view, "de"))
        assert image.width == catan_cheops.WIDTH


# ---------------------------------------------------------------- the labels a player types


def _record(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Any]:
    calls: list[Any] = []
    original = getattr(catan_cheops_map, name)

    def record(*args: Any) -> Any:
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(catan_cheops_map, name, record)
    return calls


def test_every_free_land_intersection_is_numbered(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _record(monkeypatch, "_node_label")
    for name, view in SAMPLES[::3]:
        calls.clear()
        catan_cheops.render(view)
        board = view["board"]
        land_hexes = [h for h in board["hexes"] if h["terrain"] not in ("sea", "nile")]
        corners = {
            (h["x"] + dx, h["y"] + dy)
            for h in land_hexes
            for dx, dy in ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
        }
        land = {i + 1 for i, (x, y) in enumerate(board["intersections"]) if (x, y) in corners}
        built = {int(b["at"][1:]) for b in [*view["settlements"], *view["cities"]]}
        assert {number for number, _ in calls} == land - built, name
        assert len(calls) == len(land - built), name


def test_edge_names_show_where_the_seat_to_move_can_build() -> None:
    checked = 0
    # (4, 4): a game that reaches cities while ships sail (random games rarely do).
    for players, seed in ((3, 7), (4, 3), (4, 4)):
        states = _game(players, seed)
        for state in states[:: max(1, len(states) // 300)]:
            view = ENGINE.view(state, None)
            _, key = catan_cheops_map.base(view["board"], None)
            shown = {
                f"E{edge + 1}"
                for edge in catan_cheops_geometry.buildable_edges(view, catan_cheops_geometry.geometry(key))
            }
            turn = view["turn"]
            taken = {p["at"] for p in [*view["roads"], *view["ships"]]}
            assert not shown & taken
            if view["phase"] == "over" or (
                view["phase"] == "founding" and view["founding"]["place"] == "settlement"
            ):
                assert not shown
                continue
            if view["phase"] in ("main", "free_roads", "founding") and turn in ENGINE.to_act(state):
                # Every road or ship the seat may build now is named on the board.
                legal = {
                    f"E{action.a + 1}"
                    for action in ENGINE.legal_actions(state, turn)
                    if action.kind in (ROAD, SHIP)
                }
                assert legal <= shown, (view["phase"], sorted(legal - shown))
                checked += bool(legal)
            if view["phase"] == "founding":
                # Only the edges at the settlement just placed.
                node = view["founding"]["next_to"]
                board = view["board"]
                for name in shown:
                    a, b = board["edges"][int(name[1:]) - 1]
                    assert node in (f"I{a + 1}", f"I{b + 1}")
    assert checked >= 30


def test_the_image_names_exactly_those_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _record(monkeypatch, "_edge_label")
    for name, view in SAMPLES[::2]:
        calls.clear()
        catan_cheops.render(view)
        _, key = catan_cheops_map.base(view["board"], None)
        expected = catan_cheops_geometry.buildable_edges(view, catan_cheops_geometry.geometry(key))
        assert sorted(number - 1 for (number,) in calls) == expected, name
        if view["phase"] == "main":
            assert calls, name


# ---------------------------------------------------------------- readable on a phone


def test_no_text_is_smaller_than_16_px(monkeypatch: pytest.MonkeyPatch) -> None:
    # The map's labels at 1×: it is drawn larger, then scaled down.
    views = [view for _, view in SAMPLES[::4]]
    labels = labels_drawn(monkeypatch, catan_cheops.render, views, LOCALES, _clear_caches)
    sizes = [(size, text) for size, text, _ in labels]
    assert len(sizes) > 500
    smallest = min(sizes)
    assert smallest[0] >= 16, smallest
    assert catan_cheops_theme.SMALL == 16


# ---------------------------------------------------------------- words


def test_every_board_word_is_in_all_three_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    used = asked_keys(monkeypatch)
    _clear_caches()
    try:
        for locale in LOCALES:
            for _, view in SAMPLES[LOCALES.index(locale) :: 3]:
                catan_cheops.render(view, locale)
    finally:
        _clear_caches()
    english = ENGINE.texts
    board_keys = {key for key in used if key.startswith("catan-cheops.board.")}
    assert len(board_keys) > 40
    for key in used:
        assert key in english, key
    for language in ("de", "nl"):
        translated = ENGINE.locales[language]
        for key in used:
            assert key in translated, (language, key)
            assert template_fields(translated[key]) == template_fields(english[key]), (language, key)
        board = {key for key in english if key.startswith("catan-cheops.board.")}
        assert board == {key for key in translated if key.startswith("catan-cheops.board.")}, language


def test_a_missing_word_is_noticed() -> None:
    """The label lookup shows the bare key for a word nobody wrote (which the test above forbids)."""
    assert (
        catan_cheops_theme.label("catan-cheops.board.no-such-word", "de") == "catan-cheops.board.no-such-word"
    )
    assert catan_cheops_theme.label("catan-cheops.board.pyramid", "de") == "Pyramide"
    assert catan_cheops_theme.label("catan-cheops.board.pyramid", "nl-NL") == "Piramide"
    assert catan_cheops_theme.label("catan-cheops.board.pyramid", None) == "Pyramid"
