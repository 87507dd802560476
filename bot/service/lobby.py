"""Finding games, and lobbies: seats, bots, the start."""

from __future__ import annotations

import random
import re
from typing import Any

import texts
from bot.errors import PlayerError
from bot.history import History
from bot.results import Caller, LobbyCard, Reply
from bot.service.base import (
    _AI_NAMES,
    _AUTOCOMPLETE_LIMIT,
    _Game,
    _Notice,
)
from bot.service.play import Play
from bot.store import GameRow, StaleVersion
from games.core import Player


class Lobby(Play):
    """Finding games, and lobbies: seats, bots, the start."""

    async def find_game(self, caller: Caller, ref: str | int | None = None) -> int:
        """The game a command is about: named, this thread's, or the caller's only one."""
        if ref is not None and str(ref).strip():
            text = str(ref).strip().lstrip("#")
            # Plain ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
            if not re.fullmatch(r"[0-9]{1,18}", text):
                raise PlayerError("error.bad_game_ref", ref=str(ref))
            game_id = int(text)
            await self._load(game_id, caller)
            return game_id
        if caller.channel_id is not None and caller.guild_id is not None:
            for row in await self.store.list_games(guild_id=caller.guild_id):
                if row.thread_id == caller.channel_id:
                    return row.id
        mine = await self.store.list_games(
            guild_id=caller.guild_id, user_id=caller.user_id, statuses=("lobby", "running")
        )
        if len(mine) == 1:
            return mine[0].id
        if not mine:
            raise PlayerError("error.no_game_here")
        raise PlayerError("error.which_game", games=", ".join(f"#{row.id}" for row in mine))

    async def game_choices(self, caller: Caller, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for a `game:` option: the caller's games in this server,
        then the server's open lobbies (so /game join can find them)."""
        rows = await self.store.list_games(guild_id=caller.guild_id, user_id=caller.user_id)
        seen = {row.id for row in rows}
        lobbies = await self.store.list_games(guild_id=caller.guild_id, statuses=("lobby",))
        rows += [row for row in lobbies if row.id not in seen]
        choices = []
        for row in rows:
            engine = self._engine(row.engine)
            status = self._text(caller, f"status.{row.status}")
            label = f"#{row.id} {engine.title} — {status}"
            if typed.strip().lstrip("#").lower() in label.lower():
                choices.append((label[:100], str(row.id)))
        return choices[:_AUTOCOMPLETE_LIMIT]

    async def new_game(self, caller: Caller, engine_id: str, options: dict[str, Any] | None = None) -> Reply:
        engine = self._engine(engine_id)
        options = dict(options or {})
        try:
            engine.setup(engine.min_players, 0, options or None)
        except ValueError as error:
            raise PlayerError("error.bad_options", reason=str(error)) from None
        row = await self.store.create_game(
            engine=engine.id,
            guild_id=caller.guild_id,
            channel_id=caller.channel_id,
            host_id=caller.user_id,
            host_name=caller.name,
            options=options,
            now=self._clock(),
            locale=caller.guild_locale,
        )
        card = self._lobby_card(row)
        return Reply(card.text, public=True, game_id=row.id, version=row.version, lobby=card)

    async def attach(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        lobby_message_id: int | None = None,
        channel_id: int | None = None,
    ) -> None:
        """Remember where the game's lobby message and thread are."""
        self.forget(game_id)
        await self.store.set_places(
            game_id, thread_id=thread_id, lobby_message_id=lobby_message_id, channel_id=channel_id
        )

    def _lobby_card(self, row: GameRow) -> LobbyCard:
        """The public lobby message, in the server's language (whoever clicked last)."""
        engine = self._engine(row.engine)
        locale = row.locale

        def say(key: str, **params: Any) -> str:
            return texts.t(key, locale, **params)

        lines = [say("lobby.title", game=engine.title, id=row.id)]
        host = next((s.name for s in row.seats if s.user_id == row.host_id and not s.is_ai), None)
        lines.append(say("lobby.host", host=host or "?"))
        lines.append(say("lobby.seats", count=len(row.seats), min=engine.min_players, max=engine.max_players))
        for seat in row.seats:
            marker = "🤖" if seat.is_ai else "👤"
            lines.append(f"{seat.seat + 1}. {marker} {seat.name}")
        if row.status == "lobby":
            lines.append(say("lobby.howto"))
        else:
            lines.append(say(f"lobby.closed.{row.status}"))
        return LobbyCard(
            row.id, "\n".join(lines), row.status == "lobby", row.channel_id, row.lobby_message_id, locale
        )

    async def _lobby_row(self, caller: Caller, game_id: int) -> GameRow:
        row = (await self._load(game_id, caller)).row
        if row.status != "lobby":
            raise PlayerError("error.not_in_lobby", game=game_id)
        return row

    async def _set_seats(
        self,
        caller: Caller,
        row: GameRow,
        seats: list[tuple[int | None, str, bool]],
        ack: str,
        *,
        host_id: int | None = None,
        **params: Any,
    ) -> Reply:
        """New seats (and maybe a new host) for the lobby, and the caller's acknowledgement."""
        try:
            self.forget(row.id)
            new = await self.store.set_seats(row.id, row.version, seats, now=self._clock(), host_id=host_id)
        except StaleVersion:
            raise PlayerError("error.busy") from None
        return Reply(
            self._text(caller, ack, **params),
            game_id=new.id,
            version=new.version,
            lobby=self._lobby_card(new),
        )

    @staticmethod
    def _seat_list(row: GameRow) -> list[tuple[int | None, str, bool]]:
        return [(seat.user_id, seat.name, seat.is_ai) for seat in row.seats]

    async def join(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            engine = self._engine(row.engine)
            if any(seat.user_id == caller.user_id and not seat.is_ai for seat in row.seats):
                raise PlayerError("error.already_seated")
            if len(row.seats) >= engine.max_players:
                raise PlayerError("error.lobby_full", max=engine.max_players)
            seats = [*self._seat_list(row), (caller.user_id, caller.name, False)]
            return await self._set_seats(caller, row, seats, "lobby.joined", id=game_id)

    async def leave(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            if not any(seat.user_id == caller.user_id and not seat.is_ai for seat in row.seats):
                raise PlayerError("error.not_seated")
            seats = [s for s in self._seat_list(row) if not (s[0] == caller.user_id and not s[2])]
            humans = [s for s in seats if not s[2]]
            if caller.user_id == row.host_id:
                if not humans:
                    return await self._abandon_row(caller, row)
                # The next human in the lobby becomes the host.
                new_host, name, _ = humans[0]
                return await self._set_seats(
                    caller, row, seats, "lobby.left_host", host_id=new_host, host=name
                )
            return await self._set_seats(caller, row, seats, "lobby.left", id=game_id)

    async def add_bot(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            self._require_host(caller, row)
            engine = self._engine(row.engine)
            if len(row.seats) >= engine.max_players:
                raise PlayerError("error.lobby_full", max=engine.max_players)
            taken = {seat.name for seat in row.seats}
            name = next((f"AI {n}" for n in _AI_NAMES if f"AI {n}" not in taken), f"AI {len(row.seats) + 1}")
            seats = [*self._seat_list(row), (None, name, True)]
            return await self._set_seats(caller, row, seats, "lobby.bot_added", name=name)

    async def start(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = await self._lobby_row(caller, game_id)
            self._require_host(caller, row)
            engine = self._engine(row.engine)
            if len(row.seats) < engine.min_players:
                raise PlayerError("error.too_few", min=engine.min_players)
            seed = random.SystemRandom().randrange(1 << 62)
            state = engine.setup(len(row.seats), seed, row.options or None)
            try:
                self.forget(row.id)
                row = await self.store.start_game(
                    row.id, row.version, seed=seed, state=engine.dumps(state), now=self._clock()
                )
            except StaleVersion:
                raise PlayerError("error.busy") from None
            self._states[row.id] = (row.version, state)
            self._history[row.id] = History(row.version)
            self._notify(row.id, self._start_notice(_Game(row, engine, state)))
        self._kick(row.id)
        return Reply(
            self._text(caller, "game.started", id=row.id),
            game_id=row.id,
            version=row.version,
            lobby=self._lobby_card(row),
        )

    def _start_notice(self, game: _Game) -> _Notice:
        engine = game.engine
        start_state = engine.setup(len(game.row.seats), game.row.seed or 0, game.row.options or None)
        order = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(game.names))
        first = engine.current_turn(start_state)
        return _Notice(
            "game.start_post",
            {
                "game": engine.title,
                "id": game.row.id,
                "seats": order,
                "first": Player(first if first is not None else 0),
            },
        )

    async def _abandon_row(self, caller: Caller, row: GameRow) -> Reply:
        try:
            self.forget(row.id)
            new = await self.store.finish(
                row.id, row.version, status="abandoned", outcome=None, now=self._clock()
            )
        except StaleVersion:
            raise PlayerError("error.busy") from None
        if row.status == "running":
            self._notify(row.id, _Notice("abandon.post", {"id": row.id, "player": caller.name}))
            self._kick(row.id)
        return Reply(
            self._text(caller, "abandon.done", id=row.id),
            game_id=row.id,
            version=new.version,
            lobby=self._lobby_card(new),
        )
