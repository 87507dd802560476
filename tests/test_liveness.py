"""A game never stops moving: whatever fails in the work a game owes, it goes on.

Through the real bot in SimCord, as a player would meet each fault; an AI that
hangs also through the service with real worker processes, and through the bot
in tests/test_discord_workers.py.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import GAME
from conftest import Bots
from conftest import OpenGame
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import text_of

import ai
import renderers
import texts
from bot.discord_app.client import RECONCILE_EVERY
from bot.results import Caller
from bot.results import Dispatch
from bot.service import GameService
from bot.service import backlog
from bot.service.clock import TIMER_LEASE
from bot.service.drawing import DRAW_TRIES
from bot.service.model import seat_name
from bot.service.narrator import Narrator
from bot.store import Store
from bot.workers import Workers
from games.core import Action

HOUR = 3600.0


def raising_ai(state: Any, seat: int, seed: int) -> Action:
    raise RuntimeError("the AI fell over")


def illegal_ai(state: Any, seat: int, seed: int) -> Action:
    return ("no", "such", "move")


def hanging_ai(state: Any, seat: int, seed: int) -> Action:
    time.sleep(60)  # ended by the bot long before
    raise AssertionError("the AI's thinking was not stopped")


@pytest.fixture
def broken_ai(request: pytest.FixtureRequest) -> Iterator[None]:
    """The test game's AI replaced by the one given as the test's parameter."""
    ai.has_ai(GAME)  # the built-in AIs are registered first, so they do not overwrite this one
    mp = pytest.MonkeyPatch()
    mp.setitem(ai._REGISTRY, GAME, {"normal": request.param})
    yield
    mp.undo()


async def against_the_ai(world: World, table: Table) -> OpenGame:
    game = await table.open(world.anna)
    await add_bot(world.anna, game.lobby)
    started = await world.anna.click(game.lobby, label="Start")
    assert started.response is not None and "has started" in started.response.content
    return game


@pytest.mark.parametrize(
    ("broken_ai", "says"),
    [
        (raising_ai, "raised RuntimeError"),
        (illegal_ai, "chose ('no', 'such', 'move'), not a legal action"),
    ],
    indirect=["broken_ai"],
    ids=["raises", "illegal"],
)
@pytest.mark.usefixtures("broken_ai")
async def test_an_ai_that_fails_is_replaced_by_a_random_legal_move(
    world: World, table: Table, caplog: pytest.LogCaptureFixture, says: str
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.service.robots")

    game = await against_the_ai(world, table)
    for _ in range(3):  # a few of anna's turns, each followed by the AI's
        assert await table.on_turn(game.id) is world.anna, "the AI's seat moved on to anna"
        posts = len(game.home.history())
        while len(game.home.history()) == posts:  # anna moves until her turn is posted
            choice = (await world.anna.autocomplete(game.home, "move", "action", ""))[0]["value"]
            answer = await world.anna.slash(game.home, "move", action=choice)
            assert answer.response is not None and answer.response.content.startswith("✅")
        # The AI's turn followed, and the thread heard of it, board and all.
        assert await table.on_turn(game.id) is world.anna
        assert world.anna.mention in text_of(game.home.history()[-1])
        assert game.home.history()[-1].attachments

    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings and all(says in w and "a random legal move stands in" in w for w in warnings), warnings
    row = await table.row(game.id)
    assert row.status == "running"


@pytest.mark.parametrize("broken_ai", [hanging_ai], indirect=True)
@pytest.mark.usefixtures("broken_ai")
async def test_an_ai_that_thinks_too_long_is_stopped_and_replaced(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    dispatched: list[Dispatch] = []

    async def outbox(dispatch: Dispatch) -> None:
        dispatched.append(dispatch)

    store = await Store.open(str(tmp_path / "games.sqlite3"))
    workers = Workers(1)
    service = GameService(store, outbox=outbox, workers=workers)
    service.robots.thinking_budget = 1.0
    try:
        anna = Caller(1, "anna", guild_id=5, channel_id=6)
        game_id = (await service.new_game(anna, GAME)).game_id
        assert game_id is not None
        await service.add_bot(anna, game_id)
        await service.start(anna, game_id)
        await service.idle()
        row, engine, state = await service.current(game_id)
        seat = next(number for number, s in enumerate(row.seats) if s.user_id == anna.user_id)
        assert engine.current_turn(state) == seat, "whoever began, the AI has played up to anna"
        first = engine.turn_number(state)
        while engine.turn_number(state) == first:  # anna's turn, to its end
            action = engine.legal_actions(state, seat)[0]
            await service.move(anna, game_id, engine.format_action(state, action))
            await service.idle()
            _, engine, state = await service.current(game_id)
        assert engine.current_turn(state) == seat, "the AI seat made its turn: anna's again"
        warnings = [r.getMessage() for r in caplog.records if r.name == "bot.service.robots"]
        assert warnings and all("thought longer than 1 s" in w for w in warnings), warnings
        # The stuck worker was ended and a new one draws: the last turn's post has its board.
        images = [post.image for dispatch in dispatched for post in dispatch.posts]
        assert images and images[-1] is not None and images[-1].startswith(b"\x89PNG")
    finally:
        await service.idle()
        workers.close()
        await store.close()


def failing_render(view: dict[str, Any], locale: str | None = None) -> bytes:
    raise RuntimeError("the board fell over")


async def test_a_board_that_cannot_be_drawn_is_tried_again_then_left_out_and_the_game_goes_on(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # The back-off's waits are longer than SimCord's settle timeout, so that they pass only
    # when the test advances SimCord's clock (shorter ones would be waited out on the wall clock).
    monkeypatch.setattr(backlog, "RETRY_FIRST", backlog.RETRY_LONGEST)
    caplog.set_level(logging.WARNING)
    game = await table.start_for_two()
    posted = len(game.home.history())
    renderers.renderer(GAME)  # the built-in renderers are registered first
    monkeypatch.setitem(renderers._REGISTRY, GAME, failing_render)

    await table.finish_turn(game)
    waiting = await table.on_turn(game.id)
    assert waiting is not None
    assert len(game.home.history()) == posted, "the first tries wait for a board"
    for _ in range(DRAW_TRIES - 1):
        await world.env.advance_time(backlog.RETRY_LONGEST + 1)

    after = game.home.history()[posted:]
    assert len(after) == 1, "the turn is posted once, without its board"
    assert not after[0].attachments
    assert "could not be drawn" in text_of(after[0]) and waiting.mention in text_of(after[0])
    assert any("posting without it" in r.getMessage() for r in caplog.records)
    assert [t.seat for t in await table.service.store.timers(game.id)], "the clock runs for who was told"

    monkeypatch.undo()  # the renderer draws again
    await table.finish_turn(game)
    last = game.home.history()[-1]
    assert last.attachments and "could not be drawn" not in text_of(last), "boards are back"


async def test_a_game_stuck_for_30_minutes_has_its_thread_told_once_and_goes_on_trying(
    world: World, table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.service.turns")
    monkeypatch.setattr(backlog, "RETRY_FIRST", 61.0)  # beyond SimCord's real-time waits
    game = await table.start_for_two()
    posted = len(game.home.history())
    working = Narrator.turn_post

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug in telling the turn")

    monkeypatch.setattr(Narrator, "turn_post", broken)
    await table.finish_turn(game)
    await world.env.advance_time(25 * 60)
    assert len(game.home.history()) == posted, "25 minutes of failures: nothing said yet"

    await world.env.advance_time(HOUR)

    said = [text_of(post) for post in game.home.history()[posted:]]
    assert said == [texts.t("post.stuck", None)]
    stuck = [r.getMessage() for r in caplog.records if "has failed since" in r.getMessage()]
    assert len(stuck) == 1 and stuck[0].startswith(f"game {game.id}:") and "a bug in telling" in stuck[0]

    monkeypatch.setattr(Narrator, "turn_post", working)
    await world.env.advance_time(backlog.RETRY_LONGEST + 1)
    after = game.home.history()[posted + 1 :]
    assert len(after) == 1 and after[0].attachments, "the retries went on, and the turn is posted"


async def with_deadlines(world: World, table: Table) -> OpenGame:
    """A game of anna and bob, 10 hours a turn, the AI standing in when they pass."""
    game = await table.start_for_two()
    await world.anna.slash(game.home, "game settings", deadline=10, on_timeout="ai")
    return game


@pytest.mark.both_backends
async def test_after_a_start_a_seat_that_must_act_and_lost_its_deadline_has_it_again(
    world: World, table: Table, restart: Restarter
) -> None:
    game = await with_deadlines(world, table)
    await table.service.store.delete_timers(game.id)  # however they were lost

    await restart()

    kinds = {timer.kind for timer in await table.service.store.timers(game.id)}
    assert kinds == {"reminder", "deadline"}


async def test_work_lost_to_a_failed_restore_is_taken_up_within_a_minute(
    world: World, table: Table, restart: Restarter, bots: Bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    bots.reconcile_every = RECONCILE_EVERY  # the bot's own, for the bot after the restart
    game = await table.start_for_two()
    posted = len(game.home.history())
    # The turn's post is refused, and the restart comes before the next try ...
    monkeypatch.setattr(backlog, "RETRY_FIRST", HOUR)
    world.env.inject_error("POST", "/channels/*/messages", times=1, status=500, code=0)
    await table.finish_turn(game)
    assert len(game.home.history()) == posted
    # ... and the restore after the restart fails as well.
    reads = Store.games_owing

    async def fails_once(store: Store, **options: Any) -> list[Any]:
        monkeypatch.setattr(Store, "games_owing", reads)
        raise ConnectionError("the database went away for a moment")

    monkeypatch.setattr(Store, "games_owing", fails_once)
    await restart()
    assert len(game.home.history()) == posted

    await world.env.advance_time(61)

    assert len(game.home.history()) == posted + 1, "the turn is posted at most a minute late"


@pytest.mark.both_backends
async def test_a_stop_while_a_deadline_is_handled_loses_no_deadline(
    world: World, table: Table, restart: Restarter
) -> None:
    game = await with_deadlines(world, table)
    sleeper = await table.on_turn(game.id)

    async def stops(game_id: int, seat: int, began: int) -> bool:
        # The process ends while the AI decides for the sleeper: nothing of it is stored.
        raise RuntimeError("the bot stopped here")

    table.service.deadlines._stand_in = stops
    await world.env.advance_time(11 * HOUR)
    assert await table.on_turn(game.id) is sleeper, "the stand-in did not happen"
    await restart()

    kinds = {t.kind for t in await table.service.store.timers(game.id)}
    assert "deadline" in kinds, "the seat that must act still has its deadline"
    await world.env.advance_time(TIMER_LEASE.total_seconds() + 1)
    assert any("time ran out" in text_of(p) for p in game.home.history())
    assert await table.on_turn(game.id) is not sleeper, "the AI made the turn after the restart"


async def test_when_the_last_person_resigns_the_game_ends_at_once_in_one_post(
    world: World, table: Table
) -> None:
    game = await table.start_for_two()
    await world.bob.slash(game.home, "game resign")
    assert (await table.row(game.id)).status == "running", "anna still plays against bob's AI"
    posted = len(game.home.history())

    left = await world.anna.slash(game.home, "game resign")

    assert left.response is not None and "it has ended" in left.response.content
    row = await table.row(game.id)
    assert row.status == "abandoned" and all(seat.is_ai for seat in row.seats)
    after = game.home.history()[posted:]
    assert len(after) == 1, [text_of(post) for post in after]
    assert "no person is left" in text_of(after[0]) and not after[0].attachments
    assert row.version == (await table.row(game.id)).version, "the AI seats play no more"
    assert await table.service.store.timers(game.id) == []


# ------------------------------------------------------------------ no floods


async def test_a_run_of_ai_turns_is_one_post_with_the_board_as_it_then_stands(
    world: World, table: Table
) -> None:
    game = await table.open(world.anna)
    for _ in range(2):
        await add_bot(world.anna, game.lobby)
    await world.anna.click(game.lobby, label="Start")
    ai_names = [seat_name(seat, "en") for seat in (await table.row(game.id)).seats if seat.is_ai]
    posted = len(game.home.history())

    while len(game.home.history()) == posted:  # anna's turn, until the thread hears of it
        choice = (await world.anna.autocomplete(game.home, "move", "action", ""))[0]["value"]
        await world.anna.slash(game.home, "move", action=choice)

    after = game.home.history()[posted:]
    assert len(after) == 2, [text_of(post) for post in after]
    mine, theirs = after
    assert text_of(mine).startswith(f"**{world.anna.name}**") and len(mine.attachments) == 1
    assert text_of(theirs).startswith("🤖 **The AI players' turns:**")
    lines = text_of(theirs).splitlines()
    for name in ai_names:
        # Each line says who did what once: the move's own words name its player.
        assert any(line.startswith(f"• {name} ") for line in lines), (name, text_of(theirs))
        assert not any(f"{name}**: {name}" in line or f"{name}: {name}" in line for line in lines)
    assert len(theirs.attachments) == 1, "one board, as it stands after the last AI turn"
    assert [member.id for member in theirs.mentions] == [world.anna.id]
    assert await table.on_turn(game.id) is world.anna


async def test_a_member_who_may_not_post_here_cannot_open_a_game_here(world: World) -> None:
    quiet = world.closed_channel("announcements", "send_messages")
    refused = await world.bob.slash(quiet, "game new", game=GAME)
    assert refused.ephemeral and refused.response is not None
    assert "You may not send messages in this channel" in refused.response.content
    assert quiet.history() == []
    assert await world.env.bot.service.store.list_games() == []  # type: ignore[attr-defined]


async def test_a_member_holds_at_most_three_open_lobbies_in_a_server(world: World, table: Table) -> None:
    opened = [await table.open(world.anna) for _ in range(3)]
    refused = await world.anna.slash(world.channel, "game new", game=GAME)
    assert refused.ephemeral and refused.response is not None
    assert "You already have 3 open lobbies here" in refused.response.content
    assert all(f"#{game.id}" in refused.response.content for game in opened)
    assert len(await table.service.store.list_games()) == 3
    # Others may still open theirs, and once one of anna's starts she may open another.
    await table.open(world.bob)
    await world.carl.click(opened[0].lobby, label="Join")
    await world.anna.click(opened[0].lobby, label="Start")
    await table.open(world.anna)
    assert len(await table.service.store.list_games()) == 5


async def test_a_lobby_not_started_within_a_week_closes_and_its_message_says_so(
    world: World, table: Table
) -> None:
    old = await table.open(world.anna)
    await world.bob.click(old.lobby, label="Join")
    await world.env.advance_time(3 * 24 * HOUR)
    younger = await table.open(world.carl)

    # The tests' bot looks once a day (conftest's `Bots.reconcile_every`): on day 8 here.
    await world.env.advance_time(5 * 24 * HOUR)

    assert (await table.row(old.id)).status == "abandoned"
    message = table.message(world.channel, old.lobby.id)
    assert "not started within 7 days" in message.content and not message.components
    assert (await table.row(younger.id)).status == "lobby", "five days old: still open"
    joined = await world.bob.slash(world.channel, "game join", game=str(old.id))
    # It never started: it is said to have closed, not to have started.
    assert joined.response is not None and joined.response.content == texts.t(
        "error.lobby_closed", game=old.id
    )
    await world.env.advance_time(3 * 24 * HOUR)
    assert (await table.row(younger.id)).status == "abandoned"


# ------------------------------------------------------------- someone can act


async def test_a_host_whose_own_time_runs_out_is_not_asked_the_ai_makes_the_turn(
    world: World, table: Table
) -> None:
    game = await table.start_for_two()
    if await table.on_turn(game.id) is world.bob:
        await table.finish_turn(game)
    assert await table.on_turn(game.id) is world.anna, "the host is the one on turn"
    await world.anna.slash(game.home, "game settings", deadline=12, on_timeout="host")

    await world.env.advance_time(13 * HOUR)

    assert not any("what now" in text_of(post) for post in game.home.history()), "nobody is asked"
    assert any("time ran out" in text_of(post) for post in game.home.history())
    assert await table.on_turn(game.id) is world.bob, "the AI made anna's turn; bob may act"


# ------------------------------------------------------------ words from people

ODD_INPUT = ["²", "9" * 5_000, "#" + "1" * 19, "\x00\x1b[2J\u202e", "   ", "-1", "١٢", "🐉"]


@pytest.mark.parametrize("typed", ODD_INPUT, ids=range(len(ODD_INPUT)))
async def test_autocomplete_never_fails_on_what_is_typed(
    world: World, table: Table, caplog: pytest.LogCaptureFixture, typed: str
) -> None:
    game = await table.start_for_two()
    caplog.set_level(logging.ERROR)
    mover = await table.on_turn(game.id)
    assert mover is not None

    games_offered = await world.anna.autocomplete(world.channel, "game info", "game", typed)
    moves_offered = await mover.autocomplete(game.home, "move", "action", typed)

    assert isinstance(games_offered, list) and isinstance(moves_offered, list)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert world.env.errors == []
