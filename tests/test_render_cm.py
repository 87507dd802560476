"""The Chinesische Mauer board image: valid, small, deterministic, private where it must be.

Views come from two places: hand-made ones that reach every corner of the
layout (long sites, dragons three deep, closed sites, the last round, the
end), and real ones from seeded random games played with the engine.
"""

from __future__ import annotations

import copy
import functools
import io
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image
from PIL import ImageDraw
from render_support import PNG_SIGNATURE
from render_support import asked_keys
from render_support import drawn_texts
from render_support import height
from render_support import png

import games
import renderers
import texts
from renderers import canvas
from renderers import common
from renderers import fonts
from renderers import samples
from renderers.chinesische_mauer import image as chinesische_mauer
from renderers.chinesische_mauer import sites

GAME = "chinesische-mauer"
KINDS = ("wall", "gate", "tower", "noble", "warrior", "horseman", "dragon")


# ---------------------------------------------------------------- hand-made views


def card(
    owner: int, kind: str, value: int = 1, tile: int | None = None, under: tuple[Any, ...] = ()
) -> dict[str, Any]:
    """A position at a site; `under` are (owner, kind) pairs covered by this card, bottom first."""
    stack = [{"owner": o, "kind": k} for o, k in under] + [{"owner": owner, "kind": kind}]
    return {"stack": stack, "value": value, "tile": tile}


def site(
    players: int, cards: list[dict[str, Any]], tiles: list[tuple[int, int | None]] | None = None
) -> dict[str, Any]:
    totals: list[int | None] = [None] * players
    for position in cards:
        owner = position["stack"][-1]["owner"]
        totals[owner] = (totals[owner] or 0) + position["value"]
    return {
        "open": True,
        "tiles": [
            {"value": v, "on": on} for v, on in (tiles if tiles is not None else [(3, None), (5, None)])
        ],
        "cards": cards,
        "totals": totals,
        "levelled": any(position["stack"][-1]["kind"] == "noble" for position in cards),
    }


def make_view(players: int = 3, **changes: Any) -> dict[str, Any]:
    """A running game's spectator view; `changes` replace top-level keys."""
    sites = {2: 2, 3: 3}.get(players, 4)
    view: dict[str, Any] = {
        "game": GAME,
        "players": players,
        "viewer": None,
        "turn": 1,
        "to_act": [1],
        "phase": "actions",
        "actions_left": 2,
        "free_horsemen": True,
        "pending_scoring": [],
        "last_round": None,
        "supply": 20,
        "removed": [],
        "sites": [
            site(players, [card(s % players, KINDS[s % 7], s % 3 + 1) for s in range(index + 2)])
            for index in range(sites)
        ],
        "seats": [{"hand": 5, "deck": 10, "tiles": seat, "points": None} for seat in range(players)],
        "outcome": None,
    }
    view.update(changes)
    return view


def seat_view(view: dict[str, Any], seat: int, hand: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(view)
    out["viewer"] = seat
    out["hand"] = hand
    out["seats"][seat]["points"] = 11
    return out


def long_site(players: int, count: int) -> dict[str, Any]:
    cards = []
    for position in range(count):
        under = (
            ((position % players, "wall"), ((position + 1) % players, "dragon")) if position % 6 == 2 else ()
        )
        cards.append(
            card(
                position % players, KINDS[position % 6], position % 4 + 1, 8 if position == 4 else None, under
            )
        )
    return site(players, cards, [(8, 4), (7, None)])


def finished(players: int, winners: list[int]) -> dict[str, Any]:
    scores = [20 + seat for seat in range(players)]
    for seat in winners:
        scores[seat] = 40
    ranks = [1 if seat in winners else 2 + seat for seat in range(players)]
    return make_view(
        players,
        turn=None,
        to_act=[],
        phase="over",
        actions_left=0,
        free_horsemen=False,
        last_round={"started_by": 0, "cards_closed": True},
        seats=[{"hand": 0, "deck": 0, "tiles": 5, "points": scores[s]} for s in range(players)],
        outcome={"scores": scores, "tiles": [5] * players, "ranks": ranks, "winners": winners},
    )


def hand_made_views() -> dict[str, dict[str, Any]]:
    """Views that between them reach every part of the layout."""
    five = make_view(5)
    crowded = make_view(
        5,
        sites=[
            long_site(5, 25),
            long_site(5, 10),
            site(5, []),
            {"open": False, "tiles": [], "cards": [], "totals": [None] * 5},
        ],
    )
    return {
        "three-actions": make_view(3),
        "five-spectator": five,
        "five-seat": seat_view(five, 2, ["wall", "wall", "gate", "warrior", "dragon"]),
        "scoring": make_view(4, phase="scoring", pending_scoring=[0, 2], actions_left=2, free_horsemen=False),
        "crowded": crowded,
        "crowded-seat-big-hand": seat_view(
            crowded, 0, ["wall"] * 7 + ["gate"] * 3 + ["tower", "noble"] + ["warrior"] * 5 + ["horseman"] * 2
        ),
        "empty-hand": seat_view(make_view(2), 1, []),
        "last-round": make_view(3, last_round={"started_by": 2, "cards_closed": False}, actions_left=1),
        "cards-closed": make_view(
            3, last_round={"started_by": 0, "cards_closed": True}, phase="scoring", pending_scoring=[1]
        ),
        "two-removed": make_view(2, removed=[[3, 3], [5, 5]]),
        "over-one-winner": finished(4, [2]),
        "over-shared-win": seat_view(finished(3, [0, 1]), 1, []),
    }


# ---------------------------------------------------------------- engine views


def random_game(players: int, seed: int) -> list[Any]:
    """Every state of a seeded random game, first to last."""
    return samples.random_game(games.get(GAME), players, seed)


def engine_views() -> Iterator[tuple[str, dict[str, Any]]]:
    engine = games.get(GAME)
    for players in range(2, 6):
        states = random_game(players, seed=100 + players)
        for moment, state in (
            ("start", states[0]),
            ("middle", states[len(states) // 2]),
            ("end", states[-1]),
        ):
            yield f"{players}p-{moment}", engine.view(state, None)
            yield f"{players}p-{moment}-seat", engine.view(state, players - 1)


ALL_VIEWS = [*hand_made_views().items(), *engine_views()]


def draw(view: dict[str, Any], locale: str | None = None) -> bytes:
    return renderers.render(GAME, view, locale)


# ---------------------------------------------------------------- the image itself


@pytest.mark.parametrize(("name", "view"), ALL_VIEWS, ids=[name for name, _ in ALL_VIEWS])
def test_every_view_gives_a_small_png_made_for_phones(name: str, view: dict[str, Any]) -> None:
    """Twice a phone's width: sharp on a phone, and every label large enough there (see below)."""
    image = draw(view)
    assert len(image) < 1_000_000
    decoded = png(image)
    assert decoded.width == 2 * chinesische_mauer.PHONE_WIDTH
    assert decoded.height >= 400


@pytest.mark.parametrize(("name", "view"), ALL_VIEWS[:6], ids=[name for name, _ in ALL_VIEWS[:6]])
def test_the_same_view_gives_the_same_bytes(name: str, view: dict[str, Any]) -> None:
    assert draw(view) == draw(copy.deepcopy(view))


def test_a_seat_view_adds_its_hand_panel() -> None:
    spectator = make_view(4)
    seated = seat_view(spectator, 1, ["gate", "gate", "dragon"])
    assert draw(seated) != draw(spectator)
    assert height(draw(seated)) > height(draw(spectator))


def test_the_hand_shown_is_the_viewers_own() -> None:
    spectator = make_view(4)
    assert draw(seat_view(spectator, 1, ["gate"])) != draw(seat_view(spectator, 1, ["wall"]))


def test_spectator_image_is_blind_to_hands_and_decks() -> None:
    """Two positions differing only in what the players hold draw the same public board."""
    engine = games.get(GAME)
    state = random_game(4, seed=9)[40]
    # The same number of cards in every hand and deck, but other cards.
    hands = tuple(tuple(reversed(hand)) for hand in state.hands)
    decks = tuple(tuple(reversed(deck)) for deck in state.decks)
    other = state._replace(hands=hands, decks=decks)
    assert engine.view(other, 0) != engine.view(state, 0), (
        "the positions really differ in private information"
    )
    assert draw(engine.view(other, None)) == draw(engine.view(state, None))


def test_names_change_the_image_and_default_to_player_numbers() -> None:
    view = make_view(3)
    named = {**view, "names": ["Anna", "Bob", "Chen"]}
    assert draw(named) != draw(view)
    defaults = {**view, "names": ["Player 1", "Player 2", "Player 3"]}
    assert draw(defaults) == draw(view)


WEIRD_NAMES = [
    "🐉🐉🐉",
    "李雷",
    "Zoë Ångström-Øresund",
    "👩‍👩‍👧‍👦 family",
    "e\u0301\u0301\u0301",
    "\u202eevil\u202c",
    "tab\tand\nnewline",
    "",
    "   ",
    "W" * 300,
    "مرحبا",
]


@pytest.mark.parametrize("players", [2, 5])
def test_any_names_render(players: int) -> None:
    names = (WEIRD_NAMES * 2)[:players]
    view = seat_view(make_view(players), players - 1, ["warrior"])
    image = draw({**view, "names": names, "turn": 0, "to_act": [0]})
    assert image.startswith(PNG_SIGNATURE)
    over = finished(players, list(range(players)))
    assert draw({**over, "names": WEIRD_NAMES[-players:]}).startswith(PNG_SIGNATURE)


def test_every_name_weird_or_long_or_missing_renders() -> None:
    for name in WEIRD_NAMES:
        view = {**make_view(2, last_round={"started_by": 1, "cards_closed": False}), "names": [name, name]}
        assert draw(view).startswith(PNG_SIGNATURE), name


#: Linear B: a script none of the fonts has.
UNDRAWABLE = "\U00010000\U00010001"


def test_names_without_drawable_characters_fall_back_to_the_seat_number() -> None:
    view = {**make_view(3), "names": [UNDRAWABLE, "", None]}
    assert common.seat_names(view, 3, None) == ["Player 1", "Player 2", "Player 3"]
    assert common.seat_names({"names": ["Anna"]}, 2, None) == ["Anna", "Player 2"]
    # An emoji is a name like any other.
    assert common.seat_names({"names": ["🐉"]}, 1, None) == ["🐉"]


def test_undrawable_characters_become_one_placeholder() -> None:
    assert fonts.readable(f"Chen {UNDRAWABLE}") == f"Chen {fonts.PLACEHOLDER}"
    assert fonts.readable("Chen 🐉🐉") == "Chen 🐉🐉"
    # Controls and direction marks go; joiners stay (they make emoji sequences and conjuncts).
    assert fonts.readable("a\u200db\x07c\u200f") == "a\u200dbc"
    assert fonts.readable("  two   words ") == "two words"


def test_long_names_are_cut_with_an_ellipsis() -> None:
    face = fonts.face(28, fonts.Weight.BOLD)
    cut = canvas.ellipsize("W" * 300, face, 200)
    assert cut.endswith("…")
    assert canvas.text_width(cut, face) <= 200
    assert canvas.ellipsize("Anna", face, 200) == "Anna"


# ---------------------------------------------------------------- what the board shows


def colour_share(image: bytes, colour: tuple[int, int, int], tolerance: int = 12) -> float:
    """The fraction of pixels within `tolerance` of `colour`."""
    with Image.open(io.BytesIO(image)) as decoded:
        assert decoded.mode == "P"
        palette = decoded.getpalette() or []
        counts = decoded.getcolors(maxcolors=256) or []
        total = decoded.width * decoded.height
    near = 0
    for count, index in counts:
        assert isinstance(index, int)  # a palette image counts palette indexes
        entry = palette[3 * index : 3 * index + 3]
        if all(abs(a - b) <= tolerance for a, b in zip(entry, colour, strict=True)):
            near += count
    return near / total


def test_long_sites_wrap_and_the_image_grows() -> None:
    short = make_view(5, sites=[long_site(5, 6)] * 4)
    long = make_view(5, sites=[long_site(5, 25)] * 4)
    # Eleven cards to a row: 25 cards take two rows more than 6, at each of the four sites.
    assert height(draw(long)) > height(draw(short)) + 4 * 2 * sites.CARD_H


def test_covered_cards_take_room_above_their_dragon() -> None:
    flat = make_view(3, sites=[site(3, [card(0, "wall"), card(1, "dragon")])])
    covered = make_view(
        3, sites=[site(3, [card(0, "wall"), card(1, "dragon", under=((2, "wall"), (0, "dragon")))])]
    )
    assert height(draw(covered)) == height(draw(flat)) + 2 * sites.PEEK


def test_a_row_holds_as_many_cards_as_fit() -> None:
    """Cards at a site are all as wide: a full row of them, and one more starts a new row."""
    fit = sites.Look().per_row()
    assert fit >= 11

    def walls(count: int) -> dict[str, Any]:
        return make_view(3, sites=[site(3, [card(s % 3, "wall") for s in range(count)])])

    assert height(draw(walls(fit - 1))) == height(draw(walls(fit)))
    assert height(draw(walls(fit + 1))) > height(draw(walls(fit)))


def test_a_card_is_as_wide_as_its_name() -> None:
    """The rulebook's long names are printed whole: their cards are wider, never their names cut."""
    for locale in (None, "de", "nl"):
        for kind in KINDS:
            name = texts.t(f"cm.card.{kind}", locale)
            width = chinesische_mauer._kind_width(kind, locale)
            assert canvas.text_width(name, chinesische_mauer._name_face()) <= width - 8, (locale, kind)


def test_each_owners_colour_is_on_the_board() -> None:
    purple = common.SEAT_COLOURS[4]
    without = make_view(5, sites=[site(5, [card(0, "wall"), card(1, "gate")])])
    with_purple = make_view(5, sites=[site(5, [card(0, "wall"), card(4, "gate")])])
    assert colour_share(draw(with_purple), purple) > colour_share(draw(without), purple) + 0.0005


@pytest.mark.parametrize(
    ("totals", "leaders"),
    [
        ([4, None, 2], {0}),
        ([3, 3, 1], set()),
        ([None, -2, None], {1}),
        ([None, None], set()),
        ([1, 5, 5, 7, None], {3}),
    ],
)
def test_only_a_strict_majority_is_marked_as_leading(totals: list[int | None], leaders: set[int]) -> None:
    assert sites._leaders(totals) == leaders


def test_the_leader_crown_is_drawn() -> None:
    tied = make_view(2, sites=[site(2, [card(0, "gate", 2), card(1, "gate", 2)])])
    leading = make_view(2, sites=[site(2, [card(0, "tower", 3), card(1, "gate", 2)])])
    assert colour_share(draw(leading), common.GOLD, 4) > colour_share(draw(tied), common.GOLD, 4)


# ---------------------------------------------------------------- words


def test_every_label_drawn_is_in_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_font_caches()  # card faces are cached with their names: let them be asked for again
    asked = asked_keys(monkeypatch)
    for _, view in ALL_VIEWS:
        draw(view)
    assert {"board.cm.title", "board.cm.your_hand", "board.game_over", "cm.card.wall"} <= asked
    assert {"board.cm.removed", "board.cm.cards_closed", "board.winners", "board.count"} <= asked
    known = texts.all_keys()
    missing = sorted(key for key in asked if key not in known)
    assert missing == []


def test_a_missing_label_is_noticed(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The catalogue check above would catch a key the board asks for but nobody wrote."""
    real = texts.catalogue(texts.DEFAULT_LOCALE)
    without = {key: value for key, value in real.items() if key != "board.cm.supply"}
    monkeypatch.setattr(texts, "catalogue", lambda locale: without)
    monkeypatch.setattr(texts, "all_keys", lambda: frozenset(without))
    asked = asked_keys(monkeypatch)
    _clear_font_caches()
    with caplog.at_level("ERROR"):
        draw(make_view(3))
    assert "board.cm.supply" in asked - texts.all_keys()
    assert "board.cm.supply" in caplog.text


def test_a_locale_the_catalogue_lacks_falls_back_to_english() -> None:
    view = make_view(3)
    assert draw(view, "xx-YY") == draw(view, None)


# ---------------------------------------------------------------- dispatch and fonts


def test_unknown_games_and_foreign_views_are_refused() -> None:
    with pytest.raises(KeyError):
        renderers.render("no-such-game", make_view(3))
    with pytest.raises(ValueError):
        renderers.render(GAME, {**make_view(3), "game": "china"})
    assert GAME in renderers.game_ids()


def _clear_font_caches() -> None:
    caches: list[Callable[..., Any]] = [
        fonts._font_file,
        fonts.face,
        fonts.has_glyph,
        canvas.text_width,
        chinesische_mauer._card_face,
        sites._card_face,
        chinesische_mauer._kind_width,
    ]
    for cached in caches:
        cached.cache_clear()  # type: ignore[attr-defined]


@pytest.fixture
def without_font_files(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A machine with no font files: only Pillow's built-in font."""
    monkeypatch.setattr(fonts, "_FONT_DIRS", ())
    _clear_font_caches()
    yield
    monkeypatch.undo()
    _clear_font_caches()


@pytest.mark.usefixtures("without_font_files")
def test_pillows_own_font_is_enough() -> None:
    assert fonts._font_file(fonts.Weight.BOLD) is None
    view = {**seat_view(make_view(4), 0, ["warrior", "wall"]), "names": ["Bartholomäus", "🐉", "李雷", "Zoë"]}
    image = draw(view)
    assert image.startswith(PNG_SIGNATURE)
    assert draw(view) == image
    # Accents the built-in font lacks are dropped rather than shown as boxes.
    assert fonts.readable("Zoë", fonts.Weight.BOLD) in {"Zoë", "Zoe"}


def test_the_shipped_fonts_are_used_before_the_systems() -> None:
    """Images look the same on every machine because the project brings its font."""
    for weight in fonts.Weight:
        path = fonts._font_file(weight)
        assert path is not None and path.parent.name == "fonts"
        assert path.parent.parent.name == "renderers"


# ---------------------------------------------------------------- readable on a phone


#: How wide a phone shows the image, and the smallest label height there.
PHONE_WIDTH = 390
MIN_PHONE_PX = 9


@functools.cache
def ink_height(text: str, font_face: fonts.Face) -> int:
    """The height in pixels of the ink that `text` leaves in `font_face`, measured by drawing it."""
    text = fonts.readable(text, font_face.weight)
    size = font_face.size
    image = Image.new("L", (canvas.text_width(text, font_face) + 2 * size, 3 * size), 0)
    ImageDraw.Draw(image).text(
        (size, 2 * size),
        text,
        font=font_face.font,
        fill=255,
        anchor="ls",
        stroke_width=font_face.stroke,
        stroke_fill=255,
    )
    box = image.getbbox()
    return 0 if box is None else box[3] - box[1]


def drawn_labels(
    monkeypatch: pytest.MonkeyPatch, view: dict[str, Any], locale: str | None = None
) -> tuple[list[tuple[str, fonts.Face]], int]:
    """Every text the board draws (with its face), and the image's width."""
    _clear_font_caches()  # cached card faces would skip drawing their names
    drawn = drawn_texts(monkeypatch)
    image = draw(view, locale)
    monkeypatch.undo()
    return drawn, png(image).width


def too_small(drawn: list[tuple[str, fonts.Face]], width: int) -> list[tuple[str, int, float]]:
    """Labels whose ink is less than 9 px tall when the image is shown 390 px wide.

    Only marks without a letter or digit ("–" for an unknown number) are not labels.
    """
    least = MIN_PHONE_PX * width / PHONE_WIDTH
    return [
        (text, font_face.size, ink_height(text, font_face) * PHONE_WIDTH / width)
        for text, font_face in drawn
        if any(char.isalnum() for char in text) and ink_height(text, font_face) < least
    ]


PHONE_VIEWS = [
    *ALL_VIEWS,
    *((f"{name}-{locale}", view, locale) for name, view in ALL_VIEWS[:6] for locale in ("de", "nl")),
]


@pytest.mark.parametrize(
    ("name", "view", "locale"),
    [(name, view, None) for name, view in ALL_VIEWS] + [v for v in PHONE_VIEWS if len(v) == 3],
    ids=[name for name, _ in ALL_VIEWS] + [v[0] for v in PHONE_VIEWS if len(v) == 3],
)
def test_every_label_is_9_px_tall_on_a_phone(
    monkeypatch: pytest.MonkeyPatch, name: str, view: dict[str, Any], locale: str | None
) -> None:
    drawn, width = drawn_labels(monkeypatch, view, locale)
    assert drawn
    assert too_small(drawn, width) == []


def test_the_labels_a_player_needs_are_drawn_and_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card names in hand, positions to type (3.2), totals, tile values, site numbers and table headers."""
    view = hand_made_views()["five-seat"]
    drawn, width = drawn_labels(monkeypatch, view)
    texts_drawn = {text for text, _ in drawn}
    for kind in ("wall", "gate", "warrior", "dragon"):
        assert texts.t(f"cm.card.{kind}") in texts_drawn, kind
    assert {"1.1", "1.2", "3.4", "4.5"} <= texts_drawn
    assert {"Site 1", "Site 4", "Hand", "Deck", "Tiles", "Points", "Player"} <= texts_drawn
    assert {"3", "5", "20"} <= texts_drawn  # free tiles and the supply
    totals = {str(t) for s in view["sites"] for t in s["totals"] if t is not None}
    assert totals <= texts_drawn
    smallest = min(ink_height(text, f) for text, f in drawn if any(c.isalnum() for c in text))
    assert smallest * PHONE_WIDTH / width >= MIN_PHONE_PX


def test_the_measure_sees_small_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above would catch a label drawn too small."""
    small = fonts.face(14, fonts.Weight.BOLD)
    assert too_small([("3.2", small)], 780) == [("3.2", 14, pytest.approx(5.0, abs=0.6))]
    assert too_small([("–", small)], 780) == []
    assert ink_height("10", fonts.face(28, fonts.Weight.BOLD)) == 20


# ---------------------------------------------------------------- the Noble's levelled site


def noble_site(players: int, levelled: bool) -> dict[str, Any]:
    built = site(players, [card(0, "tower"), card(1, "noble"), card(0, "wall")])
    built["levelled"] = levelled
    return built


def test_a_levelled_site_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    levelled = make_view(3, sites=[noble_site(3, True), site(3, [card(1, "wall")])])
    drawn, _ = drawn_labels(monkeypatch, levelled)
    assert [text for text, _ in drawn].count("Noble: every card counts 1") == 1
    plain = make_view(3, sites=[noble_site(3, False), site(3, [card(1, "wall")])])
    drawn, _ = drawn_labels(monkeypatch, plain)
    assert "Noble: every card counts 1" not in {text for text, _ in drawn}
    assert height(draw(levelled)) > height(draw(plain))


@pytest.mark.parametrize(
    ("locale", "words"), [("de", "Adliger: jede Karte zählt 1"), ("nl", "Edele: elke kaart telt 1")]
)
def test_the_levelled_label_is_translated(monkeypatch: pytest.MonkeyPatch, locale: str, words: str) -> None:
    drawn, _ = drawn_labels(monkeypatch, make_view(3, sites=[noble_site(3, True)]), locale)
    assert words in {text for text, _ in drawn}


def test_the_engine_view_says_which_sites_a_noble_levels() -> None:
    engine = games.get(GAME)
    for state in random_game(3, seed=4):
        for index, shown in enumerate(engine.view(state, None)["sites"]):
            if not shown["open"]:
                assert "levelled" not in shown
                continue
            noble = any(c["stack"][-1]["kind"] == "noble" for c in shown["cards"])
            assert shown["levelled"] is noble, index
            if noble:
                assert all(c["value"] == 1 for c in shown["cards"])


# ---------------------------------------------------------------- the rulebooks' card names


RULEBOOK_NAMES = {
    # The English edition's terms, the German short rules (Kurzspielregel) and the Dutch rulebook.
    None: ("Wall", "Gate", "Watchtower", "Noble", "Warrior", "Horseman", "Dragon"),
    "de": ("Mauer", "Tor", "Wachturm", "Adliger", "Kämpfer", "Reiter", "Drache"),
    "nl": ("Muur", "Poort", "Wachttoren", "Edele", "Strijder", "Ruiter", "Draak"),
}


@pytest.mark.parametrize("locale", list(RULEBOOK_NAMES), ids=lambda locale: locale or "en")
def test_cards_carry_the_rulebooks_names(monkeypatch: pytest.MonkeyPatch, locale: str | None) -> None:
    assert tuple(texts.t(f"cm.card.{kind}", locale) for kind in KINDS) == RULEBOOK_NAMES[locale]
    # A hand prints them (a site shows the same silhouettes, without the names).
    every_kind = seat_view(make_view(2), 0, list(KINDS))
    drawn, _ = drawn_labels(monkeypatch, every_kind, locale)
    assert set(RULEBOOK_NAMES[locale]) <= {text for text, _ in drawn}
