"""A display name full of Markdown, a link and a ping, through the real bot: every message
shows it as typed (escaped), and the images get it as typed (raw)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest
from conftest import Table
from conftest import World
from conftest import text_of

import texts
from bot.service.drawing import Drawing
from bot.service.model import Loaded
from games.core import State

NASTY = "**Bob** ||x|| @everyone https://evil.example"


@pytest.fixture
def table(world: World) -> Table:
    """The shared table, with bob's seat taken by a member who calls themselves NASTY."""
    member = world.guild.add_member(world.env.create_user("bobby"), nick=NASTY)
    return Table(replace(world, bob=member))


@pytest.fixture
def drawn_names(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The names in every view the bot hands to a renderer."""
    seen: list[list[str]] = []
    original = Drawing.view

    def view(
        self: Drawing, game: Loaded, state: State, seat: int | None, since: State | None = None
    ) -> dict[str, Any]:
        made = original(self, game, state, seat, since)
        seen.append(list(made["names"]))
        return made

    monkeypatch.setattr(Drawing, "view", view)
    return seen


def assert_shown_as_typed(message: discord.Message | str) -> None:
    text = message if isinstance(message, str) else message.content
    assert NASTY not in text
    for harm in ("**Bob**", "||x||", "@everyone", "https://"):
        assert harm not in text, text


async def test_a_name_with_markdown_links_and_pings_stays_words(
    table: Table, drawn_names: list[list[str]]
) -> None:
    world, escaped = table.world, texts.escape_words(NASTY)
    game = await table.start_for_two()

    lobby = table.message(world.channel, game.lobby.id)
    assert escaped in lobby.content
    assert_shown_as_typed(lobby)

    # Play until the member has made a turn of their own: its post is headed by the name.
    for _ in range(4):
        if any(text_of(post).startswith(f"**{escaped}**:") for post in game.home.history()):
            break
        await table.finish_turn(game)
    else:
        pytest.fail("no turn post of the member")
    posts = game.home.history()
    # A turn post pings the member with their name and what to decide, and says whose turn it is once.
    pings = [text_of(post) for post in posts if f"➡️ **{escaped}**: Your turn" in text_of(post)]
    assert pings
    assert all(text.lower().count("your turn") == 1 for text in pings), pings
    for post in [*posts, *world.channel.history()]:
        assert_shown_as_typed(post)

    stats = await world.bob.slash(world.channel, "stats")
    assert stats.response is not None
    assert stats.response.content.startswith(f"📊 **{escaped}**")
    assert_shown_as_typed(stats.response.content)

    # The boards were drawn with the name as typed.
    assert drawn_names and all(names == ["anna", NASTY] for names in drawn_names)
