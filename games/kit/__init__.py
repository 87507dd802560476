"""What the games share: tools a game's own modules are built from.

- `games.kit.engine`: `ModularEngine`, an `Engine` whose methods are the
  functions of its game's modules (no game writes the delegations itself),
  and `setup_options`, the checks of `setup`'s arguments.
- `games.kit.codec`: `SaveReader`, the validated fields of a save, with the
  sentences a refused save gives; `write`, the compact JSON of a save.
- `games.kit.data`: the JSON files of a game's package, its texts and
  translations, and the set bits of a mask.
- `games.kit.words`: messages of plain templates made quickly.
- `games.kit.notation`: typed text as a refusal quotes it; autocomplete that
  narrows by kind of move, then by its targets.
- `games.kit.view`: the seat a caller names, and the outcome as a view shows it.

Like every module of `games`, these import nothing of ours but `games.core`
and each other, and name no game.
"""
