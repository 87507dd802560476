"""The description (alt text) of a board image, for people who use a screen reader.

Discord lets every attachment carry a description of at most 1,024 characters,
which screen readers read out instead of the picture. It says, in the post's
language: the game, whose turn it is and who else must decide, the scores, what
changed since the last post, then the game's own key facts
(`Engine.describe_board`). The engine's facts come from the spectator's view, so a
public description names nothing hidden; a private board (a seat's own hand)
adds that seat's own summary, which only that person is shown.

A description is plain text, not Markdown: names stay as typed and the
Markdown of the bot's own sentences is taken out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import texts
from games.core import Engine
from games.core import Message
from games.core import Param
from games.core import Player
from games.core import State
from games.core import listing
from games.core import openly_acting

__all__ = ["DESCRIPTION_LIMIT", "describe", "plain", "trim"]

#: Discord's limit for an attachment's description.
DESCRIPTION_LIMIT = 1_024
#: At most this many lines of what changed (the newest): a long run of AI turns
#: must leave room for the position itself.
CHANGES_KEPT = 5

#: Markdown the bot's sentences use (bold, code, bullets); a screen reader would spell it out.
_MARKDOWN = re.compile(r"\*\*|`|^[•▸] ")


def plain(text: str) -> str:
    """One line of plain text: no Markdown, no line breaks; each line but the last read
    as a sentence of its own (a hand, then a deck: "… Warrior. Cards in your deck: 14")."""
    lines = [found for line in text.splitlines() if (found := _MARKDOWN.sub("", line).strip())]
    # A figure list may open with its separator ("· hand 5 · deck 15"), read out as noise.
    return " ".join([*(_stop(line) for line in lines[:-1]), *lines[-1:]]).lstrip("· ")


def _stop(text: str) -> str:
    """The text ending as a sentence (or a heading: "Site 1:") ends."""
    return text if not text or text[-1] in ".!?:…" else f"{text}."


def _sentence(text: str) -> str:
    return _stop(plain(text))


def trim(items: Sequence[str], limit: int = DESCRIPTION_LIMIT) -> str:
    """The items, a sentence each, as many as fit in `limit` characters: cut between
    items, never inside one (unless the first alone is too long)."""
    kept: list[str] = []
    length = 0
    for item in items:
        if not item:
            continue
        extra = len(item) + (1 if kept else 0)
        if length + extra > limit:
            if not kept:
                kept.append(item[: limit - 1].rstrip() + "…")
            break
        kept.append(item)
        length += extra
    return " ".join(kept)


def describe(
    engine: Engine,
    state: State,
    names: Sequence[str],
    locale: str | None,
    changes: Sequence[str] = (),
    *,
    private: Message | None = None,
    viewer: int | None = None,
    first: Sequence[str] = (),
) -> str:
    """The description of the board of `state`; `names` as typed, `changes` the lines
    of what happened since the last post, `private` the viewer's own summary, `viewer`
    the seat a private board is for (its prompt is said when it must decide), `first`
    sentences to say right after the game's title.

    Everyone reads a public description, so it says who must decide and addresses nobody."""

    def say(message: Message) -> str:
        return _sentence(texts.render(message, locale, names))

    def line(key: str, **params: Param) -> str:
        return _sentence(texts.t(key, locale, names, **params))

    items = [line("alt.title", game=engine.title), *(_sentence(text) for text in first)]
    outcome = engine.outcome(state)
    if outcome is not None:
        items.append(line("alt.over"))
        winners = sorted(outcome.winners)
        items.append(line("alt.winners", players=listing([Player(s) for s in winners]), count=len(winners)))
        items += [
            line("alt.final_score", player=Player(seat), score=outcome.scores[seat], rank=outcome.ranks[seat])
            for seat in outcome.ranking
        ]
    else:
        current = engine.current_turn(state)
        if current is not None:
            items.append(line("alt.turn", player=Player(current)))
        # Seats asked privately go unnamed here too: the description is public.
        acting = sorted(openly_acting(engine, state))
        if acting and acting != [current]:
            deciding = listing([Player(seat) for seat in acting])
            items.append(line("alt.decides", players=deciding, count=len(acting)))
        if viewer is not None and viewer in engine.to_act(state):
            # A prompt speaks to its seat ("Your turn: …"): said only to that seat.
            items.append(say(engine.prompt(state, viewer)))
        for seat in range(len(names)):
            summary = engine.seat_summary(state, seat)
            if summary is not None:
                items.append(
                    line("alt.seat", player=Player(seat), summary=plain(texts.render(summary, locale, names)))
                )
    if private is not None:
        items.append(say(private))
    if changes:
        items.append(line("alt.changes"))
        items += [_sentence(change) for change in changes[-CHANGES_KEPT:]]
    items += [say(fact) for fact in engine.describe_board(engine.view(state, None))]
    return trim(items)
