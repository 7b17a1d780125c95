-- Drops from the phone (issue 22): a player signed in on her phone with
-- her player code asks to drop after the current round. The request waits
-- for the organizer (accepted: she is dropped; refused: she stays in),
-- unless the event applies phones' drops without approval, when it is
-- kept as accepted at once; she can withdraw it while it is open.

-- round is the last round paired when she asked (0 before round 1);
-- device the phone's id, for the log of who wrote what. closed_at is NULL
-- while the request is open.
CREATE TABLE drop_requests (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    entry_id  INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 0),
    device    TEXT    NOT NULL DEFAULT '',
    at        INTEGER NOT NULL,
    state     TEXT    NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'refused', 'withdrawn')),
    closed_at INTEGER,
    CHECK ((state = 'open') = (closed_at IS NULL))
);
-- One open request per player: a second tap while one waits is the same
-- request, whatever the phone.
CREATE UNIQUE INDEX drop_requests_open ON drop_requests (entry_id) WHERE state = 'open';
CREATE INDEX drop_requests_event ON drop_requests (event_id, state);
CREATE INDEX drop_requests_entry ON drop_requests (entry_id, id);
