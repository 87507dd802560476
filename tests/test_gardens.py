"""Gardens, the test suite's own game: its rules, and the parts of the contract it exercises.

Gardens (tests/gardens) is written as a game from outside the project: it
uses only the public registries. These tests use its engine directly and
register it only where registration itself is tested (and undo that), so
that the rest of the suite sees the registries as conftest leaves them.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import time
from collections.abc import Iterator

import gardens
import pytest
from conformance_support import check_views
from conformance_support import play
from game_support import check_impossible_saves
from gardens.rules import NOT_INVOLVED
from gardens.rules import PASS
from gardens.rules import WAITING
from gardens.rules import Pass
from gardens.rules import Plant
from gardens.rules import Shelter
from gardens.rules import State
from gardens.rules import new_game

import ai
import games
import renderers
from games.core import MAX_QUICK_ACTIONS
from games.core import IllegalAction
from games.core import Rng

ENGINE = gardens.ENGINE
W = 20  # the large garden's width


def cell(name: str, width: int = W) -> int:
    """`C7` -> its index in a garden of that width."""
    return (int(name[1:]) - 1) * width + "ABCDEFGHIJKLMNOPQRST".index(name[0])


def garden(
    players: int, flowers: dict[str, int], *, size: str = "large", plantings: int | None = None
) -> State:
    """A position with those flowers (cell name -> seat), the next seat to plant by `plantings`."""
    state = new_game(players, 7, size, "calm")
    board = list(state.board)
    for name, seat in flowers.items():
        board[cell(name, state.width)] = seat
    if plantings is None:
        plantings = len(flowers)
    return dataclasses.replace(state, board=tuple(board), plantings=plantings, last_roll=1)


def storm(state: State, at: str) -> State:
    """`state` with a storm raging at `at` (a flower of the seat that planted last)."""
    planter = (state.plantings - 1) % state.players
    where = cell(at, state.width)
    assert state.board[where] == planter
    answers = tuple(
        WAITING if seat != planter and seat in state.board else NOT_INVOLVED for seat in range(state.players)
    )
    return dataclasses.replace(state, storm=where, answers=answers, last_roll=6)


def storm_roll_rng() -> int:
    """A generator state whose next die roll is a 6."""
    return next(rng for rng in range(1000) if Rng.below(rng, 6)[0] == 5)


def calm_roll_rng() -> int:
    return next(rng for rng in range(1000) if Rng.below(rng, 6)[0] == 0)


# ----------------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("players", "size"), [(2, "small"), (3, "large"), (4, "large")], ids=["2p", "3p", "4p"]
)
def test_the_garden_size_follows_the_player_count(players: int, size: str) -> None:
    assert ENGINE.check_options(players, {}) == {"size": size, "weather": "calm"}
    state = ENGINE.setup(players, 1)
    assert state.size == size
    assert len(ENGINE.view(state, None)["board"]) == {"small": 12, "large": 20}[size]


def test_chosen_options_are_kept() -> None:
    assert ENGINE.check_options(2, {"size": "large"}) == {"size": "large", "weather": "calm"}
    assert ENGINE.check_options(3, {"size": "small"}) == {"size": "small", "weather": "calm"}
    # Stormy weather without a size chosen: the engine picks the garden the storm needs.
    assert ENGINE.check_options(2, {"weather": "stormy"}) == {"size": "large", "weather": "stormy"}


@pytest.mark.parametrize(
    ("players", "options", "key", "sentence"),
    [
        (
            2,
            {"size": "small", "weather": "stormy"},
            "gardens.error.stormy_needs_large",
            "Stormy weather needs the large garden.",
        ),
        (4, {"size": "small"}, "gardens.error.small_for_three", "The small garden is for at most 3 players."),
    ],
)
def test_refused_combinations_say_why(players: int, options: dict[str, str], key: str, sentence: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.check_options(players, options)
    assert refused.value.key == key
    assert str(refused.value) == sentence
    with pytest.raises(ValueError, match=re.escape(sentence)):
        ENGINE.setup(players, 1, options)


def test_unknown_option_names_and_values_are_refused() -> None:
    with pytest.raises(IllegalAction) as unknown:
        ENGINE.check_options(2, {"colour": "red"})
    assert unknown.value.key == "core.option.unknown"
    with pytest.raises(IllegalAction) as bad:
        ENGINE.check_options(2, {"size": "huge"})
    assert bad.value.key == "core.option.bad_choice"
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1, {"weather": "foggy"})


def test_stormy_weather_storms_on_a_five() -> None:
    five = next(rng for rng in range(1000) if Rng.below(rng, 6)[0] == 4)
    for weather, expected in (("calm", False), ("stormy", True)):
        state = dataclasses.replace(garden(2, {"A1": 1}, plantings=2), weather=weather, rng=five)
        after = ENGINE.apply(state, 0, Plant(cell("A2")))
        assert after.last_roll == 5
        assert after.stormy is expected


# ----------------------------------------------------------------------------- storms


def test_a_storm_asks_every_other_seat_with_flowers_at_once() -> None:
    # Seat 3 has no flower: the storm does not ask it.
    state = garden(4, {"J10": 1, "K11": 2, "A1": 0}, plantings=4)
    state = dataclasses.replace(state, rng=storm_roll_rng())
    assert ENGINE.to_act(state) == {0}
    after = ENGINE.apply(state, 0, Plant(cell("J11")))
    assert after.last_roll == 6 and after.stormy
    assert ENGINE.to_act(after) == {1, 2}
    assert ENGINE.current_turn(after) == 0
    assert ENGINE.legal_actions(after, 0) == [] and ENGINE.legal_actions(after, 3) == []
    assert ENGINE.legal_actions(after, 1) == [Shelter(cell("J10")), Pass()]
    assert "A storm at J11" in str(ENGINE.prompt(after, 1))


@pytest.mark.parametrize("order", [(1, 2, 3), (3, 1, 2), (2, 3, 1)], ids=str)
def test_answers_in_any_order_give_the_same_result(order: tuple[int, ...]) -> None:
    # Seat 0 planted J10; around it: seat 1 on J9 and J11, seat 2 on I10, seat 3 on K10,
    # and seat 0's own I9 is diagonal (never threatened).
    state = storm(
        garden(4, {"J10": 0, "J9": 1, "J11": 1, "I10": 2, "K10": 3, "I9": 0, "A1": 2}, plantings=5), "J10"
    )
    assert state.turn == 0
    answers = {1: Shelter(cell("J9")), 2: Shelter(cell("A1")), 3: Pass()}
    for done, seat in enumerate(order, 1):
        assert ENGINE.to_act(state) == {1, 2, 3} - set(order[: done - 1])
        state = ENGINE.apply(state, seat, answers[seat])
    assert not state.stormy
    board = ENGINE.view(state, None)["board"]
    # Sheltered J9 stays; J11 (seat 1), I10 (seat 2, who sheltered elsewhere) and K10 are lost.
    assert board[8][9] == 1
    assert board[10][9] is None and board[9][8] is None and board[9][10] is None
    assert board[9][9] == 0 and board[8][8] == 0 and board[0][0] == 2
    assert state.last_storm is not None
    assert state.last_storm.lost == tuple(sorted(cell(n) for n in ("J11", "I10", "K10")))
    assert ENGINE.to_act(state) == {1}


def test_the_planters_own_flowers_are_safe() -> None:
    state = storm(garden(2, {"C3": 0, "C4": 0, "D3": 1}, plantings=3), "C3")
    after = ENGINE.apply(state, 1, Pass())
    assert after.board[cell("C4")] == 0
    assert after.board[cell("D3")] == -1


def test_answers_are_checked() -> None:
    state = storm(garden(3, {"C3": 0, "D3": 1, "H8": 2, "C4": 2}, plantings=4), "C3")
    expectations = [
        (0, Pass(), "gardens.error.not_asked"),
        (1, Shelter(cell("H8")), "gardens.error.not_your_flower"),
        (1, Plant(cell("A1")), "gardens.error.answer_storm"),
        (0, Plant(cell("A1")), "gardens.error.storm_raging"),
    ]
    for seat, action, key in expectations:
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(state, seat, action)
        assert refused.value.key == key, (seat, action)
    answered = ENGINE.apply(state, 1, Pass())
    with pytest.raises(IllegalAction) as again:
        ENGINE.apply(answered, 1, Shelter(cell("D3")))
    assert again.value.key == "gardens.error.answered"


def test_plantings_are_checked() -> None:
    state = garden(2, {"C3": 0}, plantings=1)
    for seat, action, key in [
        (1, Plant(cell("C3")), "gardens.error.occupied"),
        (0, Plant(cell("C4")), "gardens.error.not_your_turn"),
        (1, Pass(), "gardens.error.no_storm"),
        (1, Shelter(cell("C3")), "gardens.error.no_storm"),
        (1, Plant(9999), "gardens.error.unknown_action"),
        (1, "plant C4", "gardens.error.unknown_action"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(state, seat, action)
        assert refused.value.key == key, action
    with pytest.raises(IllegalAction, match=r"A flower already grows on C3\."):
        ENGINE.apply(state, 1, Plant(cell("C3")))


def test_a_storm_with_nobody_to_ask_passes_at_once() -> None:
    state = dataclasses.replace(new_game(3, 1, "large", "calm"), rng=storm_roll_rng())
    after = ENGINE.apply(state, 0, Plant(cell("A1")))
    assert after.last_roll == 6 and not after.stormy
    assert ENGINE.to_act(after) == {1}


# ----------------------------------------------------------------------------- turns


def test_turn_number_counts_planting_turns_and_keeps_its_last_value() -> None:
    state = dataclasses.replace(ENGINE.setup(2, 3), rng=calm_roll_rng())
    assert ENGINE.turn_number(state) == 0
    state = ENGINE.apply(state, 0, Plant(cell("A1", 12)))
    assert (ENGINE.turn_number(state), ENGINE.current_turn(state)) == (1, 1)
    state = dataclasses.replace(state, rng=storm_roll_rng())
    stormy = ENGINE.apply(state, 1, Plant(cell("A2", 12)))
    assert stormy.stormy
    # The storm belongs to seat 1's turn.
    assert (ENGINE.turn_number(stormy), ENGINE.current_turn(stormy)) == (1, 1)
    after = ENGINE.apply(stormy, 0, Pass())
    assert (ENGINE.turn_number(after), ENGINE.current_turn(after)) == (2, 0)
    # To the end: the count changes exactly when the planting seat does.
    rng = random.Random(5)
    previous = (ENGINE.turn_number(after), ENGINE.current_turn(after))
    state = after
    while ENGINE.to_act(state):
        seat = rng.choice(sorted(ENGINE.to_act(state)))
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        now = (ENGINE.turn_number(state), ENGINE.current_turn(state))
        if now[1] is None:
            assert now[0] == previous[0] == 2 * 6 - 1
        else:
            assert (now[0] == previous[0]) == (now[1] == previous[1])
            assert now[0] in (previous[0], previous[0] + 1)
        previous = now
    assert ENGINE.outcome(state) is not None


def test_the_game_ends_after_every_seat_planted_and_the_largest_group_wins() -> None:
    # Seat 0: a group of 3 (A1 A2 A3); seat 1: two groups of 2, more flowers in all.
    flowers = {"A1": 0, "A2": 0, "A3": 0, "C1": 1, "C2": 1, "E1": 1, "E2": 1}
    state = garden(2, flowers, size="small", plantings=12)
    assert state.over and ENGINE.to_act(state) == frozenset()
    result = ENGINE.outcome(state)
    assert result is not None
    assert result.scores == (3, 2) and result.tiebreak == (3, 4) and result.winners == {0}
    tied = garden(2, {**flowers, "E3": 1}, size="small", plantings=12)
    result = ENGINE.outcome(tied)
    assert result is not None and result.scores == (3, 3) and result.winners == {1}
    assert ENGINE.outcome(garden(2, flowers, size="small", plantings=11)) is None


# ----------------------------------------------------------------------------- many moves


def test_a_fresh_large_garden_offers_400_plantings() -> None:
    state = ENGINE.setup(4, 1)
    legal = ENGINE.legal_actions(state, 0)
    assert len(legal) == 400 > 300
    notations = [ENGINE.format_action(state, action) for action in legal]
    assert len(set(notations)) == 400
    assert "plant A1" in notations and "plant T20" in notations
    for action, text in zip(legal, notations, strict=True):
        assert ENGINE.parse_action(state, 0, text) == action
    assert ENGINE.parse_action(state, 0, "  Plant   c 7 ") == Plant(cell("C7"))
    for garbage in ("plant U1", "plant A21", "plant A0", "shelter", "plant", "grow A1", ""):
        with pytest.raises(IllegalAction):
            ENGINE.parse_action(state, 0, garbage)
    with pytest.raises(IllegalAction) as small:
        ENGINE.parse_action(ENGINE.setup(2, 1), 0, "plant M1")
    assert small.value.key == "gardens.error.no_cell"


def test_suggestions_narrow_by_what_is_typed_and_are_all_legal() -> None:
    state = garden(3, {"J10": 0, "J11": 0, "A1": 1}, plantings=3)
    legal = set(ENGINE.legal_actions(state, 0))
    start = time.perf_counter()
    empty = ENGINE.suggest(state, 0, "", 25)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.25, f"suggest took {elapsed:.3f} s with 397 moves"
    growing = {f"plant {name}" for name in ("J9", "J12", "I10", "I11", "K10", "K11")}
    # The best cells first (those that grow seat 0's group of two), then the best of each column.
    assert empty[:5] == ["plant K10", "plant K11", "plant J9", "plant I10", "plant I11"]
    assert set(empty[:5]) <= growing
    assert sorted(text.split()[1][0] for text in empty[5:]) == sorted("ABCDEFGHLMNOPQRST")
    assert len({text.split()[1][0] for text in empty}) == 20 and len(set(empty)) == len(empty) == 22
    assert ENGINE.suggest(state, 0, "plant", 25) == empty
    column = ENGINE.suggest(state, 0, "plant c", 25)
    assert len(column) == 20 and all(text.startswith("plant C") for text in column)
    assert ENGINE.suggest(state, 0, "C", 25) == column
    rows = ENGINE.suggest(state, 0, "c1", 25)
    assert sorted(rows) == sorted(["plant C1", *(f"plant C{n}" for n in range(10, 20))])
    # A1 is taken: the cells of column A whose row starts with 1.
    assert ENGINE.suggest(state, 0, "a1", 25) == [f"plant A{n}" for n in range(10, 20)]
    assert ENGINE.suggest(state, 0, "c7", 25) == ["plant C7"]
    assert ENGINE.suggest(state, 0, "shelter", 25) == []
    assert ENGINE.suggest(state, 0, "plant z", 25) == []
    assert ENGINE.suggest(state, 0, "", 3) == empty[:3]
    assert ENGINE.suggest(state, 1, "", 25) == []
    for typed in ("", "p", "plant", "plant j", "j1", "b 2", "t20"):
        for text in ENGINE.suggest(state, 0, typed, 25):
            assert ENGINE.parse_action(state, 0, text) in legal, (typed, text)


def test_suggestions_during_a_storm() -> None:
    state = storm(garden(2, {"C3": 0, "C4": 1, "H8": 1}, plantings=3), "C3")
    assert ENGINE.suggest(state, 1, "", 10) == ["shelter C4", "pass", "shelter H8"]
    assert ENGINE.suggest(state, 1, "shel", 10) == ["shelter C4", "shelter H8"]
    assert ENGINE.suggest(state, 0, "", 10) == []


def test_quick_actions_are_few_legal_and_best_first() -> None:
    state = garden(3, {"J10": 0, "J11": 0, "A1": 1}, plantings=3)
    quick = ENGINE.quick_actions(state, 0)
    assert len(quick) == MAX_QUICK_ACTIONS
    assert set(quick) <= set(ENGINE.legal_actions(state, 0))
    assert set(quick[:6]) == {Plant(cell(n)) for n in ("J9", "J12", "I10", "I11", "K10", "K11")}
    assert ENGINE.quick_actions(state, 1) == []
    # In a storm: the threatened flower of the larger group first, then pass.
    stormy = storm(garden(2, {"C3": 0, "C4": 1, "C5": 1, "B3": 1, "H8": 1}, plantings=5), "C3")
    answers = ENGINE.quick_actions(stormy, 1)
    assert answers[:3] == [Shelter(cell("C4")), Shelter(cell("B3")), Pass()]
    assert set(answers) == set(ENGINE.legal_actions(stormy, 1))


def test_the_ai_grows_its_group_and_rescues_the_valuable_flower() -> None:
    state = garden(3, {"J10": 0, "J11": 0, "A1": 1}, plantings=3)
    assert gardens.choose_move(state, 0, 5) in {
        Plant(cell(n)) for n in ("J9", "J12", "I10", "I11", "K10", "K11")
    }
    stormy = storm(garden(2, {"C3": 0, "C4": 1, "C5": 1, "B3": 1, "H8": 1}, plantings=5), "C3")
    assert gardens.choose_move(stormy, 1, 5) == Shelter(cell("C4"))
    safe = storm(garden(2, {"C3": 0, "H8": 1}, plantings=3), "C3")
    assert gardens.choose_move(safe, 1, 5) == Pass()


# ----------------------------------------------------------------------------- hidden answers


def test_answers_stay_hidden_until_the_storm_blows_over() -> None:
    state = storm(garden(3, {"C3": 0, "C4": 1, "D3": 2, "H8": 2}, plantings=4), "C3")
    assert ENGINE.reveals(state, 0, Plant(cell("A1"))) is True
    assert ENGINE.reveals(state, 1, Shelter(cell("C4"))) is False
    one = ENGINE.apply(state, 1, Shelter(cell("C4")))
    other = ENGINE.apply(state, 1, Pass())
    # Nobody but seat 1 can tell its two possible answers apart.
    for viewer in (None, 0, 2):
        assert ENGINE.view(one, viewer) == ENGINE.view(other, viewer)
    assert ENGINE.view(one, 1)["shelter"] == {"answer": "shelter", "cell": "C4", "row": 3, "column": 2}
    assert ENGINE.view(other, 1)["shelter"] == {"answer": "pass", "cell": None}
    spectator = json.dumps(ENGINE.view(one, None))
    assert "shelter" not in spectator and '"C4"' not in spectator
    assert ENGINE.view(one, None)["storm"]["answered"] == [1]
    assert ENGINE.describe(state, 1, Shelter(cell("C4"))) == ENGINE.describe(state, 1, Pass())
    assert str(ENGINE.private_summary(one, 1)) == "You shelter your flower on C4 from the storm."
    assert ENGINE.private_summary(one, 2) is not None and ENGINE.private_summary(one, 0) is None
    check_views(play(ENGINE, 3, 1, full=False), one)
    # The last answer resolves the storm and shows every answer.
    assert ENGINE.reveals(one, 2, Pass()) is True
    assert (
        str(ENGINE.describe(one, 2, Pass()))
        == "Player 3 answers the storm last; it blows over and takes 1 flowers."
    )
    done = ENGINE.apply(one, 2, Pass())
    answers = ENGINE.view(done, None)["last_storm"]["answers"]
    assert answers[1] == {"answer": "shelter", "cell": "C4", "row": 3, "column": 2}
    assert answers[2] == {"answer": "pass", "cell": None}
    assert [lost["cell"] for lost in ENGINE.view(done, None)["last_storm"]["lost"]] == ["D3"]


def test_the_image_shows_nothing_hidden() -> None:
    state = storm(garden(3, {"C3": 0, "C4": 1, "D3": 2, "H8": 2}, plantings=4), "C3")
    one = ENGINE.apply(state, 1, Shelter(cell("C4")))
    other = ENGINE.apply(state, 1, Pass())
    for viewer in (None, 0, 2):
        view_one, view_other = ENGINE.view(one, viewer), ENGINE.view(other, viewer)
        assert gardens.render_board(view_one, None) == gardens.render_board(view_other, None)
    assert gardens.render_board(ENGINE.view(one, 1), "de") != gardens.render_board(
        ENGINE.view(other, 1), "de"
    )
    image = gardens.render_board({**ENGINE.view(one, None), "names": ["Anna", "Bob", "Carl"]}, "nl")
    assert image.startswith(b"\x89PNG") and image == gardens.render_board(
        {**ENGINE.view(one, None), "names": ["Anna", "Bob", "Carl"]}, "nl"
    )
    with pytest.raises(ValueError):
        gardens.render_board({"game": "chinesische-mauer"}, None)


# ----------------------------------------------------------------------------- saves


def test_saves_round_trip_along_a_game() -> None:
    rng = random.Random(3)
    state = ENGINE.setup(4, 11, {"weather": "stormy"})
    while True:
        text = ENGINE.dumps(state)
        assert ENGINE.loads(text) == state and ENGINE.dumps(ENGINE.loads(text)) == text
        if not ENGINE.to_act(state):
            break
        seat = rng.choice(sorted(ENGINE.to_act(state)))
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def test_malformed_saves_are_refused() -> None:
    stormy = storm(garden(3, {"C3": 0, "C4": 1, "D3": 2}, plantings=4), "C3")
    data = json.loads(ENGINE.dumps(stormy))
    board = [row[:] for row in data["board"]]
    board[0][0] = 7
    broken = [
        {**data, "version": 2},
        {**data, "format": "chess"},
        {**data, "players": 5},
        {**data, "players": True},
        {**data, "size": "small", "weather": "stormy"},
        {**data, "board": board},
        {**data, "board": data["board"][:-1]},
        {**data, "rng": -1},
        {**data, "plantings": 1000},
        {**data, "last_roll": 7},
        {**data, "storm": {"cell": cell("C4"), "answers": data["storm"]["answers"]}},
        {**data, "storm": {"cell": cell("C3"), "answers": [WAITING, WAITING, WAITING]}},
        {**data, "storm": {"cell": cell("C3"), "answers": [NOT_INVOLVED, PASS, cell("C4") + 5]}},
        {**data, "storm": {"cell": cell("C3"), "answers": [NOT_INVOLVED, PASS, PASS]}},
        {**data, "last_storm": {"cell": cell("C3"), "answers": [-3, -1, -1], "lost": [cell("J10")]}},
        {key: value for key, value in data.items() if key != "storm"},
        {**data, "extra": 1},
    ]
    assert ENGINE.loads(json.dumps(data)) == stormy
    for wrong in broken:
        with pytest.raises(ValueError):
            ENGINE.loads(json.dumps(wrong))
    for text in ("", "[]", "null", "{", "not json", "9" * 5000):
        with pytest.raises(ValueError):
            ENGINE.loads(text)


# ----------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract(players: int) -> None:
    for seed in range(40):
        play(ENGINE, players, seed, full=False)
    for seed in range(2):
        play(ENGINE, players, 5000 + seed, full=True)


def test_hundreds_of_games_with_the_ai_and_random_players_end() -> None:
    rng = random.Random(2024)
    ended = storms = 0
    for seed in range(300):
        players = rng.randint(2, 4)
        weather = rng.choice(("calm", "stormy"))
        state = ENGINE.setup(players, seed, ENGINE.check_options(players, {"weather": weather}))
        smart = set(rng.sample(range(players), rng.randint(0, players)))
        for _ in range(1000):
            acting = sorted(ENGINE.to_act(state))
            if not acting:
                break
            storms += state.stormy
            seat = rng.choice(acting)
            legal = ENGINE.legal_actions(state, seat)
            action = gardens.choose_move(state, seat, seed) if seat in smart else rng.choice(legal)
            assert action in legal
            state = ENGINE.apply(state, seat, action)
        result = ENGINE.outcome(state)
        assert result is not None
        assert all(count == state.rounds for count in (state.planted(s) for s in range(players)))
        ended += 1
    assert ended == 300 and storms > 100


# ----------------------------------------------------------------------------- registration


@pytest.fixture
def registries() -> Iterator[None]:
    """Undo what the test registers, so the rest of the suite sees the registries as before."""
    # Each registry loads the built-in games the first time it is read: read them now, or the
    # saved copies would lack them and restoring would drop them for the rest of the process.
    games.all()
    renderers.game_ids()
    ai.has_ai("gardens")
    saved = (dict(games._REGISTRY), dict(renderers._REGISTRY), dict(ai._REGISTRY))
    yield
    for registry, before in zip((games._REGISTRY, renderers._REGISTRY, ai._REGISTRY), saved, strict=True):
        registry.clear()
        registry.update(before)


@pytest.mark.usefixtures("registries")
def test_register_adds_the_game_to_every_registry_once() -> None:
    gardens.register()
    gardens.register()
    assert games.get("gardens") is ENGINE
    assert [engine.id for engine in games.all()].count("gardens") == 1
    assert renderers.renderer("gardens") is gardens.render_board
    assert ai.chooser("gardens") is gardens.choose_move
    state = ENGINE.setup(2, 1)
    assert renderers.render("gardens", ENGINE.view(state, None)).startswith(b"\x89PNG")
    assert ai.choose("gardens", state, 0, 1) in ENGINE.legal_actions(state, 0)


def test_every_text_is_translated() -> None:
    for language in ("de", "nl"):
        assert set(ENGINE.locales[language]) == set(ENGINE.texts)
    for key in ("gardens.rules", "gardens.option.size.small", "gardens.option.weather.stormy"):
        assert key in ENGINE.texts
    for option in ENGINE.options:
        assert f"gardens.option.{option.name}" in ENGINE.texts
        assert all(f"gardens.option.{option.name}.{choice}" in ENGINE.texts for choice in option.choices)


def test_states_the_rules_cannot_produce_are_refused() -> None:
    chooser = random.Random(1)
    states = [ENGINE.setup(3, 1)]
    while acting := ENGINE.to_act(states[-1]):
        seat = chooser.choice(sorted(acting))
        states.append(ENGINE.apply(states[-1], seat, chooser.choice(ENGINE.legal_actions(states[-1], seat))))
    check_impossible_saves(
        ENGINE,
        states,
        {
            "a flower more than its seat planted": r"seat \d has more flowers than it planted",
            "a die rolled before the first planting": r"no die is rolled before the first planting",
        },
    )
