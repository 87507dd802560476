"""`Turns`: each game's background work after something happened.

AI seats take their turns; the thread gets one post per finished turn (the
engine's `turn_number` says where a turn ends) listing what every seat did
in it; every person who became obliged to decide is pinged once, with the
engine's `prompt` — in the turn's post when the obligation began with a new
turn, in a short post of its own when it began during someone else's turn
(a discard, an answer); the deadlines follow; at the end, the summary.
Seats asked privately (`Engine.hidden_acting`: who can pay an offer) are
named in no post: the thread hears only that a question is open, and each
of them is pinged by direct message, once a turn.

One task per game at a time, so its posts keep their order. Nothing is lost
when the process stops: the store knows which moves the thread has not
heard of yet, and `resume` picks them up — in the background, so the bot
answers at once however many games there are: the games that owe their
thread something (and those alone) are read a page at a time, oldest
obligation first, worked on a few at a time with a short pause between two
games' posts (longer the more they posted), so neither players' moves nor
Discord's rate limits suffer.

A post counts as told once the store has recorded it. Should that record fail
after Discord accepted the post, the record alone is kept and stored first the
next time the game's work runs (not the post again); should the process stop
in between, the post goes out again, and its nonce (`Post.nonce`: the game and
what it tells) lets Discord drop the copy when it comes within a few minutes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from functools import partial

import texts
from bot.community import Community
from bot.errors import PlayerError
from bot.history import Step
from bot.history import Turn
from bot.history import asked_before
from bot.history import group_turns
from bot.results import DeliveryFailed
from bot.results import Dispatch
from bot.results import Post
from bot.service.backlog import Backlog
from bot.service.backlog import backoff
from bot.service.clock import Clock
from bot.service.games import Games
from bot.service.hints import used_lines
from bot.service.model import Loaded
from bot.service.model import Notice
from bot.service.model import Ownership
from bot.service.narrator import Narrator
from bot.service.notices import Delivery
from bot.service.notices import Notices
from bot.service.robots import Robots

__all__ = ["Turns"]

log = logging.getLogger(__name__)

#: The restore after a start: games read per page, games worked on at once, and
#: the pause after each game's work before the next: this long for each post made
#: meanwhile (at least one), so that the restore alone sends at most about 20 posts
#: a second, well under Discord's limit of 50 requests a second.
RESTORE_PAGE = 100
RESTORE_AT_ONCE = 2
RESTORE_SPACING = 0.05
#: A game whose work has failed this long has its thread told (once).
TELL_AFTER = timedelta(minutes=30)
#: Business younger than this is left to the work that is surely under way for it.
CATCH_UP_AFTER = timedelta(seconds=30)


@dataclass
class _Trouble:
    """A game whose background work keeps failing: since when, how often, the last error,
    and whether its thread was told."""

    since: datetime
    tries: int = 0
    last: Exception | None = None
    told: bool = False


@dataclass(eq=False)
class Turns:
    _games: Games
    _notices: Notices
    _narrator: Narrator
    _robots: Robots
    _clock: Clock
    _community: Community
    _delivery: Delivery
    #: The restore after a start reads the games of these servers only.
    _ownership: Ownership = field(default_factory=Ownership)
    #: One task per game, the games whose work must run again, the waits to try again.
    _backlog: Backlog = field(init=False)
    #: game id -> its work's failures in a row (for the back-off).
    _troubles: dict[int, _Trouble] = field(init=False, default_factory=dict)
    #: game id -> records of posts Discord accepted that the store refused, in order:
    #: stored before anything else when the game's work runs again.
    _unrecorded: dict[int, list[Callable[[], Awaitable[None]]]] = field(init=False, default_factory=dict)
    #: The restore after a start, while it runs; how many games it has worked on.
    _restore: asyncio.Task[None] | None = field(init=False, default=None)
    restored_games: int = field(init=False, default=0)
    restore_spacing: float = field(init=False, default=RESTORE_SPACING)
    restore_at_once: int = field(init=False, default=RESTORE_AT_ONCE)

    def __post_init__(self) -> None:
        self._backlog = Backlog("game", self._step)
        self._games.on_change.append(self.kick)
        self._notices.on_add.append(self.kick)

    def kick(self, game_id: int) -> None:
        """Run the game's background work soon (again, if it is running now)."""
        self._backlog.kick(game_id)

    async def _step(self, game_id: int) -> None:
        try:
            await self._advance(game_id)
        except PlayerError as error:
            log.warning("game %s: background work refused: %s", game_id, error.message.key)
        except Exception as error:
            # Drawing, the database, a worker process: whatever failed, the game
            # still owes its thread this work, so it is tried again, never dropped.
            self._try_again_later(game_id, error)
        if game_id not in self._backlog.retries:
            self._troubles.pop(game_id, None)
        elif self._long_failing(game_id):
            await self._tell_stuck(game_id)

    async def settled(self, game_id: int) -> None:
        """Wait until the game's background work is done."""
        await self._backlog.settled(game_id)

    async def idle(self) -> None:
        """Wait until no game has background work left (for tests, scripts and shutdown),
        the restore included."""
        while self._backlog.tasks or (self._restore is not None and not self._restore.done()):
            waited: set[asyncio.Task[None]] = set(self._backlog.tasks.values())
            if self._restore is not None and not self._restore.done():
                waited.add(self._restore)
            await asyncio.wait(waited)

    def stop_restoring(self) -> None:
        """At shutdown: what the restore did not reach is done after the next start."""
        if self._restore is not None:
            self._restore.cancel()

    async def _advance(self, game_id: int) -> None:
        """AI turns, then the posts nobody has seen yet, then deadlines and the end.

        Posts go out one by one and each counts once Discord accepted it; when
        one fails, the rest waits (in order) and the work runs again later.
        """
        async with self._games.lock(game_id):
            await self._record_delivered(game_id)
            game = await self._games.fresh(game_id)
            if await self._games.store.is_departed(game.row.guild_id):
                # The bot was removed from the game's server: nothing happens until it is back.
                return
            if game.row.status == "running" and game.row.paused_at is None:
                # A paused game's AI seats wait too; its posts (the pause's own) still go out.
                game = await self._robots.run(game)
            notices = await self._notices.waiting(game_id)
            turns: list[Turn] = []
            steps: list[Step] = []
            due: dict[int, int] = {}
            if game.state is not None:
                steps = await self._games.steps_after(game, game.row.announced_version)
                turns = [turn for turn in group_turns(game.engine, steps) if turn.complete]
                due = await self._games.untold(game)
        # Seats asked privately are named in no post: they may only hear of it in private.
        hidden = game.asked_privately()
        asked = {seat: began for seat, began in due.items() if seat in hidden}
        due = {seat: began for seat, began in due.items() if seat not in hidden}
        # Those in their quiet hours are named but not pinged; they are owed a ping instead.
        held = await self._clock.hold_pings(game, sorted(due)) if due else set()
        try:
            pinged = await self._post(game, notices, turns, due, held)
            if asked:
                await self._post_private_question(game, min(asked.values()))
        except DeliveryFailed as failure:
            await self._clock.sync(game, told=False)
            self._try_again_later(game_id, failure)
            return
        told = [seat for seat in sorted(pinged) if game.row.seats[seat].user_id not in held]
        told += [seat for seat in sorted(asked) if await self._may_ask(game, steps, seat, asked[seat])]
        direct = await self._narrator.direct_messages(game, told)
        if direct:
            try:
                await self._delivery.deliver(Dispatch(game_id, None, (), tuple(direct), game.row.locale))
            except DeliveryFailed:
                log.warning("game %s: direct messages not delivered", game_id)
        # The deadlines of those just pinged begin now, not before they could know.
        await self._clock.sync(game)
        if game.row.status == "finished" and not game.row.summary_posted:
            try:
                await self._conclude(game)
            except DeliveryFailed as failure:
                self._try_again_later(game_id, failure)

    async def _post(
        self,
        game: Loaded,
        notices: list[tuple[int, Notice]],
        turns: list[Turn],
        due: dict[int, int],
        held: Collection[int] = (),
    ) -> list[int]:
        """Every post in order, each marked as delivered once it is; the seats pinged
        (those of `held`, people in their quiet hours, are named without a ping)."""

        def quiet(post: Post) -> Post:
            return replace(post, mentions=tuple(m for m in post.mentions if m not in held))

        game_id, locale, version = game.row.id, game.row.locale, game.row.version
        for number, notice in notices:
            post = await self._narrator.notice_post(game, notice, locale)
            await self._tell(game, post, f"n{number}", partial(self._notices.posted, number))
        pinged: list[int] = []
        # What the thread saw last: each turn's board marks what changed since.
        before = await self._games.state_at(game, game.row.announced_version) if turns else None
        for run in _posts(game, turns, due):
            last = run[-1].last_version
            here = [seat for seat, version in due.items() if version == last]
            post = quiet(await self._narrator.turn_post(game, run, here, locale, before))
            before = run[-1].state
            await self._tell(game, post, f"t{last}", partial(self._games.announced, game_id, last))
            pinged += here
        rest = [seat for seat in sorted(due) if seat not in pinged]
        if game.row.announced_version == 0 and not turns and game.state is not None:
            # The start: the first board, and whoever must decide first.
            post = quiet(await self._narrator.state_post(game, game.state, locale, rest))
            await self._tell(game, post, f"b{version}", partial(self._games.announced, game_id, version))
            pinged += rest
        elif rest:
            post = quiet(await self._narrator.ping_post(game, rest, locale, sorted({due[s] for s in rest})))
            await self._tell(game, post, f"p{version}", partial(self._games.pinged, game_id, version))
            pinged += rest
        if pinged:
            await self._record(game_id, partial(self._games.pinged, game_id, version))
        return pinged

    async def _post_private_question(self, game: Loaded, began: int) -> None:
        """The thread hears that seats were asked privately at version `began` (not who), and
        those asked count as told: they are pinged in private alone (`_may_ask`)."""
        game_id, version = game.row.id, game.row.version
        post = await self._narrator.private_question_post(game, began, game.row.locale)
        await self._tell(game, post, f"q{version}", partial(self._games.pinged, game_id, version))

    async def _may_ask(self, game: Loaded, steps: Sequence[Step], seat: int, began: int) -> bool:
        """Whether the person of `seat`, asked privately at version `began`, gets a private
        ping: once a turn (one asked again in the same turn answers with `/hand` unpinged),
        and never during their quiet hours."""
        user_id = game.row.seats[seat].user_id
        if user_id is None or await self._clock.quiet_until(user_id) is not None:
            return False
        return not asked_before(game.engine, steps, seat, began)

    async def _tell(self, game: Loaded, post: Post, what: str, record: Callable[[], Awaitable[None]]) -> None:
        """Send a post, then record that it went out. `what` names what it tells within
        the game (a notice, a turn, a start, a ping, the end), the same at every try."""
        await self._send(game, replace(post, nonce=f"{game.row.id}{what}"))
        await self._record(game.row.id, record)

    async def _record(self, game_id: int, record: Callable[[], Awaitable[None]]) -> None:
        """Store that a post went out; refused, the record is kept for the game's next try."""
        try:
            await record()
        except Exception:
            self._unrecorded.setdefault(game_id, []).append(record)
            raise

    async def _record_delivered(self, game_id: int) -> None:
        """Store, in order, what went out but was not recorded (raises while the store refuses)."""
        records = self._unrecorded.get(game_id, [])
        while records:
            await records[0]()
            records.pop(0)
        self._unrecorded.pop(game_id, None)

    async def _send(self, game: Loaded, post: Post) -> None:
        row = game.row
        channel = row.thread_id or row.channel_id
        fallback = row.channel_id if row.thread_id else None
        await self._delivery.deliver(
            Dispatch(row.id, channel, (post,), locale=row.locale, fallback_channel_id=fallback)
        )

    def _try_again_later(self, game_id: int, failure: Exception) -> None:
        """Back off: 5 s, 10 s, 20 s … up to 10 minutes; a new move tries at once anyway."""
        trouble = self._troubles.setdefault(game_id, _Trouble(self._games.now()))
        trouble.tries += 1
        trouble.last = failure
        delay = backoff(trouble.tries)
        if isinstance(failure, DeliveryFailed):
            log.warning(
                "game %s: a post was not delivered (%s); trying again in %.0f s", game_id, failure, delay
            )
        else:
            log.warning(
                "game %s: background work failed (%r); trying again in %.0f s",
                game_id,
                failure,
                delay,
                exc_info=failure,
            )
        self._backlog.retry(game_id, delay)

    def _long_failing(self, game_id: int) -> bool:
        """Whether the game's work has failed for `TELL_AFTER` and its thread was not told."""
        trouble = self._troubles.get(game_id)
        return trouble is not None and not trouble.told and self._games.now() - trouble.since >= TELL_AFTER

    async def _tell_stuck(self, game_id: int) -> None:
        """Say so in the thread, once, and in the log; the retries go on regardless."""
        trouble = self._troubles[game_id]
        log.warning(
            "game %s: its background work has failed since %s, %s times, the last with %r; still trying",
            game_id,
            trouble.since.isoformat(timespec="seconds"),
            trouble.tries,
            trouble.last,
        )
        try:
            game = await self._games.fresh(game_id)
            await self._send(game, Post(texts.t("post.stuck", game.row.locale)))
        except Exception as error:
            # Whatever keeps the game from going on may keep this from being said: next time.
            log.warning("game %s: the thread could not be told it is stuck (%r)", game_id, error)
            return
        trouble.told = True

    def stop_retrying(self) -> None:
        """At shutdown: what is still undelivered goes out after the restart instead."""
        self._backlog.stop_retrying()

    async def _conclude(self, game: Loaded) -> None:
        """The end of a game: ratings, the summary with its breakdown, the animated replay.

        Marked as posted only once delivered; the ratings are stored once whatever happens.
        """
        outcome = game.engine.outcome(game.state) if game.state is not None else None
        if outcome is None:
            return
        locale = game.row.locale
        changes = await self._community.rate(game.row, outcome, locale)
        # How many hints each player used, under the result (a game with hints is not rated).
        summary = "\n".join([self._narrator.outcome_text(game, outcome, locale), *used_lines(game, locale)])
        if changes:
            summary += "\n" + texts.t("ratings.title", locale) + "\n" + "\n".join(changes)
        replay_gif = await self._narrator.replay_image(game, locale)
        accent = self._narrator.accent(game, game.state)
        post = (
            Post(
                summary,
                replay_gif,
                filename="replay.gif",
                description=self._narrator.replay_description(game, locale),
                accent=accent,
            )
            if replay_gif
            else Post(summary, accent=accent)
        )
        await self._tell(game, post, "e", partial(self._games.summary_posted, game.row.id))

    def resume(self) -> None:
        """At start-up: start finishing the AI turns, posts and summaries a stop
        interrupted, in the background (`restored` waits for the end); and look
        once at every running game without timers, whose seat that must act may
        have lost its deadline (or whose AI seat its turn).

        Only the games that owe their thread something are read, a page at a
        time, oldest obligation first; `RESTORE_AT_ONCE` of them are worked on
        at a time, each followed by a short pause, so a move made meanwhile is
        answered at once (it waits at most for its own game's work) and the
        posts of thousands of games never reach Discord in one flood.
        """
        if self._restore is None or self._restore.done():
            self.restored_games = 0
            until = self._games.now()
            self._restore = asyncio.create_task(
                self._restore_all(until, audit=True), name="baumeister-restore"
            )

    def catch_up(self) -> None:
        """Now and then (`GameService.reconcile`): the games that still owe their thread
        something from before `CATCH_UP_AFTER` and have no work under way or waiting
        (work that was lost: a restore that failed, a task that died) are worked on,
        as after a start."""
        if self._restore is None or self._restore.done():
            until = self._games.now() - CATCH_UP_AFTER
            self.restored_games = 0
            self._restore = asyncio.create_task(
                self._restore_all(until, audit=False), name="baumeister-catch-up"
            )

    async def restored(self) -> None:
        """Wait until the restore started by `resume` is done."""
        if self._restore is not None:
            await asyncio.wait({self._restore})

    async def _restore_all(self, until: datetime, *, audit: bool) -> None:
        try:
            await self._work_through(self._owing(until))
            if audit:
                await self._work_through(self._without_timers(), counted=False)
        except Exception:
            log.exception("finishing the games' unfinished work failed; the next pass tries again")
        if self.restored_games:
            log.info("restore done: %s games had unfinished work", self.restored_games)

    async def _owing(self, until: datetime) -> AsyncIterator[list[int]]:
        """The games that owe their thread something since no later than `until`, by page."""
        after = None
        while page := await self._games.store.games_owing(
            after=after, limit=RESTORE_PAGE, until=until, shards=self._ownership.shards
        ):
            yield [game_id for game_id, _ in page]
            after = page[-1]

    async def _without_timers(self) -> AsyncIterator[list[int]]:
        after = 0
        while page := await self._games.store.running_without_timers(
            after=after, limit=RESTORE_PAGE, shards=self._ownership.shards
        ):
            yield page
            after = page[-1]

    async def _work_through(self, pages: AsyncIterator[list[int]], *, counted: bool = True) -> None:
        """Each game of each page worked on in turn (`_restore_some`); `counted`: in
        `restored_games`."""
        async for page in pages:
            # A game whose work is under way, or waits for its back-off, is in hand already.
            waiting = [game_id for game_id in page if not self._backlog.in_hand(game_id)]
            await asyncio.gather(*(self._restore_some(waiting, counted) for _ in range(self.restore_at_once)))

    async def _restore_some(self, waiting: list[int], counted: bool) -> None:
        """Take the oldest game still waiting, do its work, pause; until none is left."""
        while waiting:
            game_id = waiting.pop(0)
            posts = self._delivery.posts
            self.kick(game_id)
            await self.settled(game_id)
            self.restored_games += counted
            await asyncio.sleep(self.restore_spacing * max(1, self._delivery.posts - posts))


def _posts(game: Loaded, turns: list[Turn], due: dict[int, int]) -> list[list[Turn]]:
    """The turns as posts: a person's turn is a post of its own; a run of AI turns
    between two decisions of people is one (ended early where a person must decide)."""
    seats = game.row.seats
    obliging = set(due.values())

    def by_ai(turn: Turn) -> bool:
        return all(seats[seat].is_ai for seat in turn.seats or (turn.seat,))

    posts: list[list[Turn]] = []
    for turn in turns:
        run = posts[-1] if posts else None
        if run is not None and by_ai(turn) and by_ai(run[-1]) and run[-1].last_version not in obliging:
            run.append(turn)
        else:
            posts.append([turn])
    return posts
