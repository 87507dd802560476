"""The Catan: Cheops board image: every kind of view draws, the same view gives
the same bytes, a spectator's image depends on no hand, the labels a player
types are where they belong, every label is readable on a phone, what changed
since the previous post is marked and named, the close-up of a decision names
its legal places large, and every board word is in all three languages.

Views come from seeded games played with the engine (3 and 4 players) by a
random player that prefers building, so that the board fills with pieces and
the pyramid with blocks: the start, every phase, the middle and the end,
seen by a spectator and by a seat. The game is not a built-in game yet: the
engine and the renderer are used directly.
"""

from __future__ import annotations

import copy
import itertools
import random
import re
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from game_support import template_fields
from render_support import asked_keys
from render_support import check_no_hand_drawn
from render_support import check_readable_on_a_phone
from render_support import clear_caches
from render_support import drawn_texts
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
from games.catan_cheops.actions import ROBBER
from games.catan_cheops.actions import SETTLEMENT
from games.catan_cheops.actions import SHIP
from games.core import State
from renderers import legibility
from renderers import samples
from renderers.catan_cheops import closeup as catan_cheops_closeup
from renderers.catan_cheops import geometry as catan_cheops_geometry
from renderers.catan_cheops import icons as catan_cheops_icons
from renderers.catan_cheops import labels as catan_cheops_labels
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
    catan_cheops_labels,
    catan_cheops_closeup,
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
        if view["offer"] and any(a in ("accepted", "declined") for a in view["offer"]["answers"] or ()):
            picks.setdefault("offer-answered", index)
        if sum(1 for b in view["pyramid"]["blocks"] if b != "black") >= 2:
            picks.setdefault("blocks", index)
        if view["ships"] and view["cities"]:
            picks.setdefault("ships-and-cities", index)
    return picks


def _samples() -> list[tuple[str, dict[str, Any]]]:
    """The start, the middle, the end and the first view of every phase, by spectator and seat."""
    out = []
    # (4, 13): a game that reaches cities while ships sail (random games rarely do); (4, 2):
    # one with discards and two player blocks.
    for players, seed in ((3, 7), (4, 2), (4, 13)):
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
    # The map fills the width: a phone shows it as large as it can.
    assert 0 < left < 16 and catan_cheops.WIDTH - 16 < right < catan_cheops.WIDTH
    assert 0 < top < bottom <= geo.MAP_H - geo.MAP_PAD


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


def _laid(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of places laid on the map from now on (filled as boards are drawn)."""
    names: list[str] = []
    original = catan_cheops_map.lay

    def record(canvas: Any, tags: Sequence[Any], *args: Any) -> Any:
        names.extend(tag.text for tag in tags)
        return original(canvas, tags, *args)

    monkeypatch.setattr(catan_cheops_map, "lay", record)
    return names


def _named_by(legal: Sequence[Any]) -> set[str]:
    """The names of the places those moves name."""
    names = set()
    for action in legal:
        if action.kind in (ROAD, SHIP):
            names.add(f"E{action.a + 1}")
        elif action.kind in (SETTLEMENT, CITY):
            names.add(f"I{action.a + 1}")
        elif action.kind == ROBBER:
            names.add(f"H{action.a + 1}")
    return names


def _names(places: Any, geo: Any) -> list[str]:
    names = [f"I{n + 1}" for n in places.nodes] + [f"E{e + 1}" for e in places.edges]
    return names + [str(geo.hexes[n]["id"]) for n in places.hexes]


def test_the_board_names_every_place_the_seat_on_turn_can_name() -> None:
    """Whatever the seat on turn builds or where it sends the robber, the board names it
    (the test below: the board lays exactly these names)."""
    checked = 0
    for players, seed in ((3, 7), (4, 3)):
        states = _game(players, seed)
        for state in states[:: max(1, len(states) // 150)]:
            view = ENGINE.view(state, None)
            _, key = catan_cheops_map.base(view["board"])
            geo = catan_cheops_geometry.geometry(key)
            shown = set(_names(catan_cheops.image.places_now(view, geo), geo))
            turn = view["turn"]
            if turn is None:
                assert not shown
            elif turn in ENGINE.to_act(state):
                legal = _named_by(ENGINE.legal_actions(state, turn))
                assert legal <= shown, (view["phase"], sorted(legal - shown))
                checked += bool(legal)
    assert checked >= 30


def test_edge_names_show_where_the_seat_to_move_can_build() -> None:
    checked = 0
    # (4, 13): a game that reaches cities while ships sail (random games rarely do).
    for players, seed in ((3, 7), (4, 3), (4, 13)):
        states = _game(players, seed)
        for state in states[:: max(1, len(states) // 300)]:
            view = ENGINE.view(state, None)
            _, key = catan_cheops_map.base(view["board"])
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


def test_the_board_names_only_the_places_a_move_can_name_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not every free intersection: the seat on turn's next places (and the settlement a
    founding road must touch), so that the names can be large."""
    laid = _laid(monkeypatch)
    for name, view in SAMPLES[::2]:
        laid.clear()
        catan_cheops.render(view)
        _, key = catan_cheops_map.base(view["board"])
        geo = catan_cheops_geometry.geometry(key)
        places = catan_cheops.image.places_now(view, geo)
        assert laid == _names(places, geo), name
        land = set(geo.land)
        assert len(places.nodes) < len(land) / 2, name
        if view["phase"] == "main":
            assert places.edges, name


# ---------------------------------------------------------------- readable on a phone


def _moments(players: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """The start, the middle and the end of a seeded game, each as its post shows it (what
    changed since the position before it marked), by a spectator and by the seat to act."""
    states = _game(players, seed)
    out = []
    for moment, index in (("start", 0), ("middle", len(states) // 2), ("end", len(states) - 1)):
        for seat in (None, sorted(ENGINE.to_act(states[index]) or {0})[0]):
            view = _view(states[index], seat, players)
            if index:
                view["since"] = _view(states[index - 1], None, players)
            out.append((f"{players}p-{moment}-{seat}", view))
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_every_label_is_readable_on_a_phone(players: int) -> None:
    """3 players is the fewest the game allows, 4 makes the board largest."""
    for name, view in _moments(players, 7):
        _clear_caches()
        pieces = view["settlements"] or view["pyramid"]["blocks"]
        roles = (legibility.PLACE, legibility.FIGURE, *([legibility.MARK] if pieces else []))
        found = check_readable_on_a_phone(
            lambda view=view: catan_cheops.render(view, "de"), must_report=roles
        )
        assert found.height <= 2.2 * found.width, name


def test_no_text_is_smaller_than_the_smallest_size(monkeypatch: pytest.MonkeyPatch) -> None:
    views = [view for _, view in SAMPLES[::4]]
    labels = labels_drawn(monkeypatch, catan_cheops.render, views, LOCALES, _clear_caches)
    sizes = [(size, text) for size, text, _ in labels]
    assert len(sizes) > 500
    smallest = min(sizes)
    assert smallest[0] >= catan_cheops_theme.SMALL == 18, smallest


# ---------------------------------------------------------------- what changed since the previous post


def _new_pixels(data: bytes) -> int:
    """How many pixels are in the colour that marks what changed."""
    image = png(data).convert("RGB")
    return sum(count for count, colour in image.getcolors(1 << 20) or [] if colour == catan_cheops_theme.NEW)


def _placing_moves() -> list[tuple[Any, Any, Any]]:
    """(state before, the move, state after) of moves that place a piece or move the robber."""
    states = _game(4, 13)
    found = []
    for before, after in itertools.pairwise(states):
        old, new = ENGINE.view(before, None), ENGINE.view(after, None)
        for kind in ("settlements", "cities", "roads", "ships"):
            placed = {p["at"] for p in new[kind]} - {p["at"] for p in old[kind]}
            if placed:
                found.append((before, after, next(iter(placed))))
        if new["robber"] != old["robber"]:
            found.append((before, after, new["robber"]))
    return found


def test_what_changed_since_the_previous_post_is_marked_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    laid = _laid(monkeypatch)
    moves = _placing_moves()
    kinds = {name[0] for _, _, name in moves}
    assert kinds == {"I", "E", "H"}
    for before, after, name in moves[:: max(1, len(moves) // 12)]:
        view = _view(after, None, 4)
        plain = catan_cheops.render(view)
        assert _new_pixels(plain) == 0, name
        laid.clear()
        marked = catan_cheops.render({**view, "since": _view(before, None, 4)})
        # A ring that reads on a phone (more than a few pixels), and the place's name beside it.
        assert _new_pixels(marked) > 400, name
        assert laid[0] == name


def test_nothing_is_marked_when_nothing_changed() -> None:
    states = _game(3, 7)
    view = _view(states[len(states) // 2], None, 3)
    assert catan_cheops.render({**view, "since": copy.deepcopy(view)}) == catan_cheops.render(view)


# ---------------------------------------------------------------- the close-up of a decision


def _decisions() -> list[tuple[str, dict[str, Any], list[str]]]:
    """A seat's view and its legal moves' notations in the first position of every phase."""
    out = []
    for players, seed in ((3, 7), (4, 3)):
        states = _game(players, seed)
        for name, index in sorted(_picks(states).items()):
            state = states[index]
            for seat in sorted(ENGINE.to_act(state))[:1]:
                legal = [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]
                out.append((f"{players}p-{name}", _view(state, seat, players), legal))
    return out


def test_it_registers_its_closeup() -> None:
    assert renderers.closeup_renderer(catan_cheops.GAME_ID) is catan_cheops.closeup


def test_the_closeup_names_exactly_the_legal_places_large_enough() -> None:
    shown = 0
    for name, view, legal in _decisions():
        _clear_caches()
        named = {
            notation.split()[1]
            for notation in legal
            if notation.split()[0] in ("road", "ship", "settlement", "city", "robber")
        }
        if not named:
            assert renderers.closeup(catan_cheops.GAME_ID, view, legal) is None, name
            continue
        found = check_readable_on_a_phone(
            lambda view=view, legal=legal: renderers.closeup(catan_cheops.GAME_ID, view, legal) or b""
        )
        assert {label.text for label in found.drawn if label.role == legibility.PLACE} == named, name
        assert found.height <= 2.2 * found.width, name
        shown += 1
    assert shown >= 4


def test_a_closeup_of_a_few_places_is_enlarged() -> None:
    states = _game(3, 7)
    state = next(
        s
        for s in states
        if ENGINE.view(s, None)["phase"] == "founding"
        and ENGINE.view(s, None)["founding"]["place"] == "road_or_ship"
    )
    seat = sorted(ENGINE.to_act(state))[0]
    legal = [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]
    found = legibility.report(
        lambda: renderers.closeup(catan_cheops.GAME_ID, _view(state, seat, 3), legal) or b""
    )
    board = legibility.report(lambda: catan_cheops.render(_view(state, seat, 3)))
    smallest = min(found.on_phone(label) for label in found.drawn if label.role == legibility.PLACE)
    assert smallest >= 1.4 * min(
        board.on_phone(label) for label in board.drawn if label.role == legibility.PLACE
    )


def test_a_decision_that_picks_no_place_has_no_closeup() -> None:
    _, view, _ = _decisions()[0]
    for legal in (["roll", "play knight"], ["discard 2 brick 1 ore"], ["accept", "decline"], []):
        assert renderers.closeup(catan_cheops.GAME_ID, view, legal) is None


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
    assert len(board_keys) > 25
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


def test_the_header_speaks_of_the_players_not_to_the_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The header follows a player's name ("Anna rolls the dice") and, like the whole public
    board, is read by everyone: it never says "your" to one reader."""
    drawn = drawn_texts(monkeypatch)
    phases = {"roll", "discard"}
    for name, view in SAMPLES:
        if view["phase"] in phases and not name.split("-")[-1].startswith("seat"):
            phases.discard(view["phase"])
            catan_cheops.render(view, "en")
    assert not phases, f"no spectator sample of {phases}"
    said = " ".join(text for text, _ in drawn)
    assert "rolls the dice" in said
    assert "more than 7 cards" in said
    assert not re.search(r"\byour?\b", said, re.IGNORECASE), said


def test_an_answer_given_while_others_wait_is_drawn_without_saying_which(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = next(view for name, view in SAMPLES if name.endswith("-offer"))
    proposer = view["offer"]["from"]
    others = [seat for seat in range(view["players"]) if seat != proposer]
    answers: list[str | None] = [None] * view["players"]
    answers[others[0]] = "answered"
    answers[others[1]] = "waiting"
    used = asked_keys(monkeypatch)
    _clear_caches()
    try:
        catan_cheops.render({**view, "offer": {**view["offer"], "answers": answers}})
    finally:
        _clear_caches()
    assert "catan-cheops.board.answer.answered" in used
    assert not {"catan-cheops.board.answer.accepted", "catan-cheops.board.answer.declined"} & used
