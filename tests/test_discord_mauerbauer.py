"""Mauerbauer through the real bot: two people and an AI play a whole game.

The scoring round asks every player in turn to play cards for the new city,
out of the active player's turn; each is pinged with what to decide, and the
dice and everyone's choices appear in the turn's post.
"""

from __future__ import annotations

import random
import re

import pytest
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import text_of
from service_support import FixedSeed
from simcord import ChannelHandle
from simcord import MemberActor

GAME = "mauerbauer"
MOVE_LIMIT = 800


async def open_mauerbauer(world: World) -> tuple[int, ChannelHandle]:
    table = Table(world)
    game = await table.open(world.anna, game=GAME)
    await world.bob.click(game.lobby, label="Join")
    await add_bot(world.anna, table.message(world.channel, game.lobby.id))
    await world.anna.click(table.message(world.channel, game.lobby.id), label="Start")
    return game.id, game.home


async def deciding(table: Table, game_id: int) -> MemberActor:
    row, engine, state = await table.state(game_id)
    (seat,) = sorted(engine.to_act(state))
    return next(m for m in table.world.members if m.id == row.seats[seat].user_id)


async def test_a_whole_game_with_scoring_rounds(world: World, table: Table) -> None:
    game_id, thread = await open_mauerbauer(world)
    moves = 0
    while (await table.row(game_id)).status == "running":
        person = await deciding(table, game_id)
        choices = await person.autocomplete(thread, "move", "action", "")
        assert choices and len(choices) <= 25
        answer = await person.slash(thread, "move", action=choices[0]["value"])
        assert answer.response is not None and answer.response.content.startswith("✅"), answer.response
        moves += 1
        assert moves < MOVE_LIMIT
    said = "\n".join(text_of(message) for message in thread.history())
    # Scoring rounds pinged the people with what to decide, and the posts tell the dice.
    assert re.search(r"Play 1 or 2 cards|play 1 or 2 cards", said), said[-2000:]
    assert world.bob.mention in said and world.anna.mention in said
    assert "🏆" in text_of(thread.history()[-1])
    # Under "The game is over." the end post says why: the supply that ran out.
    ending = (
        r"The game is over\.\*\*\n"
        r"(The last (wall|tower|house|palace) of the supply has been built|A supply ran out)"
    )
    assert re.search(ending, text_of(thread.history()[-1])), text_of(thread.history()[-1])
    assert all("Your hand" not in text_of(message) for message in thread.history())


async def test_a_city_closed_by_someone_elses_wall_is_named_and_its_wall_shown(
    world: World, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 0, both people taking the first suggested move: the 23rd decision is the scoring
    # of a city that the other player's wall closed, asked outside the asked one's turn.
    monkeypatch.setattr(random, "SystemRandom", FixedSeed)
    game = await table.open(world.anna, game=GAME)
    await world.bob.click(game.lobby, label="Join")
    await world.anna.click(table.message(world.channel, game.lobby.id), label="Start")
    thread = game.home
    for _ in range(40):
        row, engine, state = await table.state(game.id)
        (seat,) = sorted(engine.to_act(state))
        if seat != engine.current_turn(state):
            break
        person = await deciding(table, game.id)
        choices = await person.autocomplete(thread, "move", "action", "")
        answer = await person.slash(thread, "move", action=choices[0]["value"])
        assert answer.response is not None and answer.response.content.startswith("✅"), answer.response
    else:
        raise AssertionError("nobody was asked outside their turn")
    asked, builder = row.seats[seat], row.seats[engine.current_turn(state)]
    ping = text_of(thread.history()[-1])
    assert f"<@{asked.user_id}>" in ping
    # The ping names the city as `play … for` does, and begins with what led to it: the wall.
    assert "Play 1 or 2 cards for the new city at A2 (1 field)" in ping
    assert ping.startswith(f"Since {asked.name} last played:"), ping
    assert re.search(rf"▸ \*\*{builder.name}\*\* builds a wall on line \d+", ping), ping
