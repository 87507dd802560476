"""German and Dutch: every text translated faithfully, every slash command localised.

The command check builds the real bot's command tree and runs it through the
payload code of discord.py's own sync, with the catalogue translator, then
inspects what would be sent to Discord.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from collections.abc import AsyncIterator
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from typing import cast

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Location
from discord.ext import commands

import games
import texts
from bot import create_bot
from bot.discord_app.translator import DESCRIPTION_LIMIT
from bot.discord_app.translator import NAME_PATTERN
from bot.discord_app.translator import NAME_PREFIX
from bot.discord_app.translator import CatalogueTranslator
from bot.settings import Settings
from games.core import Message
from games.core import Player
from games.core import fill

LANGUAGES = ("de", "nl")
ENGLISH = texts.catalogue(texts.DEFAULT_LOCALE)
#: English names of commands, groups and options, including those still to come.
PLANNED_NAMES = frozenset(
    {
        "game", "new", "join", "leave", "addbot", "start", "list", "info", "log", "resign",
        "abandon", "settings", "replay", "move", "hand", "board", "rules", "away", "notify",
        "undo", "stats", "leaderboard", "options", "action", "deadline", "on_timeout", "hours",
        "dm", "user", "replace", "kick", "pause", "resume", "player",
    }
)  # fmt: skip
#: Markup a translation keeps exactly: bold, underline, code, line breaks.
MARKUP = ("**", "__", "`", "\n")
CODE_SPAN = re.compile(r"`([^`]+)`")
DIGITS = re.compile(r"[0-9]+")
#: Discord option types that hold further options instead of a value.
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def fields(template: str) -> set[str]:
    """The parameter names of a template (ValueError when it is malformed)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def translated_keys(language: str) -> dict[str, str]:
    """A language's catalogue without its command names (English has those in code)."""
    return {k: v for k, v in texts.catalogue(language).items() if not k.startswith(NAME_PREFIX)}


def names(language: str) -> dict[str, str]:
    """English command/option name -> its localised name."""
    return {
        key.removeprefix(NAME_PREFIX): value
        for key, value in texts.catalogue(language).items()
        if key.startswith(NAME_PREFIX)
    }


def emoji(template: str) -> Counter[str]:
    return Counter(char for char in template if unicodedata.category(char) == "So")


# ------------------------------------------------------------------ catalogue


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_english_key_is_translated(language: str) -> None:
    missing = sorted(set(ENGLISH) - set(translated_keys(language)))
    if missing:
        print(f"missing in {language}:", *missing, sep="\n  ")
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_key_that_english_lacks(language: str) -> None:
    extra = sorted(set(translated_keys(language)) - set(ENGLISH))
    assert extra == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_templates_are_well_formed_and_keep_their_placeholders(language: str) -> None:
    wrong = []
    for key, template in translated_keys(language).items():
        try:
            theirs = fields(template)
            # Filling every field must work: no stray braces, no positional fields.
            # (word forms by number too: `games.core.fill`).
            fill(template, dict.fromkeys(theirs, "x"))
        except (ValueError, IndexError, KeyError) as error:
            wrong.append(f"{key}: {error}")
            continue
        if not template.strip():
            wrong.append(f"{key}: empty")
        elif key in ENGLISH and theirs != fields(ENGLISH[key]):
            wrong.append(f"{key}: {sorted(theirs)} instead of {sorted(fields(ENGLISH[key]))}")
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_markup_emoji_and_move_notation_are_kept(language: str) -> None:
    wrong = []
    for key, template in translated_keys(language).items():
        english = ENGLISH.get(key)
        if english is None:
            continue
        for mark in MARKUP:
            if template.count(mark) != english.count(mark):
                wrong.append(f"{key}: {mark!r} {template.count(mark)} times, English {english.count(mark)}")
        if emoji(template) != emoji(english):
            wrong.append(f"{key}: emoji {dict(emoji(template))}, English {dict(emoji(english))}")
        # Moves are quoted in the sentence's language (a game's keywords, `games.kit.notation.
        # Keywords`), but each example stays: its numbers (`B7`, `23`, `city-7`), in order.
        notation = [span for span in CODE_SPAN.findall(english) if not span.startswith("/")]
        translated = [span for span in CODE_SPAN.findall(template) if not span.startswith("/")]
        if [DIGITS.findall(span) for span in translated] != [DIGITS.findall(span) for span in notation]:
            wrong.append(f"{key}: the examples {translated}, English {notation}")
    assert wrong == []


def test_game_titles_stay_as_they_are() -> None:
    for language in LANGUAGES:
        for engine in games.all():
            assert engine.title in texts.t(f"{engine.id}.rules", language)
        assert texts.t("board.cm.title", language) == "Chinesische Mauer"


# ------------------------------------------------------------ rendering by locale


def test_translated_text_is_rendered_for_the_players_locale() -> None:
    assert texts.t("status.running", "de-DE") == "läuft"
    assert texts.t("status.running", "nl") == "bezig"
    assert texts.t("lobby.joined", "de", id=7) == "Du bist Spiel #7 beigetreten."
    assert texts.t("lobby.joined", "nl", id=7) == "Je doet mee aan spel #7."
    assert texts.t("cm.error.no_card", "nl", card=Message("cm.card.gate", {})) == (
        "Je hebt geen Poort in je hand."
    )
    assert texts.t("turn.header", "de", names=["Anna"], player=Player(0)) == "**Anna**:"


def test_an_unknown_locale_falls_back_to_english() -> None:
    assert texts.t("status.running", "fr") == ENGLISH["status.running"]
    assert texts.t("lobby.joined", "pt-BR", id=7) == ENGLISH["lobby.joined"].format(id=7)
    assert texts.t("status.running", "en-GB") == ENGLISH["status.running"]


# ------------------------------------------------------------------ command names


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_names_follow_discords_rules(language: str) -> None:
    wrong = [
        f"{english} -> {name!r}"
        for english, name in names(language).items()
        if not NAME_PATTERN.match(name) or name != name.lower()
    ]
    assert wrong == []


def test_both_languages_name_the_same_commands_including_those_to_come() -> None:
    german, dutch = names("de"), names("nl")
    assert set(german) == set(dutch)
    assert set(german) >= PLANNED_NAMES


# ------------------------------------------------------------------ the translator


def context(location: Location) -> Any:
    # The translator reads only the location; the typed overloads want the real object as data.
    return cast(Any, TranslationContext)(location=location, data=None)


async def test_the_translator_answers_for_its_languages_only() -> None:
    translator = CatalogueTranslator()
    game = app_commands.locale_str("game")
    assert await translator.translate(game, discord.Locale.german, context(Location.group_name)) == "spiel"
    assert await translator.translate(game, discord.Locale.dutch, context(Location.parameter_name)) == "spel"
    for other in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.french):
        assert await translator.translate(game, other, context(Location.command_name)) is None
    unknown = app_commands.locale_str("no-such-command")
    assert await translator.translate(unknown, discord.Locale.german, context(Location.command_name)) is None


async def test_the_translator_finds_descriptions_and_choices_by_their_english_text() -> None:
    translator = CatalogueTranslator()
    move = app_commands.locale_str(texts.t("discord.command.move"))
    found = await translator.translate(move, discord.Locale.german, context(Location.command_description))
    assert found == texts.t("discord.command.move", "de")
    on = app_commands.locale_str(texts.t("discord.choice.on"))
    assert await translator.translate(on, discord.Locale.dutch, context(Location.choice_name)) == "Aan"
    # Only the bot's surface is looked up, not every sentence of the catalogue.
    status = app_commands.locale_str(texts.t("status.running"))
    assert await translator.translate(status, discord.Locale.german, context(Location.choice_name)) is None


# ------------------------------------------------------------- the real command tree


def tree_paths(commands: list[Any], prefix: str = "") -> Iterator[str]:
    """Qualified names of every command and group in the tree."""
    for command in commands:
        path = f"{prefix}{command.name}"
        yield path
        if isinstance(command, app_commands.Group):
            yield from tree_paths(command.commands, f"{path} ")


def check_entry(path: str, entry: dict[str, Any], problems: list[str]) -> None:
    """Localised name and description of one command, group or option."""
    name_locs = entry.get("name_localizations") or {}
    description_locs = entry.get("description_localizations") or {}
    if set(name_locs) != set(LANGUAGES):
        problems.append(f"{path}: names for {sorted(name_locs)}")
    if set(description_locs) != set(LANGUAGES):
        problems.append(f"{path}: descriptions for {sorted(description_locs)}")
    for language, name in name_locs.items():
        if not NAME_PATTERN.match(name) or name != name.lower():
            problems.append(f"{path}: {language} name {name!r}")
    for language, description in description_locs.items():
        if not 1 <= len(description) <= DESCRIPTION_LIMIT:
            problems.append(f"{path}: {language} description has {len(description)} characters")
        elif description == entry["description"]:
            problems.append(f"{path}: {language} description is the English one")


def check_siblings(path: str, entries: list[dict[str, Any]], problems: list[str]) -> None:
    """Discord refuses two siblings with the same name, in any language."""
    for language in LANGUAGES:
        shown = [(entry.get("name_localizations") or {}).get(language, entry["name"]) for entry in entries]
        doubled = sorted(name for name, count in Counter(shown).items() if count > 1)
        if doubled:
            problems.append(f"{path or '/'}: {language} names {doubled} used twice")


def english_names(entries: list[dict[str, Any]]) -> Iterator[str]:
    """Every command, group and option name in a payload."""
    for entry in entries:
        yield entry["name"]
        yield from english_names(entry.get("options", []))


def walk(entries: list[dict[str, Any]], prefix: str, problems: list[str]) -> Iterator[str]:
    """Check every command, group, option and choice; yield the commands' qualified names."""
    check_siblings(prefix.strip(), entries, problems)
    titles = {engine.title for engine in games.all()}
    for entry in entries:
        path = f"{prefix}{entry['name']}"
        check_entry(path, entry, problems)
        kind = entry.get("type", SUB_COMMAND)
        is_command = not prefix or kind in (SUB_COMMAND, SUB_COMMAND_GROUP)
        if is_command:
            yield path
            yield from walk(entry.get("options", []), f"{path} ", problems)
            continue
        for choice in entry.get("choices", []):
            localised = choice.get("name_localizations") or {}
            if choice["name"] in titles:
                # A game's title is its name in every language.
                if localised:
                    problems.append(f"{path}: the title {choice['name']!r} was translated")
                continue
            if set(localised) != set(LANGUAGES):
                problems.append(f"{path}: choice {choice['name']!r} named for {sorted(localised)}")
            for language, name in localised.items():
                if not 1 <= len(name) <= DESCRIPTION_LIMIT:
                    problems.append(f"{path}: {language} choice {name!r} has {len(name)} characters")


@pytest.fixture
async def wired_bot(tmp_path: Path) -> AsyncIterator[commands.Bot]:
    """The real bot with its commands registered, not connected to any Discord."""
    bot = create_bot(Settings(database=str(tmp_path / "bot.sqlite3")))
    async with bot:
        await bot.setup_hook()
        yield bot


async def test_every_command_option_and_choice_is_localised(wired_bot: commands.Bot) -> None:
    tree = wired_bot.tree
    await tree.set_translator(CatalogueTranslator())
    translator = tree.translator
    assert translator is not None
    # What `CommandTree.sync` sends for the global commands.
    registered = tree.get_commands(type=None)
    payload = [await command.get_translated_payload(tree, translator) for command in registered]
    problems: list[str] = []
    synced = set(walk(payload, "", problems))
    assert synced == set(tree_paths(registered))
    assert {"game", "game new", "move", "hand", "rules"} <= synced
    assert problems == []
    # A translated name nobody uses is a typo (or a command that was renamed).
    unused = set(names("de")) - set(english_names(payload)) - PLANNED_NAMES
    assert unused == set()


def test_a_text_names_each_command_as_its_readers_discord_shows_it() -> None:
    """Discord shows German readers `/zug`, not `/move`: a German or Dutch text that names a
    command (or its subcommand) names it so, as the start post does."""
    for language in ("de", "nl"):
        catalogue = texts.catalogue(language)
        localised = {
            key.removeprefix("discord.name."): name
            for key, name in catalogue.items()
            if key.startswith("discord.name.")
        }
        english = [
            (key, command)
            for key, template in catalogue.items()
            for command in re.findall(r"`(/[^`]+)`", template)
            if any(localised.get(word, word) != word for word in re.findall(r"[\w-]+", command))
        ]
        assert not english, (language, english)
