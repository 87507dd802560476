"""`Play`: making moves, taking them back, suggestions and the private hand."""

from __future__ import annotations

from dataclasses import replace

import texts
from bot.errors import PlayerError
from bot.history import made_for_person
from bot.history import replay
from bot.results import Caller
from bot.results import Reply
from bot.service.games import Games
from bot.service.hints import Hints
from bot.service.model import AUTOCOMPLETE_LIMIT
from bot.service.model import MAX_AI_STEPS
from bot.service.model import REST_TO_AI
from bot.service.model import Loaded
from bot.service.model import Notice
from bot.service.narrator import Narrator
from bot.service.narrator import waiting_words
from bot.service.notices import Notices
from bot.service.robots import Robots
from bot.store import MoveRow
from games.core import IllegalAction
from games.core import State

__all__ = ["Play", "what_next"]


def what_next(game: Loaded, before: State, seat: int, locale: str | None) -> str:
    """What a move's answer says next to a mover who has nothing more to decide now.

    "Your turn is over" only when the turn they held has passed on; a mover whose turn
    goes on while others decide (an offer, a scoring round) learns whom it waits for;
    an answer to another's turn (a declined offer) needs no word."""
    engine = game.engine
    if game.row.status != "running" or game.state is None:
        return ""  # the game is over: the thread says how it ended
    after = game.state
    held_turn = engine.current_turn(before) == seat
    same_turn = engine.current_turn(after) == seat and engine.turn_number(after) == engine.turn_number(before)
    if held_turn and not same_turn:
        return texts.t("move.turn_over", locale)
    if held_turn:
        return waiting_words(game, locale)
    return ""


class Play:
    def __init__(
        self, games: Games, notices: Notices, narrator: Narrator, robots: Robots, hints: Hints
    ) -> None:
        self._games = games
        self._notices = notices
        self._narrator = narrator
        self._robots = robots
        self._hints = hints

    async def move(
        self,
        caller: Caller,
        game_id: int,
        notation: str,
        expected_version: int | None = None,
        expected_turn: int | None = None,
    ) -> Reply:
        """Make a move as the caller; answered once it is stored (AI seats move after).

        `expected_version` (and `expected_turn`) come from a button: it was
        shown at that version, during that turn.
        """
        async with self._games.lock(game_id):
            remembered = self._games.remembered(game_id, caller)
            if remembered is not None:
                try:
                    return await self._move(caller, remembered, notation, expected_version, expected_turn)
                except PlayerError:
                    self._games.forget(game_id)  # refused on what was remembered: ask the database
            game = await self._games.load(game_id, caller)
            return await self._move(caller, game, notation, expected_version, expected_turn)

    async def _move(
        self,
        caller: Caller,
        game: Loaded,
        notation: str,
        expected_version: int | None,
        expected_turn: int | None,
    ) -> Reply:
        if expected_version is not None and expected_version != game.row.version:
            # A button from before: "stale" says more than "not your turn" would.
            seat = self.playing_seat(caller, game)
            await self._check_still_good(game, seat, expected_version, expected_turn)
        seat = self.acting_seat(caller, game)
        engine, state = game.engine, game.state
        try:
            # Typed in the game's language or in English; the log stores English.
            action = engine.parse_action(state, seat, notation, game.row.locale)
            new_state = engine.apply(state, seat, action)
        except IllegalAction as error:
            # The refusal may quote what was typed ("I cannot read 'xyz'"): words, escaped.
            raise PlayerError.from_message(texts.escape_message(error.message), game.names) from None
        description = engine.describe(state, seat, action)
        game = await self._games.commit(
            game, seat, engine.format_action(state, action), new_state, description
        )
        # The reply is the mover's alone: it may say what the move told only them.
        said = engine.private_description(state, seat, action, seat) or description
        done = texts.render(said, caller.locale, game.names)
        if seat in game.acting():
            # Text and buttons only: the answer comes at once, and /hand draws the picture.
            private = await self._private(caller, game, seat, with_image=False)
            return Reply(
                f"✅ {done}\n{private.text}",
                game_id=game.row.id,
                version=private.version,
                buttons=private.buttons,
                turn=private.turn,
            )
        after = what_next(game, state, seat, caller.locale)
        return Reply(
            "\n".join(line for line in (f"✅ {done}", after) if line),
            game_id=game.row.id,
            version=game.row.version,
        )

    async def _check_still_good(self, game: Loaded, seat: int, shown_at: int, turn: int | None) -> None:
        """A button from an older version: still good while its turn lasts and its own
        seat has not acted since (another seat's answer does not make it stale)."""
        number = game.engine.turn_number(game.state)
        if turn is None or number == -1 or turn != number or shown_at > game.row.version:
            raise PlayerError("error.stale")
        if await self._games.acted_since(game, seat, shown_at):
            raise PlayerError("error.stale")

    def acting_seat(self, caller: Caller, game: Loaded) -> int:
        seat = self.playing_seat(caller, game)
        if seat not in game.acting():
            # Seats asked privately go unnamed: while only they decide, it is still the turn's.
            turn = game.engine.current_turn(game.state)
            named = sorted(game.openly_acting()) or ([] if turn is None else [turn])
            names = texts.join_list([game.names[s] for s in named], caller.locale) or "?"
            raise PlayerError("error.not_your_turn", player=names)
        return seat

    @staticmethod
    def playing_seat(caller: Caller, game: Loaded) -> int:
        if game.row.status == "lobby":
            raise PlayerError("error.not_started", id=game.row.id)
        if game.row.status != "running" or game.state is None:
            raise PlayerError("error.game_over", id=game.row.id)
        seat = game.seat_of(caller.user_id)
        if seat is None:
            raise PlayerError("error.not_player", id=game.row.id)
        if game.row.paused_at is not None:
            raise PlayerError("error.paused", id=game.row.id)
        return seat

    async def undo(self, caller: Caller, game_id: int) -> Reply:
        """Take back the caller's last action, if nothing was revealed and nobody acted since."""
        async with self._games.lock(game_id):
            game = await self._games.load(game_id, caller)
            seat = self.playing_seat(caller, game)
            moves = await self._games.moves(game_id)
            if not any(move.seat == seat for move in moves):
                raise PlayerError("undo.nothing")
            last = moves[-1]
            if last.seat != seat:
                raise PlayerError("undo.others_acted", player=game.names[last.seat])
            start, steps = replay(game.engine, game.row, moves, words_later=True)
            states = [start, *(step.state for step in steps)]
            # The moves the service made for the player because they were the only ones go
            # back with the move that led to them: taken back alone, each would be made again.
            taken = 1
            while taken < len(moves) and _made_for(game, states, moves, taken):
                taken += 1
            last = moves[-taken]
            if last.seat != seat:
                raise PlayerError("undo.others_acted", player=game.names[last.seat])
            before = states[-taken - 1]
            action = game.engine.parse_action(before, seat, last.action)
            description = steps[-taken].description
            if game.engine.reveals(before, seat, action):
                said = texts.render(description, caller.locale, game.names)
                raise PlayerError("undo.revealed", move=said)
            was_posted = game.row.announced_version >= last.version
            for back in range(1, taken + 1):
                game = await self._games.undo(game, moves[-back].number, states[-back - 1])
            if was_posted:
                notice = Notice("undo.post", {"player": game.names[seat], "move": description}, board=True)
                await self._notices.add(game_id, notice)
        private = await self._narrator.private(caller, game, seat)
        taken_back = texts.t("undo.done", caller.locale, game.names, move=description)
        return Reply(
            f"↩️ {taken_back}\n{private.text}",
            image=private.image,
            description=private.description,
            game_id=game_id,
            version=game.row.version,
            buttons=private.buttons,
            turn=private.turn,
        )

    async def play_for(self, game_id: int, seat: int, began: int) -> bool:
        """The AI makes the current decision of a person's seat (their deadline passed).

        Only while that very obligation is still open (`began` is when it
        began); False when it is over already.
        """
        async with self._games.lock(game_id):
            game = await self._games.load(game_id)
            person = 0 <= seat < len(game.row.seats) and not game.row.seats[seat].is_ai
            if not person or seat not in game.acting() or game.row.paused_at is not None:
                return False
            if await self._games.obligation_start(game, seat) != began:
                return False
            silence = game.asked_privately().get(seat)
            if silence is not None:
                # A seat asked privately whose time ran out: its silence answers, told to nobody.
                await self._robots.make(game, seat, silence)
                return True
            for _ in range(MAX_AI_STEPS):
                # That obligation only: a new one of the same seat (its next turn) is theirs again.
                if seat not in game.acting() or await self._games.obligation_start(game, seat) != began:
                    break
                game = await self._robots.move(game, seat)
            await self._notices.add(game_id, Notice("deadline.ai_moved", {"player": game.names[seat]}))
            if game.row.settings.get(REST_TO_AI) and game.row.status == "running":
                # A league game: the AI plays that seat to the end (its player ranks last).
                await self._games.replace_seat(game, seat)
        return True

    async def suggestions(self, caller: Caller, game_id: int, typed: str) -> list[str]:
        """Autocomplete for `/move`: the notations (English, as stored) of the engine's suggestions."""
        return [notation for _, notation in await self.move_choices(caller, game_id, typed)]

    async def move_choices(self, caller: Caller, game_id: int, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for `/move`: each suggestion for what the caller typed as its label in
        the game's language and its value, the English notation (the same in every language)."""
        try:
            game = self._games.remembered(game_id, caller) or await self._games.load(game_id, caller)
            seat = self.acting_seat(caller, game)
        except PlayerError:
            return []
        engine, state, locale = game.engine, game.state, game.row.locale
        labels = engine.suggest(state, seat, typed[:100], AUTOCOMPLETE_LIMIT, locale)[:AUTOCOMPLETE_LIMIT]
        return [
            (label, engine.format_action(state, engine.parse_action(state, seat, label, locale)))
            for label in labels
        ]

    async def hand(self, caller: Caller, game_id: int) -> Reply:
        """The caller's own view, with what happened since they last acted."""
        game = await self._games.load(game_id, caller)
        seat = game.seat_of(caller.user_id)
        if seat is None:
            raise PlayerError("error.not_player", id=game_id)
        if game.state is None:
            raise PlayerError("error.not_started", id=game_id)
        reply = await self._private(caller, game, seat)
        if game.row.status != "running":
            return reply
        earlier, _ = await self._narrator.since(game, seat, caller.locale, private=True)
        if not earlier:
            return reply
        since = "\n".join([texts.t("turn.since_you", caller.locale), *earlier])
        return replace(reply, text=f"{since}\n\n{reply.text}")

    async def _private(self, caller: Caller, game: Loaded, seat: int, *, with_image: bool = True) -> Reply:
        """The seat's own view (`Narrator.private`), with the tip for a decision the caller
        meets for the first time and, where hints are on, the Hint button."""
        reply = await self._narrator.private(caller, game, seat, with_image=with_image)
        tip = await self._hints.tip(caller.user_id, game, seat, caller.locale)
        text = f"{reply.text}\n{tip}" if tip else reply.text
        return replace(reply, text=text, offers_hint=self._hints.offered(game, seat))

    async def tip(self, caller: Caller, game_id: int) -> str:
        """The tip for the caller's decision in the game, the first time they meet its kind
        (the local mode's prompt shows it); "" otherwise."""
        game = await self._games.load(game_id, caller)
        seat = game.seat_of(caller.user_id)
        return "" if seat is None else await self._hints.tip(caller.user_id, game, seat, caller.locale)

    async def hint(self, caller: Caller, game_id: int) -> Reply:
        """`/hint`: the AI's best moves for the caller's decision, privately."""
        game = await self._games.load(game_id, caller)
        self.playing_seat(caller, game)
        self._hints.check(game)
        seat = self.acting_seat(caller, game)
        return await self._hints.hint(caller, game, seat)


def _made_for(game: Loaded, states: list[State], moves: list[MoveRow], back: int) -> bool:
    """Whether the move `back` from the end of `moves` was one the service made for its
    person because it was the only one (`Robots.run`); `states[i]` is the state before `moves[i]`."""
    move, before = moves[-back], states[-back - 1]
    action = game.engine.parse_action(before, move.seat, move.action)
    by_person = not game.row.seats[move.seat].is_ai
    return made_for_person(game.engine, before, move.seat, action, by_person=by_person)
