#!/usr/bin/env python3
"""Set up and run Baumeister with nothing but Python 3.11.

    python3 dev.py run [args]   run the bot (python -m bot [args]) in ./.venv
    python3 dev.py test [args]  lint, type-check and run the whole test suite

The first call creates ./.venv and installs the project with its development
tools; later calls reinstall only when pyproject.toml changed.
"""

from __future__ import annotations

import hashlib
import os
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
    for step in (["-m", "ruff", "check", "."], ["-m", "ruff", "format", "--check", "."], ["-m", "mypy"]):
        print("$ python " + " ".join(step), flush=True)
        if code := run(*step):
            return code
    return run("-m", "pytest", *rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
