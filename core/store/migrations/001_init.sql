-- Tablekeeper schema, version 1.
--
-- Conventions:
--   * Times are INTEGER unix milliseconds (UTC instants); NULL is the zero
--     time.Time ("not yet").
--   * Durations are INTEGER milliseconds.
--   * Booleans are INTEGER 0 or 1.
--   * Optional references (a team, a judge who also plays, the entry a judge
--     log line is about) are NULL when unset, never 0.
--   * Every table uses AUTOINCREMENT so an ID is never reused: after a round
--     is deleted and paired again, a screen still holding an old table ID
--     gets "not found" instead of silently writing to a new table.
--   * Enumerations (state, status, stage, role, kind) are not CHECKed: the
--     domain validates them, and a new value must not need a table rebuild.

CREATE TABLE players (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL,
    -- name_fold is the case-folded name FindPlayers searches (SQLite's
    -- own LIKE folds ASCII only; "Zoë" must find "ZOË").
    name_fold  TEXT    NOT NULL,
    -- NULL when the player has no member number: UNIQUE allows many NULLs.
    member_no  TEXT    UNIQUE CHECK (member_no <> ''),
    email      TEXT    NOT NULL DEFAULT '',
    created_at INTEGER
);
CREATE INDEX players_name_fold ON players (name_fold);

CREATE TABLE events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL,
    game       TEXT    NOT NULL,
    format     TEXT    NOT NULL,
    date       INTEGER,
    state      TEXT    NOT NULL,
    -- event.Settings as JSON, so a new setting needs no migration.
    settings   TEXT    NOT NULL CHECK (json_valid(settings)),
    created_at INTEGER
);
CREATE INDEX events_date ON events (date);

CREATE TABLE teams (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name     TEXT    NOT NULL,
    UNIQUE (event_id, name),
    -- Target of entries' (team_id, event_id) key: a team is of the
    -- entry's own event.
    UNIQUE (id, event_id)
);

CREATE TABLE entries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id      INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    team_id       INTEGER,
    checked_in    INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1)),
    status        TEXT    NOT NULL,
    dropped_after INTEGER NOT NULL DEFAULT 0,
    joined_round  INTEGER NOT NULL DEFAULT 1,
    seed          INTEGER NOT NULL DEFAULT 0,
    registered_at INTEGER,
    UNIQUE (event_id, player_id),
    FOREIGN KEY (team_id, event_id) REFERENCES teams (id, event_id)
);
CREATE INDEX entries_player ON entries (player_id);
CREATE INDEX entries_team ON entries (team_id) WHERE team_id IS NOT NULL;

CREATE TABLE decks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id   INTEGER NOT NULL UNIQUE REFERENCES entries (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL DEFAULT '',
    list       TEXT    NOT NULL DEFAULT '',
    locked_at  INTEGER,
    updated_at INTEGER
);

CREATE TABLE rounds (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id          INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    number            INTEGER NOT NULL,
    stage             TEXT    NOT NULL,
    seed              INTEGER NOT NULL,
    paired_at         INTEGER,
    -- event.Clock
    clock_duration_ms INTEGER NOT NULL DEFAULT 0,
    clock_started_at  INTEGER,
    clock_paused_at   INTEGER,
    clock_paused_ms   INTEGER NOT NULL DEFAULT 0,
    clock_added_ms    INTEGER NOT NULL DEFAULT 0,
    UNIQUE (event_id, number)
);

-- "tables" is the pairing's tables, not SQL tables.
CREATE TABLE tables (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    round_id     INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    bye          INTEGER NOT NULL DEFAULT 0 CHECK (bye IN (0, 1)),
    why          TEXT    NOT NULL DEFAULT '',
    extension_ms INTEGER NOT NULL DEFAULT 0,
    -- Target of seats' (table_id, round_id) key.
    UNIQUE (id, round_id)
);
CREATE INDEX tables_round ON tables (round_id);
-- Table numbers are unique in a round; byes all have number 0.
CREATE UNIQUE INDEX tables_round_number ON tables (round_id, number) WHERE number <> 0;

CREATE TABLE seats (
    table_id INTEGER NOT NULL,
    -- 1 is the first seat.
    position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),
    -- Copied from the table so that one entry sits at one table a round.
    round_id INTEGER NOT NULL,
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    PRIMARY KEY (table_id, position),
    UNIQUE (round_id, entry_id),
    FOREIGN KEY (table_id, round_id) REFERENCES tables (id, round_id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX seats_entry ON seats (entry_id);

-- A table has a row here once its result is recorded; clearing a result
-- deletes the row (and its seat_results with it).
CREATE TABLE results (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    games_drawn INTEGER NOT NULL DEFAULT 0,
    time_out    INTEGER NOT NULL DEFAULT 0 CHECK (time_out IN (0, 1)),
    recorded_at INTEGER
);

CREATE TABLE seat_results (
    table_id  INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    games_won INTEGER NOT NULL DEFAULT 0,
    points    INTEGER NOT NULL DEFAULT 0,
    place     INTEGER NOT NULL DEFAULT 0,
    -- []event.GameDetail as JSON; NULL for a nil slice.
    games     TEXT    CHECK (games IS NULL OR json_valid(games)),
    PRIMARY KEY (table_id, position),
    FOREIGN KEY (table_id, position) REFERENCES seats (table_id, position) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE judges (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id   INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    role       TEXT    NOT NULL,
    sort_order INTEGER NOT NULL DEFAULT 0,
    player_id  INTEGER REFERENCES players (id),
    -- Target of judge_log's (judge_id, event_id) key.
    UNIQUE (id, event_id)
);
CREATE INDEX judges_event ON judges (event_id);

-- The judge log is append-only: a correction is a new line whose corrects
-- names the line it replaces, and the trigger below refuses any UPDATE.
CREATE TABLE judge_log (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id     INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    at           INTEGER,
    round        INTEGER NOT NULL DEFAULT 0,
    table_no     INTEGER NOT NULL DEFAULT 0,
    judge_id     INTEGER,
    entry_id     INTEGER REFERENCES entries (id),
    kind         TEXT    NOT NULL,
    infraction   TEXT    NOT NULL DEFAULT '',
    penalty      TEXT    NOT NULL DEFAULT '',
    description  TEXT    NOT NULL DEFAULT '',
    extension_ms INTEGER NOT NULL DEFAULT 0,
    corrects     INTEGER,
    UNIQUE (id, event_id),
    FOREIGN KEY (judge_id, event_id) REFERENCES judges (id, event_id),
    FOREIGN KEY (corrects, event_id) REFERENCES judge_log (id, event_id)
);
CREATE INDEX judge_log_event ON judge_log (event_id);
CREATE INDEX judge_log_corrects ON judge_log (corrects) WHERE corrects IS NOT NULL;
CREATE INDEX judge_log_judge ON judge_log (judge_id) WHERE judge_id IS NOT NULL;
CREATE INDEX judge_log_entry ON judge_log (entry_id) WHERE entry_id IS NOT NULL;
CREATE TRIGGER judge_log_append_only BEFORE UPDATE ON judge_log
BEGIN
    SELECT RAISE(ABORT, 'the judge log is append-only: add a correcting entry instead');
END;

-- The event's activity log, append-only like the judge log.
CREATE TABLE event_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    at       INTEGER,
    round    INTEGER NOT NULL DEFAULT 0,
    message  TEXT    NOT NULL
);
CREATE INDEX event_log_event ON event_log (event_id);
CREATE TRIGGER event_log_append_only BEFORE UPDATE ON event_log
BEGIN
    SELECT RAISE(ABORT, 'the activity log is append-only');
END;
