"""Through the real bot: every board image it posts carries its description (alt text)."""

from __future__ import annotations

from typing import Any

from conftest import Table
from conftest import World


def _uploads(world: World, path_start: str) -> list[dict[str, Any]]:
    """The attachments of every message the bot sent to paths starting so, in order."""
    found = []
    for entry in world.env.http_requests:
        if entry.method == "POST" and entry.path.startswith(path_start) and isinstance(entry.json, dict):
            found += entry.json.get("attachments") or []
    return found


async def test_turn_posts_and_hands_carry_a_description(world: World, table: Table) -> None:
    game = await table.start_for_two()
    row, engine, state = await table.state(game.id)
    starter = row.seats[engine.current_turn(state)].name

    start = _uploads(world, f"/channels/{game.home.id}/messages")
    assert start, "the start post has its board"
    described = start[-1]["description"]
    assert described.startswith(f"Board of {engine.title}.")
    assert f"It is {starter}'s turn." in described
    assert "Site 1" in described and len(described) <= 1_024

    mover = await table.on_turn(game.id)
    assert mover is not None
    while await table.on_turn(game.id) is mover:
        choice = (await mover.autocomplete(game.home, "move", "action", ""))[0]["value"]
        await mover.slash(game.home, "move", action=choice)
    row, engine, state = await table.state(game.id)
    posted = _uploads(world, f"/channels/{game.home.id}/messages")
    assert len(posted) == len(start) + 1
    turn = posted[-1]
    assert turn["filename"] == "board.png"
    assert f"It is {row.seats[engine.current_turn(state)].name}'s turn." in turn["description"]
    assert "Since the last board:" in turn["description"]

    # A hand's picture is described too, with that seat's own cards (only they see it).
    await world.anna.slash(game.home, "hand")
    # (Her close-up, when she must decide, comes after it: who opens first is drawn by lot.)
    hands = [upload for upload in _uploads(world, "/webhooks/") if upload["filename"] == "board.png"]
    assert hands and "Your hand" in hands[-1]["description"]
