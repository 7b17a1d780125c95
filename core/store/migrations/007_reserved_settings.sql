-- Version 7 is the settings branch's migration (per-game settings). This
-- file only holds the number on the netcore branch so that 008 loads; the
-- merge keeps the settings branch's 007 and drops this file.
SELECT 1;
