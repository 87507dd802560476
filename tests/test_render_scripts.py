"""Names as typed, in every image: every script and every kind of emoji drawn, never "?" or a box.

DejaVu draws Latin, Greek and Cyrillic; the Noto fonts of the project's font
packages draw the rest (`renderers.fonts.FALLBACKS`), each grapheme cluster
in the first font that has it, right-to-left runs in visual order
(`renderers.shaping`). Here each script is drawn and checked by its ink: the
chosen font has every glyph, each cluster leaves ink that is not the font's
missing-glyph box, the ink lies inside the name's measured box; right-to-left
text reads from the right, Arabic joins; a name too long for its place ends
in "…" at a cluster boundary. And the boards of every game carry such names.
"""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from PIL import ImageChops
from PIL import ImageDraw
from PIL import ImageFont

import games
import renderers
from renderers import canvas
from renderers import common
from renderers import fonts as fonts_module
from renderers import replay
from renderers import samples
from renderers import shaping
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import text_width
from renderers.fonts import PLACEHOLDER
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.fonts import readable

#: One name per script and per kind of emoji the issue names.
NAMES = {
    "latin": "Zoë Łukasz Nguyễn Ørsted",
    "greek": "Ζωή Παπαδοπούλου",
    "cyrillic": "Дмитрий Жуков",
    "arabic": "محمد علي",
    "hebrew": "שלום כהן",
    "devanagari": "नमस्ते क्षत्रिय",
    "thai": "สมชาย ใจดี",
    "chinese": "陈伟",
    "japanese": "さくら 桜子",
    "korean": "김민준",
    "emoji": "Dmitri 🐉",
    "skin tone": "👍🏽 Ana",
    "zwj": "👨‍👩‍👧 Familie",
    "flag": "🇩🇪 🇯🇵 🏳️‍🌈 🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
}

FILL = (200, 40, 90)


def _font(run: shaping.Run, size: int, weight: Weight) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if run.source is None:
        return face(size, weight).font
    font = fonts_module.fallback_font(run.source, size, weight)
    assert font is not None, run.source
    return font


def _mask(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> bytes:
    return bytes(font.getmask(text))


@pytest.mark.parametrize("kind", list(NAMES))
def test_every_script_keeps_its_characters(kind: str) -> None:
    name = NAMES[kind]
    for weight in Weight:
        assert readable(name, weight) == unicodedata.normalize("NFC", name), (kind, weight)
        assert PLACEHOLDER not in readable(name, weight)


@pytest.mark.parametrize("kind", list(NAMES))
@pytest.mark.parametrize("weight", [Weight.REGULAR, Weight.BOLD])
def test_every_cluster_is_drawn_in_a_font_that_has_it(kind: str, weight: Weight) -> None:
    """Each cluster's font has its glyphs, and its ink is neither empty nor the missing-glyph box."""
    size = 28
    for run in shaping.layout(readable(NAMES[kind], weight), weight):
        font = _font(run, size, weight)
        missing = _mask(font, "\uffff")
        for cluster in shaping.clusters(run.text):
            if cluster.isspace():
                continue
            drawn = font.getmask(cluster)
            assert drawn.getbbox() is not None, (kind, cluster, run.source)
            assert bytes(drawn) != missing, (kind, cluster, run.source)
            for char in cluster:
                if unicodedata.category(char) in {"Cf", "Mn", "Sk"} or 0xFE00 <= ord(char) <= 0xFE0F:
                    continue  # joiners, selectors, tones and marks draw with their base
                assert bytes(font.getmask(char)) != missing, (kind, hex(ord(char)), run.source)


@pytest.mark.parametrize("kind", list(NAMES))
def test_a_name_leaves_its_ink_inside_its_box(kind: str) -> None:
    font_face = face(26, Weight.BOLD)
    board = Canvas(600, 80, (255, 255, 255))
    width = board.text(40, 40, NAMES[kind], font_face, (0, 0, 0), anchor="lm")
    assert width == text_width(NAMES[kind], font_face)
    ink = ImageChops.invert(board.image.convert("L")).getbbox()
    assert ink is not None
    left, top, right, bottom = ink
    assert left >= 38 and right <= 40 + width + 2, (kind, ink, width)
    assert top >= 40 - 26 and bottom <= 40 + 26, (kind, ink)
    # Ink across the name, not a mark or two: most columns of its box have some.
    grey = board.image.convert("L")
    inked = sum(1 for x in range(40, 40 + width) if any(grey.getpixel((x, y)) < 128 for y in range(80)))
    assert inked >= 0.6 * width, (kind, inked, width)


def test_the_runs_sit_where_dejavu_would_put_them() -> None:
    """A name laid in runs lines up with the labels beside it: Latin text laid so gives
    the plain path's pixels at the same place."""
    for text in ("Anna", "Bartholomäus", "Wall 4/6"):
        for size in (13, 22, 31):
            for weight in Weight:
                for anchor in ("lm", "mm", "rm"):
                    font_face = face(size, weight)
                    plain = canvas._label(text, font_face, anchor)
                    laid = shaping.label(text, font_face, anchor)
                    assert plain[1:] == laid[1:], (text, size, weight, anchor)
                    assert ImageChops.difference(plain[0], laid[0]).getbbox() is None


def test_plain_text_keeps_the_plain_path() -> None:
    assert shaping.simple("Bartholomäus von Hohenzollern", Weight.BOLD)
    assert shaping.simple("Ärger · 3 × Mauer", Weight.REGULAR)
    for kind in ("arabic", "hebrew", "devanagari", "thai", "chinese", "emoji", "flag"):
        assert not shaping.simple(NAMES[kind], Weight.BOLD), kind


# ---------------------------------------------------------------- colour emoji


def _colourful(image: Image.Image) -> int:
    """How many pixels are strongly coloured (far from grey: saturation above 100 of 255)."""
    saturation = image.convert("RGB").convert("HSV").getchannel("S")
    return sum(saturation.histogram()[100:])


@pytest.mark.parametrize("kind", ["emoji", "skin tone", "zwj", "flag"])
def test_emoji_are_drawn_in_their_colours_at_the_texts_size(kind: str) -> None:
    font_face = face(26, Weight.BOLD)
    runs = [run for run in shaping.layout(NAMES[kind], Weight.BOLD) if run.source and run.source.emoji]
    assert runs and all(run.source and run.source.bitmap for run in runs), kind
    mask, _, _, _, colour = shaping.label(NAMES[kind], font_face, "lm")
    assert colour is not None and colour.size == mask.size
    assert mask.height <= 2 * font_face.size, "the bitmap font is scaled to the text's size"
    assert sum(colour.getchannel("A").histogram()[129:]) > 150, kind
    board = Canvas(600, 80, (255, 255, 255))
    board.text(40, 40, NAMES[kind], font_face, (0, 0, 0), anchor="lm")
    if kind in {"emoji", "flag"}:  # a green dragon, red and gold flags (the family is grey)
        assert _colourful(board.image) > 40, kind


def test_a_skin_tone_changes_the_colour_not_the_name() -> None:
    font_face = face(26, Weight.BOLD)
    light = shaping.label("👍🏻", font_face, "lm")[4]
    dark = shaping.label("👍🏿", font_face, "lm")[4]
    assert light is not None and dark is not None
    assert ImageChops.difference(light, dark).getbbox() is not None
    assert len(shaping.clusters("👍🏿")) == 1


def test_without_the_colour_font_emoji_are_drawn_in_the_texts_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    colourless = tuple(source for source in fonts_module.FALLBACKS if not source.bitmap)
    monkeypatch.setattr(fonts_module, "FALLBACKS", colourless)
    monkeypatch.setattr(shaping, "FALLBACKS", colourless)
    _forget_fonts()
    try:
        (run,) = shaping.layout("🐉", Weight.BOLD)
        assert run.source is not None and run.source.name == "emoji"
        mask, *_, colour = shaping.label("🐉", face(26, Weight.BOLD), "lm")
        assert colour is None and mask.getbbox() is not None
    finally:
        monkeypatch.undo()
        _forget_fonts()


# ---------------------------------------------------------------- right to left


def _ink(image: Image.Image) -> Image.Image:
    return image.crop(image.getbbox()) if image.getbbox() else image


def test_hebrew_is_drawn_from_the_right() -> None:
    """Alef-bet-gimel laid as a name gives the pixels of gimel-bet-alef drawn unshaped, left to right."""
    text = "\u05d0\u05d1\u05d2"
    (run,) = shaping.layout(text, Weight.REGULAR)
    assert run.rtl
    laid = _ink(shaping.label(text, face(40, Weight.REGULAR), "ls")[0])
    hebrew = fonts_module.fallback_font(run.source, 40, Weight.REGULAR) if run.source else None
    assert hebrew is not None
    path = hebrew.path
    basic = ImageFont.truetype(path, 40, layout_engine=ImageFont.Layout.BASIC)
    visual = Image.new("L", (200, 80), 0)
    ImageDraw.Draw(visual).text((10, 60), text[::-1], font=basic, fill=255, anchor="ls")
    logical = Image.new("L", (200, 80), 0)
    ImageDraw.Draw(logical).text((10, 60), text, font=basic, fill=255, anchor="ls")
    assert laid.size == _ink(visual).size
    assert ImageChops.difference(laid, _ink(visual)).getbbox() is None
    assert ImageChops.difference(laid, _ink(logical)).getbbox() is not None


def test_right_to_left_words_stay_where_the_sentence_puts_them() -> None:
    """The boards' languages run left to right: a name set into a sentence keeps its place,
    and a Latin nickname beside a Hebrew name follows it in reading order."""
    for text, first in (("שלום Ali", "שלום"), ("Ali שלום", "Ali"), ("Turn: محمد · 2 left", "Turn:")):
        runs = [run.text.strip() for run in shaping.layout(text, Weight.BOLD) if run.text.strip()]
        assert runs[0] == first, (text, runs)
    runs = shaping.layout("Turn: محمد · 2 left", Weight.BOLD)
    assert [run.rtl for run in runs if run.text.strip()] == [False, True, False]


def test_spaces_and_digits_follow_the_right_to_left_words_around_them() -> None:
    for text in ("محمد علي", "שלום 2 כהן"):
        runs = shaping.layout(text, Weight.BOLD)
        assert all(run.rtl for run in runs), (text, runs)
    # Wholly right to left: the last word stands leftmost.
    runs = shaping.layout("שלום 2 כהן", Weight.BOLD)
    assert runs[0].text.endswith("כהן") or runs[0].text == "כהן"


def test_arabic_letters_are_joined() -> None:
    """Three behs joined form one stroke along the baseline; unjoined they would leave gaps."""
    font_face = face(48, Weight.REGULAR)
    mask = shaping.label("\u0628\u0628\u0628", font_face, "ls")[0]
    ascent = -font_face.font.getbbox("x", anchor="ls")[1]
    band = mask.crop((0, 0, mask.width, mask.height))
    columns = [any(band.getpixel((x, y)) for y in range(band.height)) for x in range(band.width)]
    first, last = columns.index(True), len(columns) - 1 - columns[::-1].index(True)
    assert all(columns[first : last + 1]), "gaps between the letters"
    assert ascent > 0


# ---------------------------------------------------------------- clusters and shortening


#: A subdivision flag: a black flag, tag letters, a cancel tag.
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("👨‍👩‍👧", ["👨‍👩‍👧"]),
        ("🇩🇪🇯🇵", ["🇩🇪", "🇯🇵"]),
        ("👍🏽!", ["👍🏽", "!"]),
        ("🏳️‍🌈", ["🏳️‍🌈"]),
        (SCOTLAND, [SCOTLAND]),
        ("e\u0301a", ["e\u0301", "a"]),
        ("क्षत्रिय", ["क्ष", "त्रि", "य"]),
        ("สมชาย ใจดี", ["ส", "ม", "ช", "า", "ย", " ", "ใ", "จ", "ดี"]),
        ("1\ufe0f\u20e3", ["1\ufe0f\u20e3"]),
    ],
)
def test_grapheme_clusters(text: str, expected: list[str]) -> None:
    assert shaping.clusters(text) == expected


LONG = [
    "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧",
    "🇩🇪🇯🇵🇫🇷🇧🇷🇰🇷🇮🇳🇳🇱🇨🇭🇦🇹",
    "👍🏽👍🏿👍🏻👍🏽👍🏿👍🏻👍🏽👍🏿👍🏻👍🏽",
    "Ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́ȩ̧̈́",
    "नमस्ते क्षत्रिय नमस्ते क्षत्रिय",
    "محمد علي عبد الرحمن بن خالد",
    "陈伟陈伟陈伟陈伟陈伟陈伟陈伟",
    "Bartholomäus von Hohenzollern-Sigmaringen",
]


@pytest.mark.parametrize("name", LONG)
def test_a_long_name_is_cut_at_a_cluster_boundary(name: str) -> None:
    font_face = face(24, Weight.BOLD)
    whole = shaping.clusters(readable(name, Weight.BOLD))
    for room in (40, 70, 110, 160):
        cut = ellipsize(name, font_face, room)
        assert cut.endswith("…"), (name, room)
        assert text_width(cut, font_face) <= room, (name, room)
        kept = shaping.clusters(cut[:-1])
        assert kept == whole[: len(kept)] or "".join(kept) == "".join(whole[: len(kept) + 1]).rstrip(), (
            name,
            room,
            cut,
        )
        assert "".join(whole).startswith(cut[:-1]), (name, room, cut)


# ---------------------------------------------------------------- no font package, no raqm


def _forget_fonts() -> None:
    """Empty every cache that holds what the fonts could draw."""
    for cached in (
        fonts_module._package_file,
        fonts_module._load,
        fonts_module.fallback_has,
        shaping.layout,
        shaping.label,
        canvas._label,
        canvas.text_width,
    ):
        cached.cache_clear()


def test_without_the_font_packages_names_become_placeholders_not_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _forget_fonts()
    monkeypatch.setattr(fonts_module, "_package_file", lambda _package, _file: None)
    try:
        assert readable("Chen 陈", Weight.BOLD) == f"Chen {PLACEHOLDER}"
        board = Canvas(300, 60, (255, 255, 255))
        assert board.text(10, 30, "محمد 🐉", face(20, Weight.BOLD), (0, 0, 0), anchor="lm") > 0
    finally:
        monkeypatch.undo()
        _forget_fonts()


def test_without_libraqm_right_to_left_runs_are_reversed() -> None:
    basic = face(20, Weight.REGULAR).font
    run = shaping.Run("\u05d0\u05d1", None, rtl=True)
    assert shaping._shaped(basic, run) == ("\u05d1\u05d0", {})


# ---------------------------------------------------------------- every image


#: Two tables of names: between them every script and kind of emoji, four to a table (the
#: most every game seats).
TABLES = [
    [NAMES["chinese"] + " Chen", NAMES["arabic"], NAMES["emoji"] + " 👍🏽", NAMES["zwj"] + " 🇩🇪"],
    [
        NAMES["hebrew"] + " " + NAMES["thai"],
        NAMES["korean"] + " " + NAMES["japanese"],
        NAMES["devanagari"],
        NAMES["greek"] + " " + NAMES["cyrillic"],
    ],
]
SEATS = TABLES[0]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _boards(names: list[str], out: Path | None = None) -> dict[str, list[bytes]]:
    """The board and the first seat's hand of every game at its start, middle and end."""
    drawn: dict[str, list[bytes]] = {}
    for engine in games.all():
        players = engine.max_players
        states = samples.random_game(engine, players, 7, any_seat=True)
        seated = [names[i % len(names)] for i in range(players)]
        pictures = []
        for number, state in enumerate((states[0], states[len(states) // 2], states[-1])):
            for seat in (None, 0):
                view = {**engine.view(state, seat), "names": seated}
                png = renderers.render(engine.id, view, "en")
                pictures.append(png)
                if out is not None:
                    (out / f"{engine.id}-{number}-{'hand' if seat == 0 else 'board'}.png").write_bytes(png)
        drawn[engine.id] = pictures
    return drawn


@pytest.mark.parametrize("table", [0, 1])
def test_every_board_and_hand_draws_names_in_every_script(
    table: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts: list[str] = []
    draw_text, pen_text = canvas.Canvas.text, canvas.Pen.text

    def canvas_text(self: canvas.Canvas, x: int, y: int, text: str, *args: Any, **kwargs: Any) -> int:
        texts.append(text)
        return draw_text(self, x, y, text, *args, **kwargs)

    def pen_text_spy(self: canvas.Pen, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        texts.append(text)
        pen_text(self, x, y, text, *args, **kwargs)

    monkeypatch.setattr(canvas.Canvas, "text", canvas_text)
    monkeypatch.setattr(canvas.Pen, "text", pen_text_spy)
    drawn = _boards(TABLES[table], tmp_path)
    # No text on any board lost a character to the placeholder...
    for text in texts:
        assert readable(text).count(PLACEHOLDER) == text.count(PLACEHOLDER), text
    # ...and every seat's name is drawn, whole or shortened at a cluster with "…".
    for name in TABLES[table]:
        first = shaping.clusters(name)[0]
        assert any(first in text for text in texts), name
    assert set(drawn) == set(renderers.game_ids()) & {engine.id for engine in games.all()}
    for pictures in drawn.values():
        for png in pictures:
            assert png.startswith(PNG_SIGNATURE)
    names = common.seat_names({"names": TABLES[table]}, len(TABLES[table]), "en")
    assert names == [unicodedata.normalize("NFC", name) for name in TABLES[table]]


def test_a_replay_carries_such_names() -> None:
    engine = next(engine for engine in games.all() if engine.id == "chinesische-mauer")
    states = samples.random_game(engine, 3, 5)[:6]
    views = samples.turn_views(engine, states, SEATS[:3])
    captions = [f"{SEATS[number % 3]} · {number}" for number in range(len(views))]
    gif = replay.animate(engine.id, views, "en", captions=captions)
    with Image.open(io.BytesIO(gif)) as animation:
        assert animation.n_frames == len(views)
