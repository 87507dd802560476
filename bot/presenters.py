"""Game-specific words around a view: hand summaries and which moves get buttons.

The service stays game-independent; what differs per game lives here, with
a plain fallback for games that have nothing special.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import texts

__all__ = ["pick_buttons", "private_summary", "seat_summary"]

#: At most this many move buttons (four rows of five; the fifth row is ours).
MAX_BUTTONS = 20


def _cm_private(view: Mapping[str, Any], locale: str | None) -> str:
    seat = view["viewer"]
    counts = Counter(view.get("hand", []))
    order = ("wall", "gate", "tower", "noble", "warrior", "horseman", "dragon")
    cards = ", ".join(
        texts.t("hand.cards", locale, count=counts[kind], card=texts.t(f"cm.card.{kind}", locale))
        for kind in order
        if counts[kind]
    )
    me = view["seats"][seat]
    return texts.t(
        "hand.cm.summary",
        locale,
        cards=cards or texts.t("hand.cm.empty", locale),
        deck=me["deck"],
        tiles=me["tiles"],
        points=me["points"] if me["points"] is not None else 0,
    )


def _cm_seat(view: Mapping[str, Any], seat: int, locale: str | None) -> str:
    info = view["seats"][seat]
    return texts.t("info.cm.seat", locale, hand=info["hand"], deck=info["deck"], tiles=info["tiles"])


def _cm_buttons(notations: Sequence[str]) -> list[str]:
    """Scoring first, then drawing, then single cards; multi-card plays and
    dragon covers stay available through /move."""

    def rank(notation: str) -> tuple[int, str]:
        if notation.startswith(("tile", "take")):
            return 0, notation
        if notation == "draw":
            return 1, notation
        if notation.startswith("play ") and not notation.split()[1].isdigit():
            return 2, notation
        if notation.startswith("free ") and not notation.split()[1].isdigit():
            return 3, notation
        return 4, notation

    return sorted(notations, key=rank)[:MAX_BUTTONS]


_PRIVATE: dict[str, Callable[[Mapping[str, Any], str | None], str]] = {"chinesische-mauer": _cm_private}
_SEAT: dict[str, Callable[[Mapping[str, Any], int, str | None], str]] = {"chinesische-mauer": _cm_seat}
_BUTTONS: dict[str, Callable[[Sequence[str]], list[str]]] = {"chinesische-mauer": _cm_buttons}


def private_summary(engine_id: str, view: Mapping[str, Any], locale: str | None) -> str:
    """A seat's private information in words (its hand, ...)."""
    summary = _PRIVATE.get(engine_id)
    return summary(view, locale) if summary else ""


def seat_summary(engine_id: str, view: Mapping[str, Any], seat: int, locale: str | None) -> str:
    """One seat's public figures in words, for /game info."""
    summary = _SEAT.get(engine_id)
    return summary(view, seat, locale) if summary else ""


def pick_buttons(engine_id: str, notations: Sequence[str]) -> list[str]:
    """The moves worth a button, at most MAX_BUTTONS."""
    picker = _BUTTONS.get(engine_id)
    return picker(notations) if picker else list(notations)[:MAX_BUTTONS]
