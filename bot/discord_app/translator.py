"""Slash commands in the players' languages, taken from the text catalogue.

Discord shows each player the command names and descriptions of their own
client language, from localisations sent when the commands are synced.
Names have no English catalogue entry (the code's own names are the English
ones), so their translations live under `discord.name.<english name>`.
Descriptions and choice names are catalogue texts already: the cogs read them
with `texts.t`, so the English text leads back to its key, and the key to the
same text in the target language.

A translation that breaks Discord's rules would make the whole sync fail, so
such a translation is logged and left out (Discord then shows the English).
"""

from __future__ import annotations

import logging
import re
import string
from collections.abc import Mapping

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

import texts

__all__ = [
    "DESCRIPTION_LIMIT",
    "NAME_PATTERN",
    "NAME_PREFIX",
    "CatalogueTranslator",
    "language_of",
]

log = logging.getLogger(__name__)

#: Keys of localised command, group and option names: `discord.name.<english name>`.
NAME_PREFIX = "discord.name."
#: What Discord accepts as a command, group or option name (and it must be lowercase).
NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")
#: Discord's limit for descriptions and choice names.
DESCRIPTION_LIMIT = 100

_SURFACE_PREFIX = "discord."
_NAMES = frozenset({Location.command_name, Location.group_name, Location.parameter_name})
#: When one English text belongs to several keys, the family that fits the place wins.
_PREFERRED_FAMILY: Mapping[Location, str] = {
    Location.command_description: "discord.command.",
    Location.group_description: "discord.command.",
    Location.parameter_description: "discord.option.",
    Location.choice_name: "discord.choice.",
}


def language_of(locale: discord.Locale) -> str:
    """'de' for 'de', 'en' for 'en-US' and 'en-GB'."""
    return locale.value.split("-")[0].lower()


def _has_fields(template: str) -> bool:
    return any(name is not None for _, name, _, _ in string.Formatter().parse(template))


class CatalogueTranslator(app_commands.Translator):
    """Localises names, descriptions and choices for every language the catalogue has."""

    def __init__(self) -> None:
        super().__init__()
        self._languages = frozenset(texts.locales()) - {texts.DEFAULT_LOCALE}
        # The English text as the cogs show it (`texts.t` output) -> its keys, sorted.
        # Texts with parameters are left out: a description never has any.
        keys_by_text: dict[str, list[str]] = {}
        for key, template in texts.catalogue(texts.DEFAULT_LOCALE).items():
            if key.startswith(_SURFACE_PREFIX) and not _has_fields(template):
                keys_by_text.setdefault(texts.t(key), []).append(key)
        self._keys_by_text = {text: tuple(sorted(keys)) for text, keys in keys_by_text.items()}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language not in self._languages:
            return None
        location = context.location
        if location in _NAMES:
            return self._name(string.message, language)
        if location in _PREFERRED_FAMILY:
            return self._text(string.message, language, _PREFERRED_FAMILY[location])
        return None

    def _name(self, english: str, language: str) -> str | None:
        found = texts.catalogue(language).get(NAME_PREFIX + english)
        if found is None:
            return None
        if not NAME_PATTERN.match(found) or found != found.lower():
            log.error("%s name %r for %r breaks Discord's naming rules", language, found, english)
            return None
        return found

    def _text(self, english: str, language: str, family: str) -> str | None:
        keys = self._keys_by_text.get(english)
        if not keys:
            return None
        key = next((k for k in keys if k.startswith(family)), keys[0])
        if key not in texts.catalogue(language):
            return None
        found = texts.t(key, language)
        if not 1 <= len(found) <= DESCRIPTION_LIMIT:
            log.error("%s text %s is %d characters; Discord takes 1 to 100", language, key, len(found))
            return None
        return found
