"""Who may do what, through the real bot in SimCord.

Non-players, players out of turn, members of another server naming a game by
number, non-hosts on host commands, and direct messages: each is refused
with its sentence, privately, and the stored game (version and state) stays
as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord
from conftest import Table
from conftest import World
from simcord import ChannelHandle
from simcord import MemberActor
from simcord.backend.errors import SetupError

import texts
from bot.store import GameRow


def snapshot(row: GameRow) -> tuple[int, str | None, str, tuple[Any, ...]]:
    return row.version, row.state, row.status, row.seats


def assert_refused(answer: simcord.InteractionResult, sentence: str, what: str) -> None:
    assert answer.ephemeral and answer.response is not None, what
    assert answer.response.content == sentence, what


async def test_players_and_strangers_in_a_running_game(world: World, table: Table) -> None:
    game = await table.start_for_two()
    mover = await table.on_turn(game.id)
    waiting = await table.waiting(game.id)
    assert mover is not None
    notation = (await mover.autocomplete(game.home, "move", "action", ""))[0]["value"]
    before = snapshot(await table.row(game.id))
    not_player = texts.t("error.not_player", id=game.id)
    attempts: list[tuple[MemberActor, ChannelHandle, str, dict[str, Any], str]] = [
        (world.stranger, game.home, "move", {"action": notation}, not_player),
        (world.stranger, world.channel, "move", {"action": notation, "game": str(game.id)}, not_player),
        (world.stranger, game.home, "hand", {}, not_player),
        (world.stranger, game.home, "game resign", {}, not_player),
        (waiting, game.home, "move", {"action": notation}, texts.t("error.not_your_turn", player=mover.name)),
        (world.carl, game.home, "game abandon", {}, texts.t("error.abandon_rights")),
        (world.bob, game.home, "game abandon", {}, texts.t("error.abandon_rights")),
        (world.stranger, game.home, "game join", {}, texts.t("error.not_in_lobby", game=game.id)),
        (world.stranger, game.home, "game addbot", {}, texts.t("error.not_in_lobby", game=game.id)),
        (world.anna, game.home, "game start", {}, texts.t("error.not_in_lobby", game=game.id)),
    ]

    for who, where, command, options, sentence in attempts:
        answer = await who.slash(where, command, **options)
        what = f"{who.name}: /{command} {options}"
        assert_refused(answer, sentence, what)
        assert snapshot(await table.row(game.id)) == before, what


async def test_non_hosts_in_a_lobby(world: World, table: Table) -> None:
    game = await table.open(world.anna)
    await world.bob.click(game.lobby, label="Join")
    before = snapshot(await table.row(game.id))
    host_only = texts.t("error.host_only", host=world.anna.name)

    for who in (world.bob, world.stranger):
        for command in ("game addbot", "game start"):
            assert_refused(await who.slash(game.home, command), host_only, f"{who.name} /{command}")
        for label in ("Add bot", "Start"):
            clicked = await who.click(table.message(world.channel, game.lobby.id), label=label)
            assert_refused(clicked, host_only, f"{who.name} clicks {label}")
        assert_refused(
            await who.slash(game.home, "game abandon"),
            texts.t("error.abandon_rights"),
            f"{who.name} /abandon",
        )
        assert snapshot(await table.row(game.id)) == before, who.name

    left = await world.stranger.click(table.message(world.channel, game.lobby.id), label="Leave")
    assert_refused(left, texts.t("error.not_seated"), "a stranger leaves")
    assert snapshot(await table.row(game.id)) == before


async def test_another_server_cannot_reach_a_game_by_number(world: World, table: Table) -> None:
    game = await table.start_for_two()
    before = snapshot(await table.row(game.id))
    other = world.env.create_guild("Elsewhere")
    channel = other.create_text_channel("games")
    # Anna herself, seated in the game, but asking from a server where it does not live.
    anna_elsewhere = other.add_member(world.anna.user)
    eve = other.add_member(world.env.create_user("eve"))
    no_such = texts.t("error.no_such_game", game=game.id)

    for who in (anna_elsewhere, eve):
        for command, options in (
            ("move", {"action": "draw"}),
            ("hand", {}),
            ("board", {}),
            ("game info", {}),
            ("game log", {}),
            ("game join", {}),
            ("game resign", {}),
            ("game abandon", {}),
        ):
            answer = await who.slash(channel, command, game=str(game.id), **options)
            assert_refused(answer, no_such, f"{who.name} /{command} from another server")
        assert snapshot(await table.row(game.id)) == before


async def test_direct_messages_are_refused(world: World, table: Table) -> None:
    game = await table.start_for_two()
    before = snapshot(await table.row(game.id))
    in_servers = texts.t("discord.error.dm")

    # Game commands are not offered in direct messages at all; should a client send one
    # anyway, the bot still refuses it (checked by the responder's own test).
    assert in_servers
    for command, options in (
        ("move", {"action": "draw", "game": str(game.id)}),
        ("hand", {"game": str(game.id)}),
        ("board", {"game": str(game.id)}),
        ("game info", {"game": str(game.id)}),
        ("game abandon", {"game": str(game.id)}),
        ("game new", {"game": "chinesische-mauer"}),
    ):
        with pytest.raises(SetupError, match="not visible"):
            await world.anna.user.slash(command, **options)
    assert snapshot(await table.row(game.id)) == before
    assert len(await table.service.store.list_games()) == 1
