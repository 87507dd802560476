#!/usr/bin/env python3
"""Write sample board images to out/ and print their paths, sizes and render times.

Plays seeded random games of Chinesische Mauer with the engine and draws
views from their start, middle and end (spectator and seat views), plus a
2-player game; then writes the animated replay of a 4-player game
(out/replay.gif, one frame per turn) with its first, middle and last frames
as PNG (out/replay-frame-*.png). Run from the repository root:

    python scripts/render_samples.py [--seed N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from PIL import GifImagePlugin

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402 - after the path set-up above
import renderers  # noqa: E402
from renderers import replay  # noqa: E402
from renderers import samples  # noqa: E402

GAME = "chinesische-mauer"
NAMES = ["Anna", "Bartholomäus von Hohenzollern-Sigmaringen", "Chen 陈", "Dmitri 🐉", "Eva"]


def play(players: int, seed: int) -> list[Any]:
    """Every state of one random game (seeded), first to last."""
    return samples.random_game(games.get(GAME), players, seed)


def interesting_middle(states: list[Any]) -> Any:
    """A state near the middle that shows much: dragons on cards, tiles on cards, long sites."""
    engine = games.get(GAME)

    def richness(state: Any) -> int:
        view = engine.view(state, None)
        score = 0
        for site in view["sites"]:
            score += len(site["cards"])
            score += sum(3 for card in site["cards"] if len(card["stack"]) > 1)
            score += sum(2 for card in site["cards"] if card["tile"] is not None)
        return score

    middle = len(states) // 2
    window = states[middle - len(states) // 6 : middle + len(states) // 6 + 1]
    return max(window, key=richness)


def crowded(view: dict[str, Any]) -> dict[str, Any]:
    """The view with its first site grown to 25 cards, dragons three deep, tiles on cards: the worst case."""
    players = view["players"]
    kinds = ["wall", "gate", "warrior", "tower", "horseman", "noble", "wall", "warrior"]
    cards = []
    for position in range(25):
        stack = [{"owner": position % players, "kind": kinds[position % len(kinds)]}]
        if position % 7 == 3:
            stack += [
                {"owner": (position + 1) % players, "kind": "dragon"},
                {"owner": (position + 2) % players, "kind": "dragon"},
            ]
        cards.append({"stack": stack, "value": position % 5 + 1, "tile": 8 if position == 5 else None})
    site = {
        "open": True,
        "tiles": [{"value": 8, "on": 5}, {"value": 7, "on": None}],
        "cards": cards,
        "totals": [12, -3, 15, None, 9][:players],
    }
    closed = {"open": False, "tiles": [], "cards": [], "totals": [None] * players}
    hand = ["wall"] * 6 + ["gate"] * 3 + ["tower", "noble"] + ["warrior"] * 5 + ["horseman"] * 2 + ["dragon"]
    return {
        **view,
        "sites": [site, *view["sites"][1:-1], closed],
        "hand": hand,
        "viewer": 0,
        "removed": [[3, 3], [5, 5]],
    }


def write(name: str, view: dict[str, Any], out: Path) -> None:
    """Render the view (with names) a few times; save it; print path, size and time."""
    view = {**view, "names": NAMES[: view["players"]]}
    wall, cpu = [], []
    for _ in range(7):
        start, start_cpu = time.perf_counter(), time.process_time()
        image = renderers.render(GAME, view)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    path = out / f"{name}.png"
    path.write_bytes(image)
    print(
        f"{path}  {len(image) / 1024:6.1f} KiB  "
        f"render {1000 * statistics.median(wall):5.1f} ms (fastest {1000 * min(wall):5.1f} ms, "
        f"CPU {1000 * statistics.median(cpu):5.1f} ms)"
    )


def write_replay(players: int, seed: int, out: Path) -> None:
    """Save the replay of one random game and its first, middle and last frames; print size and time."""
    views = samples.turn_views(games.get(GAME), play(players, seed), NAMES[:players])
    start, start_cpu = time.perf_counter(), time.process_time()
    gif = replay.animate(GAME, views)
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    path = out / "replay.gif"
    path.write_bytes(gif)
    with GifImagePlugin.GifImageFile(io.BytesIO(gif)) as image:
        frames, size = image.n_frames, image.size
        for name, number in (("first", 0), ("middle", frames // 2), ("last", frames - 1)):
            image.seek(number)
            image.convert("RGB").save(out / f"replay-frame-{name}.png")
    print(
        f"{path}  {len(gif) / 1024:6.1f} KiB  {frames} frames of {size[0]}x{size[1]}  "
        f"animate {wall:5.2f} s (CPU {cpu:5.2f} s, {1000 * cpu / frames:5.1f} ms a frame)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    out = ROOT / "out"
    out.mkdir(exist_ok=True)
    engine = games.get(GAME)

    five = play(5, args.seed)
    middle = interesting_middle(five)
    seat = min(engine.to_act(middle), default=0)
    write("cm-5p-start", engine.view(five[0], None), out)
    write("cm-5p-start-seat1", engine.view(five[0], 0), out)
    write("cm-5p-middle", engine.view(middle, None), out)
    write(f"cm-5p-middle-seat{seat + 1}", engine.view(middle, seat), out)
    write("cm-5p-end", engine.view(five[-1], None), out)

    write("cm-5p-crowded-seat1", crowded(engine.view(middle, 0)), out)

    two = play(2, args.seed + 1)
    write("cm-2p-middle", engine.view(interesting_middle(two), None), out)
    write("cm-2p-end-seat2", engine.view(two[-1], 1), out)

    write_replay(4, args.seed, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
