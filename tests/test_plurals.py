"""Counts are worded as counted in every language, by CLDR's plural rules (Babel).

How a count without word forms is caught: a template does not say which of its
fields is a count, so every template of every language (the bot's catalogues,
the engines' English `texts` and their `locales`, the variants) is filled with
each of its parameters set to one number — all but those named in `TERMS`, a
reviewed list of parameters that hold a name or a term, never a count; a new
parameter is checked as a count until it is listed there — and the words right
after each bare number are read. Filled with 1, no plural noun (`PLURALS`, and
the "other" form of every word form the catalogue gives) may follow a bare 1,
right after it or after one word that is no preposition: that catches a count
written without word forms ("{count} points" → "1 points"), with a word between
("1 possible moves", "draws 1 new cards", "1 mögliche Züge"), after a
preposition ("sluit na 1 dagen"), and a maximum or a constant ("1 to 1 cards").
Filled with 0, 2 and 21, no singular noun (`SINGULARS` and the "one" forms) may
follow a bare number ("2 Punkt"). The word lists are reviewed by hand.

A language with more plural categories than "one" and "other" needs no code:
tests/data/locales/pl is a Polish catalogue of a few keys in the named-category
form, read by the same code as every catalogue folder.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from typing import cast

import pytest
from babel import Locale

import games
import texts
from bot.service.narrator import Narrator
from games.core import Outcome
from games.core import english_plural
from games.core import fill
from games.core import word_forms

LANGUAGES = ("en", "de", "nl")
#: The numbers every template is filled with: none, one, a few, and one that ends in 1.
NUMBERS = ("0", "1", "2", "21")

#: Nouns (and the words that agree with them) that a count of 1 never takes, by language.
PLURALS = {
    "en": """points cards moves hours days rounds players members lobbies leagues turns tiles
        blocks games seats tables roads settlements cities ships houses emissaries fortresses
        fields spaces places walls towers palaces knights resources coins steps sites positions
        times characters actions pieces wins losses draws offers names ones""",
    "de": """Punkte Karten Züge Stunden Tage Tagen Runden Mitglieder Lobbys Ligen
        Steine Spiele Plätze Tische Straßen Siedlungen Städte Schiffe Häuser Gesandte Festungen
        Felder Mauern Türme Paläste Rohstoffe Goldmünzen Münzen Schritte Positionen
        Aktionen Teile Siege Niederlagen Angebote Namen""",
    "nl": """punten kaarten zetten uren dagen rondes ronden spelers leden lobby's competities
        beurten tegels stenen spellen plaatsen tafels straten dorpen steden schepen huizen
        landhuizen afgezanten versterkingen velden muren torens paleizen ridders grondstoffen
        goudstukken munten stappen posities tekens acties stukken overwinningen nederlagen
        aanbiedingen namen""",
}
#: Nouns a count other than 1 never takes (in these languages), by language.
SINGULARS = {
    "en": """point card move hour day round player member lobby league turn tile block game
        seat table road settlement city ship house emissary fortress field wall tower palace
        knight coin step site position character action piece offer""",
    "de": """Punkt Karte Zug Stunde Tag Runde Mitglied Liga Stein Spiel Platz Tisch Straße
        Siedlung Stadt Schiff Haus Festung Feld Mauer Turm Palast Münze Goldmünze Schritt
        Aktion Angebot""",
    "nl": """punt kaart zet dag ronde speler lid competitie beurt tegel steen plaats tafel
        straat dorp stad schip huis landhuis afgezant versterking veld muur toren paleis
        ridder munt goudstuk stap positie actie aanbieding""",
}


def words(text: str) -> frozenset[str]:
    """A word list written as one string, lower-cased."""
    return frozenset(word.lower() for word in text.split())


#: Parameters that hold a name or a term (a player, a colour, a card, a place, a phrase), never a
#: count: they are filled with a word.
TERMS = words(
    """ai auto after before by card channel channels choice choices city colour colours default
    details edge end example field format formats game get give hex host how language last leader
    link move name names node note now option options organiser other owner payment place places
    player players prompt province provinces rating reason ref resource resources rest role side
    start status summary terrain text then thing thread token tower until when winner zone"""
)
#: Words between a number and a noun that do not belong to the number ("1 from settlements").
LINKS = words(
    """a an and at for from in of on or per the to with
    an auf aus bis das dem den der des die durch für je mit oder pro und von zu
    aan de een en het met naar of op per tot uit van voor"""
)
#: A number standing alone: not part of "#1", "1.5", "1,000", "2–4", "1's" or a word.
BARE = r"(?<![\w#.,:/–−'’-]){}(?![\w.,:/–−'’-])"
CODE = re.compile(r"`[^`]*`")
PUNCTUATION = '.,;:!?()“”„"*…'
WORDS = re.compile(r"[^\W\d][\w'’-]*")
DATA = Path(__file__).resolve().parent / "data" / "locales"


def form_fields(template: str) -> Iterator[str]:
    """The word-form specs of a template's fields (`{n:# point|# points}` → "# point|# points")."""
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None and spec and "|" in spec:
            yield spec


def catalogue_forms(language: str) -> tuple[set[str], set[str]]:
    """The nouns a language's word forms tell apart: the first word after the number that
    differs between the "one" and the "other" form ("# point|# points": point, points), less
    the words some form uses for both (German "Spieler", "1 Spieler" and "2 Spieler")."""
    singular: set[str] = set()
    plural: set[str] = set()
    either: set[str] = set()
    for template in texts.catalogue(language).values():
        for spec in form_fields(template):
            forms = word_forms(spec)
            one = WORDS.findall(forms.get("one", "").partition("#")[2].lower())
            other = WORDS.findall(forms["other"].partition("#")[2].lower())
            differ = [(a, b) for a, b in zip(one, other, strict=False) if a != b][:1]
            singular.update(a for a, _ in differ)
            plural.update(b for _, b in differ)
            either.update(a for a, b in zip(one, other, strict=False) if a == b)
    return singular - either, plural - either


def filled(template: str, number: str, language: str) -> str:
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    values = {name: "x" if name in TERMS else number for name in names}
    return fill(template, values, texts.plural_rule(language))


def following(text: str, number: str) -> Iterator[list[str]]:
    """The (at most two) words that follow each bare `number` in `text` within its phrase: space
    by space, up to a punctuation mark; move notation (`code`) is not words."""
    text = CODE.sub("`…`", text)
    for match in re.finditer(BARE.format(re.escape(number)) + r"(?=((?: +[^ \n]+){1,2}))", text):
        after: list[str] = []
        for token in match.group(1).split():
            if not WORDS.match(token):
                break
            after.append(token.rstrip(PUNCTUATION).lower())
            if token != token.rstrip(PUNCTUATION):
                break
        if after:
            yield after


def miscounted(after: list[str], singular: set[str], plural: set[str], one: bool) -> bool:
    """Whether a noun of the wrong number follows: for a count of one a plural right after it or
    after one word that agrees with it ("1 possible moves"); for any other count a singular
    right after it that is no noun's modifier ("2 house spaces" is right)."""
    if one:
        return after[0] in plural or (len(after) == 2 and after[0] not in LINKS and after[1] in plural)
    return after[0] in singular and not (len(after) == 2 and after[1] in plural)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_count_takes_the_form_of_its_number(language: str) -> None:
    singular, plural = catalogue_forms(language)
    plural |= words(PLURALS[language])
    singular |= words(SINGULARS[language])
    assert {"point", "points"} <= singular | plural or language != "en"
    wrong = []
    for key, template in sorted(texts.catalogue(language).items()):
        for number in NUMBERS:
            text = filled(template, number, language)
            one = texts.plural_rule(language)(number) == "one"
            if any(miscounted(after, singular, plural, one) for after in following(text, number)):
                wrong.append(f"{key} with {number}: {text!r}")
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_word_forms_name_the_languages_own_categories(language: str) -> None:
    """Two forms in the order one|other where the language counts so; else every form named
    by one of the language's categories."""
    categories = {*Locale.parse(language).plural_form.tags, "other"}
    wrong = []
    for key, template in texts.catalogue(language).items():
        for spec in form_fields(template):
            forms = word_forms(spec)
            if not set(forms) <= categories or ("=" not in spec and categories != {"one", "other"}):
                wrong.append(f"{key}: {spec}")
    assert wrong == []


def counted_fields(template: str) -> set[str]:
    return {name for _, name, spec, _ in string.Formatter().parse(template) if name and spec and "|" in spec}


@pytest.mark.parametrize("language", ["de", "nl"])
def test_what_english_counts_every_language_counts(language: str) -> None:
    """A field that gives word forms in English gives them in each translation too (which may
    count more fields than English, where its own grammar needs it)."""
    english = texts.catalogue("en")
    wrong = [
        f"{key}: {sorted(counted_fields(english[key]) - counted_fields(template))}"
        for key, template in texts.catalogue(language).items()
        if key in english and not counted_fields(english[key]) <= counted_fields(template)
    ]
    assert wrong == []


def test_the_english_defaults_count_as_cldr_does() -> None:
    """Engines (which import no library) word their English defaults by `english_plural`."""
    numbers = [str(n) for n in range(-30, 130)] + ["1.0", "1.5", "0.5", "x", ""]
    rule = Locale.parse("en").plural_form
    for number in numbers:
        try:
            expected = rule(Decimal(number))
        except ArithmeticError:
            expected = "other"
        assert english_plural(number) == texts.plural_rule("en")(number) == expected, number


def test_word_forms_by_category() -> None:
    assert [fill("{n:# point|# points}", {"n": n}) for n in ("0", "1", "2", "-1", "1.0")] == [
        "0 points",
        "1 point",
        "2 points",
        "-1 point",
        "1.0 points",
    ]
    named = "{n:one=# karta|few=# karty|many=# kart|other=# karty}"
    polish = texts.plural_rule("pl")
    assert [fill(named, {"n": n}, polish) for n in ("1", "3", "5", "22", "1.5")] == [
        "1 karta",
        "3 karty",
        "5 kart",
        "22 karty",
        "1.5 karty",
    ]
    # A category the template does not name takes "other".
    assert fill("{n:one=# point|other=# points}", {"n": "4"}, polish) == "4 points"
    for wrong in ("{n:# a|# b|# c}", "{n:one=# a|# b}", "{n:one=# a|few=# b}"):
        with pytest.raises(ValueError):
            fill(wrong, {"n": "1"})


def test_lists_use_the_languages_own_words() -> None:
    assert [texts.join_list(["a", "b", "c"], locale) for locale in ("en-GB", "de", "nl", "fr")] == [
        "a, b, and c",
        "a, b und c",
        "a, b en c",
        "a, b, and c",  # no catalogue in French: the sentence around it is English
    ]
    assert texts.join_list(["a", "b"], "de") == "a und b"
    assert texts.join_list(["a"], "nl") == "a"
    assert texts.join_list([], "en") == ""


# ------------------------------------------------------------- a language with more forms


@pytest.fixture
def with_polish(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The catalogue folder with the real languages and the test's Polish one beside them."""
    folder = tmp_path / "locales"
    folder.mkdir()
    real = Path(texts.__file__).resolve().parent / "locales"
    for language in real.iterdir():
        (folder / language.name).symlink_to(language, target_is_directory=True)
    (folder / "pl").symlink_to(DATA / "pl", target_is_directory=True)
    monkeypatch.setattr(texts, "_LOCALES", folder)
    caches = (texts._bot_texts, texts._catalogue)
    for cached in caches:
        cached.cache_clear()
    yield
    monkeypatch.undo()
    for cached in caches:
        cached.cache_clear()


#: What the Polish test catalogue says for 1, 2, 5, 22 and 25.
POLISH = {
    "info.score": ["1 punkt", "2 punkty", "5 punktów", "22 punkty", "25 punktów"],
    "catan-cheops.error.discard_count": ["1 kartę", "2 karty", "5 kart", "22 karty", "25 kart"],
    "hand.your_turn": [
        "1 możliwy ruch",
        "2 możliwe ruchy",
        "5 możliwych ruchów",
        "22 możliwe ruchy",
        "25 możliwych ruchów",
    ],
}


@pytest.mark.usefixtures("with_polish")
def test_a_language_with_three_forms_needs_only_its_catalogue() -> None:
    assert "pl" in texts.locales()
    polish = texts.catalogue("pl")
    assert set(POLISH) <= set(polish)
    for key, expected in POLISH.items():
        assert all("=" in spec for spec in form_fields(polish[key])), key
        fields = {name for _, name, _, _ in string.Formatter().parse(polish[key]) if name}
        for number, words in zip(("1", "2", "5", "22", "25"), expected, strict=True):
            said = texts.t(key, "pl-PL", **dict.fromkeys(fields, int(number)))
            assert words in said, (key, said)
    assert texts.join_list(["a", "b", "c"], "pl") == "a, b i c"
    # What the Polish catalogue lacks is English.
    assert texts.t("status.running", "pl") == "running"


def test_the_bot_names_several_players_with_the_languages_list_words() -> None:
    """The end of a game names its winners as a list of the post's language."""
    narrator = Narrator(cast(Any, None), cast(Any, None), cast(Any, None))
    game = SimpleNamespace(engine=games.get("chinesische-mauer"), names=["Anna", "Bert", "Cleo"])
    outcome = Outcome(scores=(3, 3, 3), ranks=(1, 1, 1), ranking=(0, 1, 2), winners=frozenset({0, 1, 2}))
    said = {locale: narrator.outcome_text(cast(Any, game), outcome, locale) for locale in LANGUAGES}
    assert "Anna, Bert, and Cleo" in said["en"]
    assert "Anna, Bert und Cleo" in said["de"]
    assert "Anna, Bert en Cleo" in said["nl"]
