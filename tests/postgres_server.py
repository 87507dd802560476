"""A PostgreSQL server of the tests' own, in a temporary folder, reachable on a Unix socket only.

The store's tests run against both backends, and the PostgreSQL half needs a
real server. Rather than depend on one that happens to be running (and on its
users, passwords and leftover databases), a test session starts its own:

* `initdb` makes a fresh cluster in a temporary folder (trust authentication,
  superuser ``postgres``, UTF8, locale C, no fsync of the new files); the
  folder is in memory (/dev/shm) when there is room there;
* `pg_ctl` starts it listening on a socket in that folder only, no TCP port:
  nothing outside this process can reach it, and two test runs side by side
  never meet (the port number only names the socket file);
* `PostgresServer.new_database` makes an empty database with a unique name
  for one test and returns its URL; `drop_database` removes it again;
* `PostgresServer.stop` stops the server (``pg_ctl stop -m immediate``: the
  data is thrown away anyway) and removes the folder.

Durability is switched off (``fsync``, ``synchronous_commit``,
``full_page_writes``): a crash of the test server loses nothing anybody needs,
and every commit is then as fast as memory. Measured on a 2-CPU virtual
machine: start-up about 1 s once per session; per test, a new database 10-20 ms
and dropping it 10 ms.

initdb and postgres refuse to run as root. CI and this project's machines
run the tests as root, so there the server's commands run as the ``postgres``
system user (Debian's ``postgresql`` package creates it), who owns the folder.
The tests themselves connect over the socket as the database role
``postgres`` whatever user they run as: trust authentication asks nothing.

A test run that dies without its clean-up (killed, a crash of Python) must not
leave a server behind: a small watchdog process waits for the end of a pipe
from this process, and the pipe ends however this process ends; then the
watchdog stops the server and removes the folder. `atexit` covers an
ordinary exit that skipped the fixture's teardown.

Run this file on its own to check a machine and see what starting takes::

    .venv/bin/python tests/postgres_server.py
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import glob
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Coroutine
from pathlib import Path
from typing import Any
from typing import TypeVar

import asyncpg

T = TypeVar("T")

#: The binaries the server needs, found together.
_NEEDED = ("initdb", "pg_ctl")

#: Only names the socket (``.s.PGSQL.<port>`` in the folder); no TCP port is opened.
PORT = 5432

#: Settings appended to the new cluster's postgresql.conf.
SETTINGS = {
    # A socket in the temporary folder, and nothing else.
    "listen_addresses": "",
    # Durability is of no use to a throw-away server; without it a commit costs no disk wait.
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    # Every test's store opens a small pool of connections; many tests' pools may be open
    # at once (a Discord test restarts its bot, two stores race on one database).
    "max_connections": "300",
    # No replication: the write-ahead log holds only what crash recovery needs.
    "wal_level": "minimal",
    "max_wal_senders": "0",
    # A few messages for the log file read when starting fails.
    "log_min_messages": "warning",
}

#: Where the cluster goes when there is room: a file system in memory (see `_memory_folder`).
MEMORY_FOLDER = "/dev/shm"
MEMORY_NEEDED = 2 << 30

_INSTALL_HINT = (
    "PostgreSQL's server programs (initdb, pg_ctl) were not found on PATH nor in "
    "/usr/lib/postgresql/*/bin. The tests start a PostgreSQL server of their own and run the "
    "store on it; install Debian's `postgresql` package (apt-get install postgresql) and run "
    "them again."
)


class PostgresError(RuntimeError):
    """The test server could not be found, started or used; the message says why."""


def find_binaries() -> Path:
    """The folder holding initdb and pg_ctl: PATH first, then the newest Debian version."""
    found = [shutil.which(name) for name in _NEEDED]
    if all(found):
        folders = {Path(os.path.realpath(path)).parent for path in found if path}
        if len(folders) == 1:  # one installation, not initdb of one version and pg_ctl of another
            return folders.pop()
    candidates = [Path(folder) for folder in glob.glob("/usr/lib/postgresql/*/bin")]
    candidates = [folder for folder in candidates if all((folder / name).is_file() for name in _NEEDED)]

    def version(folder: Path) -> tuple[int, ...]:
        # /usr/lib/postgresql/<version>/bin; "9.6" sorts below "15".
        return tuple(int(part) for part in folder.parent.name.split(".") if part.isdigit())

    if not candidates:
        raise PostgresError(_INSTALL_HINT)
    return max(candidates, key=version)


def _as_server_user() -> list[str]:
    """The prefix that runs a command as the user the server runs as: nothing, unless we are root."""
    if os.geteuid() != 0:
        return []
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        raise PostgresError(
            "The tests run as root, and PostgreSQL refuses to run as root: its commands run as the "
            "`postgres` system user, which does not exist here. Install Debian's `postgresql` "
            "package, which creates it."
        ) from None
    runuser = shutil.which("runuser") or "/usr/sbin/runuser"
    return [runuser, "-u", "postgres", "--"]


def _memory_folder() -> str | None:
    """/dev/shm when it is a roomy in-memory file system, else None (the usual temporary folder).

    Making a database copies a template's files, and dropping it deletes them: on a
    virtual machine's disk that took 20 ms when the disk was idle but 150-200 ms while
    other programs wrote to it; in memory 10-15 ms either way (fsync is off anyway).
    A container's /dev/shm may be as small as 64 MB; then the disk it is.
    """
    try:
        roomy = shutil.disk_usage(MEMORY_FOLDER).free >= MEMORY_NEEDED
    except OSError:
        return None
    return MEMORY_FOLDER if roomy and os.access(MEMORY_FOLDER, os.W_OK | os.X_OK) else None


def _conf_value(value: str) -> str:
    """A postgresql.conf string literal."""
    return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'"


# The watchdog: started in a session of its own (a Ctrl-C to the test run does not reach it),
# it reads its stdin, a pipe from the test process, until the pipe ends -- which happens
# however that process ends, even by SIGKILL. Then it stops the server and removes the folder
# unless the test process did so already.
_WATCHDOG = """
import json, os, shutil, subprocess, sys
stop, folder = json.loads(sys.argv[1]), sys.argv[2]
sys.stdin.buffer.read()
if os.path.isdir(folder):
    subprocess.run(stop, cwd="/", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    shutil.rmtree(folder, ignore_errors=True)
"""


class _Admin:
    """One connection to the `postgres` database for CREATE and DROP DATABASE.

    Tests call these from plain functions (fixtures), from inside an event loop or
    outside one; the connection lives on an event loop of its own in a thread, and
    each call waits for its answer. (A psql process per statement cost 13 ms more.)
    """

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="postgres-admin", daemon=True)
        self._thread.start()
        self._lock = threading.Lock()  # one statement at a time on the connection
        try:
            self._connection: asyncpg.Connection = self._call(asyncpg.connect(url))
        except BaseException:
            self._end_loop()
            raise

    def _call(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout=120)

    def execute(self, statement: str) -> str:
        with self._lock:
            try:
                return self._call(self._connection.execute(statement))
            except asyncpg.PostgresError as error:
                raise PostgresError(f"{statement!r} failed on the test server: {error}") from error

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the server is stopped next in any case
            self._call(self._connection.close(timeout=5))
        self._end_loop()

    def _end_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()


class PostgresServer:
    """A running throw-away server; `start` makes one, `stop` ends it and removes its files."""

    def __init__(self, folder: Path, binaries: Path, run_as: list[str]) -> None:
        self.folder = folder  # the socket lives here; the cluster in folder / "data"
        self.binaries = binaries
        self._run_as = run_as
        self._names = itertools.count(1)
        self._watchdog: subprocess.Popen[bytes] | None = None
        self._admin: _Admin | None = None
        self._stopped = False

    # ------------------------------------------------------------ life cycle

    @classmethod
    def start(cls) -> PostgresServer:
        """initdb a new cluster in a new temporary folder and start it; fails with the reason."""
        binaries = find_binaries()
        run_as = _as_server_user()
        folder = Path(tempfile.mkdtemp(prefix="baumeister-pg-", dir=_memory_folder()))
        server = cls(folder, binaries, run_as)
        try:
            if run_as:
                shutil.chown(folder, user="postgres", group="postgres")
            server._initdb()
            server._watch()
            server._pg_ctl("-l", str(folder / "server.log"), "-w", "-t", "60", "start")
            server._admin = _Admin(server.url("postgres"))
        except BaseException:
            server.stop()
            raise
        atexit.register(server.stop)
        return server

    def stop(self) -> None:
        """Stop the server at once and remove its folder; safe to call twice."""
        if self._stopped:
            return
        self._stopped = True
        if self._admin is not None:
            admin, self._admin = self._admin, None
            admin.close()
        if (self.data / "postmaster.pid").exists():
            # Should this fail, the watchdog below tries again; the folder goes in any case.
            with contextlib.suppress(PostgresError):
                self._pg_ctl("-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
        if self._watchdog is not None:
            assert self._watchdog.stdin is not None
            self._watchdog.stdin.close()  # the folder is gone: the watchdog ends at once
            self._watchdog.wait(timeout=60)

    def _initdb(self) -> None:
        self._run(
            self.binaries / "initdb",
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "--encoding=UTF8",
            "--locale=C",
        )
        lines = [f"{name} = {_conf_value(value)}" for name, value in SETTINGS.items()]
        lines += [f"unix_socket_directories = {_conf_value(str(self.folder))}", f"port = {PORT}"]
        conf = self.data / "postgresql.conf"
        with conf.open("a", encoding="utf-8") as file:  # the last setting of a name wins
            file.write("\n# The test server (tests/postgres_server.py)\n" + "\n".join(lines) + "\n")

    def _watch(self) -> None:
        stop = [*self._run_as, str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
        self._watchdog = subprocess.Popen(
            [sys.executable, "-c", _WATCHDOG, json.dumps(stop), str(self.folder)],
            stdin=subprocess.PIPE,
            start_new_session=True,
        )

    # --------------------------------------------------------------- databases

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, name: str) -> str:
        """The URL of database `name`: role postgres over the socket in the folder."""
        host = urllib.parse.quote(str(self.folder), safe="/")
        return f"postgresql://postgres@/{name}?host={host}&port={PORT}"

    def new_database(self) -> str:
        """Create an empty database with a name of its own; its URL.

        A copy of template0 (pristine by definition) by copying its files
        (FILE_COPY): in PostgreSQL 15 that is quicker than the default,
        which writes the whole template through the write-ahead log.
        """
        name = f"test_{next(self._names)}"
        self.execute(f"CREATE DATABASE {name} TEMPLATE template0 STRATEGY FILE_COPY")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop the database of `url` (made by `new_database`), ending any connection left open to it."""
        name = urllib.parse.urlsplit(url).path.lstrip("/")
        if not name.startswith("test_") or not name[5:].isdigit():
            raise ValueError(f"not a database of this server: {url!r}")
        self.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def execute(self, statement: str) -> str:
        """Run `statement` in the `postgres` database as the superuser; its status ("CREATE DATABASE")."""
        if self._admin is None:
            raise PostgresError("the test server is not running")
        return self._admin.execute(statement)

    # ------------------------------------------------------------- running

    def _pg_ctl(self, *args: str) -> None:
        self._run(self.binaries / "pg_ctl", "-D", str(self.data), *args)

    def _run(self, program: Path, *args: str) -> None:
        # The folder as the working directory: the postgres user may not enter the caller's.
        done = subprocess.run(
            [*self._run_as, str(program), *args],
            cwd=self.folder,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            raise PostgresError(
                f"{program.name} {' '.join(args)} failed (exit {done.returncode}):\n"
                f"{done.stdout}{done.stderr}{tail}"
            )


def main() -> None:
    """Start a server, make a database, connect to it with asyncpg, stop; with the times taken."""
    import asyncio

    import asyncpg

    began = time.perf_counter()
    server = PostgresServer.start()
    started = time.perf_counter()
    try:
        print(f"binaries {server.binaries}, folder {server.folder}")
        print(f"start-up: {started - began:.2f} s")
        times = []
        for _ in range(20):
            before = time.perf_counter()
            url = server.new_database()
            times.append(time.perf_counter() - before)
        print(f"new_database: {1000 * min(times):.0f} ms at best, {1000 * sorted(times)[10]:.0f} ms median")
        print(f"URL: {url}")

        async def check() -> str:
            connection = await asyncpg.connect(url)
            try:
                return str(await connection.fetchval("SELECT version()"))
            finally:
                await connection.close()

        print(asyncio.run(check()))
        before = time.perf_counter()
        server.drop_database(url)
        print(f"drop_database: {1000 * (time.perf_counter() - before):.0f} ms")
    finally:
        before = time.perf_counter()
        server.stop()
        print(f"stop: {time.perf_counter() - before:.2f} s; folder left: {server.folder.exists()}")


if __name__ == "__main__":
    main()
