"""The move's close-up through the real bot: `/hand` answers the player who must decide
with the board and, after it, the close-up of the places their moves can go."""

from __future__ import annotations

import io

from conftest import Table
from conftest import World
from PIL import Image


async def test_the_hand_of_the_player_to_act_carries_the_close_up(world: World, table: Table) -> None:
    game = await table.start_for_two()
    on_turn = await table.on_turn(game.id)
    assert on_turn is not None
    waiting = world.bob if on_turn is world.anna else world.anna

    mine = await on_turn.slash(game.home, "hand")
    assert mine.ephemeral
    files = [
        (a.filename, a.description) for f in [mine.response, *mine.followups] if f for a in f.attachments
    ]
    names = [name for name, _ in files]
    assert names == ["board.png", "closeup.png"], names
    assert dict(files)["closeup.png"].startswith("Close-up of your decision"), "described for screen readers"

    theirs = await waiting.slash(game.home, "hand")
    names = [a.filename for f in [theirs.response, *theirs.followups] if f for a in f.attachments]
    assert names == ["board.png"], "no decision of theirs: no close-up"


async def test_a_hand_too_large_for_the_board_is_a_picture_of_its_own(world: World, table: Table) -> None:
    # Mauerbauer's six guild cards at the start make two rows, which would make a seat's
    # board taller than a phone shows well: they come as a picture of their own after it.
    game = await table.open(world.anna, game="mauerbauer")
    await world.bob.click(game.lobby, label="Join")
    await world.anna.click(game.lobby, label="Start")
    _, engine, state = await table.state(game.id)
    mine = await world.anna.slash(game.home, "hand")
    files = {
        a.filename: (a.description, await a.read())
        for f in [mine.response, *mine.followups]
        if f
        for a in f.attachments
    }
    assert list(files)[:2] == ["board.png", "hand.png"], list(files)
    assert files["hand.png"][0] == "Your hand in Mauerbauer, apart from the board."
    board, hand = (Image.open(io.BytesIO(files[name][1])) for name in ("board.png", "hand.png"))
    assert board.height <= 2.2 * board.width and hand.width == board.width
    assert len(engine.view(state, 0)["hand"]) == 6
