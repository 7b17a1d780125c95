-- The player directory's log: every rename and merge of a directory
-- player, append-only like the activity log. player_id is the player the
-- line is about (the one kept, for a merge); it names no row, since a
-- merged player leaves the directory and her line must stay.
-- IF NOT EXISTS: tests that take a database back to an older version run
-- this file again.
CREATE TABLE IF NOT EXISTS directory_log (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        INTEGER,
    player_id INTEGER NOT NULL,
    -- i18n.Text as JSON, said in the reader's language.
    message   TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS directory_log_player ON directory_log (player_id);
CREATE TRIGGER IF NOT EXISTS directory_log_append_only BEFORE UPDATE ON directory_log
BEGIN
    SELECT RAISE(ABORT, 'the directory log is append-only');
END;
