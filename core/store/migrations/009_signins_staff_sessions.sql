-- PINs nobody can guess (issue 19): every sign-in to the store network's
-- staff areas (the judges' phones, the kiosk tablets) and every wrong PIN
-- is logged, and the devices signed in are kept here rather than in the
-- web server's memory, so the organizer sees them, signs any of them out,
-- and a restart of the network keeps tablets unlocked.

-- The sign-in log. kind is 'judge' or 'kiosk'; outcome 'signed-in',
-- 'wrong' (a wrong PIN, evaluated) or 'paused' (tries refused while PIN
-- sign-in was paused for everyone: one row per pause, its count growing,
-- so a flood adds no rows). The director keeps the newest rows only.
CREATE TABLE signin_log (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('judge', 'kiosk', 'any')),
    outcome TEXT    NOT NULL CHECK (outcome IN ('signed-in', 'wrong', 'paused')),
    device  TEXT    NOT NULL DEFAULT '',
    address TEXT    NOT NULL DEFAULT '',
    count   INTEGER NOT NULL DEFAULT 1 CHECK (count >= 0),
    devices INTEGER NOT NULL DEFAULT 1 CHECK (devices >= 0)
);
CREATE INDEX signin_log_at ON signin_log (at);

-- A device signed in: a judge's phone or a kiosk tablet. token_hash is
-- the SHA-256 of the session's cookie (the cookie itself is never kept).
-- ended_at is NULL while the session is open; why says who ended it
-- ('signed-out' by the device, 'organizer', 'renewed' secret, 'expired').
CREATE TABLE staff_sessions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT    NOT NULL UNIQUE,
    kind       TEXT    NOT NULL CHECK (kind IN ('judge', 'kiosk')),
    event_id   INTEGER NOT NULL DEFAULT 0,
    device     TEXT    NOT NULL DEFAULT '',
    address    TEXT    NOT NULL DEFAULT '',
    started    INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL,
    expires    INTEGER NOT NULL,
    ended_at   INTEGER,
    why        TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_open ON staff_sessions (kind) WHERE ended_at IS NULL;

-- A judges' PIN of 6 digits (before this version) is too short to hold
-- against a guesser with many addresses: it is dropped, the director
-- draws a long one the next time it is asked, and the flag below has the
-- Store network panel say so once.
INSERT INTO app_settings (key, value)
    SELECT 'network.judge-pin-replaced', '1' FROM app_settings
    WHERE key = 'network.judge-pin' AND length(value) < 8;
DELETE FROM app_settings WHERE key = 'network.judge-pin' AND length(value) < 8;
