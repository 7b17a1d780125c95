-- Local stand-in for another branch's migration 014, never committed.
SELECT 1;
