"""How a long text is cut into messages Discord takes (`delivery.chunks`): between lines,
never inside a mention, and a code block cut in two is closed and opened again."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import plain_drawing
import pytest
from conftest import World
from conftest import buttons_of
from conftest import text_of
from fault_support import sent_nonces

from bot.discord_app.delivery import CONTENT_LIMIT
from bot.discord_app.delivery import chunks
from bot.discord_app.delivery import post_to_channel
from bot.results import Post

#: Discord's limits for a card (a components-v2 message): the text of its text displays
#: together, and its components, those inside others counted too.
CARD_TEXT_LIMIT = 4_000
CARD_COMPONENT_LIMIT = 40
#: What must reach the reader whole: mentions of people, channels and roles, and fences.
UNIT = re.compile(r"<[@#][!&]?\d+>|```")


def units(text: str) -> list[str]:
    return UNIT.findall(text)


def check_pieces(text: str, pieces: list[str]) -> None:
    """Every piece fits a message, every code block in it is closed, and nothing is lost."""
    assert all(0 < len(piece) <= CONTENT_LIMIT for piece in pieces)
    for piece in pieces:
        assert piece.count("```") % 2 == 0, f"a code block left open: {piece[-40:]!r}"
    assert _letters("".join(pieces)) == _letters(text)


def _letters(text: str) -> str:
    """The text without its fences (and their languages) and white space."""
    return "".join(re.sub(r"```[\w+.#-]*", "", text).split())


@pytest.mark.parametrize(
    ("mention", "count"),
    [("<@123456789012345678>", 120), ("<#123456789012345678>", 120), ("<@&1>", 500)],
)
def test_a_line_of_mentions_longer_than_a_message_is_cut_between_them(mention: str, count: int) -> None:
    text = " ".join([mention] * count)
    assert len(text) > CONTENT_LIMIT

    pieces = chunks(text)

    check_pieces(text, pieces)
    assert len(pieces) > 1
    assert sum(len(units(piece)) for piece in pieces) == count
    for piece in pieces:
        assert units(piece) == [mention] * len(units(piece)), "no mention cut in two"


def test_a_list_is_cut_between_its_lines() -> None:
    lines = [f"{n}. <@{10**17 + n}> wins the table" for n in range(1, 120)]
    text = "\n".join(lines)

    pieces = chunks(text)

    check_pieces(text, pieces)
    assert [line for piece in pieces for line in piece.split("\n")] == lines


def test_a_code_block_cut_in_two_is_closed_and_opened_again() -> None:
    rows = [f"{n:>3}  player{n:<20}  {n * 3:>4}" for n in range(150)]
    text = "**Standings**\n```\n" + "\n".join(rows) + "\n```\nWell played."

    pieces = chunks(text)

    check_pieces(text, pieces)
    assert len(pieces) > 2
    assert pieces[0].startswith("**Standings**\n```\n") and pieces[0].endswith("\n```")
    for piece in pieces[1:-1]:
        assert piece.startswith("```\n") and piece.endswith("\n```")
    assert pieces[-1].startswith("```\n") and pieces[-1].endswith("```\nWell played.")
    shown = [line for piece in pieces for line in piece.split("\n") if line != "```"]
    assert shown == ["**Standings**", *rows, "Well played."]


def test_a_code_block_is_opened_again_in_its_language() -> None:
    text = "```ansi\n" + "\n".join(f"line {n}" for n in range(400)) + "\n```"

    pieces = chunks(text)

    check_pieces(text, pieces)
    assert len(pieces) > 1
    assert all(piece.startswith("```ansi\n") for piece in pieces)


def test_a_very_long_line_without_spaces_is_cut_at_the_limit() -> None:
    text = "x" * (2 * CONTENT_LIMIT + 5)

    pieces = chunks(text)

    assert pieces == ["x" * CONTENT_LIMIT, "x" * CONTENT_LIMIT, "xxxxx"]


def test_a_hard_cut_moves_back_to_the_start_of_a_mention() -> None:
    mention = "<@123456789012345678>"
    text = "x" * (CONTENT_LIMIT - 10) + mention + "y" * 30

    pieces = chunks(text)

    assert pieces == ["x" * (CONTENT_LIMIT - 10), mention + "y" * 30]


def test_a_very_long_line_in_a_code_block() -> None:
    text = "```\n" + "y" * (CONTENT_LIMIT * 2) + "\n```"

    pieces = chunks(text)

    check_pieces(text, pieces)
    assert "".join(piece.replace("```", "").replace("\n", "") for piece in pieces) == "y" * (
        CONTENT_LIMIT * 2
    )


def test_the_limit_exactly() -> None:
    exactly = "z" * CONTENT_LIMIT
    assert chunks(exactly) == [exactly]
    assert chunks(exactly + "\nmore") == [exactly, "more"]
    # With the fences that close and reopen the block, each piece still fits.
    block = "```\n" + "\n".join("w" * 99 for _ in range(60)) + "\n```"
    pieces = chunks(block)
    check_pieces(block, pieces)
    assert max(len(piece) for piece in pieces) <= CONTENT_LIMIT
    assert chunks("") == [""]
    assert chunks("  short  ") == ["short"]


async def test_a_post_cut_in_pieces_pings_everyone_it_names_once(world: World) -> None:
    # More than Discord lets one message ping (100): each message pings those it names.
    people = [world.guild.add_member(world.env.create_user(f"player{n}")) for n in range(120)]
    ids = tuple(person.id for person in people)
    pairings = "\n".join(
        f"Table {n}: <@{a}>, <@{b}>" for n, (a, b) in enumerate(zip(ids[::2], ids[1::2], strict=True))
    )
    seen = len(world.channel.history())

    await post_to_channel(
        world.env.bot,
        world.channel.id,
        [Post(pairings, mentions=ids)],
        game_id=None,
        buttons_for=lambda _: [],
    )

    posts = world.channel.history()[seen:]
    assert len(posts) > 1
    pinged = [
        user
        for post in posts
        for user in world.env.backend.get_message(world.channel.id, post.id).ping_user_ids
    ]
    assert sorted(pinged) == sorted(ids), "each pinged once, none left out"
    per_message = [
        len(world.env.backend.get_message(world.channel.id, post.id).ping_user_ids) for post in posts
    ]
    assert max(per_message) <= 100, per_message


async def test_a_post_past_a_cards_limits_goes_on_in_the_next_card(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    story = "\n".join(f"{n}. <@{world.bob.id}> builds on site {n} and the wall grows" for n in range(160))
    board = plain_drawing.board("gardens", {}, None)
    post = Post(story, board, (world.anna.id,), description="The board.", nonce="9t4", accent=0x0072B2)
    many = [discord.ui.Button[Any](label=f"B{n}", custom_id=f"b{n}") for n in range(45)]
    nonces = sent_nonces(monkeypatch)
    seen = len(world.channel.history())

    await post_to_channel(world.env.bot, world.channel.id, [post], game_id=None, buttons_for=lambda _: many)

    cards = world.channel.history()[seen:]
    assert len(cards) == 4, "three cards of text, the last with the board; the buttons left over in a fourth"
    assert nonces[-4:] == ["9t4.0", "9t4.1", "9t4.2", "9t4.3"]
    for card in cards:
        (frame,) = card.components
        assert card.flags.components_v2 and isinstance(frame, discord.Container)
        assert frame.accent_colour == discord.Colour(0x0072B2)
        assert len(text_of(card)) <= CARD_TEXT_LIMIT
        assert 1 + len(list(_inside(frame))) <= CARD_COMPONENT_LIMIT
    said = "\n".join(text_of(card) for card in cards[:3])
    assert said == f"{story}\n{world.anna.mention}", "cut between lines, nothing lost"
    assert [len(card.attachments) for card in cards] == [0, 0, 1, 0]
    galleries = [c for c in _inside(cards[2].components[0]) if isinstance(c, discord.MediaGalleryComponent)]
    assert [item.description for gallery in galleries for item in gallery.items] == ["The board."]
    assert [b.label for b in buttons_of(cards[2]) + buttons_of(cards[3])] == [f"B{n}" for n in range(45)]
    pinged = [
        user
        for card in cards
        for user in world.env.backend.get_message(world.channel.id, card.id).ping_user_ids
    ]
    assert pinged == [world.anna.id], "the one named in the ping line, once; bob is only named"


def _inside(component: Any) -> Iterator[Any]:
    for child in getattr(component, "children", []):
        yield child
        yield from _inside(child)
