"""The engine contract every game implements, and the small tools they share.

An engine is a set of pure functions over an immutable state. Chance comes
only from the state's own RNG (`Rng` below), so a game replays exactly from
its seed and its actions. Player-facing words leave an engine only as a
`Message` (a catalogue key with parameters, plus the English default), so a
translation never touches rules code.
"""

from __future__ import annotations

import re
import string
from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Union

#: English templates of the messages this module itself produces (option
#: checks and the generic prompt); the text catalogue takes them like an engine's.
CORE_TEXTS: Mapping[str, str] = {
    "core.option.unknown": "{game} has no option called “{name}”.",
    "core.option.bad_choice": "“{value}” is not a choice for {option}; choose one of {choices}.",
    "core.prompt.your_turn": "It is your turn.",
    "core.move.forced": "{move} (made for {player}: the only possible move)",
    "core.list": "{first}, {rest}",
    "core.list.last": "{first} and {last}",
    "core.groups": "{first}; {rest}",
    "core.groups.last": "{first}; {last}",
    "core.words": "{first} {rest}",
}

__all__ = [
    "CORE_TEXTS",
    "MAX_QUICK_ACTIONS",
    "Action",
    "Engine",
    "IllegalAction",
    "Message",
    "Option",
    "Outcome",
    "Param",
    "Player",
    "PluralRule",
    "Rng",
    "State",
    "english",
    "english_plural",
    "fill",
    "listing",
    "only_answer",
    "openly_acting",
    "phrase",
    "rank_by_scores",
    "word_forms",
]

#: Engines choose their own immutable, hashable action values.
Action = Hashable
#: Engines choose their own immutable state values.
State = Any


@dataclass(frozen=True)
class Player:
    """A reference to a seat inside a message; the catalogue puts a name there."""

    seat: int


Param = Union[str, int, Player, "Message"]


@dataclass(frozen=True)
class Message:
    """Player-facing words as a catalogue key with parameters.

    `default` is the English sentence, used where no catalogue is at hand
    (logs, exceptions). Parameters may be plain values, a `Player`, or a
    nested `Message` (a game term such as a card name, translated too).
    """

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)
    default: str = ""

    def __str__(self) -> str:
        return self.default or self.key

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: _param_to_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        return cls(str(data["key"]), {k: _param_from_json(v) for k, v in data.get("params", {}).items()})


def _param_to_json(value: Param) -> Any:
    if isinstance(value, Player):
        return {"seat": value.seat}
    if isinstance(value, Message):
        return value.to_json()
    return value


def _param_from_json(value: Any) -> Param:
    if isinstance(value, dict):
        if "seat" in value:
            return Player(int(value["seat"]))
        return Message.from_json(value)
    if isinstance(value, (str, int)):
        return value
    raise ValueError(f"not a message parameter: {value!r}")


def english(templates: Mapping[str, str], key: str, **params: Param) -> Message:
    """Build a `Message` whose English default comes from `templates`.

    Each engine keeps its English templates as data; the text catalogue
    uses the same templates as its English entries for the engine's keys.
    """
    return Message(key, params, _format(templates, key, params))


def listing(items: Sequence[Param], *, groups: bool = False) -> Param:
    """Several terms as one parameter: "a, b and c" in the reader's language (the catalogue
    joins them with that language's list words, `texts.join_list`); terms that
    are messages are rendered in it like any nested message. `groups`: terms that are
    lists themselves, separated by semicolons ("Anna a and b; Bert c")."""
    key = "core.groups" if groups else "core.list"
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return english(CORE_TEXTS, f"{key}.last", first=items[0], last=items[1])
    return english(CORE_TEXTS, key, first=items[0], rest=listing(items[1:], groups=groups))


def phrase(words: Sequence[Param]) -> Param:
    """Words joined by spaces as one parameter, each rendered in the reader's language: a
    move's notation quoted in a sentence, its keywords as messages ("mauer 23" in German)."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return english(CORE_TEXTS, "core.words", first=words[0], rest=phrase(words[1:]))


#: A language's plural rule: the CLDR plural category ("zero", "one", "two", "few", "many",
#: "other") of a number given as text. The text catalogue passes each language's rule from
#: CLDR (`texts`); an engine's English default uses `english_plural`.
PluralRule = Callable[[str], str]
#: The category names a template may give its forms by (`_Templates`).
_FORM = re.compile(r"\s*(zero|one|two|few|many|other)=(.*)", re.DOTALL)


def english_plural(number: str) -> str:
    """CLDR's English rule, for the English defaults of engines, which import no library:
    "one" for the integer 1 (or -1), written without decimals; "other" for any other number
    and for what is not a number. (A test holds it to CLDR's rule as the catalogue applies it.)"""
    return "one" if number.strip().lstrip("+-") == "1" else "other"


def word_forms(spec: str) -> dict[str, str]:
    """A field's word forms by plural category: `# point|# points` (the forms for "one" and
    "other", as English, German and Dutch count) or every form named by its category,
    `one=# punkt|few=# punkty|many=# punktów|other=# punktu`, for languages that have more.
    ValueError for named forms without "other" (the form for any category not named) or a
    mix of named and unnamed forms."""
    parts = spec.split("|")
    named = [_FORM.fullmatch(part) for part in parts]
    if all(named):
        forms = {match.group(1): match.group(2) for match in named if match}
        if "other" not in forms:
            raise ValueError(f"word forms without other=: {spec!r}")
        return forms
    if len(parts) == 2 and not any(named):
        return {"one": parts[0], "other": parts[1]}
    raise ValueError(f"word forms must be one|other or all named by category: {spec!r}")


class _Templates(string.Formatter):
    """Fills a template's `{name}` fields. A field may give its word forms by its number:
    `{count:# card|# cards}` gives "1 card", "0 cards", "3 cards"; `#` stands for the number,
    and a form may leave it out (`{count:one card|# cards}`). Which form a number takes is its
    CLDR plural category in the template's language (`plural`); languages with more
    categories name each form (`word_forms`): `{count:one=# karta|few=# karty|many=# kart|other=# karty}`."""

    def __init__(self, plural: PluralRule) -> None:
        super().__init__()
        self.plural = plural

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        forms = word_forms(format_spec)
        number = str(value)
        return forms.get(self.plural(number), forms["other"]).replace("#", number)


def fill(template: str, values: Mapping[str, str], plural: PluralRule = english_plural) -> str:
    """`template` with its fields filled from `values`, word forms chosen by `plural`, the rule
    of the template's language (`_Templates`); every text a player reads is filled so."""
    return _Templates(plural).vformat(template, (), values)


def _format(templates: Mapping[str, str], key: str, params: Mapping[str, Param]) -> str:
    def show(value: Param) -> str:
        if isinstance(value, Player):
            return f"Player {value.seat + 1}"
        if isinstance(value, Message):
            return value.default or _format(templates, value.key, value.params)
        return str(value)

    template = templates.get(key, key)
    return fill(template, {k: show(v) for k, v in params.items()})


class IllegalAction(Exception):
    """A move the rules do not allow, or notation that cannot be read.

    Carries the reason as a `Message`; `str()` gives the English sentence.
    """

    def __init__(self, message: Message) -> None:
        super().__init__(message.default or message.key)
        self.message = message

    @property
    def key(self) -> str:
        return self.message.key

    @property
    def params(self) -> Mapping[str, Param]:
        return self.message.params


@dataclass(frozen=True)
class Option:
    """A choice made when a game is created (China's board side, say).

    `choices` are short strings; `default=None` means the engine picks by
    player count (in `check_options`). The labels a player reads come from
    the game's catalogue: `<game id>.option.<name>` and
    `<game id>.option.<name>.<choice>`.

    An option added to a game that was already played has `before`: the value
    its games were played with until then. A game stored without the option
    goes on with that value (`Engine.stored_options`). An option with
    `offered=False` is no host's choice (the lobby shows no menu for it and
    refuses it; a new game takes the default): a version of the game's
    material, kept for the games that began with an earlier one (China's board).
    """

    name: str
    choices: tuple[str, ...]
    default: str | None = None
    before: str | None = None
    offered: bool = True

    def __post_init__(self) -> None:
        if not self.choices or len(set(self.choices)) != len(self.choices):
            raise ValueError(f"option {self.name!r} needs distinct choices")
        for what, value in (("default", self.default), ("before", self.before)):
            if value is not None and value not in self.choices:
                raise ValueError(f"option {self.name!r}: {what} {value!r} is not a choice")
        if not self.offered and self.default is None:
            raise ValueError(f"option {self.name!r} is not offered, so it needs a default")


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    `scores[seat]` is what the game scores; `ranks[seat]` is 1 for the
    winner(s), tied seats share a rank; `ranking` lists seats best first;
    `tiebreak[seat]` is the secondary value the game compares on ties.
    `details[seat]` breaks a score down as the game scores it: name -> value,
    each name worded by the game's text `<game id>.outcome.<name>` (with a
    `{value}` field, with word forms where it counts a noun), e.g.
    "chinesische-mauer.outcome.points": "{value:# fame point|# fame points}".
    `ending` says why the game ended, in the game's words ("The last wall of
    the supply has been built."): a player who comes back to a finished game
    reads it under "The game is over."
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: frozenset[int]
    tiebreak: tuple[int, ...] = ()
    details: tuple[Mapping[str, int], ...] = ()
    ending: Message | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "ranking": list(self.ranking),
            "winners": sorted(self.winners),
            "tiebreak": list(self.tiebreak),
            "details": [dict(d) for d in self.details],
            "ending": self.ending.to_json() if self.ending else None,
        }


def rank_by_scores(
    scores: Sequence[int],
    tiebreak: Sequence[int] | None = None,
    details: Sequence[Mapping[str, int]] = (),
    ending: Message | None = None,
) -> Outcome:
    """Rank seats by score, then tiebreak (higher is better); full ties share."""
    tb = list(tiebreak) if tiebreak is not None else [0] * len(scores)
    keyed = [(scores[s], tb[s]) for s in range(len(scores))]
    ranking = tuple(sorted(range(len(scores)), key=lambda s: (-keyed[s][0], -keyed[s][1], s)))
    ranks = [0] * len(scores)
    for position, seat in enumerate(ranking):
        better = sum(1 for other in ranking[:position] if keyed[other] > keyed[seat])
        ranks[seat] = better + 1
    winners = frozenset(s for s in range(len(scores)) if ranks[s] == 1)
    return Outcome(tuple(scores), tuple(ranks), ranking, winners, tuple(tb), tuple(details), ending)


class Rng:
    """A small seeded generator (SplitMix64) whose whole state is one int.

    Kept in the game state so a game replays from seed and actions, and cheap
    to copy and serialise, unlike `random.Random`. Methods return new values
    and never touch global randomness.
    """

    _MASK = (1 << 64) - 1

    @staticmethod
    def next(state: int) -> tuple[int, int]:
        """Return (a 64-bit value, the next state)."""
        state = (state + 0x9E3779B97F4A7C15) & Rng._MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & Rng._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & Rng._MASK
        return z ^ (z >> 31), state

    @staticmethod
    def below(state: int, n: int) -> tuple[int, int]:
        """Return (a value in range(n), the next state)."""
        if n <= 0:
            raise ValueError("n must be positive")
        value, state = Rng.next(state)
        return value % n, state

    @staticmethod
    def shuffle(state: int, items: Sequence[Any]) -> tuple[list[Any], int]:
        """Return (a shuffled copy of items, the next state) — Fisher–Yates."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j, state = Rng.below(state, i + 1)
            out[i], out[j] = out[j], out[i]
        return out, state

    @staticmethod
    def seed(seed: int) -> int:
        """Turn any integer seed into a generator state."""
        return seed & Rng._MASK


class Engine(ABC):
    """One game's rules. Every method is pure; states are never mutated."""

    id: str
    title: str
    min_players: int
    max_players: int
    #: The choices made when a game is created; `check_options` completes them.
    options: tuple[Option, ...] = ()
    #: Top-level view keys where a seat's view may differ from a spectator's;
    #: the conformance suite checks that every other key is the same for all.
    private_view_keys: frozenset[str] = frozenset({"viewer", "hand"})
    #: English templates of every message key the engine uses (key -> text
    #: with {param} fields); the text catalogue takes them as its English.
    texts: Mapping[str, str] = {}
    #: The same keys in other languages: locale ("de", "nl") -> key -> template.
    #: A key missing here falls back to the English of `texts`.
    locales: Mapping[str, Mapping[str, str]] = {}

    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """A new game; raises ValueError for a bad player count or option.

        `options` is what `check_options` returned for that player count.
        """

    @abstractmethod
    def to_act(self, state: State) -> frozenset[int]:
        """Seats that must decide now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of that seat now, without duplicates."""

    @abstractmethod
    def apply(self, state: State, seat: int, action: Action) -> State:
        """The state after the action; raises IllegalAction and changes nothing."""

    @abstractmethod
    def format_action(self, state: State, action: Action, locale: str | None = None) -> str:
        """The action in the game's move notation, in `locale`'s words ("de", "nl").

        None (or a language the game has no words for) gives the canonical English
        notation: the one the move log stores, whatever the game's language.
        """

    @abstractmethod
    def parse_action(self, state: State, seat: int, text: str, locale: str | None = None) -> Action:
        """Read the move notation, in `locale`'s words or in English; raises IllegalAction when it cannot."""

    @abstractmethod
    def describe(self, state: State, seat: int, action: Action) -> Message:
        """The action in words, as made by `seat` in `state` (before it)."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-ready: what that seat (None: a spectator) may see, nothing more."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result, or None while the game runs."""

    @abstractmethod
    def dumps(self, state: State) -> str:
        """Versioned, lossless JSON."""

    @abstractmethod
    def loads(self, text: str) -> State:
        """The state from `dumps`; raises ValueError when the text is not valid."""

    def reveals(self, state: State, seat: int, action: Action) -> bool:
        """Whether `seat` making `action` in `state` reveals anything hidden before.

        Hidden from anyone counts, the actor included: a card drawn (even if
        only the drawer sees it), a die rolled, a card stolen, a face-down
        tile or deck card turned up, face-down piles shown when a game ends.
        An action that reveals nothing may be taken back (`/undo`) as long as
        nobody has acted since; the service replays the move log without it.

        False is a promise the conformance suite checks: afterwards, what
        every viewer (each seat and the spectator) sees follows from what that
        viewer saw before and the action itself (cards the action names, so
        playing a card from hand to the table reveals nothing), and the action
        uses no randomness. `action` is a legal action of `seat` in `state`;
        an engine may raise `IllegalAction` for anything else.

        This default answers True, the safe answer: no action of an engine
        that does not say otherwise can be taken back.
        """
        return True

    def forced(self, state: State, seat: int) -> Action | None:
        """The action `seat` must take now when it has nothing to decide, else None.

        Asking a player a question with one answer only costs them time, so
        the service makes such a move for them at once, without a ping or a
        deadline, and says so (`describe_forced`). The default: the seat's only
        legal action when it reveals nothing (`reveals`); an action that turns
        up something hidden (a card drawn, a die rolled) is left to the player,
        who may want to see it happen. A seat that could act in two ways, even
        if one of them is to pass, decides.
        """
        return only_answer(self, state, seat)

    def describe_forced(self, state: State, seat: int, action: Action) -> Message:
        """`action`, the one `forced` made for `seat`, in words that say it was made for them.

        The default adds "(made for Anna: the only possible move)" to `describe`;
        a game may say why instead ("Anna has no card to pay: placing ends.").
        """
        move = self.describe(state, seat, action)
        return english(CORE_TEXTS, "core.move.forced", move=move, player=Player(seat))

    def hidden_acting(self, state: State) -> Mapping[int, Action]:
        """The seats of `to_act` asked privately, each with the action made for it should it
        stay silent until its short deadline; empty (the default) when every seat that must
        decide may be named.

        Who is asked may itself be a secret (an offer goes to those who can pay it): the
        service then names, mentions and waits for these seats in no public post, pings
        them privately, and gives them a short deadline of their own after which their
        silent action is made (Catan: Cheops declines an offer nobody answered).
        """
        return {}

    def current_turn(self, state: State) -> int | None:
        """The seat whose turn it is, for display; None when over.

        Differs from `to_act` in games where others answer during a turn.
        """
        acting = self.to_act(state)
        return min(acting) if acting else None

    # ------------------------------------------------ contract, part two
    # What every game can say about itself, so that the bot never needs to
    # know a game's shape. Each has a default that fits a simple game.

    def check_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        """The complete options for `players` players, defaults filled in.

        Raises `IllegalAction` with the sentence when a name or value is not
        one of `options`. An engine whose options depend on each other or on
        the player count overrides this (calling it first) to refuse a
        combination or to choose a `default=None` option.
        """
        declared = {option.name: option for option in self.options}
        for name in options:
            if name not in declared:
                raise IllegalAction(english(CORE_TEXTS, "core.option.unknown", game=self.title, name=name))
        complete: dict[str, str] = {}
        for option in self.options:
            value = options.get(option.name)
            if value is None:
                value = option.default if option.default is not None else option.choices[0]
            if value not in option.choices:
                raise IllegalAction(
                    english(
                        CORE_TEXTS,
                        "core.option.bad_choice",
                        value=str(value),
                        option=option.name,
                        choices=", ".join(option.choices),
                    )
                )
            complete[option.name] = value
        return complete

    def stored_options(self, players: int, stored: Mapping[str, str]) -> dict[str, str]:
        """The complete options of a game whose record holds `stored`, to replay it.

        `stored` is what `check_options` returned when the game began. An option
        it lacks was added since: the game goes on as it was played, with the
        option's `before` value (its default when it has none). A ValueError
        when the record holds what `check_options` refuses.
        """
        earlier = {o.name: o.before for o in self.options if o.before is not None and o.name not in stored}
        try:
            return self.check_options(players, {**stored, **earlier})
        except IllegalAction as refusal:
            raise ValueError(str(refusal)) from None

    def turn_number(self, state: State) -> int:
        """Counts turns from 0; changes exactly when a new turn of `current_turn` begins.

        Everything any seat does between two changes belongs to that turn
        (the thread gets one post per turn). When the game ends it keeps its
        last value.

        The default, -1, says the state keeps no count: the service then
        counts the changes of `current_turn` along the move log itself,
        which is the same thing for a game where turns pass seat to seat.
        """
        return -1

    def prompt(self, state: State, seat: int) -> Message:
        """What `seat`, one of `to_act`, must decide now ("Discard 4 of your 9 cards")."""
        return english(CORE_TEXTS, "core.prompt.your_turn")

    def suggest(
        self, state: State, seat: int, typed: str, limit: int, locale: str | None = None
    ) -> list[str]:
        """At most `limit` notations (in `locale`'s words) for autocomplete that fit `typed`, best first.

        Each must parse (in `locale`) to a legal action of `seat`. The default
        keeps the formatted legal actions that contain every typed word; a game
        with hundreds of moves narrows by kind of move first.
        """
        words = typed.lower().split()
        found: list[str] = []
        for action in self.legal_actions(state, seat):
            text = self.format_action(state, action, locale)
            if all(word in text.lower() for word in words):
                found.append(text)
                if len(found) >= limit:
                    break
        return found

    def private_summary(self, state: State, seat: int) -> Message | None:
        """`seat`'s private information in words (its hand...), for `/hand`; None: nothing to say."""
        return None

    def private_description(self, state: State, seat: int, action: Action, viewer: int) -> Message | None:
        """The action in words as `viewer` may know it, where that is more than `describe`
        says (the card a thief took, for the thief and the victim); None: `describe` tells
        `viewer` all there is.

        Said only to that viewer (their `/hand` and direct messages), never in the thread.
        `state` is before the action, as for `describe`. The default: None.
        """
        return None

    def seat_summary(self, state: State, seat: int) -> Message | None:
        """`seat`'s public figures in words (cards in hand, points...), for `/game info`."""
        return None

    def describe_board(self, view: Mapping[str, Any]) -> list[Message]:
        """The position's key facts in the game's own terms, a sentence each, for the
        description (alt text) of a board image: who holds what on the board, the scores.

        It reads a view, not the state, and the bot passes the spectator's view, so
        it can name nothing hidden. The first facts matter most: a long description is
        cut after the last one that fits. The default says nothing.
        """
        return []

    def impossible_saves(self, saved: str) -> list[tuple[str, str]]:
        """Saves that `loads` must refuse although every field is well-formed: `saved` (a
        save `dumps` wrote) changed into a state the rules cannot produce, each with what
        makes it impossible ("a walled-in region that is no city").

        Empty when no change the game knows fits that position. The conformance suite
        tries them beside its damaged saves and expects every game to offer some; the
        game's docs list the states its `loads` refuses. The default knows none.
        """
        return []

    def quick_actions(self, state: State, seat: int) -> list[Action]:
        """At most 20 legal actions of `seat` that deserve a button now, most useful first.

        The default: all of them when there are at most 20, else none (a
        game with more says which ones matter).
        """
        legal = self.legal_actions(state, seat)
        return list(legal) if len(legal) <= MAX_QUICK_ACTIONS else []

    # ------------------------------------------------ the notation over time

    #: The version of this engine's move notation (`format_action` and
    #: `parse_action`). Every game stores the version its move log is written
    #: in. Raise it whenever the notation changes, so that a text `parse_action`
    #: once read reads differently or not at all (a keyword renamed, fields
    #: reordered), and teach `upgrade_notation` to rewrite the older texts.
    #: Adding a new kind of move that old texts never use needs no new version.
    notation_version: int = 1

    def upgrade_notation(self, text: str, version: int) -> str:
        """A move written in notation `version` (older than `notation_version`),
        rewritten in the current notation.

        Called for every stored move of a game whose log was recorded in an
        older notation, before `parse_action` reads it; `version` is the log's.
        An engine whose notation changed from version 1 to 2 and then to 3
        rewrites from 1 and from 2 here (for example one step at a time). The
        default returns `text` unchanged: the notation never changed.
        """
        return text


def openly_acting(engine: Engine, state: State) -> frozenset[int]:
    """The seats of `to_act` that may be named in public (`Engine.hidden_acting`)."""
    acting = engine.to_act(state)
    hidden = engine.hidden_acting(state)
    return acting - hidden.keys() if hidden else acting


def only_answer(engine: Engine, state: State, seat: int) -> Action | None:
    """`seat`'s only legal action now when it reveals nothing, else None: a decision
    whose answer tells nobody anything (`Engine.forced` by default)."""
    legal = engine.legal_actions(state, seat)
    if len(legal) != 1 or engine.reveals(state, seat, legal[0]):
        return None
    return legal[0]


#: At most this many quick actions (buttons) a position offers.
MAX_QUICK_ACTIONS = 20
