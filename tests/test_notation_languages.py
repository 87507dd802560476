"""Moves in the game's language: every game writes and reads its notation in German and
Dutch, reads English in every language, and quotes its examples in the sentence's language.

The round trip of every legal move in every language is the conformance suite's
(`tests/conformance_support.py`); these tests pin the words and the edges.
"""

from __future__ import annotations

import pytest

import games
import texts
from games.core import Engine
from games.kit.notation import Keywords

#: Per game: a new game's legal move and its notation in English, German and Dutch.
OPENING_MOVES = [
    ("mauerbauer", "wall 23", "mauer 23", "muur 23"),
    ("china", "swap red for deck", "tausche rot gegen stapel", "ruil rood voor stapel"),
    ("chinesische-mauer", "draw", "ziehe", "trek"),
    ("catan-cheops", "settlement I31", "siedlung I31", "dorp I31"),
]


def opening(engine: Engine) -> tuple[object, int]:
    state = engine.setup(engine.min_players + 1, 7)
    return state, min(engine.to_act(state))


@pytest.mark.parametrize(("game", "english", "german", "dutch"), OPENING_MOVES)
def test_a_move_is_written_and_read_in_the_games_language_and_english(
    game: str, english: str, german: str, dutch: str
) -> None:
    engine = games.get(game)
    state, seat = opening(engine)
    action = engine.parse_action(state, seat, english)
    assert action in engine.legal_actions(state, seat)
    assert engine.format_action(state, action) == english
    assert engine.format_action(state, action, "en") == english
    for locale, written in (("de", german), ("nl", dutch)):
        assert engine.format_action(state, action, locale) == written
        assert engine.parse_action(state, seat, written, locale) == action
        assert engine.parse_action(state, seat, written.upper(), locale) == action
        assert engine.parse_action(state, seat, english, locale) == action, (
            "English is read in every language"
        )


def test_mauerbauer_writes_colours_and_card_names_in_the_games_language() -> None:
    engine = games.get("mauerbauer")
    state, seat = opening(engine)
    play = engine.parse_action(state, seat, "play city-7 water for B7")
    assert engine.format_action(state, play, "de") == "spiele stadt-7 wasser für B7"
    assert engine.format_action(state, play, "nl") == "speel stad-7 water voor B7"
    towers = engine.parse_action(state, seat, "towers T5 black T6 grey")
    assert engine.format_action(state, towers, "de") == "türme T5 schwarz T6 grau"
    assert engine.parse_action(state, seat, "Türme t5 SCHWARZ t6 grau", "de") == towers


def test_another_languages_words_are_not_read() -> None:
    """Only the game's language and English: a Dutch word in a German game is refused."""
    engine = games.get("chinesische-mauer")
    state, seat = opening(engine)
    with pytest.raises(games.core.IllegalAction):
        engine.parse_action(state, seat, "trek", "de")


def test_suggestions_are_in_the_games_language_and_english_typed_words_count() -> None:
    engine = games.get("mauerbauer")
    state, seat = opening(engine)
    assert engine.suggest(state, seat, "mauer 2", 3, "de") == ["mauer 2", "mauer 20", "mauer 21"]
    assert engine.suggest(state, seat, "wall 23", 3, "nl")[0] == "muur 23"
    assert engine.suggest(state, seat, "", 1, "nl") == [
        engine.format_action(state, engine.legal_actions(state, seat)[0], "nl")
    ]


def test_a_prompts_example_is_in_the_language_of_its_sentence() -> None:
    engine = games.get("mauerbauer")
    state, seat = opening(engine)
    state = engine.apply(state, seat, engine.parse_action(state, seat, "wall 23"))
    prompt = engine.prompt(state, seat)
    example = engine.format_action(state, engine.legal_actions(state, seat)[0], "de")
    assert example.startswith(("turm ", "türme ", "häuser ", "haus "))
    assert f"`{example}`" in texts.render(prompt, "de")
    assert f"`{engine.format_action(state, engine.legal_actions(state, seat)[0])}`" in texts.render(
        prompt, "en"
    )


@pytest.mark.parametrize(
    ("game", "key", "german", "dutch"),
    [
        ("mauerbauer", "mauerbauer.prompt.wall", "`mauer 23`", "`muur 23`"),
        ("china", "china.prompt.more", "`ende`", "`einde`"),
        ("chinesische-mauer", "chinesische-mauer.rules", "`ziehe`", "`trek`"),
        ("catan-cheops", "catan-cheops.prompt.roll", "`würfeln`", "`dobbelen`"),
    ],
)
def test_texts_quote_moves_in_their_own_language(game: str, key: str, german: str, dutch: str) -> None:
    engine = games.get(game)
    assert german in engine.locales["de"][key]
    assert dutch in engine.locales["nl"][key]


def test_keywords_that_would_read_two_ways_are_refused() -> None:
    english = {"g.keyword.take": "take", "g.keyword.pass": "pass"}
    with pytest.raises(ValueError, match="read two ways"):
        # "pass" in this language would mean "take": which is meant by "pass"?
        Keywords("g", english, {"xx": {"g.keyword.take": "pass", "g.keyword.pass": "passe"}})
    with pytest.raises(ValueError, match="read two ways"):
        Keywords("g", english, {"xx": {"g.keyword.take": "nimm", "g.keyword.pass": "nimm"}})
    with pytest.raises(ValueError, match="one word"):
        Keywords("g", english, {"xx": {"g.keyword.take": "nimm es"}})
    fine = Keywords("g", english, {"xx": {"g.keyword.take": "nimm"}})
    assert fine.write("take 3 pass", "xx") == "nimm 3 pass"
    assert fine.read("NIMM 3", "xx") == "take 3"
    assert fine.write("take 3", None) == fine.write("take 3", "yy") == "take 3"
