"""`Lobby`: finding games, and lobbies — seats, bots, options, the start, abandoning."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Mapping
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import ai
import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import LobbyCard
from bot.results import LobbyOption
from bot.results import Reply
from bot.service.games import Games
from bot.service.games import engine_of
from bot.service.games import seat_list
from bot.service.games import visible
from bot.service.hints import hints_line
from bot.service.model import AI_NAMES
from bot.service.model import AUTOCOMPLETE_LIMIT
from bot.service.model import HINTS
from bot.service.model import LEAGUE
from bot.service.model import Loaded
from bot.service.model import Notice
from bot.service.model import check_level
from bot.service.model import host_name
from bot.service.model import level_name
from bot.service.model import seat_label
from bot.service.model import seat_name
from bot.service.model import status_key
from bot.service.notices import Notices
from bot.service.server_settings import LOBBY_DAYS
from bot.service.server_settings import Config
from bot.shards import Shards
from bot.store import GameRow
from bot.store import Places
from bot.store import SeatRow
from bot.store import SeatSpec
from games.core import Engine
from games.core import IllegalAction
from games.core import Player
from texts import escape_message
from texts import escape_words

__all__ = ["Lobby", "option_words"]

#: How many of the caller's open games, finished games and the server's lobbies one
#: autocomplete reads at most (the newest of each; a typed number finds any).
CHOICES_READ = 100
#: How many expired lobbies one look closes at most (the rest: at the next look).
EXPIRED_AT_ONCE = 50


def game_number(text: str) -> int | None:
    """The game number `text` is, or None. Plain ASCII digits only, at most 18 of them:
    `str.isdigit()` also accepts "²", which `int()` refuses, and a longer number fits
    no database's integer."""
    return int(text) if re.fullmatch(r"[0-9]{1,18}", text) else None


def option_words(engine: Engine, options: Mapping[str, str], locale: str | None) -> list[LobbyOption]:
    """Each of the game's options with its label, its choices and the current choice
    ("" where the engine will choose by the number of players); those no host chooses
    (`Option.offered`) are left out."""
    shown = []
    for option in engine.options:
        if not option.offered:
            continue
        base = f"{engine.id}.option.{option.name}"
        choices = tuple((choice, texts.t(f"{base}.{choice}", locale)) for choice in option.choices)
        current = options.get(option.name) or option.default or ""
        shown.append(LobbyOption(option.name, texts.t(base, locale), choices, current))
    return shown


def options_text(engine: Engine, options: Mapping[str, str], locale: str | None) -> str:
    """The options in words: "Board side: A, Fortresses: on"."""
    parts = []
    for option in option_words(engine, options, locale):
        labels = dict(option.choices)
        chosen = labels.get(option.current) or texts.t("lobby.option_auto", locale)
        parts.append(texts.t("lobby.option", locale, option=option.label, choice=chosen))
    return ", ".join(parts)


class Lobby:
    def __init__(self, games: Games, notices: Notices, config: Config) -> None:
        self._games = games
        self._notices = notices
        self._config = config
        #: Lobbies are counted and opened one at a time, so a burst cannot pass the count.
        self._opening = asyncio.Lock()

    # ------------------------------------------------------------- finding

    async def find_game(self, caller: Caller, ref: str | int | None = None) -> int:
        """The game a command is about: named, this thread's, or the caller's only one."""
        if ref is not None and str(ref).strip():
            text = str(ref).strip().lstrip("#")
            game_id = game_number(text)
            if game_id is None:
                raise PlayerError("error.bad_game_ref", ref=escape_words(str(ref)[:40]))
            await self._games.load(game_id, caller)
            return game_id
        if caller.channel_id is not None and caller.guild_id is not None:
            found = await self._games.by_thread(caller.channel_id)
            if found is not None and found.guild_id in (None, caller.guild_id):
                return found.id
        mine = visible(
            await self._games.list_games(
                guild_id=caller.guild_id, user_id=caller.user_id, statuses=("lobby", "running")
            ),
            caller,
        )
        if len(mine) == 1:
            return mine[0].id
        if not mine:
            raise PlayerError("error.no_game_here")
        raise PlayerError("error.which_game", games=", ".join(f"#{row.id}" for row in mine))

    async def game_choices(self, caller: Caller, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for a `game:` option: the caller's games in this server (open ones
        first, then the newest finished), then the server's open lobbies (so /game join
        can find them). Only a page of each is read, however many games the server
        has; a number typed finds that game among the caller's or the lobbies anyway."""
        guild, user = caller.guild_id, caller.user_id
        found = await self._games.list_games(
            guild_id=guild, user_id=user, statuses=("lobby", "running"), limit=CHOICES_READ, with_state=False
        )
        ended = ("finished", "abandoned")
        found += await self._games.list_games(
            guild_id=guild, user_id=user, statuses=ended, limit=CHOICES_READ, with_state=False
        )
        found += await self._games.list_games(
            guild_id=guild, statuses=("lobby",), limit=CHOICES_READ, with_state=False
        )
        wanted = typed.strip().lstrip("#").lower()
        number = game_number(wanted)
        if number is not None and number not in {row.id for row in found}:
            try:
                row = await self._games.row(number)
            except PlayerError:
                pass
            else:
                mine = row.host_id == user or any(seat.user_id == user for seat in row.seats)
                if row.guild_id == guild and (mine or row.status == "lobby"):
                    found.insert(0, row)
        rows: list[GameRow] = []
        seen: set[int] = set()
        for row in found:
            if row.id not in seen:
                seen.add(row.id)
                rows.append(row)
        # A league's table is in the lobby state only while it starts: nobody's to join.
        rows = [row for row in visible(rows, caller) if row.status != "lobby" or LEAGUE not in row.settings]
        choices = []
        for row in rows:
            try:
                title = engine_of(row.engine).title
            except PlayerError:
                continue  # a game no longer installed here
            status = texts.t(status_key(row), caller.locale)
            label = f"#{row.id} {title} — {status}"
            if wanted in label.lower():
                choices.append((label[:100], str(row.id)))
        return choices[:AUTOCOMPLETE_LIMIT]

    # ----------------------------------------------------------- the lobby

    async def new_game(
        self,
        caller: Caller,
        engine_id: str,
        options: Mapping[str, Any] | None = None,
        *,
        hints: bool | None = None,
    ) -> Reply:
        """A new lobby; `hints`: whether its players may ask `/hint` (None: where no rating
        is at stake, `model.hints_on`)."""
        engine = engine_of(engine_id)
        chosen = {str(name): str(value) for name, value in (options or {}).items()}
        for name, value in chosen.items():
            self._check_choice(engine, name, value)
        server = await self._config.of(caller.guild_id)
        self._config.check_may_open(caller, server)
        async with self._opening:
            await self._check_open_lobbies(caller, server.open_lobbies)
            row = await self._games.create(
                engine=engine.id,
                guild_id=caller.guild_id,
                channel_id=caller.channel_id,
                host_id=caller.user_id,
                host_name=caller.name,
                options=chosen,
                locale=server.game_locale(caller),
                settings=server.game_settings() | ({} if hints is None else {HINTS: hints}),
            )
        card = self.card(row)
        return Reply(card.text, public=True, game_id=row.id, version=row.version, lobby=card)

    async def _check_open_lobbies(self, caller: Caller, most: int) -> None:
        """A member opens at most `most` lobbies in a server at a time (the server's
        setting): one member's burst of `/game new` must not fill a channel."""
        lobbies = await self._games.store.list_games(
            guild_id=caller.guild_id, statuses=("lobby",), user_id=caller.user_id, with_state=False
        )
        hosted = [row for row in lobbies if row.host_id == caller.user_id and LEAGUE not in row.settings]
        if len(hosted) >= most:
            raise PlayerError(
                "error.too_many_lobbies", most=most, ids=", ".join(f"#{row.id}" for row in hosted)
            )

    @staticmethod
    def _check_choice(engine: Engine, name: str, value: str) -> None:
        """One option on its own (combinations are checked at the start, when the seats are known)."""
        option = next((o for o in engine.options if o.name == name and o.offered), None)
        if option is None:
            raise PlayerError("error.unknown_option", game=engine.title, name=escape_words(name[:40]))
        if value not in option.choices:
            raise PlayerError(
                "error.bad_choice",
                option=escape_words(name),
                value=escape_words(value[:40]),
                choices=", ".join(option.choices),
            )

    async def set_option(self, caller: Caller, game_id: int, name: str, value: str) -> Reply:
        """The host chooses one option of the lobby's game."""
        async with self._games.lock(game_id):
            row = await self._lobby_row(caller, game_id)
            self._require_host(caller, row)
            engine = engine_of(row.engine)
            self._check_choice(engine, name, value)
            new = await self._games.set_options(row, {**row.options, name: value})
            option = next(o for o in option_words(engine, new.options, caller.locale) if o.name == name)
            return Reply(
                texts.t(
                    "lobby.option_set", caller.locale, option=option.label, choice=dict(option.choices)[value]
                ),
                game_id=new.id,
                version=new.version,
                lobby=self.card(new),
            )

    async def withdraw(self, game_id: int) -> None:
        """Take back a new game whose lobby message could not be posted: no orphan lobby."""
        async with self._games.lock(game_id):
            await self._games.delete_lobby(game_id)

    async def attach(self, game_id: int, places: Places) -> None:
        """Remember where the game's lobby message and thread are."""
        await self._games.set_places(game_id, places)

    async def close_expired(self, now: datetime, shards: Shards | None) -> list[LobbyCard]:
        """Close the lobbies (of these shards' servers) never started within their server's
        `lobby_days`; their cards, which say so."""
        cards = []
        for game_id in await self._games.store.expired_lobbies(
            now, default_days=LOBBY_DAYS, limit=EXPIRED_AT_ONCE, shards=shards
        ):
            async with self._games.lock(game_id):
                row = await self._games.row(game_id)
                server = await self._config.of(row.guild_id)
                if row.status != "lobby" or row.created_at > now - server.lobby_lifetime:
                    continue  # started, taken back, or given more days meanwhile
                closed = await self._games.finish(row, status="abandoned")
            cards.append(self.card(closed, closing="lobby.closed.expired", days=server.lobby_days))
        return cards

    def card(self, row: GameRow, *, closing: str | None = None, days: int = LOBBY_DAYS) -> LobbyCard:
        """The public lobby message, in the server's language (whoever clicked last);
        `closing`: what to say of a closed lobby instead of its status (after `days`)."""
        engine = engine_of(row.engine)
        locale = row.locale

        def say(key: str, **params: Any) -> str:
            return texts.t(key, locale, **params)

        lines = [say("lobby.title", game=engine.title, id=row.id)]
        lines.append(say("lobby.host", host=host_name(row)))
        lines.append(say("lobby.seats", count=len(row.seats), min=engine.min_players, max=engine.max_players))
        for seat in row.seats:
            marker = "🤖" if seat.is_ai else "👤"
            lines.append(f"{seat.seat + 1}. {marker} {escape_words(seat_label(seat, locale))}")
        if engine.options:
            lines.append(say("info.options", options=options_text(engine, row.options, locale)))
        lines.append(hints_line(row, locale))
        if row.status == "lobby":
            lines.append(say("lobby.howto"))
        else:
            lines.append(say(closing or f"lobby.closed.{row.status}", days=days))
        return LobbyCard(
            row.id,
            "\n".join(lines),
            row.status == "lobby",
            row.channel_id,
            row.lobby_message_id,
            locale,
            tuple(option_words(engine, row.options, locale)),
        )

    async def _lobby_row(self, caller: Caller, game_id: int) -> GameRow:
        game = await self._games.load(game_id, caller)
        row = game.row
        if row.status == "abandoned" and game.state is None:
            # Expired, or its host abandoned it: it never started.
            raise PlayerError("error.lobby_closed", game=game_id)
        if row.status != "lobby":
            raise PlayerError("error.not_in_lobby", game=game_id)
        if LEAGUE in row.settings:
            # Its league seats it; it is in the lobby state only while it starts.
            raise PlayerError("error.league_table", game=game_id)
        return row

    @staticmethod
    def _require_host(caller: Caller, row: GameRow) -> None:
        if caller.user_id != row.host_id:
            raise PlayerError("error.host_only", host=host_name(row))

    @staticmethod
    def _require_free_seat(row: GameRow) -> None:
        most = engine_of(row.engine).max_players
        if len(row.seats) >= most:
            raise PlayerError("error.lobby_full", max=most)

    async def _set_seats(
        self,
        caller: Caller,
        row: GameRow,
        seats: list[SeatSpec],
        ack: str,
        *,
        host_id: int | None = None,
        **params: Any,
    ) -> Reply:
        """New seats (and maybe a new host) for the lobby, and the caller's acknowledgement."""
        new = await self._games.set_seats(row, seats, host_id=host_id)
        return Reply(
            texts.t(ack, caller.locale, **params), game_id=new.id, version=new.version, lobby=self.card(new)
        )

    async def join(self, caller: Caller, game_id: int) -> Reply:
        async with self._games.lock(game_id):
            row = await self._lobby_row(caller, game_id)
            if any(seat.user_id == caller.user_id and not seat.is_ai for seat in row.seats):
                raise PlayerError("error.already_seated")
            self._require_free_seat(row)
            seats = [*seat_list(row), (caller.user_id, caller.name, False)]
            return await self._set_seats(caller, row, seats, "lobby.joined", id=game_id)

    async def leave(self, caller: Caller, game_id: int) -> Reply:
        async with self._games.lock(game_id):
            row = await self._lobby_row(caller, game_id)
            if not any(seat.user_id == caller.user_id and not seat.is_ai for seat in row.seats):
                raise PlayerError("error.not_seated")
            seats = [s for s in seat_list(row) if not (s[0] == caller.user_id and not s[2])]
            humans = [s for s in seats if not s[2]]
            if caller.user_id == row.host_id:
                if not humans:
                    return await self._abandon_row(caller, row)
                # The next human in the lobby becomes the host.
                new_host, name = humans[0][0], humans[0][1]
                return await self._set_seats(
                    caller, row, seats, "lobby.left_host", host_id=new_host, host=escape_words(name)
                )
            return await self._set_seats(caller, row, seats, "lobby.left", id=game_id)

    async def add_bot(self, caller: Caller, game_id: int, level: str = ai.DEFAULT_LEVEL) -> Reply:
        """The host seats an AI playing at `level` (`ai.LEVELS`)."""
        check_level(level)
        async with self._games.lock(game_id):
            row = await self._bot_lobby(caller, game_id)
            taken = {seat.name for seat in row.seats}
            name = next((n for n in AI_NAMES if n not in taken), str(len(row.seats) + 1))
            seats = [*seat_list(row), (None, name, True, level)]
            shown = seat_label(SeatRow(len(row.seats), None, name, True, level), caller.locale)
            return await self._set_seats(caller, row, seats, "lobby.bot_added", name=escape_words(shown))

    async def bot_levels(self, caller: Caller, game_id: int) -> Reply:
        """What the lobby's Add-bot button answers its host: the levels to choose from, each
        adding an AI at that level (refused as `add_bot` would be, so nobody chooses in vain)."""
        row = await self._bot_lobby(caller, game_id)
        levels = tuple((level, level_name(level, caller.locale)) for level in ai.LEVELS)
        return Reply(texts.t("lobby.choose_level", caller.locale), game_id=row.id, bot_levels=levels)

    async def _bot_lobby(self, caller: Caller, game_id: int) -> GameRow:
        """The lobby the caller, its host, may add an AI to now."""
        row = await self._lobby_row(caller, game_id)
        self._require_host(caller, row)
        self._require_free_seat(row)
        return row

    async def start(self, caller: Caller, game_id: int) -> Reply:
        async with self._games.lock(game_id):
            row = await self._lobby_row(caller, game_id)
            self._require_host(caller, row)
            engine = engine_of(row.engine)
            if len(row.seats) < engine.min_players:
                raise PlayerError("error.too_few", min=engine.min_players)
            try:
                options = engine.check_options(len(row.seats), row.options)
            except IllegalAction as refused:
                names = [escape_words(seat_name(s, caller.locale)) for s in row.seats]
                raise PlayerError.from_message(escape_message(refused.message), names) from None
            game = await self._start_row(row, engine, options)
        return Reply(
            texts.t("game.started", caller.locale, id=game.row.id),
            game_id=game.row.id,
            version=game.row.version,
            lobby=self.card(game.row),
        )

    async def _start_row(self, row: GameRow, engine: Engine, options: dict[str, str]) -> Loaded:
        seed = random.SystemRandom().randrange(1 << 62)
        game = await self._games.start(row, engine, seed, options)
        await self._notices.add(row.id, self._start_notice(row, engine, seed, options))
        return game

    async def open_table(
        self,
        *,
        engine_id: str,
        guild_id: int,
        channel_id: int,
        host: tuple[int, str],
        seats: Sequence[SeatSpec],
        settings: dict[str, Any],
        locale: str | None,
        table: tuple[int, int, int],
    ) -> GameRow:
        """A league table's game (`table`: league, round, table number), stored seated as
        given (user id, name, AI, level) with the table in one transaction, in the lobby state
        until `start_table` starts it; `TableTaken` when the table has its game already."""
        return await self._games.create(
            engine=engine_id,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host[0],
            host_name=host[1],
            options={},
            locale=locale,
            settings=settings,
            seats=seats,
            table=table,
        )

    async def start_table(self, game_id: int) -> GameRow:
        """Start a league table's game opened by `open_table`; one started already (or
        ended) is left as it is."""
        async with self._games.lock(game_id):
            row = await self._games.row(game_id)
            if row.status != "lobby":
                return row
            engine = engine_of(row.engine)
            options = engine.check_options(len(row.seats), row.options)
            return (await self._start_row(row, engine, options)).row

    async def close_table(self, game_id: int, league_name: str) -> bool:
        """End a table of a cancelled league unrated (a game never rated is abandoned),
        with one post in its thread saying why; whether it was still open or running."""
        async with self._games.lock(game_id):
            row = await self._games.row(game_id)
            if row.status not in ("lobby", "running"):
                return False
            await self._games.finish(row, status="abandoned")
            if row.status == "running":
                await self._notices.add(row.id, Notice("league.table_cancelled", {"name": league_name}))
            return True

    @staticmethod
    def _start_notice(row: GameRow, engine: Engine, seed: int, options: dict[str, str]) -> Notice:
        start_state = engine.setup(len(row.seats), seed, options)
        order = ", ".join(
            f"{i + 1}. {escape_words(seat_label(seat, row.locale))}" for i, seat in enumerate(row.seats)
        )
        first = engine.current_turn(start_state)
        return Notice(
            "game.start_post",
            {
                "game": engine.title,
                "id": row.id,
                "seats": order,
                "first": Player(first if first is not None else 0),
            },
        )

    async def abandon(self, caller: Caller, game_id: int) -> Reply:
        async with self._games.lock(game_id):
            row = (await self._games.load(game_id, caller)).row
            if row.status not in ("lobby", "running"):
                raise PlayerError("error.not_running", id=game_id)
            if caller.user_id != row.host_id and not caller.is_manager:
                raise PlayerError("error.abandon_rights")
            return await self._abandon_row(caller, row)

    async def _abandon_row(self, caller: Caller, row: GameRow) -> Reply:
        new = await self._games.finish(row, status="abandoned")
        if row.status == "running":
            notice = Notice("abandon.post", {"id": row.id, "player": escape_words(caller.name)})
            await self._notices.add(row.id, notice)
        return Reply(
            texts.t("abandon.done", caller.locale, id=row.id),
            game_id=row.id,
            version=new.version,
            lobby=self.card(new),
        )

    async def resign(self, caller: Caller, game_id: int) -> Reply:
        """A player leaves a running game; an AI takes the seat."""
        async with self._games.lock(game_id):
            game = await self._games.load(game_id, caller)
            check_running(game.row)
            seat = game.seat_of(caller.user_id)
            if seat is None:
                raise PlayerError("error.not_player", id=game_id)
            row, ended = await self._to_ai(game, seat, escape_words(caller.name), by=None)
        said = "resign.done_last" if ended else "resign.done"
        return Reply(texts.t(said, caller.locale, id=game_id), game_id=game_id, version=row.version)

    async def replace(self, caller: Caller, game_id: int, user_id: int) -> Reply:
        """The host or a moderator gives a person's seat to an AI (a player who left or
        vanished): as if they had resigned, said in the thread as done by the caller."""
        async with self._games.lock(game_id):
            game = await self._games.load(game_id, caller)
            require_moderator(caller, game.row)
            check_running(game.row)
            seat = game.seat_of(user_id)
            if seat is None:
                raise PlayerError("replace.not_player", id=game_id)
            player = game.names[seat]
            row, ended = await self._to_ai(game, seat, player, by=escape_words(caller.name))
        said = "replace.done_last" if ended else "replace.done"
        return Reply(
            texts.t(said, caller.locale, id=game_id, player=player), game_id=game_id, version=row.version
        )

    async def _to_ai(self, game: Loaded, seat: int, player: str, *, by: str | None) -> tuple[GameRow, bool]:
        """An AI takes a person's seat: `player` (a name as messages show it) resigned, or
        was replaced `by` someone. The new row, and whether the game ended with it."""
        game_id = game.row.id
        row = await self._games.replace_seat(game, seat)
        who: dict[str, Any] = {"player": player, "id": game_id}
        if by is not None:
            who["by"] = by
        prefix = "resign" if by is None else "replace"
        if any(not other.is_ai for other in row.seats):
            await self._notices.add(
                game_id,
                Notice(f"{prefix}.post", {**who, "ai": escape_words(seat_name(row.seats[seat], row.locale))}),
            )
            return row, False
        # Nobody is left to play for: the AI seats would play it out alone, a post per
        # turn. It ends here, without a result (a game of AI seats alone is not rated).
        row = await self._games.finish(row, status="abandoned")
        await self._notices.add(game_id, Notice(f"{prefix}.last_person", who))
        return row, True

    async def kick(self, caller: Caller, game_id: int, user_id: int) -> Reply:
        """The host removes someone else from the lobby; said in the thread."""
        async with self._games.lock(game_id):
            row = await self._lobby_row(caller, game_id)
            self._require_host(caller, row)
            if user_id == caller.user_id:
                raise PlayerError("kick.self")
            kicked = next((s for s in row.seats if s.user_id == user_id and not s.is_ai), None)
            if kicked is None:
                raise PlayerError("kick.not_seated")
            seats = [s for s in seat_list(row) if not (s[0] == user_id and not s[2])]
            player = escape_words(kicked.name)
            reply = await self._set_seats(caller, row, seats, "kick.done", player=player, id=game_id)
            notice = Notice("kick.post", {"player": player, "by": escape_words(caller.name)})
            await self._notices.add(game_id, notice)
            return reply


def check_running(row: GameRow) -> None:
    if row.status != "running":
        raise PlayerError("error.not_running", id=row.id)


def require_moderator(caller: Caller, row: GameRow) -> None:
    """The host, or a member who may manage the server (asked of the interaction each
    time, so a member who loses that right loses it at once)."""
    if caller.user_id != row.host_id and not caller.is_manager:
        raise PlayerError("error.moderator_only", host=host_name(row))
