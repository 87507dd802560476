"""Every board image carries a description (alt text) for screen readers.

For each game, at the start, in the middle and at the end of a seeded random game:
the description is there, fits Discord's 1,024 characters, speaks the reader's
language, says whose turn it is and the game's own key facts, and names nothing
hidden: a state that differs only in what a spectator may not see (the other
seats' hands, decks, face-down tiles) reads exactly the same.
"""

from __future__ import annotations

import random
import re

import pytest
from test_hidden_information import RESAMPLERS
from test_hidden_information import variant

import games
import texts
from bot.service.alt_text import DESCRIPTION_LIMIT
from bot.service.alt_text import describe
from bot.service.alt_text import plain
from games.core import Engine
from games.core import Message
from games.core import State
from games.core import fill
from games.core import listing

GAMES = ("chinesische-mauer", "china", "mauerbauer", "catan-cheops")
NAMES = ["Anna", "Bert", "Cleo", "Dora"]
#: Words every description has in each language (the opening sentence).
OPENING = {"en": "Board of", "de": "Spielplan von"}


def stages(engine: Engine, players: int, seed: int) -> dict[str, State]:
    """The start, the middle and the end of a seeded random game."""
    rng = random.Random(seed)
    state = engine.setup(players, seed, engine.check_options(players, {}))
    seen = [state]
    while acting := sorted(engine.to_act(state)):
        seat = acting[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        seen.append(state)
    return {"start": seen[0], "middle": seen[len(seen) // 2], "end": seen[-1]}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("locale", ["en", "de"])
def test_each_stage_is_described_in_the_readers_language(game_id: str, locale: str) -> None:
    engine = games.get(game_id)
    players = 3
    names = NAMES[:players]
    for stage, state in stages(engine, players, seed=11).items():
        said = describe(engine, state, names, locale, ["Anna: builds."])
        where = f"{game_id} at the {stage}, {locale}"
        assert 0 < len(said) <= DESCRIPTION_LIMIT, where
        assert said.startswith(f"{OPENING[locale]} {engine.title}."), where
        assert "**" not in said and "`" not in said, where
        outcome = engine.outcome(state)
        if outcome is None:
            current = engine.current_turn(state)
            assert current is not None
            turn = texts.t("alt.turn", locale, names, player=names[current])
            assert turn in said, where
        else:
            assert all(names[seat] in said for seat in outcome.winners), where
        # The game's own key facts, in the reader's language: its first one (which the
        # trimming keeps whenever anything of the board fits) is in there.
        facts = engine.describe_board(engine.view(state, None))
        assert facts, where
        first = plain(texts.render(facts[0], locale, names))
        assert first.rstrip(".") in said, where
        if locale != "en":
            assert first != plain(texts.render(facts[0], "en", names)), where


#: Words that address the one reading: a public description, read by everyone, has none.
SECOND_PERSON = {"en": r"\b(?:you|your)\b", "de": r"\b(?:du|dein\w*)\b", "nl": r"\b(?:je|jij|jouw|u)\b"}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_public_description_names_who_decides_and_addresses_no_one(game_id: str) -> None:
    """A seat's prompt speaks to that seat ("Your turn: …"): the public description says who
    must decide in its own sentences; the deciding seat's own description gives its prompt."""
    engine = games.get(game_id)
    for stage, state in stages(engine, 3, seed=5).items():
        for locale, second_person in SECOND_PERSON.items():
            said = describe(engine, state, NAMES[:3], locale)
            where = f"{game_id} at the {stage}, {locale}: {said}"
            assert not re.search(second_person, said, re.IGNORECASE), where
            assert ": :" not in said and not re.search(r":\s*\w+:", said.split(".")[0]), where
            for seat in engine.to_act(state):
                own = describe(engine, state, NAMES[:3], locale, viewer=seat)
                prompt = plain(texts.render(engine.prompt(state, seat), locale, NAMES[:3]))
                assert prompt.rstrip(".") in own, where


def test_lines_of_a_summary_are_read_as_sentences() -> None:
    """A seat's private summary has a line each for its hand and its deck: read out, the
    lines are sentences ("… Warrior. Cards in your deck: 14"), not one run-on line."""
    assert (
        plain("**Your hand:** 1 × Warrior\nCards in your deck: 14")
        == "Your hand: 1 × Warrior. Cards in your deck: 14"
    )
    assert plain("· hand 5 · deck 15") == "hand 5 · deck 15"
    assert plain("Site 1:\n• a Wall") == "Site 1: a Wall"


def test_a_long_description_is_cut_between_sentences() -> None:
    engine = games.get("mauerbauer")
    state = stages(engine, 4, seed=3)["middle"]
    changes = [f"Anna: builds wall {number} and scores the city next to it." for number in range(40)]
    said = describe(engine, state, NAMES, "en", changes)
    assert len(said) <= DESCRIPTION_LIMIT
    assert said.endswith(".") and not said.endswith("…")


@pytest.mark.parametrize("game_id", GAMES)
def test_no_hidden_card_is_named(game_id: str) -> None:
    """What a spectator may not see (every seat's hand, the decks) changes no word of it."""
    engine = games.get(game_id)
    assert engine.id in RESAMPLERS
    rng = random.Random(5)
    checked = changed = 0
    for seed in (1, 2):
        for stage, state in stages(engine, 3, seed).items():
            for locale in ("en", "de"):
                said = describe(engine, state, NAMES[:3], locale, ["Anna: builds."])
                for seat in range(3):
                    # A seat's own words about its hand ("Your hand: ...") are not public.
                    hand = engine.private_summary(state, seat)
                    if hand is not None:
                        assert plain(texts.render(hand, locale, NAMES[:3])) not in said
                for _ in range(3):
                    other = variant(engine, state, None, rng)
                    if other is None:
                        continue
                    checked += 1
                    changed += other != state
                    again = describe(engine, other, NAMES[:3], locale, ["Anna: builds."])
                    assert again == said, f"{game_id} at the {stage}, {locale}"
    assert checked >= 12 and changed >= checked // 2


#: Nouns the descriptions count, in their plural form per language: a count of 1 takes the
#: singular ("1 point", not "1 points"; `games.core.fill`'s word forms by number).
PLURALS = {
    "en": "points|cards|resource cards|development cards|knights|pyramid blocks|settlements|cities|roads"
    "|ships|houses|emissaries|fortresses|fields|walls",
    "de": "Punkte|Siegpunkte|Karten|Rohstoffkarten|Entwicklungskarten|Pyramidensteine|Siedlungen|Städte"
    "|Straßen|Schiffe|Häuser|Gesandte|Festungen|Felder|Mauern",
    "nl": "punten|overwinningspunten|kaarten|handkaarten|grondstofkaarten|ontwikkelingskaarten|ridders"
    "|piramidestenen|dorpen|steden|straten|schepen|landhuizen|afgezanten|versterkingen|velden|muren",
}

#: The lists a description gives, which say "none" when empty.
EMPTY_LISTS = (
    "houses|emissaries|palaces|towers|player:|Häuser|Gesandte|Paläste|Türme|Spieler:"
    "|huizen|afgezanten|paleizen|torens|speler:"
)


@pytest.mark.parametrize("game_id", GAMES)
def test_counts_are_worded_as_counted(game_id: str) -> None:
    """ "1 point" and "2 points" in every language, lists joined by "and", and "none" where a
    list is empty (never "houses 0"), at the start, middle and end of several games."""
    engine = games.get(game_id)
    singular_seen = 0
    for players in sorted({engine.min_players, min(engine.max_players, 4)}):
        for seed in (1, 2, 3):
            for stage, state in stages(engine, players, seed).items():
                for locale, plurals in PLURALS.items():
                    said = describe(engine, state, NAMES[:players], locale)
                    where = f"{game_id}, {players} players, seed {seed}, {stage}, {locale}: {said}"
                    assert not re.search(rf"(?<![\d.,−-])1 (?:{plurals})\b", said), where
                    assert not re.search(rf"(?:{EMPTY_LISTS}) 0\b", said), where
                    singular_seen += bool(re.search(r"(?<![\d.,−-])1 [A-Za-zäöüß]", said))
    assert singular_seen


def test_word_forms_by_number_and_lists_in_each_language() -> None:
    assert fill("{n:# point|# points}", {"n": "1"}) == "1 point"
    # CLDR counts by the number's size: -1 takes the form of 1 (tests/test_plurals.py).
    assert [fill("{n:# point|# points}", {"n": n}) for n in ("0", "2", "-1")] == [
        "0 points",
        "2 points",
        "-1 point",
    ]
    assert fill("{n:one card|# cards}, {m}", {"n": "1", "m": "x"}) == "one card, x"
    three = listing(["a", "b", "c"])
    assert [
        texts.render(Message("alt.winners", {"players": three, "count": 3}), locale)
        for locale in ("en", "de", "nl")
    ] == [
        "The winners are a, b, and c.",  # CLDR's English list (texts.join_list)
        "Gewonnen haben a, b und c.",
        "Gewonnen door a, b en c.",
    ]
    assert texts.render(Message("alt.winners", {"players": "a", "count": 1}), "de") == "Gewonnen hat a."
    assert texts.render(listing([listing(["a", "b"]), "c"], groups=True), "en") == "a and b; c"
