package director_test

import (
	"sync"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// changeLog collects what subscribers are told.
type changeLog struct {
	mu  sync.Mutex
	got []director.Change
}

func (l *changeLog) add(c director.Change) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, c)
}

// take returns what was told since the last take.
func (l *changeLog) take() []director.Change {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.got
	l.got = nil
	return out
}

// Change notifications: after each committed write the subscribers hear
// which event changed and what (registration, round, result, clock, judge
// log), whoever made the write; a refused write tells nothing, and a
// cancelled subscription hears nothing more.
func TestSubscribersHearWhatEachCommittedWriteChanged(t *testing.T) {
	ctx, d, e, entries := foursome(t)
	var log changeLog
	cancel := d.Subscribe(log.add)

	expect := func(step string, want director.ChangeKind) {
		t.Helper()
		got := log.take()
		if len(got) != 1 || got[0].Event != e.ID || !got[0].What.Has(want) {
			t.Errorf("%s: told %+v, want one change of event %d with %b", step, got, e.ID, want)
		}
	}
	for _, en := range entries {
		must(t, d.Registration.CheckIn(ctx, en.ID, true))
		expect("check-in", director.ChangeRegistration)
	}
	r := mustPair(t, ctx, d, e.ID)
	for _, c := range log.take() { // pairing, then publishing
		if c.Event != e.ID || !c.What.Has(director.ChangeRound) {
			t.Errorf("pairing and publishing: told %+v", c)
		}
	}
	must(t, d.Rounds.RecordResult(ctx, e.ID, r.Number, r.Tables[0].Number, win(2, 0)))
	expect("a result", director.ChangeResult)
	if err := d.Rounds.RecordResult(ctx, e.ID, r.Number, r.Tables[0].Number, win(3, 0)); err == nil {
		t.Fatal("3-0 in a best of three was saved")
	}
	if got := log.take(); len(got) != 0 {
		t.Errorf("a refused write told %+v", got)
	}
	if _, err := d.Clocks.StartClock(ctx, e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	expect("the clock", director.ChangeClock)
	if _, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Hana Judge", Role: event.RoleHeadJudge}); err != nil {
		t.Fatal(err)
	}
	expect("a judge", director.ChangeJudgeLog)

	cancel()
	must(t, d.Registration.CheckIn(ctx, entries[1].ID, false))
	if got := log.take(); len(got) != 0 {
		t.Errorf("a cancelled subscription was told %+v", got)
	}
}

// One read per view: the Judge tab's view comes from one transaction with
// the event, its entries, judges, the roster's problem, the log and the
// latest round's sheet.
func TestJudgeViewIsOneRead(t *testing.T) {
	ctx, d, e, _ := foursome(t)
	v, err := d.Views.JudgeView(ctx, e.ID)
	must(t, err)
	if v.Event.ID != e.ID || len(v.Entries) != 4 || v.Rounds != 0 || len(v.Latest.Tables) != 0 {
		t.Fatalf("before round 1: %+v", v)
	}
	mustPair(t, ctx, d, e.ID)
	if _, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Hana Judge", Role: event.RoleHeadJudge}); err != nil {
		t.Fatal(err)
	}
	v, err = d.Views.JudgeView(ctx, e.ID)
	must(t, err)
	problem, _ := d.Judging.RosterProblem(ctx, e.ID)
	if v.Rounds != 1 || len(v.Latest.Tables) != 2 || len(v.Judges) != 1 || i18n.Error(i18n.English, v.Problem) != i18n.Error(i18n.English, problem) {
		t.Errorf("after round 1: rounds %d, %d tables, %d judges, problem %v (roster says %v)", v.Rounds, len(v.Latest.Tables), len(v.Judges), v.Problem, problem)
	}
}

// One read per view, the Round tab: RoundView gives every round's head and
// the sheet of the round shown: the one asked for, or the latest when a
// round was paired since the screen last looked.
func TestRoundViewIsOneRead(t *testing.T) {
	ctx, d, e, _ := foursome(t)
	if v, err := d.Views.RoundView(ctx, e.ID, 0, 0); err != nil || len(v.Heads) != 0 || v.Sheet.Round.Number != 0 {
		t.Fatalf("before round 1: %+v %v", v, err)
	}
	r1 := mustPair(t, ctx, d, e.ID)
	for _, tb := range r1.Tables {
		must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(2, 0)))
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ number, seen, want int }{
		{1, 2, 1}, // round 1 asked for, nothing new: round 1
		{1, 1, 2}, // round 2 paired since: the latest
		{0, 2, 2}, // nothing asked: the latest
		{5, 2, 2}, // past the end: the latest
	} {
		v, err := d.Views.RoundView(ctx, e.ID, c.number, c.seen)
		must(t, err)
		if len(v.Heads) != 2 || v.Heads[1].Published() || v.Sheet.Round.Number != c.want || len(v.Sheet.Tables) != 2 {
			t.Errorf("asked %d having seen %d: %d heads, round %d shown, want %d", c.number, c.seen, len(v.Heads), v.Sheet.Round.Number, c.want)
		}
	}
}

// One read per view, the Registration and Standings tabs: each view gives
// what the separate reads gave, from one transaction.
func TestRegistrationAndStandingsViewsAreOneRead(t *testing.T) {
	ctx, d, e, _ := foursome(t)
	r := mustPair(t, ctx, d, e.ID)
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, r.Tables[0].Number, win(2, 1)))
	rv, err := d.Views.RegistrationView(ctx, e.ID)
	if err != nil || rv.Event.ID != e.ID || len(rv.Entries) != 4 || rv.Teams != nil {
		t.Fatalf("registration view: %+v %v", rv, err)
	}
	sv := mustCall(t, d.Views.StandingsView, e.ID)
	want, _ := d.Rounds.Standings(ctx, e.ID)
	if len(sv.Players) != len(want) || sv.Players[0].EntryID != want[0].EntryID || sv.Players[0].Points != 3 || sv.Teams != nil {
		t.Errorf("standings view %+v, standings %+v", sv.Players, want)
	}
}

// A report's reads are one moment: inside InSnapshot every read sees the
// database as it was at the first one, even when a result is saved in
// between, and a write through the snapshot is refused.
func TestInSnapshotReadsOneMoment(t *testing.T) {
	ctx, d, e, _ := foursome(t)
	r, err := pairPublished(ctx, d, e.ID)
	must(t, err)
	n := r.Tables[0].Number
	err = d.InSnapshot(ctx, func(snap *director.Director) error {
		before, err := snap.Rounds.RoundSheet(ctx, e.ID, 1)
		if err != nil {
			return err
		}
		if err := d.Rounds.RecordResult(ctx, e.ID, 1, n, win(2, 0)); err != nil {
			return err
		}
		after, err := snap.Rounds.Standings(ctx, e.ID)
		if err != nil {
			return err
		}
		again, err := snap.Rounds.RoundSheet(ctx, e.ID, 1)
		if err != nil {
			return err
		}
		if before.Tables[0].Result != nil || again.Tables[0].Result != nil || after[0].Points != 0 {
			t.Errorf("the snapshot saw a result saved after its first read: %+v, leader %d points", again.Tables[0].Result, after[0].Points)
		}
		if err := snap.Registration.CheckIn(ctx, 1, true); err == nil {
			t.Error("a write through a snapshot was allowed")
		}
		return nil
	})
	must(t, err)
	if sh, _ := d.Rounds.RoundSheet(ctx, e.ID, 1); sh.Tables[0].Result == nil {
		t.Error("the result saved during the snapshot is lost")
	}
}
