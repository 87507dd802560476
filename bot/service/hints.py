"""`Hints`: help for people learning a game.

- `/hint`: in a game whose setting `hints` is on (`model.hints_on`), the seat
  that must decide asks the AI for its best moves (`ai.hints`), each in the
  game's notation and language with one line of why. The AI thinks in a
  worker process, never on the event loop; the job carries the game's hint
  function itself, as `Robots` does with its moves, so a game registered only
  in this process has hints there too. Each decision a player asked about
  counts once, stored in the game's settings (`HINTS_USED`); the log and the
  end post say how many each used.
- Tips: the first time a member meets a kind of decision in a kind of game
  (the key of `Engine.prompt`), their private answer adds the game's tip for
  it (`tip.<prompt key>` in the game's texts; none where the game has none).
  Which tips each member was shown is stored per kind of game; `/notify tips`
  switches them off and on.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import ai
import texts
from bot.errors import PlayerError
from bot.results import Caller
from bot.results import Reply
from bot.service.cache import Recent
from bot.service.games import Games
from bot.service.model import Loaded
from bot.service.model import hints_on
from bot.service.people import People
from bot.store import GameRow
from bot.workers import Priority
from bot.workers import Workers
from games.core import Message
from games.core import State

__all__ = ["HINTS_USED", "HINT_BUDGET", "Hints", "decision_kind", "has_hints", "hints_line", "used_lines"]

log = logging.getLogger(__name__)

#: A game setting: how many decisions each seat asked hints about,
#: `{"<seat>": {"count": n, "at": <the game's version when last counted>}}`.
HINTS_USED = "hints_used"
#: Seconds the AI may think about one hint.
HINT_BUDGET = 5.0
#: How many members' seen tips (per kind of game) are kept in memory.
KNOWN_TIPS = 5_000


def has_hints(game_id: str) -> bool:
    return ai.hinter(game_id) is not None


def _hints_of(hint: ai.Hinter, state: State, seat: int, seed: int) -> list[ai.Hint]:
    """In a worker: the hints, at most `ai.MAX_HINTS`, as `ai.hints` gives them."""
    return hint(state, seat, seed)[: ai.MAX_HINTS]


def decision_kind(prompt: Message) -> str:
    """The kind of decision a prompt asks for: its key, or that of the prompt it wraps
    (a prompt with a note added, such as "This is the last round", is still the same kind)."""
    inner = prompt.params.get("prompt")
    return decision_kind(inner) if isinstance(inner, Message) else prompt.key


def hints_line(row: GameRow, locale: str | None) -> str:
    """The lobby card's and `/game info`'s line about hints, and what they mean for rating."""
    if hints_on(row):
        return texts.t("hints.setting.on", locale)
    return texts.t("hints.setting.off", locale)


def _used(settings: dict[str, Any]) -> dict[str, dict[str, int]]:
    found = settings.get(HINTS_USED)
    return found if isinstance(found, dict) else {}


def used_lines(game: Loaded, locale: str | None) -> list[str]:
    """ "Anna used 2 hints", for each player who used any, in seat order."""
    used = _used(game.row.settings)
    lines = []
    for seat, name in enumerate(game.names):
        count = int(used.get(str(seat), {}).get("count", 0))
        if count:
            lines.append(texts.t("hints.used", locale, player=name, n=count))
    return lines


class Hints:
    def __init__(self, games: Games, people: People, workers: Workers) -> None:
        self._games = games
        self._people = people
        self._workers = workers
        self._seen: Recent[tuple[int, str], frozenset[str]] = Recent(KNOWN_TIPS)

    # ------------------------------------------------------------------ hints

    def offered(self, game: Loaded, seat: int) -> bool:
        """Whether the seat's private answer offers a Hint button: it must decide, in a game
        with hints on that has hints."""
        return (
            game.row.status == "running"
            and seat in game.acting()
            and hints_on(game.row)
            and has_hints(game.engine.id)
        )

    def check(self, game: Loaded) -> None:
        """Refuse a game that has no hints or has them off."""
        if not has_hints(game.engine.id):
            raise PlayerError("hint.none", game=game.engine.title)
        if not hints_on(game.row):
            raise PlayerError("hint.off", id=game.row.id)

    async def hint(self, caller: Caller, game: Loaded, seat: int) -> Reply:
        """The AI's best moves for the seat, which must decide now (checked by the caller)."""
        engine, state, row = game.engine, game.state, game.row
        hint = ai.hinter(engine.id)
        if hint is None:
            raise PlayerError("hint.none", game=engine.title)
        seed = (row.seed or 0) + row.version
        try:
            found = await self._workers.run(
                _hints_of, hint, state, seat, seed, time_limit=HINT_BUDGET, priority=Priority.THINKING
            )
        except Exception:
            log.warning("game %s: the hints for seat %s failed", row.id, seat, exc_info=True)
            raise PlayerError("hint.failed") from None
        legal = engine.legal_actions(state, seat)
        found = [h for h in found if h.action in legal]
        if not found:
            raise PlayerError("hint.failed")
        await self._count(row.id, seat, row.version)
        locale = row.locale
        lines = [texts.t("hint.title", caller.locale)]
        for number, hinted in enumerate(found, 1):
            move = engine.format_action(state, hinted.action, locale)
            why = texts.render(hinted.why, locale, game.names)
            lines.append(texts.t("hint.line", locale, number=number, move=move, why=why))
        return Reply("\n".join(lines), game_id=row.id)

    async def _count(self, game_id: int, seat: int, version: int) -> None:
        """One more decision the seat asked about (asking again about the same counts once)."""
        async with self._games.lock(game_id):
            row = (await self._games.load(game_id)).row
            used = dict(_used(row.settings))
            mine = used.get(str(seat), {"count": 0, "at": -1})
            if mine.get("at") == version:
                return
            used[str(seat)] = {"count": int(mine.get("count", 0)) + 1, "at": version}
            await self._games.set_settings(row, {**row.settings, HINTS_USED: used})

    # ------------------------------------------------------------------- tips

    async def tip(self, user_id: int, game: Loaded, seat: int, locale: str | None) -> str:
        """The tip for the decision the seat faces, the first time the member meets that
        kind of decision in that kind of game (then remembered); "" otherwise."""
        state = game.state
        if game.row.status != "running" or state is None or seat not in game.acting():
            return ""
        kind = decision_kind(game.engine.prompt(state, seat))
        key = f"tip.{kind}"
        if key not in texts.catalogue(texts.DEFAULT_LOCALE) or not (await self._people.get(user_id)).tips:
            return ""
        engine_id = game.engine.id
        seen = self._seen.get((user_id, engine_id))
        if seen is None:
            seen = frozenset(await self._games.store.seen_tips(user_id, engine_id))
        self._seen.put((user_id, engine_id), seen | {kind})
        if kind in seen or not await self._games.store.mark_tip_seen(user_id, engine_id, kind):
            return ""
        return texts.t("tip.line", locale, tip=texts.t(key, locale))

    async def set_tips(self, caller: Caller, on: bool) -> Reply:
        """`/notify tips state:on|off`."""
        player = await self._people.get(caller.user_id)
        await self._people.save(replace(player, tips=on, locale=caller.locale or player.locale))
        return Reply(texts.t("notify.tips_on" if on else "notify.tips_off", caller.locale))
