"""The move's close-up through the real bot: `/hand` answers the player who must decide
with the board and, after it, the close-up of the places their moves can go."""

from __future__ import annotations

from conftest import Table
from conftest import World


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
