-- One report lifecycle: the results players typed with a table's code
-- (phone_reports, migration 8) and the results players reported from
-- their own phones (player_reports, migration 15) are kept in one table,
-- read and closed by one code path. Every row moves with its values;
-- the reports by table code keep their ids, and a player's own report is
-- given the next free one (in the order they were sent), as nothing
-- outside the database names a report's id for long: a desk list or a
-- phone reads them again after every change.
CREATE TABLE reports (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    -- The player who sent her own report, from her phone's session; NULL
    -- for a report typed with the table's code.
    entry_id  INTEGER REFERENCES entries (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    -- The result as typed (tidied), in the syntax of the table's form.
    text      TEXT    NOT NULL,
    -- event.Result as parsed, as JSON.
    parsed    TEXT    NOT NULL CHECK (json_valid(parsed)),
    device    TEXT    NOT NULL DEFAULT '',
    -- A report by table code over a different result on record.
    conflict  INTEGER NOT NULL DEFAULT 0 CHECK (conflict IN (0, 1)),
    at        INTEGER,
    -- closed_at is NULL while the report waits; accepted says whether the
    -- result recorded is the one it said.
    closed_at INTEGER,
    accepted  INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1)),
    -- One report per player per table (NULLs, the reports by code, are
    -- all distinct).
    UNIQUE (table_id, entry_id)
);

INSERT INTO reports (id, event_id, table_id, entry_id, round, table_no, text, parsed, device, conflict, at, closed_at, accepted)
    SELECT id, event_id, table_id, NULL, round, table_no, text, parsed, device, conflict, at, closed_at, accepted
    FROM phone_reports ORDER BY id;
INSERT INTO reports (event_id, table_id, entry_id, round, table_no, text, parsed, device, conflict, at, closed_at, accepted)
    SELECT event_id, table_id, entry_id, round, table_no, text, parsed, device, 0, at, closed_at, accepted
    FROM player_reports ORDER BY id;

DROP TABLE phone_reports;
DROP TABLE player_reports;

CREATE INDEX reports_open ON reports (event_id, round, table_no) WHERE closed_at IS NULL;
CREATE INDEX reports_table ON reports (table_id);
