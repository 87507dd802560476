"""`Views`: looking at games — the board, info, the log, the list, replays, rules."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Reply
from bot.service.clock import Clock
from bot.service.games import Games
from bot.service.games import engine_of
from bot.service.games import visible
from bot.service.hints import hints_line
from bot.service.hints import used_lines
from bot.service.lobby import Lobby
from bot.service.lobby import options_text
from bot.service.model import LOG_LIMIT
from bot.service.model import discord_time
from bot.service.model import level_name
from bot.service.model import seat_name
from bot.service.model import status_key
from bot.service.model import whole_lines
from bot.service.narrator import Narrator
from bot.service.narrator import turn_words
from bot.service.people import People
from bot.store import GameRow

__all__ = ["Views"]

#: At most this many games of one status are listed (then "… and N more").
LIST_PER_STATUS = 10

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Views:
    _games: Games
    _people: People
    _narrator: Narrator
    _clock: Clock
    _lobby: Lobby
    _now: Callable[[], datetime]

    async def board(self, caller: Caller, game_id: int) -> Reply:
        game = await self._games.load(game_id, caller)
        if game.state is None:
            return Reply(
                self._lobby.card(game.row).text, public=True, game_id=game_id, public_in=_places(game.row)
            )
        # Public: in the language of the server, like the game's other posts.
        locale = caller.guild_locale or game.row.locale
        post = await self._narrator.state_post(game, game.state, locale)
        text = post.text
        outcome = game.engine.outcome(game.state)
        if outcome is not None:
            text = self._narrator.outcome_text(game, outcome, locale)
        title = texts.t("board.title", locale, game=game.engine.title, id=game_id)
        return Reply(
            f"{title}\n{text}",
            image=post.image,
            description=post.description,
            public=True,
            game_id=game_id,
            version=game.row.version,
            public_in=_places(game.row),
            accent=post.accent,
        )

    async def info(self, caller: Caller, game_id: int) -> Reply:
        game = await self._games.load(game_id, caller)
        row, engine, state = game.row, game.engine, game.state
        locale = caller.locale
        lines = [
            texts.t("info.title", locale, game=engine.title, id=row.id),
            texts.t("info.status", locale, status=texts.t(status_key(row), locale)),
        ]
        acting = game.openly_acting()
        outcome = engine.outcome(state) if state is not None else None
        for seat in row.seats:
            marker = "🤖" if seat.is_ai else "👤"
            extra = ""
            if state is not None:
                summary = engine.seat_summary(state, seat.seat)
                extra = texts.render(summary, locale, game.names) if summary else ""
            if outcome is not None:
                extra = texts.t("info.score", locale, score=outcome.scores[seat.seat]) + " " + extra
            arrow = " ⬅️" if seat.seat in acting else ""
            # A dash between name and figures: without Discord's bold (the terminal) they would run together.
            figures = f" — {extra}" if extra.strip() else ""
            name = f"**{game.names[seat.seat]}**"
            if seat.is_ai:
                name = texts.t("seat.ai_level", locale, name=name, level=level_name(seat.level, locale))
            lines.append(f"{seat.seat + 1}. {marker} {name}{figures}{arrow}")
            if seat.user_id and not seat.is_ai:
                away = (await self._people.get(seat.user_id)).away_until
                if away is not None and away > self._now():
                    lines.append("   " + texts.t("away.info", locale, until=discord_time(away)))
        if engine.options:
            # A lobby's choices so far; a started game's options, also those added to it since.
            options = row.options if state is None else engine.stored_options(len(row.seats), row.options)
            lines.append(texts.t("info.options", locale, options=options_text(engine, options, locale)))
        lines.append(hints_line(row, locale))
        lines.append(self._clock.describe(row, locale))
        if row.status == "running":
            lines.extend(await self._clock.pending_lines(row, locale))
        turn = engine.turn_number(state) if state is not None else -1
        if turn >= 0:
            lines.append(texts.t("info.turn", locale, turn=turn + 1))
        return Reply("\n".join(lines), game_id=game_id, version=row.version)

    async def log(self, caller: Caller, game_id: int) -> Reply:
        game = await self._games.load(game_id, caller)
        if game.state is None:
            raise PlayerError("error.not_started", id=game_id)
        lines: list[str] = []
        for number, turn in enumerate(await self._games.all_turns(game), 1):
            lines.append(f"{number}. {turn_words(turn, caller.locale, game.names)}")
        if not lines:
            return Reply(texts.t("log.empty", caller.locale), game_id=game_id)
        # The hints each player used close the log: they stay in view however long it is.
        hints = used_lines(game, caller.locale)
        out: list[str] = []
        size = sum(len(line) + 1 for line in hints)
        for line in reversed(lines):
            if size + len(line) + 1 > LOG_LIMIT:
                out.append(texts.t("log.earlier", caller.locale, count=len(lines) - len(out)))
                break
            out.append(line)
            size += len(line) + 1
        return Reply("\n".join([*reversed(out), *hints]), game_id=game_id)

    async def list_games(self, caller: Caller) -> Reply:
        """The caller's games first, then the others, by status: the newest page of each
        (`LIST_PER_STATUS`) is read, the rest only counted — a server may hold thousands."""
        guild, user = caller.guild_id, caller.user_id
        groups: dict[str, list[str]] = {"list.yours": [], "list.others": []}
        for status in ("lobby", "running", "finished", "abandoned"):
            with_state = status == "running"  # the line says whose turn it is
            page = LIST_PER_STATUS
            theirs = await self._games.list_games(
                guild_id=guild, user_id=user, statuses=(status,), limit=2 * page, with_state=with_state
            )
            mine = [row for row in theirs if any(seat.user_id == user for seat in row.seats)]
            mine_ids = {row.id for row in mine}
            shown_mine = visible(mine, caller)[:page]
            total_mine = len(mine)
            if len(theirs) == 2 * page:
                total_mine = await self._games.count_games(guild_id=guild, user_id=user, statuses=(status,))
            others_read = await self._games.list_games(
                guild_id=guild, statuses=(status,), limit=3 * page + len(mine_ids), with_state=with_state
            )
            others = [row for row in others_read if row.id not in mine_ids]
            shown_others = visible(others, caller)[:page]
            total_others = len(others)
            if len(others_read) == 3 * page + len(mine_ids):
                everyone = await self._games.count_games(guild_id=guild, statuses=(status,))
                total_others = max(everyone - total_mine, len(shown_others))
            for key, shown, total in (
                ("list.yours", shown_mine, total_mine),
                ("list.others", shown_others, total_others),
            ):
                groups[key] += [self._list_line(caller, row) for row in shown]
                if total > len(shown) and shown:
                    groups[key].append(texts.t("list.more", caller.locale, count=total - len(shown)))
        lines: list[str] = []
        for key, group in groups.items():
            if group:
                lines += [texts.t(key, caller.locale), *group]
        if not lines:
            return Reply(texts.t("list.empty", caller.locale))
        return Reply(whole_lines(lines, LOG_LIMIT, lambda n: texts.t("list.more", caller.locale, count=n)))

    def _list_line(self, caller: Caller, row: GameRow) -> str:
        try:
            engine = engine_of(row.engine)
        except PlayerError:
            return f"`#{row.id}` {row.engine}"
        names = ", ".join(texts.escape_words(seat_name(s, caller.locale)) for s in row.seats)
        status = texts.t(status_key(row), caller.locale)
        extra = ""
        if row.status == "running" and row.state is not None:
            try:
                turn = engine.current_turn(engine.loads(row.state))
            except ValueError:
                turn = None
            if turn is not None:
                player = texts.escape_words(row.seats[turn].name)
                extra = " — " + texts.t("list.turn", caller.locale, player=player)
        return f"`#{row.id}` **{engine.title}** ({status}{extra}) · {names}"

    @staticmethod
    def rules(engine_id: str, locale: str | None = None) -> str:
        engine = engine_of(engine_id)
        return texts.t(f"{engine.id}.rules", locale)

    async def replay(self, caller: Caller, game_id: int) -> Reply:
        """The animated replay of a finished game, posted again."""
        game = await self._games.load(game_id, caller)
        if game.row.status != "finished" or game.state is None:
            raise PlayerError("replay.not_finished", id=game_id)
        locale = caller.guild_locale or game.row.locale
        image = await self._narrator.replay_image(game, locale)
        if image is None:
            raise PlayerError("replay.too_big", id=game_id)
        title = texts.t("replay.title", locale, game=game.engine.title, id=game_id)
        return Reply(
            title,
            image=image,
            description=self._narrator.replay_description(game, locale),
            public=True,
            game_id=game_id,
            filename="replay.gif",
            public_in=_places(game.row),
            accent=self._narrator.accent(game, game.state),
        )


def _places(row: GameRow) -> tuple[int, ...]:
    """The game's own thread and channel: where its board may be shown to everyone."""
    return tuple(place for place in (row.thread_id, row.channel_id) if place is not None)
