"""Helpers of the league tests: members sign up through the bot, the people seated at a
table game play it out."""

from __future__ import annotations

import random
import re

import discord
from conftest import Table
from conftest import World
from conftest import text_of
from simcord import MemberActor

from bot.results import Caller
from bot.service import GameService


async def play_out(
    service: GameService, game_id: int, rng: random.Random, *, until_seat: int | None = None
) -> None:
    """The people seated make random legal moves until the game ends (or `until_seat` must act)."""
    for _ in range(5_000):
        await service.settled(game_id)
        row, engine, state = await service.current(game_id)
        if row.status != "running" or state is None:
            return
        acting = sorted(engine.to_act(state))
        if until_seat is not None and until_seat in acting:
            return
        seat = next(s for s in acting if not row.seats[s].is_ai)
        user = row.seats[seat].user_id
        assert user is not None
        action = rng.choice(engine.legal_actions(state, seat))
        caller = Caller(
            user, row.seats[seat].name, guild_id=row.guild_id, channel_id=row.thread_id or row.channel_id
        )
        await service.move(caller, game_id, engine.format_action(state, action))
    raise AssertionError("the game did not end")


async def members(world: World, count: int) -> list[MemberActor]:
    """`count` players: the world's three, then new members."""
    found = [world.anna, world.bob, world.carl]
    for n in range(count - len(found)):
        found.append(world.guild.add_member(world.env.create_user(f"player{n + 4}")))
    return found[:count]


def signup(world: World) -> discord.Message:
    return [m for m in world.channel.history() if "(league #" in text_of(m)][-1]


async def open_league(world: World, game: str, format: str, rounds: int, players: list[MemberActor]) -> int:  # noqa: A002
    opened = await world.moderator.slash(
        world.channel, "league new", game=game, format=format, rounds=rounds, name="Spring Cup"
    )
    assert opened.response is not None and "is open" in opened.response.content
    card = signup(world)
    found = re.search(r"league #(\d+)", text_of(card))
    assert found is not None
    for player in players:
        joined = await player.click(card, label="Join")
        assert joined.response is not None and "signed up" in joined.response.content
    card = signup(world)
    assert all(player.mention in text_of(card) for player in players)
    return int(found[1])


async def round_tables(table: Table, league_id: int, number: int) -> list[tuple[tuple[int | None, ...], int]]:
    await table.service.idle()
    return [
        (row.seats, row.game_id)
        for row in await table.service.store.league_tables(league_id)
        if row.round == number and row.game_id is not None
    ]


def posted(world: World, text: str) -> list[discord.Message]:
    return [m for m in world.channel.history() if text in text_of(m)]
