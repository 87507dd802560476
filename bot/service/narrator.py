"""`Narrator`: what the thread and the players are told — turns in words, boards, pings, summaries.

It only reads (through `Games` and `People`) and draws (through `Drawing`);
it writes nothing. Every seat it pings is told what it must decide now: the
engine's `prompt`.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence

import texts
from bot.history import Turn
from bot.history import group_turns
from bot.history import replay
from bot.results import Caller
from bot.results import DirectMessage
from bot.results import MoveButton
from bot.results import Post
from bot.results import Reply
from bot.service.alt_text import describe as describe_image
from bot.service.drawing import Drawing
from bot.service.games import Games
from bot.service.model import PRIVATE_ANSWER_HOURS
from bot.service.model import Loaded
from bot.service.model import Notice
from bot.service.people import People
from bot.store import GameRow
from bot.workers import Priority
from games.core import Outcome
from games.core import Player
from games.core import State
from games.core import openly_acting

__all__ = ["MAX_SINCE_LINES", "LinkMaker", "Narrator", "link", "turn_words", "waiting_words"]

#: At most this many turns in the list of what the others did since a player last acted.
MAX_SINCE_LINES = 10

#: Makes a link to a game's thread (or channel) for direct messages.
LinkMaker = Callable[[GameRow], str]


def waiting_words(game: Loaded, locale: str | None) -> str:
    """Whom the game waits for: those a post may name, else the answers given privately
    (`Loaded.asked_privately`); empty when it waits for nobody."""
    named = sorted(game.openly_acting())
    if named:
        return texts.t("hand.waiting", locale, player=texts.join_list([game.names[s] for s in named], locale))
    if game.asked_privately():
        return texts.t("hand.waiting_private", locale, n=PRIVATE_ANSWER_HOURS)
    return ""


def link(row: GameRow) -> str:
    """A link to the game's thread (or channel), for direct messages."""
    channel = row.thread_id or row.channel_id
    if row.guild_id is None or channel is None:
        return f"#{row.id}"
    return f"https://discord.com/channels/{row.guild_id}/{channel}"


class Narrator:
    def __init__(self, games: Games, people: People, drawing: Drawing) -> None:
        self._games = games
        self._people = people
        self._drawing = drawing

    # -------------------------------------------------------- who is asked

    @staticmethod
    def humans(game: Loaded, seats: frozenset[int] | Sequence[int]) -> list[int]:
        return [s for s in sorted(seats) if not game.row.seats[s].is_ai]

    def prompt_line(self, game: Loaded, state: State, seat: int, locale: str | None) -> str:
        prompt = texts.render(game.engine.prompt(state, seat), locale, game.names)
        return texts.t("turn.ping", locale, player=game.names[seat], prompt=prompt)

    def _mentions(self, game: Loaded, seats: Sequence[int]) -> tuple[int, ...]:
        return tuple(user for s in seats if (user := game.row.seats[s].user_id))

    def accent(self, game: Loaded, state: State | None) -> int | None:
        """The colour of a post about `state` (`Post.accent`): the seat whose turn it is, else
        the first that must decide now; once over, the winner (none for a tie)."""
        if state is None:
            return None
        engine = game.engine
        outcome = engine.outcome(state)
        if outcome is not None:
            seats = sorted(outcome.winners) if len(outcome.winners) == 1 else []
        else:
            # The colour of a seat asked privately would tell who is asked.
            acting = openly_acting(engine, state)
            turn = engine.current_turn(state)
            seats = sorted(acting) if acting and turn not in acting else [] if turn is None else [turn]
        return self._drawing.seat_colour(game, seats[0]) if seats else None

    # ------------------------------------------------------------- the turns

    async def since(
        self, game: Loaded, seat: int, locale: str | None, skip: int = 0, *, private: bool = False
    ) -> tuple[list[str], bool]:
        """What the others did since `seat` last acted, a line per turn (the newest `skip`
        left out), and whether `seat` has moved at all yet. `private`: for `seat`'s eyes only,
        with what the moves told it alone (the card a thief took from it)."""
        last = await self._games.last_move_version(game, seat)
        steps = await self._games.steps_after(game, last or 0)
        # A turn of moves told to nobody (answers given privately) is no line.
        turns = [t for t in group_turns(game.engine, steps) if t.seat != seat and t.descriptions]
        if skip:
            turns = turns[:-skip]
        # A short list: the newest turns, which led to the decision asked for now.
        shown = turns[-MAX_SINCE_LINES:]
        viewer = seat if private else None
        lines = [self.turn_line(game, turn, locale, viewer) for turn in shown]
        if len(turns) > len(shown):
            lines.insert(0, texts.t("log.earlier", locale, count=len(turns) - len(shown)))
        return lines, last is not None

    async def since_block(self, game: Loaded, seat: int, locale: str | None, skip: int = 0) -> list[str]:
        """`since` for a ping in the thread: a heading naming `seat`, then the lines (public
        words only); none when nobody else did anything."""
        earlier, has_moved = await self.since(game, seat, locale, skip)
        if not earlier:
            return []
        key = "turn.since" if has_moved else "turn.since_start"
        return [texts.t(key, locale, player=game.names[seat]), *earlier]

    def turn_line(self, game: Loaded, turn: Turn, locale: str | None, viewer: int | None = None) -> str:
        """A turn in one line, its player's name in bold once: words that begin with the name
        ("Bert builds …") are not prefixed with it again."""
        name = game.names[turn.seat]
        words = turn_words(turn, locale, game.names, viewer)
        if words.startswith(f"{name} "):
            return f"▸ **{name}**{words[len(name) :]}"
        return f"▸ **{name}**: {words}"

    async def notice_post(self, game: Loaded, notice: Notice, locale: str | None) -> Post:
        text = texts.t(notice.key, locale, game.names, **notice.params)
        # A notice that pings someone who must decide (a reminder) tells them too what the
        # others did since they last acted.
        for seat in self.humans(game, game.acting()):
            if game.row.seats[seat].user_id in notice.mentions:
                text = "\n".join([*await self.since_block(game, seat, locale), text])
        if notice.board and game.state is not None:
            # No new ping: whoever undid an action already knows what to decide.
            image, left_out = await self._drawing.post_board(game, game.state, locale)
            status = self.status_line(game, game.state, locale)
            if left_out:
                status += "\n" + texts.t("post.no_board", locale)
            description = self.description(game, game.state, locale) if image else ""
            return Post(
                f"{text}\n{status}",
                image,
                notice.mentions,
                actions=notice.actions,
                description=description,
                accent=self.accent(game, game.state),
            )
        accent = self.accent(game, game.state)
        return Post(text, mentions=notice.mentions, actions=notice.actions, accent=accent)

    async def turn_post(
        self,
        game: Loaded,
        run: Sequence[Turn],
        pinged: Sequence[int],
        locale: str | None,
        before: State | None = None,
    ) -> Post:
        """One turn, or a run of AI turns: who did what (every seat that acted, in order),
        the board as it stands after the last with what changed since `before` (the board
        of the post before) marked, and pings for `pinged`, each with what it must decide now."""
        lines = []
        # The same, with names as typed, for the image's description.
        changes = []
        for turn in run:
            for description in turn.descriptions:
                # Each description names who acted: no name in front of it again.
                lines.append(f"• {texts.render(description, locale, game.names)}")
                changes.append(texts.render(description, locale, game.typed_names))
        last = run[-1]
        header = (
            texts.t("turn.header", locale, game.names, player=Player(last.seat))
            if len(run) == 1
            else texts.t("turn.ai_run", locale)
        )
        post = await self.state_post(game, last.state, locale, pinged, changes, before)
        text = f"{header}\n" + "\n".join(lines) + f"\n{post.text}"
        if pinged and last.state is game.state:
            # Who is pinged also reads what else happened since they last acted.
            for seat in pinged:
                text += "".join("\n" + line for line in await self.since_block(game, seat, locale, len(run)))
        return Post(text.strip(), post.image, post.mentions, description=post.description, accent=post.accent)

    def status_line(self, game: Loaded, state: State, locale: str | None) -> str:
        """Who must decide now (no pings)."""
        if game.engine.outcome(state) is not None:
            return texts.t("outcome.title", locale)
        acting = sorted(openly_acting(game.engine, state))
        if not acting:
            # Only seats asked privately decide: nobody may learn who they are.
            return texts.t("turn.next_private", locale, n=PRIVATE_ANSWER_HOURS)
        names = texts.join_list([game.names[s] for s in acting], locale)
        if not self.humans(game, acting):
            return texts.t("turn.next_ai", locale, game.names, players=names)
        # An answer outside one's own turn (an offer, a discard) is no turn of theirs.
        key = "turn.next_human" if acting == [game.engine.current_turn(state)] else "turn.next_decide"
        return texts.t(key, locale, game.names, players=names)

    def description(self, game: Loaded, state: State, locale: str | None, changes: Sequence[str] = ()) -> str:
        """The public board's description (alt text): see `alt_text`."""
        return describe_image(game.engine, state, game.typed_names, locale, changes)

    async def state_post(
        self,
        game: Loaded,
        state: State,
        locale: str | None,
        pinged: Sequence[int] = (),
        changes: Sequence[str] = (),
        before: State | None = None,
    ) -> Post:
        """The board after a turn: image, who must decide, and a ping with its prompt for `pinged`;
        `changes` (what happened since the last post, names as typed) go into the image's description,
        and the board marks what changed since `before`."""
        image, left_out = await self._drawing.post_board(game, state, locale, before)
        running = game.engine.outcome(state) is None
        acting = openly_acting(game.engine, state)
        # Everyone who must decide is pinged below with their name and what to decide: a line
        # that only says whose turn it is would say it twice.
        told = running and bool(acting) and acting <= set(pinged)
        lines = [] if told else [self.status_line(game, state, locale)]
        if running:
            # What they must decide now: a move made for them since (their only one) may
            # have followed the board shown.
            now = state if game.state is None else game.state
            lines += [self.prompt_line(game, now, seat, locale) for seat in pinged]
        if left_out:
            lines.append(texts.t("post.no_board", locale))
        description = self.description(game, state, locale, changes) if image else ""
        return Post(
            "\n".join(lines),
            image,
            self._mentions(game, pinged),
            description=description,
            accent=self.accent(game, state),
        )

    async def ping_post(
        self, game: Loaded, pinged: Sequence[int], locale: str | None, began: Sequence[int] = ()
    ) -> Post:
        """Seats obliged during someone else's turn: a ping each, with what the others did
        since the seat last acted and what to decide. `began`: the versions their obligations
        began at; a move among them that closed a question asked privately is told first (it
        shows every answer at once, which the thread would otherwise hear only with the turn)."""
        assert game.state is not None
        lines = [] if not began else await self._closing_lines(game, began, locale)
        for seat in pinged:
            lines += await self.since_block(game, seat, locale)
            lines.append(self.prompt_line(game, game.state, seat, locale))
        accent = self.accent(game, game.state)
        return Post("\n".join(lines), None, self._mentions(game, pinged), accent=accent)

    async def _closing_lines(self, game: Loaded, versions: Sequence[int], locale: str | None) -> list[str]:
        steps = await self._games.steps_after(game, min(versions) - 1)
        return [
            f"• {texts.render(item.description, locale, game.names)}"
            for item in steps
            if item.version in versions and item.shown_as is not None and not item.secret
        ]

    async def private_question_post(self, game: Loaded, began: int, locale: str | None) -> Post:
        """Seats were asked privately with the move of version `began`: that move in words
        and that those asked answer privately, naming and mentioning none of them."""
        assert game.state is not None
        asking = (await self._games.steps_after(game, began - 1))[:1]
        lines = [f"• {texts.render(item.description, locale, game.names)}" for item in asking]
        lines.append(self.status_line(game, game.state, locale))
        return Post("\n".join(lines), accent=self.accent(game, game.state), asks=True)

    async def direct_messages(self, game: Loaded, pinged: Sequence[int]) -> list[DirectMessage]:
        """A direct message for each pinged person who asked for them, with the prompt."""
        messages = []
        for seat in pinged:
            user_id = game.row.seats[seat].user_id
            if user_id is None or game.state is None or seat not in game.engine.to_act(game.state):
                continue
            player = await self._people.get(user_id)
            if not player.dm:
                continue
            locale = player.locale or game.row.locale
            prompt = texts.render(game.engine.prompt(game.state, seat), locale, game.names)
            lines = [
                texts.t(
                    "notify.your_turn",
                    locale,
                    game=game.engine.title,
                    id=game.row.id,
                    link=link(game.row),
                ),
                prompt,
            ]
            earlier, _ = await self.since(game, seat, locale, private=True)
            if earlier:
                lines.append(texts.t("turn.since_you", locale))
                lines.extend(earlier)
            messages.append(DirectMessage(user_id, "\n".join(lines)))
        return messages

    # ------------------------------------------------------------- the end

    def outcome_text(self, game: Loaded, outcome: Outcome, locale: str | None) -> str:
        lines = [texts.t("outcome.title", locale)]
        if outcome.ending is not None:
            # Why it ended: a player coming back to a finished game reads it first.
            lines.append(texts.render(outcome.ending, locale, game.names))
        for seat in outcome.ranking:
            detail = outcome.details[seat] if seat < len(outcome.details) else {}
            parts = ", ".join(
                texts.t(f"{game.engine.id}.outcome.{name}", locale, value=value)
                for name, value in detail.items()
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
        winners = texts.join_list([game.names[s] for s in sorted(outcome.winners)], locale)
        key = "outcome.winner" if len(outcome.winners) == 1 else "outcome.winners"
        lines.append(texts.t(key, locale, players=winners))
        return "\n".join(lines)

    async def replay_image(self, game: Loaded, locale: str | None) -> bytes | None:
        """The animated replay: the start, then the board after every turn."""
        moves = await self._games.moves(game.row.id)
        start, steps = await self._drawing.workers.run(
            replay, game.engine, game.row, moves, priority=Priority.LONG
        )
        turns = [turn for turn in group_turns(game.engine, steps) if turn.complete]
        states = [start] + [turn.state for turn in turns]
        # Drawn, not posted: the names as typed, and no Markdown.
        names = game.typed_names
        captions = [texts.t("board.replay.start", locale)] + [
            f"{names[turn.seat]}: {turn_words(turn, locale, names)}" for turn in turns
        ]
        return await self._drawing.replay(game, states, locale, captions)

    def replay_description(self, game: Loaded, locale: str | None) -> str:
        """The replay's description: what it is, then the final board's."""
        assert game.state is not None
        first = [texts.t("alt.replay", locale)]
        return describe_image(game.engine, game.state, game.typed_names, locale, first=first)

    # ------------------------------------------------------------ the hand

    async def private(self, caller: Caller, game: Loaded, seat: int, *, with_image: bool = True) -> Reply:
        """A seat's own view: its private information, what it must decide, and buttons."""
        engine, state = game.engine, game.state
        summary = engine.private_summary(state, seat)
        lines = [texts.render(summary, caller.locale, game.names) if summary else ""]
        buttons: tuple[MoveButton, ...] = ()
        turn = None
        closeup = None
        if game.row.status == "running" and seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            if with_image:
                notations = [engine.format_action(state, action) for action in legal]
                closeup = await self._drawing.closeup(game, state, seat, notations, caller.locale)
            quick = engine.quick_actions(state, seat)
            # Labelled in the game's language; a button sends the English notation the log stores.
            locale = game.row.locale
            buttons = tuple(
                MoveButton(engine.format_action(state, a, locale), engine.format_action(state, a))
                for a in quick
            )
            turn = engine.turn_number(state)
            lines.append(texts.render(engine.prompt(state, seat), caller.locale, game.names))
            lines.append(texts.t("hand.choices", caller.locale, count=len(legal)))
        elif game.row.status == "running":
            lines.append(waiting_words(game, caller.locale))
        image = await self._drawing.board(game, state, seat, caller.locale) if with_image else None
        hand = await self._drawing.hand(game, state, seat, caller.locale) if image else None
        # Only this person sees it, so the description may tell their own hand too.
        description = (
            describe_image(engine, state, game.typed_names, caller.locale, private=summary, viewer=seat)
            if image
            else ""
        )
        return Reply(
            "\n".join(line for line in lines if line),
            image=image,
            description=description,
            game_id=game.row.id,
            version=game.row.version,
            buttons=buttons,
            turn=turn,
            closeup=closeup,
            closeup_description=texts.t("alt.closeup", caller.locale, game=engine.title) if closeup else "",
            hand=hand,
            hand_description=texts.t("alt.hand", caller.locale, game=engine.title) if hand else "",
        )


def turn_words(turn: Turn, locale: str | None, names: Sequence[str], viewer: int | None = None) -> str:
    """What a turn's seat did, in words (as `viewer` may read them, when given)."""
    said = turn.descriptions if viewer is None else turn.words_for(viewer)
    return " ".join(texts.render(d, locale, names) for d in said)
