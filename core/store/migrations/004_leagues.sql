-- Leagues (S13): a series of weekly events whose results add up to one set
-- of standings, following the directory's players from week to week.
CREATE TABLE leagues (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    -- event.LeagueKind: 'proving-ground' or 'lackey'.
    kind       TEXT    NOT NULL CHECK (kind IN ('proving-ground', 'lackey')),
    -- A Proving Ground's finals week size (0: week 13 is an ordinary week).
    finals     INTEGER NOT NULL DEFAULT 0 CHECK (finals >= 0),
    -- Seeds the random draw that breaks the last ties.
    tie_seed   INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER
);

-- An event belongs to at most one league, in one of its weeks; a week may
-- hold several events.
CREATE TABLE league_events (
    event_id  INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    week      INTEGER NOT NULL CHECK (week >= 1)
);
CREATE INDEX league_events_league ON league_events (league_id, week);
