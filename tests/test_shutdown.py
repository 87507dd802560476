"""SIGTERM (what systemd and Docker send) closes the bot the orderly way, as Ctrl-C does."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import asyncio, sys
from bot.__main__ import serve

class Bot:
    # Like discord.py's client: `start` returns once `close` has run.
    def __init__(self):
        self.closed = asyncio.Event()
    async def start(self, token):
        print("started", flush=True)
        await self.closed.wait()
    async def close(self):
        if not self.closed.is_set():
            print("closed", flush=True)
            self.closed.set()

async def main():
    await serve(Bot(), "token")

asyncio.run(main())
print("done", flush=True)
"""


def run_and_signal(signum: int) -> tuple[int, str, str]:
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.2)
    child.send_signal(signum)
    out, err = child.communicate(timeout=30)
    return child.returncode, out, err


def test_sigterm_closes_the_bot_and_the_process_ends_cleanly() -> None:
    code, out, err = run_and_signal(signal.SIGTERM)
    assert code == 0, err
    assert out.split() == ["closed", "done"]
    assert "Traceback" not in err


def test_ctrl_c_does_the_same() -> None:
    code, out, err = run_and_signal(signal.SIGINT)
    assert code == 0, err
    assert out.split() == ["closed", "done"]
