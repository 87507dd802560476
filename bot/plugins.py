"""Games from installed packages: the entry-point group `baumeister.games`.

A package offers a game by naming, in its metadata, a callable that
registers it in each layer (`games.register`, `renderers.register`,
`ai.register`); see docs/adding-a-game.md. Every process of the bot loads
them once: the bot itself, the local mode and the worker processes.
"""

from __future__ import annotations

import logging
from importlib.metadata import entry_points

__all__ = ["GROUP", "load_installed_games"]

log = logging.getLogger(__name__)

GROUP = "baumeister.games"
_loaded = False


def load_installed_games() -> list[str]:
    """Call every registered entry point of the group once; the names of those that worked.

    A package whose registration fails is logged and left out: one broken
    game must not keep the bot from starting.
    """
    global _loaded
    if _loaded:
        return []
    _loaded = True
    done = []
    for point in entry_points(group=GROUP):
        try:
            point.load()()
        except Exception:
            log.exception("the game package %s (%s) could not be registered", point.name, point.value)
            continue
        done.append(point.name)
        log.info("registered the installed game %s", point.name)
    return done
