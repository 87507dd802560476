"""Mauerbauer: a guild card as the hand shows it.

A card says what it scores without the rulebook: a band with its group
("New city", "Outside the cities", "Whole board" — in words, its colour only
repeats it), an icon built from the board's own pieces (a tower of the
colour, the region's coat of arms, the city's size...), the card's name and
a short scoring line, both from the game's texts. Cards are drawn once per
kind and language; `note_card` reports the name and the scoring line of a
card each time it is shown (`renderers.legibility`: what a player reads to
choose a card, at least 8 px on a phone).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image

from games.mauerbauer.data import CARDS
from renderers import legibility
from renderers.canvas import RGB
from renderers.canvas import Canvas
from renderers.canvas import ellipsize
from renderers.canvas import fit
from renderers.canvas import text_width
from renderers.common import CREAM
from renderers.common import GOLD_DARK
from renderers.common import INK
from renderers.common import MUTED
from renderers.common import STONE
from renderers.common import STONE_DARK
from renderers.common import WHITE
from renderers.common import blend
from renderers.common import label
from renderers.fonts import Face
from renderers.fonts import Weight
from renderers.fonts import face
from renderers.legibility import FIGURE
from renderers.mauerbauer.board import MIN_TEXT
from renderers.mauerbauer.pieces import arms
from renderers.mauerbauer.pieces import lettered
from renderers.mauerbauer.pieces import wall_icon
from renderers.mauerbauer.pieces import water_icon

__all__ = ["CARD_GAP", "CARD_H", "CARD_W", "card_image", "note_card", "wrap"]

#: Three cards side by side on the 900-px image.
CARD_W = 256
CARD_H = 300
CARD_GAP = 16
BAND_H = 42
ICON_H = 70
RADIUS = 12

GROUP_RGB: dict[str, RGB] = {"city": (150, 27, 27), "outside": (34, 104, 112), "neutral": GOLD_DARK}
_CITY_LAND: RGB = (246, 238, 222)


@lru_cache(maxsize=1)
def _kinds() -> Mapping[str, Mapping[str, Any]]:
    return {str(kind["id"]): kind for kind in CARDS["kinds"]}


def _mark(colour: str, locale: str | None) -> str:
    return label(f"mauerbauer.board.mark.{colour}", locale)


def _house(colour: str, locale: str | None, size: int = 46) -> Image.Image:
    return lettered("house", colour, size, _mark(colour, locale), MIN_TEXT)


def _palace(colour: str, locale: str | None, size: int = 60) -> Image.Image:
    return lettered("palace", colour, size, _mark(colour, locale), MIN_TEXT)


def _tower(colour: str, locale: str | None, size: int = 42) -> Image.Image:
    return lettered("tower", colour, size, _mark(colour, locale), MIN_TEXT)


def _triangle(number: str) -> Image.Image:
    """A walled field with a number in it: a city's size."""
    w, h = 74, 64
    out = Canvas(w, h, None)
    out.draw.polygon([(w / 2, 2), (w - 3, h - 3), (3, h - 3)], fill=_CITY_LAND, outline=GOLD_DARK, width=5)
    out.text(w // 2, h * 2 // 3, number, face(MIN_TEXT, Weight.BOLD), INK, anchor="mm")
    return out.image


def _icons(kind: Mapping[str, Any], locale: str | None) -> list[Image.Image]:
    rule = str(kind.get("rule"))
    colour = str(kind.get("colour", ""))
    if rule == "size":
        low, high = int(kind["min"]), int(kind["max"])
        return [_triangle(str(low) if low == high else f"{low}+")]
    if rule == "colours":
        return [_house(c, locale, 34) for c in ("yellow", "green", "blue", "pink", "red")]
    if rule == "tower_colour":
        return [_tower(colour, locale)]
    if rule == "palaces":
        return [_palace(c, locale, 54) for c in ("yellow", "blue")]
    if rule == "house_colour":
        if kind.get("group") == "city":
            return [_house(colour, locale), _palace(colour, locale)]
        return [_house(colour, locale)]
    if rule == "towers":
        return [_tower(c, locale, 36) for c in ("white", "grey", "black")]
    if rule == "region":
        return [arms(str(kind.get("region")), 50)]
    if rule == "water":
        return [_tower("grey", locale), water_icon(50, (46, 104, 196))]
    if rule == "walls":
        return [wall_icon(64)]
    if rule == "cities":
        return [_triangle(""), _triangle("")]
    return []


def wrap(text: str, font_face: Face, width: int, most: int, first: int | None = None) -> list[str]:
    """`text` wrapped to at most `most` lines of `width` pixels (the first one `first` pixels
    when given; the last one cut if need be)."""
    words = text.split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        room = width if lines or first is None else first
        if text_width(trial, font_face) <= room or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [
        ellipsize(line, font_face, width if index or first is None else first)
        for index, line in enumerate(lines)
    ]


#: The card's name (condensed) and its scoring line (regular), both MIN_TEXT.
_NAME_FACE = face(MIN_TEXT, Weight.CONDENSED)
_RULE_FACE = face(MIN_TEXT)


@lru_cache(maxsize=256)
def _texts(kind_id: str, locale: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The lines of the card's name and of its scoring line, as the card shows them."""
    name = label(f"mauerbauer.card.{kind_id}", locale)
    rule = label(f"mauerbauer.board.rule.{kind_id}", locale)
    room = CARD_W - 20
    return tuple(wrap(name, _NAME_FACE, room, 2)), tuple(wrap(rule, _RULE_FACE, room, 2))


def note_card(kind_id: str, locale: str | None) -> None:
    """Report the card's name and scoring line as drawn (the card itself is cached)."""
    names, rules = _texts(kind_id, locale)
    for line in names:
        legibility.note(FIGURE, line, _NAME_FACE)
    for line in rules:
        legibility.note(FIGURE, line, _RULE_FACE)


@lru_cache(maxsize=256)
def card_image(kind_id: str, locale: str | None) -> Image.Image:
    """The card of that kind (RGBA, CARD_W + 3 by CARD_H + 4 with its shadow)."""
    kind = _kinds().get(kind_id, {"id": kind_id, "group": "neutral", "rule": ""})
    group = str(kind.get("group", "neutral"))
    band = GROUP_RGB.get(group, GOLD_DARK)
    card = Canvas(CARD_W + 3, CARD_H + 4, None)
    card.box(3, 4, CARD_W + 3, CARD_H + 4, blend(STONE_DARK, STONE, 0.3), radius=RADIUS)
    card.box(0, 0, CARD_W, CARD_H, band, radius=RADIUS)
    card.box(5, BAND_H, CARD_W - 5, CARD_H - 5, CREAM, radius=RADIUS - 4)
    group_text = label(f"mauerbauer.board.group.{group}", locale)
    # A long group name is set smaller rather than cut (the band's colour repeats it).
    group_face = fit(group_text, MIN_TEXT, MIN_TEXT - 8, Weight.CONDENSED, CARD_W - 20) or face(
        MIN_TEXT - 8, Weight.CONDENSED
    )
    card.text(
        CARD_W // 2,
        BAND_H // 2 + 1,
        ellipsize(group_text, group_face, CARD_W - 20),
        group_face,
        WHITE,
        anchor="mm",
    )
    icons = _icons(kind, locale)
    total = sum(icon.width for icon in icons) + 6 * max(0, len(icons) - 1)
    x = (CARD_W - total) // 2
    icon_cy = BAND_H + 8 + ICON_H // 2
    for icon in icons:
        card.paste(icon, x, icon_cy - icon.height // 2)
        x += icon.width + 6
    names, lines = _texts(kind_id, locale)
    y = BAND_H + ICON_H + 20
    for line in names:
        card.text(CARD_W // 2, y + 15, line, _NAME_FACE, INK, anchor="mm")
        y += 32
    rule_y = CARD_H - 5 - 2 * 32 - 8
    card.rect(20, rule_y - 4, CARD_W - 20, rule_y - 2, blend(STONE_DARK, CREAM, 0.5))
    if len(lines) == 1:
        rule_y += 16
    for line in lines:
        card.text(CARD_W // 2, rule_y + 16, line, _RULE_FACE, MUTED, anchor="mm")
        rule_y += 32
    return card.image
