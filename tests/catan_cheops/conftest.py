"""Catan: Cheops's tests import its package, which registers the engine in `games`.

The game joins the built-in list (and with it the suite-wide tests over
`games.all()`: hidden information, renderers, the bot) once its renderer and
AI exist; until then the registration is taken back here, so those tests
keep seeing exactly the games they know. These tests use the engine directly.
"""

from __future__ import annotations

import games
import games.catan_cheops

games.unregister("catan-cheops")
