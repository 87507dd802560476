"""Words people typed, made safe to show in a Discord message.

A display name, a move typed into `/move`, an option value: Discord would read
Markdown, links, mentions and timestamps out of them ("**Bob** ||x||
@everyone https://evil.example" would be bold, a spoiler, a ping and a link).
`escape_words` makes such words show as typed instead, whatever template they
are put into, and is the one place that knows how:

- Markdown: every character that can open or close inline formatting (bold,
  italics, underline, strike-through, spoilers, code, masked links, the
  angle brackets of mentions, channels, emoji and timestamps) gets Discord's
  backslash escape, and so does the backslash itself: a name ending in one
  cannot escape the `**` a template puts after it. Characters that only
  format at the start of a line (headings `#`, quotes `>`, lists `-`, `+`,
  `1.`) are escaped when the words begin with them: the words may be put at
  the start of a line, never after a line break of their own (below).
- Links: Discord links any `scheme://…` whatever Markdown says (a backslash
  does not unlink it), so a zero-width space goes between `:` and `//`.
- Mentions: a zero-width space after every `@` (as discord.py's
  `escape_mentions` does). Pings are found by Discord's servers in the raw
  text, so a backslash before `<@…>` would still ping; the front-end's
  allowed mentions guard too, this makes the text itself harmless.
- Line breaks and control characters become spaces, so words never start a
  new line (or a heading or quote there); the bidirectional embeddings and
  overrides (U+202A-U+202E, U+2066-U+2069) are dropped, so a name cannot
  turn the rest of a sentence around. Every other character, in any script,
  emoji included, stays as it is.

Escaped words are text for a message only: images draw names as typed (Pillow
draws characters, not Markdown), so whatever goes into a view for a
renderer is never escaped. The result is marked, and escaping it again
returns it unchanged, so a name that passes two places that escape is
escaped once. The terminal front-end (`bot.terminal`) reads the escapes back.
"""

from __future__ import annotations

import re
import unicodedata

from games.core import Message
from games.core import Param

__all__ = ["ZERO_WIDTH_SPACE", "escape_message", "escape_words"]

ZERO_WIDTH_SPACE = "\u200b"
#: Characters that format wherever they are (and the backslash that escapes them).
_INLINE = re.compile(r"[\\*_~`|\[\]<]")
#: What formats a line when it begins it: a heading, quote, list item or subtext.
_LINE_START = re.compile(r"^(\s*)(?:([#>+-])|(\d+)\.)")
_LINK = re.compile(r":(?=//)")
#: Bidirectional embeddings, overrides and isolates.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_LINE_BREAKING = frozenset(("Cc", "Zl", "Zp"))


class _Escaped(str):
    """Words escaped already (escaping them again changes nothing)."""

    __slots__ = ()


def _one_line(text: str) -> str:
    return "".join(
        " " if unicodedata.category(char) in _LINE_BREAKING else char
        for char in text
        if char not in _BIDI_CONTROLS
    )


def _at_line_start(match: re.Match[str]) -> str:
    space, marker, number = match.groups()
    return f"{space}\\{marker}" if marker else f"{space}{number}\\."


def escape_words(text: str) -> str:
    """Words someone typed, as a Discord message shows them literally (see the module)."""
    if isinstance(text, _Escaped):
        return text
    text = _INLINE.sub(lambda match: "\\" + match[0], _one_line(text))
    text = _LINE_START.sub(_at_line_start, text, count=1)
    text = _LINK.sub(":" + ZERO_WIDTH_SPACE, text)
    return _Escaped(text.replace("@", "@" + ZERO_WIDTH_SPACE))


def escape_message(message: Message) -> Message:
    """The message with every plain text parameter escaped, nested messages too.

    For an engine's refusal, which may quote what the player typed ("I cannot
    read 'xyz'"): its text parameters are words (names of cards, provinces,
    the typed text), never Markdown of its own; that lives in the templates.
    """

    def escaped(value: Param) -> Param:
        if isinstance(value, str):
            return escape_words(value)
        if isinstance(value, Message):
            return escape_message(value)
        return value

    return Message(
        message.key, {name: escaped(value) for name, value in message.params.items()}, message.default
    )
