"""Settings from the environment, or from a `.env` file beside the project.

Every setting is documented in `.env.example`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Settings", "SettingsError", "load_dotenv"]


class SettingsError(ValueError):
    """A setting that cannot be used; the message says which and why."""


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


def _number(env: os._Environ[str], name: str) -> int | None:
    value = (env.get(name) or "").strip()
    if not value:
        return None
    if not value.isdigit():
        raise SettingsError(f"{name} must be a whole number, not {value!r}")
    return int(value)


def _numbers(env: os._Environ[str], name: str) -> tuple[int, ...] | None:
    """A comma-separated list of whole numbers (e.g. ``0,1,2``); None when not set."""
    value = (env.get(name) or "").strip()
    if not value:
        return None
    parts = [part.strip() for part in value.split(",")]
    if not all(part.isdigit() for part in parts):
        raise SettingsError(f"{name} must be whole numbers separated by commas (like 0,1), not {value!r}")
    return tuple(int(part) for part in parts)


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
    #: Worker processes for drawing and AI thinking; None: one per core (at a lower
    #: priority than the bot); 0: threads in the bot's own process.
    workers: int | None = None
    #: How many shards the bot has in all (None: as many as Discord recommends), and
    #: which of them this process connects (None: all). See docs/scaling.md.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.shard_ids is not None and self.shard_count is None:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: how many shards there are in all")
        if self.shard_count is not None and self.shard_count < 1:
            raise SettingsError(f"SHARD_COUNT must be 1 or more, not {self.shard_count}")
        if self.shard_ids is not None and self.shard_count is not None:
            outside = sorted(i for i in self.shard_ids if not 0 <= i < self.shard_count)
            if outside or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
                raise SettingsError(
                    f"SHARD_IDS must name different shards from 0 to {self.shard_count - 1} "
                    f"(SHARD_COUNT is {self.shard_count}), not {','.join(map(str, self.shard_ids))}"
                )

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
            shard_count=_number(env, "SHARD_COUNT"),
            shard_ids=_numbers(env, "SHARD_IDS"),
        )
