-- Local stand-in for another branch's migration 016, never committed.
SELECT 1;
