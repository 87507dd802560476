"""Plays games through the game service until it is killed; and the checks of what survived.

    python tests/crash_child.py DATABASE SEED

The child opens the store and the real `GameService` on DATABASE, first
resumes what a previous (killed) child left half done, then keeps a few games
running at once — some between two humans, some against AI seats — and makes
random legal moves for the humans. After each `GameService.move` has
returned it prints one line ``<game id> <move version> <seat> <notation>``
and flushes it: every line the parent reads is a move the service has
acknowledged.

The parent side (`kill_rounds`) starts the child, kills it with SIGKILL at a
random moment, restarts it on the same file, and after every kill checks the
database (`verify`). `tests/test_crash_safety.py` runs a few rounds,
`scripts/crash_soak.py` many.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any

import games
from bot.results import Caller
from bot.service import GameService
from bot.store import GameRow
from bot.store import Store

__all__ = ["Acknowledged", "Damage", "kill_rounds", "play_forever", "verify"]

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve()
GUILD = 1
CHANNEL = 2
#: The humans the child plays for.
HUMANS = tuple(Caller(11 + i, name, GUILD, CHANNEL) for i, name in enumerate(("Anna", "Bob", "Carl")))
#: How many games the child keeps running at the same time.
RUNNING_GAMES = 3
#: A fixed clock: the child never depends on the time of day.
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def no_image(game_id: str, view: dict[str, Any], locale: str | None = None) -> bytes:
    """Drawing boards is not what this child tests, and it is the slow part."""
    return b""


# -------------------------------------------------------------------- the child


async def _open_game(service: GameService, rng: random.Random) -> None:
    """A new game: two or three seats, some of them AI, started at once."""
    engine = rng.choice(games.all())
    host = HUMANS[0]
    reply = await service.new_game(host, engine.id)
    assert reply.game_id is not None
    seats = rng.randint(engine.min_players, min(engine.max_players, 3))
    for index in range(1, seats):
        if rng.random() < 0.5:
            await service.join(HUMANS[index], reply.game_id)
        else:
            await service.add_bot(host, reply.game_id)
    await service.start(host, reply.game_id)


async def _move_once(service: GameService, row: GameRow, rng: random.Random) -> None:
    """One random legal move for the human who must act in that game."""
    # The service moves too, in the background: for the AI seats, and for a person whose
    # decision has one answer. Once it is done, the game is read again.
    await service.settled(row.id)
    row = await service.store.get_game(row.id)
    if row.status != "running":
        return
    engine = games.get(row.engine)
    assert row.state is not None
    state = engine.loads(row.state)
    humans = [s for s in sorted(engine.to_act(state)) if not row.seats[s].is_ai]
    if not humans:
        return
    seat = humans[0]
    user_id = row.seats[seat].user_id
    caller = next(h for h in HUMANS if h.user_id == user_id)
    notation = engine.format_action(state, rng.choice(engine.legal_actions(state, seat)))
    # Only this child writes, so a refusal here is a bug: it ends the child and the parent sees it.
    await service.move(caller, row.id, notation, expected_version=row.version)
    print(row.id, row.version + 1, seat, notation, flush=True)


async def play_forever(database: str, seed: int) -> None:
    store = await Store.open(database)
    service = GameService(store, clock=lambda: NOW, render=no_image)
    rng = random.Random(seed)
    # Finish the AI turns a kill may have interrupted, as the bot does at start-up.
    await service.resume()
    while True:
        running = await store.list_games(statuses=("running",))
        if len(running) < RUNNING_GAMES:
            await _open_game(service, rng)
            continue
        await _move_once(service, rng.choice(running), rng)


# ------------------------------------------------------------------ the parent


@dataclass(frozen=True)
class Acknowledged:
    """A move the child reported after `GameService.move` returned."""

    game_id: int
    version: int
    seat: int
    notation: str

    @classmethod
    def parse(cls, line: str) -> Acknowledged:
        game_id, version, seat, notation = line.rstrip("\n").split(" ", 3)
        return cls(int(game_id), int(version), int(seat), notation)


@dataclass
class Damage:
    """What `verify` found wrong; empty when the database is sound."""

    problems: list[str] = field(default_factory=list)

    def add(self, problem: str) -> None:
        self.problems.append(problem)


async def verify(database: str, acknowledged: list[Acknowledged]) -> Damage:
    """Every acknowledged move is stored, the file is sound, every state replays."""
    damage = Damage()
    store = await Store.open(database)
    try:
        verdict = await store.integrity_check()
        if verdict != "ok":
            damage.add(f"integrity_check: {verdict}")
        for ack in acknowledged:
            moves = {move.version: move for move in await store.moves(ack.game_id)}
            move = moves.get(ack.version)
            if move is None or (move.seat, move.action) != (ack.seat, ack.notation):
                damage.add(f"game {ack.game_id}: acknowledged move {ack} is stored as {move}")
        for row in await store.list_games():
            await _check_replay(store, row, damage)
    finally:
        await store.close()
    return damage


async def _check_replay(store: Store, row: GameRow, damage: Damage) -> None:
    """The stored state is the replay of seed and move log; the version counts the moves."""
    moves = await store.moves(row.id)
    if row.status == "lobby":
        if moves or row.state is not None:
            damage.add(f"game {row.id}: a lobby with moves or a state")
        return
    if row.seed is None or row.state is None:
        if row.status != "abandoned":
            damage.add(f"game {row.id}: {row.status} without seed or state")
        return
    engine = games.get(row.engine)
    state = engine.setup(len(row.seats), row.seed, row.options or None)
    for move in moves:
        state = engine.apply(state, move.seat, engine.parse_action(state, move.seat, move.action))
    if engine.dumps(state) != row.state:
        damage.add(f"game {row.id}: the stored state is not the replay of its {len(moves)} moves")
    if moves and row.version != moves[-1].version:
        damage.add(f"game {row.id}: version {row.version} but the last move has {moves[-1].version}")
    versions = [move.version for move in moves]
    if versions and versions != list(range(versions[0], versions[0] + len(versions))):
        damage.add(f"game {row.id}: move versions have gaps: {versions}")
    finished = engine.outcome(state) is not None
    if finished != (row.status == "finished"):
        damage.add(
            f"game {row.id}: status {row.status} but the replay is {'over' if finished else 'running'}"
        )


async def _run_child_until_killed(database: str, seed: int, wanted: int, pause: float) -> list[str]:
    """Start the child, let it acknowledge `wanted` moves, wait `pause`, SIGKILL it.

    Returns every line the child printed, also those still in the pipe.
    """
    return await killed_after(CHILD, [database, str(seed)], wanted, pause)


async def killed_after(script: Path, arguments: list[str], wanted: int, pause: float) -> list[str]:
    """Run the Python `script` with `arguments` in a child process, read `wanted` lines of
    what it prints, wait `pause` seconds and SIGKILL it: no cleanup, no close, no final commit.

    Returns every whole line it printed, also those still in the pipe; a RuntimeError with
    its error output when it stopped before printing `wanted` lines.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        *arguments,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    assert child.stdout is not None and child.stderr is not None
    lines: list[str] = []
    try:
        while len(lines) < wanted:
            # Only a guard so a stuck child cannot hang the run; not a speed check.
            raw = await asyncio.wait_for(child.stdout.readline(), timeout=120)
            if not raw:
                break
            lines.append(raw.decode())
        await asyncio.sleep(pause)
    finally:
        if child.returncode is None:
            child.kill()
        await child.wait()
    lines += (await child.stdout.read()).decode().splitlines(keepends=True)
    if len(lines) < wanted:
        raise RuntimeError(f"the child stopped early:\n{(await child.stderr.read()).decode()}")
    return [line for line in lines if line.endswith("\n")]


async def kill_rounds(database: str, rounds: int, seed: int, most_moves: int = 60) -> tuple[int, list[str]]:
    """Kill and restart the child `rounds` times; (acknowledged moves, problems found)."""
    rng = random.Random(seed)
    acknowledged: list[Acknowledged] = []
    for round_number in range(rounds):
        lines = await _run_child_until_killed(
            database, rng.randrange(1 << 30), wanted=rng.randint(1, most_moves), pause=rng.uniform(0, 0.05)
        )
        acknowledged += [Acknowledged.parse(line) for line in lines]
        damage = await verify(database, acknowledged)
        if damage.problems:
            return len(acknowledged), [f"after kill {round_number + 1}: {p}" for p in damage.problems]
    return len(acknowledged), []


if __name__ == "__main__":
    asyncio.run(play_forever(sys.argv[1], int(sys.argv[2])))
