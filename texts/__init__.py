"""The one catalogue of player-facing text.

Every sentence a player reads — replies, thread posts, refusals, move
descriptions, rules, labels drawn on images — is a key here with named
parameters. The bot's own words are in `texts/locales/<language>/*.json`; a
game's words live with the game, as its engine's `texts` (English) and
`locales` (other languages), so an engine's English default and the
catalogue never disagree and a game is added without touching this folder.
A missing key falls back to English.

Front-end variants: a front-end whose readers cannot use a sentence as the
Discord bot writes it ("press a button or use `/move`") renders inside
`variant(name)`; then a key `K` is looked up as `name.K` first (in the
reader's language, falling back to English like any key) and as `K` only
when the catalogue has no such variant. The service stays front-end-neutral:
it asks for `K` as always. The local mode renders inside `variant("terminal")`,
with its variants in `texts/locales/<language>/local.json`.

Templates use `{name}` fields. A count gives its word forms by number, and
every template that shows a count does so, in every language, constants and
maxima too: which form a number takes is its plural category in the
template's language by CLDR's rules (Babel's `Locale.plural_form`), not ours.
Languages with the two categories "one" and "other", as English, German and
Dutch count, give the two forms in that order: `{points:# point|# points}`
("#" is the number; `games.core.fill`). A language with more names each form
by its category, "other" always among them (the form for any category not
named): `{points:one=# punkt|few=# punkty|many=# punktów|other=# punktu}`.
So a language is added by its folder of catalogues alone. Lists of terms in a
sentence are joined with the language's own words (`join_list`, CLDR's list
patterns): an engine asks for one with `games.core.listing`.

A parameter may be a `games.core.Player`
(rendered as that seat's display name), a nested `games.core.Message`
(rendered in the same language), or a plain value. Parameters are put in as
they are: words people typed go into a message through `escape_words`
(`texts.words`), names drawn into an image as typed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from decimal import InvalidOperation
from functools import cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list

import games
from games.core import CORE_TEXTS
from games.core import Message
from games.core import Param
from games.core import Player
from games.core import PluralRule
from games.core import fill
from texts.words import escape_message
from texts.words import escape_words

__all__ = [
    "DEFAULT_LOCALE",
    "all_keys",
    "catalogue",
    "escape_message",
    "escape_words",
    "join_list",
    "locales",
    "plural_rule",
    "render",
    "t",
    "variant",
]

log = logging.getLogger(__name__)

DEFAULT_LOCALE = "en"
_LOCALES = Path(__file__).resolve().parent / "locales"
#: The front-end variant texts are rendered for (see `variant`); None: the plain keys.
_VARIANT: ContextVar[str | None] = ContextVar("texts_variant", default=None)


@contextmanager
def variant(name: str | None) -> Iterator[None]:
    """Render with a front-end's variants inside the block: key `K` as `name.K` where the
    catalogue has that key. A context variable, so it holds for the tasks and threads
    started inside the block too, and for nothing outside it."""
    token = _VARIANT.set(name)
    try:
        yield
    finally:
        _VARIANT.reset(token)


def locales() -> tuple[str, ...]:
    """Languages the catalogue has (folder names), English first."""
    found = sorted(p.name for p in _LOCALES.iterdir() if p.is_dir())
    return (DEFAULT_LOCALE, *(name for name in found if name != DEFAULT_LOCALE))


def catalogue(locale: str) -> Mapping[str, str]:
    """All templates of one language; KeyError for duplicate keys across sources.

    Made again when a game is registered (the registry's generation is part
    of the cache key), so no registration can leave it out of date.
    """
    return _catalogue(locale, games.generation())


@cache
def _bot_texts(locale: str) -> Mapping[str, str]:
    entries: dict[str, str] = {}
    folder = _LOCALES / locale
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            _merge(entries, json.loads(path.read_text(encoding="utf-8")), str(path))
    return entries


@cache
def _catalogue(locale: str, generation: int) -> Mapping[str, str]:
    entries: dict[str, str] = {}
    _merge(entries, _bot_texts(locale), f"texts/locales/{locale}")
    if locale == DEFAULT_LOCALE:
        _merge(entries, CORE_TEXTS, "games.core")
    for engine in games.all():
        words = engine.texts if locale == DEFAULT_LOCALE else engine.locales.get(locale, {})
        _merge(entries, words, f"game {engine.id}")
    return entries


def _merge(into: dict[str, str], new: Mapping[str, str], source: str) -> None:
    for key, value in new.items():
        if key in into and into[key] != value:
            raise KeyError(f"text key {key!r} defined twice (again in {source})")
        into[key] = value


def all_keys() -> frozenset[str]:
    """Every key the English catalogue defines."""
    return frozenset(catalogue(DEFAULT_LOCALE))


def _language(locale: str | None) -> str:
    """Discord locales look like 'en-US', 'de', 'nl': keep the language."""
    if not locale:
        return DEFAULT_LOCALE
    return str(locale).split("-")[0].split("_")[0].lower()


def _template(key: str, locale: str | None) -> tuple[str, str]:
    """The template of `key` for that locale and the language it is written in."""
    front_end = _VARIANT.get()
    if front_end is not None and f"{front_end}.{key}" in catalogue(DEFAULT_LOCALE):
        key = f"{front_end}.{key}"
    language = _language(locale)
    if language != DEFAULT_LOCALE and (found := catalogue(language).get(key)) is not None:
        return found, language
    found = catalogue(DEFAULT_LOCALE).get(key)
    if found is None:
        log.error("missing text key %s", key)
        return key, DEFAULT_LOCALE
    return found, DEFAULT_LOCALE


def _written_in(locale: str | None) -> str:
    """The language a reader in `locale` is written to: theirs where the catalogue has it."""
    language = _language(locale)
    return language if catalogue(language) else DEFAULT_LOCALE


@cache
def plural_rule(language: str) -> PluralRule:
    """The plural category of a number (as text) in `language`, by CLDR's rules (Babel);
    "other" for what is not a number."""
    rule = Locale.parse(language).plural_form

    def category(number: str) -> str:
        try:
            value = Decimal(number.strip())
        except InvalidOperation:
            return "other"
        return str(rule(value)) if value.is_finite() else "other"

    return category


def join_list(items: Sequence[str], locale: str | None = None) -> str:
    """Terms of a sentence as one list in the reader's language: "a, b, and c", "a, b und c",
    "a, b en c" (CLDR's list patterns, by Babel); "" for none."""
    return format_list(list(items), locale=_written_in(locale)) if items else ""


def t(key: str, locale: str | None = None, names: Sequence[str] = (), **params: Param) -> str:
    """The text of `key` in that locale with its parameters filled in."""
    return render(Message(key, params), locale, names)


#: The parameters of `games.core.listing`'s messages, by key: one list, rendered by `join_list`.
_LIST_PARAMS = {"core.list": {"first", "rest"}, "core.list.last": {"first", "last"}}


def _is_list(value: Param) -> bool:
    return isinstance(value, Message) and _LIST_PARAMS.get(value.key) == set(value.params)


def _listed(message: Message) -> list[Param]:
    """The terms of a `games.core.listing` list ("a, b and c" as nested messages)."""
    terms: list[Param] = []
    rest: Param = message
    while isinstance(rest, Message) and _is_list(rest):
        terms.append(rest.params["first"])
        rest = rest.params["rest" if rest.key == "core.list" else "last"]
    return [*terms, rest]


def render(message: Message, locale: str | None = None, names: Sequence[str] = ()) -> str:
    """A `Message` as text; `names[seat]` names the players it refers to."""

    def show(value: Param) -> str:
        if isinstance(value, Player):
            if 0 <= value.seat < len(names):
                return names[value.seat]
            return t("common.seat", locale, number=value.seat + 1)
        if isinstance(value, Message):
            return render(value, locale, names)
        return str(value)

    if _is_list(message):
        return join_list([show(term) for term in _listed(message)], locale)
    template, language = _template(message.key, locale)
    values = {name: show(value) for name, value in message.params.items()}
    try:
        return fill(template, values, plural_rule(language))
    except (KeyError, IndexError, ValueError):
        log.error("text %s does not fit its parameters %s", message.key, sorted(values))
        return template
