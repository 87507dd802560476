#!/usr/bin/env python3
"""Draw every game's board and close-up as a phone shows them: 390 px wide.

For each game, a seeded random game with 2 players (or the fewest the game
allows) and with the most: the start, the middle and the end, each board
drawn as its post shows it (what changed since the position before it
marked) and scaled to 390 px wide when wider, as Discord shows it on a
phone; with the close-up of the seat to act where its decision picks a
place. Each label's height on the phone is checked (`renderers.legibility`)
and the smallest of each role is printed. The images go to a folder
(docs/phone/ by default), for docs/phone.md and for looking at them:

    python scripts/phone_images.py [--out DIR] [--game ID] [--seed N]
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402 - after the path set-up above
import renderers  # noqa: E402
from renderers import legibility  # noqa: E402
from renderers import samples  # noqa: E402

NAMES = ["Anna", "Bartholomäus", "Chen 陈", "Dmitri 🐉", "Eva"]


def on_phone(png: bytes) -> Image.Image:
    """The image as a phone shows it: 390 px wide when wider, else at its own size."""
    image = Image.open(io.BytesIO(png))
    image.load()
    if image.width <= legibility.PHONE_WIDTH:
        return image
    height = round(image.height * legibility.PHONE_WIDTH / image.width)
    smaller = image.convert("RGB").resize((legibility.PHONE_WIDTH, height), Image.Resampling.LANCZOS)
    # A palette, as the boards themselves are stored: a tenth of the bytes, the same to the eye.
    return smaller.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def moments(count: int) -> dict[str, int]:
    return {"start": 0, "middle": count // 2, "end": count - 1}


def draw_game(game_id: str, players: int, seed: int, out: Path) -> list[str]:
    engine = games.get(game_id)
    states = samples.random_game(engine, players, seed)
    lines = []
    for moment, number in moments(len(states)).items():
        state = states[number]
        view: dict[str, Any] = {**engine.view(state, None), "names": NAMES[:players]}
        if number > 0:
            view["since"] = {**engine.view(states[number - 1], None), "names": NAMES[:players]}
        found = legibility.report(lambda view=view: renderers.render(game_id, view, "en"))
        png = renderers.render(game_id, view, "en")
        name = f"{game_id}-{players}p-{moment}"
        on_phone(png).save(out / f"{name}.png")
        smallest = {
            role: min(found.on_phone(label) for label in found.drawn if label.role == role)
            for role in sorted(found.roles())
        }
        sizes = ", ".join(f"{role} {size:.1f} px" for role, size in smallest.items())
        lines.append(f"{name}: {found.width}×{found.height} → {sizes or 'no labels reported'}")
        acting = sorted(engine.to_act(state))
        if acting:
            seat = acting[0]
            legal = [engine.format_action(state, action) for action in engine.legal_actions(state, seat)]
            seat_view = {**engine.view(state, seat), "names": NAMES[:players]}
            close = renderers.closeup(game_id, seat_view, legal, "en")
            if close is not None:
                on_phone(close).save(out / f"{name}-closeup.png")
                lines.append(f"{name}-closeup: {len(legal)} legal moves")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "phone")
    parser.add_argument("--game", action="append", help="only this game (may be given again)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--most", action="store_true", help="only the most players each game takes (docs/phone.md's images)"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for game_id in args.game or renderers.game_ids():
        engine = games.get(game_id)
        counts = {engine.max_players} if args.most else {max(2, engine.min_players), engine.max_players}
        for players in sorted(counts):
            for line in draw_game(game_id, players, args.seed, args.out):
                print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
