"""`python -m bot migrate --to postgresql://… [--from PATH]`: move the bot's SQLite database to PostgreSQL.

What it does, in order:

1. Opens the source, an SQLite file (``--from``, else ``BOT_DATABASE``) with
   `Store.open`, which first brings a file of an older release to the current
   schema, as starting the bot would (it says so). A file that is missing, no
   database, or written by a newer release is refused.
2. Opens the target with `Store.open(url)`, which creates the schema there, and
   refuses it unless every table of it is empty.
3. Copies every row of every table (`bot.store.copy.TABLES`: games with every
   column, seats, moves, timers, players, ratings, notices, departed servers),
   ids included, in one transaction on the target, and moves PostgreSQL's id
   sequences past the copied ids, so the next new game gets a number of its own.
4. Verifies, inside that same transaction and before it commits: every table
   on the target equals the source row for row, and every running or finished
   game's stored state is what replaying its seed and move log with its engine
   gives (`bot.history.replay`, as the bot replays a game). Any difference
   rolls the transaction back: the target holds the verified copy or nothing.

The source is read from one snapshot and never written (beyond the schema
migration of step 1). Stop the bot before migrating: moves made after the
snapshot would stay behind in the file.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

import games
from bot.history import replay
from bot.store import MIGRATIONS
from bot.store import GameRow
from bot.store import MoveRow
from bot.store import Store
from bot.store import StoreError
from bot.store import StoreUnavailable
from bot.store import is_postgres
from bot.store.copy import TABLES
from bot.store.copy import Table
from bot.store.copy import TableCopy
from bot.store.copy import sqlite_schema_version

__all__ = ["MigrationError", "Summary", "main", "migrate", "replay_problem"]

log = logging.getLogger(__name__)

USAGE: Final = """\
usage: python -m bot migrate --to postgresql://USER:PASSWORD@HOST/DATABASE [--from PATH]

Copies the bot's SQLite database (--from PATH, else BOT_DATABASE) into an empty
PostgreSQL database, in one transaction, and verifies the copy: every table row
for row, every running and finished game by replaying its move log. Stop the bot
first; afterwards set BOT_DATABASE to the URL.
"""

#: Statuses whose stored state must be the replay of seed and move log.
REPLAYED_STATUSES: Final = ("running", "finished")
#: How many games that do not replay a refusal names.
NAMED_PROBLEMS: Final = 5

#: How each table's rows are counted in the summary (singular, plural).
_NOUNS: Final = {
    "games": ("game", "games"),
    "seats": ("seat", "seats"),
    "moves": ("move", "moves"),
    "timers": ("timer", "timers"),
    "players": ("player", "players"),
    "ratings": ("rating", "ratings"),
    "notices": ("notice", "notices"),
    "departed_guilds": ("departed server", "departed servers"),
    "server_settings": ("server's settings", "servers' settings"),
    "leagues": ("league", "leagues"),
    "league_members": ("league member", "league members"),
    "league_rounds": ("league round", "league rounds"),
    "league_tables": ("league table", "league tables"),
    "league_posts": ("league post", "league posts"),
    "tips_seen": ("tip seen", "tips seen"),
}


class MigrationError(Exception):
    """Why the migration stopped, in one sentence for the operator."""


class UsageError(MigrationError):
    """The command line was not understood."""


@dataclass(frozen=True)
class Summary:
    """What a migration did."""

    source: str
    target: str
    #: table name -> rows copied, for every table of `TABLES`.
    copied: dict[str, int]
    #: Games whose stored state was reproduced by replaying seed and move log.
    verified: int
    seconds: float

    def text(self) -> str:
        counts = ", ".join(_counted(table.name, self.copied[table.name]) for table in TABLES)
        return (
            f"Migrated {self.source} to {self.target} in {self.seconds:.1f} s: {counts} copied; "
            f"{_counted('games', self.verified)} verified by replaying their move logs."
        )


def _counted(table: str, number: int) -> str:
    one, many = _NOUNS.get(table, (table, table))
    return f"{number} {one if number == 1 else many}"


def _redacted(url: str) -> str:
    from bot.store.postgres import redacted

    return redacted(url)


# ---------------------------------------------------------------- the source


def inspect_source(path: str) -> int:
    """The schema version of the SQLite file at `path`; `MigrationError` when it is no
    database of the bot that this release can read."""
    if not os.path.exists(path):
        raise MigrationError(
            f"the source database {path!r} does not exist (name it with --from PATH or BOT_DATABASE)"
        )
    if not os.path.isfile(path):
        raise MigrationError(f"the source {path!r} is not a file but a folder or device")
    if not os.access(path, os.R_OK):
        raise MigrationError(f"the source database {path!r} cannot be read: permission denied")
    try:
        version = sqlite_schema_version(path)
    except StoreError as error:
        raise MigrationError(
            f"the source {path!r} is not an SQLite database that can be read ({error})"
        ) from None
    if version == 0:
        raise MigrationError(f"the source {path!r} holds no tables of the bot: is it the bot's database?")
    if version > len(MIGRATIONS):
        raise MigrationError(
            f"the source {path!r} has schema version {version}, newer than this release's "
            f"{len(MIGRATIONS)}: it was written by a newer release; migrate with that one"
        )
    return version


# ---------------------------------------------------------- the verification


def replay_problem(row: GameRow, moves: Sequence[MoveRow]) -> str | None:
    """Why the game's seed and move log do not give its stored state; None when they do."""
    try:
        engine = games.get(row.engine)
    except KeyError:
        return f"it is a game of {row.engine!r}, which is not installed here"
    if row.state is None:
        return "it has no stored state"
    try:
        start, steps = replay(engine, row, moves)
    except Exception as error:  # an engine reading a damaged log may raise anything
        return f"its {len(moves)} moves do not replay ({type(error).__name__}: {error})"
    replayed = engine.dumps(steps[-1].state if steps else start)
    if replayed == row.state:
        return None
    try:  # the same state written by an older release, in another form?
        if engine.dumps(engine.loads(row.state)) == replayed:
            return None
    except Exception:  # a stored state that cannot be read is no match
        log.debug("game %s: the stored state cannot be read", row.id, exc_info=True)
    return f"replaying its {len(moves)} moves does not give its stored state"


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _difference(table: Table, source: list[tuple[Any, ...]], target: list[tuple[Any, ...]]) -> str:
    """The first row where two pages of `table` differ, in words."""
    for mine, theirs in zip(source, target, strict=False):
        if mine == theirs:
            continue
        where = f"{table.name} row {table.key_of(mine)}"
        if table.key_of(mine) != table.key_of(theirs):
            return f"{where} is missing on the target (it has {table.key_of(theirs)} instead)"
        column = next(name for name, a, b in zip(table.columns, mine, theirs, strict=True) if a != b)
        index = table.columns.index(column)
        return (
            f"{where}: {column} is {_brief(theirs[index])} on the target, {_brief(mine[index])} in the source"
        )
    return f"{table.name} has {len(target)} rows on the target where the source has {len(source)}"


async def _compare(source: TableCopy, target: TableCopy, copied: dict[str, int]) -> None:
    """Every table of the target equals the source's, row for row (`MigrationError` at the first
    difference)."""
    for table in TABLES:
        counted = await target.count(table)
        if counted != copied[table.name]:
            raise MigrationError(
                f"the target has {counted} {table.name} rows after copying {copied[table.name]}"
            )
        after: tuple[Any, ...] | None = None
        while True:
            mine, theirs = await source.page(table, after), await target.page(table, after)
            if mine != theirs:
                raise MigrationError(f"the copy differs from the source: {_difference(table, mine, theirs)}")
            if not mine:
                break
            after = table.key_of(mine[-1])


async def _replay_all(target: TableCopy) -> int:
    """Replay every running and finished game on the target; how many. `MigrationError`
    naming the games whose state their move log does not give."""
    games_table = TABLES[0]
    id_at, status_at = games_table.columns.index("id"), games_table.columns.index("status")
    problems: list[str] = []
    replayed = 0
    async for rows in target.pages(games_table):
        for row in rows:
            if row[status_at] not in REPLAYED_STATUSES:
                continue
            game_id = int(row[id_at])
            try:
                game, moves = await target.game(game_id), await target.moves(game_id)
            except StoreError as error:  # CorruptRow: a column the bot cannot read
                problems.append(f"game {game_id}: {error}")
                continue
            problem = replay_problem(game, moves)
            if problem is not None:
                problems.append(f"game {game_id} ({game.engine}): {problem}")
            replayed += 1
    if problems:
        named = "; ".join(problems[:NAMED_PROBLEMS])
        more = f" (and {len(problems) - NAMED_PROBLEMS} more)" if len(problems) > NAMED_PROBLEMS else ""
        games_word = "a game does" if len(problems) == 1 else f"{len(problems)} games do"
        raise MigrationError(
            f"{games_word} not replay to the stored state from seed and move log — {named}{more}"
        )
    return replayed


# ------------------------------------------------------------------ the copy


async def _check_schema(tables: TableCopy, which: str) -> None:
    """The bot's tables have exactly the columns this release copies, and (in the source)
    there is no other table whose rows would stay behind."""
    unknown = sorted(await tables.table_names() - {table.name for table in TABLES})
    if unknown and which == "source":
        raise MigrationError(f"the source has tables this release does not copy: {', '.join(unknown)}")
    for table in TABLES:
        columns = await tables.column_names(table)
        if sorted(columns) != sorted(table.columns):
            raise MigrationError(
                f"the {which}'s table {table.name} has the columns {', '.join(columns)}; "
                f"this release copies {', '.join(table.columns)}"
            )


async def _copy(source: Store, target: Store, say: Callable[[str], None]) -> tuple[dict[str, int], int]:
    """Copy and verify in one transaction on the target; (rows copied per table, games replayed)."""
    async with source.reading_tables() as reading, target.writing_tables() as writing:
        await _check_schema(reading, "source")
        await _check_schema(writing, "target")
        held = {table.name: count for table in TABLES if (count := await writing.count(table))}
        if held:
            found = ", ".join(_counted(name, count) for name, count in held.items())
            raise MigrationError(
                f"the target is not empty: it holds {found}; migrate copies into an empty database only"
            )
        copied: dict[str, int] = {}
        for table in TABLES:
            copied[table.name] = 0
            async for rows in reading.pages(table):
                try:
                    await writing.write(table, rows)
                except StoreError as error:
                    raise MigrationError(
                        f"the {table.name} rows cannot be written to the target: {error}"
                    ) from None
                copied[table.name] += len(rows)
            say(f"  copied {_counted(table.name, copied[table.name])}")
        await writing.renumber()
        say("Comparing every table on the target with the source, row for row …")
        await _compare(reading, writing, copied)
        say("Replaying every running and finished game from its seed and move log …")
        replayed = await _replay_all(writing)
        say(f"  {_counted('games', replayed)} give their stored state")
    say("Committed.")
    return copied, replayed


async def _open(location: str, what: str) -> Store:
    try:
        return await Store.open(location)
    except StoreUnavailable as error:
        raise MigrationError(f"{error} — is the server running, and is the URL right?") from None
    except StoreError as error:
        raise MigrationError(f"the {what} cannot be opened: {error}") from None


async def migrate(source: str, target: str, *, say: Callable[[str], None] = print) -> Summary:
    """Copy the SQLite database at `source` into the empty PostgreSQL database at `target` and
    verify the copy (see the module's description). `say` hears the progress.

    `MigrationError` (also for what the store raises) says why it did not; the target is
    then as it was, but for the schema `Store.open` creates in a database without one.
    """
    began = time.monotonic()
    if is_postgres(source):
        raise MigrationError(
            f"the source {_redacted(source)} is a PostgreSQL database already; "
            "migrate copies an SQLite file (name it with --from PATH)"
        )
    if not is_postgres(target):
        raise MigrationError(
            f"the target must be a PostgreSQL URL (postgresql://USER:PASSWORD@HOST/DATABASE), not {target!r}"
        )
    shown = _redacted(target)
    version = await asyncio.to_thread(inspect_source, source)
    if version < len(MIGRATIONS):
        say(
            f"Source {source}: schema version {version}; opening it migrates it to version "
            f"{len(MIGRATIONS)} first, as starting the bot would."
        )
    else:
        say(f"Source {source}: schema version {version} (current).")
    source_store = await _open(source, f"source {source!r}")
    try:
        say(f"Target {shown}: connecting; the schema is created there if it has none.")
        target_store = await _open(target, f"target {shown}")
        try:
            say("Copying every table in one transaction …")
            try:
                copied, verified = await _copy(source_store, target_store, say)
            except MigrationError as error:
                raise MigrationError(f"{error}; nothing was written to the target") from None
            except StoreError as error:
                raise MigrationError(f"{error}; nothing was written to the target") from None
        finally:
            await target_store.close()
    finally:
        await source_store.close()
    return Summary(source, shown, copied, verified, time.monotonic() - began)


# ---------------------------------------------------------------- the command


def parse(args: Sequence[str]) -> tuple[str | None, str]:
    """(source or None for BOT_DATABASE, target) from the command line; `UsageError`."""
    values: dict[str, str] = {}
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        name, equals, value = arg.partition("=")
        if name not in ("--to", "--from"):
            raise UsageError(f"unknown argument {arg!r}")
        if not equals:
            if not rest:
                raise UsageError(f"{name} needs a value")
            value = rest.pop(0)
        if name in values:
            raise UsageError(f"{name} is given twice")
        values[name] = value
    if not values.get("--to"):
        raise UsageError("--to names the PostgreSQL database to copy into, and is missing")
    return values.get("--from") or None, values["--to"]


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def main(args: Sequence[str]) -> int:
    """The command: 0 when the copy is made and verified, 1 when not, 2 for a wrong command line."""
    from bot.plugins import load_installed_games
    from bot.settings import Settings
    from bot.settings import SettingsError
    from bot.settings import load_dotenv

    if any(arg in ("-h", "--help") for arg in args):
        print(USAGE)
        return 0
    load_dotenv()
    level = (os.environ.get("LOG_LEVEL") or "").strip().upper()
    logging.basicConfig(
        level=logging.getLevelNamesMapping().get(level, logging.WARNING), format="%(message)s"
    )
    try:
        source, target = parse(args)
        if source is None:
            source = Settings.from_env().database
    except (UsageError, SettingsError) as error:
        print(f"migrate: {error}\n\n{USAGE}", file=sys.stderr)
        return 2
    load_installed_games()
    try:
        summary = asyncio.run(migrate(source, target, say=lambda line: print(line, flush=True)))
    except MigrationError as error:
        print(f"migrate: {_sentence(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("migrate: interrupted; a copy not committed yet was rolled back.", file=sys.stderr)
        return 130
    except Exception as error:
        log.debug("migrate failed", exc_info=True)
        print(
            f"migrate: failed unexpectedly ({type(error).__name__}: {error}); the copy was rolled back "
            "unless it said 'Committed'. LOG_LEVEL=DEBUG shows where.",
            file=sys.stderr,
        )
        return 1
    print(summary.text())
    print(
        f"Set BOT_DATABASE={summary.target} (with its password) and start the bot; keep {source} as a backup."
    )
    return 0
