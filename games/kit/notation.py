"""Helpers for a game's move notation: what a refusal quotes, and autocomplete that narrows.

`shown_text` is typed text as a refusal quotes it ("I cannot read `plant Q99`").
`narrowed` picks suggestions for `/move` autocomplete from a position's legal
notations, best first: the words typed so far must begin the notation's words
at their places, and the suggestions are spread over what may come next (one
per kind of move with nothing typed, one per target after the verb...), so
that a position with hundreds of moves still shows every way on.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence

from games.core import Message
from games.core import Param
from games.core import phrase

__all__ = ["SHOWN_TEXT", "Keywords", "begins", "narrowed", "shown_text"]

#: At most this many characters of typed text are quoted back.
SHOWN_TEXT = 40


def shown_text(text: str) -> str:
    """`text` with its white space folded to single spaces, cut to `SHOWN_TEXT` characters."""
    shown = " ".join(text.split())
    return shown if len(shown) <= SHOWN_TEXT else shown[: SHOWN_TEXT - 1] + "…"


def begins(have: list[str], typed: list[str]) -> bool:
    """Whether each typed word begins the word at its place in `have`."""
    return len(typed) <= len(have) and all(h.startswith(t) for h, t in zip(have, typed, strict=False))


def narrowed(texts: Sequence[str], words: list[str], typed: str, limit: int, deepest: int) -> list[str]:
    """At most `limit` of `texts` (notations, best first) that fit the typed `words`.

    `words` are the words of `typed` as the notation spells them (lower case,
    other languages' names replaced by the notation's). A notation fits when
    each word begins the notation's word at its place; when none does, when
    each word occurs somewhere in it. The move typed in full comes first; then
    one notation per different next word (with "house " typed: one per
    province), then per next two words, and so on up to `deepest` words; then
    the rest, best first.
    """
    lowered = [text.lower() for text in texts]
    found = [i for i, text in enumerate(lowered) if begins(text.split(), words)]
    if not found:
        found = [i for i, text in enumerate(lowered) if all(word in text for word in words)]
    # A word followed by a space is complete: what comes next is the following word.
    complete = len(words) if typed[-1:].isspace() or not words else len(words) - 1
    exact = " ".join(words)
    ordered = [i for i in found if lowered[i] == exact][:1]
    taken = set(ordered)
    for depth in range(complete + 1, deepest + 1):
        groups: set[tuple[str, ...]] = set()
        for i in found:
            key = tuple(lowered[i].split()[:depth])
            if key not in groups:
                groups.add(key)
                if i not in taken:
                    taken.add(i)
                    ordered.append(i)
        if len(ordered) >= limit:
            break
    ordered.extend(i for i in found if i not in taken)
    return [texts[i] for i in ordered[:limit]]


class Keywords:
    """A game's notation keywords in each language, so that players write moves in their own.

    The notation itself stays English: the move log stores it, and `parse_action`
    always reads it. A game's texts hold a key `<prefix>.keyword.<word>` for each
    English keyword of its notation (its English text is the word itself), and
    its locales that key in their language ("wall" -> "mauer"). `write` turns
    the English notation into a language's, word by word; `read` turns a
    language's words (and the English ones) back, and the parts of a name
    joined by hyphens too ("city-7" -> "stadt-7"). Names that no key lists
    (fields, provinces, numbers) stay as they are in every language.

    A language's keywords must be told apart from the English ones by meaning:
    a word that means one keyword in English and another in that language
    (or two keywords written the same) could not be read back, so it is
    refused when the game is loaded.
    """

    def __init__(
        self, prefix: str, texts: Mapping[str, str], locales: Mapping[str, Mapping[str, str]]
    ) -> None:
        start = f"{prefix}.keyword."
        english = {key: texts[key].lower() for key in texts if key.startswith(start)}
        self._keys = {word: key for key, word in english.items()}
        self._written: dict[str, dict[str, str]] = {}
        self._read: dict[str, dict[str, str]] = {}
        for language, translated in locales.items():
            written = {word: translated.get(key, word).lower() for key, word in english.items()}
            if any(len(word.split()) != 1 for word in written.values()):
                raise ValueError(f"{prefix} ({language}): a keyword must be one word")
            read = {local: word for word, local in written.items()}
            # A language's word that is another keyword's English word: which would it mean?
            clashes = sorted(local for local, word in read.items() if local != word and local in written)
            if len(read) != len(written) or clashes:
                raise ValueError(f"{prefix} ({language}): keywords that read two ways: {clashes}")
            self._written[language] = {word: local for word, local in written.items() if local != word}
            self._read[language] = {local: word for local, word in read.items() if local != word}

    def write(self, notation: str, locale: str | None) -> str:
        """The English `notation` in `locale`'s keywords (English for None or a language without any)."""
        table = self._written.get(locale or "")
        if not table:
            return notation
        return " ".join(_each_part(word, table) for word in notation.split(" "))

    def example(self, notation: str) -> Param:
        """The English `notation` as a parameter that each reader's language renders in its own
        keywords: an example quoted in a prompt ("e.g. `mauer 23`")."""
        words: list[Param] = []
        for word in notation.split(" "):
            key = self._keys.get(word.lower())
            words.append(word if key is None else Message(key, {}, word))
        return phrase(words)

    def read(self, text: str, locale: str | None) -> str:
        """Typed `text` with `locale`'s keywords made English again (English words stay)."""
        table = self._read.get(locale or "")
        if not table:
            return text
        return " ".join(_each_part(word, table) for word in text.split())


def _each_part(word: str, table: Mapping[str, str]) -> str:
    """`word` with each of its parts that `table` knows (lower case) replaced; a name of
    several parts ("city-7") keeps its hyphens and the parts no table knows ("7")."""
    found = table.get(word) or table.get(word.lower())
    if found is not None:
        return found
    if "-" not in word:
        return word
    return "-".join(table.get(part.lower(), part) for part in word.split("-"))
