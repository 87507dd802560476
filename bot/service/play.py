"""Making moves and taking them back."""

from __future__ import annotations

import texts
from bot.errors import PlayerError
from bot.history import replay
from bot.results import Caller, Reply
from bot.service.background import Background
from bot.service.base import (
    _AUTOCOMPLETE_LIMIT,
    _Game,
    _Notice,
)
from bot.store import StaleVersion, WrongStatus
from games.core import IllegalAction


class Play(Background):
    """Making moves and taking them back."""

    async def move(
        self, caller: Caller, game_id: int, notation: str, expected_version: int | None = None
    ) -> Reply:
        """Make a move as the caller; answered once it is stored (AI seats move after)."""
        async with self._lock(game_id):
            remembered = self._remembered(game_id, caller)
            if remembered is not None:
                try:
                    return await self._move(caller, remembered, notation, expected_version)
                except PlayerError:
                    self.forget(game_id)  # refused on what was remembered: ask the database
            return await self._move(caller, await self._load(game_id, caller), notation, expected_version)

    async def _move(self, caller: Caller, game: _Game, notation: str, expected_version: int | None) -> Reply:
        game_id = game.row.id
        seat = self._acting_seat(caller, game)
        if expected_version is not None and expected_version != game.row.version:
            raise PlayerError("error.stale")
        engine, state = game.engine, game.state
        try:
            action = engine.parse_action(state, seat, notation)
            new_state = engine.apply(state, seat, action)
        except IllegalAction as error:
            raise PlayerError.from_message(error.message, game.names) from None
        description = engine.describe(state, seat, action)
        game = await self._commit(game, seat, engine.format_action(state, action), new_state, description)
        self._kick(game_id)
        done = texts.render(description, caller.locale, game.names)
        if game.row.status == "running" and seat in engine.to_act(game.state):
            # Text and buttons only: the answer comes at once, and /hand draws the picture.
            private = await self._private(caller, game, seat, with_image=False)
            return Reply(
                f"✅ {done}\n{private.text}",
                game_id=game_id,
                version=private.version,
                buttons=private.buttons,
            )
        return Reply(
            f"✅ {done}\n{self._text(caller, 'move.turn_over')}", game_id=game_id, version=game.row.version
        )

    def _acting_seat(self, caller: Caller, game: _Game) -> int:
        seat = self._playing_seat(caller, game)
        acting = game.engine.to_act(game.state)
        if seat not in acting:
            turn = game.engine.current_turn(game.state)
            raise PlayerError("error.not_your_turn", player=game.names[turn] if turn is not None else "?")
        return seat

    def _playing_seat(self, caller: Caller, game: _Game) -> int:
        if game.row.status == "lobby":
            raise PlayerError("error.not_started", id=game.row.id)
        if game.row.status != "running" or game.state is None:
            raise PlayerError("error.game_over", id=game.row.id)
        seat = game.seat_of(caller.user_id)
        if seat is None:
            raise PlayerError("error.not_player", id=game.row.id)
        return seat

    async def undo(self, caller: Caller, game_id: int) -> Reply:
        """Take back the caller's last action, if nothing was revealed and nobody acted since."""
        await self.settled(game_id)
        async with self._lock(game_id):
            game = await self._load(game_id, caller)
            seat = self._playing_seat(caller, game)
            moves = await self.store.moves(game_id)
            mine = [move for move in moves if move.seat == seat]
            if not mine:
                raise PlayerError("undo.nothing")
            last = moves[-1]
            if last.seat != seat:
                raise PlayerError("undo.others_acted", player=game.names[last.seat])
            start, steps = replay(game.engine, game.row, moves)
            before = steps[-2].state if len(steps) > 1 else start
            action = game.engine.parse_action(before, seat, last.action)
            description = steps[-1].description
            if game.engine.reveals(before, seat, action):
                said = texts.render(description, caller.locale, game.names)
                raise PlayerError("undo.revealed", move=said)
            was_posted = game.row.announced_version >= last.version
            try:
                self.forget(game_id)
                row = await self.store.undo_move(
                    game_id,
                    game.row.version,
                    number=last.number,
                    state=game.engine.dumps(before),
                    now=self._clock(),
                )
            except (StaleVersion, WrongStatus):
                raise PlayerError("error.busy") from None
            self._history.pop(game_id, None)
            self._states[game_id] = (row.version, before)
            game = _Game(row, game.engine, before)
            if was_posted:
                self._notify(
                    game_id,
                    _Notice("undo.post", {"player": game.names[seat], "move": description}, board=True),
                )
        self._kick(game_id)
        private = await self._private(caller, game, seat)
        taken_back = self._text(caller, "undo.done", game.names, move=description)
        return Reply(
            f"↩️ {taken_back}\n{private.text}",
            image=private.image,
            game_id=game_id,
            version=row.version,
            buttons=private.buttons,
        )

    async def suggestions(self, caller: Caller, game_id: int, typed: str) -> list[str]:
        """The caller's legal moves in notation, filtered by what they typed."""
        try:
            game = await self._load(game_id, caller)
            seat = self._acting_seat(caller, game)
        except PlayerError:
            return []
        notations = [
            game.engine.format_action(game.state, a) for a in game.engine.legal_actions(game.state, seat)
        ]
        words = typed.lower().split()
        matching = [n for n in notations if all(word in n.lower() for word in words)]
        return matching[:_AUTOCOMPLETE_LIMIT]
