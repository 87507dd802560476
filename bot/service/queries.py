"""Looking at games, leaving them, and what players choose for themselves."""

from __future__ import annotations

import logging
from dataclasses import replace

import texts
from bot import presenters
from bot.errors import PlayerError
from bot.history import group_turns, replay
from bot.results import Caller, Reply
from bot.service.base import (
    _LOG_LIMIT,
    _discord_time,
    _Notice,
)
from bot.service.lobby import Lobby
from bot.store import GameRow, StaleVersion

log = logging.getLogger(__name__)


class Queries(Lobby):
    """Looking at games, leaving them, and what players choose for themselves."""

    async def hand(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        seat = game.seat_of(caller.user_id)
        if seat is None:
            raise PlayerError("error.not_player", id=game_id)
        if game.state is None:
            raise PlayerError("error.not_started", id=game_id)
        reply = await self._private(caller, game, seat)
        if game.row.status != "running":
            return reply
        earlier = await self._since_last_turn(game, seat, caller.locale)
        if not earlier:
            return reply
        since = "\n".join([self._text(caller, "turn.since_you"), *earlier])
        return Reply(
            f"{since}\n\n{reply.text}",
            image=reply.image,
            game_id=reply.game_id,
            version=reply.version,
            buttons=reply.buttons,
        )

    async def board(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        if game.state is None:
            return Reply(self._lobby_card(game.row).text, public=True, game_id=game_id)
        # Public: in the language of the server, like the game's other posts.
        locale = caller.guild_locale or game.row.locale
        post = await self._state_post(game, game.state, locale)
        text = post.text
        outcome = game.engine.outcome(game.state)
        if outcome is not None:
            text = self._outcome_text(game, outcome, locale)
        title = texts.t("board.title", locale, game=game.engine.title, id=game_id)
        return Reply(
            f"{title}\n{text}", image=post.image, public=True, game_id=game_id, version=game.row.version
        )

    async def info(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        row, engine = game.row, game.engine
        lines = [
            self._text(caller, "info.title", game=engine.title, id=row.id),
            self._text(caller, "info.status", status=self._text(caller, f"status.{row.status}")),
        ]
        view = engine.view(game.state, None) if game.state is not None else None
        turn = engine.current_turn(game.state) if game.state is not None else None
        outcome = engine.outcome(game.state) if game.state is not None else None
        for seat in row.seats:
            marker = "🤖" if seat.is_ai else "👤"
            extra = ""
            if view is not None:
                extra = presenters.seat_summary(engine.id, view, seat.seat, caller.locale)
            if outcome is not None:
                extra = self._text(caller, "info.score", score=outcome.scores[seat.seat]) + " " + extra
            arrow = " ⬅️" if turn == seat.seat else ""
            lines.append(f"{seat.seat + 1}. {marker} **{seat.name}** {extra}{arrow}".rstrip())
            player = await self.player(seat.user_id) if seat.user_id and not seat.is_ai else None
            if player is not None and player.away_until is not None and player.away_until > self._clock():
                lines.append("   " + self._text(caller, "away.info", until=_discord_time(player.away_until)))
        options = ", ".join(f"{k}={v}" for k, v in (row.options or {}).items())
        lines.append(self._text(caller, "info.options", options=options or self._text(caller, "info.none")))
        lines.append(self.deadlines.describe(row, caller.locale))
        if row.status == "running":
            lines.extend(await self.deadlines.pending_lines(row, caller.locale))
        lines.append(self._text(caller, "info.moves", count=row.version))
        return Reply("\n".join(lines), game_id=game_id, version=row.version)

    async def log(self, caller: Caller, game_id: int) -> Reply:
        game = await self._load(game_id, caller)
        if game.state is None:
            raise PlayerError("error.not_started", id=game_id)
        _, steps = replay(game.engine, game.row, await self.store.moves(game_id))
        turns = group_turns(game.engine, steps)
        lines: list[str] = []
        for number, turn in enumerate(turns, 1):
            said = "; ".join(texts.render(d, caller.locale, game.names) for d in turn.descriptions)
            lines.append(f"{number}. {said}")
        if not lines:
            return Reply(self._text(caller, "log.empty"), game_id=game_id)
        out: list[str] = []
        size = 0
        for line in reversed(lines):
            if size + len(line) + 1 > _LOG_LIMIT:
                out.append(self._text(caller, "log.earlier", count=len(lines) - len(out)))
                break
            out.append(line)
            size += len(line) + 1
        return Reply("\n".join(reversed(out)), game_id=game_id)

    async def list_games(self, caller: Caller) -> Reply:
        rows = await self.store.list_games(guild_id=caller.guild_id)
        if not rows:
            return Reply(self._text(caller, "list.empty"))
        mine = [r for r in rows if any(s.user_id == caller.user_id for s in r.seats)]
        others = [r for r in rows if r not in mine]
        lines: list[str] = []
        for title_key, group in (("list.yours", mine), ("list.others", others)):
            if not group:
                continue
            lines.append(self._text(caller, title_key))
            for status in ("lobby", "running", "finished", "abandoned"):
                for row in [r for r in group if r.status == status][:10]:
                    lines.append(self._list_line(caller, row))
        return Reply("\n".join(lines)[:_LOG_LIMIT])

    def _list_line(self, caller: Caller, row: GameRow) -> str:
        engine = self._engine(row.engine)
        names = ", ".join(s.name for s in row.seats)
        status = self._text(caller, f"status.{row.status}")
        extra = ""
        if row.status == "running" and row.state is not None:
            try:
                turn = engine.current_turn(engine.loads(row.state))
            except ValueError:
                turn = None
            if turn is not None:
                extra = " — " + self._text(caller, "list.turn", player=row.seats[turn].name)
        return f"`#{row.id}` **{engine.title}** ({status}{extra}) · {names}"

    async def resign(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            game = await self._load(game_id, caller)
            if game.row.status != "running":
                raise PlayerError("error.not_running", id=game_id)
            seat = game.seat_of(caller.user_id)
            if seat is None:
                raise PlayerError("error.not_player", id=game_id)
            name = texts.t("resign.ai_name", game.row.locale, name=game.names[seat])
            try:
                self.forget(game_id)
                row = await self.store.replace_seat(
                    game_id, game.row.version, seat, user_id=None, name=name, is_ai=True, now=self._clock()
                )
            except StaleVersion:
                raise PlayerError("error.busy") from None
            if game.state is not None:
                self._states[game_id] = (row.version, game.state)
            self._notify(game_id, _Notice("resign.post", {"player": caller.name, "ai": name}))
        self._kick(game_id)
        return Reply(self._text(caller, "resign.done", id=game_id), game_id=game_id, version=row.version)

    async def abandon(self, caller: Caller, game_id: int) -> Reply:
        async with self._lock(game_id):
            row = (await self._load(game_id, caller)).row
            if row.status not in ("lobby", "running"):
                raise PlayerError("error.not_running", id=game_id)
            if caller.user_id != row.host_id and not caller.is_manager:
                raise PlayerError("error.abandon_rights")
            return await self._abandon_row(caller, row)

    def rules(self, engine_id: str, locale: str | None = None) -> str:
        engine = self._engine(engine_id)
        return texts.t(f"rules.{engine.id}", locale)

    async def settings(
        self, caller: Caller, game_id: int, deadline: int | None = None, on_timeout: str | None = None
    ) -> Reply:
        """Show, or (host only) change, the turn deadline and what happens when it passes."""
        game = await self._load(game_id, caller)
        if deadline is None and on_timeout is None:
            return Reply(self.deadlines.describe(game.row, caller.locale), game_id=game_id)
        self._require_host(caller, game.row)
        if game.row.status not in ("lobby", "running"):
            raise PlayerError("error.not_running", id=game_id)
        row = await self.deadlines.configure(game.row, deadline, on_timeout)
        said = self._text(caller, "settings.saved") + "\n" + self.deadlines.describe(row, caller.locale)
        return Reply(said, game_id=game_id)

    async def away(self, caller: Caller, hours: str) -> Reply:
        """`/away hours:<n>` pauses the caller's deadlines in every game; `off` ends it."""
        return await self.deadlines.away(caller, hours)

    async def notify(self, caller: Caller, dm: bool) -> Reply:
        """`/notify dm:on|off`: a direct message when it is the caller's turn."""
        player = await self.player(caller.user_id)
        await self.save_player(replace(player, dm=dm, locale=caller.locale or player.locale))
        return Reply(self._text(caller, "notify.on" if dm else "notify.off"))

    async def replay(self, caller: Caller, game_id: int) -> Reply:
        """The animated replay of a finished game, posted again."""
        game = await self._load(game_id, caller)
        if game.row.status != "finished" or game.state is None:
            raise PlayerError("replay.not_finished", id=game_id)
        locale = caller.guild_locale or game.row.locale
        image = await self._replay_image(game, locale)
        if image is None:
            raise PlayerError("replay.too_big", id=game_id)
        title = texts.t("replay.title", locale, game=game.engine.title, id=game_id)
        return Reply(title, image=image, public=True, game_id=game_id, filename="replay.gif")

    async def stats(self, caller: Caller, user_id: int, name: str, engine_id: str | None) -> Reply:
        if engine_id is not None:
            self._engine(engine_id)
        return await self.community.stats(caller, user_id, name, engine_id)

    async def leaderboard(self, caller: Caller, engine_id: str) -> Reply:
        return await self.community.leaderboard(caller, self._engine(engine_id))
