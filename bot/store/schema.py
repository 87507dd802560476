"""The database's schema and its migrations, written once for both backends.

The statements are SQLite's; the PostgreSQL backend translates the few words
the two spell differently (`bot.store.postgres`). Each backend records the
number of the last step applied and applies the rest in one transaction.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.store.rows import STATUSES
from bot.store.rows import StoreError

#: Schema steps in order; after applying step n the database has
#: ``user_version`` n. Each step is a sequence of single SQL statements (run
#: one by one, so the whole step stays inside the migration transaction).
#: Never edit a released step: append a new one.
MIGRATIONS: list[tuple[str, ...]] = [
    (
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            engine TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER,
            thread_id INTEGER,
            lobby_message_id INTEGER,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
            options TEXT NOT NULL,
            seed INTEGER,
            state TEXT,
            version INTEGER NOT NULL CHECK (version >= 0),
            outcome TEXT,
            announced_version INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX games_by_guild_status ON games (guild_id, status)",
        """
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            user_id INTEGER,
            name TEXT NOT NULL,
            is_ai INTEGER NOT NULL CHECK (is_ai IN (0, 1)),
            PRIMARY KEY (game_id, seat)
        )
        """,
        "CREATE INDEX seats_by_user ON seats (user_id)",
        # The version after each move is unique within a game; the constraint
        # also indexes `moves(game_id, since_version)`.
        """
        CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, number),
            UNIQUE (game_id, version)
        )
        """,
    ),
    (
        # Per-game settings (turn deadline and what happens when it passes), the
        # server's language for thread posts, and the end-of-game bookkeeping.
        "ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE games ADD COLUMN locale TEXT",
        "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1))",
        "ALTER TABLE games ADD COLUMN summary_posted INTEGER NOT NULL DEFAULT 0 "
        "CHECK (summary_posted IN (0, 1))",
        # Reminders and deadlines: one row per (game, seat, kind), read by one dispatcher.
        # `turn_version` is the version at which the seat's turn began: a new turn
        # replaces the timers of the last one.
        """
        CREATE TABLE timers (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            kind TEXT NOT NULL CHECK (kind IN ('reminder', 'deadline')),
            turn_version INTEGER NOT NULL,
            due_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seat, kind)
        )
        """,
        "CREATE INDEX timers_by_due ON timers (due_at)",
        # What a person chose for themselves, across games and servers.
        """
        CREATE TABLE players (
            user_id INTEGER PRIMARY KEY,
            dm INTEGER NOT NULL DEFAULT 0 CHECK (dm IN (0, 1)),
            away_until TEXT,
            locale TEXT
        )
        """,
        # One rating per person and game (OpenSkill's mu and sigma).
        """
        CREATE TABLE ratings (
            user_id INTEGER NOT NULL,
            engine TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            PRIMARY KEY (user_id, engine)
        )
        """,
    ),
    (
        # The version of the engine's move notation the game's log is written
        # in (`Engine.notation_version`); every game before this step used 1.
        "ALTER TABLE games ADD COLUMN notation_version INTEGER NOT NULL DEFAULT 1 "
        "CHECK (notation_version >= 1)",
        # Every lookup that runs on a command or a timer searches an index:
        # the game of a thread (most threads have no game: NULL stays out),
        # the running games after a restart, and a person's games as host
        # (as a player `seats_by_user` finds them). `games_by_guild_status`,
        # `seats_by_user` and `timers_by_due` exist since step 1 and 2.
        "CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL",
        "CREATE INDEX games_by_status ON games (status)",
        "CREATE INDEX games_by_host ON games (host_id)",
    ),
    (
        # Pings for seats obliged during someone else's turn go out before the
        # turn's post: this remembers up to which version they went, so a
        # restart does not ping them again.
        "ALTER TABLE games ADD COLUMN pinged_version INTEGER NOT NULL DEFAULT 0",
    ),
    (
        # What a thread must still be told besides the turns; deleted once posted.
        """
        CREATE TABLE notices (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            body TEXT NOT NULL,
            created_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX notices_by_game ON notices (game_id, id)",
    ),
    (
        # Servers the bot was removed from: their games are paused until it is back.
        """
        CREATE TABLE departed_guilds (
            guild_id INTEGER PRIMARY KEY,
            left_at TEXT NOT NULL
        )
        """,
    ),
    (
        # Lists at scale: a server's games of one status, newest first, read a page
        # at a time straight from the index (no sort of all of them).
        "CREATE INDEX games_by_guild_status_time ON games (guild_id, status, created_at, id)",
        # The restore after a start reads only the games that still owe something:
        # moves the thread has not heard of, a summary not yet posted. Partial
        # indexes: they hold those games alone, however many games there are.
        "CREATE INDEX games_unannounced ON games (updated_at) "
        "WHERE announced_version < version AND status IN ('running', 'finished')",
        "CREATE INDEX games_unsummarised ON games (updated_at) "
        "WHERE status = 'finished' AND summary_posted = 0",
    ),
    (
        # The rating changes a finished game made (JSON: [[seat, before, after], ...]), kept
        # with the mark that it was rated: a summary posted again after a failure shows them.
        "ALTER TABLE games ADD COLUMN rating_changes TEXT",
    ),
    (
        # A third kind of timer: when a deadline passed in a game whose host decides, the
        # host has one more period to answer ('host_answer'), then the AI stands in. A
        # CHECK cannot be changed in place in SQLite: the table is made anew.
        """
        CREATE TABLE timers_new (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            kind TEXT NOT NULL CHECK (kind IN ('reminder', 'deadline', 'host_answer')),
            turn_version INTEGER NOT NULL,
            due_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seat, kind)
        )
        """,
        "INSERT INTO timers_new (game_id, seat, kind, turn_version, due_at) "
        "SELECT game_id, seat, kind, turn_version, due_at FROM timers",
        "DROP TABLE timers",
        "ALTER TABLE timers_new RENAME TO timers",
        "CREATE INDEX timers_by_due ON timers (due_at)",
    ),
    (
        # A server's own settings (`/config`); NULL: the bot's default, so a server that
        # never chose follows the defaults as they are now. `channels` is a JSON list of
        # channel ids where games and leagues may open ('[]': anywhere).
        """
        CREATE TABLE server_settings (
            guild_id INTEGER PRIMARY KEY,
            channels TEXT NOT NULL DEFAULT '[]',
            opener_role INTEGER,
            organiser_role INTEGER,
            deadline_hours INTEGER CHECK (deadline_hours >= 0),
            on_timeout TEXT,
            locale TEXT,
            open_lobbies INTEGER CHECK (open_lobbies >= 1),
            lobby_days INTEGER CHECK (lobby_days >= 1),
            updated_at TEXT NOT NULL
        )
        """,
    ),
    (
        # Quiet hours (`/notify quiet`): whole hours of the person's own time zone (an IANA
        # name), kept as wall-clock hours so that they stay the same across daylight-saving
        # changes. `quiet_owed`: when the ping held back during them is due (their end);
        # the partial index holds only those owed one, for the dispatcher's look.
        "ALTER TABLE players ADD COLUMN quiet_from INTEGER CHECK (quiet_from BETWEEN 0 AND 23)",
        "ALTER TABLE players ADD COLUMN quiet_to INTEGER CHECK (quiet_to BETWEEN 0 AND 23)",
        "ALTER TABLE players ADD COLUMN quiet_zone TEXT",
        "ALTER TABLE players ADD COLUMN quiet_owed TEXT",
        "CREATE INDEX players_owed_ping ON players (quiet_owed) WHERE quiet_owed IS NOT NULL",
    ),
    (
        # When the host or a moderator paused a running game (NULL: not paused). While
        # set, no move is recorded and its timers wait; resuming moves them on by the pause.
        "ALTER TABLE games ADD COLUMN paused_at TEXT",
    ),
    (
        # Leagues (`/league`): a season of one game in one server. `round` is the last
        # round seated (0: none yet); what a league owes its channel follows from these
        # rows (a round seated but not posted, tables without a game, a last round ended
        # without its final standings posted), so a stop loses nothing.
        """
        CREATE TABLE leagues (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            message_id INTEGER,
            organiser_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            engine TEXT NOT NULL,
            format TEXT NOT NULL CHECK (format IN ('swiss', 'round-robin')),
            rounds INTEGER NOT NULL CHECK (rounds >= 1),
            deadline_hours INTEGER NOT NULL CHECK (deadline_hours >= 0),
            seed INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
            round INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
            final_posted INTEGER NOT NULL DEFAULT 0,
            locale TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX leagues_by_guild ON leagues (guild_id, status)",
        # `dropped_round`: the round in which the member dropped (NULL: still in).
        """
        CREATE TABLE league_members (
            league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            joined_at TEXT NOT NULL,
            dropped_round INTEGER CHECK (dropped_round >= 0),
            PRIMARY KEY (league_id, user_id)
        )
        """,
        """
        CREATE TABLE league_rounds (
            league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
            round INTEGER NOT NULL CHECK (round >= 1),
            seated_at TEXT NOT NULL,
            posted INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (league_id, round)
        )
        """,
        # Each table of a round: its seats in order (JSON: user ids, null for an AI seat)
        # and the game played there (NULL until it is opened).
        """
        CREATE TABLE league_tables (
            league_id INTEGER NOT NULL,
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL CHECK (table_no >= 1),
            seats TEXT NOT NULL,
            game_id INTEGER REFERENCES games (id),
            PRIMARY KEY (league_id, round, table_no),
            FOREIGN KEY (league_id, round) REFERENCES league_rounds (league_id, round) ON DELETE CASCADE
        )
        """,
        "CREATE UNIQUE INDEX league_tables_by_game ON league_tables (game_id)",
    ),
    (
        # What a league owes its channel and its tables' threads, one row a post, written
        # in the same transaction as what makes it owed (a round seated, the league ended
        # or cancelled): `what` names it ('pairings:R', 'table:R:T', 'final', 'cancelled',
        # 'trouble'). A post that failed waits longer after each try (`tried_at`), and one
        # that keeps failing is given up after a few `tries`, so none holds the league back.
        # The flags they replace go.
        """
        CREATE TABLE league_posts (
            league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
            what TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'owed' CHECK (state IN ('owed', 'done', 'given_up')),
            tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
            tried_at TEXT,
            created_at TEXT NOT NULL,
            PRIMARY KEY (league_id, what)
        )
        """,
        "CREATE INDEX league_posts_owed ON league_posts (league_id) WHERE state = 'owed'",
        "INSERT INTO league_posts (league_id, what, state, created_at) "
        "SELECT league_id, 'pairings:' || round, "
        "CASE WHEN posted = 1 THEN 'done' ELSE 'owed' END, seated_at FROM league_rounds",
        "INSERT INTO league_posts (league_id, what, state, created_at) "
        "SELECT id, 'final', CASE WHEN final_posted = 1 THEN 'done' ELSE 'owed' END, updated_at "
        "FROM leagues WHERE status = 'finished'",
        "ALTER TABLE league_rounds DROP COLUMN posted",
        "ALTER TABLE leagues DROP COLUMN final_posted",
        # Limits a server may set with `/config` (NULL: the bot's default): members a league
        # takes, and leagues open (signing up or running) at once.
        "ALTER TABLE server_settings ADD COLUMN league_members INTEGER CHECK (league_members >= 2)",
        "ALTER TABLE server_settings ADD COLUMN open_leagues INTEGER CHECK (open_leagues >= 1)",
    ),
    (
        # Tips while learning: `players.tips` is 0 once the member switched them off
        # (`/notify tips`); `tips_seen` holds each tip a member was shown, per kind of game,
        # so that each comes once.
        "ALTER TABLE players ADD COLUMN tips INTEGER NOT NULL DEFAULT 1 CHECK (tips IN (0, 1))",
        """
        CREATE TABLE tips_seen (
            user_id INTEGER NOT NULL,
            engine TEXT NOT NULL,
            tip TEXT NOT NULL,
            PRIMARY KEY (user_id, engine, tip)
        )
        """,
    ),
    (
        # Each AI seat plays at its own level (`ai.LEVELS`); the seats before this step,
        # and every person's seat, read 'normal'. No CHECK: a level added later needs no
        # rebuilt table (SQLite cannot change a CHECK in place); the service checks it.
        "ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'normal'",
        # The level of the AI that stands in for a league's missing member (its organiser's
        # choice; the leagues before this step: Normal).
        "ALTER TABLE leagues ADD COLUMN ai_level TEXT NOT NULL DEFAULT 'normal'",
    ),
]


def _checked_statuses(statuses: Collection[str]) -> list[str]:
    if isinstance(statuses, str):
        raise TypeError("statuses must be a collection of status names, not one string")
    unknown = sorted(set(statuses) - set(STATUSES))
    if unknown:
        raise ValueError(f"unknown game status {', '.join(map(repr, unknown))}")
    return sorted(set(statuses))


def newer_schema(current: int) -> StoreError:
    """The refusal of a database that code newer than this one wrote."""
    return StoreError(
        f"the database has schema version {current}, but this code knows only up to {len(MIGRATIONS)}; "
        "it was written by a newer release — upgrade the bot instead of opening it with this one"
    )
