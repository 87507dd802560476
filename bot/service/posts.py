"""What the thread and the players are told: turns in words, boards, pings, summaries."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import texts
from bot import presenters
from bot.history import History, Step, Turn, group_turns, replay
from bot.results import Caller, DirectMessage, MoveButton, Post, Reply
from bot.service.base import (
    _Game,
    _Notice,
)
from bot.service.commits import Commits
from games.core import Outcome, Player, State

log = logging.getLogger(__name__)


class Posts(Commits):
    """What the thread and the players are told: turns in words, boards, pings, summaries."""

    async def _steps_after(self, game: _Game, version: int) -> list[Step]:
        """The moves after `version`, from memory when it reaches back so far, else replayed."""
        history = self._history.get(game.row.id)
        if history is not None and history.covers(version, game.row.version):
            return history.after(version)
        _, steps = replay(game.engine, game.row, await self.store.moves(game.row.id))
        self._history[game.row.id] = History(steps[0].version - 1 if steps else game.row.version, steps)
        return [step for step in steps if step.version > version]

    async def _unannounced_turns(self, game: _Game) -> list[Turn]:
        steps = await self._steps_after(game, game.row.announced_version)
        return group_turns(game.engine, steps)

    async def turns(self, game_id: int, since_version: int = 0) -> list[Turn]:
        """The game's moves grouped into turns, after `since_version` (replayed from the log)."""
        game = await self._load(game_id)
        _, steps = replay(game.engine, game.row, await self.store.moves(game_id))
        return group_turns(game.engine, steps, since_version)

    async def _since_last_turn(self, game: _Game, seat: int, locale: str | None, skip: int = 0) -> list[str]:
        """What the others did since `seat` last acted, a line per turn (the newest `skip` left out)."""
        return (await self._since(game, seat, locale, skip))[0]

    async def _since(self, game: _Game, seat: int, locale: str | None, skip: int) -> tuple[list[str], bool]:
        """The lines of `_since_last_turn`, and whether `seat` has moved at all yet."""
        history = self._history.get(game.row.id)
        last = None
        if history is not None:
            last = next((step.version for step in reversed(history.steps) if step.seat == seat), None)
        if last is None:
            last = await self.store.last_move_version(game.row.id, seat)
        steps = await self._steps_after(game, last or 0)
        turns = [t for t in group_turns(game.engine, steps) if t.seat != seat]
        if skip:
            turns = turns[:-skip]
        return [self._turn_line(game, turn, locale) for turn in turns], last is not None

    def _turn_line(self, game: _Game, turn: Turn, locale: str | None) -> str:
        said = " ".join(texts.render(d, locale, game.names) for d in turn.descriptions)
        return f"▸ **{game.names[turn.seat]}**: {said}"

    async def _notice_post(self, game: _Game, notice: _Notice, locale: str | None) -> Post:
        text = texts.t(notice.key, locale, game.names, **notice.params)
        if notice.board and game.state is not None:
            board = await self._state_post(game, game.state, locale)
            # No new ping: whoever undid an action already knows it is their turn.
            return Post(f"{text}\n{board.text}", board.image, notice.mentions, actions=notice.actions)
        return Post(text, mentions=notice.mentions, actions=notice.actions)

    async def _turn_post(self, game: _Game, turn: Turn, locale: str | None) -> Post:
        lines = [texts.render(d, locale, game.names) for d in turn.descriptions]
        header = texts.t("turn.header", locale, game.names, player=Player(turn.seat))
        body = "\n".join(f"• {line}" for line in lines)
        post = await self._state_post(game, turn.state, locale)
        text = f"{header}\n{body}\n{post.text}".strip()
        if post.mentions and turn.state is game.state:
            # Who is pinged also reads what else happened since they last acted.
            for seat in self._pinged_seats(game, turn.state):
                earlier, has_moved = await self._since(game, seat, locale, skip=1)
                if earlier:
                    key = "turn.since" if has_moved else "turn.since_start"
                    heading = texts.t(key, locale, player=game.names[seat])
                    text += "\n" + heading + "\n" + "\n".join(earlier)
        return Post(text, post.image, post.mentions)

    def _pinged_seats(self, game: _Game, state: State) -> list[int]:
        return [s for s in sorted(game.engine.to_act(state)) if not game.row.seats[s].is_ai]

    async def _state_post(self, game: _Game, state: State, locale: str | None) -> Post:
        """The board after a turn: image, whose turn, and a ping for them."""
        image = await self._image(game, state, None, locale)
        outcome = game.engine.outcome(state)
        if outcome is not None:
            return Post(texts.t("outcome.title", locale), image)
        acting = sorted(game.engine.to_act(state))
        humans = self._pinged_seats(game, state)
        mentions = tuple(game.row.seats[s].user_id or 0 for s in humans)
        names = ", ".join(game.names[s] for s in acting)
        key = "turn.next_human" if humans else "turn.next_ai"
        return Post(texts.t(key, locale, game.names, players=names), image, tuple(m for m in mentions if m))

    async def _turn_messages(self, game: _Game, posts: Sequence[Post]) -> list[DirectMessage]:
        """A direct message for each pinged player who asked for them: once per turn."""
        pinged = {user for post in posts for user in post.mentions}
        messages = []
        for user_id in sorted(pinged):
            player = await self.player(user_id)
            if not player.dm:
                continue
            seat = game.seat_of(user_id)
            if seat is None or game.state is None or seat not in game.engine.to_act(game.state):
                continue
            locale = player.locale or game.row.locale
            lines = [
                texts.t(
                    "notify.your_turn",
                    locale,
                    game=game.engine.title,
                    id=game.row.id,
                    link=self.link(game.row),
                )
            ]
            earlier = await self._since_last_turn(game, seat, locale)
            if earlier:
                lines.append(texts.t("turn.since_you", locale))
                lines.extend(earlier)
            messages.append(DirectMessage(user_id, "\n".join(lines)))
        return messages

    def _outcome_text(self, game: _Game, outcome: Outcome, locale: str | None) -> str:
        lines = [texts.t("outcome.title", locale)]
        for seat in outcome.ranking:
            detail = outcome.details[seat] if seat < len(outcome.details) else {}
            parts = ", ".join(
                texts.t(f"outcome.detail.{name}", locale, value=value) for name, value in detail.items()
            )
            lines.append(
                texts.t(
                    "outcome.line",
                    locale,
                    rank=outcome.ranks[seat],
                    player=game.names[seat],
                    details=parts or texts.t("outcome.score", locale, score=outcome.scores[seat]),
                )
            )
        winners = ", ".join(game.names[s] for s in sorted(outcome.winners))
        key = "outcome.winner" if len(outcome.winners) == 1 else "outcome.winners"
        lines.append(texts.t(key, locale, players=winners))
        return "\n".join(lines)

    async def _replay_image(self, game: _Game, locale: str | None) -> bytes | None:
        """The animated replay: the start, then the board after every turn."""
        start, steps = await self.workers.run(
            replay, game.engine, game.row, await self.store.moves(game.row.id)
        )
        states = [start] + [turn.state for turn in group_turns(game.engine, steps) if turn.complete]
        views = []
        for state in states:
            view = game.engine.view(state, None)
            view["names"] = game.names
            views.append(view)
        try:
            return await self.workers.run(self._animate, game.engine.id, views, locale)
        except ValueError:
            log.warning("game %s: the replay does not fit the upload limit", game.row.id)
            return None

    async def _private(self, caller: Caller, game: _Game, seat: int, *, with_image: bool = True) -> Reply:
        engine, state = game.engine, game.state
        view = engine.view(state, seat)
        lines = [presenters.private_summary(engine.id, view, caller.locale)]
        buttons: tuple[MoveButton, ...] = ()
        if seat in engine.to_act(state):
            notations = [engine.format_action(state, a) for a in engine.legal_actions(state, seat)]
            picked = presenters.pick_buttons(engine.id, notations)
            buttons = tuple(MoveButton(n, n) for n in picked)
            lines.append(self._text(caller, "hand.your_turn", count=len(notations)))
        elif game.row.status == "running":
            turn = engine.current_turn(state)
            lines.append(
                self._text(caller, "hand.waiting", player=game.names[turn] if turn is not None else "?")
            )
        image = await self._image(game, state, seat, caller.locale) if with_image else None
        return Reply(
            "\n".join(line for line in lines if line),
            image=image,
            game_id=game.row.id,
            version=game.row.version,
            buttons=buttons,
        )
