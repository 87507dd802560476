"""The Chinesische Mauer board and close-up as a phone shows them (390 px wide).

Every site number and card position a move names, and every figure players compare, is
at least 8 px tall there, with 2 players and with 5 (the tallest board), at the start,
the middle and the end of seeded games; the 5-player board is never taller than 2.2
times its width; what changed since the previous post is ringed; the close-up shows the
sites a decision names, their legal places labelled large.
"""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

import pytest
from PIL import Image
from render_support import check_readable_on_a_phone

import games
import renderers
from renderers import samples
from renderers.chinesische_mauer import sites
from renderers.legibility import FIGURE
from renderers.legibility import PLACE

GAME = "chinesische-mauer"
ENGINE = games.get(GAME)
SEED = 7


def states(players: int, seed: int = SEED) -> list[Any]:
    return samples.random_game(ENGINE, players, seed)


def moments(players: int) -> list[tuple[str, Any, Any]]:
    """(name, state, the state before it) at the start, the middle and the end of a game."""
    played = states(players)
    picked = {"start": 0, "middle": len(played) // 2, "end": len(played) - 1}
    return [(name, played[n], played[max(0, n - 1)]) for name, n in picked.items()]


def board(view: dict[str, Any]) -> bytes:
    return renderers.render(GAME, view, "en")


def size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


@pytest.mark.parametrize("players", [2, 5])
def test_every_place_and_figure_reads_on_a_phone(players: int) -> None:
    for name, state, before in moments(players):
        spectator = {**ENGINE.view(state, None), "since": ENGINE.view(before, None)}
        found = check_readable_on_a_phone(lambda v=spectator: board(v), must_report=(PLACE, FIGURE))
        seat = ENGINE.view(state, players - 1)
        check_readable_on_a_phone(lambda v=seat: board(v), must_report=(PLACE, FIGURE))
        places = {label.text for label in found.drawn if label.role == PLACE}
        # Every open site's number and every card's position is there to be read.
        for index, shown in enumerate(spectator["sites"]):
            assert f"Site {index + 1}" in places, name
            for position in range(len(shown["cards"])):
                assert f"{index + 1}.{position + 1}" in places, name


def card_rows(view: dict[str, Any]) -> int:
    per_row = sites.Look().per_row()
    return sum(-(-len(shown["cards"]) // per_row) + len(shown["cards"]) for shown in view["sites"])


def test_the_five_player_board_is_never_taller_than_22_tenths_of_its_width() -> None:
    """The most crowded positions of seeded 5-player games (most card rows, most cards)."""
    for seed in (SEED, 13, 21):
        views = [ENGINE.view(state, None) for state in states(5, seed)]
        for view in sorted(views, key=card_rows)[-3:]:
            width, height = size(board(view))
            assert height <= 2.2 * width, (seed, width, height)


# ---------------------------------------------------------------- what changed


def test_a_card_played_since_the_previous_post_is_ringed() -> None:
    played = states(3)
    number = next(
        n
        for n in range(1, len(played))
        if sum(len(s.cards) for s in played[n].sites) > sum(len(s.cards) for s in played[n - 1].sites)
    )
    now, before = ENGINE.view(played[number], None), ENGINE.view(played[number - 1], None)
    marks = sites.changes(now, before)
    grown = [i for i, s in enumerate(now["sites"]) if len(s["cards"]) > len(before["sites"][i]["cards"])]
    assert grown and all(len(before["sites"][i]["cards"]) in marks[i].ringed for i in grown)
    assert board({**now, "since": before}) != board(now)
    # Unchanged since: nothing marked.
    assert board({**now, "since": now}) == board(now)
    assert all(mark == sites.Marks() for mark in sites.changes(now, None))


def test_a_dragon_a_tile_and_a_new_pair_are_marked() -> None:
    before = {"sites": [site_view([[(0, "wall")], [(1, "gate")]], tiles=[(3, None), (5, None)])]}
    dragon = {
        "sites": [site_view([[(0, "wall"), (1, "dragon")], [(1, "gate")]], tiles=[(3, None), (5, None)])]
    }
    assert sites.changes(dragon, before)[0] == sites.Marks(ringed=frozenset({0}))
    tiled = {"sites": [site_view([[(0, "wall")], [(1, "gate")]], tiles=[(3, 1), (5, None)])]}
    assert sites.changes(tiled, before)[0] == sites.Marks(ringed=frozenset({1}))
    cleared = {"sites": [site_view([], tiles=[(4, None), (2, None)])]}
    assert sites.changes(cleared, before)[0] == sites.Marks(new_tiles=frozenset({0, 1}))


def site_view(stacks: list[list[tuple[int, str]]], tiles: list[tuple[int, int | None]]) -> dict[str, Any]:
    return {
        "open": True,
        "tiles": [{"value": value, "on": on} for value, on in tiles],
        "cards": [
            {
                "stack": [{"owner": o, "kind": k} for o, k in stack],
                "value": 1,
                "tile": next((v for v, on in tiles if on == p), None),
            }
            for p, stack in enumerate(stacks)
        ],
        "totals": [1, 1, None],
    }


# ---------------------------------------------------------------- the close-up


def decisions(players: int) -> list[tuple[dict[str, Any], list[str]]]:
    """The seat's view and legal notations at every position of a seeded game."""
    out = []
    for state in states(players):
        for seat in sorted(ENGINE.to_act(state)):
            legal = [ENGINE.format_action(state, action) for action in ENGINE.legal_actions(state, seat)]
            out.append((ENGINE.view(state, seat), legal))
    return out


def test_a_decision_that_names_no_site_has_no_closeup() -> None:
    view, _ = decisions(2)[0]
    assert renderers.closeup(GAME, view, ["draw"], "en") is None


@pytest.mark.parametrize("players", [2, 5])
def test_the_closeup_labels_only_the_legal_places_large(players: int) -> None:
    every = decisions(players)
    for view, legal in [*every[:: max(1, len(every) // 12)], every[-1]]:
        if legal == ["draw"]:
            continue
        found = check_readable_on_a_phone(lambda v=view, moves=legal: renderers.closeup(GAME, v, moves, "en"))
        shown = {label.text for label in found.drawn if label.role == PLACE}
        positions = {move.split()[-1] for move in legal if "." in move}
        named = {int(move.split()[-1]) for move in legal if move.split()[0] in {"play", "free", "take"}}
        assert shown == positions | {
            f"Site {site}" for site in named | {int(p.split(".")[0]) for p in positions}
        }
        # Larger than the board's labels: at least 12 px on a phone.
        assert min(found.on_phone(label) for label in found.drawn if label.role == PLACE) >= 12


def test_the_closeup_draws_fast() -> None:
    every = [(view, legal) for view, legal in decisions(5) if legal != ["draw"]]
    timings = []
    for view, legal in every[:: max(1, len(every) // 15)]:
        start = time.perf_counter()
        renderers.closeup(GAME, view, legal, "en")
        timings.append(time.perf_counter() - start)
    assert statistics.median(timings) < 0.05


def test_the_points_column_shows_only_once_points_are_known() -> None:
    """Won tiles stay secret until the end: a Points column of "–" all game says nothing."""
    engine = games.get("chinesische-mauer")
    states = samples.random_game(engine, 3, 5)
    names = ["Anna", "Bert", "Cleo"]
    middle = {**engine.view(states[len(states) // 2], None), "names": names}
    end = {**engine.view(states[-1], None), "names": names}
    assert all(seat.get("points") is None for seat in middle["seats"])
    assert "Points" not in drawn_words(middle) and "Points" in drawn_words(end)


def drawn_words(view: dict[str, Any]) -> list[str]:
    """Every text the board draws for this view."""
    from renderers.canvas import Canvas

    words: list[str] = []
    original = Canvas.text

    def recording(self: Canvas, x: int, y: int, text: str, *args: Any, **kwargs: Any) -> int:
        words.append(text)
        return original(self, x, y, text, *args, **kwargs)

    Canvas.text = recording  # type: ignore[method-assign]
    try:
        renderers.render("chinesische-mauer", view, "en")
    finally:
        Canvas.text = original  # type: ignore[method-assign]
    return words
