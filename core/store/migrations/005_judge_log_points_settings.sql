-- A point deduction's points (S9) and the outcome of a deck check or an
-- appeal, on the append-only judge log (adding columns is no UPDATE, so
-- the append-only trigger is untouched).
ALTER TABLE judge_log ADD COLUMN points  INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0);
ALTER TABLE judge_log ADD COLUMN outcome TEXT    NOT NULL DEFAULT '';

-- The organizer's own settings that belong to the database rather than to
-- one event: the kiosk PIN (stored as a salted hash, never in clear).
CREATE TABLE app_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- What a round's clock has announced (the 10-minute warning, time, each
-- extended table's end), as core/clock's JSON record, so that a restart
-- never repeats or loses an announcement.
ALTER TABLE rounds ADD COLUMN clock_announced TEXT NOT NULL DEFAULT '';
