"""The local mode speaks terminal: no Discord markup or wording, one end, resuming, undo, Ctrl-C."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path

import pytest

import games
import texts
from bot import local
from bot.local import run
from bot.settings import Settings
from bot.store import Store
from bot.terminal import Terminal

ROOT = Path(__file__).resolve().parent.parent
#: What only Discord shows as meant, or only Discord users can do.
DISCORD_ONLY = ("**", "`", "/hand", "/move", "press a button", "<t:", "<@", "Version:", "deadline")
COMMANDS = ("moves", "#N", "hand", "board", "log", "info", "rules", "undo", "abandon", "help", "quit")
GAME_OVER = "The game is over"


def cm_number() -> str:
    return str([engine.id for engine in games.all()].index("chinesische-mauer") + 1)


def settings(folder: Path) -> Settings:
    return Settings(local_database=str(folder / "local.sqlite3"), local_images=str(folder / "out"))


class Table:
    """Players at the terminal: a script of answers, and everything the terminal showed."""

    def __init__(self, answers: Iterator[str | BaseException]) -> None:
        self.answers = answers
        self.said: list[str] = []

    async def ask(self, prompt: str) -> str:
        self.said.append(prompt)
        answer = next(self.answers)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def say(self, text: str) -> None:
        self.said.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.said)

    async def play(self, folder: Path) -> str:
        await run(settings(folder), ask=self.ask, say=self.say)
        return self.text


def new_cm(*players: str) -> list[str]:
    """Answers that open a Chinesische Mauer for these players ("" for an AI, at Normal)."""
    named = [answer for player in players for answer in ((player,) if player else ("", ""))]
    return [cm_number(), str(len(players)), *named]


def after(*answers: str, then: Callable[[], Iterator[str]] | None = None) -> Iterator[str]:
    yield from answers
    if then is not None:
        yield from then()


def first_move_forever() -> Iterator[str]:
    while True:
        yield "#1"


async def test_a_whole_game_at_the_terminal_speaks_terminal_ends_once_and_is_not_rated(
    tmp_path: Path,
) -> None:
    table = Table(
        after(*new_cm("Ann", ""), "help", "info", "rules", "moves", "hand", "log", then=first_move_forever)
    )
    text = await table.play(tmp_path)

    for mark in DISCORD_ONLY:
        assert mark not in text, mark
    help_text = text[text.index("Commands:") :]
    for command in COMMANDS:
        assert f"  {command} " in help_text, command
    assert text.count(GAME_OVER) == 1
    assert f"{GAME_OVER}: it was played to the end." in text
    assert "wins" in text[text.index(GAME_OVER) :], "the final scores follow the end"
    assert "Ratings" not in text
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        row = (await store.list_games())[0]
        assert row.status == "finished" and row.guild_id is None
        assert row.rated, "the game counts as done with, without ratings"
        assert (
            await store.ratings("chinesische-mauer", [seat.user_id for seat in row.seats if seat.user_id])
            == {}
        )
        assert await store.timers() == [], "no deadlines at one terminal"
    finally:
        await store.close()


async def test_undo_takes_back_the_last_move_whoever_made_it(tmp_path: Path) -> None:
    # The first player plays two cards (nothing revealed); at the other's prompt, `undo`
    # takes back the first player's second card.
    table = Table(after(*new_cm("Ann", "Bob"), "#1", "#1", "undo", "log", "quit"))
    text = await table.play(tmp_path)

    assert "↩️ Taken back:" in text
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        row = (await store.list_games())[0]
        moves = await store.moves(row.id)
    finally:
        await store.close()
    prompts = [line for line in table.said if line.endswith("> ")]
    first = prompts[0].removesuffix("> ")
    assert prompts[2] != prompts[0], "undo was typed at the other player's prompt"
    assert len(moves) == 1 and row.seats[moves[0].seat].name == first
    assert prompts[-1] == prompts[0], "after the undo it is the first player's turn again"
    # Said at the other's prompt, the answer says whose move it takes back.
    assert f"{first} moved last: taking back {first}'s move." in text
    # Their hand says what they must decide; the prompt does not say it a second time.
    after_undo = table.said[table.said.index(prompts[2]) :]
    decide = [line for line in after_undo if "one action left" in line]
    assert len(decide) == 1, decide


async def test_nothing_to_undo_is_said_in_words(tmp_path: Path) -> None:
    text = await Table(after(*new_cm("Ann", ""), "undo", "quit")).play(tmp_path)
    assert "✋ You have made no move in this game that could be taken back." in text


async def test_resuming_from_a_list_of_unfinished_games_keeps_every_earlier_image(tmp_path: Path) -> None:
    await Table(after(*new_cm("Ann", ""), "#1", "#1", "quit")).play(tmp_path)
    # The second time the first game is offered; a new one is chosen instead.
    second = await Table(after("2", *new_cm("Cleo", "Dan"), "quit")).play(tmp_path)
    assert "1) #1 Chinesische Mauer: Ann, AI Mira" in second
    out = tmp_path / "out"
    before = {path.name: path.read_bytes() for path in out.iterdir()}
    assert any(name.startswith("game-1-") for name in before) and any(
        name.startswith("game-2-") for name in before
    )

    table = Table(after("2", "board", "#1", "quit"))
    third = await table.play(tmp_path)

    listing = third[third.index("Unfinished games") : third.index("Which one")]
    assert "1) #2 Chinesische Mauer: Cleo, Dan" in listing, "newest first, with its players"
    assert "2) #1 Chinesische Mauer: Ann, AI Mira" in listing
    assert "to move" in listing, "whose turn it is"
    assert "3) Start a new game" in listing
    assert "Ann> " in table.said, "game #1 goes on"
    for name, data in before.items():
        assert (out / name).read_bytes() == data, f"{name} was overwritten"
    newest_before = max(int(name.split("-")[2]) for name in before if name.startswith("game-1-"))
    new = [name for name in os.listdir(out) if name not in before]
    assert new and all(name.startswith("game-1-") for name in new)
    assert min(int(name.split("-")[2]) for name in new) == newest_before + 1


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, EOFError])
async def test_ctrl_c_or_ctrl_d_at_any_prompt_leaves_quietly(
    tmp_path: Path, interrupt: type[BaseException]
) -> None:
    # At the first question, then in the middle of a game.
    scripts: list[list[str | BaseException]] = [[interrupt()], [*new_cm("Ann", ""), "#1", interrupt()]]
    for answers in scripts:
        table = Table(iter(answers))
        await table.play(tmp_path)
        said = [line for line in table.said if line.strip()]
        assert said[-1] == texts.t("local.interrupted")
        assert table.said[-2] == "", "the line begins below the prompt"


def test_main_says_one_line_when_interrupted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(local, "run", interrupted)
    monkeypatch.setattr(local, "log_to_file", lambda settings: None)
    local.main()
    out, err = capsys.readouterr()
    assert [line for line in out.splitlines() if line] == [texts.t("local.interrupted")]
    assert err == ""


def test_the_log_goes_to_a_file_and_no_traceback_to_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = logging.getLogger()
    level = root.level
    handler = local.log_to_file(Settings(local_database=str(tmp_path / "games.sqlite3")))
    try:
        try:
            raise RuntimeError("the worker broke")
        except RuntimeError:
            logging.getLogger("bot.service.turns").exception("game 1: background work failed")
        handler.flush()
    finally:
        root.removeHandler(handler)
        handler.close()
        root.setLevel(level)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "the worker broke" not in out + err
    written = (tmp_path / "games.log").read_text(encoding="utf-8")
    assert "background work failed" in written and "RuntimeError: the worker broke" in written


def test_ctrl_c_at_a_real_prompt_ends_the_program_quietly(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "LOCAL_DATABASE": str(tmp_path / "local.sqlite3"),
        "LOCAL_IMAGES": str(tmp_path / "out"),
        "PYTHONPATH": str(ROOT),
        # Should it hang, SIGABRT makes it print where each of its threads is.
        "PYTHONFAULTHANDLER": "1",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "local"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    shown: list[str] = []
    prompted = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        while char := process.stdout.read(1):
            shown.append(char)
            if "".join(shown).endswith("Game [1]: "):
                prompted.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert prompted.wait(60), "".join(shown)
        process.send_signal(signal.SIGINT)
        try:
            code = process.wait(60)
        except subprocess.TimeoutExpired:
            # What it said helps find where it hung (the reader thread has its output), and
            # the threads' stacks that SIGABRT makes it print.
            process.send_signal(signal.SIGABRT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(10)
            process.kill()
            assert process.stderr is not None
            said = "".join(shown)[-500:]
            pytest.fail(
                f"running a minute after Ctrl-C: shown {said!r}, stderr {process.stderr.read()}"
                f" (SIGINT here: {signal.getsignal(signal.SIGINT)})"
            )
    finally:
        process.kill()
    reader.join(5)
    assert process.stderr is not None
    errors = process.stderr.read()
    assert code == 0, errors
    assert "Traceback" not in errors
    assert "".join(shown).rstrip().endswith(texts.t("local.interrupted"))


# ------------------------------------------------------------------ the presenter


def test_markdown_becomes_plain_text_or_ansi_styles() -> None:
    discord = "**Ann** plays `draw` — *twice*; __list__ 2 * 3"
    assert Terminal().text(discord) == "Ann plays draw — twice; list 2 * 3"
    styled = Terminal(ansi=True).text(discord)
    assert "\x1b[1mAnn\x1b[22m" in styled and "\x1b[3mtwice\x1b[23m" in styled
    assert "**" not in styled and "`" not in styled


def test_timestamps_become_local_time_and_mentions_names() -> None:
    terminal = Terminal(name_of={1001: "Ann"}.get)
    shown = terminal.text("<@1001>, your turn ends <t:1700000000:R>.")
    assert shown.startswith("Ann, your turn ends 20")
    assert "<t:" not in shown and "<@" not in shown


def test_the_terminal_variant_replaces_discord_sentences_only_inside() -> None:
    discord = texts.t("hand.choices", count=3)
    assert "/move" in discord
    with texts.variant(local.VARIANT):
        for language in texts.locales():
            assert "/" not in texts.t("hand.choices", language, count=3)
            assert "`" not in texts.t("game.start_post", language, game="G", id=1, seats="", first="Ann")
        assert texts.t("status.running") == "running", "keys without a variant stay as they are"
    assert texts.t("hand.choices", count=3) == discord


async def test_a_table_of_ai_players_alone_asks_for_a_person_s_name(tmp_path: Path) -> None:
    # The first AI's name and level, then the last seat's name asked for twice.
    table = Table(after(cm_number(), "2", "", "", "", "", "Zoe", "quit"))
    text = await table.play(tmp_path)
    asked = [line for line in table.said if "At least one player must be a person" in line]
    assert len(asked) == 2, "asked again until a name is given"
    assert "you take the last seat" not in text
    assert "Zoe> " in table.said


async def test_an_ai_seat_is_asked_its_level_normal_by_default(tmp_path: Path) -> None:
    table = Table(after(cm_number(), "3", "Ann", "", "4", "1", "", "", "info", "quit"))
    text = await table.play(tmp_path)
    asked = [line for line in table.said if line.startswith("Level of AI player")]
    assert asked == ["Level of AI player 2 [Enter: Normal]: "] * 2 + [
        "Level of AI player 3 [Enter: Normal]: "
    ]
    assert "  1) Easy" in table.said and "Please type one of the numbers above, or nothing." in table.said
    assert "AI Mira** (Easy)" in text or "AI Mira (Easy)" in text, text
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        [row] = await store.list_games()
        assert [(seat.is_ai, seat.level) for seat in row.seats] == [
            (False, "normal"),
            (True, "easy"),
            (True, "normal"),
        ]
    finally:
        await store.close()


async def test_options_say_their_own_default_and_a_hidden_option_is_not_asked(tmp_path: Path) -> None:
    china = str([engine.id for engine in games.all()].index("china") + 1)
    table = Table(after(china, "3", "Ann", "", "", "", "", "", "", "info", "quit"))
    text = await table.play(tmp_path)
    prompts = [line for line in table.said if line.endswith("]: ") and "Enter" in line and "AI" not in line]
    assert prompts == [
        "Board side [Enter: by the number of players]: ",
        "Fortresses (variant for experienced players) [Enter: Without fortresses]: ",
    ], "the board version is no host's choice"
    # `info`: each name apart from its figures (no bold at a terminal to tell them apart).
    assert "1. 👤 Ann — 0 points" in text
