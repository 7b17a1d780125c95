-- What the file an event was imported from held that the event itself
-- does not (issue 20): for a Pokémon TOM file (kind 'tom'), its sanction
-- number, city and country, organizer, divisions (pods), mode and stage,
-- and each player's element with their birth date, so that exporting the
-- event as a TOM file writes them back as they were. data is the JSON of
-- core/tdf's Origin; core/store does not read inside it. An event made in
-- Tablekeeper has no row.
CREATE TABLE event_origins (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL CHECK (kind <> ''),
    data     TEXT    NOT NULL CHECK (json_valid(data)),
    PRIMARY KEY (event_id, kind)
) WITHOUT ROWID;
