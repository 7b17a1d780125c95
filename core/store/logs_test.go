package store

import (
	"errors"
	"tablekeeper/core/i18n"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func TestActivityLogRoundTrip(t *testing.T) {
	db, f := openFixture(t, 1)
	lines := []event.LogEntry{
		{EventID: f.event.ID, At: t0.Add(time.Minute), Message: i18n.F("registered: %s", "Zoë Ødegård 李小龍")},
		{EventID: f.event.ID, At: t0, Round: 1, Message: i18n.F("%s paired: %d tables, seed %d", i18n.F("round %d", 1), 4, -7)}, // an earlier time, appended later
		{EventID: f.event.ID, At: t0.Add(2 * time.Minute), Round: 1, Message: i18n.Plain("table 3: 2–1 corrected to 1–2 (the organizer's words)")},
	}
	createAll(t, db, lines, (*Tx).AppendLog)
	readBack(t, db, "log in the order appended", (*Tx).Log, f.event.ID, lines)
	if err := writeErr(db, func(tx *Tx) error { return tx.AppendLog(&event.LogEntry{EventID: 999, Message: i18n.Plain("x")}) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a log line for no event: %v", err)
	}
	// Append-only, even to SQL typed by hand.
	if err := writeErr(db, func(tx *Tx) error {
		_, err := tx.exec(`UPDATE event_log SET message = 'nothing happened'`)
		return err
	}); err == nil {
		t.Error("the activity log was changed")
	}
}

func TestJudgesAndJudgeLogRoundTrip(t *testing.T) {
	db, f := openFixture(t, 3)
	judges := []event.Judge{
		{EventID: f.event.ID, Name: "Grace Hopper", Role: event.RoleJudge, Order: 2, PlayerID: f.players[2].ID},
		{EventID: f.event.ID, Name: "Ada Lovelace", Role: event.RoleHeadJudge, Order: 1},
		{EventID: f.event.ID, Name: "Zoë Ødegård 李小龍", Role: event.RoleOrganizer},
	}
	createAll(t, db, judges, (*Tx).CreateJudge)
	readBack(t, db, "judges in order", (*Tx).Judges, f.event.ID, []event.Judge{judges[2], judges[1], judges[0]})

	penalty := event.JudgeLogEntry{EventID: f.event.ID, At: t0, Round: 2, Table: 7, JudgeID: judges[1].ID,
		EntryID: f.entries[0].ID, Kind: event.LogPenalty, Infraction: "Drawing extra cards", Penalty: "Game loss",
		Description: "drew 2 instead of 1", Points: 2, Outcome: "appealed: upheld"}
	ruling := event.JudgeLogEntry{EventID: f.event.ID, At: t0.Add(time.Minute), Round: 2, Table: 3,
		Kind: event.LogRuling, Description: "Æmber capture timing", Extension: 4 * time.Minute}
	write(t, db, func(tx *Tx) error {
		must(t, tx.AppendJudgeLog(&penalty))
		return tx.AppendJudgeLog(&ruling)
	})
	correction := penalty
	correction.ID, correction.At, correction.Penalty, correction.Corrects = 0, t0.Add(time.Hour), "Warning", penalty.ID
	write(t, db, func(tx *Tx) error { return tx.AppendJudgeLog(&correction) })
	readBack(t, db, "judge log", (*Tx).JudgeLog, f.event.ID, []event.JudgeLogEntry{penalty, ruling, correction})

	other := newFixture(t, db, 0)
	bad := map[string]event.JudgeLogEntry{
		"no such event":               {EventID: 999, Kind: event.LogRuling},
		"another event's judge":       {EventID: other.event.ID, Kind: event.LogRuling, JudgeID: judges[0].ID},
		"another event's entry":       {EventID: other.event.ID, Kind: event.LogRuling, EntryID: f.entries[0].ID},
		"correcting another event's":  {EventID: other.event.ID, Kind: event.LogRuling, Corrects: penalty.ID},
		"correcting an unknown entry": {EventID: f.event.ID, Kind: event.LogRuling, Corrects: 999},
	}
	for name, e := range bad {
		if err := writeErr(db, func(tx *Tx) error { return tx.AppendJudgeLog(&e) }); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := writeErr(db, func(tx *Tx) error {
		_, err := tx.exec(`UPDATE judge_log SET penalty = 'nothing' WHERE id = ?`, penalty.ID)
		return err
	}); err == nil {
		t.Error("a judge log entry was changed in place")
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.CreateJudge(&event.Judge{EventID: f.event.ID, Name: "x", PlayerID: 999}) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a judge who is an unknown player: %v", err)
	}
}
