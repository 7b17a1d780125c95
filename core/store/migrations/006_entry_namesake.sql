-- An entry signed up at the kiosk by a player who said they are not the
-- registered player of the same name (a true namesake): the organizer's
-- Registration tab marks it so someone checks it is not a second entry of
-- one person.
ALTER TABLE entries ADD COLUMN namesake INTEGER NOT NULL DEFAULT 0 CHECK (namesake IN (0, 1));
