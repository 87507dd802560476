"""The China board image: every kind of view draws, the same view gives the same bytes,
a spectator sees no hand, labels are readable on a phone, every label is in three languages.

Views come from seeded games played with the engine (every player count,
both board sides, with and without fortresses; start, middle and end), plus
a few edited ones that reach corners random play rarely does.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Iterator
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops
from render_support import PNG_SIGNATURE
from render_support import asked_keys
from render_support import check_readable_on_a_phone
from render_support import drawn_texts
from render_support import height
from render_support import png

import games.china  # registers the engine
import texts
from games.china.data import PROVINCE_NAMES
from games.china.data import PROVINCES
from games.core import Action
from games.core import State
from renderers import canvas
from renderers import samples
from renderers.china import board as china_board
from renderers.china import closeup as china_closeup
from renderers.china import image as china  # importing it registers its renderer
from renderers.china import map as china_map
from renderers.legibility import FIGURE
from renderers.legibility import MARK
from renderers.legibility import PLACE
from renderers.legibility import Report
from renderers.legibility import report

GAME = "china"
ENGINE = games.china.ENGINE
PHONE_WIDTH = 390
PHONE_MIN_TEXT = 9
CHINA_TEXTS = Path(games.china.__file__).resolve().parent


def _placing(chooser: random.Random, state: State, actions: Sequence[Action]) -> Action:
    """Mostly a move that places a piece, where there is one."""
    placing = [
        a for a in actions if ENGINE.format_action(state, a).split()[0] in {"house", "emissary", "fortress"}
    ]
    return chooser.choice(placing if placing and chooser.random() < 0.8 else actions)


def random_game(players: int, seed: int, options: dict[str, str]) -> list[Any]:
    """Every state of a seeded game that places pieces whenever it can, first to last."""
    return samples.random_game(ENGINE, players, seed, options, pick=_placing)


GAMES = [
    (players, side, fortresses, "6")
    for players, side in ((3, "B"), (4, "A"), (4, "B"), (5, "A"))
    for fortresses in ("off", "on")
] + [
    # Games begun on the earlier board, with 5 house spaces in Ch'in.
    (3, "B", "on", "5"),
    (4, "A", "off", "5"),
]


def engine_views() -> Iterator[tuple[str, dict[str, Any]]]:
    for players, side, fortresses, board in GAMES:
        states = random_game(players, 40 + players, {"side": side, "fortresses": fortresses, "board": board})
        for moment, state in (
            ("start", states[0]),
            ("middle", states[len(states) // 2]),
            ("end", states[-1]),
        ):
            name = f"{players}p-{side}-{fortresses}-{board}-{moment}"
            yield name, ENGINE.view(state, None)
            yield f"{name}-seat", ENGINE.view(state, players - 1)


ALL_VIEWS = list(engine_views())
NAMES = ["Anna", "Bartholomäus von Hohenzollern-Sigmaringen", "Chen", "Dörte", "Eelco"]


def draw(view: dict[str, Any], locale: str | None = None) -> bytes:
    return china.render(view, locale)


def middle_view(seat: int | None = None) -> dict[str, Any]:
    states = random_game(5, 7, {"fortresses": "on"})
    return ENGINE.view(states[len(states) // 2], seat)


def crowded_view() -> dict[str, Any]:
    """Emissaries of every seat in one province, all three of a hand, the open row empty."""
    view = middle_view(0)
    view["provinces"][0]["emissaries"] = [1, 2, 1, 3, 1]
    view["provinces"][1]["emissaries"] = [4, 4, 0, 0, 0]
    view["provinces"][2]["scored"] = True
    view["open"] = []
    view["deck"] = 0
    view["exhausted"] = 2
    view["last_round"] = True
    view["hand"] = ["purple", "red", "orange"]
    view["names"] = NAMES
    return view


# ---------------------------------------------------------------- the image itself


@pytest.mark.parametrize(("name", "view"), ALL_VIEWS, ids=[name for name, _ in ALL_VIEWS])
def test_every_view_gives_a_png(name: str, view: dict[str, Any]) -> None:
    image = draw(view)
    assert len(image) < 1_000_000
    decoded = png(image)
    assert decoded.width == china_map.WIDTH
    assert decoded.height > china_map.geometry().height


def test_edited_views_draw() -> None:
    for locale in (None, "de", "nl"):
        assert draw(crowded_view(), locale).startswith(PNG_SIGNATURE)
    empty_hand = {**middle_view(1), "hand": []}
    assert draw(empty_hand).startswith(PNG_SIGNATURE)


@pytest.mark.parametrize(("name", "view"), ALL_VIEWS[::7], ids=[name for name, _ in ALL_VIEWS[::7]])
def test_the_same_view_gives_the_same_bytes(name: str, view: dict[str, Any]) -> None:
    assert draw(view) == draw(copy.deepcopy(view))


def test_the_renderer_is_registered() -> None:
    import renderers

    assert renderers.renderer(GAME) is china.render
    with pytest.raises(ValueError):
        renderers.render(GAME, {**middle_view(), "game": "chinesische-mauer"})


# ---------------------------------------------------------------- private information


def test_a_spectator_image_shows_no_hand() -> None:
    states = random_game(4, 3, {"side": "A"})
    state = states[len(states) // 2]
    seated, spectator = ENGINE.view(state, 2), ENGINE.view(state, None)
    assert seated["hand"], "the seat holds cards"
    assert "hand" not in spectator
    public = {key: value for key, value in seated.items() if key != "hand"}
    public["viewer"] = None
    assert public == spectator
    assert draw(public) == draw(spectator)
    # A hand in a view without a viewer is never drawn.
    assert draw({**spectator, "hand": ["red", "red", "green"]}) == draw(spectator)


def test_a_seat_view_adds_its_own_hand() -> None:
    seated = middle_view(2)
    spectator = {**{k: v for k, v in seated.items() if k != "hand"}, "viewer": None}
    assert draw(seated) != draw(spectator)
    assert height(draw(seated)) > height(draw(spectator))
    other = {**seated, "hand": ["purple"] * len(seated["hand"])}
    if other["hand"] != seated["hand"]:
        assert draw(other) != draw(seated)


def test_names_change_the_image_and_weird_names_draw() -> None:
    view = middle_view()
    assert draw({**view, "names": NAMES}) != draw(view)
    weird = ["🐉🐉", "李雷", "", "W" * 300, "\u202eevil\u202c"]
    assert draw({**view, "names": weird}).startswith(PNG_SIGNATURE)


# ---------------------------------------------------------------- readable on a phone


def _clear_caches() -> None:
    china_map.base_map.cache_clear()
    china._card.cache_clear()
    canvas.sprite.cache_clear()


def test_every_label_is_at_least_9_px_on_a_390_px_wide_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text drawn (map numbers and names included) uses a face at least 9·W/390 px high."""
    drawn = drawn_texts(monkeypatch)
    _clear_caches()
    try:
        for view in (ALL_VIEWS[-1][1], crowded_view(), ALL_VIEWS[-3][1]):
            for locale in (None, "de", "nl"):
                width = png(draw(view, locale)).width
                least = PHONE_MIN_TEXT * width / PHONE_WIDTH
                sizes = [(font_face.size, text) for text, font_face in drawn if text.strip()]
                small = sorted({(size, text) for size, text in sizes if size < least})
                assert small == [], f"labels under {least:.1f} px on a {width} px image"
                drawn.clear()
    finally:
        monkeypatch.undo()
        _clear_caches()
    # The body text, the smallest the layout plans for, is that large too.
    assert china.BODY * PHONE_WIDTH / china_map.WIDTH >= PHONE_MIN_TEXT


def test_space_numbers_and_province_names_are_on_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    recorded = drawn_texts(monkeypatch)
    _clear_caches()
    try:
        draw(ALL_VIEWS[0][1])
    finally:
        monkeypatch.undo()
        _clear_caches()
    drawn = {text for text, _ in recorded}
    assert {"Chu", "Wei", "Shu", "Han", "Yan", "Qi", "Ch'in", "Zhao", "Lu"} <= drawn
    assert {str(n) for n in range(1, 16)} <= drawn  # space numbers 1-8 and alliances 1-15


def test_the_earlier_board_has_no_sixth_space_in_chin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game begun with 5 spaces in Ch'in is drawn so: no QIN6 and no road to it, the rest
    of the map as today's, and a note at the title saying which board it is."""
    geo = china_map.geometry()
    qin = PROVINCES.index("QIN")
    for side in ("A", "B"):
        today, earlier = china_map.base_map(side, "6"), china_map.base_map(side, "5")
        x, y = geo.spaces[qin][5]
        assert today.getpixel((x, y)) != earlier.getpixel((x, y))
        # The road from QIN3 to QIN6 is gone too (its middle).
        (x3, y3) = geo.spaces[qin][2]
        road = ((x3 + x) // 2, (y3 + y) // 2)
        assert today.getpixel(road) != earlier.getpixel(road)
        for p, places in enumerate(geo.spaces):
            for s, point in enumerate(places):
                if (p, s) != (qin, 5):
                    assert today.getpixel(point) == earlier.getpixel(point)
    old_views = [view for name, view in ALL_VIEWS if "-5-" in name]
    assert old_views and all(view["board"] == "5" for view in old_views)
    recorded = drawn_texts(monkeypatch)
    draw(old_views[0])
    assert "Earlier board: Ch'in with 5 house spaces" in {text for text, _ in recorded}
    recorded.clear()
    draw(ALL_VIEWS[0][1])
    assert not any("Earlier board" in text for text, _ in recorded)


# ---------------------------------------------------------------- words


def test_every_label_drawn_is_in_three_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = asked_keys(monkeypatch)
    china._card.cache_clear()
    views = [view for _, view in ALL_VIEWS[::5]] + [crowded_view(), ALL_VIEWS[-1][1]]
    for view in views:
        for locale in (None, "de", "nl"):
            draw(view, locale)
    china._card.cache_clear()
    board_keys = {key for key in asked if key.startswith("china.board.")}
    assert {
        "china.board.title",
        "china.board.open",
        "china.board.gist.place",
        "china.board.col.total",
    } <= board_keys
    english = json.loads((CHINA_TEXTS / "texts.json").read_text(encoding="utf-8"))
    for language in ("de", "nl"):
        other = json.loads((CHINA_TEXTS / "locales" / f"{language}.json").read_text(encoding="utf-8"))
        china_keys = {key for key in asked if key.startswith("china.")}
        assert sorted(china_keys - set(english)) == []
        assert sorted(china_keys - set(other)) == [], language
    known = texts.all_keys()
    assert sorted(key for key in asked if key not in known) == []


def test_labels_follow_the_language() -> None:
    view = middle_view(1)
    assert len({draw(view, None), draw(view, "de"), draw(view, "nl")}) == 3
    assert draw(view, "xx-YY") == draw(view, None)


# ---------------------------------------------------------------- as a phone shows it


def _moments(players: int) -> list[tuple[str, dict[str, Any]]]:
    """Start, middle and end of a seeded game, as a spectator and as the seat last to sit."""
    states = random_game(players, 11, {"fortresses": "on"})
    views = []
    for moment, state in (("start", states[0]), ("middle", states[len(states) // 2]), ("end", states[-1])):
        for seat in (None, players - 1):
            views.append(
                (f"{players}p-{moment}-{seat}", {**ENGINE.view(state, seat), "names": NAMES[:players]})
            )
    return views


# The most players make the board largest; 3 are the fewest China allows.
PHONE_VIEWS = _moments(ENGINE.max_players) + _moments(ENGINE.min_players)


@pytest.mark.parametrize(("name", "view"), PHONE_VIEWS, ids=[name for name, _ in PHONE_VIEWS])
def test_labels_are_readable_on_a_phone(name: str, view: dict[str, Any]) -> None:
    """House spaces and provinces (what moves name) and the figures at least 8 px tall at 390 px,
    the seats' letters on their pieces at least 6 px."""
    found = check_readable_on_a_phone(lambda: draw(view), must_report=(PLACE, FIGURE, MARK))
    spaces = {label.text for label in found.drawn if label.role == PLACE}
    assert {"Chu", "Ch'in", "Lu"} <= spaces
    letters = {label.text for label in found.drawn if label.role == MARK}
    assert letters == set("ABCDE"[: view["players"]])


def _tallest() -> dict[str, Any]:
    """The tallest a view gets: five players, the fortress column, the whole discard pile of
    every colour, a full hand, a long prompt."""
    view = crowded_view()
    view["discard"] = [colour for colour in ("purple", "red", "green", "yellow", "orange") for _ in range(3)]
    view["fortresses"] = True
    view["board"] = "5"
    return view


@pytest.mark.parametrize("locale", [None, "de", "nl"])
def test_no_board_is_taller_than_2_2_times_its_width(locale: str | None) -> None:
    for view in [
        _tallest(),
        *(view for _, view in PHONE_VIEWS),
        *(view for _, view in ALL_VIEWS[::5]),
    ]:
        image = png(draw(view, locale))
        assert image.height <= 2.2 * image.width, (image.size, view.get("step"))


def _with_a_new_house() -> tuple[dict[str, Any], tuple[int, int]]:
    """A view whose last move placed a house, with the view before it as `since`; the space."""
    states = random_game(4, 5, {"side": "A"})
    for before, after in itertools.pairwise(states):
        view, previous = ENGINE.view(after, None), ENGINE.view(before, None)
        new = china_board.changes({**view, "since": previous}).spaces
        if new:
            return {**view, "since": previous}, next(iter(new))
    raise AssertionError("no house was placed")


def test_pieces_placed_since_the_last_post_are_marked() -> None:
    view, (province, space) = _with_a_new_house()
    assert view["provinces"][province]["spaces"][space]["house"] is not None
    assert view["since"]["provinces"][province]["spaces"][space]["house"] is None
    assert china_board.changes(view) == china_board.Changes(frozenset({(province, space)}))
    plain = {key: value for key, value in view.items() if key != "since"}
    assert china_board.changes(plain) == china_board.Changes()
    marked = png(draw(view)).convert("RGB")
    unmarked = png(draw(plain)).convert("RGB")
    # A ring round the new house, and nothing else: the images differ only there (beyond the
    # palette's small shifts of colour).
    box = ImageChops.difference(marked, unmarked).convert("L").point(lambda v: 255 if v > 48 else 0).getbbox()
    assert box is not None, "the new house is not marked"
    x, _ = china_map.geometry().spaces[province][space]
    reach = china_map.SPACE_R + 18
    assert abs((box[0] + box[2]) / 2 - x) <= 2
    assert box[2] - box[0] <= 2 * reach + 2 and box[3] - box[1] <= 2 * reach + 2
    # Wide enough to see at 390 px: the ring reaches 18 px (6 px on a phone) beyond the space.
    assert box[2] - box[0] >= 2 * reach - 2
    # Nothing new since the post before: nothing marked.
    assert draw({**plain, "since": plain}) == draw(plain)


def test_new_emissaries_are_marked() -> None:
    view = middle_view()
    before = copy.deepcopy(view)
    province = next(p for p, entry in enumerate(view["provinces"]) if sum(entry["emissaries"]) == 0)
    view["provinces"][province]["emissaries"][1] = 1
    assert china_board.changes({**view, "since": before}) == china_board.Changes(
        emissaries=frozenset({(province, 1)})
    )
    assert draw({**view, "since": before}) != draw(view)


# ---------------------------------------------------------------- the close-up of a move


def _deciding(players: int, seed: int) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """Each position of a seeded game: the acting seat's view and its legal moves' notations."""
    for state in random_game(players, seed, {"fortresses": "on"}):
        for seat in sorted(ENGINE.to_act(state)):
            legal = [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]
            yield {**ENGINE.view(state, seat), "names": NAMES[:players]}, legal


def test_the_closeup_is_registered() -> None:
    import renderers

    assert renderers.closeup_renderer(GAME) is china_closeup.closeup


def test_a_decision_that_places_nothing_has_no_closeup() -> None:
    view = middle_view(0)
    assert china_closeup.closeup(view, ["take red", "take deck", "swap red for green"]) is None
    assert china_closeup.closeup(view, ["end"]) is None
    assert china_closeup.closeup(view, []) is None


def _closeup_png(view: dict[str, Any], legal: list[str]) -> bytes:
    image = china_closeup.closeup(view, legal)
    assert image is not None
    return image


def _labelled(found: Report) -> list[str]:
    return sorted(label.text for label in found.drawn if label.role == PLACE)


@pytest.mark.parametrize("players", [ENGINE.min_players, ENGINE.max_players])
def test_the_closeup_labels_every_legal_place_large_and_nothing_else(players: int) -> None:
    """Each legal house space's number and each province a move names, at least 8 px at 390 px."""
    seen = 0
    for view, legal in itertools.islice(_deciding(players, 3), 0, None, 9):
        spaces, fields = china_closeup.legal_places(legal)
        if not spaces and not fields:
            assert china_closeup.closeup(view, legal) is None
            continue
        found = check_readable_on_a_phone(partial(_closeup_png, view, legal))
        provinces = {p for p, _ in spaces} | fields
        names = [PROVINCE_NAMES[p] for p in provinces]
        assert _labelled(found) == sorted([str(s + 1) for _, s in spaces] + names)
        seen += 1
    assert seen >= 3


def test_the_closeup_after_a_first_piece_shows_its_province_enlarged() -> None:
    """Once a piece is placed, the rest of the turn is in its province: the close-up is that
    province, enlarged beyond the board's own scale."""
    for view, legal in _deciding(5, 7):
        spaces, fields = china_closeup.legal_places(legal)
        provinces = {p for p, _ in spaces} | fields
        if len(provinces) == 1 and spaces:
            image = png(china_closeup.closeup(view, legal) or b"")
            assert image.width < china_map.WIDTH
            found = report(partial(_closeup_png, view, legal))
            numbers = [label for label in found.drawn if label.text.isdigit()]
            assert min(found.on_phone(label) for label in numbers) >= 12
            return
    raise AssertionError("no turn placed a second piece")


def test_the_legal_places_read_from_the_notation() -> None:
    wei, qin = PROVINCES.index("WEI"), PROVINCES.index("QIN")
    legal = ["house wei 3", "house wei 3 joker green", "fortress wei 5", "emissary qin joker red", "end"]
    assert china_closeup.legal_places(legal) == (frozenset({(wei, 2), (wei, 4)}), frozenset({qin}))
    assert china_closeup.legal_places(["house wei 99", "house atlantis 1", "take red"]) == (
        frozenset(),
        frozenset(),
    )
