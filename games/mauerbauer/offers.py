"""What to offer a player: buttons (`quick_actions`) and autocomplete (`suggest`).

Both rank every legal move by a rough usefulness: walls that close a city,
then walls next to walls already built; card plays by the points they score
now; in an exchange, finishing first. Suggestions then keep the moves whose
notation fits what was typed word by word (each typed word the start of the
notation's word at that place; the verb may be left out).
"""

from __future__ import annotations

from games.core import MAX_QUICK_ACTIONS
from games.mauerbauer.actions import DONE
from games.mauerbauer.actions import Action
from games.mauerbauer.actions import BuildWall
from games.mauerbauer.actions import Discard
from games.mauerbauer.actions import Done
from games.mauerbauer.actions import Merge
from games.mauerbauer.actions import Pass
from games.mauerbauer.actions import Play
from games.mauerbauer.board import closed_region
from games.mauerbauer.data import CITY_KINDS
from games.mauerbauer.data import LINE_CORNER_MASK
from games.mauerbauer.data import bits
from games.mauerbauer.notation import KEYWORDS
from games.mauerbauer.notation import format_action
from games.mauerbauer.rules import legal_actions
from games.mauerbauer.scoring import card_values
from games.mauerbauer.state import EXCHANGE
from games.mauerbauer.state import FINAL
from games.mauerbauer.state import SCORING
from games.mauerbauer.state import WALL
from games.mauerbauer.state import State

__all__ = ["quick_actions", "ranked", "suggest"]


def ranked(state: State, seat: int) -> list[Action]:
    """Every legal action of `seat`, most useful first."""
    legal = legal_actions(state, seat)
    if not legal:
        return []
    phase = state.phase
    if phase == WALL:
        return _ranked_walls(state, legal)
    if phase in (SCORING, FINAL):
        return _ranked_plays(state, legal)
    if phase == EXCHANGE:
        return [DONE, *(action for action in legal if action is not DONE)]
    return legal


def _ranked_walls(state: State, legal: list[Action]) -> list[Action]:
    corners = 0
    for line in bits(state.walls):
        corners |= LINE_CORNER_MASK[line]

    def key(action: Action) -> tuple[int, int]:
        assert isinstance(action, BuildWall)
        line = action.line
        if closed_region(state.walls | 1 << line, line):
            return (0, line)
        return (1 if LINE_CORNER_MASK[line] & corners else 2, line)

    return sorted(legal, key=key)


def _ranked_plays(state: State, legal: list[Action]) -> list[Action]:
    values: dict[int | None, tuple[int, ...]] = {}

    def points(action: Play) -> int:
        city = action.city
        if city not in values:
            if state.phase == SCORING:
                values[city] = state.values
            else:
                found = next((c for c in state.cities if city is not None and c.fields >> city & 1), None)
                values[city] = card_values(state, found)
        return sum(values[city][card] for card in action.cards)

    def key(action: Action) -> tuple[int, int, int]:
        if isinstance(action, Play):
            # Better first; at equal points fewer cards (a card kept counts on a tie).
            return (0, -points(action), len(action.cards))
        if isinstance(action, Discard):
            return (1, 1 if action.card in CITY_KINDS else 0, action.card)
        return (2, 0, 0)

    return sorted(legal, key=key)


def quick_actions(state: State, seat: int) -> list[Action]:
    best = ranked(state, seat)
    if len(best) <= MAX_QUICK_ACTIONS:
        return best
    chosen = best[: MAX_QUICK_ACTIONS - 1]
    # Keep the way out (discarding, passing, not merging, ending the exchange) among the buttons.
    way_out = next((action for action in best if _way_out(action) and action not in chosen), None)
    return [*chosen, best[MAX_QUICK_ACTIONS - 1] if way_out is None else way_out]


def _way_out(action: Action) -> bool:
    return isinstance(action, (Discard, Pass, Done)) or (isinstance(action, Merge) and action.city is None)


def suggest(state: State, seat: int, typed: str, limit: int, locale: str | None = None) -> list[str]:
    """Legal notations in `locale`'s words fitting what was typed (its English keywords count
    as the locale's), best first."""
    if limit <= 0:
        return []
    texts = [format_action(state, action, locale) for action in ranked(state, seat)]
    if not texts:
        return []
    words = KEYWORDS.write(" ".join(typed.lower().split()), locale).split()
    if not words:
        return _kinds_first(texts, limit)
    exact = " ".join(words)
    found = [text for text in texts if _fits(text.lower().split(), words)]
    # The move typed in full comes first, whatever its rank.
    whole = [text for text in found if text.lower() == exact]
    return [*whole, *(text for text in found if text not in whole)][:limit]


def _kinds_first(texts: list[str], limit: int) -> list[str]:
    """With nothing typed: the best move of each kind first, then the rest, best first."""
    firsts: dict[str, str] = {}
    for text in texts:
        firsts.setdefault(text.split()[0], text)
    chosen = list(firsts.values())
    chosen += [text for text in texts if text not in firsts.values()]
    return chosen[:limit]


def _fits(notation: list[str], words: list[str]) -> bool:
    if _prefixes(notation, words):
        return True
    # The verb may be left out: "23" for "wall 23", "city-7" for "play city-7".
    return _prefixes(notation[1:], words)


def _prefixes(notation: list[str], words: list[str]) -> bool:
    if len(words) > len(notation):
        return False
    last = len(words) - 1
    for index, word in enumerate(words):
        if index < last and notation[index] != word:
            return False
        if not notation[index].startswith(word):
            return False
    return True
