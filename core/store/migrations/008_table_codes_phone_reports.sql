-- The store network (issue 14): players report their table's result from a
-- phone with a short code printed on the match slip.

-- Each table of a published round has a code (6 characters of an
-- unambiguous alphabet, drawn at random when the round is published). A
-- code is never used twice in one event, so a code from an earlier round
-- is refused. The codes are kept apart from the tables so that no read of
-- the pairings carries them by accident.
CREATE TABLE table_codes (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    code     TEXT    NOT NULL CHECK (length(code) = 6),
    UNIQUE (event_id, code)
);

-- A result the players reported themselves (from a phone with the table's
-- code) rather than one the organizer typed; a correction from the
-- keyboard replaces the row, and so the mark.
ALTER TABLE results ADD COLUMN by_players INTEGER NOT NULL DEFAULT 0 CHECK (by_players IN (0, 1));

-- Phone reports that wait for the organizer: the event asks for approval,
-- or the table already held a different result ("to check"). closed_at is
-- NULL while the report is open; accepted says how it was closed.
CREATE TABLE phone_reports (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    -- The result as typed (tidied), in the syntax of the table's form.
    text      TEXT    NOT NULL,
    -- event.Result as parsed, as JSON.
    parsed    TEXT    NOT NULL CHECK (json_valid(parsed)),
    device    TEXT    NOT NULL DEFAULT '',
    conflict  INTEGER NOT NULL DEFAULT 0 CHECK (conflict IN (0, 1)),
    at        INTEGER,
    closed_at INTEGER,
    accepted  INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1))
);
CREATE INDEX phone_reports_open ON phone_reports (event_id, round, table_no) WHERE closed_at IS NULL;
CREATE INDEX phone_reports_table ON phone_reports (table_id);

-- Where a judge log entry was written when not at the organizer's
-- computer ("judge phone, device …"); '' for the organizer's screen.
ALTER TABLE judge_log ADD COLUMN source TEXT NOT NULL DEFAULT '';
