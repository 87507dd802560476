"""Saves, views (what each viewer sees, and nothing more) and the texts in three languages."""

from __future__ import annotations

import json
import random
import re
import string

from cc_support import play
from cc_support import position
from cc_support import random_states
from cc_support import resample_hidden
from game_support import check_impossible_saves
from game_support import check_refused

import texts as catalogue
from games.catan_cheops import ENGINE
from games.catan_cheops.data import LOCALES
from games.catan_cheops.data import TEXTS
from games.catan_cheops.notation import KEYWORDS
from games.catan_cheops.state import ROBBER as ROBBER_PHASE
from games.catan_cheops.state import SEVEN

NAMES = ["Anna", "Bert", "Cleo", "Dana"]


def test_saves_round_trip() -> None:
    for players in (3, 4):
        for state in random_states(players, 3, every=37):
            text = ENGINE.dumps(state)
            assert ENGINE.loads(text) == state
            assert ENGINE.dumps(ENGINE.loads(text)) == text
            assert json.loads(text)["version"] == 2


def test_damaged_saves_are_refused() -> None:
    data = json.loads(ENGINE.dumps(position(settlements={"I23": 0}, hands={0: {"brick": 2}})))
    bad = [
        {**data, "version": 3},
        {**data, "hands": [[5, 0, 0, 0, 0], [0] * 5, [0] * 5, [0] * 5]},
        {**data, "buildings": [["I23", 0, "settlement"], ["I32", 1, "settlement"]]},
        {**data, "buildings": [["I999", 0, "settlement"]]},
        {**data, "pieces": [["E1", 0, "road"]]},
        {**data, "deck": [*data["deck"], "knight"]},
        # A black block before any player block: only the rulebook's pharaoh builds it.
        {**data, "pyramid": ["black"], "pharaoh": "revised"},
        {**data, "blessing": 1, "pyramid": [0]},
        {**data, "phase": "offer"},
        {**data, "phase": "discard"},
        {**data, "army": 0},
        {**data, "robber": "H1"},
        {**data, "gold": [3, 3, 3, -1]},
        {**data, "last_roll": [7, 1]},
    ]
    check_refused(ENGINE, damaged=bad, texts=("", "[]", "null", "{}", ENGINE.dumps(position())[:-3]))


def test_views_hide_other_hands_cards_and_the_deck() -> None:
    state = position(
        settlements={"I23": 0},
        hands={0: {"brick": 2}, 1: {"ore": 3}},
        cards={1: {"victory": 1, "knight": 1}},
    )
    spectator = ENGINE.view(state, None)
    own = ENGINE.view(state, 1)
    assert "hand" not in spectator
    assert own["hand"]["resources"]["ore"] == 3 and own["hand"]["cards"]["victory"] == 1
    assert spectator["seats"][1] == own["seats"][1]
    assert spectator["seats"][1]["resources"] == 3 and spectator["seats"][1]["cards"] == 2
    assert spectator["seats"][1]["points"] == 0 and own["hand"]["points"] == 1
    text = json.dumps(spectator)
    assert "deck" in spectator and isinstance(spectator["deck"], int)
    assert "rng" not in text
    for key in set(own) - {"viewer", "hand"}:
        assert own[key] == spectator[key]
    # A fresh copy each time: the bot adds names to it.
    spectator["board"]["hexes"].append("x")
    assert ENGINE.view(state, None)["board"]["hexes"][-1] != "x"


def test_the_view_has_what_a_renderer_needs() -> None:
    state = position(
        settlements={"I23": 0},
        cities={"I53": 1},
        roads={"E33": 0},
        ships={"E34": 1},
        pyramid=(0, 9),
        blessing=0,
    )
    view = ENGINE.view(state, None)
    board = view["board"]
    assert {"hexes", "intersections", "edges", "harbours", "pyramid_sites", "founding"} <= set(board)
    assert board["hexes"][0].keys() >= {"id", "q", "r", "x", "y", "terrain", "token"}
    assert view["settlements"] == [{"at": "I23", "seat": 0}] and view["cities"] == [{"at": "I53", "seat": 1}]
    assert view["roads"] == [{"at": "E33", "seat": 0}] and view["ships"] == [{"at": "E34", "seat": 1}]
    assert view["pyramid"]["blocks"] == [0, "black"] and view["pyramid"]["layers"] == [16, 8, 4, 1]
    assert view["blessing"] == 0 and view["cursed"] == [1, 2, 3]
    assert view["robber"].startswith("H") and view["last_roll"] == [3, 4]
    assert view["seats"][0]["harbours"] == ["generic"]


def test_a_discard_is_public_at_once() -> None:
    state = position(hands={0: {"brick": 8}, 1: {"ore": 9}}, phase=3, discards=(4, 4, 0, 0), resume=8)
    after = play(state, 1, "discard 4 ore")
    assert ENGINE.view(after, None)["seats"][1]["resources"] == 5
    assert ENGINE.view(after, None)["discards"] == [4, 0, 0, 0]
    assert ENGINE.reveals(state, 1, ENGINE.parse_action(state, 1, "discard 4 ore")) is False


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_text_in_german_and_dutch_with_the_same_fields_and_code() -> None:
    assert set(LOCALES) == {"de", "nl"}
    for language, texts in LOCALES.items():
        assert set(texts) == set(TEXTS), language
        for key, english in TEXTS.items():
            assert fields(texts[key]) == fields(english), (language, key)
            # Moves are quoted in the language's words.
            quoted = [KEYWORDS.write(span, language) for span in re.findall(r"`([^`]+)`", english)]
            assert re.findall(r"`([^`]+)`", texts[key]) == quoted, (language, key)
            assert texts[key].count("**") == english.count("**") and texts[key].count("\n") == english.count(
                "\n"
            )
    for part in ("settlements", "cities", "army", "victory_cards", "blessing", "curse"):
        assert f"catan-cheops.outcome.{part}" in TEXTS
    assert "catan-cheops.rules" in TEXTS
    de, nl = LOCALES["de"], LOCALES["nl"]
    assert de["catan-cheops.resource.brick"] == "Lehm" and nl["catan-cheops.resource.brick"] == "leem"
    assert (
        de["catan-cheops.thing.settlement"] == "eine Siedlung"
        and nl["catan-cheops.thing.settlement"] == "een dorp"
    )


def test_what_a_viewer_may_not_see_does_not_change_its_view() -> None:
    chooser = random.Random(4)
    checked = 0
    for state in random_states(4, 8, every=20):
        for viewer in (None, 0, 1, 2, 3):
            other = resample_hidden(state, viewer, chooser)
            assert ENGINE.view(other, viewer) == ENGINE.view(state, viewer)
            if viewer is not None:
                assert ENGINE.private_summary(other, viewer) == ENGINE.private_summary(state, viewer)
            for seat in range(4):
                assert ENGINE.seat_summary(other, seat) == ENGINE.seat_summary(state, seat)
            checked += 1
    assert checked > 100


def test_states_the_rules_cannot_produce_are_refused() -> None:
    check_impossible_saves(
        ENGINE,
        random_states(3, 1, every=25),
        {
            "the robber on the sea": r"the robber stands on land",
            "a settlement beside a building": r"buildings must keep the distance rule",
            "a discard owed outside the discard phase": r"discards are owed exactly in the discard phase",
        },
    )


#: A position written from docs/catan-cheops.md alone ("Saves"): 3 players after the founding,
#: seat 1 has rolled; seat 0 holds the blessing, seat 2 (no block) the curse.
WRITTEN_BY_HAND = """
{"format": "catan-cheops", "version": 2, "players": 3, "rng": 77,
 "phase": "main", "turn": 1, "turns": 10, "founding_step": 18, "last_settlement": null,
 "buildings": [["I21", 0, "settlement"], ["I27", 0, "settlement"], ["I40", 0, "settlement"],
               ["I23", 1, "city"], ["I28", 1, "settlement"], ["I41", 1, "settlement"],
               ["I24", 2, "settlement"], ["I26", 2, "settlement"], ["I42", 2, "settlement"]],
 "pieces": [["E30", 0, "road"], ["E42", 0, "road"], ["E58", 0, "road"],
            ["E34", 1, "road"], ["E22", 1, "ship"], ["E60", 1, "road"],
            ["E36", 2, "road"], ["E40", 2, "road"], ["E63", 2, "road"]],
 "hands": [[1, 0, 2, 0, 1], [0, 1, 1, 1, 1], [2, 1, 0, 0, 0]], "gold": [3, 1, 4],
 "bank": [16, 17, 16, 18, 17],
 "deck": ["knight", "victory", "roads", "knight", "monopoly"],
 "cards": [[0, 0, 0, 0, 0], [1, 0, 0, 1, 0], [0, 1, 0, 0, 0]], "new_cards": [0, 0, 0, 1, 0],
 "played_card": false, "knights": [1, 0, 0], "army": null,
 "robber": "H10", "pyramid": [0, "black", 1], "blessing": 0,
 "discards": [0, 0, 0], "free_roads": 0, "resume": "main",
 "offer": null, "answers": [-1, -1, -1], "offers_made": 0,
 "last_roll": [3, 5], "ended": "", "pharaoh": "revised"}
"""


def test_a_position_written_from_the_docs_loads() -> None:
    state = ENGINE.loads(WRITTEN_BY_HAND)
    assert ENGINE.to_act(state) == {1}
    assert ENGINE.turn_number(state) == 10
    # Seat 0: 3 settlements and the blessing (3); seat 1: a city and 2 settlements; seat 2:
    # 3 settlements, cursed (-2); seat 2's victory card is hidden from the spectator.
    assert [seat["points"] for seat in ENGINE.view(state, None)["seats"]] == [6, 4, 1]
    # The card bought is the deck's top one, listed last.
    bought = ENGINE.apply(state, 1, ENGINE.parse_action(state, 1, "buy card"))
    assert bought.devs[1] == (1, 0, 0, 1, 1) and bought.hands[1] == (0, 1, 0, 0, 0)


def test_the_card_the_robber_takes_is_told_to_the_thief_and_the_victim_only() -> None:
    state = position(
        settlements={"I23": 1}, hands={0: {"brick": 1}, 1: {"wool": 1}}, phase=ROBBER_PHASE, resume=SEVEN
    )
    action = ENGINE.parse_action(state, 0, "robber H12 steal 2")
    after = ENGINE.apply(state, 0, action)
    assert after.hands[0] == (1, 0, 1, 0, 0)  # type: ignore[attr-defined]
    public = ENGINE.describe(state, 0, action)
    board = ENGINE.describe_board(ENGINE.view(after, None))
    for locale, word in ((None, "wool"), ("de", "Wolle"), ("nl", "wol")):
        said = catalogue.render(public, locale, NAMES)
        assert "Bert" in said and word not in said.lower()
        assert not any(word in catalogue.render(fact, locale, NAMES).lower() for fact in board)
    for viewer in (0, 1):
        told = ENGINE.private_description(state, 0, action, viewer)
        assert told is not None
        assert (
            catalogue.render(told, None, NAMES) == "Anna moves the robber to H12 and takes 1 wool from Bert."
        )
    assert ENGINE.private_description(state, 0, action, 2) is None
    assert ENGINE.private_description(state, 0, ENGINE.parse_action(state, 0, "robber H12"), 0) is None
