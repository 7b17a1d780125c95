-- The judge a phone signed in with the judges' PIN acts as, in each event
-- (chosen on the phone's "Who are you?" page), kept with its session so
-- that a restart of the network keeps it: a judge's next penalty after a
-- restart is hers, not refused for want of a name. A judge removed from
-- the event, the event deleted or the session pruned takes the choice
-- with it; the judge is one of that event's (judges' (id, event_id) key).
CREATE TABLE staff_session_judges (
    session_id INTEGER NOT NULL REFERENCES staff_sessions (id) ON DELETE CASCADE,
    event_id   INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    judge_id   INTEGER NOT NULL,
    PRIMARY KEY (session_id, event_id),
    FOREIGN KEY (judge_id, event_id) REFERENCES judges (id, event_id) ON DELETE CASCADE
);
