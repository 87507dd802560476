"""Local mode: several players at one terminal, through the same service.

`python -m bot local` asks for a game and the players, then takes moves in
turn. Board images are written to files whose paths are printed. The hand of
whoever is to move is shown only when they ask (`hand`), so players can look
away — it is one screen, after all.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import games
import texts
from bot.errors import PlayerError
from bot.results import Caller, Dispatch, Post, Reply
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store
from games.core import IllegalAction

__all__ = ["LocalSession", "main", "run"]

Ask = Callable[[str], Awaitable[str]]
Say = Callable[[str], None]

_MENTION = re.compile(r"<@(\d+)>")
#: Local players get user ids from here on (Discord ids are far larger).
_FIRST_USER_ID = 1_001


async def _ask_terminal(prompt: str) -> str:
    return await asyncio.to_thread(input, prompt)


class LocalSession:
    """One local game: its players, and where its images go."""

    def __init__(self, service: GameService, images: Path, say: Say) -> None:
        self.service = service
        self.images = images
        self.say = say
        self.callers: dict[int, Caller] = {}
        #: The seat last told what it must decide (told again when another seat is asked).
        self.prompted: int | None = None
        self._image_count = 0

    def _write_image(self, game_id: int, png: bytes, what: str, suffix: str = ".png") -> Path:
        self.images.mkdir(parents=True, exist_ok=True)
        self._image_count += 1
        path = self.images / f"game-{game_id}-{self._image_count:03d}-{what}{suffix}"
        path.write_bytes(png)
        return path

    def show(self, reply: Reply, what: str = "hand") -> None:
        """Print a reply and where its image went."""
        if reply.text:
            self.say(self._names(reply.text))
        if reply.image is not None:
            suffix = Path(reply.filename).suffix or ".png"
            self.say(f"  🖼  {self._write_image(reply.game_id or 0, reply.image, what, suffix)}")

    async def deliver(self, dispatch: Dispatch) -> None:
        """The service's outbox: what a game's thread would show, printed in order."""
        for post in dispatch.posts:
            self.show_post(dispatch.game_id, post)

    def show_post(self, game_id: int, post: Post) -> None:
        self.say("─" * 60)
        self.say(self._names(post.text))
        if post.image is not None:
            what = Path(post.filename).stem
            path = self._write_image(game_id, post.image, what, Path(post.filename).suffix or ".png")
            self.say(f"  🖼  {what}: {path}")

    def _names(self, text: str) -> str:
        def name(match: re.Match[str]) -> str:
            caller = self.callers.get(int(match.group(1)))
            return f"@{caller.name}" if caller else match.group(0)

        return _MENTION.sub(name, text)


async def _choose_game(ask: Ask, say: Say) -> games.Engine:
    engines = games.all()
    for number, engine in enumerate(engines, 1):
        say(f"  {number}) {engine.title} ({engine.min_players}–{engine.max_players} players)")
    while True:
        answer = (await ask("Game [1]: ")).strip() or "1"
        if answer.isdigit() and 1 <= int(answer) <= len(engines):
            return engines[int(answer) - 1]
        say("Please type one of the numbers above.")


async def _choose_players(engine: games.Engine, ask: Ask, say: Say) -> list[str | None]:
    while True:
        answer = (await ask(f"How many players ({engine.min_players}–{engine.max_players}) [2]: ")).strip()
        count = int(answer) if answer.isdigit() else 2 if not answer else 0
        if engine.min_players <= count <= engine.max_players:
            break
        say(f"Please type a number from {engine.min_players} to {engine.max_players}.")
    names: list[str | None] = []
    for seat in range(count):
        name = (await ask(f"Name of player {seat + 1} (empty for an AI): ")).strip()
        if seat == count - 1 and all(n is None for n in names) and not name:
            say("At least one player must be a person at this terminal; you take the last seat.")
            name = "Player"
        names.append(name[:32] or None)
    return names


async def _choose_options(engine: games.Engine, players: int, ask: Ask, say: Say) -> dict[str, str]:
    """Each of the game's options, asked in turn, until the rules accept the combination."""
    while True:
        chosen: dict[str, str] = {}
        for option in engine.options:
            base = f"{engine.id}.option.{option.name}"
            say(texts.t(base) + ":")
            for number, choice in enumerate(option.choices, 1):
                say(f"  {number}) {texts.t(f'{base}.{choice}')}")
            while True:
                answer = (await ask(f"{texts.t(base)} [Enter: {texts.t('lobby.option_auto')}]: ")).strip()
                if not answer:
                    break
                if answer.isdigit() and 1 <= int(answer) <= len(option.choices):
                    chosen[option.name] = option.choices[int(answer) - 1]
                    break
                say("Please type one of the numbers above, or nothing.")
        try:
            engine.check_options(players, chosen)
        except IllegalAction as refused:
            say("✋ " + texts.render(refused.message))
            continue
        return chosen


async def _setup(session: LocalSession, ask: Ask) -> int:
    say = session.say
    engine = await _choose_game(ask, say)
    names = await _choose_players(engine, ask, say)
    options = await _choose_options(engine, len(names), ask, say) if engine.options else {}
    humans = [(seat, name) for seat, name in enumerate(names) if name is not None]
    # The first person opens the table and so sits first; the rest follow in order.
    first_seat, first_name = humans[0]
    host = Caller(_FIRST_USER_ID + first_seat, first_name or "Host")
    session.callers[host.user_id] = host
    reply = await session.service.new_game(host, engine.id, options)
    game_id = reply.game_id
    assert game_id is not None
    for index, name in enumerate(names):
        if name is None:
            await session.service.add_bot(host, game_id)
        elif index != first_seat:
            caller = Caller(_FIRST_USER_ID + index, name)
            session.callers[caller.user_id] = caller
            await session.service.join(caller, game_id)
    session.show(await session.service.start(host, game_id))
    await session.service.idle()
    return game_id


def _legal_notations(engine: games.Engine, stored: str, seat: int) -> list[str]:
    state = engine.loads(stored)
    return [engine.format_action(state, action) for action in engine.legal_actions(state, seat)]


async def play(session: LocalSession, game_id: int, ask: Ask) -> None:
    """Take moves from the local players until the game ends or they quit."""
    service, say = session.service, session.say
    say(
        "Type a move (e.g. `draw`), `moves` for the list, `#N` for move N, `hand`, `board`, "
        "`log`, `info`, `rules`, `help` or `quit`."
    )
    listed: list[str] = []
    while True:
        # AI seats and the board posts run in the background: let them finish first.
        await service.idle()
        row = await service.store.get_game(game_id)
        if row.status != "running":
            say(f"Game #{game_id} is {texts.t('status.' + row.status)}.")
            return
        state_game = games.get(row.engine)
        assert row.state is not None
        acting = state_game.to_act(state_game.loads(row.state))
        seat = min(acting)
        user_id = row.seats[seat].user_id
        caller = session.callers.get(user_id) if user_id is not None else None
        if caller is None:
            say("It is nobody's turn at this terminal; stopping.")
            return
        if seat != session.prompted:
            session.prompted = seat
            prompt = state_game.prompt(state_game.loads(row.state), seat)
            say(f"{caller.name}: " + texts.render(prompt, caller.locale, [s.name for s in row.seats]))
        command = (await ask(f"{caller.name}> ")).strip()
        try:
            if command in {"quit", "exit", "q"}:
                say(f"Bye. The game is saved: `python -m bot local` offers to resume game #{game_id}.")
                return
            if command in {"help", "?", ""}:
                say("Moves are written in the game's notation; `moves` lists yours.")
            elif command == "moves":
                listed = _legal_notations(state_game, row.state, seat)
                for number, notation in enumerate(listed, 1):
                    say(f"  #{number:<3} {notation}")
            elif command == "hand":
                session.show(await service.hand(caller, game_id), "hand")
            elif command == "board":
                session.show(await service.board(caller, game_id), "board")
            elif command == "log":
                session.show(await service.log(caller, game_id))
            elif command == "info":
                session.show(await service.info(caller, game_id))
            elif command == "rules":
                say(service.rules(row.engine))
            else:
                if command.startswith("#") and command[1:].isdigit():
                    listed = listed or _legal_notations(state_game, row.state, seat)
                    index = int(command[1:]) - 1
                    if not 0 <= index < len(listed):
                        say("There is no move with that number; type `moves` for the list.")
                        continue
                    command = listed[index]
                reply = await service.move(caller, game_id, command)
                listed = []
                session.show(reply, "hand")
        except PlayerError as error:
            say(
                "✋ " + texts.render(error.message, caller.locale, error.names or [s.name for s in row.seats])
            )


async def run(settings: Settings, ask: Ask = _ask_terminal, say: Say = print) -> None:
    """The whole local mode: resume or set up a game, then play it."""
    say("Baumeister — local mode: several players at one terminal.")
    store = await Store.open(settings.local_database)
    try:
        service = GameService(store)
        session = LocalSession(service, Path(settings.local_images), say)
        service.outbox = session.deliver
        open_games = [
            row
            for row in await store.list_games(guild_id=None, statuses=("running",))
            if row.guild_id is None
        ]
        game_id = None
        if open_games:
            newest = open_games[0]
            title = games.get(newest.engine).title
            names = ", ".join(seat.name for seat in newest.seats)
            answer = (await ask(f"Resume game #{newest.id} ({title}: {names})? [Y/n]: ")).strip().lower()
            if answer in {"", "y", "yes"}:
                game_id = newest.id
                for seat in newest.seats:
                    if seat.user_id is not None and not seat.is_ai:
                        session.callers[seat.user_id] = Caller(seat.user_id, seat.name)
                session.show(
                    await service.board(next(iter(session.callers.values()), Caller(0, "")), game_id), "board"
                )
        if game_id is None:
            game_id = await _setup(session, ask)
        await play(session, game_id, ask)
    finally:
        await store.close()


def main() -> None:
    """Entry point of `python -m bot local`."""
    from bot.plugins import load_installed_games

    load_installed_games()
    try:
        asyncio.run(run(Settings.from_env()))
    except (KeyboardInterrupt, EOFError):
        print("\nBye. The game is saved.")
