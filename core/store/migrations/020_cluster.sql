-- What a database that replays another's writes (a standby laptop,
-- issue 29) has applied of them. Each unit of the leader's log is
-- applied in one transaction that also moves cluster_applied on, so a
-- crash between the log's commit and this database's leaves either the
-- unit and its index or neither, and the unit is replayed exactly once
-- (DB.ApplyUnit). A database nobody replicates keeps the row at 0.
--
-- These tables are the laptop's bookkeeping, not the event's: the event
-- file (transfer) leaves them out, as it leaves out the staff sessions.
CREATE TABLE cluster_applied (
    one  INTEGER PRIMARY KEY CHECK (one = 1),
    -- The index and term of the last unit applied.
    idx  INTEGER NOT NULL CHECK (idx >= 0),
    term INTEGER NOT NULL CHECK (term >= 0)
);
INSERT INTO cluster_applied (one, idx, term) VALUES (1, 0, 0);

-- The requests already recorded (a page's Tablekeeper-Request id): a
-- write sent again after its answer was lost is recorded once.
CREATE TABLE cluster_requests (
    id  TEXT    PRIMARY KEY,
    -- The index of the unit that recorded it.
    idx INTEGER NOT NULL,
    -- When the unit was captured, unix milliseconds.
    at  INTEGER NOT NULL
) WITHOUT ROWID;
