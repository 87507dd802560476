"""Every game's `/rules` says the same in every language, and fits on a phone.

The numbers each text states are proved against the engine in the game's own
`test_rules_<game>.py` through the English text; here the German and Dutch
texts are held to the same numbers, so that a number changed in one language
alone fails.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

import games
from texts import t

GAMES = ("mauerbauer", "chinesische-mauer", "china", "catan-cheops")
LANGUAGES = ("en", "de", "nl")
# Move notation may differ in its words between languages (`wall 23`, `mauer 23`), not in its
# numbers; it is left out so that each language is held to the numbers of its prose.
CODE = re.compile(r"`[^`]*`")
NUMBER = re.compile(r"\d+")
#: The longest section under one heading: about one phone screen of text.
LONGEST_SECTION = 1_400


def numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(CODE.sub("", text)))


def sections(text: str) -> list[str]:
    """The parts of a text that start with a bold heading (or the text's first line)."""
    return re.split(r"\n(?=\*\*)", text)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_language_states_the_numbers_of_the_english_rules(game: str, language: str) -> None:
    english = t(f"{game}.rules", "en")
    translated = t(f"{game}.rules", language)
    assert translated != english
    assert numbers(translated) == numbers(english)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_come_in_short_sections_under_headings(game: str, language: str) -> None:
    text = t(f"{game}.rules", language)
    assert text.startswith(f"**{games.get(game).title}**")
    parts = sections(text)
    assert len(parts) >= 5
    assert max(len(part) for part in parts) <= LONGEST_SECTION
