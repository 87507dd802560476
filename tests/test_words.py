"""Words people typed stay words in a message: `texts.escape_words` and its readers."""

from __future__ import annotations

import re

import pytest

import texts
from bot.terminal import Terminal
from games.core import Message
from games.core import Player
from texts.words import ZERO_WIDTH_SPACE as ZWSP

#: What a person may call themselves on Discord, and what it must not do to a message.
NASTY = "**Bob** ||x|| @everyone https://evil.example"


#: Discord's backslash escape of an ASCII punctuation character.
ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def live(text: str) -> str:
    """What Discord reads as Markdown: the text with its escaped characters left out."""
    return ESCAPE.sub("", text)


def formats(text: str) -> bool:
    """Whether Discord would read inline Markdown here."""
    return any(char in live(text) for char in "*_~`|[]<")


def shown(text: str) -> str:
    """What a reader sees of an escaped text: escapes and zero-width spaces left out."""
    return ESCAPE.sub(r"\1", text).replace(ZWSP, "")


@pytest.mark.parametrize(
    "name",
    [
        "**Bob**",
        "*Bob*",
        "__Bob__",
        "_Bob_",
        "~~Bob~~",
        "||spoiler||",
        "`code`",
        "```block```",
        "[click](https://evil.example)",
        "<@123456789012345678>",
        "<#1>",
        "<:emoji:1>",
        "<t:1700000000:R>",
        NASTY,
        "Bob\\",
    ],
)
def test_markdown_is_escaped_and_shown_as_typed(name: str) -> None:
    escaped = texts.escape_words(name)
    assert not formats(escaped), escaped
    assert shown(escaped) == name


def test_a_name_cannot_break_the_bold_around_it() -> None:
    for name in ("Bob\\", "Bob*", "*", "**", "Bob__"):
        escaped = texts.escape_words(name)
        line = f"It is **{escaped}**'s turn"
        # Of the line, Discord reads the template's two pairs of stars as Markdown, and
        # nothing of the name (its letters aside).
        assert live(line) == f"It is **{live(escaped)}**'s turn" and not formats(escaped), line


@pytest.mark.parametrize(
    ("name", "escaped"),
    [
        ("# Big", "\\# Big"),
        ("## Big", "\\## Big"),
        ("-# small", "\\-# small"),
        ("> quote", "\\> quote"),
        (">>> quote", "\\>>> quote"),
        ("- item", "\\- item"),
        ("+ item", "\\+ item"),
        ("1. item", "1\\. item"),
        ("  # indented", "  \\# indented"),
    ],
)
def test_what_formats_a_line_is_escaped_at_the_start(name: str, escaped: str) -> None:
    assert texts.escape_words(name) == escaped


def test_the_same_characters_inside_a_name_stay() -> None:
    assert texts.escape_words("Anne-Marie #1 > 2. Platz") == "Anne-Marie #1 > 2. Platz"


def test_links_and_mentions_are_broken_invisibly() -> None:
    escaped = texts.escape_words(NASTY)
    assert "://" not in escaped and f":{ZWSP}//" in escaped
    assert "@everyone" not in escaped and f"@{ZWSP}everyone" in escaped
    assert "@here" not in texts.escape_words("@here")
    assert "<@1" not in texts.escape_words("<@123>") and "<@&1" not in texts.escape_words("<@&123>")
    assert texts.escape_words("steam://run/1") == f"steam:{ZWSP}//run/1"


@pytest.mark.parametrize(
    "breaking", ["\n", "\r\n", "\r", "\t", "\x00", "\x1b[31m", "\x85", "\u2028", "\u2029"]
)
def test_a_name_never_breaks_a_line_nor_carries_control_characters(breaking: str) -> None:
    escaped = texts.escape_words(f"Bob{breaking}# Evil")
    assert not any(char in escaped for char in "\n\r\t\x00\x1b\x85\u2028\u2029")
    assert escaped.startswith("Bob ")


def test_bidirectional_overrides_are_dropped() -> None:
    assert texts.escape_words("Bob\u202etxt.exe\u202c") == "Bobtxt.exe"
    assert texts.escape_words("\u2067Bob\u2069") == "Bob"


@pytest.mark.parametrize(
    "name",
    [
        "王小明",
        "さくら",
        "김민준",
        "محمد",
        "יעל",
        "देवनागरी",
        "สมชาย",
        "Светлана",
        "Ελένη",
        "🐉🎲",
        "👨‍👩‍👧‍👦",
        "🏳️‍🌈",
        "🇩🇪",
        "Zoë",
        "Ann",
        "",
    ],
)
def test_names_in_any_script_and_emoji_are_unchanged(name: str) -> None:
    assert texts.escape_words(name) == name


def test_escaping_twice_is_escaping_once() -> None:
    once = texts.escape_words(NASTY)
    assert texts.escape_words(once) == once
    assert texts.escape_words(texts.escape_words("a\\b")) == "a\\\\b"


def test_an_engine_refusal_has_its_words_escaped_but_not_its_players() -> None:
    refusal = Message(
        "china.error.notation",
        {"text": "**x** @here", "who": Player(1), "count": 3, "part": Message("k", {"typed": "||y||"})},
    )
    escaped = texts.escape_message(refusal)
    assert escaped.key == refusal.key
    assert escaped.params["text"] == texts.escape_words("**x** @here")
    assert escaped.params["who"] == Player(1) and escaped.params["count"] == 3
    part = escaped.params["part"]
    assert isinstance(part, Message) and part.params["typed"] == "\\|\\|y\\|\\|"


def test_the_terminal_shows_escaped_words_as_typed_and_styles_the_rest() -> None:
    line = f"It is **{texts.escape_words(NASTY)}**'s turn; <@1001> next"
    assert Terminal(name_of={1001: "Ann"}.get).text(line) == f"It is {NASTY}'s turn; Ann next"
    styled = Terminal(ansi=True).text(f"**{texts.escape_words('*x*')}**")
    assert styled == "\x1b[1m*x*\x1b[22m"
