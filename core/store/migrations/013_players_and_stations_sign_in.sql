-- The whole floor on the network (issue 22): scorekeeper stations sign
-- in like judges' phones, and players sign in on their own phones with a
-- personal code, to send a decklist, confirm a result or ask to drop.

-- The sign-in log and the sessions take two more kinds: 'scorekeeper' (a
-- station entering results from slips) and 'player' (a player's phone,
-- for one entry of one event). SQLite cannot change a CHECK in place, so
-- both tables are made again with their rows.
CREATE TABLE signin_log_new (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('judge', 'kiosk', 'scorekeeper', 'player', 'any')),
    outcome TEXT    NOT NULL CHECK (outcome IN ('signed-in', 'wrong', 'paused')),
    device  TEXT    NOT NULL DEFAULT '',
    address TEXT    NOT NULL DEFAULT '',
    count   INTEGER NOT NULL DEFAULT 1 CHECK (count >= 0),
    devices INTEGER NOT NULL DEFAULT 1 CHECK (devices >= 0)
);
INSERT INTO signin_log_new (id, at, kind, outcome, device, address, count, devices)
    SELECT id, at, kind, outcome, device, address, count, devices FROM signin_log;
DROP TABLE signin_log;
ALTER TABLE signin_log_new RENAME TO signin_log;
CREATE INDEX signin_log_at ON signin_log (at);

-- name is the name a scorekeeper station signed in with (its entries are
-- logged under it); entry_id the entry a player's phone signed in as (0
-- for staff).
CREATE TABLE staff_sessions_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT    NOT NULL UNIQUE,
    kind       TEXT    NOT NULL CHECK (kind IN ('judge', 'kiosk', 'scorekeeper', 'player')),
    event_id   INTEGER NOT NULL DEFAULT 0,
    entry_id   INTEGER NOT NULL DEFAULT 0,
    name       TEXT    NOT NULL DEFAULT '',
    device     TEXT    NOT NULL DEFAULT '',
    address    TEXT    NOT NULL DEFAULT '',
    started    INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL,
    expires    INTEGER NOT NULL,
    ended_at   INTEGER,
    why        TEXT    NOT NULL DEFAULT ''
);
INSERT INTO staff_sessions_new (id, token_hash, kind, event_id, device, address, started, last_seen, expires, ended_at, why)
    SELECT id, token_hash, kind, event_id, device, address, started, last_seen, expires, ended_at, why FROM staff_sessions;
DROP TABLE staff_sessions;
ALTER TABLE staff_sessions_new RENAME TO staff_sessions;
CREATE INDEX staff_sessions_open ON staff_sessions (kind) WHERE ended_at IS NULL;
CREATE INDEX staff_sessions_entry ON staff_sessions (entry_id) WHERE entry_id <> 0 AND ended_at IS NULL;

-- A player's own code (6 characters of the table codes' alphabet), drawn
-- the first time it is asked for (shown at check-in, printed on the
-- player's slip) and never the same as another entry's of the event. It
-- proves on a phone that she is this entry, which her name alone does
-- not. Kept apart from the entries so that no read of the players carries
-- it by accident.
CREATE TABLE player_codes (
    entry_id INTEGER PRIMARY KEY REFERENCES entries (id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    code     TEXT    NOT NULL CHECK (length(code) = 6),
    UNIQUE (event_id, code)
);
