"""Local mode: several players at one terminal, through the same service.

`python -m bot local` offers the unfinished games of this terminal to resume
(or a new one: a game, the players, its options), then takes moves in turn.
Board images are written to files whose paths are printed; a game's images
are numbered on from the highest one already there, so resuming never
overwrites a picture of earlier play. The hand of whoever is to move is
shown only when they ask (`hand`), so the others can look away.

The service is the Discord bot's, unchanged, and it writes for Discord. The
local mode speaks terminal in two ways:

- Words: everything is rendered inside `texts.variant("terminal")`. A key
  the service asks for, say `hand.choices` ("press a button or use
  `/move`"), is read as `terminal.hand.choices` when the catalogue has that
  variant (`texts/locales/<language>/local.json`, next to the local mode's
  own `local.*` words). No English text is ever matched.
- Markup: `bot.terminal.Terminal` turns Markdown into ANSI styles (plain
  text when the output is no terminal), Discord timestamps into local time
  and mentions into names.

Local games have no server (`guild_id` None), so they are not rated, and no
turn deadline (set to 0 when a game is made or resumed): nobody waits for
reminders at one terminal. The end of a game is said once, with why it
ended: the service marks an ended game by the line `outcome.title` in a
post; the first such line of a game becomes `local.end.finished`, later ones
are left out. Ctrl-C or Ctrl-D at any prompt ends the program with one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
import threading
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import ai
import games
import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Dispatch
from bot.results import Post
from bot.results import Reply
from bot.service import GameService
from bot.service.clock import TurnClock
from bot.service.model import level_name
from bot.service.model import seat_name
from bot.settings import Settings
from bot.settings import SettingsError
from bot.store import GameRow
from bot.store import Store
from bot.store import StoreError
from bot.store import is_postgres
from bot.terminal import Terminal
from games.core import IllegalAction

__all__ = ["LocalSession", "main", "run"]

Ask = Callable[[str], Awaitable[str]]
Say = Callable[[str], None]

#: Local players get user ids from here on (Discord ids are far larger).
_FIRST_USER_ID = 1_001
#: The catalogue's variants for the terminal (`terminal.<key>`).
VARIANT = "terminal"
_QUIT = frozenset({"quit", "exit", "q"})
_HELP = frozenset({"help", "?", ""})


class _Keyboard:
    """Lines typed at the terminal, each read after its prompt is shown.

    Read in a daemon thread straight from the file descriptor: on Ctrl-C the
    program ends at once, where a thread of the loop's executor still blocked
    in `input` would keep it waiting for Enter, and where a thread blocked
    inside `sys.stdin` would hold its lock while the interpreter shuts down.
    """

    def __init__(self) -> None:
        #: Bytes read past the end of the last line (several lines may come at once).
        self._pending = b""

    async def ask(self, prompt: str) -> str:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[str] = loop.create_future()

        def settle(line: str | None, error: BaseException | None) -> None:
            if answer.done():
                return
            if error is not None:
                answer.set_exception(error)
            else:
                answer.set_result(line or "")

        def read() -> None:
            try:
                line, error = self._line(), None
            except (EOFError, OSError) as problem:
                line, error = None, problem
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                loop.call_soon_threadsafe(settle, line, error)

        threading.Thread(target=read, name="terminal-input", daemon=True).start()
        return await answer

    def _line(self) -> str:
        while b"\n" not in self._pending:
            chunk = os.read(sys.stdin.fileno(), 4096)
            if not chunk:
                if not self._pending:
                    raise EOFError
                break
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return line.decode(sys.stdin.encoding or "utf-8", errors="replace").rstrip("\r")


def _say(key: str, **params: Any) -> str:
    return texts.t(key, None, **params)


class LocalSession:
    """The games at one terminal: their players, what is said, where images go."""

    def __init__(self, service: GameService, images: Path, say: Say, *, ansi: bool = False) -> None:
        self.service = service
        self.images = images
        self._say = say
        self.terminal = Terminal(ansi=ansi, name_of=self._name_of)
        self.callers: dict[int, Caller] = {}
        #: The seat last told what it must decide (told again when another seat is asked).
        self.prompted: int | None = None
        #: People a post asked to decide since they were last prompted (told already).
        self.pinged: set[int] = set()
        #: Games whose end was said (it is said once).
        self.ended: set[int] = set()
        #: Posts kept back until a game is chosen (None: shown at once).
        self.held: list[Dispatch] | None = None
        self._image_numbers: dict[int, int] = {}

    # ------------------------------------------------------------ saying

    def say(self, text: str) -> None:
        """Print text of the catalogue or the service, as a terminal shows it."""
        self._say(self.terminal.text(text))

    def _name_of(self, user_id: int) -> str | None:
        caller = self.callers.get(user_id)
        return caller.name if caller else None

    def show(self, reply: Reply, what: str = "hand") -> None:
        """Print a reply and where its image went."""
        if reply.text:
            self.say(reply.text)
        if reply.image is not None:
            suffix = Path(reply.filename).suffix or ".png"
            self._say(f"  🖼  {what}: {self._write_image(reply.game_id or 0, reply.image, what, suffix)}")
        if reply.hand is not None:
            where = self._write_image(reply.game_id or 0, reply.hand, f"{what}-hand")
            self._say(f"  🃏 {_say('local.hand')}: {where}")
        if reply.closeup is not None:
            where = self._write_image(reply.game_id or 0, reply.closeup, f"{what}-closeup")
            self._say(f"  🔍 {_say('local.closeup')}: {where}")

    async def deliver(self, dispatch: Dispatch) -> None:
        """The service's outbox: what a game's thread would show, printed in order."""
        if self.held is not None:
            self.held.append(dispatch)
            return
        for post in dispatch.posts:
            self.show_post(dispatch.game_id, post, dispatch.locale)

    def release(self, game_id: int) -> None:
        """Show what was held back for this game; what other games said is left out (their
        players read it in `hand` and `log` when they come back to them)."""
        held, self.held = self.held or [], None
        for dispatch in held:
            if dispatch.game_id == game_id:
                for post in dispatch.posts:
                    self.show_post(game_id, post, dispatch.locale)

    def show_post(self, game_id: int, post: Post, locale: str | None = None) -> None:
        over = texts.t("outcome.title", locale)
        lines = []
        for line in post.text.splitlines():
            if line.strip() == over:
                # The service says so on the last turn and again above the final scores.
                if game_id in self.ended:
                    continue
                self.ended.add(game_id)
                line = texts.t("local.end.finished", locale)
            lines.append(line)
        self._say("─" * 60)
        if lines:
            self.say("\n".join(lines))
        self.pinged.update(post.mentions)
        if post.image is not None:
            what = Path(post.filename).stem
            path = self._write_image(game_id, post.image, what, Path(post.filename).suffix or ".png")
            self._say(f"  🖼  {what}: {path}")

    def say_end(self, row: GameRow) -> None:
        """That the game is over and why, unless that was said already."""
        if row.id in self.ended:
            return
        self.ended.add(row.id)
        self.say(_say("local.end.abandoned" if row.status == "abandoned" else "local.end.finished"))

    # ------------------------------------------------------------ images

    def _write_image(self, game_id: int, png: bytes, what: str, suffix: str = ".png") -> Path:
        self.images.mkdir(parents=True, exist_ok=True)
        if game_id not in self._image_numbers:
            self._image_numbers[game_id] = self._highest_image(game_id)
        while True:
            self._image_numbers[game_id] += 1
            path = self.images / f"game-{game_id}-{self._image_numbers[game_id]:03d}-{what}{suffix}"
            try:
                with path.open("xb") as file:  # never over an existing picture
                    file.write(png)
            except FileExistsError:
                continue
            return path

    def _highest_image(self, game_id: int) -> int:
        """The number of the game's newest image already in the folder (0: none)."""
        pattern = re.compile(rf"game-{game_id}-(\d+)-")
        numbers = [
            int(match.group(1))
            for path in self.images.glob(f"game-{game_id}-*")
            if (match := pattern.match(path.name))
        ]
        return max(numbers, default=0)


# ------------------------------------------------------------------ a new game


async def _choose_game(session: LocalSession, ask: Ask) -> games.Engine:
    engines = games.all()
    for number, engine in enumerate(engines, 1):
        session.say(
            _say(
                "local.game_line",
                number=number,
                game=engine.title,
                min=engine.min_players,
                max=engine.max_players,
            )
        )
    while True:
        answer = (await ask(_say("local.ask.game"))).strip() or "1"
        if answer.isdigit() and 1 <= int(answer) <= len(engines):
            return engines[int(answer) - 1]
        session.say(_say("local.ask.number"))


async def _choose_players(
    session: LocalSession, engine: games.Engine, ask: Ask
) -> list[tuple[str | None, str]]:
    """Each seat's person's name, or None for an AI seat, with the AI's level."""
    low, high = engine.min_players, engine.max_players
    default = min(max(2, low), high)
    while True:
        answer = (await ask(_say("local.ask.players", min=low, max=high, default=default))).strip()
        count = int(answer) if answer.isdigit() else default if not answer else 0
        if low <= count <= high:
            break
        session.say(_say("local.ask.players_again", min=low, max=high))
    players: list[tuple[str | None, str]] = []
    for seat in range(count):
        name = (await ask(_say("local.ask.name", number=seat + 1))).strip()
        # A table of AI players alone has nobody to play at this terminal: the last seat is
        # a person's, and they are asked for their name until they give one.
        while seat == count - 1 and all(n is None for n, _ in players) and not name:
            name = (await ask(_say("local.ask.need_person", number=seat + 1))).strip()
        level = ai.DEFAULT_LEVEL if name else await _choose_level(session, seat, ask)
        players.append((name[:32] or None, level))
    return players


async def _choose_level(session: LocalSession, seat: int, ask: Ask) -> str:
    """The level of the AI in `seat`, Normal when nothing is typed."""
    labels = [level_name(level, None) for level in ai.LEVELS]
    default = level_name(ai.DEFAULT_LEVEL, None)
    prompt = _say("local.ask.level", number=seat + 1, default=default)
    chosen = await _choose_numbered(session, labels, prompt, ask)
    return ai.DEFAULT_LEVEL if chosen is None else ai.LEVELS[chosen]


async def _choose_numbered(session: LocalSession, labels: list[str], prompt: str, ask: Ask) -> int | None:
    """The index of the choice whose number is typed, after the numbered list; None when
    nothing is typed (the default)."""
    for number, label in enumerate(labels, 1):
        session.say(f"  {number}) {label}")
    while True:
        answer = (await ask(prompt)).strip()
        if not answer:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        session.say(_say("local.ask.option_again"))


async def _choose_options(
    session: LocalSession, engine: games.Engine, players: int, ask: Ask
) -> dict[str, str]:
    """Each of the game's options, asked in turn, until the rules accept the combination."""
    while True:
        chosen: dict[str, str] = {}
        # An option no host chooses (a newer board of the game, say) is not asked.
        for option in (option for option in engine.options if option.offered):
            base = f"{engine.id}.option.{option.name}"
            session.say(texts.t(base) + ":")
            if option.default is None:
                prompt = _say("local.ask.option", option=texts.t(base), auto=texts.t("lobby.option_auto"))
            else:
                default = texts.t(f"{base}.{option.default}")
                prompt = _say("local.ask.option_default", option=texts.t(base), default=default)
            labels = [texts.t(f"{base}.{choice}") for choice in option.choices]
            index = await _choose_numbered(session, labels, prompt, ask)
            if index is not None:
                chosen[option.name] = option.choices[index]
        try:
            engine.check_options(players, chosen)
        except IllegalAction as refused:
            session.say("✋ " + texts.render(refused.message))
            continue
        return chosen


async def _setup(session: LocalSession, ask: Ask) -> int:
    engine = await _choose_game(session, ask)
    players = await _choose_players(session, engine, ask)
    options = await _choose_options(session, engine, len(players), ask) if engine.options else {}
    humans = [(seat, name) for seat, (name, _) in enumerate(players) if name is not None]
    # The first person opens the table and so sits first; the rest follow in order.
    first_seat, first_name = humans[0]
    host = Caller(_FIRST_USER_ID + first_seat, first_name or _say("local.default_name"))
    session.callers[host.user_id] = host
    service = session.service
    reply = await service.new_game(host, engine.id, options)
    game_id = reply.game_id
    assert game_id is not None
    # Nobody waits for a reminder at one terminal.
    await service.settings(host, game_id, deadline=0)
    for index, (name, level) in enumerate(players):
        if name is None:
            await service.add_bot(host, game_id, level)
        elif index != first_seat:
            caller = Caller(_FIRST_USER_ID + index, name)
            session.callers[caller.user_id] = caller
            await service.join(caller, game_id)
    session.show(await service.start(host, game_id))
    return game_id


# ------------------------------------------------------------ resuming a game


def _names(row: GameRow) -> list[str]:
    """The seats' names for what is said: escaped like the service's, as the terminal
    reads the escapes back (`bot.terminal`)."""
    return [texts.escape_words(seat_name(seat, row.locale)) for seat in row.seats]


def _describe(row: GameRow) -> tuple[str, str, str] | None:
    """A running game's title, players and whose turn it is; None if its game is not installed."""
    try:
        engine = games.get(row.engine)
        state = engine.loads(row.state) if row.state is not None else None
    except (KeyError, ValueError):
        return None
    shown = _names(row)
    acting = sorted(engine.to_act(state)) if state is not None else []
    turn = texts.t("list.turn", player=", ".join(shown[s] for s in acting) or "?")
    names = ", ".join(shown)
    return engine.title, names, turn


async def _choose_unfinished(session: LocalSession, ask: Ask) -> GameRow | None:
    """Every unfinished game of this terminal, to resume one; None for a new game."""
    rows = await session.service.store.list_games(statuses=("running",))
    shown = [(row, words) for row in rows if row.guild_id is None and (words := _describe(row)) is not None]
    if not shown:
        return None
    session.say(_say("local.resume.title"))
    for number, (row, (title, names, turn)) in enumerate(shown, 1):
        session.say(_say("local.resume.line", number=number, id=row.id, game=title, players=names, turn=turn))
    session.say(_say("local.resume.new", number=len(shown) + 1))
    while True:
        answer = (await ask(_say("local.resume.ask"))).strip() or "1"
        if answer.isdigit() and 1 <= int(answer) <= len(shown) + 1:
            return shown[int(answer) - 1][0] if int(answer) <= len(shown) else None
        session.say(_say("local.ask.number"))


async def _resume(session: LocalSession, row: GameRow) -> None:
    for seat in row.seats:
        if seat.user_id is not None and not seat.is_ai:
            session.callers[seat.user_id] = Caller(seat.user_id, seat.name)
    host = session.callers.get(row.host_id) or Caller(row.host_id, "?")
    if TurnClock.of(row).hours:
        # Made before local games had no deadline.
        await session.service.settings(host, row.id, deadline=0)
    session.show(await session.service.board(host, row.id), "board")


# ------------------------------------------------------------------ playing


def _legal_notations(engine: games.Engine, stored: str, seat: int) -> list[str]:
    state = engine.loads(stored)
    return [engine.format_action(state, action) for action in engine.legal_actions(state, seat)]


def _is_yes(answer: str) -> bool:
    words = {word.strip() for word in _say("local.yes").split(",")}
    return answer.strip().lower() in words


async def _undo(session: LocalSession, game_id: int, row: GameRow, caller: Caller) -> None:
    """Take back the last move: whoever made it, if it was made at this terminal."""
    moves = await session.service.store.moves(game_id)
    last = row.seats[moves[-1].seat] if moves else None
    if last is not None and not last.is_ai and last.user_id in session.callers:
        if last.user_id != caller.user_id:
            # Typed at another player's prompt: whose move it is, before the answer speaks of it.
            session.say(_say("local.undo_for", player=texts.escape_words(last.name)))
        caller = session.callers[last.user_id]
    # Otherwise the service says why nothing can be taken back.
    session.show(await session.service.undo(caller, game_id), "hand")
    # The answer is the undoer's hand, with what they must decide when it is theirs to
    # decide again: that prompt is not said a second time.
    now = await session.service.store.get_game(game_id)
    engine = games.get(now.engine)
    seat = next(s.seat for s in now.seats if s.user_id == caller.user_id)
    acting = engine.to_act(engine.loads(now.state)) if now.state is not None else frozenset()
    session.prompted = seat if seat in acting else None


async def play(session: LocalSession, game_id: int, ask: Ask) -> None:
    """Take moves from the local players until the game ends or they quit."""
    service = session.service
    listed: list[str] = []
    hinted = False
    while True:
        # AI seats and the board posts run in the background: let them finish first.
        await service.idle()
        row = await service.store.get_game(game_id)
        if row.status != "running":
            session.say_end(row)
            return
        if not hinted:
            session.say(_say("local.hint"))
            hinted = True
        engine = games.get(row.engine)
        assert row.state is not None
        state = engine.loads(row.state)
        seat = min(engine.to_act(state))
        user_id = row.seats[seat].user_id
        caller = session.callers.get(user_id) if user_id is not None else None
        if caller is None:
            session.say(_say("local.nobody_here"))
            return
        if seat != session.prompted:
            session.prompted = seat
            if caller.user_id not in session.pinged:
                shown = _names(row)
                prompt = texts.render(engine.prompt(state, seat), caller.locale, shown)
                session.say(f"{shown[seat]}: {prompt}")
            # The first time this player meets this kind of decision: the tip, as on Discord.
            tip = await service.tip(caller, game_id)
            if tip:
                session.say(tip)
        session.pinged.clear()
        command = (await ask(f"{caller.name}> ")).strip()
        try:
            if command in _QUIT:
                session.say(_say("local.bye", id=game_id))
                return
            if command in _HELP:
                session.say(_say("local.help"))
            elif command == "moves":
                listed = _legal_notations(engine, row.state, seat)
                for number, notation in enumerate(listed, 1):
                    session.say(f"  #{number:<3} {notation}")
            elif command == "hand":
                session.show(await service.hand(caller, game_id), "hand")
            elif command == "board":
                session.show(await service.board(caller, game_id), "board")
            elif command == "hint":
                session.show(await service.hint(caller, game_id))
            elif command == "log":
                session.show(await service.log(caller, game_id))
            elif command == "info":
                session.show(await service.info(caller, game_id))
            elif command == "rules":
                session.say(service.rules(row.engine))
            elif command == "undo":
                await _undo(session, game_id, row, caller)
                listed = []
            elif command == "abandon":
                if _is_yes(await ask(_say("local.ask.abandon", id=game_id))):
                    # Anyone at the table may end it: they all sit in front of the same screen.
                    await service.abandon(replace(caller, is_manager=True), game_id)
                else:
                    session.say(_say("local.goes_on"))
            else:
                if command.startswith("#") and command[1:].isdigit():
                    listed = listed or _legal_notations(engine, row.state, seat)
                    index = int(command[1:]) - 1
                    if not 0 <= index < len(listed):
                        session.say(_say("local.no_such_number"))
                        continue
                    command = listed[index]
                reply = await service.move(caller, game_id, command)
                listed = []
                session.show(reply, "hand")
        except PlayerError as error:
            names = error.names or _names(row)
            session.say("✋ " + texts.render(error.message, caller.locale, names))


async def run(settings: Settings, ask: Ask | None = None, say: Say = print, *, ansi: bool = False) -> None:
    """The whole local mode: resume or set up a game, then play it.

    Ctrl-C or Ctrl-D at a prompt (`KeyboardInterrupt`, `EOFError` from
    `ask`) ends it with one line; every game stays saved.
    """
    ask = ask or _Keyboard().ask
    with texts.variant(VARIANT):
        store = await Store.open(settings.local_database)
        try:
            service = GameService(store)
            session = LocalSession(service, Path(settings.local_images), say, ansi=ansi)
            session.say(_say("local.welcome"))
            service.outbox = session.deliver
            try:
                # Finish what a stop interrupted (an AI's turn, a post), but show only the chosen game's.
                session.held = []
                await service.resume()
                resumed = await _choose_unfinished(session, ask)
                if resumed is not None:
                    game_id = resumed.id
                    session.release(game_id)
                    await _resume(session, await store.get_game(game_id))
                else:
                    session.release(0)
                    game_id = await _setup(session, ask)
                await play(session, game_id, ask)
            except (KeyboardInterrupt, EOFError):
                say("")
                session.say(_say("local.interrupted"))
        finally:
            await store.close()


def log_to_file(settings: Settings) -> logging.FileHandler:
    """Send the log to a file beside the local database (`baumeister-local.log`): the terminal
    is the players' table, and a traceback there would read as the game talking. Once the
    root logger has a handler, Python no longer prints warnings and errors to the terminal."""
    beside = Path(
        "baumeister-local.sqlite3" if is_postgres(settings.local_database) else settings.local_database
    )
    handler = logging.FileHandler(beside.with_suffix(".log"), encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.getLevelNamesMapping().get(settings.log_level, logging.INFO))
    return handler


def _wants_ansi() -> bool:
    """Styles for a terminal that shows them (https://no-color.org says how to refuse them)."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def main() -> None:
    """Entry point of `python -m bot local`."""
    # Ctrl-C must end it even when it was started with SIGINT ignored (a parent that
    # ignores it passes that on, and Python then leaves it ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        from bot.plugins import load_installed_games

        load_installed_games()
        try:
            settings = Settings.from_env()
        except SettingsError as error:
            print(f"Baumeister cannot start: {error}. See .env.example.", file=sys.stderr)
            sys.exit(2)
        log_to_file(settings)
        try:
            asyncio.run(run(settings, ansi=_wants_ansi()))
        except StoreError as error:
            print(f"Baumeister cannot use its database: {error}", file=sys.stderr)
            sys.exit(1)
    except (KeyboardInterrupt, EOFError):
        # Ctrl-C while the service was busy: asyncio has cancelled the game's work and closed the store.
        print()
        with texts.variant(VARIANT):
            print(_say("local.interrupted"))
