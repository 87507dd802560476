"""Every text in English, German and Dutch, with the same placeholders, markup and notation."""

from __future__ import annotations

import re
import string

import pytest
from mb_builders import ENGINE

from games.mauerbauer.data import HOUSE_COLOURS
from games.mauerbauer.data import KINDS
from games.mauerbauer.data import REGIONS
from games.mauerbauer.data import TOWER_COLOURS
from games.mauerbauer.notation import KEYWORDS

CODE_SPAN = re.compile(r"`([^`]+)`")
MARKUP = ("**", "__", "`", "\n")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_key_is_translated_faithfully(language: str) -> None:
    theirs = ENGINE.locales[language]
    assert set(theirs) == set(ENGINE.texts)
    for key, english in ENGINE.texts.items():
        template = theirs[key]
        assert template.strip(), key
        assert fields(template) == fields(english), key
        for mark in MARKUP:
            assert template.count(mark) == english.count(mark), (key, mark)
        # Moves are quoted in the language's words.
        for span in CODE_SPAN.findall(english):
            assert f"`{KEYWORDS.write(span, language)}`" in template, (key, span)


def test_every_key_belongs_to_the_game() -> None:
    # A tip of one of its decisions is `tip.` before the decision's key (bot.service.hints).
    assert all(key.startswith(("mauerbauer.", "tip.mauerbauer.")) for key in ENGINE.texts)
    assert "mauerbauer.rules" in ENGINE.texts


def test_names_and_explanations_of_every_card_colour_and_region() -> None:
    for kind in KINDS:
        assert f"mauerbauer.card.{kind}" in ENGINE.texts
        assert f"mauerbauer.card_rule.{kind}" in ENGINE.texts
    for colour in (*TOWER_COLOURS, *HOUSE_COLOURS, "any"):
        assert f"mauerbauer.colour.{colour}" in ENGINE.texts
    for region in REGIONS:
        assert f"mauerbauer.region.{region}" in ENGINE.texts


def test_german_speaks_the_rulebooks_terms() -> None:
    german = " ".join(ENGINE.locales["de"].values())
    for term in ("Mauer", "Turm", "Haus", "Palast", "Stadt", "Gilde", "Zählleiste", "Vorrat", "Wertung"):
        assert term in german, term


def test_every_part_of_a_final_score_has_words() -> None:
    """The bot words `Outcome.details` with the game's own `<id>.outcome.<part>` texts."""
    from test_mb_saves_and_views import game_states

    result = ENGINE.outcome(game_states(2, 4)[-1])
    assert result is not None
    for part in result.details[0]:
        for texts in (ENGINE.texts, *ENGINE.locales.values()):
            template = texts[f"mauerbauer.outcome.{part}"]
            assert "value" in {field for _, field, _, _ in string.Formatter().parse(template)}, part
