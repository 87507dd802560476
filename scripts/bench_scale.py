"""Scale: a bot holding thousands of running games, restarted.

For each size (100, 1,000 and 10,000 running games; `--quick` measures
only the smallest) a database is built, then a fresh process — only the service, as
the bot runs it, without the worker processes — measures:

- *start-up until ready*: opening the store, starting the restore in the
  background and answering a first command (`/game list`);
- *restore until done*: until the games a stop left with unposted turns
  (one in ten) are all told, a few at a time with a pause between two
  games' posts; meanwhile one game after another moves, and the p99 of those
  moves' answers is reported;
- *resident memory* (VmRSS of the process, from /proc/self/status) after the
  start-up, after every running game made a move, and after every game
  moved again (memory must stay flat: it follows recent use, not the number
  of games ever touched);
- `/game list` and `game:` autocomplete latency (p99 of 20 requests) for a
  person with games of their own in the one server that holds them all.

The databases are built through a documented fast path, not move by move:
`Store.open` makes the schema, then one transaction of bulk inserts writes
games, seats and move logs exactly as the store would have written them.
Each game is a copy of one of a few template games of Chinesische Mauer for
two, played at random from a seeded start to the end of a turn, so its
stored state is what replaying its seed and move log gives. A quarter as
many finished games (summaries posted) and a few lobbies sit beside them.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path
from typing import Any

from bench_common import NO_GOAL
from bench_common import Section
from bench_common import below
from bench_common import percentile

import games
from bot.history import new_turn
from bot.results import Caller
from bot.results import Dispatch
from bot.service import GameService
from bot.store import Store

__all__ = ["build", "run"]

GAME = "chinesische-mauer"
GUILD = 4_242
CHANNEL = 9_000
#: The person whose lists are measured (seated in about one game in 250).
LISTER = 1_000
PEOPLE = 500
T0 = datetime(2026, 1, 1, tzinfo=UTC)
TEMPLATES = 16
#: One running game in this many has turns its thread never heard of.
OWING_EVERY = 10

GOAL_READY_S = 5.0
GOAL_MOVE_P99_MS = 300.0
GOAL_RSS_MB = 400.0
GOAL_LIST_MS = 1_000.0
#: Discord accepts about 50 requests a second from a bot, all channels together.
DISCORD_POSTS_PER_S = 50.0
#: "Flat": the second round of moves may add at most this much.
FLAT_MB = 20.0

SIZES = (100, 1_000, 10_000)
QUICK_SIZES = (100,)


@dataclass(frozen=True)
class _Template:
    seed: int
    state: str
    #: (seat, action) of each move, in order.
    moves: tuple[tuple[int, str], ...]


def _templates() -> list[_Template]:
    """A few games of two, played at random from a seeded start to the end of a turn."""
    engine = games.get(GAME)
    made = []
    for seed in range(TEMPLATES):
        rng = random.Random(seed)
        state = engine.setup(2, seed, {})
        moves: list[tuple[int, str]] = []
        wanted = 6 + seed % 10
        while True:
            seat = min(engine.to_act(state))
            action = rng.choice(engine.legal_actions(state, seat))
            after = engine.apply(state, seat, action)
            if engine.outcome(after) is not None:
                break
            moves.append((seat, engine.format_action(state, action)))
            ended = new_turn(engine, state, after)
            state = after
            if len(moves) >= wanted and ended:
                break
        made.append(_Template(seed, engine.dumps(state), tuple(moves)))
    return made


def build(path: Path, running: int) -> None:
    """The database: `running` games in play, a quarter as many finished, a few lobbies."""
    asyncio.run(_schema(path))
    templates = _templates()
    finished = running // 4
    stamp = T0.isoformat(timespec="microseconds")
    game_rows: list[tuple[Any, ...]] = []
    seat_rows: list[tuple[Any, ...]] = []
    move_rows: list[tuple[Any, ...]] = []
    for game_id in range(1, running + finished + 11):
        status = "running" if game_id <= running else "finished" if game_id <= running + finished else "lobby"
        created = (T0 + timedelta(seconds=game_id)).isoformat(timespec="microseconds")
        players = (1_000 + game_id % PEOPLE, 1_000 + (game_id * 7 + 1) % PEOPLE)
        if players[0] == players[1]:
            players = (players[0], players[0] + 1)
        template = templates[game_id % TEMPLATES]
        where = (game_id, GUILD, CHANNEL, 10**9 + game_id, players[0], status, template.seed)
        if status == "running":
            version = 1 + len(template.moves)
            announced = 1 if game_id % OWING_EVERY == 0 else version
            game_rows.append((*where, template.state, version, None, announced, announced, created, stamp, 0))
            for number, (seat, action) in enumerate(template.moves, 1):
                move_rows.append((game_id, number, seat, action, number + 1, stamp))
        elif status == "finished":
            game_rows.append((*where, None, 50, '{"scores": [1, 0]}', 50, 50, created, stamp, 1))
        else:
            game_rows.append(
                (*where[:3], None, players[0], status, None, None, 1, None, 0, 0, created, stamp, 0)
            )
        seats = players if status != "lobby" else players[:1]
        seat_rows += [(game_id, seat, user, f"user{user}") for seat, user in enumerate(seats)]
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.executemany(
            "INSERT INTO games (id, engine, guild_id, channel_id, thread_id, host_id, status, seed, state, "
            "version, outcome, announced_version, pinged_version, created_at, updated_at, summary_posted, "
            f"options, locale) VALUES (?, '{GAME}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{{}}', 'en')",
            game_rows,
        )
        connection.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, 0)", seat_rows
        )
        connection.executemany(
            "INSERT INTO moves (game_id, number, seat, action, version, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            move_rows,
        )
        connection.execute("COMMIT")
    finally:
        connection.close()


async def _schema(path: Path) -> None:
    await (await Store.open(path)).close()


# ------------------------------------------------------------ the measured process


def _rss_mb() -> float:
    """The process's resident memory (VmRSS), in MB."""
    for line in Path("/proc/self/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _no_image(*_: object) -> bytes:
    return b""


def _person(user_id: int) -> Caller:
    return Caller(user_id, f"user{user_id}", guild_id=GUILD, channel_id=CHANNEL, locale="en")


async def _move_once(service: GameService, game_id: int, rng: random.Random) -> float:
    """The seat to act makes a random legal move; the answer's latency in seconds."""
    row, engine, state = await service.current(game_id)
    if row.status != "running" or state is None:
        return 0.0
    seat = min(engine.to_act(state))
    user = row.seats[seat].user_id or 0
    notation = engine.format_action(state, rng.choice(engine.legal_actions(state, seat)))
    begin = time.perf_counter()
    await service.move(_person(user), game_id, notation, expected_version=row.version)
    return time.perf_counter() - begin


async def _everyone_moves(service: GameService, ids: list[int], rng: random.Random) -> None:
    """Every game makes one move, 20 games at a time."""
    waiting = list(ids)

    async def mover() -> None:
        while waiting:
            await _move_once(service, waiting.pop(), rng)

    await asyncio.gather(*(mover() for _ in range(20)))
    await service.idle()


async def _latency_ms(request: Any, times: int = 20) -> float:
    spent = []
    for _ in range(times):
        begin = time.perf_counter()
        await request()
        spent.append(time.perf_counter() - begin)
    return percentile(spent, 0.99) * 1000


async def _measure(path: Path, running: int) -> dict[str, float]:
    figures: dict[str, float] = {}
    posts = 0

    async def outbox(dispatch: Dispatch) -> None:
        nonlocal posts
        posts += len(dispatch.posts)

    lister = _person(LISTER)
    begin = time.perf_counter()
    store = await Store.open(path)
    service = GameService(store, render=_no_image, animate=_no_image, outbox=outbox)
    try:
        await service.resume(wait=False)
        await service.list_games(lister)  # the first command is answered
        figures["ready_s"] = time.perf_counter() - begin

        # Players keep moving while the restore runs.
        rng = random.Random(running)
        playing = [game_id for game_id in range(1, running + 1) if game_id % OWING_EVERY]
        during: list[float] = []
        restore = asyncio.ensure_future(service.restored())
        while not restore.done():
            during.append(await _move_once(service, rng.choice(playing), rng))
            await asyncio.sleep(0.01)
        figures["restore_s"] = time.perf_counter() - begin
        figures["restore_posts"] = posts
        figures["restore_games"] = service._turns.restored_games
        figures["moves_during"] = len(during)
        figures["move_p99_ms"] = percentile(during or [0.0], 0.99) * 1000
        await service.idle()
        figures["rss_start_mb"] = _rss_mb()

        ids = list(range(1, running + 1))
        await _everyone_moves(service, ids, rng)
        figures["rss_moved_mb"] = _rss_mb()
        await _everyone_moves(service, ids, rng)
        figures["rss_again_mb"] = _rss_mb()
        figures["cached_games"] = service.cached_games()

        figures["list_ms"] = await _latency_ms(lambda: service.list_games(lister))
        figures["choices_ms"] = await _latency_ms(lambda: service.game_choices(lister, ""))
        figures["choices_typed_ms"] = await _latency_ms(lambda: service.game_choices(lister, "#1"))
    finally:
        await service.idle()
        await store.close()
    return figures


def _child(path: str, running: int) -> None:
    figures = asyncio.run(_measure(Path(path), running))
    print(json.dumps(figures))


# ------------------------------------------------------------------ the section


def _measured(path: Path, running: int) -> dict[str, float]:
    """The figures of one size, measured in a fresh process (so its memory is its own)."""
    here = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(here), str(here.parent)])}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(path), str(running)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def run(quick: bool) -> Section:
    section = Section(
        key="scale",
        title="Scale: thousands of running games",
        method=[
            "Databases of 100, 1,000 and 10,000 running games of Chinesische Mauer for two"
            + (" (only 100 in `--quick`)" if quick else "")
            + ", a quarter as many finished games and 10 lobbies, all in one server, built through the "
            "store's schema with bulk inserts (`scripts/bench_scale.py`). One running game in "
            f"{OWING_EVERY} has turns its thread never heard of. Each size is measured in a fresh "
            "process with the service as the bot runs it (no worker processes: no drawing, no AI seats). "
            "*Ready*: from opening the store until the first `/game list` is answered, the restore "
            "started in the background. *Restore*: until every game that owed its thread something is "
            "told (two games at a time, 50 ms after each post), with the posts sent meanwhile per second "
            "(the restore's and those of the moves made meanwhile: all that Discord would receive); "
            "*move p99* is the answer to moves made one "
            "after another meanwhile. *RSS* (VmRSS) after the start, after every running game made one "
            "move, and after every one moved again. *List* and *autocomplete*: p99 of 20 requests by a "
            "person seated in about one game in 250 (autocomplete with nothing typed, and with `#1`).",
        ],
        headers=[
            "Running games",
            "Ready s",
            f"< {GOAL_READY_S:.0f} s",
            "Restore s (games restored, posts sent meanwhile)",
            "Posts/s meanwhile",
            f"≤ {DISCORD_POSTS_PER_S:.0f}/s",
            "Move p99 ms during restore",
            f"< {GOAL_MOVE_P99_MS:.0f} ms",
            "RSS MB: start / all moved / moved again",
            f"< {GOAL_RSS_MB:.0f} MB, flat",
            "Games cached",
            "List p99 ms",
            "Autocomplete p99 ms (empty / #1)",
            f"< {GOAL_LIST_MS:.0f} ms",
        ],
    )
    with tempfile.TemporaryDirectory(prefix="baumeister-scale-") as folder:
        for running in QUICK_SIZES if quick else SIZES:
            path = Path(folder) / f"scale-{running}.sqlite3"
            build(path, running)
            f = _measured(path, running)
            rss = (f["rss_start_mb"], f["rss_moved_mb"], f["rss_again_mb"])
            flat = rss[2] - rss[1] <= FLAT_MB
            slowest = max(f["list_ms"], f["choices_ms"], f["choices_typed_ms"])
            rate = f["restore_posts"] / max(f["restore_s"] - f["ready_s"], 1e-9)
            section.rows.append(
                [
                    f"{running:,}",
                    f"{f['ready_s']:.2f}",
                    below(f["ready_s"], GOAL_READY_S),
                    f"{f['restore_s']:.1f} ({f['restore_games']:,.0f}, {f['restore_posts']:,.0f})",
                    f"{rate:.0f}",
                    NO_GOAL if not f["restore_posts"] else ("✅" if rate <= DISCORD_POSTS_PER_S else "❌"),
                    f"{f['move_p99_ms']:.0f} ({f['moves_during']:.0f} moves)",
                    below(f["move_p99_ms"], GOAL_MOVE_P99_MS) if f["moves_during"] else NO_GOAL,
                    " / ".join(f"{value:.0f}" for value in rss),
                    below(max(rss), GOAL_RSS_MB) if flat else "❌",
                    f"{f['cached_games']:.0f}",
                    f"{f['list_ms']:.0f}",
                    f"{f['choices_ms']:.0f} / {f['choices_typed_ms']:.0f}",
                    below(slowest, GOAL_LIST_MS),
                ]
            )
    section.notes.append(
        "Memory per game is bounded by recent use: rows, states and recent moves of the 500 most "
        "recently used games (`bot/service/cache.py`); a finished game keeps nothing. *Flat*: the "
        f"second round of moves adds at most {FLAT_MB:.0f} MB."
    )
    return section


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        _child(sys.argv[2], int(sys.argv[3]))
    else:
        print(run("--quick" in sys.argv).text())
