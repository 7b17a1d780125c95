-- Decklists from players' phones (issue 22): a player registers her deck
-- on her own phone while the event asks for decklists, before round 1 is
-- paired, until the organizer closes deck registration. The close is
-- kept here, one row per event that was closed; reopening removes the
-- row. The desk registers and changes decks as before, closed or not.
CREATE TABLE deck_registration_closed (
    event_id  INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    closed_at INTEGER NOT NULL
);
