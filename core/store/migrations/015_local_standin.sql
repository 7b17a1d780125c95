-- Local stand-in for another branch's migration 015, never committed.
SELECT 1;
