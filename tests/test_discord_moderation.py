"""The host and the server's moderators in charge, through the real bot in SimCord:
`/game pause` and `/game resume`, `/game replace`, `/game kick`.

Each is said in the game's thread with who did it; each is refused with its
sentence, privately, to those without the right, and then nothing changes. A
paused game takes no move (typed or clicked), its AI seats wait, no deadline
passes, and it stays paused over a restart; resuming moves its deadlines on by
the length of the pause.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import simcord
from conftest import OpenGame
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import move_buttons
from conftest import text_of

import texts
from bot.store import GameRow

HOUR = 3600.0


def snapshot(row: GameRow) -> tuple[Any, ...]:
    return row.version, row.state, row.status, row.seats, row.paused_at


def refused(answer: simcord.InteractionResult, sentence: str, what: str) -> None:
    assert answer.ephemeral and answer.response is not None, what
    assert answer.response.content == sentence, what


def posts_since(game: OpenGame, count: int) -> list[str]:
    return [text_of(post) for post in list(game.home.history())[count:]]


async def with_deadline(world: World, table: Table, hours: int = 24) -> OpenGame:
    game = await table.start_for_two()
    await world.anna.slash(game.home, "game settings", deadline=hours, on_timeout="ai")
    return game


async def deadline_of(table: Table, game_id: int) -> Any:
    return next(t.due_at for t in await table.service.store.timers(game_id) if t.kind == "deadline")


# ------------------------------------------------------------ pause and resume


async def test_only_the_host_and_moderators_pause_and_resume(world: World, table: Table) -> None:
    game = await table.start_for_two()
    rights = texts.t("error.moderator_only", host=world.anna.name)
    before = snapshot(await table.row(game.id))
    for who in (world.bob, world.carl, world.stranger):
        for command in ("game pause", "game resume"):
            refused(await who.slash(game.home, command), rights, f"{who.name} /{command}")
            assert snapshot(await table.row(game.id)) == before, who.name

    seen = len(game.home.history())
    paused = await world.moderator.slash(game.home, "game pause")
    assert paused.ephemeral and paused.response is not None
    assert paused.response.content == texts.t("pause.done", id=game.id)
    assert (await table.row(game.id)).paused_at is not None
    assert posts_since(game, seen) == [texts.t("pause.post", by=world.moderator.name)]
    refused(await world.anna.slash(game.home, "game pause"), texts.t("pause.already", id=game.id), "again")
    refused(await world.bob.slash(game.home, "game resume"), rights, "bob resumes")
    choices = await world.anna.autocomplete(world.channel, "game info", "game", "")
    assert texts.t("status.paused") in choices[0]["name"], "the game is offered as paused"

    seen = len(game.home.history())
    resumed = await world.anna.slash(game.home, "game resume")
    assert resumed.response is not None and resumed.response.content == texts.t("resume.done", id=game.id)
    assert (await table.row(game.id)).paused_at is None
    assert posts_since(game, seen) == [texts.t("resume.post", by=world.anna.name)]
    refused(
        await world.anna.slash(game.home, "game resume"), texts.t("resume.not_paused", id=game.id), "again"
    )


async def test_a_moderator_who_loses_the_right_loses_it_at_once(world: World, table: Table) -> None:
    game = await table.start_for_two()
    mods = world.guild.roles["Mods"]
    world.env.backend.remove_member_role(world.guild.id, world.moderator.id, mods.id)

    answer = await world.moderator.slash(game.home, "game pause")

    refused(answer, texts.t("error.moderator_only", host=world.anna.name), "no longer a moderator")
    assert (await table.row(game.id)).paused_at is None


async def test_a_paused_game_takes_no_move_typed_or_clicked(world: World, table: Table) -> None:
    game = await table.start_for_two()
    mover = await table.on_turn(game.id)
    assert mover is not None
    hand = await mover.slash(game.home, "hand")
    assert hand.response is not None
    button = move_buttons(hand.response)[0]
    notation = (await mover.autocomplete(game.home, "move", "action", ""))[0]["value"]
    await world.anna.slash(game.home, "game pause")
    before = snapshot(await table.row(game.id))
    paused = texts.t("error.paused", id=game.id)

    refused(await mover.slash(game.home, "move", action=notation), paused, "typed")
    refused(await mover.click(hand.response, custom_id=button), paused, "clicked")
    assert await mover.autocomplete(game.home, "move", "action", "") == []
    assert snapshot(await table.row(game.id)) == before

    await world.anna.slash(game.home, "game resume")
    moved = await mover.click(hand.response, custom_id=button)
    assert moved.response is not None and moved.response.content.startswith("✅"), "the button is good again"


@pytest.mark.both_backends
async def test_no_deadline_passes_while_paused_and_resuming_moves_them_on(world: World, table: Table) -> None:
    game = await with_deadline(world, table, hours=24)
    sleeper = await table.on_turn(game.id)
    due = await deadline_of(table, game.id)
    await world.env.advance_time(2 * HOUR)
    await world.moderator.slash(game.home, "game pause")
    version = (await table.row(game.id)).version
    seen = len(game.home.history())

    await world.env.advance_time(40 * HOUR)

    assert posts_since(game, seen) == [], "no reminder, no deadline while paused"
    assert (await table.row(game.id)).version == version
    assert await table.on_turn(game.id) is sleeper

    await world.moderator.slash(game.home, "game resume")
    assert await deadline_of(table, game.id) == due + timedelta(hours=40), "moved on by the pause"
    await world.env.advance_time(21 * HOUR)
    assert (await table.row(game.id)).version == version, "the time left before the pause counts"
    await world.env.advance_time(2 * HOUR)
    assert await table.on_turn(game.id) is not sleeper, "then the deadline passes and the AI plays"


async def test_a_deadline_set_while_paused_starts_at_the_resume(world: World, table: Table) -> None:
    game = await with_deadline(world, table, hours=24)
    await world.anna.slash(game.home, "game pause")
    await world.env.advance_time(10 * HOUR)

    await world.anna.slash(game.home, "game settings", deadline=12)
    await world.env.advance_time(30 * HOUR)
    await world.anna.slash(game.home, "game resume")

    assert await deadline_of(table, game.id) == world.env.now() + timedelta(hours=12)


@pytest.mark.both_backends
async def test_a_pause_outlasts_a_restart(world: World, table: Table, restart: Restarter) -> None:
    game = await with_deadline(world, table, hours=24)
    mover = await table.on_turn(game.id)
    assert mover is not None
    await world.anna.slash(game.home, "game pause")
    version = (await table.row(game.id)).version

    await restart()
    await world.env.advance_time(30 * HOUR)

    assert (await table.row(game.id)).version == version, "no deadline passed"
    notation = (await mover.autocomplete(game.home, "move", "action", "")) or [{"value": "draw"}]
    refused(
        await mover.slash(game.home, "move", action=notation[0]["value"]),
        texts.t("error.paused", id=game.id),
        "still paused after the restart",
    )
    info = await world.anna.slash(game.home, "game info")
    assert info.response is not None and texts.t("status.paused") in info.response.content
    resumed = await world.anna.slash(game.home, "game resume")
    assert resumed.response is not None and resumed.response.content == texts.t("resume.done", id=game.id)


# -------------------------------------------------------------------- replace


async def test_the_host_or_a_moderator_gives_a_seat_to_the_ai(world: World, table: Table) -> None:
    game = await table.start_for_two()
    rights = texts.t("error.moderator_only", host=world.anna.name)
    before = snapshot(await table.row(game.id))
    for who in (world.bob, world.carl, world.stranger):
        refused(await who.slash(game.home, "game replace", player=world.anna), rights, who.name)
    refused(
        await world.anna.slash(game.home, "game replace", player=world.carl),
        texts.t("replace.not_player", id=game.id),
        "carl has no seat",
    )
    assert snapshot(await table.row(game.id)) == before

    # Bob left the server: he is named as a user, no longer a member.
    world.guild.remove_member(world.bob)
    seen = len(game.home.history())
    answer = await world.moderator.slash(game.home, "game replace", player=world.bob.user)

    assert answer.ephemeral and answer.response is not None
    assert answer.response.content == texts.t("replace.done", player=world.bob.name, id=game.id)
    row = await table.row(game.id)
    assert row.status == "running" and [seat.is_ai for seat in row.seats] == [False, True]
    ai = texts.t("seat.ai_name", name=world.bob.name)
    said = texts.t("replace.post", by=world.moderator.name, player=world.bob.name, ai=ai)
    assert said in posts_since(game, seen)

    seen = len(game.home.history())
    last = await world.anna.slash(game.home, "game replace", player=world.anna)

    assert last.response is not None
    assert last.response.content == texts.t("replace.done_last", player=world.anna.name, id=game.id)
    assert (await table.row(game.id)).status == "abandoned", "no person is left: it ends"
    ended = texts.t("replace.last_person", by=world.anna.name, player=world.anna.name, id=game.id)
    assert ended in posts_since(game, seen)


async def test_a_seat_given_to_the_ai_while_paused_waits_for_the_resume(world: World, table: Table) -> None:
    game = await table.start_for_two()
    mover = await table.on_turn(game.id)
    assert mover is not None
    await world.anna.slash(game.home, "game pause")
    moves = len(await table.service.store.moves(game.id))

    await world.anna.slash(game.home, "game replace", player=mover)
    await table.service.idle()

    assert (await table.row(game.id)).seats[[world.anna, world.bob].index(mover)].is_ai
    assert len(await table.service.store.moves(game.id)) == moves, "the AI waits while paused"

    await world.anna.slash(game.home, "game resume")
    await table.service.idle()
    assert len(await table.service.store.moves(game.id)) > moves, "and plays once resumed"


# ----------------------------------------------------------------------- kick


async def test_the_host_removes_someone_from_the_lobby(world: World, table: Table) -> None:
    game = await table.open(world.anna)
    await world.bob.click(game.lobby, label="Join")
    await world.carl.click(table.message(world.channel, game.lobby.id), label="Join")
    before = snapshot(await table.row(game.id))
    host_only = texts.t("error.host_only", host=world.anna.name)
    for who in (world.bob, world.stranger, world.moderator):
        refused(await who.slash(game.home, "game kick", player=world.carl), host_only, who.name)
    refused(await world.anna.slash(game.home, "game kick", player=world.anna), texts.t("kick.self"), "self")
    refused(
        await world.anna.slash(game.home, "game kick", player=world.stranger),
        texts.t("kick.not_seated"),
        "not seated",
    )
    assert snapshot(await table.row(game.id)) == before
    seen = len(game.home.history())

    answer = await world.anna.slash(game.home, "game kick", player=world.carl)

    assert answer.ephemeral and answer.response is not None
    assert answer.response.content == texts.t("kick.done", player=world.carl.name, id=game.id)
    assert [seat.user_id for seat in (await table.row(game.id)).seats] == [world.anna.id, world.bob.id]
    assert world.carl.name not in table.message(world.channel, game.lobby.id).content
    assert texts.t("kick.post", by=world.anna.name, player=world.carl.name) in posts_since(game, seen)


async def test_kick_is_for_lobbies_only(world: World, table: Table) -> None:
    game = await table.start_for_two()
    before = snapshot(await table.row(game.id))
    answer = await world.anna.slash(game.home, "game kick", player=world.bob)
    refused(answer, texts.t("error.not_in_lobby", game=game.id), "running")
    assert snapshot(await table.row(game.id)) == before


# ------------------------------------------------------- pausing again and again


@pytest.mark.both_backends
async def test_one_pause_and_resume_in_ten_minutes_is_posted_the_rest_quietly(
    world: World, table: Table, restart: Restarter
) -> None:
    game = await table.start_for_two()
    seen = len(game.home.history())

    for _ in range(10):
        paused = await world.moderator.slash(game.home, "game pause")
        assert (await table.row(game.id)).paused_at is not None, "each pause pauses"
        resumed = await world.anna.slash(game.home, "game resume")
        assert (await table.row(game.id)).paused_at is None, "each resume resumes"
        await world.env.advance_time(30)

    said = [texts.t("pause.post", by=world.moderator.name), texts.t("resume.post", by=world.anna.name)]
    assert posts_since(game, seen) == said, "one pair posted, nine not"
    assert paused.response is not None and resumed.response is not None
    assert paused.response.content == texts.t("pause.done_quiet", id=game.id, minutes=10)
    assert resumed.response.content == texts.t("resume.done_quiet", id=game.id)

    # Ten minutes after the pause that was posted, the next one is posted again; a restart
    # in between forgets nothing.
    await world.env.advance_time(6 * 60)
    seen = len(game.home.history())
    paused = await world.moderator.slash(game.home, "game pause")
    assert paused.response is not None and paused.response.content == texts.t("pause.done", id=game.id)
    await restart()
    await world.env.advance_time(2 * 60)
    resumed = await world.moderator.slash(game.home, "game resume")
    assert resumed.response is not None and resumed.response.content == texts.t("resume.done", id=game.id)
    again = await world.moderator.slash(game.home, "game pause")
    assert again.response is not None and again.response.content == texts.t(
        "pause.done_quiet", id=game.id, minutes=10
    )
    said = [texts.t("pause.post", by=world.moderator.name), texts.t("resume.post", by=world.moderator.name)]
    assert posts_since(game, seen) == said
