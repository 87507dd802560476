"""Asynchronous play through the real bot over simulated days: deadlines, reminders,
absences, direct messages, "since your last turn", undo, replays, ratings.

SimCord's `advance_time` moves the simulated clock (and every timer of the bot)
forward, so two days pass in an instant.
"""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
import simcord
from conftest import OpenGame
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import accent_of
from conftest import move_buttons
from conftest import seat_colour
from conftest import text_of
from PIL import Image
from simcord import MemberActor

from bot.store import TimerRow

HOUR = 3600.0


def posts_since(game: OpenGame, count: int) -> list[simcord.MessageLike]:
    return list(game.home.history())[count:]


async def legal(table: Table, game_id: int, *, reveals: bool | None = None) -> list[str]:
    """The notations of the acting seat's legal moves (optionally: only (non-)revealing ones)."""
    _, engine, state = await table.state(game_id)
    seat = min(engine.to_act(state))
    found = []
    for action in engine.legal_actions(state, seat):
        if reveals is None or engine.reveals(state, seat, action) == reveals:
            found.append(engine.format_action(state, action))
    return found


async def finish_turn(table: Table, game: OpenGame) -> None:
    """The player on turn plays until the turn passes to someone else."""
    player = await table.on_turn(game.id)
    assert player is not None
    while await table.on_turn(game.id) is player:
        await player.slash(game.home, "move", action=(await legal(table, game.id))[0])


# ---------------------------------------------------------------- deadlines


async def test_a_reminder_begins_with_what_the_others_did(world: World, table: Table) -> None:
    game = await table.start_for_two()
    first = await table.on_turn(game.id)
    assert first is not None
    await finish_turn(table, game)
    await world.anna.slash(game.home, "game settings", deadline=24, on_timeout="ai")
    sleeper = await table.on_turn(game.id)
    assert sleeper is not None and sleeper is not first
    seen = len(game.home.history())
    await world.env.advance_time(19 * HOUR)
    (reminder,) = posts_since(game, seen)
    said = text_of(reminder)
    assert sleeper.mention in said
    lines = said.split("\n")
    assert lines[0] == f"Earlier, before {sleeper.name}'s first turn:", said
    assert lines[1].startswith(f"▸ **{first.name}** "), said
    assert f"**: {first.name} " not in lines[1], "no name before a sentence that says it"
    assert "⏰" in lines[2]


@pytest.mark.both_backends
async def test_reminder_then_the_ai_moves_when_the_deadline_passes(world: World, table: Table) -> None:
    game = await table.start_for_two()
    answer = await world.anna.slash(game.home, "game settings", deadline=24, on_timeout="ai")
    assert answer.response is not None and "24 hours" in answer.response.content
    sleeper = await table.on_turn(game.id)
    assert sleeper is not None
    version = (await table.row(game.id)).version
    seen = len(game.home.history())

    await world.env.advance_time(17 * HOUR)
    assert posts_since(game, seen) == [], "no reminder before three quarters of the time"
    await world.env.advance_time(2 * HOUR)
    reminder = posts_since(game, seen)
    assert len(reminder) == 1 and "⏰" in text_of(reminder[0]) and sleeper.mention in text_of(reminder[0])
    assert (await table.row(game.id)).version == version, "a reminder changes nothing"

    await world.env.advance_time(6 * HOUR)
    after = posts_since(game, seen + 1)
    assert any("time ran out" in text_of(post) for post in after)
    assert await table.on_turn(game.id) is not sleeper, "the AI made the turn"
    row = await table.row(game.id)
    assert not any(seat.is_ai for seat in row.seats), "the seat stays the player's"
    # The next player's clock runs from now: their own reminder comes, not an instant timeout.
    timers = await table.service.store.timers(game.id)
    assert {t.kind for t in timers} == {"reminder", "deadline"}
    assert all(t.due_at > world.env.now() for t in timers)


async def the_host_decides(world: World, table: Table) -> tuple[OpenGame, MemberActor]:
    """A game of anna (the host) and bob in which the host decides what happens when a turn
    runs out (12 hours), and the person on turn now, who is not the host."""
    game = await table.start_for_two()
    if await table.on_turn(game.id) is world.anna:
        await table.finish_turn(game)  # the host is asked about another's time, never her own
    await world.anna.slash(game.home, "game settings", deadline=12, on_timeout="host")
    sleeper = await table.on_turn(game.id)
    assert sleeper is not None
    return game, sleeper


async def test_the_host_decides_when_asked(world: World, table: Table) -> None:
    game, sleeper = await the_host_decides(world, table)
    await world.env.advance_time(13 * HOUR)
    question = next(p for p in game.home.history() if "what now" in text_of(p))
    assert world.anna.mention in text_of(question)
    assert await table.on_turn(game.id) is sleeper, "nothing moves until the host decides"

    refused = await world.bob.click(question, label="AI makes the turn")
    assert refused.response is not None and "Only the host" in refused.response.content
    assert await table.on_turn(game.id) is sleeper

    await world.anna.click(question, label="AI makes the turn")
    assert await table.on_turn(game.id) is not sleeper
    stale = await world.anna.click(question, label="Wait longer")
    assert stale.response is not None and "over already" in stale.response.content


async def test_waiting_longer_gives_a_whole_new_deadline(world: World, table: Table) -> None:
    game, sleeper = await the_host_decides(world, table)
    await world.env.advance_time(13 * HOUR)
    question = next(p for p in game.home.history() if "what now" in text_of(p))
    await world.anna.click(question, label="Wait longer")
    deadline = next(t for t in await table.service.store.timers(game.id) if t.kind == "deadline")
    assert deadline.due_at == world.env.now() + timedelta(hours=12)
    assert await table.on_turn(game.id) is sleeper


@pytest.mark.both_backends
async def test_a_host_who_does_not_answer_within_one_more_period_leaves_it_to_the_ai(
    world: World, table: Table
) -> None:
    game, sleeper = await the_host_decides(world, table)
    await world.env.advance_time(13 * HOUR)
    asked = [p for p in game.home.history() if "what now" in text_of(p)]
    assert len(asked) == 1 and await table.on_turn(game.id) is sleeper

    await world.env.advance_time(10 * HOUR)
    assert await table.on_turn(game.id) is sleeper, "the host has a whole period to answer"
    await world.env.advance_time(3 * HOUR)

    assert await table.on_turn(game.id) is not sleeper, "the AI stood in"
    assert any("time ran out" in text_of(p) for p in game.home.history())
    assert len([p for p in game.home.history() if "what now" in text_of(p)]) == 1, "asked once"
    stale = await world.anna.click(asked[0], label="AI makes the turn")
    assert stale.response is not None and "over already" in stale.response.content


@pytest.mark.both_backends
async def test_deadlines_survive_a_restart(world: World, table: Table, restart: Restarter) -> None:
    game = await table.start_for_two()
    await world.anna.slash(game.home, "game settings", deadline=10, on_timeout="ai")
    sleeper = await table.on_turn(game.id)
    await world.env.advance_time(5 * HOUR)
    await restart()
    await world.env.advance_time(6 * HOUR)
    assert any("time ran out" in text_of(p) for p in game.home.history())
    assert await table.on_turn(game.id) is not sleeper


async def test_a_deadline_that_passed_while_the_bot_was_down_is_handled_at_start(
    world: World, table: Table, restart: Restarter
) -> None:
    game = await table.start_for_two()
    sleeper = await table.on_turn(game.id)
    store = table.service.store
    # As if the bot had been down for three days: both timers lie in the past.
    past = world.env.now() - timedelta(days=1)
    await store.move_timers([TimerRow(**{**t.__dict__, "due_at": past}) for t in await store.timers(game.id)])
    await restart()
    assert any("time ran out" in text_of(p) for p in game.home.history())
    assert await table.on_turn(game.id) is not sleeper


async def test_deadlines_can_be_switched_off_and_only_the_host_sets_them(world: World, table: Table) -> None:
    game = await table.start_for_two()
    refused = await world.bob.slash(game.home, "game settings", deadline=1)
    assert refused.response is not None and "Only the host" in refused.response.content
    shown = await world.bob.slash(game.home, "game settings")
    assert shown.response is not None and "48 hours" in shown.response.content, "48 hours by default"
    await world.anna.slash(game.home, "game settings", deadline=0)
    assert await table.service.store.timers(game.id) == []
    sleeper = await table.on_turn(game.id)
    await world.env.advance_time(10 * 24 * HOUR)
    assert await table.on_turn(game.id) is sleeper


# ------------------------------------------------------------------ absence


@pytest.mark.both_backends
async def test_away_pauses_deadlines_in_all_games_and_shows_in_info(world: World, table: Table) -> None:
    game = await table.start_for_two()
    await world.anna.slash(game.home, "game settings", deadline=24)
    sleeper = await table.on_turn(game.id)
    assert sleeper is not None
    answer = await sleeper.slash(world.channel, "away", hours="72")
    assert answer.response is not None and "away until" in answer.response.content
    info = await world.carl.slash(game.home, "game info")
    assert info.response is not None and "away until" in info.response.content

    await world.env.advance_time(90 * HOUR)
    assert await table.on_turn(game.id) is sleeper, "24 hours of deadline + 72 hours away"
    await world.env.advance_time(8 * HOUR)
    assert await table.on_turn(game.id) is not sleeper


async def test_coming_back_early_lets_the_clock_run_again(world: World, table: Table) -> None:
    game = await table.start_for_two()
    await world.anna.slash(game.home, "game settings", deadline=24)
    sleeper = await table.on_turn(game.id)
    assert sleeper is not None
    await sleeper.slash(world.channel, "away", hours="100")
    await world.env.advance_time(10 * HOUR)
    back = await sleeper.slash(world.channel, "away", hours="off")
    assert back.response is not None and "Welcome back" in back.response.content
    deadline = next(t for t in await table.service.store.timers(game.id) if t.kind == "deadline")
    # The clock stood still while she was away: the whole day is still hers.
    assert deadline.due_at == world.env.now() + timedelta(hours=24)
    bad = await sleeper.slash(world.channel, "away", hours="soon")
    assert bad.response is not None and "not a number of hours" in bad.response.content


# ----------------------------------------------------- notifications, recap


@pytest.mark.both_backends
async def test_a_direct_message_once_per_turn_for_those_who_ask(world: World, table: Table) -> None:
    game = await table.start_for_two()
    for member in (world.anna, world.bob):
        answer = await member.slash(world.channel, "notify dm", state="on")
        assert answer.response is not None and "direct message" in answer.response.content
    for _ in range(4):
        await finish_turn(table, game)
    for member in (world.anna, world.bob):
        dms = [m for m in member.user.dm_channel.history() if "your turn" in m.content]
        assert len(dms) == 2, "one message per turn, never one per action"
        assert all(f"#{game.id}" in m.content for m in dms)
    await world.anna.slash(world.channel, "notify dm", state="off")
    await finish_turn(table, game)
    await finish_turn(table, game)
    assert len([m for m in world.anna.user.dm_channel.history() if "your turn" in m.content]) == 2


async def test_hand_and_ping_begin_with_what_happened_since(world: World, table: Table) -> None:
    game = await table.open(world.anna)
    await world.bob.click(game.lobby, label="Join")
    await world.carl.click(game.lobby, label="Join")
    await world.anna.click(game.lobby, label="Start")
    first = await table.on_turn(game.id)
    assert first is not None
    for _ in range(3):
        await finish_turn(table, game)
    # Two others have played since `first` last acted: the ping names the earlier one too.
    ping = game.home.history()[-1]
    assert first.mention in text_of(ping) and "Since" in text_of(ping)
    hand = await first.slash(game.home, "hand")
    assert hand.response is not None
    recap = hand.response.content.split("\n\n")[0]
    assert recap.startswith("**Since your last turn:**")
    assert recap.count("▸") == 2
    # The recap leads the hand; the hand's board and move buttons stay.
    assert hand.response.attachments and move_buttons(hand.response)


# --------------------------------------------------------------------- undo


@pytest.mark.both_backends
async def test_undo_takes_back_an_action_that_revealed_nothing(world: World, table: Table) -> None:
    game = await table.start_for_two()
    player = await table.on_turn(game.id)
    assert player is not None
    before = await table.row(game.id)
    quiet = await legal(table, game.id, reveals=False)
    assert quiet, "a fresh hand can always play a card"
    await player.slash(game.home, "move", action=quiet[0])
    answer = await player.slash(game.home, "undo")
    assert answer.response is not None and "Taken back" in answer.response.content
    after = await table.row(game.id)
    assert after.state == before.state and after.version > before.version
    assert await table.service.store.moves(game.id) == []
    nothing = await player.slash(game.home, "undo")
    assert nothing.response is not None and "no move" in nothing.response.content


async def test_undo_refuses_what_revealed_something_or_when_others_acted(world: World, table: Table) -> None:
    game = await table.start_for_two()
    player = await table.on_turn(game.id)
    assert player is not None
    drawing = [n for n in await legal(table, game.id, reveals=True) if n == "draw"]
    assert drawing
    await player.slash(game.home, "move", action="draw")
    refused = await player.slash(game.home, "undo")
    assert refused.response is not None and "revealed" in refused.response.content
    if await table.on_turn(game.id) is player:
        await finish_turn(table, game)
    other = await table.on_turn(game.id)
    assert other is not None and other is not player
    await finish_turn(table, game)
    late = await player.slash(game.home, "undo")
    assert late.response is not None and "has acted since" in late.response.content
    stranger = await world.stranger.slash(game.home, "undo")
    assert stranger.response is not None and "not playing" in stranger.response.content


# ------------------------------------------------- the end, replays, ratings


async def play_to_the_end(table: Table, game: OpenGame) -> None:
    for _ in range(400):
        if (await table.row(game.id)).status != "running":
            return
        await finish_turn(table, game)
    pytest.fail("the game did not end")


@pytest.mark.both_backends
async def test_the_end_summary_replay_and_ratings(world: World, table: Table) -> None:
    game = await table.start_for_two()
    await play_to_the_end(table, game)
    summary = game.home.history()[-1]
    assert "fame points" in text_of(summary) and "Ratings" in text_of(summary)
    assert "anna" in text_of(summary) and "→" in text_of(summary)
    gif = Image.open(io.BytesIO(await summary.attachments[0].read()))
    assert gif.n_frames == len(await table.service.turns(game.id)) + 1
    assert summary.attachments[0].size < 10 * 1024 * 1024

    await world.carl.slash(game.home, "game replay")
    posted = game.home.history()[-1]
    assert posted is not summary and "the whole game" in text_of(posted)
    assert posted.attachments[0].filename == "replay.gif"
    assert await posted.attachments[0].read() == await summary.attachments[0].read()
    # A card like the end post, edged in the winner's colour (no colour for a tie).
    ended = (await table.row(game.id)).outcome
    assert ended is not None
    winners = ended["winners"]
    expected = seat_colour("chinesische-mauer", winners[0]) if len(winners) == 1 else None
    assert posted.flags.components_v2 and accent_of(posted) == accent_of(summary) == expected

    stats = await world.bob.slash(world.channel, "stats", user=world.anna)
    assert stats.response is not None
    said = stats.response.content
    assert "played 1 · won" in said and "Favourite game: Chinesische Mauer" in said
    board = await world.carl.slash(world.channel, "leaderboard", game="chinesische-mauer")
    assert board.response is not None
    lines = [line for line in board.response.content.splitlines() if line[:2] in ("1.", "2.")]
    assert len(lines) == 2
    outcome = (await table.row(game.id)).outcome
    assert outcome is not None
    winner = (world.anna, world.bob)[outcome["winners"][0]]
    assert winner.mention in lines[0]


async def test_a_replay_only_for_finished_games_and_no_rating_against_bots_alone(
    world: World, table: Table
) -> None:
    game = await table.start_against_ai()
    early = await world.anna.slash(game.home, "game replay")
    assert early.response is not None and "not finished" in early.response.content
    await play_to_the_end(table, game)
    assert "Ratings" not in text_of(game.home.history()[-1])
    stats = await world.anna.slash(world.channel, "stats")
    assert stats.response is not None and "rating 1000" in stats.response.content
