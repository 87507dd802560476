"""Languages through the real bot: private answers follow the user's Discord locale,
the game's thread follows the server's.

SimCord sends every interaction as "en-US" from an "en-US" server; these tests
rewrite the two locale fields of its interaction payloads, which is exactly
what Discord varies.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import simcord.interactions
from conftest import Table
from conftest import World
from conftest import add_bot
from conftest import text_of

from bot.service.model import AI_NAMES
from bot.service.model import seat_name


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Set "user" and "server" to the locales Discord should report."""
    chosen = {"user": "en-US", "server": "en-US"}
    original = simcord.interactions.base_payload

    def localised(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = chosen["user"]
        if "guild_locale" in payload:
            payload["guild_locale"] = chosen["server"]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", localised)
    return chosen


async def test_a_german_server_plays_in_german_and_a_dutch_player_reads_dutch(
    world: World, table: Table, locales: dict[str, str]
) -> None:
    locales.update(user="de", server="de")
    game = await table.open(world.anna)
    assert "Beitreten" in str(game.lobby.components), "the lobby's buttons speak the server's language"
    await world.bob.click(game.lobby, label="Beitreten")
    await world.anna.click(game.lobby, label="Starten")
    start = game.home.history()[0]
    assert "beginnt" in text_of(start)
    board = game.home.history()[-1]
    assert "Am Zug" in text_of(board) or "Du bist am Zug" in text_of(board)

    player = await table.on_turn(game.id)
    assert player is not None
    locales.update(user="nl")
    hand = await player.slash(game.home, "hand")
    assert hand.response is not None and "aan de beurt" in hand.response.content
    refused = await world.stranger.slash(game.home, "hand")
    assert refused.response is not None and "speelt niet mee" in refused.response.content
    # The thread stays German, whoever moves.
    await player.slash(game.home, "move", action="draw")
    await table.service.idle()
    for message in game.home.history():
        for english in ("it is your turn", "begins", "is thinking", "draws a card", "plays a"):
            assert english not in text_of(message), text_of(message)


async def test_an_unknown_language_falls_back_to_english(
    world: World, table: Table, locales: dict[str, str]
) -> None:
    locales.update(user="ja", server="ja")
    game = await table.open(world.anna)
    assert "Join" in str(game.lobby.components)
    answer = await world.anna.slash(world.channel, "rules", game="chinesische-mauer")
    assert answer.response is not None and "Chinesische Mauer" in answer.response.content


async def test_an_ai_seat_is_called_an_ai_in_the_threads_language(
    world: World, table: Table, locales: dict[str, str]
) -> None:
    locales.update(user="de", server="de")
    game = await table.open(world.anna)
    await add_bot(world.anna, game.lobby, "Normal", button="Bot hinzufügen")
    await world.anna.click(game.lobby, label="Starten")
    await table.service.idle()
    row = await table.row(game.id)
    ai = next(seat for seat in row.seats if seat.is_ai)
    # Stored bare: the word for "AI" is the reader's language's, put in where it is shown.
    assert ai.name == AI_NAMES[0]
    said = "\n".join(text_of(message) for message in game.home.history())
    assert f"KI {ai.name}" in said and f"AI {ai.name}" not in said, said
    # A game stored when the name carried the English word reads right too, never "KI AI Li".
    assert seat_name(replace(ai, name="AI Li"), "de") == "KI Li"
    assert seat_name(replace(ai, name="Bob (KI)"), "en") == "AI Bob"


async def test_a_german_game_offers_and_reads_moves_in_german_and_stores_english(
    world: World, table: Table, locales: dict[str, str]
) -> None:
    locales.update(user="de", server="de")
    game = await table.open(world.anna)
    await world.bob.click(game.lobby, label="Beitreten")
    await world.anna.click(game.lobby, label="Starten")
    player = await table.on_turn(game.id)
    assert player is not None
    _, engine, state = await table.state(game.id)
    (seat,) = engine.to_act(state)

    choices = await player.autocomplete(game.home, "move", "action", "")
    assert choices
    for choice in choices:
        # Shown in German, sent as the English notation (the same whatever the language).
        action = engine.parse_action(state, seat, choice["value"])
        assert choice["value"] == engine.format_action(state, action)
        assert choice["name"] == engine.format_action(state, action, "de")
    assert {"name": "ziehe", "value": "draw"} in choices
    typed = await player.autocomplete(game.home, "move", "action", "zie")
    assert [choice["value"] for choice in typed] == ["draw"]

    hand = await player.slash(game.home, "hand")
    assert hand.response is not None
    assert "ziehe" in str(hand.response.components), "the buttons are labelled in German"

    answer = await player.slash(game.home, "move", action="ziehe")
    assert answer.response is not None and answer.response.content.startswith("✅"), answer.response
    await table.service.idle()
    # The log stores English, whatever the game's language.
    assert [move.action for move in await table.service.store.moves(game.id)][:1] == ["draw"]


@pytest.mark.parametrize(
    ("language", "add", "shown"),
    [("de", "Bot hinzufügen", "KI Mira (Leicht)"), ("nl", "Bot toevoegen", "AI Mira (Makkelijk)")],
)
async def test_the_lobby_names_an_ais_level_in_the_servers_language(
    world: World, table: Table, locales: dict[str, str], language: str, add: str, shown: str
) -> None:
    locales.update(user=language, server=language)
    game = await table.open(world.anna)
    asked = await world.anna.click(game.lobby, label=add)
    assert asked.response is not None
    await world.anna.click(asked.response, label=shown.split("(")[1].rstrip(")"))
    assert shown in table.message(world.channel, game.lobby.id).content
