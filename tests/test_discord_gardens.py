"""A game the project has never seen, played through the real bot: Gardens.

Gardens (tests/gardens) is registered by the test suite the way an installed
package would register a game. It has what Chinesische Mauer lacks: options
chosen in the lobby (with a combination the rules refuse), several seats
deciding at once (a storm asks every other gardener to answer, in any
order), hundreds of legal moves, and dice during play. Every command and
button goes through SimCord's simulated Discord.
"""

from __future__ import annotations

from typing import Any

import discord
import simcord
from conftest import Restarter
from conftest import Table
from conftest import World
from conftest import text_of
from discord.ext import commands
from simcord import ChannelHandle
from simcord import MemberActor

GAME = "gardens"
#: A whole game is about 24 plantings and a few storms; this only stops a runaway loop.
MOVE_LIMIT = 400


def components(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    rows = message.components
    found = []
    for row in rows:
        raw = row if isinstance(row, dict) else row.to_dict()
        found.extend(raw.get("components", []))
    return found


def custom_ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


async def open_lobby(world: World) -> tuple[int, discord.Message, ChannelHandle]:
    game = await Table(world).open(world.anna, game=GAME)
    assert game.answer.response is not None
    return game.id, game.lobby, game.home


def current(world: World, message: discord.Message) -> discord.Message:
    return next(m for m in world.channel.history() if m.id == message.id)


async def obliged(table: Table, game_id: int) -> list[MemberActor]:
    """The people who must decide now, in seat order."""
    row, engine, state = await table.state(game_id)
    ids = [row.seats[s].user_id for s in sorted(engine.to_act(state)) if not row.seats[s].is_ai]
    return [next(m for m in table.world.members if m.id == user_id) for user_id in ids]


async def in_storm(table: Table, game_id: int) -> bool:
    return len(await obliged(table, game_id)) > 1


async def plant_until_a_storm(table: Table, game_id: int, thread: ChannelHandle) -> list[str]:
    """Whoever must decide takes the first suggestion, until two people must answer at once;
    the answers to those moves, in order."""
    answers: list[str] = []
    for _ in range(MOVE_LIMIT):
        if await in_storm(table, game_id):
            return answers
        assert (await table.row(game_id)).status == "running", "the game ended without a storm"
        # A planter, or the only gardener a storm asks (then: shelter or pass).
        (person,) = await obliged(table, game_id)
        choices = await person.autocomplete(thread, "move", "action", "")
        assert 0 < len(choices) <= 25
        answer = await person.slash(thread, "move", action=choices[0]["value"])
        assert answer.response is not None and answer.response.content.startswith("✅"), answer.response
        answers.append(answer.response.content)
    raise AssertionError("no storm came")


async def test_lobby_options_are_the_hosts_and_a_refused_combination_changes_nothing(world: World) -> None:
    game_id, lobby, thread = await open_lobby(world)
    assert f"bm:option:{game_id}:size" in custom_ids(lobby)
    assert f"bm:option:{game_id}:weather" in custom_ids(lobby)
    assert "Garden: by the number of players" in lobby.content and "Weather: calm" in lobby.content
    await world.bob.click(lobby, label="Join")
    await world.carl.click(lobby, label="Join")

    stranger = await world.bob.select(lobby, ["stormy"], custom_id=f"bm:option:{game_id}:weather")
    assert stranger.response is not None and "host" in stranger.response.content
    chosen = await world.anna.select(lobby, ["stormy"], custom_id=f"bm:option:{game_id}:weather")
    assert chosen.response is not None and "Weather: stormy" in chosen.response.content
    await world.anna.select(lobby, ["small"], custom_id=f"bm:option:{game_id}:size")
    shown = current(world, lobby)
    assert "Weather: stormy" in shown.content and "Garden: small" in shown.content

    refused = await world.anna.click(shown, label="Start")
    assert (
        refused.response is not None and "Stormy weather needs the large garden." in refused.response.content
    )
    row = await Table(world).row(game_id)
    assert row.status == "lobby" and row.options == {"weather": "stormy", "size": "small"}

    await world.anna.select(shown, ["large"], custom_id=f"bm:option:{game_id}:size")
    started = await world.anna.click(current(world, lobby), label="Start")
    assert started.response is not None and "started" in started.response.content.lower()
    row = await Table(world).row(game_id)
    assert row.status == "running" and row.options == {"size": "large", "weather": "stormy"}
    info = await world.carl.slash(thread, "game info")
    assert info.response is not None and "Garden: large" in info.response.content
    # Once started, the menus are gone: the options are fixed.
    assert not any(c.startswith("bm:option:") for c in custom_ids(current(world, lobby)))


async def start_stormy(world: World) -> tuple[int, ChannelHandle]:
    game_id, lobby, thread = await open_lobby(world)
    await world.bob.click(lobby, label="Join")
    await world.carl.click(lobby, label="Join")
    await world.anna.select(lobby, ["stormy"], custom_id=f"bm:option:{game_id}:weather")
    await world.anna.click(current(world, lobby), label="Start")
    return game_id, thread


async def test_a_storm_pings_everyone_asked_and_they_answer_in_any_order(world: World, table: Table) -> None:
    game_id, thread = await start_stormy(world)
    engine = (await table.state(game_id))[1]
    assert len(engine.legal_actions((await table.state(game_id))[2], 0)) >= 300
    await plant_until_a_storm(table, game_id, thread)
    first, second = await obliged(table, game_id)

    # Each person asked is pinged once, with what the storm asks of them.
    ping = thread.history()[-1]
    for person in (first, second):
        assert person.mention in text_of(ping)
    assert "shelter one of your flowers or pass" in text_of(ping)
    assert {user.id for user in ping.mentions} == {first.id, second.id}

    # Both look at their hands before either answers: both get buttons.
    first_hand = await first.slash(thread, "hand")
    second_hand = await second.slash(thread, "hand")
    assert first_hand.response is not None and second_hand.response is not None
    first_moves = [c for c in custom_ids(first_hand.response) if c.startswith("bm:move:")]
    second_moves = [c for c in custom_ids(second_hand.response) if c.startswith("bm:move:")]
    assert first_moves and second_moves

    # The second answers first; the first's buttons are not made stale by it.
    posts_before = len(thread.history())
    answered = await second.click(second_hand.response, custom_id=second_moves[0])
    assert answered.response is not None and answered.response.content.startswith("✅")
    # A double press applies once.
    again = await second.click(second_hand.response, custom_id=second_moves[-1])
    assert again.response is not None and "moved on" in again.response.content
    assert len(thread.history()) == posts_before, "nothing is posted until the storm is answered"
    assert await obliged(table, game_id) == [first]

    done = await first.click(first_hand.response, custom_id=first_moves[0])
    assert done.response is not None and done.response.content.startswith("✅"), done.response.content
    # The storm's turn is over: one post lists what everyone did in it.
    turn_post = next(m for m in thread.history()[posts_before:] if "storm" in text_of(m).lower())
    assert first.name in text_of(turn_post) and second.name in text_of(turn_post)
    assert turn_post.attachments, "the turn post shows the board"


async def test_a_move_says_your_turn_is_over_only_when_it_is(world: World, table: Table) -> None:
    game_id, thread = await start_stormy(world)
    answers = await plant_until_a_storm(table, game_id, thread)
    first, second = await obliged(table, game_id)
    *earlier, brought_the_storm = answers
    # A planting that passes the turn on says so.
    assert earlier and "Your turn is over." in earlier[0]
    # The planting that brought the storm keeps the turn while the others answer: it says for whom.
    assert "Your turn is over." not in brought_the_storm
    assert f"Waiting for {first.name} and {second.name}." in brought_the_storm
    # An answer to the storm was never its gardener's turn: nothing is "over" for them.
    hand = await second.slash(thread, "hand")
    assert hand.response is not None
    move = next(c for c in custom_ids(hand.response) if c.startswith("bm:move:"))
    answered = await second.click(hand.response, custom_id=move)
    assert answered.response is not None and answered.response.content.startswith("✅")
    assert "turn is over" not in answered.response.content


async def test_out_of_turn_and_unasked_moves_are_refused(world: World, table: Table) -> None:
    game_id, thread = await start_stormy(world)
    (planter,) = await obliged(table, game_id)
    other = next(m for m in (world.anna, world.bob, world.carl) if m is not planter)
    version = (await table.row(game_id)).version
    refused = await other.slash(thread, "move", action="plant A1")
    assert refused.response is not None and "turn" in refused.response.content
    nonsense = await planter.slash(thread, "move", action="shelter Z99")
    assert nonsense.response is not None and "✅" not in nonsense.response.content
    assert (await table.row(game_id)).version == version


async def test_a_restart_in_the_middle_of_a_storm_loses_and_repeats_nothing(
    world: World, table: Table, restart: Restarter
) -> None:
    game_id, thread = await start_stormy(world)
    await plant_until_a_storm(table, game_id, thread)
    first, second = await obliged(table, game_id)
    pings_before = sum(second.mention in text_of(m) for m in thread.history())
    answered = await first.slash(thread, "move", action="pass")
    assert answered.response is not None and answered.response.content.startswith("✅")

    await restart()

    assert await obliged(table, game_id) == [second]
    assert sum(second.mention in text_of(m) for m in thread.history()) == pings_before, "no second ping"
    hand = await second.slash(thread, "hand")
    assert hand.response is not None and "storm" in hand.response.content.lower()
    done = await second.slash(thread, "move", action="pass")
    assert done.response is not None and done.response.content.startswith("✅")
    assert not await in_storm(table, game_id)


async def test_a_whole_game_to_the_end(world: World, table: Table) -> None:
    game_id, thread = await start_stormy(world)
    shown_board = False
    for _ in range(MOVE_LIMIT):
        if (await table.row(game_id)).status != "running":
            break
        person = (await obliged(table, game_id))[0]
        choices = await person.autocomplete(thread, "move", "action", "")
        assert choices, "someone who must decide is always offered moves"
        answer = await person.slash(thread, "move", action=choices[0]["value"])
        assert answer.response is not None and answer.response.content.startswith("✅")
        if not shown_board and (await table.row(game_id)).version > 10:
            # Once: a board for everyone is a large post, so one person shows one now and then.
            shown_board = True
            posted = len(thread.history())
            await world.carl.slash(thread, "board")
            assert len(thread.history()) == posted + 1 and thread.history()[-1].attachments
    log = await world.carl.slash(thread, "game log")
    assert log.response is not None and "plants" in log.response.content
    row = await table.row(game_id)
    assert row.status == "finished"
    summary = thread.history()[-1]
    assert "The game is over" in text_of(summary) or "🏆" in text_of(summary)
    rules = await world.anna.slash(world.channel, "rules", game=GAME)
    assert rules.response is not None and "Gardens" in rules.response.content


def test_moves_that_do_not_fit_a_button_go_into_a_menu() -> None:
    from bot.discord_app.components import MoveSelect
    from bot.discord_app.components import hand_view
    from bot.results import MoveButton
    from bot.results import Reply

    long = "shelter " + "X" * 80  # fits a menu (100), not a button id with its prefix
    buttons = (MoveButton("pass", "pass"), MoveButton(long[:80], long), MoveButton("plant A1", "plant A1"))
    view = hand_view(Reply("hand", game_id=7, version=12, buttons=buttons, turn=3), None)
    assert view is not None
    ids = [getattr(item, "custom_id", None) for item in view.children]
    assert "bm:move:7:12:t3:pass" in ids and "bm:move:7:12:t3:plant A1" in ids
    menus = [item.item for item in view.children if isinstance(item, MoveSelect)]
    assert len(menus) == 1 and [option.value for option in menus[0].options] == [long]
    assert all(len(i) <= 100 for i in ids if i)


async def test_a_game_registered_after_the_commands_were_defined_is_offered(
    world: World, restart: Restarter
) -> None:
    """`/game new` and `/rules` offer the games registered when the bot starts, not only
    those known when the command modules were first imported."""
    import gardens

    import games

    class LateGardens(type(gardens.ENGINE)):  # type: ignore[misc]
        id = "late-gardens"
        title = "Late Gardens"

    games.register(LateGardens())
    try:
        await restart()
        bot = world.env.bot
        assert isinstance(bot, commands.AutoShardedBot)
        for name in ("game new", "rules"):
            command = bot.tree.get_command(name.split()[0])
            if " " in name:
                assert isinstance(command, discord.app_commands.Group)
                command = command.get_command(name.split()[1])
            assert isinstance(command, discord.app_commands.Command)
            offered = [choice.value for choice in command._params["game"].choices]
            assert "late-gardens" in offered and "gardens" in offered
    finally:
        games.unregister("late-gardens")
