"""The game service end to end over a real store, on each backend (no Discord)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from collections.abc import Awaitable
from contextlib import asynccontextmanager
from datetime import UTC
from datetime import datetime
from typing import Any

import pytest
from conftest import execute

import games
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Post
from bot.results import Reply
from bot.service import GameService
from bot.store import Places
from bot.store import Store

GAME = "chinesische-mauer"
GUILD = 77
CHANNEL = 500


def fake_render(game_id: str, view: dict[str, Any], locale: str | None = None) -> bytes:
    """Stands in for the renderer so tests can read what an image would show."""
    return json.dumps(view, sort_keys=True).encode()


def fake_animate(game_id: str, views: list[dict[str, Any]], locale: str | None = None) -> bytes:
    """Stands in for the replay: the views it would animate, one per frame."""
    return json.dumps({"frames": len(views), "spectator": all(v["viewer"] is None for v in views)}).encode()


def posts_of(service: GameService) -> list[Post]:
    """Everything the game threads were told so far, in order."""
    return [post for dispatch in service.dispatched for post in dispatch.posts]


def caller(user_id: int, name: str | None = None, **extra: Any) -> Caller:
    return Caller(user_id, name or f"user{user_id}", guild_id=GUILD, channel_id=CHANNEL, **extra)


ANNA, BOB, CARL, STRANGER = caller(1, "Anna"), caller(2, "Bob"), caller(3, "Carl"), caller(9, "Zed")


@asynccontextmanager
async def service_on(store_location: str) -> AsyncIterator[GameService]:
    """A service over the store at `store_location`, opened for the block and closed after it."""
    store = await Store.open(store_location)
    try:
        yield GameService(store, render=fake_render, animate=fake_animate)
    finally:
        await store.close()


@pytest.fixture
async def service(store: Store) -> Any:
    made = GameService(
        store, clock=lambda: datetime(2026, 1, 1, tzinfo=UTC), render=fake_render, animate=fake_animate
    )
    yield made
    await made.idle()


async def open_game(service: GameService, *players: Caller, bots: int = 0) -> int:
    reply = await service.new_game(players[0], GAME)
    assert reply.game_id is not None
    for player in players[1:]:
        await service.join(player, reply.game_id)
    for _ in range(bots):
        await service.add_bot(players[0], reply.game_id)
    return reply.game_id


async def refused(work: Awaitable[object]) -> str:
    """The key of the sentence the service refuses the work with (the test fails if it does it)."""
    with pytest.raises(PlayerError) as error:
        await work
    return error.value.message.key


async def whose_turn(service: GameService, game_id: int) -> int | None:
    await service.idle()
    row = await service.store.get_game(game_id)
    if row.status != "running" or row.state is None:
        return None
    engine = games.get(row.engine)
    acting = engine.to_act(engine.loads(row.state))
    return min(acting) if acting else None


async def play_out(service: GameService, game_id: int, people: dict[int, Caller]) -> list[Reply]:
    """Everyone seated plays the first suggested move until the game ends."""
    replies = []
    for _ in range(2_000):
        seat = await whose_turn(service, game_id)
        if seat is None:
            return replies
        row = await service.store.get_game(game_id)
        player = people[row.seats[seat].user_id or 0]
        options = await service.suggestions(player, game_id, "")
        assert options, "a player to act always has a move"
        # A varied but reproducible choice, so games end in a reasonable time.
        replies.append(await service.move(player, game_id, options[(len(replies) * 7) % len(options)]))
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ lobby


async def test_lobby_seats_host_rules_and_limits(service: GameService) -> None:
    game_id = await open_game(service, ANNA)
    reply = await service.join(BOB, game_id)
    assert reply.lobby is not None and "Bob" in reply.lobby.text and reply.lobby.open
    assert await refused(service.join(BOB, game_id)) == "error.already_seated"
    assert await refused(service.add_bot(BOB, game_id)) == "error.host_only"
    assert await refused(service.start(BOB, game_id)) == "error.host_only"
    for _ in range(3):
        await service.add_bot(ANNA, game_id)
    assert await refused(service.add_bot(ANNA, game_id)) == "error.lobby_full"
    assert await refused(service.join(CARL, game_id)) == "error.lobby_full"
    row = await service.store.get_game(game_id)
    assert [s.name for s in row.seats][:2] == ["Anna", "Bob"]
    assert len({s.name for s in row.seats}) == 5


async def test_start_needs_enough_players(service: GameService) -> None:
    game_id = await open_game(service, ANNA)
    assert await refused(service.start(ANNA, game_id)) == "error.too_few"
    assert (await service.store.get_game(game_id)).status == "lobby"


async def test_host_leaving_passes_the_lobby_on(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.leave(ANNA, game_id)
    row = await service.store.get_game(game_id)
    assert row.host_id == BOB.user_id and [s.name for s in row.seats] == ["Bob"]
    await service.leave(BOB, game_id)
    assert (await service.store.get_game(game_id)).status == "abandoned"


async def test_start_posts_the_board_and_pings_the_first_player(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    reply = await service.start(ANNA, game_id)
    assert reply.lobby is not None and not reply.lobby.open
    await service.idle()
    posts = posts_of(service)
    assert posts, "the start is announced in the thread"
    board = posts[-1]
    assert board.image is not None and "hand" not in json.loads(board.image)
    seat = await whose_turn(service, game_id)
    assert seat is not None
    assert board.mentions == ((ANNA, BOB)[seat].user_id,)
    assert await refused(service.join(CARL, game_id)) == "error.not_in_lobby"


# ------------------------------------------------------------------- moves


async def test_refusals_change_nothing(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.start(ANNA, game_id)
    seat = await whose_turn(service, game_id)
    assert seat is not None
    mover, other = (ANNA, BOB) if seat == 0 else (BOB, ANNA)
    before = await service.store.get_game(game_id)
    cases = [
        (other, "draw", "error.not_your_turn"),
        (STRANGER, "draw", "error.not_player"),
        (mover, "fly to the moon", None),
        (mover, "play 9 wall 1", None),
    ]
    for who, text, key in cases:
        found = await refused(service.move(who, game_id, text))
        if key:
            assert found == key
        assert found
    stale = service.move(mover, game_id, "draw", expected_version=before.version - 1)
    assert await refused(stale) == "error.stale"
    after = await service.store.get_game(game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert await service.store.moves(game_id) == []


async def test_a_whole_game_between_people(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB, CARL)
    await service.start(ANNA, game_id)
    await play_out(service, game_id, {1: ANNA, 2: BOB, 3: CARL})
    row = await service.store.get_game(game_id)
    assert row.status == "finished" and row.outcome is not None
    await service.idle()
    posts = posts_of(service)
    summary = posts[-1]
    assert "over" in summary.text and summary.filename == "replay.gif"
    assert summary.image is not None and json.loads(summary.image)["spectator"]
    for post in posts[:-1]:
        if post.image is not None:
            assert "hand" not in json.loads(post.image), "a public image never shows a hand"
        assert "Your hand" not in post.text
    # One post per turn: every post names exactly one player's turn.
    moves = await service.store.moves(game_id)
    assert len(posts) < len(moves)
    # The move log replays to the stored state.
    engine = games.get(GAME)
    assert row.seed is not None and row.state is not None
    state = engine.setup(3, row.seed)
    for move in moves:
        state = engine.apply(state, move.seat, engine.parse_action(state, move.seat, move.action))
    assert engine.dumps(state) == row.state


async def test_ai_seats_play_until_a_person_must_act(service: GameService) -> None:
    game_id = await open_game(service, ANNA, bots=2)
    await service.start(ANNA, game_id)
    assert await whose_turn(service, game_id) == 0
    reply = (await play_out(service, game_id, {1: ANNA}))[0]
    assert reply.text.startswith("✅")
    assert (await service.store.get_game(game_id)).status == "finished"


async def test_hand_is_private_and_offers_buttons(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.start(ANNA, game_id)
    seat = await whose_turn(service, game_id)
    mover = (ANNA, BOB)[seat or 0]
    reply = await service.hand(mover, game_id)
    assert reply.image is not None
    view = json.loads(reply.image)
    assert view["viewer"] == seat and "hand" in view
    assert reply.buttons and all(b.notation for b in reply.buttons)
    assert not reply.public
    assert await refused(service.hand(STRANGER, game_id)) == "error.not_player"
    # A button pressed after the game moved on is refused.
    await service.move(mover, game_id, reply.buttons[0].notation, expected_version=reply.version)
    pressed_again = service.move(mover, game_id, reply.buttons[0].notation, expected_version=reply.version)
    assert await refused(pressed_again) in {"error.stale", "error.not_your_turn"}


async def test_two_clicks_at_once_apply_once(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.start(ANNA, game_id)
    seat = await whose_turn(service, game_id)
    mover = (ANNA, BOB)[seat or 0]
    version = (await service.store.get_game(game_id)).version
    results = await asyncio.gather(
        service.move(mover, game_id, "draw", expected_version=version),
        service.move(mover, game_id, "draw", expected_version=version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Reply) for r in results) == 1
    assert sum(isinstance(r, PlayerError) for r in results) == 1
    assert len(await service.store.moves(game_id)) == 1


async def test_resign_hands_the_seat_to_an_ai(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.start(ANNA, game_id)
    await service.resign(BOB, game_id)
    await service.idle()
    assert any("resigned" in post.text for post in posts_of(service))
    row = await service.store.get_game(game_id)
    assert row.seats[1].is_ai and row.seats[1].user_id is None
    await play_out(service, game_id, {1: ANNA})
    assert (await service.store.get_game(game_id)).status == "finished"


async def test_abandon_rights(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.start(ANNA, game_id)
    assert await refused(service.abandon(BOB, game_id)) == "error.abandon_rights"
    moderator = caller(8, "Mod", is_manager=True)
    await service.abandon(moderator, game_id)
    assert (await service.store.get_game(game_id)).status == "abandoned"
    assert await refused(service.move(ANNA, game_id, "draw")) == "error.game_over"


async def test_restart_goes_on_where_it_stopped(store_location: str) -> None:
    async with service_on(store_location) as service:
        game_id = await open_game(service, ANNA, BOB)
        await service.start(ANNA, game_id)
        seat = await whose_turn(service, game_id)
        mover = (ANNA, BOB)[seat or 0]
        await service.move(mover, game_id, "draw")
        await service.idle()

    async with service_on(store_location) as again:
        await again.resume()
        await play_out(again, game_id, {1: ANNA, 2: BOB})
        assert (await again.store.get_game(game_id)).status == "finished"


async def test_a_damaged_state_is_rebuilt_from_the_move_log(store_location: str) -> None:
    async with service_on(store_location) as service:
        game_id = await open_game(service, ANNA, BOB)
        await service.start(ANNA, game_id)
        mover = (ANNA, BOB)[await whose_turn(service, game_id) or 0]
        await service.move(mover, game_id, "draw")
        good = (await service.store.get_game(game_id)).state
    await execute(store_location, "UPDATE games SET state = '{not json' WHERE id = ?", (game_id,))
    async with service_on(store_location) as service:
        reply = await service.hand(mover, game_id)
        assert reply.image is not None
        assert (await service.store.get_game(game_id)).state == good


async def test_an_unreadable_row_is_a_clear_refusal(store_location: str) -> None:
    async with service_on(store_location) as service:
        game_id = await open_game(service, ANNA, BOB)
    await execute(store_location, "UPDATE games SET options = 'broken{' WHERE id = ?", (game_id,))
    async with service_on(store_location) as service:
        assert await refused(service.join(BOB, game_id)) == "error.corrupt"


async def test_finding_the_game_a_command_is_about(service: GameService) -> None:
    assert await refused(service.find_game(ANNA)) == "error.no_game_here"
    first = await open_game(service, ANNA, BOB)
    assert await service.find_game(ANNA) == first
    second = await open_game(service, ANNA, CARL)
    assert await refused(service.find_game(ANNA)) == "error.which_game"
    assert await service.find_game(ANNA, f"#{second}") == second
    await service.attach(second, Places(thread_id=9_000))
    in_thread = Caller(1, "Anna", guild_id=GUILD, channel_id=9_000)
    assert await service.find_game(in_thread) == second
    elsewhere = Caller(1, "Anna", guild_id=GUILD + 1, channel_id=1)
    assert await refused(service.find_game(elsewhere, str(first))) == "error.no_such_game"
    assert await refused(service.find_game(ANNA, "banana")) == "error.bad_game_ref"


async def test_info_log_list_and_rules_speak_in_words(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.start(ANNA, game_id)
    mover = (ANNA, BOB)[await whose_turn(service, game_id) or 0]
    await service.move(mover, game_id, "draw")
    await service.move(mover, game_id, "draw")
    log = (await service.log(ANNA, game_id)).text
    assert mover.name in log and "draws a card" in log
    # Each move of a turn is a sentence with its own full stop, never "draws a card.; …".
    assert ".;" not in log and "card. " in log
    info = (await service.info(BOB, game_id)).text
    assert "Anna" in info and "Bob" in info
    listing = (await service.list_games(CARL)).text
    assert f"#{game_id}" in listing
    assert "Warrior" in service.rules(GAME)
    with pytest.raises(PlayerError) as error:
        service.rules("chess")
    assert error.value.message.key == "error.unknown_game"


async def test_game_choices_offer_my_games_then_open_lobbies(service: GameService) -> None:
    mine = await open_game(service, ANNA, BOB)
    theirs = await open_game(service, CARL)
    choices = await service.game_choices(ANNA, "")
    assert [value for _, value in choices] == [str(mine), str(theirs)]
    assert await service.game_choices(ANNA, f"#{theirs}") == [choices[1]]


async def test_engine_refusals_carry_the_seat_names(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB)
    await service.start(ANNA, game_id)
    mover = (ANNA, BOB)[await whose_turn(service, game_id) or 0]
    with pytest.raises(PlayerError) as error:
        await service.move(mover, game_id, "play 9 wall 1")
    assert error.value.names == ("Anna", "Bob")


async def test_turn_posts_from_memory_match_a_replay_of_the_log(service: GameService) -> None:
    game_id = await open_game(service, ANNA, BOB, bots=1)
    await service.start(ANNA, game_id)
    await play_out(service, game_id, {1: ANNA, 2: BOB})
    await service.idle()
    posted = [post.text for post in posts_of(service) if post.text.startswith("**")]
    replayed = await service.turns(game_id)
    assert all(turn.complete for turn in replayed)
    assert len(posted) == len(replayed)
    for text, turn in zip(posted, replayed, strict=True):
        lines = [line for line in text.splitlines() if line.startswith("• ")]
        assert len(lines) == len(turn.descriptions)


def test_long_lists_end_at_a_whole_line_and_say_how_many_more() -> None:
    from bot.service.model import whole_lines

    lines = [f"line {number} " + "x" * 40 for number in range(100)]
    text = whole_lines(lines, 500, lambda n: f"… and {n} more")
    assert len(text) <= 500
    *shown, last = text.split("\n")
    assert all(line in lines for line in shown)
    assert last == f"… and {100 - len(shown)} more"
    assert whole_lines(lines[:3], 500, lambda n: f"… and {n} more") == "\n".join(lines[:3])


async def test_the_away_suggestions_take_only_plain_digits() -> None:
    from bot.discord_app.player_cog import _away_autocomplete

    for typed in ("²", "٣", "1²", "x", ""):
        choices = await _away_autocomplete(None, typed)  # type: ignore[arg-type]
        assert all(choice.value == "off" or choice.value.isascii() for choice in choices), typed
    suggested = await _away_autocomplete(None, "36")  # type: ignore[arg-type]
    assert suggested[0].value == "36"
