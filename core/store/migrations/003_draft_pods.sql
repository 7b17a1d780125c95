-- Draft seating (A5, H7, S14): the latest draw of an event's draft pods.
-- Drawing again replaces it: the row here and, by cascade, its seats.
CREATE TABLE draft_seatings (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    -- The seed of the random source the pods were drawn with.
    seed     INTEGER NOT NULL,
    -- []event.PassDirection as JSON, pack 1 first: ["left","right",…].
    passes   TEXT    NOT NULL CHECK (json_valid(passes)),
    drawn_at INTEGER
);

-- One row per seat: pod 1 is the first pod, seat 1 the first seat, seats
-- in clockwise order.
CREATE TABLE draft_pods (
    event_id INTEGER NOT NULL REFERENCES draft_seatings (event_id) ON DELETE CASCADE,
    pod      INTEGER NOT NULL CHECK (pod >= 1),
    seat     INTEGER NOT NULL CHECK (seat >= 1),
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    PRIMARY KEY (event_id, pod, seat),
    -- A player drafts in one seat.
    UNIQUE (event_id, entry_id)
) WITHOUT ROWID;
CREATE INDEX draft_pods_entry ON draft_pods (entry_id);
