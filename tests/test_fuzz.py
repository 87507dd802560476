"""Fuzzing the edges where players type: move notation, game references, options, custom ids.

Whatever arrives, the answer is a refusal with a sentence (or a valid move),
never another exception, and a refusal changes nothing. Hypothesis runs with
a bounded number of examples so the suite stays quick.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from datetime import UTC
from datetime import datetime
from typing import Any

import discord
import pytest
from conftest import Table
from conftest import World
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import games
import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.service import GameService
from bot.store import GameRow
from bot.store import Store
from games.core import Engine
from games.core import IllegalAction
from games.core import State

EXAMPLES = 150
# Derandomized: the same examples on every run, so a failure is repeatable;
# no example database, so runs leave nothing behind in the working tree.
FAST = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

GUILD, CHANNEL = 5, 6
ANNA = Caller(1, "Anna", GUILD, CHANNEL)
BOB = Caller(2, "Bob", GUILD, CHANNEL)


def sample_positions(engine: Engine) -> list[State]:
    """A few positions of a seeded random game, the start and the end included."""
    rng = random.Random(5)
    state = engine.setup(engine.min_players, 17, engine.check_options(engine.min_players, {}))
    found = [state]
    for step in range(400):
        acting = sorted(engine.to_act(state))
        if not acting:
            break
        state = engine.apply(state, acting[0], rng.choice(engine.legal_actions(state, acting[0])))
        if step % 40 == 0:
            found.append(state)
    return [*found, state]


def notation_words(engine: Engine, states: list[State]) -> list[str]:
    """The words of real notation: garbage built from them gets past the first checks."""
    words: set[str] = set()
    for state in states:
        for seat in engine.to_act(state):
            for action in engine.legal_actions(state, seat):
                words.update(engine.format_action(state, action).split())
    return sorted(words)


def garbage(words: list[str]) -> st.SearchStrategy[str]:
    """Random text, and random arrangements of real notation words and numbers."""
    pieces = st.one_of(
        st.sampled_from(words or ["x"]),
        st.integers(-(10**20), 10**20).map(str),
        st.text(max_size=6),
        st.sampled_from(["", " ", "\x00", "\n", "🐉", "-1", "0", "1e9", "None", "#", "  "]),
    )
    return st.one_of(st.text(max_size=60), st.lists(pieces, max_size=6).map(" ".join))


@pytest.mark.parametrize("engine", games.all(), ids=lambda engine: engine.id)
def test_parse_action_refuses_garbage_with_illegal_action_only(engine: Engine) -> None:
    states = sample_positions(engine)
    words = notation_words(engine, states)

    @FAST
    @given(text=garbage(words), which=st.integers(0, len(states) - 1), seat_pick=st.integers(0, 7))
    def check(text: str, which: int, seat_pick: int) -> None:
        state = states[which]
        # The contract has no player count: the positions come from a min_players game.
        seat = seat_pick % engine.min_players
        before = engine.dumps(state)
        try:
            action = engine.parse_action(state, seat, text)
        except IllegalAction as error:
            assert str(error) and error.key
        else:
            # Readable after all: then it is a move the rules may still refuse, nothing worse.
            try:
                engine.apply(state, seat, action)
            except IllegalAction as error:
                assert str(error) and error.key
        assert engine.dumps(state) == before

    check()


# -------------------------------------------------------------- the service


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """Hypothesis runs synchronous tests; the service runs on this loop."""
    running = asyncio.new_event_loop()
    yield running
    running.close()


def no_image(game_id: str, view: dict[str, Any], locale: str | None = None) -> bytes:
    return b""


async def _service(location: str) -> GameService:
    store = await Store.open(location)
    return GameService(store, clock=lambda: datetime(2026, 1, 1, tzinfo=UTC), render=no_image)


async def _running_game(service: GameService, engine: Engine) -> int:
    reply = await service.new_game(ANNA, engine.id)
    assert reply.game_id is not None
    # Two humans, then AI seats for any further seat the engine needs.
    await service.join(BOB, reply.game_id)
    for _ in range(engine.min_players - 2):
        await service.add_bot(ANNA, reply.game_id)
    await service.start(ANNA, reply.game_id)
    return reply.game_id


def snapshot(row: GameRow) -> tuple[int, str | None, str]:
    return row.version, row.state, row.status


def assert_sentence(error: PlayerError) -> None:
    """A refusal the player can read: a catalogue key that renders to words."""
    said = texts.render(error.message, None, error.names)
    assert said and said != error.message.key, error.message.key


@pytest.mark.parametrize("engine", games.all(), ids=lambda engine: engine.id)
def test_service_move_refuses_garbage_and_changes_nothing(
    engine: Engine, store_location: str, loop: asyncio.AbstractEventLoop
) -> None:
    service = loop.run_until_complete(_service(store_location))
    game_id = loop.run_until_complete(_running_game(service, engine))
    words = notation_words(engine, sample_positions(engine))

    @FAST
    @given(
        text=garbage(words),
        who=st.sampled_from([ANNA, BOB]),
        version=st.one_of(st.none(), st.integers(-5, 50)),
    )
    def check(text: str, who: Caller, version: int | None) -> None:
        # AI seats move in the background after a start or an accepted move: let them first.
        loop.run_until_complete(service.idle())
        before = loop.run_until_complete(service.store.get_game(game_id))
        try:
            loop.run_until_complete(service.move(who, game_id, text, expected_version=version))
        except PlayerError as error:
            assert_sentence(error)
            after = loop.run_until_complete(service.store.get_game(game_id))
            assert snapshot(after) == snapshot(before)

    try:
        check()
    finally:
        loop.run_until_complete(service.store.close())


def test_find_game_refuses_any_bad_game_reference(
    store_location: str, loop: asyncio.AbstractEventLoop
) -> None:
    service = loop.run_until_complete(_service(store_location))
    game_id = loop.run_until_complete(_running_game(service, games.all()[0]))
    refs = st.one_of(
        st.text(max_size=30),
        st.integers(-(2**70), 2**70),
        st.integers(-(2**70), 2**70).map(lambda n: f"#{n}"),
        st.sampled_from(["", " ", "#", "##1", "1.0", "٣", "²", "0x10", str(game_id), f" #{game_id} "]),
    )

    @FAST
    @given(ref=refs, caller=st.sampled_from([ANNA, BOB, Caller(3, "Zed", GUILD + 1, CHANNEL)]))
    def check_ref(ref: str | int, caller: Caller) -> None:
        try:
            found = loop.run_until_complete(service.find_game(caller, ref))
        except PlayerError as error:
            assert_sentence(error)
        else:
            assert found == game_id and caller.guild_id == GUILD

    try:
        check_ref()
    finally:
        loop.run_until_complete(service.store.close())


def test_new_game_refuses_garbage_options(store_location: str, loop: asyncio.AbstractEventLoop) -> None:
    service = loop.run_until_complete(_service(store_location))
    options = st.dictionaries(
        st.text(max_size=12),
        st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=12)),
        max_size=3,
    )

    @FAST
    @given(
        engine_id=st.one_of(st.text(max_size=20), st.sampled_from([e.id for e in games.all()])),
        chosen=options,
    )
    def check_new(engine_id: str, chosen: dict[str, Any]) -> None:
        count = len(loop.run_until_complete(service.store.list_games()))
        try:
            reply = loop.run_until_complete(service.new_game(ANNA, engine_id, chosen))
        except PlayerError as error:
            assert_sentence(error)
            assert len(loop.run_until_complete(service.store.list_games())) == count
        else:
            assert reply.game_id is not None and engine_id in {e.id for e in games.all()}
            # The options were stored as given: they must survive JSON.
            stored = loop.run_until_complete(service.store.get_game(reply.game_id))
            assert stored.options == json.loads(json.dumps(chosen))

    try:
        check_new()
    finally:
        loop.run_until_complete(service.store.close())


# ------------------------------------------------------------ custom ids


async def bot_message_with_button(world: World, custom_id: str) -> discord.Message:
    """A message of the bot carrying one button with exactly this custom id.

    A real client could send any such id (an old message, a forged request);
    the plain view is dropped at once, so only the bot's DynamicItems answer.
    """
    channel = world.env.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="?", custom_id=custom_id))
    message = await channel.send("button", view=view)
    view.stop()
    return message


def custom_ids(game_id: int, version: int, unknown: tuple[int, ...] = (0, 999_999)) -> list[str]:
    """Ids that match the bot's button templates but carry garbage or unknown games."""
    rng = random.Random(3)
    junk = ["", " ", "🐉🐉", "draw draw", "play 99 wall 99", "x" * 80, "\\n", "%s", "{}", "#1"]
    junk += [
        "".join(rng.choice("abcdwallplay 0123456789:#-") for _ in range(rng.randint(1, 40))) for _ in range(6)
    ]
    ids = [f"bm:hand:{n}" for n in unknown]
    ids += [f"bm:lobby:{n}:{action}" for n in unknown for action in ("join", "leave", "addbot", "start")]
    ids += [f"bm:lobby:{game_id}:{action}" for action in ("join", "leave", "addbot", "start")]
    ids += [f"bm:addbot:{n}:{level}" for n in (*unknown, game_id) for level in ("easy", "nonsense")]
    ids += [f"bm:move:{n}:{version}:draw" for n in unknown]
    ids += [f"bm:move:{game_id}:{v}:draw" for v in (0, version + 7, 10**30)]
    ids += [f"bm:move:{game_id}:{version}:{text}" for text in junk if text.strip()]
    return [custom_id[:100] for custom_id in ids]


async def clicks_are_refused_politely(world: World, table: Table, unknown: tuple[int, ...]) -> None:
    game = await table.start_for_two()
    before = snapshot(await table.row(game.id))
    apology = texts.t("discord.error.apology")
    clicker = await table.on_turn(game.id)
    assert clicker is not None

    answers: dict[str, str] = {}
    for custom_id in custom_ids(game.id, before[0], unknown):
        message = await bot_message_with_button(world, custom_id)
        for who in (clicker, world.stranger):
            clicked = await who.click(message, custom_id=custom_id)
            assert clicked.ephemeral and clicked.response is not None, custom_id
            answers[f"{who.name} {custom_id}"] = clicked.response.content

    impolite = {what: said for what, said in answers.items() if not said or said == apology}
    assert impolite == {}
    assert not any(said.startswith("✅") for said in answers.values())
    assert snapshot(await table.row(game.id)) == before


async def test_garbage_custom_ids_get_a_polite_refusal(world: World, table: Table) -> None:
    await clicks_are_refused_politely(world, table, unknown=(0, 999_999))


async def test_custom_ids_with_game_numbers_beyond_sqlite_get_a_polite_refusal(
    world: World, table: Table
) -> None:
    # The templates accept any run of digits; SQLite integers end at 2**63 - 1.
    await clicks_are_refused_politely(world, table, unknown=(2**63, 10**30))
