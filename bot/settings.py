"""Settings from the environment, or from a `.env` file beside the project.

Every setting is documented in `.env.example`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Settings", "load_dotenv"]


def load_dotenv(path: Path | None = None) -> None:
    """Read KEY=VALUE lines into os.environ without overriding what is set."""
    path = path or Path.cwd() / ".env"
    if not path.is_file():
        return
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = value.strip().strip('"').strip("'")
        os.environ.setdefault(key.strip(), value)


def _int_or_none(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value.isdigit() else None


@dataclass(frozen=True)
class Settings:
    """How the bot runs."""

    token: str | None = None
    database: str = "baumeister.sqlite3"
    dev_guild: int | None = None
    log_level: str = "INFO"
    #: The console mode keeps its games apart from the Discord ones.
    local_database: str = "baumeister-local.sqlite3"
    #: Where the console mode writes board images.
    local_images: str = "out/local"
    #: Worker processes for drawing and AI thinking; None: one fewer than the cores
    #: (at least one); 0: threads in the bot's own process.
    workers: int | None = None

    @classmethod
    def from_env(cls) -> Settings:
        load_dotenv()
        env = os.environ
        return cls(
            token=(env.get("DISCORD_TOKEN") or "").strip() or None,
            database=(env.get("BOT_DATABASE") or "").strip() or cls.database,
            dev_guild=_int_or_none(env.get("DISCORD_DEV_GUILD")),
            log_level=(env.get("LOG_LEVEL") or "").strip().upper() or cls.log_level,
            local_database=(env.get("LOCAL_DATABASE") or "").strip() or cls.local_database,
            local_images=(env.get("LOCAL_IMAGES") or "").strip() or cls.local_images,
            workers=_int_or_none(env.get("BOT_WORKERS")),
        )
