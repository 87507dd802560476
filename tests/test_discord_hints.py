"""Hints and tips for learners, through the real bot in SimCord.

`/hint` (and the Hint button of a private answer) gives the AI's three best
moves for the caller's decision, privately, in games whose setting `hints` is
on; the log and the end post count the hints each player used. A tip comes
with a private answer the first time a member meets a kind of decision in a
kind of game, unless they switched tips off with `/notify tips`. Gardens (the
test suite's own game) registers hints and a tip for planting.
"""

from __future__ import annotations

import discord
import pytest
import simcord
from conftest import OpenGame
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import buttons_of
from conftest import text_of
from gardens import hint_moves

import ai
import texts
from bot.service.hints import decision_kind

#: The boards are not looked at here: drawn plainly, the games end quickly.
pytestmark = pytest.mark.plain_drawing

GARDENS = "gardens"
CM = "chinesische-mauer"
PLANT_TIP = "Flowers next to each other form a group"
#: A whole small garden is a dozen plantings and a few storms; this only stops a runaway loop.
MOVE_LIMIT = 200


async def against_ai(world: World, game: str = GARDENS, **choices: str) -> OpenGame:
    """A game of anna (the host) and an AI seat, opened and started."""
    opened = await Table(world).open(world.anna, game=game, **choices)
    await add_bot(world.anna, opened.lobby)
    await world.anna.click(opened.lobby, label="Start")
    return opened


async def for_two(world: World, **choices: str) -> OpenGame:
    """A Gardens game of anna (the host) and bob, opened and started."""
    opened = await Table(world).open(world.anna, game=GARDENS, **choices)
    await world.bob.click(opened.lobby, label="Join")
    await world.anna.click(opened.lobby, label="Start")
    return opened


def said(answer: simcord.InteractionResult) -> str:
    assert answer.response is not None
    return answer.response.content


def button_ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    found = []
    for row in message.components:
        raw = row if isinstance(row, dict) else row.to_dict()
        found.extend(c.get("custom_id", "") for c in raw.get("components", []))
    return found


async def expected_hints(table: Table, game_id: int) -> list[str]:
    """The hint lines Gardens' own hint function gives for anna's decision."""
    row, engine, state = await table.state(game_id)
    names = [seat.name for seat in row.seats]
    return [
        texts.t(
            "hint.line",
            row.locale,
            number=number,
            move=engine.format_action(state, hint.action, row.locale),
            why=texts.render(hint.why, row.locale, names),
        )
        for number, hint in enumerate(hint_moves(state, 0, 0), 1)
    ]


async def test_hint_gives_the_three_best_moves_privately_and_changes_nothing(
    world: World, table: Table
) -> None:
    game = await against_ai(world)
    lobby = table.message(world.channel, game.lobby.id)
    assert "Hints: on" in lobby.content and "not rated" in lobby.content, "one person: hints by default"
    assert await table.on_turn(game.id) is world.anna
    before = await table.row(game.id)
    posts = len(game.home.history())

    answer = await world.anna.slash(game.home, "hint")

    assert answer.ephemeral
    lines = said(answer).splitlines()
    assert lines[0] == texts.t("hint.title")
    assert lines[1:] == await expected_hints(table, game.id)
    assert len(lines) == 4, "three moves, best first"
    assert len(game.home.history()) == posts, "nothing is said in the thread"
    assert (await table.row(game.id)).version == before.version
    info = await world.anna.slash(game.home, "game info")
    assert "Hints: on" in said(info)


async def test_hints_off_not_your_decision_and_strangers_get_a_sentence(world: World, table: Table) -> None:
    rated = await for_two(world)
    assert "Hints: off" in table.message(world.channel, rated.lobby.id).content, "two people: rated, no hints"
    mover = await table.on_turn(rated.id)
    assert mover is not None
    refused = await mover.slash(rated.home, "hint")
    assert refused.ephemeral and f"Game #{rated.id} has no hints" in said(refused)

    chosen = await for_two(world, hints="on")
    assert "Hints: on" in table.message(world.channel, chosen.lobby.id).content
    waiting = await table.waiting(chosen.id)
    mover = await table.on_turn(chosen.id)
    assert mover is not None
    not_yours = await waiting.slash(chosen.home, "hint")
    assert f"It is {mover.name}'s turn, not yours." in said(not_yours)
    stranger = await world.stranger.slash(chosen.home, "hint")
    assert f"You are not playing in game #{chosen.id}." in said(stranger)
    assert (await table.row(chosen.id)).settings.get("hints_used") is None, "no hint was counted"
    thread_text = "\n".join(text_of(message) for message in chosen.home.history())
    assert texts.t("hint.title") not in thread_text


async def test_a_game_without_hints_says_so(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await against_ai(world)
    monkeypatch.setattr(ai, "hinter", lambda game_id: None)
    answer = await world.anna.slash(game.home, "hint")
    assert "**Gardens** has no hints yet." in said(answer)
    hand = await world.anna.slash(game.home, "hand")
    assert f"bm:hint:{game.id}" not in button_ids(hand.response)


async def test_the_hint_button_of_a_private_answer(world: World, table: Table) -> None:
    game = await against_ai(world)
    hand = await world.anna.slash(game.home, "hand")
    assert hand.response is not None
    assert f"bm:hint:{game.id}" in button_ids(hand.response)
    pressed = await world.anna.click(hand.response, custom_id=f"bm:hint:{game.id}")
    assert pressed.ephemeral
    assert said(pressed).splitlines()[1:] == await expected_hints(table, game.id)
    # The hand button under the turn's post gives the same answer, button and all.
    post = next(
        m for m in reversed(game.home.history()) if any(b.label == "Show my hand" for b in buttons_of(m))
    )
    shown = await world.anna.click(post, label="Show my hand")
    assert shown.response is not None and f"bm:hint:{game.id}" in button_ids(shown.response)

    off = await for_two(world)
    mover = await table.on_turn(off.id)
    assert mover is not None
    no_button = await mover.slash(off.home, "hand")
    assert f"bm:hint:{off.id}" not in button_ids(no_button.response)


async def play_first_suggestion(world: World, game: OpenGame) -> None:
    choice = (await world.anna.autocomplete(game.home, "move", "action", ""))[0]["value"]
    assert said(await world.anna.slash(game.home, "move", action=choice)).startswith("✅")


async def test_the_log_and_the_end_post_count_each_players_hints(world: World, table: Table) -> None:
    game = await against_ai(world)
    await world.anna.slash(game.home, "hint")
    await world.anna.slash(game.home, "hint")  # the same decision again: counted once
    await play_first_suggestion(world, game)
    assert await table.on_turn(game.id) is world.anna
    await world.anna.slash(game.home, "hint")  # her next decision
    for _ in range(MOVE_LIMIT):
        if (await table.row(game.id)).status != "running":
            break
        await play_first_suggestion(world, game)
    assert (await table.row(game.id)).status == "finished"

    log = await world.anna.slash(game.home, "game log")
    assert said(log).endswith("💡 anna used 2 hints.")
    end = next(m for m in reversed(game.home.history()) if "🏆" in text_of(m))
    assert "💡 anna used 2 hints." in text_of(end)


async def test_a_tip_comes_once_per_kind_of_decision_in_each_kind_of_game(world: World, table: Table) -> None:
    first = await against_ai(world)
    hand = said(await world.anna.slash(first.home, "hand"))
    assert f"💡 Tip: {PLANT_TIP}" in hand and "More in /rules" in hand
    again = said(await world.anna.slash(first.home, "hand"))
    assert "Tip:" not in again, "a tip comes once"

    second = await against_ai(world)
    assert "Tip:" not in said(await world.anna.slash(second.home, "hand")), "remembered per kind of game"

    wall = await against_ai(world, game=CM)
    row, engine, state = await table.state(wall.id)
    seat = next(seat.seat for seat in row.seats if seat.user_id == world.anna.id)
    tip = texts.t(f"tip.{decision_kind(engine.prompt(state, seat))}")
    assert tip in said(await world.anna.slash(wall.home, "hand")), "another kind of game has its own tips"


async def test_the_answer_to_a_move_tips_the_next_decision_of_the_mover(world: World, table: Table) -> None:
    game = await against_ai(world, game=CM)
    assert await table.on_turn(game.id) is world.anna
    choice = (await world.anna.autocomplete(game.home, "move", "action", ""))[0]["value"]
    moved = said(await world.anna.slash(game.home, "move", action=choice))
    assert await table.on_turn(game.id) is world.anna, "a turn of Chinesische Mauer has two actions"
    _, engine, state = await table.state(game.id)
    assert texts.t(f"tip.{decision_kind(engine.prompt(state, 0))}") in moved
    assert "Tip:" not in said(await world.anna.slash(game.home, "hand"))


async def test_notify_tips_switches_them_off_and_on(world: World, table: Table) -> None:
    off = await world.anna.slash(world.channel, "notify tips", state="off")
    assert said(off) == texts.t("notify.tips_off")
    game = await against_ai(world)
    assert "Tip:" not in said(await world.anna.slash(game.home, "hand"))
    on = await world.anna.slash(world.channel, "notify tips", state="on")
    assert said(on) == texts.t("notify.tips_on")
    assert PLANT_TIP in said(await world.anna.slash(game.home, "hand")), "a tip not shown is still to come"


async def test_a_game_with_hints_chosen_is_not_rated(world: World, table: Table) -> None:
    game = await for_two(world, hints="on")
    for _ in range(MOVE_LIMIT):
        row, engine, state = await table.state(game.id)
        if row.status != "running":
            break
        seat = min(engine.to_act(state))
        person = next(m for m in world.members if m.id == row.seats[seat].user_id)
        choice = (await person.autocomplete(game.home, "move", "action", ""))[0]["value"]
        assert said(await person.slash(game.home, "move", action=choice)).startswith("✅")
    assert (await table.row(game.id)).status == "finished"
    end = next(m for m in reversed(game.home.history()) if "🏆" in text_of(m))
    assert "Ratings" not in text_of(end)
    assert await table.service.store.ratings(GARDENS, [world.anna.id, world.bob.id]) == {}
