"""The animated replay: one frame per view, timed and looping, small, deterministic, spectators only.

The views come from real games of Chinesische Mauer played with seeded
random legal moves: one spectator view at the start, one after every turn
and one at the end, the way a finished game is replayed.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import GifImagePlugin
from PIL import Image

import games
import renderers
import texts
from renderers import replay
from renderers import samples
from renderers.canvas import text_width
from renderers.common import GOLD
from renderers.common import GOLD_LIGHT
from renderers.common import INK
from renderers.common import MUTED
from renderers.common import seat_colour
from renderers.fonts import readable

GAME = "chinesische-mauer"
NAMES = ["Anna", "Berthold", "Chen", "Dora", "Emil"]


def turn_views(players: int, seed: int) -> list[dict[str, Any]]:
    """Spectator views of one random game: the start, after each turn, and the end."""
    engine = games.get(GAME)
    return samples.turn_views(engine, samples.random_game(engine, players, seed), NAMES[:players])


@pytest.fixture(scope="module")
def long_game() -> list[dict[str, Any]]:
    views = turn_views(4, 11)
    assert len(views) > 40, "a whole 4-player game has many turns"
    return views


@pytest.fixture(scope="module")
def short_game(long_game: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first turns and the final position of the long game."""
    return [*long_game[:6], long_game[-1]]


@pytest.fixture(scope="module")
def short_gif(short_game: list[dict[str, Any]]) -> bytes:
    return replay.animate(GAME, short_game)


def gif_file(gif: bytes) -> GifImagePlugin.GifImageFile:
    """The bytes opened as a GIF (an error for anything else)."""
    return GifImagePlugin.GifImageFile(io.BytesIO(gif))


def frames(gif: bytes) -> list[Image.Image]:
    """Every frame as it is shown (later frames drawn over the earlier ones), in RGB."""
    shown = []
    with gif_file(gif) as image:
        for number in range(image.n_frames):
            image.seek(number)
            shown.append(image.convert("RGB"))
    return shown


def durations(gif: bytes) -> list[int]:
    found = []
    with gif_file(gif) as image:
        for number in range(image.n_frames):
            image.seek(number)
            found.append(image.info["duration"])
    return found


def colours(frame: Image.Image) -> set[Any]:
    return {colour for _, colour in frame.getcolors(maxcolors=1 << 16) or []}


def column(frame: Image.Image, x: int, rows: int) -> list[Any]:
    return [frame.getpixel((x, y)) for y in range(rows)]


# ---------------------------------------------------------------- frames and timing


def test_one_frame_per_view(short_game: Sequence[dict[str, Any]], short_gif: bytes) -> None:
    with gif_file(short_gif) as image:
        assert image.n_frames == len(short_game)
        assert image.is_animated


def test_frames_are_held_and_the_last_longest(short_gif: bytes) -> None:
    held = durations(short_gif)
    assert held[:-1] == [replay.FRAME_MS] * (len(held) - 1)
    assert held[-1] == replay.LAST_FRAME_MS
    assert replay.LAST_FRAME_MS > replay.FRAME_MS


def test_loops_forever(short_gif: bytes) -> None:
    with gif_file(short_gif) as image:
        assert image.info["loop"] == 0


def board_width() -> int:
    return Image.open(
        io.BytesIO(renderers.render(GAME, games.get(GAME).view(games.get(GAME).setup(2, 1), None)))
    ).width


def first_width() -> int:
    """Frames start at START_WIDTH, or at the boards' own width when they are narrower."""
    return min(replay.START_WIDTH, board_width())


def test_frames_start_at_the_start_width(short_gif: bytes) -> None:
    with gif_file(short_gif) as image:
        assert image.width == first_width()


def test_identical_views_still_give_a_frame_each(short_game: Sequence[dict[str, Any]]) -> None:
    """The caption tells the turns apart, so the GIF writer cannot merge repeated frames."""
    gif = replay.animate(GAME, [short_game[0]] * 3)
    with gif_file(gif) as image:
        assert image.n_frames == 3
    shown = frames(gif)
    assert shown[0].tobytes() != shown[1].tobytes() != shown[2].tobytes()


def test_a_single_view_is_a_single_frame_held_long(short_game: Sequence[dict[str, Any]]) -> None:
    gif = replay.animate(GAME, [short_game[-1]])
    with gif_file(gif) as image:
        assert image.n_frames == 1
    assert durations(gif) == [replay.LAST_FRAME_MS]


def test_frames_show_different_positions(short_game: Sequence[dict[str, Any]], short_gif: bytes) -> None:
    """Below the caption the first and the last frame differ: they show the start and the end."""
    shown = frames(short_gif)
    band = shown[0].height // 10
    below = (0, band, shown[0].width, shown[0].height)
    assert shown[0].crop(below).tobytes() != shown[-1].crop(below).tobytes()


# ---------------------------------------------------------------- the caption band


def test_caption_keys_exist_and_read_as_a_count() -> None:
    assert {"board.replay.turn", "board.replay.start"} <= texts.all_keys()
    assert texts.t("board.replay.turn", turn=3, turns=41) == "Turn 3 of 41"


def test_every_frame_has_the_caption_band_on_top(short_gif: bytes) -> None:
    for frame in frames(short_gif):
        assert frame.getpixel((0, 0)) == INK
        assert frame.getpixel((frame.width - 1, 0)) == INK


def test_progress_bar_is_empty_at_the_start_and_full_at_the_end(short_gif: bytes) -> None:
    shown = frames(short_gif)
    rows = shown[0].height // 10  # the band and the top of the board
    near_right = shown[0].width - 3
    assert MUTED in column(shown[0], near_right, rows)
    assert GOLD not in column(shown[0], near_right, rows)
    assert GOLD in column(shown[-1], near_right, rows)


# ---------------------------------------------------------------- colours and size


def test_seat_colours_survive_the_shared_palette(long_game: Sequence[dict[str, Any]]) -> None:
    """Every seat's colour is still exactly in the frames (symbols, cards), so seats stay apart."""
    middle = long_game[len(long_game) // 2]
    gif = replay.animate(GAME, [long_game[0], middle, long_game[-1]])
    for frame in frames(gif)[1:]:
        present = colours(frame)
        for seat in range(4):
            assert seat_colour(seat) in present, f"seat {seat + 1}"


def test_the_same_views_give_the_same_bytes(short_game: Sequence[dict[str, Any]], short_gif: bytes) -> None:
    again = replay.animate(GAME, [dict(view) for view in short_game])
    assert again == short_gif


@pytest.mark.slow
def test_a_long_game_shrinks_to_fit_and_keeps_every_frame(long_game: Sequence[dict[str, Any]]) -> None:
    full = replay.animate(GAME, long_game)
    limit = len(full) // 2
    small = replay.animate(GAME, long_game, max_bytes=limit)
    assert len(small) <= limit
    with gif_file(full) as image:
        assert image.n_frames == len(long_game)
        assert image.width == first_width()
    with gif_file(small) as image:
        assert image.n_frames == len(long_game)
        assert replay.MIN_WIDTH <= image.width < first_width()
    assert durations(small)[-1] == replay.LAST_FRAME_MS


def test_too_small_a_limit_is_refused(short_game: Sequence[dict[str, Any]]) -> None:
    with pytest.raises(ValueError, match="bytes"):
        replay.animate(GAME, short_game[:2], max_bytes=2_000)


# ---------------------------------------------------------------- refusals


def test_a_seat_view_is_refused(short_game: Sequence[dict[str, Any]]) -> None:
    engine = games.get(GAME)
    state = engine.setup(3, 5)
    seat_view = {**engine.view(state, 1), "names": NAMES[:3]}
    assert "hand" in seat_view
    with pytest.raises(ValueError, match="spectator"):
        replay.animate(GAME, [*short_game[:2], seat_view])


def test_seat_zero_view_is_refused_too() -> None:
    """Seat 0 is falsy: it must still count as a seat, not as a spectator."""
    engine = games.get(GAME)
    seat_view = engine.view(engine.setup(2, 3), 0)
    with pytest.raises(ValueError, match="spectator"):
        replay.animate(GAME, [seat_view])


def test_no_views_is_refused() -> None:
    with pytest.raises(ValueError):
        replay.animate(GAME, [])


def test_a_limit_that_is_not_positive_is_refused(short_game: Sequence[dict[str, Any]]) -> None:
    with pytest.raises(ValueError):
        replay.animate(GAME, short_game[:1], max_bytes=0)


# ---------------------------------------------------------------- captions from the caller


def band_rows(frame: Image.Image) -> int:
    """How many rows the caption band takes: down to the first row that is not the band's or the bar's."""
    for y in range(frame.height):
        if frame.getpixel((0, y)) not in (INK, MUTED, GOLD):
            return y
    return frame.height


def caption_ink(frame: Image.Image) -> set[int]:
    """The columns of the band where caption text is drawn."""
    band = frame.crop((0, 0, frame.width, band_rows(frame) - 8))
    return {x for x in range(band.width) for y in range(band.height) if band.getpixel((x, y)) == GOLD_LIGHT}


def test_a_caption_is_drawn_per_frame(short_game: Sequence[dict[str, Any]]) -> None:
    views = [short_game[0], short_game[0]]
    plain = frames(replay.animate(GAME, views))
    told = frames(replay.animate(GAME, views, captions=["Start", "Anna plays a Wall at site 2."]))
    assert told[1].tobytes() != plain[1].tobytes()
    assert told[0].tobytes() != told[1].tobytes()
    # Below the band the board is the same: the caption changes only the band.
    rows = band_rows(told[1])
    assert (
        told[1].crop((0, rows, told[1].width, told[1].height)).tobytes()
        == told[0].crop((0, rows, told[0].width, told[0].height)).tobytes()
    )


def test_without_captions_the_frames_say_which_turn() -> None:
    assert replay._caption(0, 5, None) == "Starting position"
    assert replay._caption(3, 5, None) == "Turn 3 of 4"


def test_captions_must_be_one_per_view(short_game: Sequence[dict[str, Any]]) -> None:
    with pytest.raises(ValueError, match="one per view"):
        replay.animate(GAME, short_game[:2], captions=["only one"])


LONG = (
    "Bartholomäus von Hohenzollern lays the fame tile 5 from site 3 on their Watchtower at position 12. " * 4
)


@pytest.mark.parametrize("caption", [LONG, "W" * 400, "short"])
def test_captions_are_wrapped_or_cut_never_wider_than_the_frame(caption: str) -> None:
    for width in (replay.MIN_WIDTH, 500, replay.START_WIDTH):
        font_face = replay._caption_face(width)
        room = width - 40
        lines = replay._caption_lines(caption, font_face, room)
        assert 1 <= len(lines) <= replay.MAX_CAPTION_LINES
        assert all(text_width(line, font_face) <= room for line in lines)
        if text_width(caption, font_face) > room * replay.MAX_CAPTION_LINES:
            assert lines[-1].endswith("…")
    assert replay._caption_lines("short", replay._caption_face(500), 460) == ["short"]


def test_a_long_caption_stays_inside_the_band(short_game: Sequence[dict[str, Any]]) -> None:
    shown = frames(replay.animate(GAME, short_game[:2], captions=[LONG, "W" * 400]))
    for frame in shown:
        columns = caption_ink(frame)
        assert columns, "the caption is drawn"
        assert min(columns) > 0 and max(columns) < frame.width - 1


def test_caption_text_is_9_px_tall_on_a_phone() -> None:
    for width in (replay.MIN_WIDTH, 500, replay.START_WIDTH):
        font_face = replay._caption_face(width)
        _, top, _, bottom = font_face.font.getbbox(readable("Turn 12 of 40", font_face.weight))
        assert (bottom - top) * 390 / width >= 9


# ---------------------------------------------------------------- no large empty areas


def test_frames_waste_little_room(long_game: Sequence[dict[str, Any]]) -> None:
    """Boards grow and shrink; the frame is not simply as tall as the tallest board."""
    draw = renderers.renderer(GAME)
    boards = [replay._board(draw(view, None)) for view in long_game[::4]]
    width = min(replay.START_WIDTH, boards[0].width)
    heights = [replay._scaled_height(board, width) for board in boards]
    area = replay._board_area(boards, width)
    assert area <= max(heights)
    assert area >= replay.MIN_SCALE * max(heights) - 1
    unused = sum(max(0, area - h) for h in heights) / (area * len(heights))
    tallest_unused = sum(max(heights) - h for h in heights) / (max(heights) * len(heights))
    assert unused <= tallest_unused
    assert unused < 0.15


def test_a_board_taller_than_the_frame_is_scaled_to_fit_and_centred(
    short_game: Sequence[dict[str, Any]], long_game: Sequence[dict[str, Any]]
) -> None:
    tallest = max(long_game, key=lambda view: len(renderers.render(GAME, view)))
    gif = replay.animate(GAME, [short_game[0], short_game[0], short_game[0], tallest])
    last = frames(gif)[-1]
    rows = band_rows(last)
    # A tall board, scaled down, leaves equal margins left and right, in the board's own colour.
    margin = last.getpixel((1, rows + 40))
    assert margin == last.getpixel((last.width - 2, rows + 40))
