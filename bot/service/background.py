"""Each game's background work after a move: AI turns, posts, deadlines, the end."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

import texts
from bot.errors import PlayerError
from bot.history import Turn
from bot.results import Caller, DirectMessage, Dispatch, Post, Reply
from bot.service.base import (
    _MAX_AI_STEPS,
    _Game,
    _host_name,
    _Notice,
)
from bot.service.posts import Posts

log = logging.getLogger(__name__)


class Background(Posts):
    """Each game's background work after a move: AI turns, posts, deadlines, the end."""

    def _notify(self, game_id: int, notice: _Notice) -> None:
        self._notices.setdefault(game_id, []).append(notice)

    def _kick(self, game_id: int) -> None:
        """Run the game's background work soon (again, if it is running now)."""
        self._dirty.add(game_id)
        if game_id not in self._workers:
            self._workers[game_id] = asyncio.create_task(self._work(game_id), name=f"game-{game_id}")

    async def _work(self, game_id: int) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                try:
                    await self._advance(game_id)
                except PlayerError as error:
                    log.warning("game %s: background work refused: %s", game_id, error.message.key)
                except Exception:
                    log.exception("game %s: background work failed", game_id)
        finally:
            self._workers.pop(game_id, None)

    async def settled(self, game_id: int) -> None:
        """Wait until the game's background work is done."""
        while (task := self._workers.get(game_id)) is not None:
            await asyncio.wait({task})

    async def idle(self) -> None:
        """Wait until no game has background work left (for tests, scripts and shutdown)."""
        while self._workers:
            await asyncio.wait(set(self._workers.values()))

    async def _advance(self, game_id: int) -> None:
        """AI turns, then the posts nobody has seen yet, then deadlines and the end."""
        async with self._lock(game_id):
            game = self._remembered(game_id) or await self._load(game_id)
            announced = max(game.row.announced_version, self._announced.get(game_id, 0))
            if announced != game.row.announced_version:
                game = _Game(replace(game.row, announced_version=announced), game.engine, game.state)
            if game.row.status == "running":
                game = await self._run_ai(game)
            notices = self._notices.pop(game_id, [])
            include_start = game.row.announced_version == 0 and game.state is not None
            turns: list[Turn] = []
            if game.state is not None:
                turns = [t for t in await self._unannounced_turns(game) if t.complete]
        locale = game.row.locale
        posts = [await self._notice_post(game, notice, locale) for notice in notices]
        newest = game.row.announced_version
        for turn in turns:
            posts.append(await self._turn_post(game, turn, locale))
            newest = turn.last_version
        if include_start and not turns and game.state is not None:
            posts.append(await self._state_post(game, game.state, locale))
            newest = game.row.version
        direct = await self._turn_messages(game, posts)
        if posts or direct:
            channel = self._post_channel(game.row)
            await self._deliver(Dispatch(game_id, channel, tuple(posts), tuple(direct), locale))
        if newest > game.row.announced_version:
            await self.store.set_announced(game_id, newest)
            self._announced[game_id] = max(newest, self._announced.get(game_id, 0))
            history = self._history.get(game_id)
            if history is not None:
                history.trim(newest)
        await self.deadlines.sync(game_id, (game.row, game.engine, game.state))
        if game.row.status == "finished" and not game.row.summary_posted:
            await self._conclude(game)

    async def _deliver(self, dispatch: Dispatch) -> None:
        if self.outbox is None:
            self.dispatched.append(dispatch)
            return
        try:
            await self.outbox(dispatch)
        except Exception:
            log.exception("game %s: delivering %d post(s) failed", dispatch.game_id, len(dispatch.posts))

    async def direct(self, game_id: int, message: DirectMessage) -> None:
        """A direct message about a game (a reminder), outside any interaction."""
        await self._deliver(Dispatch(game_id, None, (), (message,)))

    async def tell(self, game_id: int, key: str, *, mentions: tuple[int, ...] = (), **params: Any) -> None:
        """Post a notice in the game's thread (reminders, questions to the host) in order."""
        self._notify(game_id, _Notice(key, params, mentions=mentions))
        self._kick(game_id)

    async def ask_host(self, game_id: int, seat: int, turn_version: int) -> None:
        """A deadline passed in a game whose host decides: ask them, with buttons."""
        row = await self._row(game_id)
        names = [s.name for s in row.seats]
        locale = row.locale
        actions = (
            (texts.t("deadline.button.ai", locale), f"{seat}:{turn_version}:ai"),
            (texts.t("deadline.button.wait", locale), f"{seat}:{turn_version}:wait"),
        )
        self._notify(
            game_id,
            _Notice(
                "deadline.ask_host",
                {"player": names[seat], "host": _host_name(row)},
                mentions=(row.host_id,),
                actions=actions,
            ),
        )
        self._kick(game_id)

    async def resolve_timeout(
        self, caller: Caller, game_id: int, seat: int, turn_version: int, choice: str
    ) -> Reply:
        """The host's answer to a passed deadline: the AI moves, or the player gets more time."""
        game = await self._load(game_id, caller)
        self._require_host(caller, game.row)
        if not await self._turn_is_open(game, seat, turn_version):
            raise PlayerError("deadline.already_over")
        if choice == "ai":
            await self.play_for(game_id, seat, turn_version)
            return Reply(self._text(caller, "deadline.ai_chosen", player=game.names[seat]), game_id=game_id)
        await self.deadlines.restart(game_id, seat)
        return Reply(self._text(caller, "deadline.wait_chosen", player=game.names[seat]), game_id=game_id)

    async def play_for(self, game_id: int, seat: int, turn_version: int) -> bool:
        """The AI makes the current turn of a person's seat (their deadline passed).

        Only while that very turn is still open (`turn_version` is when it
        began); False when it is over already.
        """
        async with self._lock(game_id):
            game = await self._load(game_id)
            if not await self._turn_is_open(game, seat, turn_version):
                return False
            for _ in range(_MAX_AI_STEPS):
                if game.row.status != "running" or seat not in game.engine.to_act(game.state):
                    break
                game = await self._ai_move(game, seat)
            self._notify(game_id, _Notice("deadline.ai_moved", {"player": game.names[seat]}))
        self._kick(game_id)
        return True

    async def _conclude(self, game: _Game) -> None:
        """The end of a game: ratings, the summary with its breakdown, the animated replay."""
        outcome = game.engine.outcome(game.state) if game.state is not None else None
        if outcome is None:
            return
        locale = game.row.locale
        changes = await self.community.rate(game.row, outcome, locale)
        summary = self._outcome_text(game, outcome, locale)
        if changes:
            summary += "\n" + texts.t("ratings.title", locale) + "\n" + "\n".join(changes)
        replay_gif = await self._replay_image(game, locale)
        post = Post(summary, replay_gif, filename="replay.gif") if replay_gif else Post(summary)
        await self._deliver(Dispatch(game.row.id, self._post_channel(game.row), (post,), locale=locale))
        self.forget(game.row.id)
        await self.store.mark_summary_posted(game.row.id)

    async def resume(self) -> None:
        """At start-up: finish the AI turns, posts and summaries a stop interrupted.

        Every running game is looked at once, which also brings its recent moves
        back into memory, so the first move after a restart does not wait for a
        replay of its game's log.
        """
        for row in await self.store.list_games(statuses=("running", "finished")):
            unfinished = row.status == "running" or not row.summary_posted
            if unfinished or row.announced_version < row.version:
                self._kick(row.id)
        await self.idle()
