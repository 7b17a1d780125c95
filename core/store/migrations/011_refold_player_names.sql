-- One name fold (issue 20): players.name_fold is now event.FoldName, the
-- fold the kiosk, the desk and the reports all use. The old column folded
-- only the Latin-1 and Latin Extended-A accents, so "nguyen" did not find
-- "Nguyễn" at the desk while the kiosk found her, and the organizer
-- registered a regular twice.
--
-- The schema does not change: this migration's Go step (core/store,
-- refoldPlayerNames), run in this same transaction, recomputes name_fold
-- for every player.
SELECT 1;
