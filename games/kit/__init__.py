"""What the games share: tools a game's own modules are built from.

- `games.kit.codec`: `SaveReader`, the validated fields of a save, with the
  sentences a refused save gives; `write`, the compact JSON of a save.
- `games.kit.data`: the JSON files of a game's package, its texts and
  translations, and the set bits of a mask.

Like every module of `games`, these import nothing of ours but `games.core`
and each other, and name no game.
"""
