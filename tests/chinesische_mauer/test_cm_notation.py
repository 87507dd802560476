"""The move notation (format, parse, friendly errors) and moves in words."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from cm_builders import position
from game_support import parse_refusal

import texts
from games.chinesische_mauer import ENGINE
from games.chinesische_mauer import DragonOn
from games.chinesische_mauer import Draw
from games.chinesische_mauer import PlaceTile
from games.chinesische_mauer import PlayCards
from games.chinesische_mauer import TakeTile
from games.chinesische_mauer.state import State
from games.core import IllegalAction
from games.core import Message
from games.core import Player

NOTATION_HELP = "Moves look like: `tile 5 on 3.2`"


def board() -> State:
    return position(
        players=4,
        sites=["5 3 | 0:wall 2:warrior", "4 2@1 | 1:gate 0:tower", "3 2 |", "8 7 |"],
        turn=0,
        hands=["wall wall horseman horseman dragon", "", "", ""],
        decks=["wall", "", "", ""],
        pending=(),
    )


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (PlaceTile(2, 5, 1), "tile 5 on 3.2"),
        (TakeTile(2), "take 3"),
        (PlayCards("wall", 1, 2), "play wall 3"),
        (PlayCards("wall", 2, 2), "play 2 wall 3"),
        (PlayCards("dragon", 1, 2), "play dragon 3"),
        (DragonOn(1, 3), "dragon on 2.4"),
        (PlayCards("horseman", 1, 2, free=True), "free horseman 3"),
        (PlayCards("horseman", 2, 2, free=True), "free 2 horseman 3"),
        (PlayCards("horseman", 1, 2), "play horseman 3"),
        (PlayCards("horseman", 2, 2), "play 2 horseman 3"),
        (PlayCards("tower", 1, 0), "play tower 1"),
        (Draw(), "draw"),
    ],
)
def test_format_and_parse_each_form(action: object, text: str) -> None:
    state = board()
    assert ENGINE.format_action(state, action) == text
    assert ENGINE.parse_action(state, 0, text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PLAY 2 WALLS 3", PlayCards("wall", 2, 2)),
        ("  play   walls  1 ", PlayCards("wall", 1, 0)),
        ("play watchtower 4", PlayCards("tower", 1, 3)),
        ("free 2 horsemen 1", PlayCards("horseman", 2, 0, free=True)),
        ("Tile 5 on 3 . 2", PlaceTile(2, 5, 1)),
        ("dragon on 2 .4", DragonOn(1, 3)),
        ("Draw", Draw()),
    ],
)
def test_parse_is_forgiving_about_case_spaces_and_plurals(text: str, action: object) -> None:
    assert ENGINE.parse_action(board(), 0, text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "hello",
        "play",
        "play wall",
        "tile 5 on 3",
        "take",
        "draw 2",
        "dragon 2.4",
        "play wall three",
        "play ３ wall 1",
        "play 1234567 wall 1",
        "tile 5 on 1.9999999",
        "x" * 5000,
        "🐉 on 1.1",
    ],
)
def test_malformed_notation_shows_the_accepted_forms(text: str) -> None:
    refused = parse_refusal(ENGINE, board(), 0, text)
    assert refused.key == "cm.error.notation"
    assert NOTATION_HELP in str(refused)
    assert len(str(refused)) < 300


def test_notation_error_quotes_the_text() -> None:
    with pytest.raises(IllegalAction, match=r"^I cannot read “plya wall 3”\."):
        ENGINE.parse_action(board(), 0, "plya   wall 3")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play wall 5", "Site 5 does not exist."),
        ("play wall 0", "Site 0 does not exist."),
        ("take 9", "Site 9 does not exist."),
        ("tile 5 on 7.1", "Site 7 does not exist."),
        ("dragon on 2.0", "Site 2 has no card at position 0."),
        ("play castle 1", "There is no card called “castle”."),
        ("free wall 1", "Only horsemen can be played for free."),
        ("play 0 walls 1", "Play at least one card."),
    ],
)
def test_out_of_range_and_unknown_words_get_their_own_sentence(text: str, message: str) -> None:
    assert str(parse_refusal(ENGINE, board(), 0, text)).startswith(message)


def test_parse_format_round_trip_and_distinct_notations_in_played_games() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4, 5):
        state = ENGINE.setup(players, players * 17)
        while ENGINE.to_act(state):
            seat = ENGINE.current_turn(state)
            assert seat is not None
            actions = ENGINE.legal_actions(state, seat)
            texts = [ENGINE.format_action(state, action) for action in actions]
            assert len(set(texts)) == len(texts)
            for action, text in zip(actions, texts, strict=True):
                assert ENGINE.parse_action(state, seat, text) == action
            state = ENGINE.apply(state, seat, rng.choice(actions))


def test_format_of_a_foreign_value_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not a move"):
        ENGINE.format_action(board(), ("play", "wall"))


def words(action: object, state: State | None = None, seat: int = 0) -> Message:
    return ENGINE.describe(state or board(), seat, action)


def test_describe_a_play() -> None:
    message = words(PlayCards("wall", 2, 2))
    assert message.key == "cm.move.play"
    assert message.params["player"] == Player(0)
    assert message.params["card"] == Message("cm.card.wall", {}, "Wall")
    assert str(message) == "Player 1 plays 2 × Wall at site 3."
    assert (
        str(words(PlayCards("horseman", 1, 0, free=True))) == "Player 1 plays a Horseman at site 1 for free."
    )
    assert str(words(PlayCards("gate", 1, 1))) == "Player 1 plays a Gate at site 2."


def test_describe_a_draw_never_says_which_card() -> None:
    message = words(Draw())
    assert str(message) == "Player 1 draws a card."
    assert set(message.params) == {"player"}


def test_describe_tiles_say_the_value_and_the_site() -> None:
    state = position(players=2, sites=["5 3 | 0:gate", "4 2@2 | 1:tower 0:wall 1:wall"], hands=["wall", ""])
    assert (
        str(words(PlaceTile(0, 5, 0), state))
        == "Player 1 lays the fame tile 5 from site 1 on their Gate at position 1."
    )
    other = position(players=2, sites=["5 3 | 1:gate", "4 2@2 | 1:tower 0:wall"], turn=1, hands=["", "wall"])
    assert str(words(TakeTile(1), other, 1)) == (
        "Player 2 takes the fame tile 4 from site 2; Player 1 receives the tile 2 that lay on their card. "
        "The site is cleared."
    )
    alone = position(players=2, sites=["5 3@1 | 1:gate", "4 2 |"], turn=1, hands=["", "wall"])
    assert str(words(TakeTile(0), alone, 1)) == (
        "Player 2 takes the fame tile 5 from site 1 and the tile 3 that lay on their own card. "
        "The site is cleared."
    )


def test_describe_a_dragon_cover() -> None:
    message = words(DragonOn(0, 1))
    assert str(message) == "Player 1 lays the Dragon on Player 3's Warrior at site 1, position 2."
    assert message.params["owner"] == Player(2)
    assert message.params["card"] == Message("cm.card.warrior", {}, "Warrior")


def test_every_message_key_used_has_an_english_template() -> None:
    keys = set(ENGINE.texts)
    # The game's own keys: "cm.…", labels such as "board.cm.…", and "chinesische-mauer.rules".
    assert all(key.startswith(("cm.", "chinesische-mauer.")) or ".cm." in key for key in keys)
    for kind in ("wall", "gate", "tower", "noble", "warrior", "horseman", "dragon"):
        assert f"cm.card.{kind}" in keys
        assert f"cm.cards.{kind}" in keys
    with pytest.raises(IllegalAction) as raised:
        ENGINE.describe(board(), 0, "nonsense")
    assert raised.value.key in keys


def _examples(text: str) -> list[str]:
    """The moves a help text shows: after its colon, parted by "·" or in backticks."""
    if "`" in text:
        return text.split("`")[1::2]
    return [part.strip().rstrip(".") for part in text.split(":", 1)[1].split("·")]


@pytest.mark.parametrize("locale", ["en", "de", "nl"])
def test_every_move_a_help_text_shows_is_spelt_as_the_game_writes_it(locale: str) -> None:
    """One move, one spelling: the examples of the notation refusal, the rules (in the
    language's words) and the README (English) are each the game's own writing of that move
    (not "play 2 walls 3" beside "play 2 wall 3")."""
    shown = _examples(texts.t("cm.error.notation", locale, text="x"))
    shown += _examples(texts.t("chinesische-mauer.rules", locale).rsplit("\n", 1)[-1])
    state = board()
    for example in shown:
        action = ENGINE.parse_action(state, 0, example, locale)
        assert ENGINE.format_action(state, action, locale) == example, example
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Chinesische Mauer in short", 1)[1].split("`/rules", 1)[0]
    for example in section.split("`")[1::2]:
        assert ENGINE.format_action(state, ENGINE.parse_action(state, 0, example)) == example, example
