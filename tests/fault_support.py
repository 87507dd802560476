"""Faults as they happen, for the tests through the bot: a database call that fails once,
and the nonces the bot asks Discord to enforce, read at discord.py's HTTP layer."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from bot.store import Store
from bot.store import StoreUnavailable


class RefusesOnce:
    """A store method that fails at its first call (as when the connection drops), then works."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
        self.original = getattr(Store, name)
        self.refused = 0
        monkeypatch.setattr(Store, name, self)

    def __get__(self, store: Store, owner: type) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            if not self.refused:
                self.refused += 1
                raise StoreUnavailable("the connection to the database was lost (injected)")
            return await self.original(store, *args, **kwargs)

        return call


def sent_nonces(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The nonce of every message the bot sends, read at discord.py's HTTP layer (discord.py
    gives a message without one a random nonce, not enforced)."""
    nonces: list[str | None] = []
    original = discord.http.HTTPClient.send_message

    def send_message(self: discord.http.HTTPClient, channel_id: int, *, params: Any) -> Any:
        payload = params.payload
        if payload is None:  # with a file: the payload is a part of the form
            (part,) = [part for part in params.multipart if part["name"] == "payload_json"]
            payload = json.loads(part["value"])
        nonces.append(payload.get("nonce"))
        return original(self, channel_id, params=params)

    monkeypatch.setattr(discord.http.HTTPClient, "send_message", send_message)
    return nonces
