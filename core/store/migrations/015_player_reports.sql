-- Results both players confirm (issue 22): in an event that asks for it,
-- each player reports her table's result from her own phone, signed in
-- with her player code; the result is recorded when every side of the
-- table has reported the same, and goes to the organizer's list when
-- they disagree or one side is still silent at time.

-- One report per player per table: she may send again (it replaces hers)
-- until the table is settled. entry_id is the player who sent it, from
-- her phone's session, never from what the phone sends.
CREATE TABLE player_reports (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    entry_id  INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    -- The result as sent (tidied), in the syntax of the table's form.
    text      TEXT    NOT NULL,
    -- event.Result as parsed, as JSON.
    parsed    TEXT    NOT NULL CHECK (json_valid(parsed)),
    device    TEXT    NOT NULL DEFAULT '',
    at        INTEGER NOT NULL,
    -- closed_at is NULL while the table waits; accepted says whether the
    -- result recorded is the one this report said.
    closed_at INTEGER,
    accepted  INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1)),
    UNIQUE (table_id, entry_id)
);
CREATE INDEX player_reports_open ON player_reports (event_id, round, table_no) WHERE closed_at IS NULL;
