-- Rounds: a name from the structure ("quarter-final"), their own games per
-- match (K6 playoffs are best of three), and when the pairings were
-- published (NULL while a draft). Entries: a fixed table for accessibility.
ALTER TABLE rounds ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE rounds ADD COLUMN best_of INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rounds ADD COLUMN published_at INTEGER;
-- Rounds paired before this version were visible at once: published.
UPDATE rounds SET published_at = paired_at;
ALTER TABLE entries ADD COLUMN fixed_table INTEGER NOT NULL DEFAULT 0;
