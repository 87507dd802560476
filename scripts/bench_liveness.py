"""Liveness: hundreds of games and dozens of leagues played to their end while everything fails.

A bot process (`liveness_child`: the real `GameService` on a SQLite file,
worker processes, the deadline dispatcher) plays the planned games: people
(simulated, at random moments, sometimes not at all), AI seats, a deadline
of one game hour with game time running 3,600 times faster than the wall
clock; and the planned leagues (Swiss and round robin, of every engine),
whose tables' games its people play as they play the others. Faults are
injected at random: drawings raise, the AI raises or hangs, the database
refuses transactions, Discord answers 5xx, a worker process is killed now
and then, the bot SIGKILLs itself now and then while it seats a league's
round — and this process SIGKILLs or SIGTERMs the bot every few seconds and
starts it again on the same database. Once every game and league is
finished (or a time cap passed), a last bot process runs without faults
until everything is told. Then the database and the record of
accepted posts are checked:

- games finished, of those planned (goal: all);
- complete turns whose post never came, or came more than once (goal: 0);
- seats that had to act without a deadline: a person who must act, was told
  so (the bot's own record of pings), and had no deadline timer, at two
  looks at the database at least `GRACE` seconds apart while the bot ran
  (goal: 0);
- the longest time an obligation waited beyond its retries: a turn's post
  (from its last move until Discord accepted it) or a deadline (from its
  time until the seat's decision was made), less the waits the bot
  announced before trying again for that game and the time the bot was down;
- leagues finished (goal: all); rounds seated twice or not at all (goal: 0):
  each round has its tables, each table exactly one game (seated as the
  table), each member still in seated once a round; league games left in
  the lobby or held by no table, and threads made for a table that no game
  holds or that got no post (goal: 0); league posts Discord made twice:
  accepted twice with one nonce, the second beyond Discord's memory of it
  (goal: 0).

The run's files (database, records, the bot processes' log) go to a temporary
folder; with BAUMEISTER_LIVENESS_KEEP=<folder> they go there and stay.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from bench_common import FAIL
from bench_common import NO_GOAL
from bench_common import PASS
from bench_common import Section
from bench_common import at_least
from liveness_child import CALM
from liveness_child import DROPPED
from liveness_child import FAULTS
from liveness_child import FAULTY
from liveness_child import GUILD
from liveness_child import NONCE_KEPT
from liveness_child import PEOPLE_MOVES
from liveness_child import POSTS
from liveness_child import RETRIES
from liveness_child import SHUTDOWN_GRACE
from liveness_child import THREADS
from liveness_child import LeagueSeating
from liveness_child import Plan
from liveness_child import Seating
from liveness_child import read_records

import games
from bot.history import group_turns
from bot.history import obligation_start
from bot.history import replay
from bot.leagues.seating import AI
from bot.service.clock import TIMER_LEASE
from bot.service.model import LEAGUE
from bot.service.robots import THINKING_BUDGET
from bot.store import LEAGUE_FORMATS
from bot.store import GameRow
from bot.store import LeagueRow
from bot.store import LeagueTableRow
from bot.store import MemberRow
from bot.store import Store
from bot.workers import PARENT_CHECK_SECONDS
from bot.workers import default_processes

__all__ = ["GRACE", "KEEP_ENV", "run"]

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = Path(__file__).resolve().parent
#: A folder named here (empty) gets the run's files, kept afterwards.
KEEP_ENV = "BAUMEISTER_LIVENESS_KEEP"
#: The last bot process is stopped once no game moved for this long (more than twice the
#: bot's reconciling period): what is left then waits for nothing that will come.
STALLED = 150.0
#: A person told to act, without a deadline for this long (bot time up), is counted:
#: longer than a failed timer write's first two retries (5 s, then 10 s).
GRACE = 16.0


@dataclass(frozen=True)
class _Scale:
    games_per_engine: int
    #: Leagues, and the least and most members and rounds of each (a round robin's rounds
    #: are at most these: as many as it needs).
    leagues: int
    members: tuple[int, int]
    rounds: tuple[int, int]
    #: The faulty part ends when every game is finished or after this long; the calm
    #: part after this long at the latest. Safety nets, wide enough for a machine other
    #: work slows down: on a quiet one the games end well before.
    faulty_cap: float
    calm_cap: float
    #: The bot runs this long (uniform) between two stops.
    uptime: Span
    #: Game seconds per wall second (3,600: a game hour is a second).
    speed: float
    #: Seconds the AI may think about one decision (the bot's own is 10 s).
    thinking_budget: float = THINKING_BUDGET


# The quick run's game time runs sixteen times faster still (a game hour is a sixteenth of a
# second; the longest game, of Catan: Cheops, still takes most of the run), its faulty part
# is short, and a hung AI is given up on sooner, so that a game of each engine ends within
# seconds.
_QUICK = _Scale(
    games_per_engine=1,
    leagues=2,
    members=(4, 5),
    rounds=(2, 2),
    faulty_cap=4.0,
    # The last part ends as soon as everything is told; this long only on a machine that
    # other work slows down (the leagues' figures are judged: they must end).
    calm_cap=120.0,
    uptime=(1.0, 2.0),
    speed=16 * 3600.0,
    thinking_budget=3.0,
)
_FULL = _Scale(
    games_per_engine=50,
    leagues=24,
    members=(3, 11),
    rounds=(2, 3),
    faulty_cap=1800.0,
    calm_cap=900.0,
    uptime=(3.0, 7.0),
    speed=3600.0,
)


def _seatings(count: int, rng: random.Random) -> list[Seating]:
    """`count` games of every engine, interleaved: one or two people, the rest AI seats."""
    planned = []
    for _ in range(count):
        for engine in games.all():
            players = rng.randint(engine.min_players, min(engine.max_players, engine.min_players + 1))
            # Long games (many decisions a turn) get one person: they wait for people most.
            people = 1 if players > 2 else rng.randint(1, 2)
            options = {}
            for option in engine.options:
                # Options no host chooses are the engine's; the others it picks by player count.
                if option.offered and option.default is not None:
                    options[option.name] = rng.choice(option.choices)
            planned.append(Seating(engine.id, people, players - people, options))
    return planned


def _league_seatings(scale: _Scale, rng: random.Random) -> list[LeagueSeating]:
    """`scale.leagues` leagues, the engines taking turns and the formats too (shifted by one
    at each pass over the engines, so that every engine plays every format)."""
    # The last registered first: the quick run's two leagues are then of the built-in games
    # that end soonest, so that it stays short.
    engines = games.all()[::-1]
    return [
        LeagueSeating(
            engines[index % len(engines)].id,
            LEAGUE_FORMATS[(index + index // len(engines)) % len(LEAGUE_FORMATS)],
            rng.randint(*scale.rounds),
            rng.randint(*scale.members),
        )
        for index in range(scale.leagues)
    ]


# ------------------------------------------------------------------ intervals

#: A stretch of wall time: (start, end).
Span = tuple[float, float]


def _covered(intervals: Iterable[Span], start: float, end: float) -> float:
    """How much of [start, end] the intervals cover (overlaps counted once)."""
    clipped = sorted((max(a, start), min(b, end)) for a, b in intervals if b > start and a < end)
    total, reach = 0.0, start
    for a, b in clipped:
        if b > reach:
            total += b - max(a, reach)
            reach = b
    return total


@dataclass
class _Run:
    """What this process saw of the bot processes: when each was down, how it was stopped."""

    down: list[Span] = field(default_factory=list)
    kills: int = 0
    terms: int = 0
    #: SIGTERMs the bot did not answer by ending within the limit (then SIGKILLed), and
    #: the longest time from a SIGTERM to the end.
    unanswered_terms: int = 0
    longest_term: float = 0.0
    starts: int = 0
    #: Worker processes still there seconds after their bot process ended.
    outlived: int = 0
    #: The last bot process was stopped because nothing moved any more.
    stalled: bool = False
    reaping: list[asyncio.Task[None]] = field(default_factory=list)


# -------------------------------------------------------------------- monitor


@dataclass(frozen=True)
class _Sighting:
    """A person who had to act, seen without a deadline: when, at which version of the game,
    and up to which version people had been told (the bot's own record of pings)."""

    at: float
    version: int
    told: int


@dataclass
class _Monitor:
    """Looks at the database while the bot runs: deadlines as they are set, and seats that
    must act, were told so and have no deadline."""

    store: Store
    run: _Run
    plan: Plan
    #: (game, seat, turn version) -> the deadline's wall time (the earliest seen).
    deadlines: dict[tuple[int, int, int], float] = field(default_factory=dict)
    #: (game, seat) -> when first seen acting without a deadline (since then at every look).
    untimed: dict[tuple[int, int], _Sighting] = field(default_factory=dict)
    #: (game, seat, obligation start) of people told to act who had no deadline.
    without: set[tuple[int, int, int]] = field(default_factory=set)
    #: (game, seat, version) of people who had to act, at the looks.
    looked_at: set[tuple[int, int, int]] = field(default_factory=set)
    #: (game, version) -> the people who must act then.
    _acting: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    up: bool = False

    async def watch(self) -> None:
        rounds = 0
        while True:
            with contextlib.suppress(Exception):  # the file is being written meanwhile
                await self._deadlines()
                if rounds % 8 == 0 and self.up:
                    await self._seats()
            rounds += 1
            await asyncio.sleep(0.5)

    async def _deadlines(self) -> None:
        for timer in await self.store.timers():
            if timer.kind == "deadline":
                key = (timer.game_id, timer.seat, timer.turn_version)
                due = self.plan.wall_time(timer.due_at)
                self.deadlines[key] = min(due, self.deadlines.get(key, due))

    async def _seats(self) -> None:
        timed = {(t.game_id, t.seat) for t in await self.store.timers() if t.kind == "deadline"}
        now = time.time()
        seen = set()
        for row in await self.store.list_games(statuses=("running",)):
            if not row.settings.get("deadline_hours") or row.state is None:
                continue
            people = self._acting.get((row.id, row.version))
            if people is None:
                engine = games.get(row.engine)
                acting = engine.to_act(engine.loads(row.state))
                people = self._acting[(row.id, row.version)] = [s for s in acting if not row.seats[s].is_ai]
            told = max(row.announced_version, row.pinged_version)
            for seat in people:
                self.looked_at.add((row.id, seat, row.version))
                if (row.id, seat) in timed:
                    continue
                seen.add((row.id, seat))
                first = self.untimed.setdefault((row.id, seat), _Sighting(now, row.version, told))
                if now - first.at - _covered(self.run.down, first.at, now) >= GRACE:
                    await self._judge(row, seat, first, _Sighting(now, row.version, told))
        self.untimed = {key: first for key, first in self.untimed.items() if key in seen}

    async def _judge(self, row: GameRow, seat: int, first: _Sighting, now: _Sighting) -> None:
        """Seen without a deadline at two looks `GRACE` apart: counted when it is one
        obligation, begun and told by the first look (then it had no deadline throughout)."""
        engine = games.get(row.engine)
        moves = await self.store.moves(row.id)
        _, steps = replay(engine, row, moves, words_later=True)
        began = obligation_start(steps, seat)
        if began is None:  # obliged since the start: the version the start made
            began = moves[0].version - 1 if moves else row.version
        if began <= first.version and began <= first.told:
            self.without.add((row.id, seat, began))
        # Either way the look starts over (a later obligation, or one counted already).
        self.untimed[(row.id, seat)] = now


# ------------------------------------------------------------------- children


async def _start(plan_path: Path, mode: str, seed: int, log: Path) -> asyncio.subprocess.Process:
    with log.open("ab") as stderr:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            "import sys, liveness_child; sys.exit(liveness_child.main())",
            str(plan_path),
            mode,
            str(seed),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(SCRIPTS)])},
            cwd=ROOT,
            # A process group of its own: what it leaves behind can be found (`_reap`).
            start_new_session=True,
        )


async def _line(child: asyncio.subprocess.Process) -> str:
    assert child.stdout is not None
    return (await child.stdout.readline()).decode().strip()


async def _wait_ready(child: asyncio.subprocess.Process, run: _Run, down_since: float) -> None:
    line = await asyncio.wait_for(_line(child), 120)
    if line != "ready":
        raise RuntimeError(f"the bot process did not start: {line!r} (see its log)")
    run.down.append((down_since, time.time()))
    run.starts += 1


async def _stop(child: asyncio.subprocess.Process, run: _Run, how: signal.Signals) -> None:
    if how == signal.SIGKILL:
        run.kills += 1
    else:
        run.terms += 1
    if child.returncode is None:
        child.send_signal(how)
    sent = time.time()
    try:
        await asyncio.wait_for(child.wait(), 3 * SHUTDOWN_GRACE)
    except TimeoutError:
        run.unanswered_terms += 1
        print(
            f"liveness: bot process {child.pid} still there {3 * SHUTDOWN_GRACE:g} s after SIGTERM; killed"
            " (its threads' stacks are in the bots' log)",
            file=sys.stderr,
            flush=True,
        )
        child.send_signal(signal.SIGUSR1)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(child.wait(), 1.0)
        child.kill()
        await child.wait()
    if how == signal.SIGTERM:
        run.longest_term = max(run.longest_term, time.time() - sent)
    _reap_later(child, run)


def _reap_later(child: asyncio.subprocess.Process, run: _Run) -> None:
    # Its output is not read to the end: a worker process that outlived it may hold the pipe.
    run.reaping.append(asyncio.create_task(_reap(child.pid, run)))


def _group(group: int) -> list[int]:
    """The processes still in a process group (Linux: from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == group:
                    found.append(int(entry.name))
    return found


def _end_leftovers(group: int) -> int:
    """End what is left of a process group; how many of them were worker processes."""
    workers = 0
    for pid in _group(group):
        with contextlib.suppress(OSError):
            workers += b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
            os.kill(pid, signal.SIGKILL)
    return workers


async def _reap(group: int, run: _Run) -> None:
    """A stopped bot's worker processes end within `PARENT_CHECK_SECONDS` by themselves;
    those still there well after are counted, then ended."""
    await asyncio.sleep(3 * PARENT_CHECK_SECONDS)
    run.outlived += _end_leftovers(group)


async def _all_finished(store: Store, plan: Plan) -> bool:
    """Every planned game and league opened and finished (and every league's games)."""
    rows = await store.list_games(with_state=False)
    if sum(row.guild_id == GUILD for row in rows) < len(plan.games):
        return False
    leagues = await _leagues(store, plan)
    return (
        all(row.status == "finished" for row in rows)
        and len(leagues) >= len(plan.leagues)
        and all(league.status == "finished" for league in leagues)
    )


async def _leagues(store: Store, plan: Plan) -> list[LeagueRow]:
    return await store.leagues(limit=len(plan.leagues) + 1)


async def _finished(store: Store, plan: Plan) -> str:
    games_over = await store.count_games(guild_id=GUILD, statuses=("finished",))
    leagues_over = sum(league.status == "finished" for league in await _leagues(store, plan))
    return f"{games_over} games and {leagues_over} leagues finished"


async def _faulty_part(
    plan_path: Path, store: Store, plan: Plan, scale: _Scale, run: _Run, monitor: _Monitor, log: Path
) -> None:
    rng = random.Random(1)
    ends = time.time() + scale.faulty_cap
    down_since = time.time()
    while time.time() < ends:
        child = await _start(plan_path, FAULTY, rng.randrange(1 << 30), log)
        await _wait_ready(child, run, down_since)
        monitor.up = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(child.wait(), rng.uniform(*scale.uptime))
        finished = await _all_finished(store, plan)
        monitor.up = False
        down_since = time.time()
        if child.returncode is None:
            await _stop(child, run, signal.SIGTERM if finished or rng.random() < 0.5 else signal.SIGKILL)
        else:  # it SIGKILLed itself, seating a league's round (`Plan.seating_kills`)
            _reap_later(child, run)
        if finished:
            break
        _progress(f"{run.starts} bot starts, {await _finished(store, plan)}")
    run.down.append((down_since, time.time()))


async def _calm_part(
    plan_path: Path, store: Store, scale: _Scale, run: _Run, monitor: _Monitor, log: Path
) -> float:
    """The last bot process, without faults, until it says everything is settled, or no
    game moved for `STALLED` seconds (what is left then waits for nothing that will come)."""
    down_since = time.time()
    child = await _start(plan_path, CALM, 0, log)
    await _wait_ready(child, run, down_since)
    monitor.up = True
    ends = time.time() + scale.calm_cap
    reading = asyncio.create_task(_line(child))
    progress, moved = await _progress_mark(store), time.time()
    while time.time() < ends and time.time() - moved < STALLED:
        done, _ = await asyncio.wait({reading}, timeout=5.0)
        if done:
            break  # "settled", or the process ended
        mark = await _progress_mark(store)
        if mark != progress:
            progress, moved = mark, time.time()
    reading.cancel()
    run.stalled = time.time() - moved >= STALLED
    monitor.up = False
    await _stop(child, run, signal.SIGTERM)
    run.terms -= 1  # the end of the run, not a fault
    return time.time()


async def _progress_mark(store: Store) -> tuple[int, int, int, int]:
    """Moves stored and summaries posted, all games together, and rounds seated and leagues
    finished: what changes while games and leagues go on."""
    rows = await store.list_games(with_state=False)
    leagues = await store.leagues(limit=1_000)
    return (
        sum(row.version for row in rows),
        sum(row.summary_posted for row in rows),
        sum(league.round for league in leagues),
        sum(league.status == "finished" for league in leagues),
    )


_last_progress = [0.0]


def _progress(what: str) -> None:
    if time.time() - _last_progress[0] > 15:
        _last_progress[0] = time.time()
        print(f"liveness: {what}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------- analysis


@dataclass
class _Findings:
    planned: int = 0
    finished: Counter[str] = field(default_factory=Counter)
    opened: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    missing: int = 0
    duplicated: int = 0
    #: Posts labelled with turns the game does not have complete (should be none).
    stray: int = 0
    #: Moves people made (the service answered), and those of them not in the log.
    by_people: int = 0
    lost: int = 0
    #: Duplicated turn posts whose copies were all accepted by one bot process.
    duplicated_in_process: int = 0
    summaries_missing: int = 0
    summaries_duplicated: int = 0
    #: (wait beyond retries, whole wait, what, game id)
    waits: list[tuple[float, float, str, int]] = field(default_factory=list)
    moves: int = 0
    leagues: _LeagueFindings = field(default_factory=lambda: _LeagueFindings())
    #: Pings for a decision with one answer that tells nobody anything, of all pings.
    forced: int = 0
    pings: int = 0


@dataclass
class _LeagueFindings:
    planned: int = 0
    opened: int = 0
    finished: int = 0
    #: Rounds the leagues have (`leagues.rounds`), tables of all rounds, and games at them.
    rounds: int = 0
    tables: int = 0
    games: int = 0
    games_finished: int = 0
    #: (league, round, what is wrong) of the rounds seated twice, wrongly or not at all.
    misseated: list[tuple[int, int, str]] = field(default_factory=list)
    #: League games left in the lobby, or held by no table.
    orphans: list[int] = field(default_factory=list)
    #: Threads made for tables, and those no game holds or that got no post.
    threads: int = 0
    empty_threads: list[int] = field(default_factory=list)
    #: League posts Discord accepted, and by kind the copies of one (one nonce) beyond the first.
    posts: int = 0
    duplicated: Counter[str] = field(default_factory=Counter)
    #: Posts the leagues gave up after their tries, and those still owed at the end.
    given_up: int = 0
    owed: int = 0


def _retry_intervals(folder: Path) -> tuple[dict[tuple[str, int], list[Span]], list[Span]]:
    """The waits the bot announced before trying again: per part ("turns": a game's
    background work, "clock": a timer) and game, and those of no game (the dispatcher's)."""
    per_game: dict[tuple[str, int], list[Span]] = {}
    shared: list[Span] = []
    for entry in read_records(folder, RETRIES):
        span = (float(entry["t"]), float(entry["t"]) + float(entry["wait"]))
        if entry.get("game") is None:
            shared.append(span)
        else:
            per_game.setdefault((str(entry.get("part")), int(entry["game"])), []).append(span)
    return per_game, shared


def _cut_short(spans: list[Span], activity: list[float]) -> list[Span]:
    """A game's announced waits, each ended by the game's next sign of work (a move stored,
    a post accepted, another failure): a move made meanwhile tries again at once, and then
    the wait no longer excuses anything."""
    ordered = sorted(activity)
    cut = []
    for start, end in spans:
        index = bisect.bisect_right(ordered, start)
        cut.append((start, min(end, ordered[index]) if index < len(ordered) else end))
    return cut


@dataclass
class _Posts:
    """The record of accepted posts, by game."""

    #: game -> (last version of a turn -> how many accepted posts told it)
    told: dict[int, Counter[int]] = field(default_factory=dict)
    #: game -> (a post's last turn -> when the first such post was accepted)
    first: dict[int, dict[int, float]] = field(default_factory=dict)
    #: game -> when each of its posts was accepted
    accepted: dict[int, list[float]] = field(default_factory=dict)
    #: (game, turn) -> the bot processes whose posts told it
    tellers: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    summaries: Counter[int] = field(default_factory=Counter)
    #: pings for a decision with one answer that tells nobody anything, and all pings
    forced: int = 0
    pings: int = 0

    @classmethod
    def read(cls, folder: Path) -> _Posts:
        posts = cls()
        for entry in read_records(folder, POSTS):
            game_id = int(entry["game"])
            posts.pings += len(entry.get("mentions", []))
            posts.forced += len(entry.get("forced", []))
            posts.accepted.setdefault(game_id, []).append(float(entry["t"]))
            if entry["kind"] == "summary":
                posts.summaries[game_id] += 1
            versions = [int(version) for version in entry["turns"]]
            if not versions:
                continue
            for version in versions:
                posts.told.setdefault(game_id, Counter())[version] += 1
                posts.tellers.setdefault((game_id, version), []).append(int(entry.get("pid", 0)))
            # The post is owed from its last turn on: the bot tells a run of turns at once.
            firsts = posts.first.setdefault(game_id, {})
            firsts.setdefault(max(versions), float(entry["t"]))
        return posts


async def _league_findings(store: Store, plan: Plan, folder: Path, rows: list[GameRow]) -> _LeagueFindings:
    """The leagues as the store has them at the end, their threads and their posts."""
    found = _LeagueFindings(planned=len(plan.leagues))
    by_id = {row.id: row for row in rows}
    held: set[int] = set()
    for league in await _leagues(store, plan):
        found.opened += 1
        found.finished += league.status == "finished"
        tables = await store.league_tables(league.id)
        held.update(table.game_id for table in tables if table.game_id is not None)
        found.rounds += league.rounds
        found.tables += len(tables)
        found.misseated += _misseated(league, tables, await store.members(league.id), by_id)
        states = [state for state, _ in (await store.league_posts(league.id)).values()]
        found.given_up += states.count("given_up")
        found.owed += states.count("owed")
    league_games = [row for row in rows if LEAGUE in row.settings]
    found.games = len(league_games)
    found.games_finished = sum(row.status == "finished" for row in league_games)
    found.orphans = sorted(row.id for row in league_games if row.status == "lobby" or row.id not in held)
    accepted = read_records(folder, POSTS)
    made = {int(entry["thread"]) for entry in read_records(folder, THREADS)}
    posted_to = {entry.get("channel") for entry in accepted}
    games_in = {row.thread_id for row in rows}
    found.threads = len(made)
    found.empty_threads = sorted(t for t in made if t not in games_in or t not in posted_to)
    # A league's posts carry nonces of their own ("L", the league, what it owes: `Leagues`).
    nonces = Counter(
        str(entry["nonce"]) for entry in accepted if str(entry.get("nonce") or "").startswith("L")
    )
    found.posts = sum(nonces.values())
    for nonce, count in nonces.items():
        found.duplicated[_league_post_kind(nonce)] += count - 1
    return found


def _league_post_kind(nonce: str) -> str:
    """What a league post's nonce says it is: pairings, a table's, the standings, or another."""
    what = nonce.lstrip("L0123456789")
    if what.startswith("p:"):
        return "pairings"
    if what.startswith("t:"):
        return "table"
    return "standings" if what.startswith("final") else what


def _misseated(
    league: LeagueRow, tables: list[LeagueTableRow], members: list[MemberRow], games_by_id: dict[int, GameRow]
) -> list[tuple[int, int, str]]:
    """Each of the league's rounds 1..`rounds` seated once: tables, each with exactly one game
    of this league seated as the table, every member still in seated once; no round beyond."""
    wrong = []
    by_round: dict[int, list[LeagueTableRow]] = {}
    for table in tables:
        by_round.setdefault(table.round, []).append(table)
    for number in sorted(set(by_round) | set(range(1, league.rounds + 1))):
        found = by_round.get(number, [])
        if number > league.rounds or not found:
            wrong.append((league.id, number, "beyond the last round" if found else "not seated"))
            continue
        seated = Counter(player for table in found for player in table.seats if player is not AI)
        due = {m.user_id for m in members if m.dropped_round is None or number <= m.dropped_round}
        if set(seated) != due or any(count != 1 for count in seated.values()):
            wrong.append((league.id, number, "members not seated once each"))
        for table in found:
            game = games_by_id.get(table.game_id) if table.game_id is not None else None
            if game is None or game.settings.get(LEAGUE) != league.id or not _seated_as(game, table):
                wrong.append((league.id, number, f"table {table.table} without its game"))
    return wrong


def _seated_as(game: GameRow, table: LeagueTableRow) -> bool:
    """The game's seats are the table's (a person's seat may since be the AI's: their
    deadline passed, or they dropped)."""
    if len(game.seats) != len(table.seats):
        return False
    return all(
        seat.is_ai if player is AI else seat.user_id == player or (seat.is_ai and seat.user_id is None)
        for seat, player in zip(game.seats, table.seats, strict=True)
    )


async def _analyse(
    store: Store, plan: Plan, folder: Path, run: _Run, monitor: _Monitor, ended: float
) -> _Findings:
    found = _Findings(planned=len(plan.games))
    posts = _Posts.read(folder)
    found.forced, found.pings = posts.forced, posts.pings
    retries, shared = _retry_intervals(folder)
    deadlines: dict[int, list[tuple[int, int, float]]] = {}
    for (game_id, seat, began), due in monitor.deadlines.items():
        deadlines.setdefault(game_id, []).append((seat, began, due))
    stored: set[tuple[int, int]] = set()
    rows = await store.list_games()
    found.leagues = await _league_findings(store, plan, folder, rows)
    for row in rows:
        # The plan's games are counted by engine; a league's are its own figures. Every game's
        # posts, deadlines and waits are checked alike.
        if row.guild_id == GUILD:
            found.opened[row.engine] += 1
            found.finished[row.engine] += row.status == "finished"
        if row.status == "finished":
            found.summaries_missing += posts.summaries[row.id] == 0
            found.summaries_duplicated += max(0, posts.summaries[row.id] - 1)
        if row.seed is None or row.state is None:
            continue
        engine = games.get(row.engine)
        moves = await store.moves(row.id)
        found.moves += len(moves)
        _, steps = replay(engine, row, moves, words_later=True)
        made = {move.version: plan.wall_time(move.created_at) for move in moves}
        stored.update((row.id, version) for version in made)
        work = retries.get(("turns", row.id), [])
        activity = [*made.values(), *posts.accepted.get(row.id, []), *(start for start, _ in work)]
        # A post waits for the game's work; a deadline for its timer and the dispatcher.
        excused = {
            "turn post": [*_cut_short(work, activity), *run.down],
            "deadline": [*retries.get(("clock", row.id), []), *shared, *run.down],
        }

        def wait(what: str, start: float, end: float, game_id: int = row.id, excused: Any = excused) -> None:
            beyond = end - start - _covered(excused[what.split(",")[0]], start, end)
            found.waits.append((beyond, end - start, what, game_id))

        told = posts.told.get(row.id, Counter())
        complete = {turn.last_version for turn in group_turns(engine, steps) if turn.complete}
        found.turns += len(complete)
        for version in complete:
            found.missing += told[version] == 0
            found.duplicated += max(0, told[version] - 1)
            if told[version] > 1 and len(set(posts.tellers[(row.id, version)])) == 1:
                found.duplicated_in_process += told[version] - 1
            if told[version] == 0:
                wait("turn post, never accepted", made[version], ended)
        found.stray += sum(count for version, count in told.items() if version not in complete)
        for last, accepted in posts.first.get(row.id, {}).items():
            if last in made:
                wait("turn post", made[last], accepted)
        for seat, began, due in deadlines.get(row.id, []):
            # The obligation ends when the seat no longer must act, or a new one begins.
            over = next(
                (
                    made[item.version]
                    for item in steps
                    if item.version > began
                    and (seat not in engine.to_act(item.state) or seat in item.entered)
                ),
                ended,
            )
            if over > due:
                wait("deadline", due, over)
    people = {(int(entry["game"]), int(entry["version"])) for entry in read_records(folder, PEOPLE_MOVES)}
    found.by_people = len(people)
    found.lost = sum(1 for game_id, version in people if (game_id, version) not in stored)
    return found


# -------------------------------------------------------------------- report


def _section(
    found: _Findings, scale: _Scale, plan: Plan, run: _Run, monitor: _Monitor, folder: Path, began: float
) -> Section:
    wall = time.time() - began
    finished = sum(found.finished.values())
    faults = Counter(str(entry["fault"]) for entry in read_records(folder, FAULTS))
    worst = max(found.waits, default=(0.0, 0.0, "—", 0))
    beyond = sorted(wait for wait, *_ in found.waits)
    p99 = beyond[int(0.99 * (len(beyond) - 1))] if beyond else 0.0
    turn_faults = found.missing + found.duplicated
    deadline = plan.deadline_seconds
    lease = TIMER_LEASE.total_seconds()
    section = Section(
        key="liveness",
        title="Liveness under faults",
        method=[
            f"{len(plan.games)} games, {scale.games_per_engine} of each engine (one or two people, the "
            "other seats AI), played at once through the real `GameService` on a SQLite file, in a bot "
            f"process of their own (`scripts/liveness_child.py`) with {default_processes()} worker "
            "processes, as the bot runs: the restore at every start, the deadline dispatcher, the "
            "reconciling pass. Every game has a deadline of one game hour, the AI standing in when it "
            f"passes; game time runs {plan.speed:,.0f} times faster than the wall clock, so a deadline "
            f"is {deadline:g} s and its reminder comes {0.75 * deadline:g} s after the ping. People "
            f"answer their pings at random moments ({plan.act_share:.0%} of their decisions, up to "
            f"{plan.lateness:g} deadlines late) with random legal moves, and let the others pass. "
            "What the bot counts on the game clock shrinks with it (a timer's lease of "
            f"{lease / 60:g} minutes is {lease / plan.speed * 1000:.0f} ms here); the back-off of a "
            "game's work and the reconciling pass keep wall-clock time.",
            "",
            f"Faults at random: {plan.render_fails:.0%} of drawings raise; the AI raises in "
            f"{plan.ai_raises:.1%} and hangs in {plan.ai_hangs:.1%} of its decisions (past its thinking "
            f"budget of {plan.thinking_budget:g} s); the database refuses {plan.database_refuses:.0%} "
            "of transactions and "
            "statements (as a dropped connection: the transaction is rolled back); Discord answers "
            f"5xx to {plan.discord_fails:.0%} of posts (and, as Discord does, makes no second message "
            f"for a nonce it saw in the last {NONCE_KEPT:g} s); a worker process is SIGKILLed every "
            f"{plan.worker_kill_every[0]:g}–{plan.worker_kill_every[1]:g} s; and the bot process is "
            f"SIGKILLed or SIGTERMed (half each) after {scale.uptime[0]:g}–{scale.uptime[1]:g} s of "
            "running, and started again on the same database. When every game is finished (or after "
            f"{scale.faulty_cap:g} s), a last bot process without faults runs until everything is told "
            f"(or no game moved for {STALLED:g} s).",
            "",
            "Then the database and the record of the posts Discord accepted are checked. *Turn posts*: "
            "every complete turn of every game (`bot.history.group_turns` over the replayed log) is "
            "told by exactly one accepted post (a run of AI turns is one post). *Without a deadline*: "
            "a person who must act, was told so (the bot's record of pings) and has no deadline "
            f"timer, at two looks at the database {GRACE:g} s apart while the bot ran. *Beyond its "
            "retries*: an obligation's wait — a turn's post from its last move until accepted, a "
            "deadline from its time until the seat's obligation ended — less the time the bot was "
            "down and the waits it announced before trying again (a game's back-off, ended early by "
            "the game's next move or post; a timer's lease; the dispatcher's pause).",
            "",
            _league_method(scale, plan),
        ],
        headers=["Figure", "Measured", "Goal", "Met"],
    )
    section.rows = [
        ["Games finished", f"{finished} of {found.planned}", "all", at_least(finished, found.planned)],
        [
            "Turn posts missing / duplicated",
            f"{found.missing} / {found.duplicated} (of {found.turns:,} turns)",
            "0",
            PASS if turn_faults == 0 else FAIL,
        ],
        [
            "Seats that had to act without a deadline",
            f"{len(monitor.without)} (people who had to act, seen {len(monitor.looked_at):,} times)",
            "0",
            PASS if not monitor.without else FAIL,
        ],
        [
            "Pings for a decision with one answer",
            f"{found.forced} (of {found.pings:,} pings)",
            "0",
            PASS if found.forced == 0 else FAIL,
        ],
        [
            "Longest wait of an obligation beyond its retries",
            f"{worst[0]:.1f} s ({worst[2]}, game #{worst[3]}; whole wait {worst[1]:.1f} s)",
            "—",
            NO_GOAL,
        ],
        *_league_rows(found.leagues),
    ]
    per_engine = ", ".join(
        f"{engine.id} {found.finished[engine.id]}/{found.opened[engine.id]}" for engine in games.all()
    )
    section.notes += [
        f"Run: {wall:.0f} s; {run.starts} bot starts, {run.kills} SIGKILLs, {run.terms} SIGTERMs"
        f" (the longest took {run.longest_term:.1f} s to end; {run.unanswered_terms} not within"
        f" {3 * SHUTDOWN_GRACE:.0f} s); {found.moves:,} moves"
        f" stored, {found.by_people:,} of them by people ({found.lost} moves people were told were made"
        " are not in the log).",
        f"The bot was down {_covered(run.down, began, wall + began) / wall:.0%} of the run (from a stop"
        " until the next process was ready).",
        f"Worker processes still running {3 * PARENT_CHECK_SECONDS:.0f} s after their bot process ended"
        f" (then ended by the benchmark): {run.outlived}.",
        "Faults injected: " + ", ".join(f"{kind} {count:,}" for kind, count in sorted(faults.items())) + ".",
        f"Games finished per engine: {per_engine}."
        + (
            f" The last bot process was stopped after {STALLED:g} s in which no game moved."
            if run.stalled
            else ""
        ),
        f"Waits beyond retries: {len(beyond):,} obligations, p99 {p99:.1f} s.",
        f"Duplicated turn posts whose copies one bot process made: {found.duplicated_in_process} (a"
        " post accepted, then the record of it refused by the database); the others came after a stop."
        f" Posts sent again that Discord did not make again (their nonce seen within {NONCE_KEPT:g} s):"
        f" {len(read_records(folder, DROPPED)):,}.",
        "Seats without a deadline (game, seat, version their obligation began): "
        + (
            ", ".join(f"#{g} seat {seat} v{began}" for g, seat, began in sorted(monitor.without)[:10])
            or "none"
        )
        + ".",
        f"Summaries: {found.summaries_missing} missing, {found.summaries_duplicated} duplicated; "
        f"posts naming turns a game does not have: {found.stray}.",
        *_league_notes(found.leagues, plan, faults),
    ]
    return section


def _league_method(scale: _Scale, plan: Plan) -> str:
    formats = Counter(league.format for league in plan.leagues)
    return (
        f"Besides, {len(plan.leagues)} leagues ({formats['swiss']} Swiss, {formats['round-robin']} round "
        f"robin; the engines taking turns; {scale.members[0]}–{scale.members[1]} members and "
        f"{scale.rounds[0]}–{scale.rounds[1]} rounds each, a round robin as many as it needs up to "
        "that), each in a server of its own, opened, filled and started through `Leagues` as their "
        "organiser and members would, with the same deadline. Each table is a game of its own, in a "
        "thread that a stand-in for Discord makes (and finds again by its name, as the front-end "
        "does), played by its members as the people play the other games. The leagues run under the "
        "same faults and stops as the games, and besides the bot process SIGKILLs itself at "
        f"{plan.seating_kills:.0%} of the steps of seating a round: just before and after the round "
        "is stored, after a table's game is stored, after its thread is made, before its game "
        "starts. *Seated twice or not at all*: from the store at the end, each league's rounds 1 to "
        "its last have tables, each table exactly one game of the league seated as the table, each "
        "member still in is seated once a round, and no round lies beyond the last. *Orphan "
        "lobbies*: league games left in the lobby, or held by no table. *Empty threads*: threads "
        "made for a table that no game holds or that got no post. *League posts duplicated*: posts "
        "(pairings, a table's, the standings) Discord accepted more than once with one nonce (a "
        f"copy within {NONCE_KEPT:g} s of the first is dropped, as Discord drops it)."
    )


def _league_rows(leagues: _LeagueFindings) -> list[list[str]]:
    duplicated = sum(leagues.duplicated.values())
    return [
        [
            "Leagues finished",
            f"{leagues.finished} of {leagues.planned}",
            "all",
            at_least(leagues.finished, leagues.planned),
        ],
        [
            "League rounds seated twice or not at all",
            f"{len(leagues.misseated)} (of {leagues.rounds} rounds, {leagues.tables} tables)",
            "0",
            PASS if not leagues.misseated else FAIL,
        ],
        [
            "League orphan lobbies / empty threads",
            f"{len(leagues.orphans)} / {len(leagues.empty_threads)} (of {leagues.games} league games, "
            f"{leagues.threads} threads)",
            "0",
            PASS if not leagues.orphans and not leagues.empty_threads else FAIL,
        ],
        [
            "League posts duplicated",
            f"{duplicated} (of {leagues.posts:,} accepted; pairings {leagues.duplicated['pairings']})",
            "0",
            PASS if duplicated == 0 else FAIL,
        ],
    ]


def _league_notes(leagues: _LeagueFindings, plan: Plan, faults: Counter[str]) -> list[str]:
    seating = {kind: count for kind, count in faults.items() if kind.startswith("kill ")}
    by_kind = ", ".join(f"{kind} {count}" for kind, count in sorted(leagues.duplicated.items()) if count)
    return [
        f"Leagues: {leagues.opened} of {len(plan.leagues)} opened, {leagues.finished} finished; their "
        f"games: {leagues.games_finished} of {leagues.games} finished. The bot process SIGKILLed itself "
        f"while seating a round {sum(seating.values())} times ("
        + (", ".join(f"{kind[5:]} {count}" for kind, count in sorted(seating.items())) or "none")
        + f"). League posts given up after their tries: {leagues.given_up}; still owed at the end: "
        f"{leagues.owed}; duplicated by kind: {by_kind or 'none'}.",
        "Rounds seated wrongly (league, round, what): "
        + (
            ", ".join(f"#{league} round {number} {what}" for league, number, what in leagues.misseated[:10])
            or "none"
        )
        + "; orphan lobbies: "
        + (", ".join(f"#{game}" for game in leagues.orphans[:10]) or "none")
        + "; empty threads: "
        + (", ".join(str(thread) for thread in leagues.empty_threads[:10]) or "none")
        + ".",
    ]


async def _run(quick: bool, folder: Path) -> Section:
    scale = _QUICK if quick else _FULL
    database = folder / "liveness.sqlite3"
    store = await Store.open(str(database))
    plan = Plan(
        database=str(database),
        folder=str(folder),
        games=_seatings(scale.games_per_engine, random.Random(0)),
        leagues=_league_seatings(scale, random.Random(0)),
        started=time.time(),
        speed=scale.speed,
        thinking_budget=scale.thinking_budget,
    )
    plan_path = folder / "plan.json"
    plan.save(plan_path)
    log = folder / "bots.log"
    run = _Run()
    monitor = _Monitor(store, run, plan)
    watching = asyncio.create_task(monitor.watch())
    began = time.time()
    try:
        await _faulty_part(plan_path, store, plan, scale, run, monitor, log)
        ended = await _calm_part(plan_path, store, scale, run, monitor, log)
    finally:
        watching.cancel()
        await asyncio.gather(*run.reaping)
    try:
        found = await _analyse(store, plan, folder, run, monitor, ended)
    finally:
        await store.close()
    return _section(found, scale, plan, run, monitor, folder, began)


def run(quick: bool) -> Section:
    kept = os.environ.get(KEEP_ENV)
    if kept:  # the records, the database and the bots' log stay there, to look into
        Path(kept).mkdir(parents=True, exist_ok=True)
        return asyncio.run(_run(quick, Path(kept)))
    with tempfile.TemporaryDirectory(prefix="baumeister-liveness-") as folder:
        return asyncio.run(_run(quick, Path(folder)))
