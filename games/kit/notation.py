"""Helpers for a game's move notation: what a refusal quotes, and autocomplete that narrows.

`shown_text` is typed text as a refusal quotes it ("I cannot read `plant Q99`").
`narrowed` picks suggestions for `/move` autocomplete from a position's legal
notations, best first: the words typed so far must begin the notation's words
at their places, and the suggestions are spread over what may come next (one
per kind of move with nothing typed, one per target after the verb...), so
that a position with hundreds of moves still shows every way on.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SHOWN_TEXT", "begins", "narrowed", "shown_text"]

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
