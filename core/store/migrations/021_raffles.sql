-- Raffles (issue 30): a prize drawn among the players present or still
-- in, seeded and kept, so the draw is said again as it was and shown on
-- the TV. Winners is the entries drawn, in the order drawn, as a JSON
-- array of ids.
CREATE TABLE raffles (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    at       INTEGER NOT NULL,
    pool     TEXT    NOT NULL CHECK (pool IN ('present', 'in')),
    seed     INTEGER NOT NULL,
    among    INTEGER NOT NULL CHECK (among > 0),
    winners  TEXT    NOT NULL CHECK (json_valid(winners))
);
CREATE INDEX raffles_event ON raffles (event_id, id);
