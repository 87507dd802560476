"""What the games share: tools a game's own modules are built from.

- `games.kit.codec`: `SaveReader`, the validated fields of a save, with the
  sentences a refused save gives; `write`, the compact JSON of a save.

Like every module of `games`, these import nothing of ours but `games.core`
and each other, and name no game.
"""
