"""Discord's way of writing, turned into a terminal's: the local mode's presenter.

The service writes for Discord: Markdown (`**bold**`, `*italic*`,
`__underline__`, code in backticks), timestamps that Discord shows in each
reader's time zone (`<t:1700000000:R>`) and mentions (`<@123>`). A terminal
shows none of these as meant, so `Terminal.text` turns them into what it
can show: ANSI bold, italic, underline and colour when the output is a
terminal that wants them, plain text otherwise; a timestamp in local time;
a mention as the person's name. Words people typed come escaped
(`texts.words`): a backslash escape shows the character as Discord does,
without the backslash and without styling anything, and the zero-width
spaces that break links and mentions are left out.

Whole sentences that only make sense on Discord ("press a button or use
`/move`") are not rewritten here: the local mode renders the catalogue with
its terminal variants (`texts.variant("terminal")`), so the service's own
keys come out in terminal words without any matching on English text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from texts.words import ZERO_WIDTH_SPACE

__all__ = ["Terminal"]

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_UNDERLINE = re.compile(r"__(.+?)__", re.DOTALL)
#: `*a few words*`, but not `2 * 3` or a lone star.
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_CODE = re.compile(r"`([^`\n]+)`")
_TIME = re.compile(r"<t:(-?\d{1,12})(?::([tTdDfFR]))?>")
_MENTION = re.compile(r"<@!?(\d+)>")
#: Discord's escape of an ASCII punctuation character.
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
#: While the styles are made, an escaped character waits as a private-use character
#: (plane 15, that nobody types in a name) that no pattern above matches.
_KEPT = 0xF0000
_KEPT_BACK = re.compile(f"[{chr(_KEPT + 0x21)}-{chr(_KEPT + 0x7E)}]")

_ANSI = {
    "bold": ("\x1b[1m", "\x1b[22m"),
    "italic": ("\x1b[3m", "\x1b[23m"),
    "underline": ("\x1b[4m", "\x1b[24m"),
    "code": ("\x1b[36m", "\x1b[39m"),
}
#: strftime formats for Discord's timestamp styles (short/long time and date, date and time).
_TIME_FORMATS = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%Y-%m-%d", "D": "%d %B %Y"}
_DEFAULT_TIME_FORMAT = "%Y-%m-%d %H:%M"


class Terminal:
    """Turns the service's Discord-flavoured text into text for a terminal.

    `ansi`: style with escape sequences (only for a terminal that shows
    them); `name_of`: the name of a mentioned user id, None if unknown.
    """

    def __init__(self, *, ansi: bool = False, name_of: Callable[[int], str | None] = lambda _: None) -> None:
        self.ansi = ansi
        self._name_of = name_of

    def text(self, text: str) -> str:
        text = _ESCAPE.sub(lambda match: chr(_KEPT + ord(match[1])), text)
        text = _CODE.sub(self._style("code"), text)
        text = _BOLD.sub(self._style("bold"), text)
        text = _UNDERLINE.sub(self._style("underline"), text)
        text = _ITALIC.sub(self._style("italic"), text)
        text = _TIME.sub(_local_time, text)
        text = _MENTION.sub(self._mention, text)
        # The zero-width spaces that keep links and pings out of a Discord message.
        text = text.replace(ZERO_WIDTH_SPACE, "")
        return _KEPT_BACK.sub(lambda match: chr(ord(match[0]) - _KEPT), text)

    def _style(self, kind: str) -> Callable[[re.Match[str]], str]:
        begin, end = _ANSI[kind] if self.ansi else ("", "")

        def styled(match: re.Match[str]) -> str:
            return f"{begin}{match.group(1)}{end}"

        return styled

    def _mention(self, match: re.Match[str]) -> str:
        name = self._name_of(int(match.group(1)))
        return name if name is not None else "?"


def _local_time(match: re.Match[str]) -> str:
    """A Discord timestamp as this computer's local time."""
    try:
        moment = datetime.fromtimestamp(int(match.group(1))).astimezone()
    except (OverflowError, OSError, ValueError):
        return match.group(0).strip("<>")
    return moment.strftime(_TIME_FORMATS.get(match.group(2) or "f", _DEFAULT_TIME_FORMAT))
