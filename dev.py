#!/usr/bin/env python3
"""Set up and run Baumeister with nothing but Python 3.11.

    python3 dev.py run [args]   run the bot (python -m bot [args]) in ./.venv
    python3 dev.py test [args]  lint, type-check and run the whole test suite

The first call creates ./.venv and installs the project with its development
tools; later calls reinstall only when pyproject.toml changed. The tests also
start PostgreSQL servers of their own, so `test` needs PostgreSQL's programs
(initdb, pg_ctl): where they are missing it installs Debian's `postgresql`
package when it may (as root, with apt-get), and otherwise says how.
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def ensure_venv() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be started by an older python3
        sys.exit("Baumeister needs Python 3.11 or newer.")
    if not PYTHON.exists():
        print("Creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    print("Installing Baumeister and its tools into .venv …", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(wanted)


def has_postgres() -> bool:
    """Whether PostgreSQL's server programs are here (on PATH, or where Debian puts them)."""
    if shutil.which("initdb") and shutil.which("pg_ctl"):
        return True
    return bool(glob.glob("/usr/lib/postgresql/*/bin/initdb"))


def ensure_postgres() -> bool:
    """PostgreSQL's programs for the tests' own servers: there, installed now, or a sentence why not."""
    if has_postgres():
        return True
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        print("Installing PostgreSQL (the tests start servers of their own) …", flush=True)
        quiet = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=quiet)
        subprocess.run(["apt-get", "install", "-y", "-qq", "postgresql"], check=False, env=quiet)
        if has_postgres():
            return True
    print(
        "The tests need PostgreSQL's programs (initdb and pg_ctl) to start servers of their own.\n"
        "Install them, e.g. `sudo apt-get install postgresql` (Debian, Ubuntu) or\n"
        "`brew install postgresql` (macOS), then run `python3 dev.py test` again.",
        file=sys.stderr,
    )
    return False


def run(*args: str) -> int:
    process = subprocess.Popen([str(PYTHON), *args], cwd=ROOT)
    while True:
        try:
            return process.wait()
        except KeyboardInterrupt:
            # Ctrl-C reaches the child as well (the same process group): it decides how to end,
            # and this script waits for it quietly instead of printing a traceback.
            continue


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"run", "test"}:
        print(__doc__)
        return 2
    ensure_venv()
    command, rest = argv[0], argv[1:]
    if command == "run":
        return run("-m", "bot", *rest)
    if not ensure_postgres():
        return 1
    for step in (["-m", "ruff", "check", "."], ["-m", "ruff", "format", "--check", "."], ["-m", "mypy"]):
        print("$ python " + " ".join(step), flush=True)
        if code := run(*step):
            return code
    return run("-m", "pytest", *rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
